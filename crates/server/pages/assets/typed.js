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

// The most legal moves an error lists: the board marks them all.
const LISTED = 6;

/**
 * The server's answer to a move it cannot play, kept short: a list of the legal moves, which
 * in Day and Night runs to hundreds of characters, is cut to its first few.
 * @param {string} message
 */
export function bounded(message) {
  const marker = '; legal moves: ';
  const at = message.indexOf(marker);
  if (at < 0) return message;
  const moves = message.slice(at + marker.length).split(' ');
  if (moves.length <= LISTED) return message;
  const shown = moves.slice(0, LISTED).join(' ');
  return `${message.slice(0, at)}; legal moves include ${shown} and ${moves.length - LISTED} more (the board marks them)`;
}

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
    game.say(`${text} was not played: ${bounded(messageOf(error))}`);
  }
}
