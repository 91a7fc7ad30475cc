// Two browsers: one posts a challenge in the lobby, the other takes it; both play on a clock
// that ticks, one lets its time run out, both see the result, and a rematch starts from both
// pages. Also "your games" and the pages at a phone's width.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { gameState, newPage, playByClicks, serverAndBrowser, shot, waitForPly } from '../lib/harness.mjs';

const shared = serverAndBrowser();

// The clock node of `side` on `page`, as text.
const clockText = (page, side) => page.locator(`[data-clock=${side}]`).textContent();

test('a seek taken from the lobby, a game on a clock to a flag, a rematch from both pages', async () => {
  const { server, browser } = shared;
  const host = await newPage(browser);
  const guest = await newPage(browser);
  await guest.goto(`${server.base}/`);
  await guest.locator('#no-seeks:not([hidden])').waitFor();

  // The host posts a 1+0 challenge of mini checkers as White.
  await host.goto(`${server.base}/`);
  await host.locator('[data-game=minicheckers]').click();
  await host.locator('input[name=opponent][value=lobby]').check();
  await host.locator('select[name=clock]').selectOption({ label: '1+0' });
  await host.locator('input[name=side][value=white]').check();
  await host.locator('#start').click();
  await host.locator('#seeks li.yours').waitFor();
  assert.match(await host.locator('#seeks li.yours').textContent(), /1\+0.*White/);

  // The guest sees it appear, live, and takes it.
  const offered = guest.locator('#seeks li', { hasText: '1+0' });
  await offered.waitFor();
  await shot(guest, 'lobby-desktop');
  await offered.locator('button', { hasText: 'Accept' }).click();
  await guest.waitForURL(/\/games\/[a-z0-9]+$/);
  const id = guest.url().split('/').pop();
  // The host's page hears it on the lobby socket, takes its seat, and follows.
  await host.waitForURL(`${server.base}/games/${id}`);
  await host.locator('#seat-bottom', { hasText: 'White' }).waitFor();
  await guest.locator('#seat-bottom', { hasText: 'Black' }).waitFor();
  assert.equal(await clockText(host, 'white'), '1:00');

  // One move each: the clock then runs for White, and ticks down on both pages.
  let state = await gameState(server, id);
  await playByClicks(host, state.legal[0], 0);
  state = await gameState(server, id);
  await waitForPly(guest, 1);
  await playByClicks(guest, state.legal[0], 1);
  await waitForPly(host, 2);
  await host.locator('[data-clock=white].running').waitFor();
  await guest.waitForFunction(() => document.querySelector('[data-clock=white]').textContent < '1:00');
  await shot(host, 'clock-desktop');
  await guest.setViewportSize({ width: 360, height: 740 });
  await shot(guest, 'clock-360');
  await guest.setViewportSize({ width: 1200, height: 900 });

  // White lets its minute run out: the server ends the game, and both pages say so.
  for (const page of [host, guest]) {
    await page.locator('#status', { hasText: "White's time ran out" }).waitFor({ timeout: 75_000 });
  }
  assert.equal((await gameState(server, id)).status, 'time');
  assert.equal(await clockText(guest, 'white'), '0:00.0');
  await shot(guest, 'flagged-desktop');

  // A rematch: the host offers, the guest accepts, and both pages move to the new game.
  await host.locator('#rematch button', { hasText: 'Rematch' }).click();
  await guest.locator('#rematch', { hasText: 'White offers a rematch' }).waitFor();
  await guest.locator('#rematch button', { hasText: 'Accept the rematch' }).click();
  await guest.waitForURL((url) => !url.pathname.endsWith(id));
  const next = guest.url().split('/').pop();
  await host.waitForURL(`${server.base}/games/${next}`);
  // Colours swapped, on the same clock.
  await host.locator('#seat-bottom', { hasText: 'Black' }).waitFor();
  await guest.locator('#seat-bottom', { hasText: 'White' }).waitFor();
  assert.equal(await clockText(guest, 'white'), '1:00');

  // "Your games": the new game, then the one lost on time.
  await host.goto(`${server.base}/my`);
  await host.locator(`tr[data-game="${next}"]`).waitFor();
  const rows = await host.locator('#games tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.game));
  assert.deepEqual(rows, [next, id]);
  assert.match(await host.locator(`tr[data-game="${id}"]`).textContent(), /over: 0-1/);
  await shot(host, 'your-games-desktop');
  await host.setViewportSize({ width: 360, height: 740 });
  await shot(host, 'your-games-360');
  await host.goto(`${server.base}/`);
  await host.locator('#lobby').waitFor();
  await shot(host, 'lobby-360');
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context().close();
  await guest.context().close();
});
