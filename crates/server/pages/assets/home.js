// @ts-check
// The home page: the catalog and the new-game form, whose options' fields the catalog
// describes (a choice or a range of numbers, with its default), and a game written in GDL,
// whose rules are pasted or read from a file and sent with the request.

import { element, getCatalog, inviteKey, messageOf, otherSide, postJson } from './api.js';
import { postSeek } from './lobby.js';

const MINUTE = 60_000;

/** The identifier the API gives the games written in GDL, whose rules come with the request. */
const GDL = 'gdl';

/** The card of a game written in GDL, beside the catalog's. */
const GDL_CARD = {
  id: GDL,
  name: 'A game written in GDL',
  description: 'Any game of two players taking turns, from its rules in the Game Description Language.',
};

/**
 * The time controls the form offers, the usual presets: real time (minutes + increment in
 * seconds), correspondence, untimed.
 * @type {[string, TimeControl | null][]}
 */
const PRESETS = [
  ['1+0', { initial_ms: MINUTE, increment_ms: 0 }],
  ['3+0', { initial_ms: 3 * MINUTE, increment_ms: 0 }],
  ['3+2', { initial_ms: 3 * MINUTE, increment_ms: 2000 }],
  ['5+0', { initial_ms: 5 * MINUTE, increment_ms: 0 }],
  ['5+3', { initial_ms: 5 * MINUTE, increment_ms: 3000 }],
  ['10+5', { initial_ms: 10 * MINUTE, increment_ms: 5000 }],
  ['15+10', { initial_ms: 15 * MINUTE, increment_ms: 10_000 }],
  ['30+0', { initial_ms: 30 * MINUTE, increment_ms: 0 }],
  ['1 day a move', { days_per_move: 1 }],
  ['3 days a move', { days_per_move: 3 }],
  ['7 days a move', { days_per_move: 7 }],
  ['Untimed', null],
];

/**
 * A select of the presets and "Custom" (any minutes and increment: the fields of
 * `#custom-clock`, shown while it is chosen), `chosen` (a label) selected.
 * @param {string} name
 * @param {string} chosen
 */
function clockSelect(name, chosen) {
  const select = document.createElement('select');
  select.name = name;
  select.setAttribute('aria-label', 'Time control');
  PRESETS.forEach(([label], index) => {
    const option = new Option(label, String(index), false, label === chosen);
    select.append(option);
  });
  select.append(new Option('Custom: minutes + seconds', 'custom'));
  select.addEventListener('change', () => {
    const custom = element('custom-clock', HTMLFieldSetElement);
    custom.hidden = custom.disabled = select.value !== 'custom';
  });
  return select;
}

/**
 * The clock a select stands for (`null`: untimed): a preset's, or the custom fields'
 * minutes (fractions allowed, as ¼ for 15 s) and increment in seconds.
 * @param {HTMLSelectElement} select
 * @returns {TimeControl | null}
 */
function clockOf(select) {
  if (select.value !== 'custom') return PRESETS[Number(select.value)]?.[1] ?? null;
  const minutes = element('custom-minutes', HTMLInputElement).valueAsNumber;
  const seconds = element('custom-increment', HTMLInputElement).valueAsNumber;
  return { initial_ms: Math.round(minutes * MINUTE), increment_ms: Math.round((seconds || 0) * 1000) };
}

const form = element('new-game', HTMLFormElement);
const catalogBox = element('catalog');
const optionsBox = element('options');
const errorBox = element('form-error');

/**
 * An element `tag` with `attributes` and `children`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attributes]
 * @param {...(Node | string)} children
 */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/**
 * The values `option` takes, as the game's card lists them.
 * @param {CatalogOption} option
 */
const valuesText = (option) =>
  (option.kind === 'range' ? `${option.min}..${option.max}` : option.values.join(', '));

/**
 * The field of `option`: a number within its range, or a select of its values.
 * @param {CatalogOption} option
 */
