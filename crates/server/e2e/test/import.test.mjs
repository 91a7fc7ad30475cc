// The analysis board's start (`/analysis`): a record pasted or opened from a file is replayed on
// the analysis board, with the engine's view; a record that cannot be read is refused with its
// line, and nothing is made. The record's players name the seats.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { api, gameState, newPage, serverAndBrowser, shot, temporaryFolder } from '../lib/harness.mjs';

const shared = serverAndBrowser();

const RECORD = `[Event "Club night"]
[White "Ann"]
[Black "Bob"]
[GameType "21"]

1. 9-14 22-18 2. 11-15 {a comment} 18x11 3. 8x15 1-0
`;

test('a pasted record opens on the analysis board, analysed, its game as the record ends', async () => {
  const { server, browser } = shared;
  for (const [width, height, name] of [[1200, 900, 'import'], [360, 740, 'import-phone']]) {
    const page = await newPage(browser, { width, height });
    await page.goto(`${server.base}/analysis`);
    await page.locator('#import-game option[value=checkers]').waitFor({ state: 'attached' });
    await page.locator('#import-record').fill(RECORD);
    await shot(page, name);
    await page.locator('#import button[type=submit]').click();
    await page.waitForURL(/\/games\/[a-z0-9]+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const state = await gameState(server, id);
    assert.deepEqual(state.moves, ['9-14', '22-18', '11-15', '18x11', '8x15']);
    assert.equal(state.status, 'over');
    assert.equal(state.result, '1-0');
    await page.locator('#status', { hasText: 'Game over: 1-0' }).waitFor();
    // The record's players name the seats.
    await page.locator('.seat', { hasText: 'Ann' }).waitFor();
    await page.locator('.seat', { hasText: 'Bob' }).waitFor();
    // An analysis board: the last position is analysed, and earlier ones can be shown.
    await page.locator('#analysis-board:not([hidden])').waitFor();
    await page.locator('#analysis-out[data-best]').waitFor({ timeout: 15_000 });
    await page.locator('[data-moves] button[data-ply="2"]').click();
    await page.locator('#moves [aria-current][data-ply="2"]').waitFor();
    await shot(page, `${name}ed`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('a record from a file, of no named game, opens as the game chosen; one that ends early has no result', async () => {
  const { server, browser } = shared;
  const folder = temporaryFolder('arbiter-import-');
  const file = join(folder, 'game.txt');
  writeFileSync(file, '1. 11-15 23-19 2. 8-11 *\n');
  const page = await newPage(browser);
  await page.goto(`${server.base}/analysis`);
  await page.locator('#import-game option[value=checkers]').waitFor({ state: 'attached' });
  await page.locator('#import-file').setInputFiles(file);
  await page.waitForFunction(() => /** @type {HTMLTextAreaElement} */ (document.getElementById('import-record')).value.includes('8-11'));
  // Without a game chosen, the record names none: it is refused and nothing is made.
  const before = (await api(server, 'GET', '/api/games')).data.length;
  await page.locator('#import button[type=submit]').click();
  await page.locator('#import-error', { hasText: 'names no game' }).waitFor();
  assert.equal((await api(server, 'GET', '/api/games')).data.length, before);
  await page.locator('#import-game').selectOption('checkers');
  await page.locator('#import button[type=submit]').click();
  await page.waitForURL(/\/games\/[a-z0-9]+$/);
  await page.locator('#status', { hasText: 'No result' }).waitFor();
  await page.locator('#analysis-out[data-best]').waitFor({ timeout: 15_000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a record with a move that cannot be played is refused, with its line', async () => {
  const { server, browser } = shared;
  const page = await newPage(browser);
  await page.goto(`${server.base}/analysis`);
  await page.locator('#import-record').fill('[GameType "21"]\n\n1. 11-15 23-19\n2. 8-11 19-23 *\n');
  await page.locator('#import button[type=submit]').click();
  await page.locator('#import-error', { hasText: 'line 4' }).waitFor();
  assert.match(page.url(), /\/analysis$/);
  await page.context().close();
});
