// @ts-check
// The tournaments (`/tournaments`): those running, upcoming and finished, and the form that
// creates one, for an account.

import { appendRow, element, getCatalog, getJson, messageOf, postJson } from './api.js';

/** The page's error line; this module's clock text is also used by tournament.js. */
const errorBox = document.getElementById('tournaments-error') ?? document.createElement('p');

/**
 * A clock as players write it: `3+2` (minutes and seconds of increment).
 * @param {TimeControl} clock
 */
export function clockText(clock) {
  if (!('initial_ms' in clock)) return `${clock.days_per_move} days`;
  const minutes = clock.initial_ms / 60000;
  const shown = Number.isInteger(minutes) ? String(minutes) : minutes.toFixed(2).replace(/0$/, '');
  return `${shown}+${Math.round((clock.increment_ms ?? 0) / 1000)}`;
}

/**
 * A moment as a short text: the time of day, with the date when it is not today.
 * @param {number} ms
 */
function when(ms) {
  const date = new Date(ms);
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return date.toDateString() === new Date().toDateString() ? time : `${date.toLocaleDateString()} ${time}`;
}

/**
 * Fills the table of one status.
 * @param {'running' | 'upcoming' | 'finished'} status
 * @param {TournamentListed[]} tournaments
 * @param {Map<string, string>} names the games' names
 */
function fill(status, tournaments, names) {
  const table = element(status);
  const body = table.querySelector('tbody') ?? table;
  body.replaceChildren();
  for (const tournament of tournaments) {
    const link = document.createElement('a');
    link.href = `/tournaments/${encodeURIComponent(tournament.id)}`;
    link.textContent = tournament.name;
    const kind = tournament.kind === 'arena' ? 'Arena' : `Swiss, ${tournament.rounds} rounds`;
    const moment = status === 'running' && tournament.ends_at_ms ? when(tournament.ends_at_ms) : when(tournament.starts_at_ms);
    appendRow(body, [link, names.get(tournament.game) ?? tournament.game, clockText(tournament.clock),
      `${kind}${tournament.rated ? ', rated' : ''}`, String(tournament.players), moment]);
  }
  table.hidden = tournaments.length === 0;
  element(`${status}-empty`).hidden = tournaments.length > 0;
}

/** The form, for an account: the game's choices, the kind's length. */
async function form() {
  const response = await fetch('/api/account');
  if (!response.ok) return;
  element('create-sign-in').hidden = true;
  const create = element('create', HTMLFormElement);
  create.hidden = false;
  const kind = element('t-kind', HTMLSelectElement);
  kind.addEventListener('change', () => {
    element('t-minutes-label').hidden = kind.value !== 'arena';
    element('t-rounds-label').hidden = kind.value !== 'swiss';
  });
  create.addEventListener('submit', (event) => {
    event.preventDefault();
    submit().catch((error) => { errorBox.textContent = messageOf(error); });
  });
}

/** Creates the tournament the form describes, and opens its page. */
async function submit() {
  errorBox.textContent = '';
  const number = (/** @type {string} */ id) => Number(element(id, HTMLInputElement).value);
  const kind = element('t-kind', HTMLSelectElement).value;
  /** @type {Record<string, unknown>} */
  const body = {
    kind,
    name: element('t-name', HTMLInputElement).value,
    game: element('t-game', HTMLSelectElement).value,
    clock: { initial_ms: Math.round(number('t-initial') * 60000), increment_ms: Math.round(number('t-increment') * 1000) },
    rated: element('t-rated', HTMLInputElement).checked,
    starts_in_s: Math.round(number('t-starts') * 60),
  };
  if (kind === 'arena') body.minutes = number('t-minutes');
  else body.rounds = number('t-rounds');
  /** @type {TournamentView} */
  const created = await postJson('/api/tournaments', body);
  location.href = `/tournaments/${encodeURIComponent(created.id)}`;
}

async function main() {
  const catalog = await getCatalog();
  const names = new Map(catalog.map((game) => [game.id, game.name]));
  const select = element('t-game', HTMLSelectElement);
  for (const game of catalog) select.append(new Option(game.name, game.id, false, game.id === 'checkers'));
  /** @type {TournamentLists} */
  const lists = await getJson('/api/tournaments');
  fill('running', lists.running, names);
  fill('upcoming', lists.upcoming, names);
  fill('finished', lists.finished, names);
  await form();
}

if (errorBox.isConnected) {
  main().catch((error) => { errorBox.textContent = `The tournaments could not be loaded: ${messageOf(error)}`; });
}
