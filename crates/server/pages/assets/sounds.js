// @ts-check
// The game page's sounds and notifications. Sounds are made with Web Audio (no files): a move,
// a capture, the game's end, and low time (10 s left on one's own running clock, once a turn);
// the Sound button ("Sound on", "Sound off") mutes them, remembered in this browser. A
// notification (once the player allowed them with Notify me) says when it becomes one's turn
// while the page is not in view.
// Each sound played is also told as an `arbiter:sound` event on the document, whose `detail`
// is its kind. Loaded with the first change, or the first press of either button.

import { element as $, moverOf, sideName } from './api.js';

const MUTED_KEY = 'arbiter-sound';
// One's own clock sounds once when it runs under this.
const LOW_MS = 10_000;

/** @typedef {'move' | 'capture' | 'end' | 'low'} Sound */

/** The notes of each sound: frequency (Hz), start and length (s). @type {Record<Sound, number[][]>} */
const NOTES = {
  move: [[660, 0, 0.06]],
  capture: [[520, 0, 0.05], [390, 0.06, 0.09]],
  end: [[523, 0, 0.12], [659, 0.13, 0.12], [784, 0.26, 0.25]],
  low: [[880, 0, 0.08], [880, 0.16, 0.08]],
};

/** @type {AudioContext | null} */
let audio = null;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let lowTimer;

export const muted = () => localStorage.getItem(MUTED_KEY) === 'off';

// A browser lets a page's audio start only after a click or a key: the first one resumes it.
for (const gesture of ['pointerdown', 'keydown']) {
  document.addEventListener(gesture, () => { if (audio?.state === 'suspended') audio.resume().catch(() => {}); });
}

/** Shows the buttons as things stand: Notify me goes once notifications are allowed or refused. */
export function showButtons() {
  $('sound').textContent = muted() ? 'Sound off' : 'Sound on';
  if (!('Notification' in window) || Notification.permission !== 'default') $('notify').hidden = true;
}

export function toggleSound() {
  if (muted()) localStorage.removeItem(MUTED_KEY);
  else localStorage.setItem(MUTED_KEY, 'off');
  showButtons();
  if (!muted()) play('move');
}

export async function askToNotify() {
  if ('Notification' in window) await Notification.requestPermission();
  showButtons();
}

/** @param {Sound} kind */
export function play(kind) {
  document.dispatchEvent(new CustomEvent('arbiter:sound', { detail: kind }));
  if (muted() || !('AudioContext' in window)) return;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  const now = audio.currentTime;
  for (const [frequency, start, length] of NOTES[kind]) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, now + start);
    gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length);
  }
}

/**
 * Plays what the change from `previous` to `state` calls for, notifies a turn that begins while
 * the page is out of view, and sets the low-time sound of one's own running clock.
 * @param {GameState} previous
 * @param {GameState} state
 * @param {() => GameState | null} current the state shown when a timer fires
 */
export function changed(previous, state, current) {
  if (previous.id !== state.id) return;
  if (state.status !== 'ongoing' && previous.status === 'ongoing') play('end');
  else if (state.ply > previous.ply) {
    play(state.pieces.length < previous.pieces.length ? 'capture' : 'move');
  }
  const mine = state.you.length === 1 && state.status === 'ongoing' ? state.you[0] : null;
  const turn = mine !== null && state.to_move === mine;
  const wasTurn = previous.status === 'ongoing' && previous.to_move === mine;
  if (turn && !wasTurn && document.visibilityState !== 'visible') notify(state);
  clearTimeout(lowTimer);
  const clock = state.clock;
  if (turn && clock?.running === mine && !clock.days_per_move) {
    const left = mine === 'white' ? clock.white_ms : clock.black_ms;
    // Once a turn: when the clock gets there, or at once when the turn begins under it.
    const low = () => { if (current()?.version === state.version) play('low'); };
    if (left > LOW_MS) lowTimer = setTimeout(low, left - LOW_MS);
    else if (!wasTurn) play('low');
  }
}

/** @param {GameState} state */
function notify(state) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const last = state.ply > 0 ? `${sideName(moverOf(state, state.ply - 1))} played ${state.moves[state.ply - 1]}. ` : '';
  const note = new Notification('Your turn', { body: `${last}${document.title}`, tag: `arbiter-${state.id}` });
  note.onclick = () => {
    window.focus();
    note.close();
  };
}
