// Whole games played by clicks to their end, for the end-to-end tests: random legal moves of the
// state the server sends, a screenshot of the board at desktop size and at 360 px, and the
// checks of the finished page.

import assert from 'node:assert/strict';

import { gameState, pick, playByClicks, seeded, shot, waitForPly } from './harness.mjs';

// Plays random moves by clicks on `server`'s game `id` until it ends, taking the screenshots at
// ply 6; `pageFor(side)` is the page of the side to move.
export async function playWhole(server, id, pageFor, name, seed) {
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

export async function finalChecks(page, final) {
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
