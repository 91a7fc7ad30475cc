// Lag: the page shows the clock the server sent less the time the state spent on its way (half
// the round trip it measured), so that a slow network does not show a player more time than
// the server gives them.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api, createGame, gameState, newPage, serverAndBrowser, shot } from '../lib/harness.mjs';

const shared = serverAndBrowser();

// The network's delay each way of the game's state, added by the test.
const DELAY_MS = 700;

// A clock's text under 10 s (`0:07.3`), in milliseconds.
const millis = (text) => {
  const [minutes, seconds] = text.split(':');
  return Math.round((Number(minutes) * 60 + Number(seconds)) * 1000);
};

test("over a slow network the running clock is shown less the state's time on its way", async () => {
  const { server, browser } = shared;
  // Under 10 s, so that the clocks show tenths.
  const created = await createGame(server, 'minicheckers', { clock: { initial_ms: 9_900, increment_ms: 0 } });
  // One move each: White's clock runs.
  let state = created.state;
  for (const side of ['white', 'black']) {
    const played = await api(server, 'POST', `/api/games/${created.id}/moves`, { move: state.legal[0].move, ply: state.ply }, created.seats[side].token);
    assert.equal(played.status, 200);
    state = played.data;
  }
  assert.equal(state.clock.running, 'white');

  // The game's state takes DELAY_MS to reach the server and DELAY_MS to come back.
  const page = await newPage(browser, { width: 360, height: 740 });
  await page.route(`${server.base}/api/games/${created.id}`, async (route) => {
    await new Promise((done) => setTimeout(done, DELAY_MS));
    const response = await route.fetch();
    await new Promise((done) => setTimeout(done, DELAY_MS));
    await route.fulfill({ response });
  });
  await page.goto(`${server.base}/games/${created.id}`);
  const clock = page.locator('[data-clock=white].running');
  await clock.waitFor();
  // What the page shows, and the server's clock a moment later.
  const shown = millis(await clock.textContent());
  const truth = (await gameState(server, created.id)).clock.white_ms;
  assert.equal((await gameState(server, created.id)).status, 'ongoing', 'the test ran out of time: run it again');
  // Uncorrected, the page would show DELAY_MS more; the display's tenths and its 100 ms
  // redraws leave about 200 ms either way.
  assert.ok(Math.abs(shown - truth) < DELAY_MS / 2, `shown ${shown} ms, the server's ${truth} ms`);
  await shot(page, 'clock-lag-360');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
