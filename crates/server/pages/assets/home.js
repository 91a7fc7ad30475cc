// The home page: the catalog and the new-game form.

import { getCatalog, postJson, inviteKey } from './api.js';
import { postSeek } from './lobby.js';

const MINUTE = 60_000;

// The time controls the form offers, the usual presets: real time (minutes + increment in seconds), correspondence, untimed.
const PRESETS = [
  ['1+0', { initial_ms: MINUTE, increment_ms: 0 }],
  ['3+2', { initial_ms: 3 * MINUTE, increment_ms: 2000 }],
  ['5+3', { initial_ms: 5 * MINUTE, increment_ms: 3000 }],
  ['10+5', { initial_ms: 10 * MINUTE, increment_ms: 5000 }],
  ['15+10', { initial_ms: 15 * MINUTE, increment_ms: 10_000 }],
  ['30+0', { initial_ms: 30 * MINUTE, increment_ms: 0 }],
  ['1 day a move', { days_per_move: 1 }],
  ['3 days a move', { days_per_move: 3 }],
  ['7 days a move', { days_per_move: 7 }],
  ['Untimed', null],
];

// A select of the presets, `chosen` (a label) selected.
function clockSelect(name, chosen) {
  const select = document.createElement('select');
  select.name = name;
  select.setAttribute('aria-label', 'Time control');
  PRESETS.forEach(([label], index) => {
    const option = new Option(label, String(index), false, label === chosen);
    select.append(option);
  });
  return select;
}

// The clock a preset select stands for (`null`: untimed).
const clockOf = (select) => PRESETS[Number(select.value)]?.[1] ?? null;

const form = document.getElementById('new-game');
const catalogBox = document.getElementById('catalog');
const optionsBox = document.getElementById('options');
const errorBox = document.getElementById('form-error');

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function optionInput(option) {
  const id = `option-${option.key}`;
  const range = /^(\d+)\.\.(\d+)$/.exec(option.values);
  let input;
  if (range) {
    input = el('input', { type: 'number', min: range[1], max: range[2], value: option.default });
  } else {
    input = el('select', {});
    for (const value of option.values.split('|')) {
      const choice = el('option', { value }, value);
      if (value === option.default) choice.selected = true;
      input.append(choice);
    }
  }
  input.id = id;
  input.dataset.option = option.key;
  input.dataset.default = option.default;
  return el('label', { class: 'option', for: id }, el('span', {}, `${option.key}: `), input,
    el('small', {}, ` ${option.help} (default ${option.default})`));
}

function showOptions(game) {
  optionsBox.replaceChildren(...game.options.map(optionInput));
  document.getElementById('options-set').hidden = game.options.length === 0;
  // The perfect player plays only the games the solver handles.
  const perfect = form.querySelector('option[value=perfect]');
  perfect.hidden = !game.solvable;
  perfect.disabled = !game.solvable;
  if (!game.solvable && perfect.selected) form.querySelector('option[value="5"]').selected = true;
}

function optionsText() {
  return [...optionsBox.querySelectorAll('[data-option]')]
    .filter((input) => input.value !== input.dataset.default)
    .map((input) => `${input.dataset.option}=${input.value}`)
    .join(',');
}

async function start(event) {
  event.preventDefault();
  errorBox.textContent = '';
  const data = new FormData(form);
  const game = data.get('game');
  const opponent = data.get('opponent');
  const clock = clockOf(form.elements.clock);
  if (opponent === 'lobby') {
    try {
      await postSeek({ game, options: optionsText(), clock, side: data.get('side') });
    } catch (error) {
      errorBox.textContent = error.message;
    }
    return;
  }
  let side = data.get('side');
  if (side === 'random') side = Math.random() < 0.5 ? 'white' : 'black';
  const other = side === 'white' ? 'black' : 'white';
  const seats = { white: 'human', black: 'human' };
  let keep = ['white', 'black'];
  if (opponent === 'computer') {
    seats[other] = `ai:${data.get('level')}`;
    keep = [side];
  } else if (opponent === 'link') {
    keep = [side];
  }
  try {
    const created = await postJson('/api/games', { game, options: optionsText(), ...seats, keep, clock });
    if (opponent === 'link' && created.seats[other]) {
      localStorage.setItem(inviteKey(created.id), new URL(created.seats[other].url, location.href).href);
    }
    location.assign(`/games/${created.id}`);
  } catch (error) {
    errorBox.textContent = error.message;
  }
}

async function main() {
  const games = await getCatalog();
  games.forEach((game, index) => {
    const radio = el('input', { type: 'radio', name: 'game', value: game.id });
    radio.checked = index === 0;
    radio.addEventListener('change', () => showOptions(game));
    const options = game.options.length
      ? `Options: ${game.options.map((o) => `${o.key} (${o.values.replaceAll('|', ', ')})`).join('; ')}`
      : 'No options.';
    catalogBox.append(el('label', { class: 'game-card', 'data-game': game.id }, radio,
      el('strong', {}, game.name), el('span', {}, game.description), el('small', {}, options),
      el('a', { href: `/rules/${game.id}`, class: 'rules-link' }, `The rules of ${game.name}`)));
  });
  showOptions(games[0]);
  document.getElementById('clock-choice').append(clockSelect('clock', 'Untimed'));
  const level = form.querySelector('select[name=level]');
  level.addEventListener('change', () => { form.querySelector('input[value=computer]').checked = true; });
  form.addEventListener('submit', start);
}

main().catch((error) => { errorBox.textContent = `The catalog could not be loaded: ${error.message}`; });
