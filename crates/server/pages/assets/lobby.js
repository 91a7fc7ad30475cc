// @ts-check
// The home page's lobby: the open challenges, live from the lobby socket, each with a button
// to take it; one's own with a button to withdraw it. When one's own is taken, the page takes
// its seat and moves to the game.

import {
  element, getCatalog, getJson, keepSocket, messageOf, postJson, ratingText, request, sideName,
} from './api.js';
import { SEEKING, takeSeat } from './seeking.js';

const MINUTE = 60_000;

// How often the seeks' ages are counted up.
const AGES_EVERY_MS = 5000;

/**
 * A time control in words: "5+3", "3 days a move", "untimed".
 * @param {TimeControl | null | undefined} clock
 */
function clockLabel(clock) {
  if (!clock) return 'untimed';
  if ('days_per_move' in clock) return `${clock.days_per_move} day${clock.days_per_move > 1 ? 's' : ''} a move`;
  // Minutes to the hundredth (a custom clock may give 0.25), increment to the second's tenth.
  const minutes = Math.round(clock.initial_ms / (MINUTE / 100)) / 100;
  return `${minutes}+${Math.round((clock.increment_ms ?? 0) / 100) / 10}`;
}

const list = element('seeks');
const none = element('no-seeks');
const errorBox = element('lobby-error');
/** @type {Map<string, Seek>} */
const seeks = new Map();
/** When each seek's age was last told, on the page's clock: its age counts up from there.
 * @type {Map<string, number>} */
const toldAt = new Map();
/** @type {Map<string, string>} */
let names = new Map();
let reconnect = () => {};

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

/** @param {number} ms */
function ago(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
}

/**
 * Keeps `seek` as the server told it now.
 * @param {Seek} seek
 */
function keep(seek) {
  seeks.set(seek.id, seek);
  toldAt.set(seek.id, performance.now());
}

/**
 * A seek's age now: as told, and the time since.
 * @param {Seek} seek
 */
function ageOf(seek) {
  return seek.age_ms + performance.now() - (toldAt.get(seek.id) ?? performance.now());
}

/** Counts the ages shown up, in place (the buttons, and the focus, stay). */
function countAges() {
  for (const node of list.querySelectorAll('[data-age]')) {
    const seek = seeks.get(node.getAttribute('data-age') ?? '');
    if (seek) node.textContent = ago(ageOf(seek));
  }
}

/**
 * Who posted `seek`: its account's name, linked to the profile, and rating (`1500?` while
 * provisional); "a guest" for a browser without an account.
 * @param {Seek} seek
 */
function creator(seek) {
  if (!seek.creator) return el('span', { class: 'creator' }, 'a guest');
  const { name, rating, provisional } = seek.creator;
  const shown = rating === null || rating === undefined ? '' : ` (${ratingText({ rating, provisional })})`;
  return el('span', { class: 'creator' }, el('a', { href: `/@/${encodeURIComponent(name)}` }, name), shown);
}

/** @param {Seek} seek */
function row(seek) {
  const side = seek.side === 'random' ? 'random sides' : `the creator plays ${sideName(seek.side)}`;
  const options = seek.options ? ` · ${seek.options}` : '';
  const range = seek.rating_range ? ` · for ${seek.rating_range[0]}–${seek.rating_range[1]}` : '';
  const what = el('span', { class: 'what' }, el('strong', {}, names.get(seek.game) ?? seek.name),
    ` · ${clockLabel(seek.clock)}${options} · `,
    seek.rated ? el('span', { class: 'rated-mark' }, 'rated') : el('span', { class: 'casual-mark' }, 'casual'),
    range, ' · ', creator(seek), ' · ',
    el('small', {}, `${side}, `, el('span', { 'data-age': seek.id }, ago(ageOf(seek)))));
  const action = document.createElement('button');
  action.type = 'button';
  if (seek.yours) {
    action.textContent = 'Withdraw';
    action.addEventListener('click', () => withdraw(seek.id));
  } else {
    action.textContent = 'Accept';
    action.className = 'primary';
    action.addEventListener('click', () => take(seek.id));
  }
  return el('li', { 'data-seek': seek.id, class: seek.yours ? 'yours' : '' }, what,
    seek.yours ? el('small', {}, 'your challenge: waiting for an opponent') : '', action);
}

/** The open seeks, as the lobby shows them. */
export const openSeeks = () => [...seeks.values()];

/** Listeners told each time the seeks shown change (the quick pairing's buttons). */
/** @type {(() => void)[]} */
export const onSeeks = [];

function draw() {
  list.replaceChildren(...[...seeks.values()].map(row));
  none.hidden = seeks.size > 0;
  for (const listener of onSeeks) listener();
}

/** @param {string} id */
export async function take(id) {
  errorBox.textContent = '';
  try {
    /** @type {Created} */
    const created = await postJson(`/api/seeks/${id}/accept`);
    location.assign(`/games/${created.id}`);
  } catch (error) {
    errorBox.textContent = messageOf(error);
  }
}

/** @param {string} id */
export async function withdraw(id) {
  errorBox.textContent = '';
  try {
    await request('DELETE', `/api/seeks/${id}`, {});
    seeks.delete(id);
    toldAt.delete(id);
    draw();
  } catch (error) {
    errorBox.textContent = messageOf(error);
  }
}

/**
 * The creator's seek was taken: the seat its token holds becomes this browser's.
 * @param {{game: string, side: Side, token: string}} message
 */
async function accepted(message) {
  try {
    await takeSeat(message);
    location.assign(`/games/${message.game}`);
  } catch (error) {
    errorBox.textContent = `Your challenge was taken, but the seat could not be taken: ${messageOf(error)}`;
  }
}

/**
 * Posts a seek from the new-game form; the socket lists it.
 * @param {NewSeek} seek
 */
export async function postSeek(seek) {
  /** @type {SeekCreated} */
  const created = await postJson('/api/seeks', seek);
  localStorage.setItem(SEEKING, 'yes');
  keep(created.seek);
  draw();
  // A socket opened before this browser had its session cookie does not know the seek is its
  // own: it is opened again, with the cookie.
  reconnect();
  list.querySelector(`[data-seek="${created.id}"]`)?.scrollIntoView({ block: 'nearest' });
  return created;
}

/**
 * The lobby's socket: the seeks as they come and go, and one's own taken.
 * @param {string} data
 */
function onMessage(data) {
  /** @type {LobbyMessage} */
  const message = JSON.parse(data);
  if (message.type === 'seeks') {
    seeks.clear();
    for (const seek of message.seeks) keep(seek);
    const yours = message.seeks.some((seek) => seek.yours);
    if (!yours) localStorage.removeItem(SEEKING);
    // Whether the socket open now speaks for this browser's seeks (so that closing the page
    // withdraws them): what a test waits for before it closes the page.
    list.dataset.yours = String(yours);
  } else if (message.type === 'added') {
    keep(message.seek);
  } else if (message.type === 'removed') {
    seeks.delete(message.id);
    toldAt.delete(message.id);
  } else if (message.type === 'accepted') {
    accepted(message);
  }
  draw();
}

async function main() {
  names = new Map((await getCatalog()).map((game) => [game.id, game.name]));
  /** @type {Seek[]} */
  const open = await getJson('/api/seeks');
  for (const seek of open) keep(seek);
  draw();
  reconnect = keepSocket(() => '/api/lobby/socket', { message: onMessage, lost: () => { delete list.dataset.yours; } });
  setInterval(countAges, AGES_EVERY_MS);
}

main().catch((error) => { errorBox.textContent = `The lobby could not be loaded: ${messageOf(error)}`; });
