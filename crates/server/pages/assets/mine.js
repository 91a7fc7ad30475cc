// @ts-check
// "Your games": the games whose seats this browser holds, as the server lists them (those
// that go on first, where it is this browser's turn first), listed again when one of this
// browser's seeks is taken meanwhile.

import { appendRow, element, getCatalog, getJson, messageOf, otherSide } from './api.js';
import { formatTime } from './clocks.js';
import { SEAT_TAKEN } from './seeking.js';

/** @param {MyGame} game */
function state(game) {
  if (game.status === 'aborted') return 'aborted';
  if (game.status !== 'ongoing') return `over: ${game.result}`;
  return game.your_turn ? 'your turn' : 'their turn';
}

/** @param {MyGame} game */
function clock(game) {
  const { clock: times } = game;
  if (!times) return 'untimed';
  /** @type {Side} */
  const mine = game.you.length === 1 ? game.you[0] : 'white';
  const left = (/** @type {Side} */ side) => (side === 'white' ? times.white_ms : times.black_ms);
  return `${formatTime(left(mine))} – ${formatTime(left(otherSide(mine)))}`;
}

/**
 * Lists the games whose seats this browser holds.
 * @param {HTMLTableSectionElement} body
 */
async function list(body) {
  /** @type {[MyGame[], CatalogGame[]]} */
  const [games, catalog] = await Promise.all([getJson('/api/my/games'), getCatalog()]);
  const names = new Map(catalog.map((game) => [game.id, game.name]));
  body.replaceChildren();
  for (const game of games) {
    const link = document.createElement('a');
    link.href = `/games/${game.id}`;
    link.textContent = names.get(game.game) ?? game.game;
    const you = (/** @type {Side} */ side) => (game.you.includes(side) ? ' (you)' : '');
    const cells = [link, `${game.white_name}${you('white')}`, `${game.black_name}${you('black')}`,
      String(game.ply), state(game), clock(game)];
    const row = appendRow(body, cells);
    row.dataset.game = game.id;
    row.classList.toggle('your-turn', game.your_turn);
  }
  element('games').hidden = games.length === 0;
  element('empty').hidden = games.length > 0;
}

const failed = (/** @type {unknown} */ error) => {
  document.querySelector('main')?.append(`Your games could not be loaded: ${messageOf(error)}`);
};

const body = element('games').querySelector('tbody');
if (body) {
  list(body).catch(failed);
  // A seek of this browser's taken while this page is open (seeking.js): its game is listed.
  document.addEventListener(SEAT_TAKEN, () => { list(body).catch(failed); });
}
