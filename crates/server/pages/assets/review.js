// @ts-check
// The game page's review of a game: an earlier position shown from the move list, the hint,
// and a finished game's analysis board, where each position shown is analysed (its best move
// drawn as an arrow) and a move entered explores a variation on a copy (explore.js). game.js
// hands it the page's state and how to draw it (`setUp`).

import { element as $, getJson, messageOf, moverOf } from './api.js';
import { arrowOf, extend, variationMover } from './explore.js';

/** @type {GamePage} what the game page keeps */
let page;
/** The game's identifier. */
let id = '';
/** Draws the page again. */
let render = () => {};
/** @type {(text: string) => void} tells an error under the board */
let say = () => {};

/**
 * Reviews the game `gameId` that `kept` holds, drawn again by `draw`, errors told by `tell`.
 * @param {GamePage} kept
 * @param {string} gameId
 * @param {{render: () => void, say: (text: string) => void}} hooks
 */
export function setUp(kept, gameId, hooks) {
  [page, id, { render, say }] = [kept, gameId, hooks];
}

/**
 * The position shown: a variation's, an earlier one of the game, or the game's.
 * @param {GamePage} page
 */
export const shownView = (page) => page.variation?.view ?? page.replay?.view ?? page.state;

/**
 * Whether clicks explore variations: on a finished game's analysis board.
 * @param {GamePage} page
 */
export const exploring = (page) => Boolean(page.state && page.state.status !== 'ongoing' && page.state.engine_help);

/**
 * Analyses the position shown (`asHint`: the live one, for a hint). A finished game is an
 * analysis board: each position shown is analysed once the one before is done.
 * @param {string} think
 * @param {boolean} asHint
 */
export async function analyse(think, asHint) {
  const out = $('analysis-out');
  clearAnalysis();
  out.textContent = 'Thinking…';
  const position = () => (asHint ? `${page.state?.ply ?? 0}` : shownKey());
  const shown = position();
  // The position's query: its ply in the game, and a variation's moves from there.
  const query = asHint ? `ply=${page.state?.ply ?? 0}`
    : `ply=${shownPly()}${page.variation ? `&moves=${encodeURIComponent(page.variation.moves.join(' '))}` : ''}`;
  page.analysing = true;
  try {
    // The analysis's words and bar are loaded when first asked for: the board comes first.
    /** @type {[Analysis, typeof import('./analysis.js')]} */
    const [info, { drawBar, showAnalysis }] = await Promise.all([
      getJson(`/api/games/${id}/analysis?think=${think}&${query}`), import('./analysis.js')]);
    // The position changed meanwhile: this answer is of another.
    if (position() !== shown) return;
    if (!info.best) {
      out.textContent = page.variation ? 'The variation ends the game here.' : 'The game ended here: ‹ steps back through its moves.';
      const result = page.state?.result;
      if (result) drawBar($('eval-bar'), result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5);
      return;
    }
    // The solver's best move, when it knows every move's value, else the search's.
    const best = info.exact ? info.exact[0].move : info.best;
    if (asHint) {
      const move = page.state?.legal.find((legal) => legal.move === best);
      page.hint = new Set(move ? move.clicks.flatMap((click) => (click.cell == null ? [] : [click.cell])) : []);
      out.textContent = `Hint: ${best}`;
      out.dataset.best = best;
      render();
    } else {
      const side = sideToMoveAt(shownPly());
      showAnalysis(out, $('eval-bar'), info, page.variation ? variationMover(side, page.variation) : side);
      // The best move, drawn as an arrow.
      const view = shownView(page);
      page.arrow = view ? arrowOf(view, best) : null;
      render();
    }
  } catch (error) {
    if (position() === shown) out.textContent = `No analysis: ${messageOf(error)}`;
  } finally {
    page.analysing = false;
    analyseShown();
  }
}

// In a finished game, analyses the position shown unless it was (or is being) analysed.
export function analyseShown() {
  const state = page.state;
  if (!state || state.status === 'ongoing' || !state.engine_help || page.analysing) return;
  if (!page.replay) {
    showPly(state.ply);
    return;
  }
  if (page.analysed === shownKey()) return;
  page.analysed = shownKey();
  analyse('1s', false);
}

/**
 * The side to move after `ply` moves (the one that made move `ply`, or is to make it).
 * @param {number} ply
 */
const sideToMoveAt = (ply) => (page.state ? moverOf(page.state, ply) : 'white');

/** The ply of the position shown: the live one's, or the replayed one's (where a variation
 * shown begins). */
export const shownPly = () => (page.replay ? page.replay.ply : page.state?.ply ?? 0);

/** The position shown, as a key: its ply, and a variation's moves. */
const shownKey = () => `${shownPly()} ${page.variation?.moves.join(' ') ?? ''}`;

/**
 * Plays `move` in a variation of the position shown (a finished game's analysis board), on a
 * copy: the game is unchanged.
 * @param {LegalMove} move
 */
export async function explore(move) {
  page.entered = [];
  const view = shownView(page);
  if (!page.state || !view) return;
  try {
    page.variation = await extend(page.state, page.variation, { ply: shownPly(), base: view.position }, move.move);
  } catch (error) {
    say(`That line could not be explored: ${messageOf(error)}`);
  }
  clearAnalysis();
  render();
}

/** Clears the analysis shown, which was of a position no longer shown. */
export function clearAnalysis() {
  const out = $('analysis-out');
  out.replaceChildren();
  $('eval-bar').hidden = true;
  delete out.dataset.best;
  delete out.dataset.exact;
  page.arrow = null;
}

/** @param {number} ply */
export async function showPly(ply) {
  if (!page.state) return;
  page.variation = null;
  const target = Math.max(0, Math.min(ply, page.state.ply));
  // On an analysis board the last position is a replay too: its legal moves are explored
  // (the game's state has none once it is over).
  if (target === page.state.ply && !exploring(page)) {
    page.replay = null;
  } else {
    try {
      page.replay = { ply: target, view: await getJson(`/api/games/${id}/replay/${target}`) };
    } catch (error) {
      say(`That position could not be loaded: ${messageOf(error)}`);
      return;
    }
  }
  page.entered = [];
  clearAnalysis();
  render();
}
