// @ts-check
// Premoves: in a game on a clock, a player may enter a move while the opponent is to move. The
// page knows no rules, so a premove is only the clicks entered (a piece of one's own, then a
// cell); when the opponent's move comes, the legal moves sent with it say what they mean: one
// legal move beginning with them is played at once, several are left to be finished by hand,
// none cancels the premove.

import { consistent } from './entry.js';

/**
 * The side `state` lets this page premove for: its one seat, in a game on a clock that goes
 * on, while the opponent is to move.
 * @param {GameState | null} state
 * @returns {Side | null}
 */
export function premoveSide(state) {
  if (!state || !state.clock || state.status !== 'ongoing' || state.you.length !== 1) return null;
  const [side] = state.you;
  return side === state.to_move ? null : side;
}

/**
 * The premove after a click on `cell`, given the one entered (`clicks`): a piece of `side`
 * begins one (again), another cell completes the one begun, and any other click cancels it:
 * on its first cell, or on a cell that is not one's own piece once it is complete.
 * @param {string[]} clicks
 * @param {string} cell
 * @param {View} view the position shown
 * @param {Side} side
 * @returns {string[]}
 */
export function extendPremove(clicks, cell, view, side) {
  const own = view.pieces.some((piece) => piece.cell === cell && piece.side === side);
  if (clicks.length === 1 && clicks[0] === cell) return [];
  if (own) return [cell];
  return clicks.length === 1 ? [clicks[0], cell] : [];
}

/**
 * What a premove comes to once it is one's turn, by the legal moves `legal`: the one move it
 * begins, to play; the clicks to go on entering by hand, when several moves begin with them;
 * or `null` when none does.
 * @param {LegalMove[]} legal
 * @param {string[]} clicks
 * @returns {{ play: LegalMove } | { enter: string[] } | null}
 */
export function resolvePremove(legal, clicks) {
  const matches = consistent(legal, clicks);
  if (matches.length === 1) return { play: matches[0] };
  return matches.length ? { enter: clicks } : null;
}

/**
 * The words for a premove entered.
 * @param {string[]} clicks
 */
export const premoveText = (clicks) => (clicks.length === 1
  ? `Premove from ${clicks[0]}: click where it goes.`
  : `Premove ${clicks.join(' → ')}: played when your turn comes if it is legal then. Click elsewhere, right-click or Esc to cancel.`);
