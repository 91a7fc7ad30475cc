// @ts-check
// The lobby's quick pairing: a game and the common time controls, one button each. A click
// accepts the oldest open challenge of that game and clock (casual or rated as asked, default
// options, not one's own), or posts one; a second click withdraws one's own.

import { element, getCatalog, messageOf } from './api.js';
import { onSeeks, openSeeks, postSeek, take, withdraw } from './lobby.js';

// The common time controls, minutes + seconds of increment, as the best sites offer them.
const CONTROLS = [[1, 0], [2, 1], [3, 0], [3, 2], [5, 0], [5, 3], [10, 0], [10, 5], [15, 10]];

const grid = element('quick-grid');
const gameSelect = element('quick-game', HTMLSelectElement);
const rated = element('quick-rated', HTMLInputElement);
const errorBox = element('lobby-error');

/**
 * Whether `seek` is what the button of `minutes`+`increment` asks for.
 * @param {Seek} seek
 * @param {number} minutes
 * @param {number} increment
 */
function matches(seek, minutes, increment) {
  const clock = seek.clock;
  return seek.game === gameSelect.value && seek.options === '' && seek.rated === rated.checked
    && clock !== null && clock !== undefined && 'initial_ms' in clock
    && clock.initial_ms === minutes * 60_000 && (clock.increment_ms ?? 0) === increment * 1000;
}

/**
 * A click on the button of `minutes`+`increment`.
 * @param {number} minutes
 * @param {number} increment
 */
async function pair(minutes, increment) {
  errorBox.textContent = '';
  const fitting = openSeeks().filter((seek) => matches(seek, minutes, increment));
  const own = fitting.find((seek) => seek.yours);
  const other = fitting.filter((seek) => !seek.yours).sort((a, b) => b.age_ms - a.age_ms)[0];
  try {
    if (own) {
      await withdraw(own.id);
    } else if (other) {
      await take(other.id);
    } else {
      await postSeek({
        game: gameSelect.value, options: '', side: 'random', rated: rated.checked,
        clock: { initial_ms: minutes * 60_000, increment_ms: increment * 1000 }, rating_range: null,
      });
    }
  } catch (error) {
    errorBox.textContent = messageOf(error);
  }
}

/** The buttons, each marked when one's own challenge of its clock is open. */
function draw() {
  grid.replaceChildren(...CONTROLS.map(([minutes, increment]) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.control = `${minutes}+${increment}`;
    const waiting = openSeeks().some((seek) => seek.yours && matches(seek, minutes, increment));
    button.setAttribute('aria-pressed', String(waiting));
    button.textContent = `${minutes}+${increment}`;
    if (waiting) button.append(document.createElement('br'), 'waiting… (cancel)');
    button.addEventListener('click', () => pair(minutes, increment));
    return button;
  }));
}

async function main() {
  for (const game of await getCatalog()) gameSelect.append(new Option(game.name, game.id));
  gameSelect.addEventListener('change', draw);
  rated.addEventListener('change', draw);
  onSeeks.push(draw);
  draw();
}

main().catch((error) => { errorBox.textContent = `Quick pairing could not be loaded: ${messageOf(error)}`; });
