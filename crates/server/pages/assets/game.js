// @ts-check
// The game page: the board, the move being entered, the move list and the tools around them.
// It holds no rules: a move is entered by narrowing the state's `legal` moves by their clicks
// (entry.js), and the board drawn meanwhile applies the steps those clicks complete, as the
// server sends them. The board's geometry comes once from the catalog; the states carry none.

import {
  ApiError, capitalise, element as $, getGeometry, getJson, inviteKey, keepSocket, messageOf, moverOf,
  otherSide, postJson, sideName,
} from './api.js';
import { Board } from './board.js';
import { consistent, enteredView, key } from './entry.js';
import { renderMoves } from './movelist.js';
import { idleRefusal, nextPrompt, refusal, seatLine, statusText } from './prompts.js';
import { Clocks } from './clocks.js';
import { confirmThen } from './offers.js';
import { extendPremove, premoveSide, premoveText, resolvePremove } from './premove.js';
import { copyText, drawingOf, numbersShown, optionsShown, renderTools, setConnection, showSpectators, toggleZoom, wireKeys, wireNumbers } from './tools.js';
import { variationNote } from './explore.js';
import { analyse, analyseShown, clearAnalysis, explore, exploring as exploringOf, setUp, showPly, shownPly, shownView as shownViewOf } from './review.js';

const id = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');

/** @type {GamePage} */
const page = {
  state: null,
  replay: null,
  entered: [],
  premove: [],
  sending: null,
  geometry: null,
  Drawing: Board,
  board: null,
  flipped: null,
  gameName: '',
  clocks: new Clocks({ top: $('clock-top'), bottom: $('clock-bottom') }, $('first-move')),
  waiting: [],
  clicksWaiting: [],
  plyShownAt: -Infinity,
  hint: null,
  variation: null,
  arrow: null,
  analysing: false,
  analysed: null,
};

// ---------------------------------------------------------------- the move being entered

/**
 * The legal moves whose clicks begin with the keys `entered`.
 * @param {string[]} entered
 */
const consistentWith = (entered) => consistent(legalNow(), entered);

/** The position shown: a variation's, an earlier one of the game, or the game's. */
const shownView = () => shownViewOf(page);

/** Whether clicks explore variations: on a finished game's analysis board. */
const exploring = () => exploringOf(page);

/** The legal moves clicks narrow: of the position shown when exploring, else the game's. */
const legalNow = () => (exploring() ? shownView()?.legal : page.state?.legal) ?? [];

// The most clicks kept while the computer's reply is awaited.
const CLICKS_KEPT = 4;

/** Whether the computer is to move against this page's player in a game without a clock (on a
 * clock, a click then enters a premove). */
function computerToMove() {
  const { state } = page;
  return state !== null && state.status === 'ongoing' && !state.clock && page.replay === null &&
    state.you.length > 0 && !state.you.includes(state.to_move) &&
    state.seats[state.to_move]?.player !== 'human';
}

/** The clicks kept while the computer's reply was awaited, played on the position drawn. */
function playWaitingClicks() {
  const clicks = page.clicksWaiting;
  page.clicksWaiting = [];
  if (canPlay()) for (const click of clicks) activate(click);
}

function canPlay() {
  const { state } = page;
  return state !== null && state.status === 'ongoing' && state.you.includes(state.to_move) &&
    page.replay === null && page.sending !== state.ply;
}

/**
 * A click on a cell or a choice: it extends the move being entered or begins a new one. A
 * click that does neither is answered with why (`refusal`): it clears a selected piece, but
 * keeps a move entered beyond its first click (a mis-tap in a chain loses nothing).
 * @param {string} click
 */
