// The server is killed (SIGKILL) in the middle of a game and started again on the same
// database and port: the page reconnects, catches up and the game goes on.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import {
  api, createGame, gameState, launch, newPage, openSeats, playByClicks, startServer, waitForPly,
} from '../lib/harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

// Black's moves are made through the API with Black's token (as another client would);
// White's by clicks in the page, which holds White's seat through its link.
async function blackMoves(created) {
  const state = await gameState(server, created.id);
  assert.equal(state.to_move, 'black');
  const response = await api(server, 'POST', `/api/games/${created.id}/moves`,
    { move: state.legal[0].move, ply: state.ply }, created.seats.black.token);
  assert.equal(response.status, 200, JSON.stringify(response.data));
  return state.ply + 1;
}

test('the page carries on after the server is killed and restarted', async () => {
  const created = await createGame(server, 'checkers');
  const page = await newPage(browser);
  await openSeats(page, server, created, ['white']);
  await page.waitForFunction(() => document.getElementById('connection').dataset.connection === 'live');
  await waitForPly(page, await blackMoves(created));
  let state = await gameState(server, created.id);
  await playByClicks(page, state.legal[0], state.ply);

  await server.kill();
  await page.waitForFunction(() => document.getElementById('connection').dataset.connection === 'reconnecting');
  // A request made while the server is away fails, and says so.
  await page.locator('#draw').click();
  await page.waitForFunction(() => document.getElementById('message').textContent !== '');
  server = await startServer({ database: server.database, addr: server.addr });
  await page.waitForFunction(() => document.getElementById('connection').dataset.connection === 'live',
    null, { timeout: 20000 });
  // Once the page is live again, what went wrong while it was away is no longer said.
  await page.waitForFunction(() => document.getElementById('message').textContent === '');

  // The acknowledged moves are there; a move made elsewhere reaches the page through the new
  // socket, and the next move by clicks works.
  assert.equal((await gameState(server, created.id)).ply, 2);
  await waitForPly(page, await blackMoves(created));
  state = await gameState(server, created.id);
  await playByClicks(page, state.legal[0], state.ply);
  assert.equal((await gameState(server, created.id)).ply, 4);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
