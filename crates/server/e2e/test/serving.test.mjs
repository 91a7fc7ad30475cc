// The pages and assets are served from the binary with their content types; the replay
// endpoint answers bad input with a JSON error.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { api, createGame, startServer } from '../lib/harness.mjs';

let server;

before(async () => {
  server = await startServer();
});

after(() => server?.stop());

test('pages and assets have their content types', async () => {
  const created = await createGame(server, 'fanorona');
  for (const [path, type] of [
    ['/', 'text/html'],
    ['/games', 'text/html'],
    [`/games/${created.id}`, 'text/html'],
    ['/assets/style.css', 'text/css'],
    ['/assets/game.js', 'text/javascript'],
    ['/assets/board.js', 'text/javascript'],
    ['/assets/icon.svg', 'image/svg+xml'],
  ]) {
    const response = await fetch(server.base + path);
    assert.equal(response.status, 200, path);
    assert.ok(response.headers.get('content-type').startsWith(type), `${path}: ${response.headers.get('content-type')}`);
  }
  const missing = await api(server, 'GET', '/assets/nothing.js');
  assert.equal(missing.status, 404);
  assert.match(missing.data.error, /no asset/);
});

test('the replay endpoint gives the board after some moves, and refuses bad plies', async () => {
  const created = await createGame(server, 'holes');
  const move = created.state.legal[0];
  const played = await api(server, 'POST', `/api/games/${created.id}/moves`, { move: move.move, ply: 0 }, created.seats.white.token);
  assert.equal(played.status, 200);
  const start = await api(server, 'GET', `/api/games/${created.id}/replay/0`);
  assert.equal(start.status, 200);
  assert.deepEqual(start.data.pieces, created.state.pieces);
  const first = await api(server, 'GET', `/api/games/${created.id}/replay/1`);
  assert.deepEqual(first.data.pieces, played.data.pieces);
  assert.equal((await api(server, 'GET', `/api/games/${created.id}/replay/2`)).status, 404);
  const bad = await api(server, 'GET', `/api/games/${created.id}/replay/x`);
  assert.equal(bad.status, 400);
  assert.match(bad.data.error, /not a ply/);
  assert.equal((await api(server, 'GET', '/api/games/nosuchgame/replay/0')).status, 404);
});