function activate(click) {
  // The computer's reply is on its way or waits to be drawn (REPLY_PAUSE_MS): the click is for
  // the position after it, and waits for it to be drawn (the last few clicks are kept).
  if (page.waiting.length || computerToMove()) {
    page.clicksWaiting = [...page.clicksWaiting, click].slice(-CLICKS_KEPT);
    return;
  }
  const side = premoveSide(page.state);
  if (side && page.state && page.replay === null) {
    page.premove = extendPremove(page.premove, click, page.state, side);
    say(page.premove.length ? premoveText(page.premove) : '', true);
    render();
    return;
  }
  if (!(canPlay() || exploring()) || !page.state) {
    page.entered = [];
    say(idleRefusal(page.state, page.replay !== null));
    render();
    return;
  }
  say('');
  if (page.entered.length === 1 && page.entered[0] === click) {
    page.entered = [];
  } else if (consistentWith([...page.entered, click]).length) {
    page.entered = [...page.entered, click];
  } else if (page.entered.length > 1) {
    say('That is not the next step of this move: click a marked cell, or Cancel (Esc).');
  } else if (consistentWith([click]).length) {
    page.entered = [click];
  } else {
    say(exploring() ? 'No move begins there: click a marked piece.' : refusal(page.state, click, page.entered.length > 0));
    page.entered = [];
  }
  const matches = consistentWith(page.entered);
  if (page.entered.length && matches.length === 1 && matches[0].clicks.length === page.entered.length) {
    if (exploring()) explore(matches[0]); else submit(matches[0]);
  }
  render();
}

/**
 * Sends `move`. The page takes no other move at this ply meanwhile; a state that shows the
 * next ply (the socket may bring it before the answer) may take the next move at once.
 * @param {LegalMove} move
 */
async function submit(move) {
  if (!page.state) return;
  const ply = page.state.ply;
  page.sending = ply;
  try {
    const state = await timed(() => postJson(`/api/games/${id}/moves`, { move: move.move, ply }));
    accept(state, true);
  } catch (error) {
    page.entered = [];
    if (error instanceof ApiError) {
      say(`The move ${move.move} was not played: ${messageOf(error)}`);
      // Refused: the game may have changed meanwhile.
      refresh();
    } else {
      // Not sent: the socket, lost too, is made again and catches up.
      say(`The move ${move.move} was not played: the server cannot be reached. Play it again once the page is live.`);
    }
  } finally {
    if (page.sending === ply) page.sending = null;
    render();
  }
}

// ---------------------------------------------------------------- drawing

/**
 * Tells `text` under the board: an error, or a `note` (a premove, a copy).
 * @param {string} text
 * @param {boolean} [note]
 */
function say(text, note = false) {
  $('message').textContent = text;
  $('message').classList.toggle('note', note);
}

function render() {
  const { state, geometry } = page;
  if (!state || !geometry) return;
  const shown = shownView() ?? state;
  if (!page.board) {
    page.board = new page.Drawing($('board'), geometry, activate, (from, to) => {
      const begun = premoveSide(page.state) ? page.premove : page.entered;
      if (begun.at(-1) !== from) activate(from);
      activate(to);
    });
    page.flipped ??= state.you.length === 1 && state.you[0] === 'black';
    if (page.flipped) page.board.setFlipped(true);
    page.board.setNumbers(numbersShown());
  }
  /** @type {Side} */
  const bottom = page.flipped ? 'black' : 'white';
  const invited = Boolean(localStorage.getItem(inviteKey(id)));
  $('seat-bottom').textContent = seatLine(state, bottom, shown, invited);
  $('seat-top').textContent = seatLine(state, otherSide(bottom), shown, invited);
  page.clocks.update(state, bottom);

  /** @type {Marks} */
  const marks = { last: new Set(shown.last_move) };
  let prompt = '';
  let view = shown;
  if (page.replay === null || exploring()) {
    if (page.entered.length) {
      const entered = enteredView(shown, legalNow(), page.entered);
      view = entered.view;
      marks.selected = entered.selected;
      marks.captured = entered.captured;
      const next = [...entered.next.values()];
      // A next click that lands a piece is a target; one that picks a piece up (a neutral
      // piece to slide) marks that piece as one that can move.
      const cells = (/** @type {ClickView[]} */ clicks) =>
        new Set(clicks.flatMap((click) => (click.cell == null ? [] : [click.cell])));
      const occupied = new Set(view.pieces.map((piece) => piece.cell));
      const picks = (/** @type {ClickView} */ click) => !click.lands && click.cell != null && occupied.has(click.cell);
      marks.targets = cells(next.filter((click) => !picks(click)));
      marks.movable = cells(next.filter(picks));
      // Past its first click a move can be cancelled by a button as well as by Esc.
      renderChoices(next.filter((click) => click.cell == null), page.entered.length > 1);
      const clicks = consistentWith(page.entered)[0].clicks.slice(0, page.entered.length);
      prompt = nextPrompt(next, clicks, entered.view.pieces);
    } else {
      renderChoices([]);
      if (canPlay() || exploring()) marks.movable = new Set(legalNow().map((move) => key(move.clicks[0])));
    }
    if (page.hint) marks.hint = page.hint;
    if (page.premove.length) marks.premove = new Set(page.premove);
    if (page.arrow) marks.arrow = page.arrow;
  } else {
    renderChoices([]);
  }
  page.board.update(view, marks);
  // The first drawing of the board, as a performance mark (the end-to-end tests time it).
  if (!performance.getEntriesByName('board').length) performance.mark('board');

  const status = $('status');
  const mover = exploring() ? 'Variation' : `${sideName(state.to_move)} to move`;
  status.textContent = prompt ? `${mover}: ${prompt}` : statusText(state);
  const over = state.status !== 'ongoing';
  status.dataset.status = over ? 'over' : (state.you.includes(state.to_move) ? 'your-turn' : 'waiting');
  status.classList.toggle('over', over);
  document.body.dataset.ply = String(state.ply);
  document.body.dataset.version = String(state.version);
  document.body.dataset.entered = page.entered.join(' ');
  const replayed = page.replay && page.replay.ply < state.ply ? page.replay.ply : null;
  renderMoves($('moves'), $('replay-note'), state, page.variation?.ply ?? replayed, showPly);
  if (page.variation) $('replay-note').textContent = variationNote(page.variation);
  $('position').textContent = shown.position;
  renderTools(state, geometry, localStorage.getItem(inviteKey(id)), act);
  analyseShown();
}

