// @ts-check
// The game page's tools: a player's buttons and the engine's help as the state allows them,
// copying a link or the position, the board zoomed on a phone, what draws the game, and the
// connection's state and the number of spectators.

import { element as $, sideName } from './api.js';
import { Board } from './board.js';
import { closeConfirm, renderOffers, renderRematch } from './offers.js';
import { awaited } from './prompts.js';


/**
 * Copies `text` (`what`: "the watch link", "the position") to the clipboard, or shows it to be
 * copied by hand where the page may not write to the clipboard; `say` tells which.
 * @param {string} text
 * @param {string} what
 * @param {(text: string) => void} say
 */
export async function copyText(text, what, say) {
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} is copied.`);
  } catch {
    const input = $('invite-url', HTMLInputElement);
    const previous = input.value;
    input.value = text;
    input.select();
    const copied = document.execCommand && document.execCommand('copy');
    input.value = previous;
    say(copied ? `${what} is copied.` : `Copy ${what.toLowerCase()}: ${text}`);
  }
}

// On a phone, the board drawn larger than the screen, in a box that scrolls (centred, and
// scrolled into view): large enough that its smallest cell takes a thumb (44 px), and at least
// 180%; again, as it was.
export function toggleZoom() {
  const box = $('board');
  const sizes = [...box.querySelectorAll('[data-cell]')]
    .map((cell) => cell.getBoundingClientRect())
    .map((rect) => Math.min(rect.width, rect.height))
    .filter((size) => size > 0);
  const smallest = Math.min(...sizes);
  box.style.setProperty('--zoom', `${Math.max(180, Math.ceil((100 * 46) / smallest))}%`);
  const zoomed = box.classList.toggle('zoomed');
  $('zoom').setAttribute('aria-pressed', String(zoomed));
  box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  box.scrollTop = (box.scrollHeight - box.clientHeight) / 2;
  // The page scrolls to the board's box, which the Zoom button below it may have left above
  // the screen: the board is what the player zoomed to see.
  box.scrollIntoView({ block: 'nearest' });
}

/**
 * The tools as `state` allows them: a player's buttons, the offers, the engine's help, the
 * invitation (`invite`, the link this browser made, if any); `act(kind, action)` sends a
 * player's action.
 * @param {GameState} state
 * @param {Geometry} geometry
 * @param {string | null} invite
 * @param {(kind: string, action?: string) => void} act
 */
export function renderTools(state, geometry, invite, act) {
  const playing = state.you.length > 0 && state.status === 'ongoing';
  $('play-tools').hidden = !playing;
  if (!playing) closeConfirm($('confirm'));
  const hotseat = state.you.length === 2;
  $('draw').textContent = hotseat ? 'Agree a draw' : 'Offer a draw';
  $('resign').textContent = hotseat ? `Resign for ${sideName(state.to_move)}` : 'Resign';
  // No move is taken back in a game on a clock.
  $('undo').hidden = Boolean(state.clock);
  $('abort').hidden = state.ply >= 2;
  renderOffers(state, $('offer'), act);
  renderRematch(state, $('rematch'), (action) => act('rematch', action));

  // The server gives no engine help during a game between people (but at one screen).
  for (const tool of ['hint', 'analysis']) $(tool, HTMLButtonElement).disabled = !state.engine_help;
  $('no-help').hidden = state.engine_help;
  $('analysis-board').hidden = !(state.engine_help && state.status !== 'ongoing');

  const showInvite = Boolean(invite) && state.status === 'ongoing' && awaited(state) !== null;
  $('invite').hidden = !showInvite;
  $('copy-invite').hidden = !showInvite;
  if (invite) $('invite-url', HTMLInputElement).value = invite;
  // A game written in GDL has no rules page: its rules are the text it was made from.
  $('rules', HTMLAnchorElement).href = `/rules/${state.game}`;
  $('rules').hidden = state.game === 'gdl';
  $('move-text', HTMLInputElement).placeholder = state.legal.length ? `e.g. ${state.legal[0].move}` : '';
  $('typed').hidden = !playing;
  // Notifications are offered to a player of one side, until allowed or refused (sounds.js).
  $('notify').hidden = !playing || state.you.length !== 1 || !('Notification' in window) || Notification.permission !== 'default';
  // A game without a board, its moves listed, has no board to turn, zoom or number.
  const listed = geometry.layout.kind === 'moves';
  $('numbers-toggle').hidden = listed || geometry.column_labels.length > 0;
  for (const tool of ['flip', 'zoom']) $(tool).hidden = listed;
}

/**
 * What draws a game of `geometry`: a board, or for a game without one (the layout `moves`)
 * the list of its legal moves to click (movebuttons.js, loaded for such a game alone).
 * @param {Geometry} geometry
 * @returns {Promise<DrawingClass>}
 */
export async function drawingOf(geometry) {
  return geometry.layout.kind === 'moves' ? (await import('./movebuttons.js')).MoveButtons : Board;
}

/**
 * Shows the game's connection: `stateName` (`live`, `reconnecting`) and its words.
 * @param {string} stateName
 * @param {string} text
 */
export function setConnection(stateName, text) {
  const node = $('connection');
  node.dataset.connection = stateName;
  node.textContent = text;
}

/** Whether the board shows its squares' numbers: on until the player turns them off. */
export const numbersShown = () => localStorage.getItem('arbiter-numbers') !== 'off';

/**
 * The "Square numbers" box: ticked as the browser remembers the choice; a change is shown on
 * `board()` and remembered.
 * @param {() => Drawing | null} board
 */
export function wireNumbers(board) {
  const numbers = $('numbers', HTMLInputElement);
  numbers.checked = numbersShown();
  numbers.addEventListener('change', () => {
    localStorage.setItem('arbiter-numbers', numbers.checked ? 'on' : 'off');
    board()?.setNumbers(numbers.checked);
  });
}

/**
 * Shows how many watch the game when `message` is the socket's spectators message (the page
 * asks for them, `spectators=true`), hidden while nobody does; whether it was one.
 * @param {GameState | SpectatorsMessage} message
 * @returns {message is SpectatorsMessage}
 */
export function showSpectators(message) {
  if (!('spectators' in message)) return false;
  const count = message.spectators;
  const node = $('spectators');
  node.hidden = count === 0;
  node.textContent = count === 1 ? '1 spectator' : `${count} spectators`;
  return true;
}

/**
 * The page's keys: Esc calls `escape`; ← and → (outside the board and the boxes) call
 * `step(-1)` and `step(1)`, which say whether they stepped (and the key is then taken).
 * @param {() => void} escape
 * @param {(step: number) => boolean} step
 */
export function wireKeys(escape, step) {
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') escape();
    const delta = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    const target = event.target;
    const elsewhere = !(target instanceof Element && target.closest('[data-cell], input, select, textarea'));
    if (delta && elsewhere && !event.defaultPrevented && step(delta)) event.preventDefault();
  });
}

/**
 * Options as a title shows them: as set, a long value (such as the hash that names a GDL
 * game's rules) cut short.
 * @param {string} options
 */
export const optionsShown = (options) => options.replace(/=([^,]{12})[^,]{4,}/g, '=$1…');
