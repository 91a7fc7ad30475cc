// @ts-check
// What a screen reader is told as the game goes on (through the page's `aria-live` region):
// the moves this client did not make (the opponent's, the computer's), a takeback, and the
// result. Players take turns (docs/rules.md, common terms), so the side that made each move
// follows from the side to move.

import { capitalise, sideName } from './api.js';

/**
 * @typedef {{
 *   id: string, ply: number, moves: string[], to_move: string, you: string[],
 *   status: string, result: string | null, reason: string | null,
 * }} State
 */

const other = (/** @type {string} */ side) => (side === 'white' ? 'black' : 'white');

/**
 * The side that made move `ply` (counted from 0) of `state`.
 * @param {{ply: number, to_move: string}} state
 * @param {number} ply
 */
export const moverOf = (state, ply) => ((state.ply - ply) % 2 === 1 ? other(state.to_move) : state.to_move);

/**
 * The announcement when `state` follows `previous` ('' for none).
 * @param {State | null} previous
 * @param {State} state
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
  if (state.status === 'over' && previous.status !== 'over') {
    parts.push(`Game over: ${state.result}. ${capitalise(state.reason ?? '')}`.trim());
  }
  return parts.join(' ');
}