function optionInput(option) {
  const id = `option-${option.key}`;
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  if (option.kind === 'range') {
    input = el('input', { type: 'number', min: String(option.min), max: String(option.max), value: option.default });
  } else {
    input = el('select', {});
    for (const value of option.values) {
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

/**
 * Shows the field of the rules while a game written in GDL is chosen (and takes no seek: the
 * lobby is for the catalog's games).
 * @param {boolean} shown
 */
function showRules(shown) {
  const rules = element('gdl-set', HTMLFieldSetElement);
  rules.hidden = rules.disabled = !shown;
  const lobby = form.querySelector('input[name=opponent][value=lobby]');
  if (lobby instanceof HTMLInputElement) {
    lobby.disabled = shown;
    const here = form.querySelector('input[name=opponent][value=here]');
    if (shown && lobby.checked && here instanceof HTMLInputElement) here.checked = true;
  }
  showRated();
}

/** @param {CatalogGame} game */
function showOptions(game) {
  showRules(false);
  optionsBox.replaceChildren(...game.options.map(optionInput));
  element('options-set').hidden = game.options.length === 0;
  // The perfect player plays only the games the solver handles.
  const perfect = form.querySelector('option[value=perfect]');
  const five = form.querySelector('option[value="5"]');
  if (!(perfect instanceof HTMLOptionElement) || !(five instanceof HTMLOptionElement)) return;
  perfect.hidden = !game.solvable;
  perfect.disabled = !game.solvable;
  if (!game.solvable && perfect.selected) five.selected = true;
}

/** The options chosen that differ from the defaults, `key=value,…`. */
function optionsText() {
  return [...optionsBox.querySelectorAll('input[data-option], select[data-option]')]
    .map((input) => /** @type {HTMLInputElement | HTMLSelectElement} */ (input))
    .filter((input) => input.value !== input.dataset.default)
    .map((input) => `${input.dataset.option}=${input.value}`)
    .join(',');
}

/**
 * The ratings a seek accepts, from the form's two fields (either may be left empty: then no
 * bound on that side); `null` when both are empty.
 * @param {string} low
 * @param {string} high
 * @returns {[number, number] | null}
 */
function ratingRange(low, high) {
  if (!low && !high) return null;
  const range = /** @type {[number, number]} */ ([low ? Number(low) : 0, high ? Number(high) : 4000]);
  if (range[0] > range[1]) throw new Error('The lowest rating of the opponents is above the highest.');
  return range;
}

/** Shows the rated game's choices when the game is posted in the lobby, the only way to one. */
function showRated() {
  const opponent = new FormData(form).get('opponent');
  element('rated-set').hidden = opponent !== 'lobby';
}

/** @param {SubmitEvent} event */
async function start(event) {
  event.preventDefault();
  errorBox.textContent = '';
  const data = new FormData(form);
  const text = (/** @type {string} */ name) => String(data.get(name) ?? '');
  const game = /** @type {NewGame['game']} */ (text('game'));
  const opponent = text('opponent');
  const clock = clockOf(/** @type {HTMLSelectElement} */ (form.elements.namedItem('clock')));
  const chosen = text('side') === 'black' ? 'black' : text('side') === 'white' ? 'white' : 'random';
  if (opponent === 'lobby') {
    try {
      const range = ratingRange(text('range_min'), text('range_max'));
      await postSeek({ game, options: optionsText(), clock, side: chosen, rated: data.get('rated') === 'on', rating_range: range });
    } catch (error) {
      errorBox.textContent = messageOf(error);
    }
    return;
  }
  /** @type {Side} */
  const side = chosen === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : chosen;
  const other = otherSide(side);
  const seats = { white: 'human', black: 'human' };
  /** @type {Side[]} */
  let keep = ['white', 'black'];
  if (opponent === 'computer') {
    seats[other] = `ai:${data.get('level')}`;
    keep = [side];
  } else if (opponent === 'link') {
    keep = [side];
  }
  try {
    /** @type {NewGame} */
    const request = game === GDL
      ? { game, rules: text('rules'), ...seats, keep, clock }
      : { game, options: optionsText(), ...seats, keep, clock };
    /** @type {Created} */
    const created = await postJson('/api/games', request);
    const link = created.seats[other];
    if (opponent === 'link' && link) {
      localStorage.setItem(inviteKey(created.id), new URL(link.url, location.href).href);
    }
    location.assign(`/games/${created.id}`);
  } catch (error) {
    errorBox.textContent = messageOf(error);
  }
}

async function main() {
  const games = await getCatalog();
  games.forEach((game, index) => {
    const radio = el('input', { type: 'radio', name: 'game', value: game.id });
    radio.checked = index === 0;
    radio.addEventListener('change', () => showOptions(game));
    const options = game.options.length
      ? `Options: ${game.options.map((option) => `${option.key} (${valuesText(option)})`).join('; ')}`
      : 'No options.';
    catalogBox.append(el('label', { class: 'game-card', 'data-game': game.id }, radio,
      el('strong', {}, game.name), el('span', {}, game.description), el('small', {}, options),
      el('a', { href: `/rules/${game.id}`, class: 'rules-link' }, `The rules of ${game.name}`)));
  });
  const gdl = el('input', { type: 'radio', name: 'game', value: GDL_CARD.id });
  gdl.addEventListener('change', () => {
    optionsBox.replaceChildren();
    element('options-set').hidden = true;
    showRules(true);
    const perfect = form.querySelector('option[value=perfect]');
    if (perfect instanceof HTMLOptionElement) perfect.hidden = perfect.disabled = true;
  });
  catalogBox.append(el('label', { class: 'game-card', 'data-game': GDL_CARD.id }, gdl,
    el('strong', {}, GDL_CARD.name), el('span', {}, GDL_CARD.description), el('small', {}, 'Its rules: paste them or choose a file.')));
  const file = element('gdl-file', HTMLInputElement);
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (chosen) element('gdl-rules', HTMLTextAreaElement).value = await chosen.text();
  });
  showOptions(games[0]);
  element('clock-choice').append(clockSelect('clock', 'Untimed'));
  const level = form.querySelector('select[name=level]');
  const computer = form.querySelector('input[value=computer]');
  if (computer instanceof HTMLInputElement) level?.addEventListener('change', () => { computer.checked = true; showRated(); });
  form.addEventListener('submit', start);
  for (const radio of form.querySelectorAll('input[name=opponent]')) radio.addEventListener('change', showRated);
  showRated();
}

main().catch((error) => { errorBox.textContent = `The catalog could not be loaded: ${messageOf(error)}`; });
