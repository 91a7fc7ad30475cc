// @ts-check
// Moves typed in the game's notation, played with Enter: the server reads the text (in any
// notation the game accepts) and says what is wrong with one it cannot play. Loaded with the
// first move typed.

import { messageOf, postJson } from './api.js';

/**
 * @typedef {{
 *   id: string,
 *   current: () => GameState | null,
 *   accept: (state: GameState) => void,
 *   say: (text: string) => void,
 * }} Game
 */

/**
 * Plays the move typed in `input`, at the ply of the state shown.
 * @param {HTMLInputElement} input
 * @param {Game} game
 */
export async function playTyped(input, game) {
  const text = input.value.trim();
  const state = game.current();
  if (!text || !state) return;
  try {
    game.accept(await postJson(`/api/games/${game.id}/moves`, { move: text, ply: state.ply }));
    input.value = '';
    game.say('');
  } catch (error) {
    game.say(`${text} was not played: ${messageOf(error)}`);
  }
}
