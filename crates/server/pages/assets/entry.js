// @ts-check
// The move being entered: the legal moves narrowed by the clicks entered so far, and the board
// as those clicks leave it. No rule here: what a click does is what the state's legal moves
// say it does, step by step, as the server sends them.

/**
 * A click's key: the cell's name, the choice's token, or `skip`.
 * @param {ClickView} click
 * @returns {string}
 */
export const key = (click) => click.cell ?? click.choice ?? 'skip';

/**
 * The moves of `legal` whose clicks begin with the keys `entered`.
 * @param {LegalMove[]} legal
 * @param {string[]} entered
 */
export function consistent(legal, entered) {
  return legal.filter((move) =>
    entered.length <= move.clicks.length && entered.every((k, i) => key(move.clicks[i]) === k));
}

/**
 * What the board shows while a move is being entered: the clicks `entered` played as the
 * server describes them (a piece moved where a click lands it; the pieces a completed step
 * takes removed, made neutral or marked), and the last cell clicked selected. The moves left
 * agree on the clicks entered, so on their steps. `next` maps the keys of the clicks that may
 * come next to them.
 * @param {View} view
 * @param {LegalMove[]} legal
 * @param {string[]} entered
 */
export function enteredView(view, legal, entered) {
  const matches = consistent(legal, entered);
  /** @type {Map<string, PieceView>} */
  const pieces = new Map(view.pieces.map((piece) => [piece.cell, { ...piece }]));
  /** @type {Set<string>} */
  const captured = new Set();
  /** @type {string | null} */
  let selected = null;
  for (const click of matches.length ? matches[0].clicks.slice(0, entered.length) : []) {
    if (click.cell != null) selected = click.cell;
    const lands = click.lands;
    const piece = lands && pieces.get(lands.from);
    if (lands && piece) {
      pieces.delete(lands.from);
      pieces.set(lands.to, { ...piece, cell: lands.to });
    }
    const step = click.step;
    if (!step) continue;
    for (const cell of step.captures) {
      if (step.taken === 'removed') pieces.delete(cell);
      // A piece that turns neutral is shown neutral (it may be slid next), not marked taken.
      const taken = pieces.get(cell);
      if (step.taken === 'neutralised' && taken) {
        pieces.set(cell, { ...taken, side: null, kind: 'neutral' });
      } else {
        captured.add(cell);
      }
    }
  }
  /** @type {Map<string, ClickView>} */
  const next = new Map();
  for (const move of matches) {
    const click = move.clicks[entered.length];
    if (click) next.set(key(click), click);
  }
  return {
    /** @type {View} */
    view: { ...view, pieces: [...pieces.values()] },
    selected: new Set(selected === null ? [] : [selected]),
    captured,
    next,
  };
}
