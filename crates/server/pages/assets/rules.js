// @ts-check
// A rules page: its diagrams, each a position the server sends (`/api/catalog/{game}/position`)
// drawn by the game page's board code, and links to the other games' rules. A diagram is a
// `<figure class="diagram">` whose data attributes say what to show:
//
// - `data-position`: a position in the game's text form (the start by default);
// - `data-moves`: moves played from it, separated by spaces (the last one is marked);
// - `data-options`: the game's options;
// - `data-show`: `movable` (the pieces that can move), `from:CELL` (where the piece on CELL can
//   go), or `move:TEXT` (the cells of the legal move TEXT and the pieces it takes);
// - `data-numbers`: the cells' numbers shown.
//
// What is legal is what the server sends: this page only picks what to mark. The board under
// each set of options comes once from the catalog (`/api/catalog/{game}/geometry`).

import { getCatalog, getGeometry, getJson, messageOf } from './api.js';
import { Board } from './board.js';

const game = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');

/** @type {Map<string, Promise<Geometry>>} */
const boards = new Map();

/**
 * The board under `options`, fetched once for all the diagrams that share them.
 * @param {string} options
 */
function board(options) {
  let geometry = boards.get(options);
  if (!geometry) {
    geometry = getGeometry(game, options);
    boards.set(options, geometry);
  }
  return geometry;
}

/**
 * The marks `show` asks for on `view`.
 * @param {View} view
 * @param {string} show
 */
function marksOf(view, show) {
  /** @type {Marks} */
  const marks = { last: new Set(view.last_move) };
  const cells = (/** @type {ClickView[]} */ clicks) =>
    clicks.flatMap((click) => (click.cell == null ? [] : [click.cell]));
  if (show === 'movable') {
    marks.movable = new Set(view.legal.flatMap((move) => cells(move.clicks.slice(0, 1))));
  } else if (show.startsWith('from:')) {
    const from = show.slice('from:'.length);
    const moves = view.legal.filter((move) => move.clicks[0]?.cell === from);
    marks.selected = new Set([from]);
    marks.targets = new Set(moves.flatMap((move) => cells(move.clicks.slice(1, 2))));
  } else if (show.startsWith('move:')) {
    const move = view.legal.find((legal) => legal.move === show.slice('move:'.length));
    if (!move) throw new Error(`${show.slice('move:'.length)} is not a legal move here`);
    const [first, ...rest] = cells(move.clicks);
    marks.selected = new Set([first]);
    marks.targets = new Set(rest);
    marks.captured = new Set(move.captures);
  }
  return marks;
}

/**
 * Draws `figure`'s diagram.
 * @param {HTMLElement} figure
 */
async function drawDiagram(figure) {
  const query = new URLSearchParams();
  for (const name of ['options', 'position', 'moves']) {
    const value = figure.dataset[name];
    if (value) query.set(name, value);
  }
  const holder = document.createElement('div');
  holder.className = 'diagram-board';
  // A picture: no cell takes a click or the focus.
  holder.inert = true;
  figure.prepend(holder);
  try {
    /** @type {[View, Geometry]} */
    const [view, geometry] = await Promise.all([
      getJson(`/api/catalog/${encodeURIComponent(game)}/position?${query}`),
      board(figure.dataset.options ?? ''),
    ]);
    const drawn = new Board(holder, geometry, () => {});
    if (figure.dataset.numbers !== undefined) drawn.setNumbers(true);
    drawn.update(view, marksOf(view, figure.dataset.show ?? ''));
    figure.dataset.drawn = 'yes';
  } catch (error) {
    holder.textContent = `This diagram could not be drawn: ${messageOf(error)}`;
    figure.dataset.drawn = 'no';
  }
}

/** The links to the other games' rules, from the catalog. */
async function linkGames() {
  const nav = document.getElementById('rules-games');
  if (!nav) return;
  const catalog = await getCatalog();
  const links = catalog.map((entry) => {
    if (entry.id === game) {
      const here = document.createElement('strong');
      here.textContent = entry.name;
      return here;
    }
    const link = document.createElement('a');
    link.href = `/rules/${entry.id}`;
    link.textContent = entry.name;
    return link;
  });
  nav.replaceChildren('Rules: ', ...links.flatMap((link, index) => (index ? [' · ', link] : [link])));
}

const title = document.querySelector('main h1');
if (title) document.title = `${title.textContent} · Arbiter`;
await Promise.all([
  ...[...document.querySelectorAll('figure.diagram')].map((figure) => drawDiagram(/** @type {HTMLElement} */ (figure))),
  linkGames().catch(() => {}),
]);
document.body.dataset.diagrams = 'drawn';
