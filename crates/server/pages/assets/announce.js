// @ts-check
// What a screen reader is told as the game goes on (through the page's `aria-live` region):
// the moves this client did not make (the opponent's, the computer's), a takeback, and the
// result; and, shown too, an offer of this client's that the opponent declined. Loaded with the
// first change.

import { capitalise, moverOf, sideName } from './api.js';

/**
 * The announcement when `state` follows `previous` ('' for none).
 * @param {GameState | null} previous
 * @param {GameState} state
 */
export function announcement(previous, state) {
  if (!previous || previous.id !== state.id) return '';
  const parts = [];
  if (state.ply < previous.ply) {
    const taken = previous.ply - state.ply;
    parts.push(`${taken === 1 ? 'A move was' : `${taken} moves were`} taken back.`);
  }
  for (let ply = previous.ply; ply < state.ply; ply += 1) {
    const side = moverOf(state, ply);
    if (!state.you.includes(side)) parts.push(`${sideName(side)} played ${state.moves[ply]}.`);
  }
  if (state.status !== 'ongoing' && previous.status === 'ongoing') {
    parts.push(state.status === 'aborted'
      ? `The game is ${state.reason ?? 'aborted'}.`
      : `Game over: ${state.result}. ${capitalise(state.reason ?? '')}`.trim());
  }
  return parts.join(' ');
}

/**
 * What the opponent declined of this client's offers when `state` follows `previous` ('' for
 * nothing): its draw offer, or its request to take back, gone with no move made and the game
 * going on. (At one screen a player declines its own.)
 * @param {GameState | null} previous
 * @param {GameState} state
 */
export function declined(previous, state) {
  if (!previous || previous.id !== state.id || state.status !== 'ongoing') return '';
  if (state.ply !== previous.ply || state.you.length !== 1) return '';
  const mine = (/** @type {Side | null | undefined} */ side) => side != null && state.you.includes(side);
  if (mine(previous.draw_offer) && state.draw_offer == null) return 'Your draw offer was declined.';
  if (mine(previous.undo_request) && state.undo_request == null) return 'Your request to take back a move was declined.';
  return '';
}
