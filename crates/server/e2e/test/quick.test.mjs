// The lobby's quick pairing: one click on a time control posts a challenge, a second withdraws
// it, and the same click in another browser accepts it: both go to the game, on that clock.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { gameState, newPage, serverAndBrowser, shot } from '../lib/harness.mjs';

const shared = serverAndBrowser();

test('quick pairing: a click posts a challenge, a click withdraws it, and the same click elsewhere accepts it', async () => {
  const { server, browser } = shared;
  const host = await newPage(browser);
  const guest = await newPage(browser);
  for (const page of [host, guest]) {
    await page.goto(`${server.base}/`);
    await page.locator('#quick-game option[value=checkers]').waitFor({ state: 'attached' });
    await page.locator('#quick-game').selectOption('checkers');
  }
  const button = (page) => page.locator('#quick-grid [data-control="3+2"]');

  // A click posts a casual challenge of checkers at 3+2; the button says it waits.
  await button(host).click();
  await host.locator('#quick-grid [data-control="3+2"][aria-pressed=true]').waitFor();
  await guest.locator('#seeks li', { hasText: '3+2' }).waitFor();
  await shot(host, 'quick-waiting');
  // A second click withdraws it.
  await button(host).click();
  await host.locator('#quick-grid [data-control="3+2"][aria-pressed=false]').waitFor();
  await guest.locator('#seeks li').waitFor({ state: 'detached' });

  // Posted again, the guest's click on the same control takes it: both pages go to the game.
  await button(host).click();
  await guest.locator('#seeks li', { hasText: '3+2' }).waitFor();
  await button(guest).click();
  await guest.waitForURL(/\/games\/[a-z0-9]+$/);
  await host.waitForURL(/\/games\/[a-z0-9]+$/);
  const id = guest.url().split('/').pop();
  assert.equal(host.url().split('/').pop(), id);
  const state = await gameState(server, id);
  assert.equal(state.game, 'checkers');
  assert.deepEqual([state.clock.increment_ms, state.rated], [2_000, false]);
  assert.ok(state.clock.black_ms > 170_000 && state.clock.black_ms <= 180_000, JSON.stringify(state.clock));
  // A phone's width fits the grid.
  await guest.goto(`${server.base}/`);
  await guest.setViewportSize({ width: 360, height: 740 });
  await guest.locator('#quick-grid button').first().waitFor();
  const width = await guest.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the home page is ${width} px wide at 360 px`);
  await shot(guest, 'quick-360');
  assert.deepEqual([host.errors, guest.errors], [[], []]);
  await host.context().close();
  await guest.context().close();
});
