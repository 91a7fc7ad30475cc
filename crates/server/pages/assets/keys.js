// @ts-check
// Moving the focus between a board's cells with the arrow keys: the board is one tab stop
// (a roving tabindex), and an arrow goes to the nearest cell drawn in its direction, whatever
// the board's shape (squares, points or rings).

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

/**
 * Makes `root`'s cells (`[data-cell]` elements, at `places`) one tab stop: the cell that had
 * the focus last (or `first`) takes the tab, and the arrow keys move the focus.
 * @param {SVGElement} root
 * @param {Map<string, Place & {element: Element}>} places
 * @param {string | null} current the cell that takes the tab, if it is on the board
 * @param {(name: string) => void} remember called with the cell that takes the focus
 */
export function roveFocus(root, places, current, remember) {
  const stops = [...places.keys()].filter((name) => places.get(name)?.element.getAttribute('aria-disabled') !== 'true');
  const start = current && stops.includes(current) ? current : stops[0];
  for (const [name, { element }] of places) element.setAttribute('tabindex', name === start ? '0' : '-1');
  const usable = new Map(stops.map((name) => [name, /** @type {Place} */ (places.get(name))]));
  root.addEventListener('focusin', (event) => {
    const cell = /** @type {Element} */ (event.target).closest('[data-cell]');
    const name = cell?.getAttribute('data-cell');
    if (!name || !usable.has(name)) return;
    for (const { element } of places.values()) element.setAttribute('tabindex', element === cell ? '0' : '-1');
    remember(name);
  });
  root.addEventListener('keydown', (event) => {
    const cell = /** @type {Element} */ (event.target).closest('[data-cell]');
    const from = cell?.getAttribute('data-cell');
    const to = from ? nearestCell(usable, from, event.key) : null;
    if (!to) return;
    event.preventDefault();
    /** @type {HTMLElement | SVGElement} */ (places.get(to)?.element).focus();
  });
}
