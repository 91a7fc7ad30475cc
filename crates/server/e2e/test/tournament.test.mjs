// A small arena from the pages: an account creates it on the tournaments page, two accounts
// join it on its page, the server pairs them at its start, each page shows the player's game and
// leads to it, one goes berserk there, a resignation ends the game, and the standings on the tournament page follow (the
// winner with 2 points), at desktop size and on a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { gameState, newPage, serverAndBrowser, shot, signUp } from '../lib/harness.mjs';

const shared = serverAndBrowser();

test('two accounts play an arena from its page: joined, paired, played, scored', async () => {
  const { server, browser } = shared;
  const tag = process.pid % 10000;
  const [hostName, guestName] = [`arena_host_${tag}`, `arena_guest_${tag}`];
  const host = await newPage(browser);
  const guest = await newPage(browser);
  await signUp(host, server, hostName);
  await signUp(guest, server, guestName);

  // The host creates an arena of mini checkers starting in 15 s.
  await host.goto(`${server.base}/tournaments`);
  await host.locator('#create:not([hidden])').waitFor();
  await host.locator('#t-name').fill('Quick arena');
  await host.locator('#t-game').selectOption('minicheckers');
  await host.locator('#t-initial').fill('1');
  await host.locator('#t-increment').fill('0');
  await host.locator('#t-minutes').fill('5');
  await host.locator('#t-starts').fill('0.25');
  await shot(host, 'tournaments-create');
  await host.setViewportSize({ width: 360, height: 740 });
  await shot(host, 'tournaments-create-360');
  const listWidth = await host.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(listWidth <= 360, `the tournaments page is ${listWidth} px wide at 360 px`);
  await host.setViewportSize({ width: 1200, height: 900 });
  await host.locator('#create button[type=submit]').click();
  await host.waitForURL(/\/tournaments\/[a-z0-9]+$/);
  const id = host.url().split('/').pop();
  await host.locator('#t-status', { hasText: 'Upcoming' }).waitFor();
  assert.match(await host.locator('#t-countdown').textContent(), /^Starts in 0:\d\d$/);
  await host.locator('#t-join').click();
  await host.locator('#t-standings tr', { hasText: hostName }).waitFor();

  // The guest finds it in the list and joins.
  await guest.goto(`${server.base}/tournaments`);
  await guest.locator('#upcoming a', { hasText: 'Quick arena' }).click();
  await guest.waitForURL(`${server.base}/tournaments/${id}`);
  await guest.locator('#t-join').click();
  await guest.locator('#t-withdraw:not([hidden])').waitFor();
  await shot(guest, 'tournament-upcoming');

  // At the start the server pairs them; each page says so and leads to the game.
  for (const page of [host, guest]) {
    await page.locator('#t-status', { hasText: 'Running' }).waitFor({ timeout: 30_000 });
    await page.locator('#t-your-game:not([hidden]) a').waitFor();
  }
  await shot(host, 'tournament-running');
  await guest.locator('#t-your-game a').click();
  await guest.waitForURL(/\/games\/[a-z0-9]+$/);
  const game = guest.url().split('/').pop();
  // The game's page leads back to the tournament, and offers berserk rather than a rematch.
  await guest.locator('a', { hasText: 'Back to the tournament' }).waitFor();
  await guest.locator('#berserk').waitFor();
  await shot(guest, 'tournament-game');
  await guest.setViewportSize({ width: 360, height: 740 });
  await guest.locator('#berserk').scrollIntoViewIfNeeded();
  await shot(guest, 'tournament-game-360');
  await guest.setViewportSize({ width: 1200, height: 900 });
  // The host goes berserk from the tournament's page: half a minute left, no increment.
  await host.locator('#t-berserk').click();
  await host.locator('#t-berserk').waitFor({ state: 'detached' });
  const state = await gameState(server, game);
  const hostSide = state.seats.white.name === hostName ? 'white' : 'black';
  assert.equal(state.seats[hostSide].berserk, true);
  assert.equal(state.clock[`${hostSide}_ms`], 30_000);
  await guest.locator('#resign').click();
  await guest.locator('#confirm [data-confirm=yes]').click();
  await guest.locator('#status', { hasText: 'resigned' }).waitFor();

  // The host's tournament page shows the result and the standings without a reload.
  const first = host.locator('#t-standings tbody tr').first();
  await first.locator('td:nth-child(3)', { hasText: /^2$/ }).waitFor();
  assert.deepEqual((await first.locator('td').allTextContents()).slice(0, 3), ['1', hostName, '2']);
  await host.locator(`#t-pairings a[href="/games/${game}"]`).waitFor();
  await shot(host, 'tournament-standings');
  await host.setViewportSize({ width: 360, height: 740 });
  await shot(host, 'tournament-360');
  const width = await host.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the tournament page is ${width} px wide at 360 px`);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context().close();
  await guest.context().close();
});
