// @ts-check
// Moves typed in the game's notation, played with Enter: the server reads the text (in any
// notation the game accepts) and says what is wrong with one it cannot play.

import { postJson } from './api.js';

/**
 * @typedef {{ply: number, legal: {move: string}[]}} State
 * @typedef {{
 *   id: string,
 *   current: () => State | null,
 *   accept: (state: object) => void,
 *   say: (text: string) => void,
 * }} Game
 */

/**
 * Plays the moves typed in `input` when `form` is sent, at the ply of the state shown.
 * @param {HTMLFormElement} form
 * @param {HTMLInputElement} input
 * @param {Game} game
 */
export function typedMoves(form, input, game) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    const state = game.current();
    if (!text || !state) return;
    try {
      game.accept(await postJson(`/api/games/${game.id}/moves`, { move: text, ply: state.ply }));
      input.value = '';
      game.say('');
    } catch (error) {
      game.say(`${text} was not played: ${error.message}`);
    }
  });
}

/**
 * What the box says while empty: a legal move as the game writes it, for an example.
 * @param {State} state
 */
export function example(state) {
  const move = state.legal[0]?.move;
  return move ? `e.g. ${move}` : '';
}
