// @ts-check
// A move shown as it is played: the piece slides along the move's cells (a chain step by step),
// a man crowned on the way gets its crown as it lands, and the pieces it took fade; drawn from
// what the board showed before and the view's `last_move`. Nothing moves for a person who asks
// for reduced motion, nor when the board already showed the move (a move entered by clicks is
// drawn step by step as it is entered).

/** How long each step of a slide takes, in ms. */
const STEP_MS = 160;
/** How long a crown takes to appear, in ms. */
const CROWN_MS = 280;
/** How long a taken piece takes to fade, in ms. */
const FADE_MS = 320;

const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');

/** @typedef {{x: number, y: number}} Place */

/**
 * Animates the last move of the pieces just drawn in `layer`.
 * @param {SVGGElement} layer the pieces' layer, already holding the new pieces
 * @param {Map<string, Place>} places where each cell is drawn
 * @param {Map<string, {piece: PieceView, node: SVGGElement}> | null} before the pieces drawn before, by cell
 * @param {PieceView[]} pieces the pieces drawn now
 * @param {string[]} path the cells of the last move, in order
 */
export function animateMove(layer, places, before, pieces, path) {
  if (reduced.matches || !before || path.length < 2) return;
  const start = path[0];
  const end = path[path.length - 1];
  const moved = pieces.find((piece) => piece.cell === end);
  const from = before.get(start);
  const shownAlready = before.get(end)?.piece.side === moved?.side && start !== end;
  if (!moved || !from || from.piece.side !== moved.side || shownAlready) return;
  const node = layer.querySelector(`[data-piece="${CSS.escape(end)}"]`);
  const points = path.map((cell) => places.get(cell));
  if (!(node instanceof SVGGElement) || points.some((point) => !point)) return;
  const frames = points.map((point) => ({ transform: `translate(${point?.x}px, ${point?.y}px)` }));
  const slide = STEP_MS * (path.length - 1);
  node.animate(frames, { duration: slide, easing: 'ease-in-out' });
  // A man crowned on the way: its crown appears as it lands.
  const crown = node.querySelector('.crown');
  if (crown && !from.node.querySelector('.crown')) {
    const scale = crown.getAttribute('transform') ?? 'scale(1)';
    crown.animate([{ transform: 'scale(0)', opacity: 0 }, { transform: scale, opacity: 1 }],
      { delay: slide, duration: CROWN_MS, easing: 'ease-out', fill: 'backwards' });
  }
  // The pieces that were there and are no more, but the one that moved: taken.
  const now = new Set(pieces.map((piece) => piece.cell));
  for (const [cell, { node: old }] of before) {
    if (now.has(cell) || cell === start) continue;
    layer.append(old);
    old.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS, delay: slide / 2, fill: 'forwards' })
      .finished.then(() => old.remove(), () => old.remove());
  }
}
