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
    const berserk = berserkButton(tournament.id, state.id, 'berserk', (error) => { berserk.replaceWith(messageOf(error)); });
    box.append(' ', berserk);
  }
  box.hidden = false;
}

/**
 * The button that sends one berserk in `game` of tournament `tournament` (and goes once it
 * has), with element id `id`; `failed` hears a refusal.
 * @param {string} tournament
 * @param {string} game
 * @param {string} id
 * @param {(error: unknown) => void} failed
 */
export function berserkButton(tournament, game, id, failed) {
  const button = document.createElement('button');
  button.type = 'button';
  button.id = id;
  button.textContent = 'Berserk';
  button.title = 'Before your first move: half your clock and no increment; a win of at least 14 plies scores a point more';
  button.addEventListener('click', () => {
    postJson(`/api/tournaments/${encodeURIComponent(tournament)}/berserk`, { game })
      .then(() => { button.remove(); })
      .catch(failed);
  });
  return button;
}
