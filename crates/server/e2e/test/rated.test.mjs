// Two accounts play a rated game from the pages: each signs up, one posts a rated seek in the
// lobby, the other takes it, they play to the end (a move each, then a resignation), both
// pages show each side's rating and its change, and both profiles show the new rating, its
// chart, the record and the game. The leaderboards' page lists nobody yet (newcomers are not
// ranked), at desktop size and on a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { gameState, newPage, playByClicks, serverAndBrowser, shot, signUp, waitForPly } from '../lib/harness.mjs';

const shared = serverAndBrowser();

// The change of a rating as the pages write it.
const changeText = (change) => (change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '±0');

test('two accounts play a rated game from the lobby and both see their new ratings on their profiles', async () => {
  const { server, browser } = shared;
  const tag = process.pid % 10000;
  const [hostName, guestName] = [`host_${tag}`, `guest_${tag}`];
  const host = await newPage(browser);
  const guest = await newPage(browser);
  await signUp(host, server, hostName);
  await signUp(guest, server, guestName);

  // The host posts a rated 3+2 challenge of checkers as White.
  await host.goto(`${server.base}/`);
  await host.locator('[data-game=checkers]').click();
  await host.locator('input[name=opponent][value=lobby]').check();
  await host.locator('#rated-set:not([hidden])').waitFor();
  await host.locator('#rated').check();
  await host.setViewportSize({ width: 360, height: 740 });
  await host.locator('#rated-set').scrollIntoViewIfNeeded();
  await shot(host, 'new-game-rated-360');
  await host.setViewportSize({ width: 1280, height: 800 });
  await host.locator('select[name=clock]').selectOption({ label: '3+2' });
  await host.locator('input[name=side][value=white]').check();
  await host.locator('#start').click();
  await host.locator('#seeks li.yours', { hasText: 'rated' }).waitFor();

  // The guest sees who posted it, with the rating (provisional), and takes it.
  await guest.goto(`${server.base}/`);
  const offered = guest.locator('#seeks li', { hasText: hostName });
  await offered.waitFor();
  assert.match(await offered.textContent(), new RegExp(`3\\+2.*rated.*${hostName} \\(1500\\?\\)`));
  await shot(guest, 'lobby-rated');
  await guest.setViewportSize({ width: 360, height: 740 });
  await shot(guest, 'lobby-rated-360');
  await guest.setViewportSize({ width: 1280, height: 800 });
  await offered.locator('button', { hasText: 'Accept' }).click();
  await guest.waitForURL(/\/games\/[a-z0-9]+$/);
  const id = guest.url().split('/').pop();
  await host.waitForURL(`${server.base}/games/${id}`);
  await host.locator('#seat-bottom', { hasText: `White: ${hostName}` }).waitFor();
  await guest.locator('#seat-bottom', { hasText: `Black: ${guestName}` }).waitFor();

  // A move each (Black first in checkers), then White resigns.
  let state = await gameState(server, id);
  assert.equal(state.rated, true);
  await playByClicks(guest, state.legal[0], 0);
  await waitForPly(host, 1);
  state = await gameState(server, id);
  await playByClicks(host, state.legal[0], 1);
  await waitForPly(guest, 2);
  await host.locator('#resign').click();
  await host.locator('#confirm [data-confirm=yes]').click();
  await host.locator('#status', { hasText: 'resigned' }).waitFor();
  state = await gameState(server, id);
  assert.equal(state.status, 'over');
  const { white, black } = state.ratings;
  assert.ok(black.change > 0 && white.change < 0, JSON.stringify(state.ratings));
  // Both pages show each side's rating before the game and its change.
  for (const page of [host, guest]) {
    await page.locator('#status', { hasText: 'resigned' }).waitFor();
    await page.locator('.seat', { hasText: `${hostName}` }).filter({ hasText: `${white.before} ${changeText(white.change)}` }).waitFor();
    await page.locator('.seat', { hasText: `${guestName}` }).filter({ hasText: `${black.before} ${changeText(black.change)}` }).waitFor();
  }
  await shot(guest, 'rated-game-over');

  // Each opens its profile from the header's menu: the new rating, its chart, the record, the game.
  for (const [page, name, side, sideShown, opponent, outcome, record] of [
    [guest, guestName, black, 'Black', hostName, 'won', '1 win, 0 draws, 0 losses'],
    [host, hostName, white, 'White', guestName, 'lost', '0 wins, 0 draws, 1 loss'],
  ]) {
    await page.locator('#account-link').click();
    await page.locator('.account-menu-items a', { hasText: 'Your profile' }).click();
    await page.waitForURL(`${server.base}/@/${name}`);
    const rating = page.locator('#ratings tr[data-perf="checkers/blitz"]');
    await rating.waitFor();
    const cells = await rating.locator('td').allTextContents();
    assert.deepEqual(cells.slice(1, 4), ['Blitz', `${side.before + side.change}?`, '1']);
    await page.locator('#chart-drawing svg circle').waitFor();
    assert.equal(await page.locator('#chart-drawing svg circle').count(), 1);
    assert.equal(await page.locator('#results').textContent(), record);
    const game = page.locator(`#games tr[data-game="${id}"]`);
    await game.waitFor();
    const shown = await game.locator('td').allTextContents();
    assert.deepEqual(shown.slice(1, 5), [opponent, sideShown, outcome, `${side.before} ${changeText(side.change)}`]);
    assert.equal(await page.locator('#download').getAttribute('href'), `/api/users/${name}/games.txt`);
    assert.deepEqual(page.errors, []);
  }
  await shot(guest, 'profile-desktop');
  await guest.setViewportSize({ width: 360, height: 740 });
  await shot(guest, 'profile-360');
  const width = await guest.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the profile is ${width} px wide at 360 px`);

  // The leaderboards: newcomers are not ranked yet.
  await guest.goto(`${server.base}/leaderboard?game=checkers&speed=blitz`);
  await guest.locator('#empty:not([hidden])').waitFor();
  assert.equal(await guest.locator('#lb-game').inputValue(), 'checkers');
  await guest.locator('#lb-speed').selectOption('bullet');
  await guest.waitForURL(/speed=bullet/);
  await shot(guest, 'leaderboard-360');
  assert.deepEqual(guest.errors, []);
  await host.context().close();
  await guest.context().close();
});
