// A whole game of each of the five games, played by clicks to its end; minicheckers by two
// pages, two players joined by the invite link; a screenshot of every board at desktop size
// and at 360 px.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import {
  createGame, gameState, launch, newPage, openSeats, playByClicks, pick, seeded, shot,
  startServer, waitForPly,
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

// Plays random moves by clicks until the game ends, taking the screenshots at ply `shotAt`.
async function playWhole(id, pageFor, name, seed) {
  const random = seeded(seed);
  let shotTaken = false;
  for (let plies = 0; plies < 800; plies += 1) {
    const state = await gameState(server, id);
    if (state.status === 'over') return state;
    const page = pageFor(state.to_move);
    await waitForPly(page, state.ply);
    if (!shotTaken && state.ply >= 6) {
      await screenshots(page, name);
      shotTaken = true;
    }
    await playByClicks(page, pick(state.legal, random), state.ply);
  }
  throw new Error(`${name} did not end`);
}

async function screenshots(page, name) {
  await page.waitForTimeout(1000); // the dial's turn
  await shot(page, `${name}-desktop`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(200);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${name}: the page is wider than a 360 px screen by ${overflow} px`);
  const board = await page.locator('#board svg').boundingBox();
  assert.ok(board.width >= 300 && board.x >= 0 && board.x + board.width <= 360, `${name}: the board fits a phone`);
  await shot(page, `${name}-360`);
  await page.setViewportSize(size);
}

async function finalChecks(page, final) {
  await waitForPly(page, final.ply);
  const status = page.locator('[data-status]');
  await assert.doesNotReject(() => page.waitForFunction(() => document.querySelector('[data-status]').dataset.status === 'over'));
  const text = await status.textContent();
  assert.match(text, /Game over/);
  assert.ok(text.includes(final.result), `the status shows the result: ${text}`);
  const moves = await page.locator('[data-moves] button').count();
  assert.equal(moves, final.ply);
  assert.deepEqual(page.errors, []);
}

for (const [game, seed] of [['checkers', 3], ['holes', 4], ['fanorona', 5], ['daynight', 6]]) {
  test(`a whole game of ${game} at one screen, by clicks`, async () => {
    const created = await createGame(server, game);
    const page = await newPage(browser);
    await openSeats(page, server, created);
    const final = await playWhole(created.id, () => page, game, seed);
    await finalChecks(page, final);
    await page.waitForTimeout(1000); // the dial's last turn
    await shot(page, `${game}-over`);
    await page.context().close();
  });
}

test('a whole game of mini checkers by two players joined by the invite link', async () => {
  const host = await newPage(browser);
  await host.goto(`${server.base}/`);
  await host.locator('[data-game=minicheckers]').click();
  await host.locator('input[name=opponent][value=link]').check();
  await host.locator('input[name=side][value=white]').check();
  await host.locator('#start').click();
  await host.waitForURL(/\/games\/[a-z0-9]+$/);
  const id = host.url().split('/').pop();
  const invite = await host.locator('#invite-url').inputValue();
  assert.match(invite, new RegExp(`/join/${id}/black/`));
  assert.equal(await host.locator('#copy-invite').isVisible(), true);

  const guest = await newPage(browser);
  await guest.goto(invite);
  await guest.waitForURL(`${server.base}/games/${id}`);
  await guest.waitForSelector('[data-cell]');
  const state = await gameState(server, id);
  assert.equal(state.seats.black.taken, true);
  await guest.waitForFunction(() => /Black/.test(document.getElementById('seat-bottom').textContent));
  // The host's page hears that the friend has joined: the invitation is no longer shown.
  await host.waitForFunction(() => document.getElementById('invite').hidden);
  assert.equal(await host.locator('#copy-invite').isVisible(), false);

  // The link gives the seat once: a third browser only watches.
  const third = await newPage(browser);
  const again = await third.goto(invite);
  assert.equal(again.status(), 403);

  const pages = { white: host, black: guest };
  const final = await playWhole(id, (side) => pages[side], 'minicheckers', 7);
  await finalChecks(host, final);
  await finalChecks(guest, final);
  for (const page of [host, guest, third]) await page.context().close();
});