/**
 * The buttons of the choices that may come next (`clicks`, each with its label), and Cancel
 * when there are some or `cancellable`.
 * @param {ClickView[]} clicks
 */
function renderChoices(clicks, cancellable = false) {
  const box = $('choices');
  box.replaceChildren();
  if (!clicks.length && !cancellable) return;
  for (const click of clicks) {
    const token = key(click);
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.choice = token;
    let label = capitalise(click.label ?? token);
    // What this choice takes beyond what every move entered so far takes anyway.
    const common = (/** @type {LegalMove[]} */ moves) => (moves.length
      ? moves[0].captures.filter((cell) => moves.every((move) => move.captures.includes(cell))) : []);
    const already = new Set(common(consistentWith(page.entered)));
    const cells = common(consistentWith([...page.entered, token])).filter((cell) => !already.has(cell));
    if (!click.skip && cells.length) label += ` (takes ${cells.join(', ')})`;
    button.textContent = label;
    button.addEventListener('click', () => activate(token));
    box.append(button);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'cancel';
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', cancelEntry);
  box.append(cancel);
}

// Cancels the move and the premove entered.
function cancelEntry() {
  [page.entered, page.premove] = [[], []];
  say('');
  render();
}

// ---------------------------------------------------------------- state and live updates

// How long the computer's reply waits after the move it answers is shown, so that the player
// sees both.
const REPLY_PAUSE_MS = 300;

/**
 * Takes a state sent by the server, if it is newer than the one shown. A computer's move that
 * comes less than REPLY_PAUSE_MS after the move before it was shown waits, and the states that
 * come meanwhile wait behind it; the clicks made while the computer is to move wait for its
 * reply to be drawn (activate): each move is seen, and no click is refused for a move not drawn
 * yet. A person's move, and any move in a game on a clock, is shown as it arrives: its
 * receiver's clock already runs on the server.
 * @param {GameState} state
 * @param {boolean} [force]
 */
function accept(state, force = false) {
  const waiting = page.waiting;
  if (waiting.length) {
    if (state.version > waiting[waiting.length - 1].state.version) waiting.push({ state, force });
    return;
  }
  if (page.state && state.version < page.state.version) return;
  if (page.state && state.version === page.state.version && !force) return;
  const wait = REPLY_PAUSE_MS - (performance.now() - page.plyShownAt);
  const shown = page.state;
  const mover = shown ? moverOf(state, shown.ply) : null;
  // Never while the receiver's clock runs: a game on a clock shows every move at once.
  const reply = Boolean(shown) && mover !== null && state.ply === (shown?.ply ?? -2) + 1
    && !state.you.includes(mover) && state.seats[mover]?.player !== 'human' && !state.clock;
  if (reply && wait > 0) {
    page.waiting = [{ state, force }];
    setTimeout(() => {
      const queued = page.waiting;
      page.waiting = [];
      for (const next of queued) accept(next.state, next.force);
    }, wait);
    return;
  }
  const changed = !page.state || state.ply !== page.state.ply || state.version !== page.state.version;
  // What a screen reader is told (announce.js, loaded with the first change).
  const previous = page.state;
  if (previous) {
    sounds().then(({ changed }) => changed(previous, state, () => page.state));
    import('./announce.js').then(({ announcement, declined }) => {
      const text = announcement(previous, state);
      if (text) $('announce').textContent = text;
      // An answer to this page's own request is told by the request.
      const refusal = force ? '' : declined(previous, state);
      if (refusal) say(refusal);
    });
  }
  if (!page.state || state.ply !== page.state.ply) page.plyShownAt = performance.now();
  // A rematch that begins while a player looks moves the page to it.
  const rematch = state.rematch?.game;
  if (page.state && !page.state.rematch?.game && rematch && state.you.length > 0) {
    location.assign(`/games/${rematch}`);
  }
  page.state = state;
  if (changed) {
    page.entered = [];
    page.hint = null;
    if (page.replay === null) clearAnalysis();
  }
  // The tab says when it is this player's move (not at one screen, where it always is).
  const yourTurn = state.status === 'ongoing' && state.you.length === 1 && state.you.includes(state.to_move);
  document.title = `${yourTurn ? 'Your turn · ' : ''}${page.gameName || state.game} · Arbiter`;
  render();
  playPremove();
  if (!page.waiting.length && !computerToMove()) playWaitingClicks();
}

// A premove, once its side is to move: played at once, left to be finished by hand, or
// cancelled when no legal move begins with it (or the game ended).
function playPremove() {
  const { state } = page;
  if (!page.premove.length || !state || premoveSide(state)) return;
  const clicks = page.premove;
  page.premove = [];
  const outcome = canPlay() ? resolvePremove(state.legal, clicks) : null;
  if (!outcome) {
    say(state.status === 'ongoing' ? `The premove ${clicks.join(' → ')} is not legal now: it is cancelled.` : '');
  } else if ('play' in outcome) {
    submit(outcome.play);
  } else {
    page.entered = outcome.enter;
    say('Finish the premove: more than one move begins with it.');
  }
  render();
}

/**
 * The game's state that `fetching` brings, its time taken as a round trip to the server: the
 * clocks are corrected by it.
 * @param {() => Promise<GameState>} fetching
 */
async function timed(fetching) {
  const start = performance.now();
  const state = await fetching();
  page.clocks.measured(performance.now() - start);
  return state;
}

async function refresh() {
  try {
    accept(await timed(() => getJson(`/api/games/${id}`)));
  } catch (error) {
    say(`The game could not be loaded: ${messageOf(error)}`);
  }
}

// The game's socket: each state pushed is taken, and the number of spectators shown; a lost
// connection is made again, asking for what was missed since the version shown.
function connect() {
  keepSocket(() => `/api/games/${id}/socket?spectators=true&since=${page.state ? page.state.version : 0}`, {
    message: (data) => {
      try {
        const message = JSON.parse(data);
        if (!showSpectators(message)) accept(message);
      } catch (error) {
        say(`A message from the server could not be read: ${messageOf(error)}`);
      }
    },
    open: () => {
      // What went wrong while the connection was lost is stale once it is back.
      if ($('connection').dataset.connection === 'reconnecting') say('');
      setConnection('live', 'live');
    },
    lost: (delay) => setConnection('reconnecting', `connection lost; reconnecting in ${Math.round(delay / 100) / 10} s…`),
  });
}
// ---------------------------------------------------------------- tools

/**
 * @param {string} kind
 * @param {string} [action]
 */
async function act(kind, action) {
  say('');
  try {
    accept(await postJson(`/api/games/${id}/${kind}`, action ? { action } : {}), true);
  } catch (error) {
    say(messageOf(error));
  }
}

// Sounds and notifications (sounds.js), loaded with the first change or a press of their buttons.
const sounds = () => import('./sounds.js');

function wire() {
  $('sound').textContent = localStorage.getItem('arbiter-sound') === 'off' ? 'Sound off' : 'Sound on';
  $('sound').addEventListener('click', () => sounds().then(({ toggleSound }) => toggleSound()));
  $('notify').addEventListener('click', () => sounds().then(({ askToNotify }) => askToNotify()));
  $('flip').addEventListener('click', () => {
    page.flipped = !page.flipped;
    page.board?.setFlipped(page.flipped);
    render();
  });
  wireNumbers(() => page.board);
  $('zoom').addEventListener('click', toggleZoom);
  $('resign').addEventListener('click', () => {
    const hotseat = page.state?.you.length === 2;
    const who = hotseat ? ` for ${sideName(page.state?.to_move)}` : '';
    confirmThen($('confirm'), `Resign this game${who}?`, 'Resign', () => act('resign'));
  });
  $('draw').addEventListener('click', () => {
    // At one screen the draw is agreed at once, so it ends the game: it asks first. An offer
    // to an opponent ends nothing.
    if (page.state?.you.length === 2) {
      confirmThen($('confirm'), 'Agree a draw and end the game?', 'Agree a draw', () => act('draw', 'offer'));
    } else {
      act('draw', 'offer');
    }
  });
  $('undo').addEventListener('click', () => act('undo', 'request'));
  $('abort').addEventListener('click', () => confirmThen($('confirm'), 'Abort this game?', 'Abort', () => act('abort')));
  // A move typed in the game's notation (typed.js, loaded with the first).
  $('typed').addEventListener('submit', async (event) => {
    event.preventDefault();
    const { playTyped } = await import('./typed.js');
    playTyped($('move-text', HTMLInputElement), { id, current: () => page.state, accept: (state) => accept(state, true), say });
  });
  // A right-click on the board cancels a premove.
  $('board').addEventListener('contextmenu', (event) => {
    if (!page.premove.length) return;
    event.preventDefault();
    cancelEntry();
  });
  $('hint').addEventListener('click', () => analyse('500ms', true));
  $('analysis').addEventListener('click', () => analyse('2s', false));
  const note = (/** @type {string} */ text) => say(text, true);
  $('copy-invite').addEventListener('click', () => copyText(localStorage.getItem(inviteKey(id)) ?? '', 'The invite link', note));
  $('copy-watch').addEventListener('click', () => copyText(`${location.origin}/games/${id}`, 'The watch link', note));
  $('copy-position').addEventListener('click', () => copyText($('position').textContent ?? '', 'The position', note));
  for (const node of document.querySelectorAll('[data-nav]')) {
    node.addEventListener('click', () => {
      const current = shownPly();
      // Back from a variation is where it began.
      const back = page.variation ? current : current - 1;
      const to = { start: 0, back, forward: current + 1, end: page.state?.ply ?? 0 };
      showPly(to[/** @type {keyof to} */ (/** @type {HTMLElement} */ (node).dataset.nav)]);
    });
  }
  wireKeys(() => {
    if (page.entered.length || page.premove.length) cancelEntry();
  }, (step) => {
    if (page.state?.status === 'ongoing') return false;
    showPly(page.variation && step < 0 ? shownPly() : shownPly() + step);
    return true;
  });
}

async function main() {
  setUp(page, id, { render, say });
  wire();
  /** @type {GameState} */
  const state = await timed(() => getJson(`/api/games/${id}`));
  page.geometry = await getGeometry(state.game, state.options);
  page.Drawing = await drawingOf(page.geometry);
  page.gameName = state.name;
  $('title').textContent = `${page.gameName}${state.options ? ` (${optionsShown(state.options)})` : ''}`;
  accept(state);
  connect();
  // The record's file, named by the server (`ID.pdn`, `ID.txt`).
  $('record', HTMLAnchorElement).href = `/api/games/${id}/record`;
}

main().catch((error) => {
  $('status').textContent = `This game could not be loaded: ${messageOf(error)}`;
  $('title').textContent = 'No such game';
});
