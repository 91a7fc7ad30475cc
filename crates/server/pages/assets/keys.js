// @ts-check
// Where an arrow key moves the focus on a board: to the nearest cell drawn in its direction,
// whatever the board's shape (squares, points or rings). Loaded with the first arrow pressed
// on a board (board.js makes the board one tab stop).

/** @typedef {{x: number, y: number}} Place */

/** The direction of each arrow key on the screen (y grows downwards). */
const DIRECTIONS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * The name of the cell `key` moves to from `from`, among `places`; `null` when `key` is no
 * arrow or no cell lies that way. The cells within 45° of the arrow's direction count, the
 * nearest along it first, then the straightest. Between two cells equally far on either side
 * (the diagonals of a board that uses only its dark squares) the one a quarter turn
 * anticlockwise wins, so that the four arrows reach the four diagonal neighbours: up goes
 * up-left, right up-right, down down-right, left down-left.
 * @param {Map<string, Place>} places
 * @param {string} from
 * @param {string} key
 * @returns {string | null}
 */
export function nearestCell(places, from, key) {
  const direction = DIRECTIONS[/** @type {keyof typeof DIRECTIONS} */ (key)];
  const start = places.get(from);
  if (!direction || !start) return null;
  const [ux, uy] = direction;
  /** @type {[number, number, number, string] | null} */
  let best = null;
  for (const [name, place] of places) {
    const dx = place.x - start.x;
    const dy = place.y - start.y;
    const along = Math.round(dx * ux + dy * uy);
    const side = Math.round(dx * uy - dy * ux);
    if (along <= 0 || Math.abs(side) > along) continue;
    const rank = /** @type {[number, number, number, string]} */ ([along, Math.abs(side), side > 0 ? 0 : 1, name]);
    if (!best || rank[0] < best[0] || (rank[0] === best[0] && (rank[1] < best[1] || (rank[1] === best[1] && rank[2] < best[2])))) {
      best = rank;
    }
  }
  return best ? best[3] : null;
}
