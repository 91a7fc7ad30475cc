// The list of the games stored on this server.

import { appendRow, getCatalog, getJson } from './api.js';

async function main() {
  const [games, catalog] = await Promise.all([getJson('/api/games'), getCatalog()]);
  const names = Object.fromEntries(catalog.map((game) => [game.id, game.name]));
  const body = document.querySelector('#games tbody');
  for (const game of games) {
    const link = document.createElement('a');
    link.href = `/games/${game.id}`;
    link.textContent = names[game.game] ?? game.game;
    const cells = [link, game.white_name, game.black_name, String(game.ply),
      game.result ? `over: ${game.result}` : 'in play', new Date(game.updated * 1000).toLocaleString()];
    appendRow(body, cells);
  }
  document.getElementById('games').hidden = games.length === 0;
  document.getElementById('empty').hidden = games.length > 0;
}

main().catch((error) => { document.querySelector('main').append(`The games could not be loaded: ${error.message}`); });
