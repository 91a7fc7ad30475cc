// @ts-check
// The analysis board's variations: on a finished game, a move entered on the position shown is
// played on a copy (the catalog's position, from that position's text and the variation's
// moves), never on the game; and the engine's best move drawn as an arrow.

import { getJson, otherSide } from './api.js';

/** The most moves a variation may hold (as the catalog's position takes them). */
export const MAX_VARIATION = 64;

/**
 * The variation after `move`, played after `variation`'s moves (or from the position `base`,
 * after the game's first `ply` moves, to begin one).
 * @param {GameState} state
 * @param {Variation | null} variation
 * @param {{ ply: number, base: string }} from
 * @param {string} move
 * @returns {Promise<Variation>}
 */
export async function extend(state, variation, from, move) {
  const start = variation ?? { ...from, moves: [] };
  const moves = [...start.moves, move];
  if (moves.length > MAX_VARIATION) throw new Error(`a variation holds at most ${MAX_VARIATION} moves`);
  const query = new URLSearchParams({ options: state.options, position: start.base, moves: moves.join(' ') });
  /** @type {View} */
  const view = await getJson(`/api/catalog/${encodeURIComponent(state.game)}/position?${query}`);
  return { ply: start.ply, base: start.base, moves, view };
}

/**
 * The side to move in `variation`, the game's moves alternating sides.
 * @param {Side} atStart the side to move where it begins
 * @param {Variation} variation
 */
export const variationMover = (atStart, variation) => (variation.moves.length % 2 ? otherSide(atStart) : atStart);

/**
 * The words under the board for `variation`.
 * @param {Variation} variation
 */
export const variationNote = (variation) => `Variation from ${variation.ply ? `move ${variation.ply}` : 'the start'}: `
  + `${variation.moves.join(' ')}. The game is unchanged: ‹ or « goes back to where it began, » to the game's end.`;

/**
 * The cells an arrow for the move written `text` joins in `view`: where the piece it moves
 * stands and where it lands last (its first and last cells clicked where it moves none);
 * `null` when no legal move is written so.
 * @param {View} view
 * @param {string} text
 * @returns {[string, string] | null}
 */
export function arrowOf(view, text) {
  const move = view.legal.find((legal) => legal.move === text);
  if (!move) return null;
  const cells = move.clicks.flatMap((click) => (click.cell == null ? [] : [click.cell]));
  const landings = move.clicks.flatMap((click) => (click.lands ? [click.lands] : []));
  const from = landings[0]?.from ?? cells[0];
  const to = landings.at(-1)?.to ?? cells.at(-1);
  return from && to && from !== to ? [from, to] : null;
}
