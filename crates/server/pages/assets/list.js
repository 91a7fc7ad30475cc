// @ts-check
// The list of the games stored on this server.

import { appendRow, element, getCatalog, getJson, messageOf } from './api.js';

async function main() {
  /** @type {[Listed[], CatalogGame[]]} */
  const [games, catalog] = await Promise.all([getJson('/api/games'), getCatalog()]);
  const names = new Map(catalog.map((game) => [game.id, game.name]));
  const body = element('games').querySelector('tbody');
  if (!body) return;
  for (const game of games) {
    const link = document.createElement('a');
    link.href = `/games/${game.id}`;
    link.textContent = names.get(game.game) ?? game.game;
    const cells = [link, game.white_name, game.black_name, String(game.ply),
      game.aborted ? 'aborted' : game.unfinished ? 'unfinished (imported)' : (game.result ? `over: ${game.result}` : 'in play'), new Date(game.updated * 1000).toLocaleString()];
    appendRow(body, cells);
  }
  element('games').hidden = games.length === 0;
  element('empty').hidden = games.length > 0;
}

main().catch((error) => { document.querySelector('main')?.append(`The games could not be loaded: ${messageOf(error)}`); });
