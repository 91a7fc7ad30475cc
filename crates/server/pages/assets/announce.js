// @ts-check
// What a screen reader is told as the game goes on (through the page's `aria-live` region):
// the moves this client did not make (the opponent's, the computer's), a takeback, and the
// result. Loaded with the first change.

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
  if (state.status === 'over' && previous.status !== 'over') {
    parts.push(`Game over: ${state.result}. ${capitalise(state.reason ?? '')}`.trim());
  }
  return parts.join(' ');
}
