// @ts-check
// A tournament's game, on its page (offers.js loads this for such a game only): the way back to
// the tournament instead of a rematch, and in an arena the berserk button before one's first
// move.

import { messageOf, postJson } from './api.js';

/**
 * Fills `box` for the tournament game `state`.
 * @param {GameState} state
 * @param {HTMLElement} box
 */
export function renderTournament(state, box) {
  const tournament = state.tournament;
  if (!tournament) return;
  const link = document.createElement('a');
  link.href = `/tournaments/${encodeURIComponent(tournament.id)}`;
  link.textContent = 'Back to the tournament';
  box.replaceChildren('A game of a tournament. ', link);
  const side = state.you.length === 1 ? state.you[0] : null;
  const moved = state.ply >= 2 || (state.ply === 1 && state.to_move !== side);
  if (tournament.arena && side && state.status === 'ongoing' && !moved && !state.seats[side]?.berserk) {
    const berserk = document.createElement('button');
    berserk.type = 'button';
    berserk.id = 'berserk';
    berserk.textContent = 'Berserk';
    berserk.title = 'Half your clock and no increment; a win of at least 14 plies scores a point more';
    berserk.addEventListener('click', () => {
      postJson(`/api/tournaments/${encodeURIComponent(tournament.id)}/berserk`, { game: state.id })
        .then(() => { berserk.remove(); })
        .catch((error) => { berserk.replaceWith(messageOf(error)); });
    });
    box.append(' ', berserk);
  }
  box.hidden = false;
}
