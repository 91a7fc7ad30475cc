// @ts-check
// The game page's move list: the opening's name, the moves played, two to a line, each a
// button that shows the position after it, and the note that says an earlier position is shown.

/**
 * A move's text as the list writes it: each step of a move of several (the notation joins
 * them by commas, `F4-E3A,E3-E4W`) in a box of its own, so that a line breaks between steps,
 * never inside one.
 * @param {string} move
 */
function steps(move) {
  return move.split(/(?<=,)/).map((step) => {
    const box = document.createElement('span');
    box.className = 'step';
    box.textContent = step;
    return box;
  });
}

/**
 * Draws the game's moves in `list`, the position shown marked: the one after move `replayed`
 * (an earlier position), or the last when `replayed` is `null`; and the name of its opening,
 * where the server gives one, in the page's `#opening`. `show(ply)` shows the position after
 * move `ply`. `note` says which earlier position is shown.
 * @param {HTMLElement} list
 * @param {HTMLElement} note
 * @param {{ moves: string[], opening?: string | null }} game
 * @param {number | null} replayed
 * @param {(ply: number) => void} show
 */
export function renderMoves(list, note, game, replayed, show) {
  const { moves } = game;
  const opening = document.getElementById('opening');
  if (opening) {
    opening.hidden = !game.opening;
    opening.textContent = game.opening ? `Opening: ${game.opening}` : '';
  }
  const current = replayed ?? moves.length;
  const items = [];
  for (let i = 0; i < moves.length; i += 2) {
    const item = document.createElement('li');
    for (const ply of [i + 1, i + 2]) {
      if (ply > moves.length) break;
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.ply = String(ply);
      button.append(...steps(moves[ply - 1]));
      if (ply === current) {
        button.classList.add('current');
        button.setAttribute('aria-current', 'step');
      }
      button.addEventListener('click', () => show(ply));
      item.append(button);
    }
    items.push(item);
  }
  list.replaceChildren(...items);
  note.hidden = replayed === null;
  if (replayed !== null) {
    note.textContent = replayed === 0
      ? 'Showing the start position; » goes back to the game.'
      : `Showing the position after move ${replayed} (${moves[replayed - 1]}); » goes back to the game.`;
  }
  // The list scrolls to the last move by itself; the page never jumps (a phone shows the
  // list below the board).
  if (replayed === null) list.scrollTop = list.scrollHeight;
}
