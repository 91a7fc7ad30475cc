// The types the pages' JSDoc names, for their type check alone (crates/server/typecheck/run.sh,
// tsconfig.json): the API's, generated from the server's OpenAPI document into the module
// `api-types`, and the pages' own. Nothing here is served: the browser never sees a type, and
// the modules' bytes on the wire are their code and their comments.

/** Every type of the API, by the name the OpenAPI document gives it. */
type Schemas = import('api-types').components['schemas'];

type Side = Schemas['Side'];
type GameState = Schemas['GameState'];
type SpectatorsMessage = Schemas['SpectatorsMessage'];
type View = Schemas['View'];
type PieceView = Schemas['PieceView'];
type LegalMove = Schemas['LegalMove'];
type ClickView = Schemas['ClickView'];
type Geometry = Schemas['Geometry'];
type Cell = Schemas['Cell'];
type Layout = Schemas['Layout'];
type Dial = Schemas['Dial'];
type CatalogGame = Schemas['CatalogGame'];
type CatalogOption = Schemas['CatalogOption'];
type Created = Schemas['Created'];
type Listed = Schemas['Listed'];
type MyGame = Schemas['MyGame'];
type NewGame = Schemas['NewGame'];
type NewSeek = Schemas['NewSeek'];
type Seek = Schemas['Seek'];
type SeekCreated = Schemas['SeekCreated'];
type TimeControl = Schemas['TimeControl'];
type Analysis = Schemas['Analysis'];
type ExactMove = Schemas['ExactMove'];
type Score = Schemas['Score'];
type Profile = Schemas['Profile'];
type PlayerGame = Schemas['PlayerGame'];
type RatingPoint = Schemas['RatingPoint'];
type Leader = Schemas['Leader'];
type Account = Schemas['AccountView'];
type TournamentView = Schemas['TournamentView'];
type TournamentListed = Schemas['TournamentListed'];
type TournamentLists = Schemas['TournamentLists'];

/**
 * A message of the lobby's socket (`GET /api/lobby/socket`, which the OpenAPI document
 * describes in words).
 */
type LobbyMessage =
  | { type: 'seeks'; seeks: Seek[] }
  | { type: 'added'; seek: Seek }
  | { type: 'removed'; id: string }
  | { type: 'accepted'; seek: string; game: string; side: Side; token: string };

/** The layout of kind `K`. */
type LayoutOf<K extends Layout['kind']> = Extract<Layout, { kind: K }>;

/** The place on the board of a cell of kind `K`. */
type PlaceOf<K extends Cell['place']['kind']> = Extract<Cell['place'], { kind: K }>;

/**
 * The marks a board shows, each a set of cells: `last` (the last move's), `movable` (the
 * pieces that can move), `selected`, `targets` (the next clicks), `captured` (the cells whose
 * pieces the move entered so far takes), `hint`, `premove` (the clicks of a premove), and
 * `arrow` (the engine's best move, from a cell to another).
 */
type Marks = Partial<
  Record<'last' | 'movable' | 'selected' | 'targets' | 'captured' | 'hint' | 'premove', Set<string>>
> & { arrow?: [string, string] };

/** A line explored on a finished game's analysis board (explore.js): from the position after
 * the game's first `ply` moves (`base`, in the game's text form), the `moves`, leading to `view`. */
interface Variation {
  ply: number;
  base: string;
  moves: string[];
  view: View;
}

/** A cell as drawn: its cell, its element, its centre and the radius of a piece on it. */
interface Drawn {
  cell: Cell;
  element: SVGGElement;
  x: number;
  y: number;
  radius: number;
}

/**
 * What draws a game on the game page, where the board stands: a board (board.js), or the list
 * of the moves of a game without one (movebuttons.js). It draws `view` with `marks`, and
 * reports the cells a person activates to the page.
 */
interface Drawing {
  update(view: View, marks?: Marks): void;
  setFlipped(flipped: boolean): void;
  setNumbers(numbers: boolean): void;
}

/**
 * A drawing's class: drawn in `container` from `geometry`; `onActivate(name)` is told a cell
 * activated, `onDrag(from, to)` a piece dragged from a cell to another.
 */
type DrawingClass = new (
  container: HTMLElement,
  geometry: Geometry,
  onActivate: (name: string) => void,
  onDrag?: (from: string, to: string) => void,
) => Drawing;

/** What the game page (game.js) keeps. */
interface GamePage {
  /** The game's state, as the server last sent it. */
  state: GameState | null;
  /** An earlier position the move list shows. */
  replay: { ply: number; view: View } | null;
  /** The clicks of the move being entered, by key (entry.js's `key`). */
  entered: string[];
  /** The clicks of a premove, entered while the opponent is to move (premove.js). */
  premove: string[];
  /** A line explored on the analysis board, from the position shown (explore.js). */
  variation: Variation | null;
  /** The engine's best move in the position shown, as an arrow's cells. */
  arrow: [string, string] | null;
  /** The ply at which a move is being sent, until the server answers. */
  sending: number | null;
  /** The board, from the catalog. */
  geometry: Geometry | null;
  /** What draws the game: a board, or the list of the moves of a game without one. */
  Drawing: DrawingClass;
  board: Drawing | null;
  flipped: boolean | null;
  gameName: string;
  clocks: import('./assets/clocks.js').Clocks;
  /** The states that wait behind a reply shown late. */
  waiting: { state: GameState; force: boolean }[];
  /** The clicks made while a state waited: played once it is drawn. */
  clicksWaiting: string[];
  /** When the ply shown was first shown. */
  plyShownAt: number;
  /** The cells of the hinted move. */
  hint: Set<string> | null;
  /** Whether an analysis is running. */
  analysing: boolean;
  /** The position last analysed (its ply and a variation's moves, as `shownKey` writes it). */
  analysed: string | null;
}
