// The server is killed (SIGKILL) in the middle of a game and started again on the same
// database and port: a move made meanwhile is refused with why, the page reconnects within 2 s
// of the server's return, catches up and the game goes on.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import {
  api, click, clickKeys, createGame, gameState, launch, newPage, openSeats, playByClicks, startServer, waitForPly,
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
  await waitForPly(page, await blackMoves(created));
  // White's move, to be played while the server is away.
  const played = await gameState(server, created.id);

  await server.kill();
  await page.waitForFunction(() => document.getElementById('connection').dataset.connection === 'reconnecting');
  // A request made while the server is away fails, and says so.
  await page.locator('#draw').click();
  await page.waitForFunction(() => document.getElementById('message').textContent !== '');
  // So does a move: it is not played, and the page says why, not that the game is lost.
  for (const token of clickKeys(played.legal[0])) await click(page, token);
  const message = page.locator('#message', { hasText: 'was not played' });
  await message.waitFor();
  assert.match(await message.textContent(), /the server cannot be reached/);
  await page.waitForTimeout(500);
  assert.doesNotMatch(await page.locator('#message').textContent(), /could not be loaded/);
  assert.doesNotMatch(await page.locator('#status').textContent(), /could not be loaded/);

  server = await startServer({ database: server.database, addr: server.addr });
  const back = Date.now();
  await page.waitForFunction(() => document.getElementById('connection').dataset.connection === 'live',
    null, { timeout: 20000 });
  // Found within the longest wait between two attempts (2 s), and the connection's own time.
  const reconnected = Date.now() - back;
  assert.ok(reconnected < 2500, `live again ${reconnected} ms after the server was back`);
  // Once the page is live again, what went wrong while it was away is no longer said.
  await page.waitForFunction(() => document.getElementById('message').textContent === '');

  // The acknowledged moves are there, and the move refused is played again by clicks; a move
  // made elsewhere reaches the page through the new socket.
  assert.equal((await gameState(server, created.id)).ply, 3);
  await playByClicks(page, played.legal[0], 3);
  await waitForPly(page, await blackMoves(created));
  state = await gameState(server, created.id);
  await playByClicks(page, state.legal[0], state.ply);
  assert.equal((await gameState(server, created.id)).ply, 6);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
