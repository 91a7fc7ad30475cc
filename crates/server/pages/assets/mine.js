// "Your games": the games whose seats this browser holds, as the server lists them (those
// that go on first, where it is this browser's turn first).

import { appendRow, getCatalog, getJson } from './api.js';
import { formatTime } from './clocks.js';

function state(game) {
  if (game.status === 'aborted') return 'aborted';
  if (game.status !== 'ongoing') return `over: ${game.result}`;
  return game.your_turn ? 'your turn' : 'their turn';
}

function clock(game) {
  if (!game.clock) return 'untimed';
  const mine = game.you.length === 1 ? game.you[0] : 'white';
  const other = mine === 'white' ? 'black' : 'white';
  return `${formatTime(game.clock[`${mine}_ms`])} – ${formatTime(game.clock[`${other}_ms`])}`;
}

async function main() {
  const [games, catalog] = await Promise.all([getJson('/api/my/games'), getCatalog()]);
  const names = Object.fromEntries(catalog.map((game) => [game.id, game.name]));
  const body = document.querySelector('#games tbody');
  for (const game of games) {
    const link = document.createElement('a');
    link.href = `/games/${game.id}`;
    link.textContent = names[game.game] ?? game.game;
    const you = (side) => (game.you.includes(side) ? ' (you)' : '');
    const cells = [link, `${game.white_name}${you('white')}`, `${game.black_name}${you('black')}`,
      String(game.ply), state(game), clock(game)];
    const row = appendRow(body, cells);
    row.dataset.game = game.id;
    row.classList.toggle('your-turn', game.your_turn);
  }
  document.getElementById('games').hidden = games.length === 0;
  document.getElementById('empty').hidden = games.length > 0;
}

main().catch((error) => { document.querySelector('main').append(`Your games could not be loaded: ${error.message}`); });
