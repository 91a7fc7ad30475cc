// The board without a mouse: one tab stop whose cells the arrow keys walk, moves typed in the
// game's notation, and the opponent's moves and the result announced through `aria-live`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api, createGame, gameState, newPage, openSeats, serverAndBrowser, shot, waitForPly } from '../lib/harness.mjs';

const shared = serverAndBrowser();

const focused = (page) => page.evaluate(() => document.activeElement?.dataset?.cell ?? null);
// Presses `key` and waits until the focus is on `cell` (the arrows' module loads with the first).
async function arrow(page, key, cell) {
  await page.keyboard.press(key);
  await page.waitForFunction((wanted) => document.activeElement?.dataset?.cell === wanted, cell);
}
const entered = (page) => page.evaluate(() => document.body.dataset.entered);

test('the board is one tab stop, and the arrow keys move between its cells', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'checkers');
  const page = await newPage(browser, { width: 1366, height: 768 });
  await openSeats(page, server, created);
  assert.equal(await page.locator('[data-cell][tabindex="0"]').count(), 1, 'one tab stop');
  await page.locator('[data-cell][tabindex="0"]').focus();
  assert.equal(await focused(page), '1');
  // On a board of dark squares the arrows go diagonally: right is up-right, down is
  // down-right, left is down-left, up is up-left.
  await arrow(page, 'ArrowDown', '6');
  await arrow(page, 'ArrowDown', '10');
  assert.equal(await page.locator('[data-cell][tabindex="0"]').count(), 1);
  assert.equal(await page.locator('[data-cell="10"]').getAttribute('tabindex'), '0');
  // Black's man on 10 is picked up with Enter and played to 14 (down-left) with Space.
  await page.keyboard.press('Enter');
  assert.equal(await entered(page), '10');
  await arrow(page, 'ArrowLeft', '14');
  await page.keyboard.press(' ');
  await waitForPly(page, 1);
  assert.equal((await gameState(server, created.id)).moves[0], '10-14');
  // Tab leaves the board at once.
  await page.locator('[data-cell="14"]').focus();
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the board takes one stop of the Tab key: its drawing takes none', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'fanorona');
  const page = await newPage(browser);
  await openSeats(page, server, created);
  const inBoard = () => page.evaluate(() => document.getElementById('board').contains(document.activeElement));
  await page.locator('[data-cell][tabindex="0"]').focus();
  const cell = await focused(page);
  assert.ok(cell);
  // Back from the board's cell: the stop before the board, outside it.
  await page.keyboard.press('Shift+Tab');
  assert.equal(await inBoard(), false, 'Shift+Tab from the cell leaves the board');
  // Tab from there lands on the cell, and the next Tab leaves the board.
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), cell);
  await page.keyboard.press('Tab');
  assert.equal(await inBoard(), false, 'Tab from the cell leaves the board');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a move typed in the text box is played with Enter, and a wrong one is explained', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'fanorona');
  const page = await newPage(browser, { width: 1366, height: 768 });
  await openSeats(page, server, created);
  const box = page.locator('#move-text');
  assert.ok(await box.isVisible());
  assert.match(await box.getAttribute('placeholder'), /e\.g\. D3-E3A/);
  await box.fill('E4-E2');
  await box.press('Enter');
  await page.locator('#message', { hasText: 'E4-E2 was not played' }).waitFor();
  assert.equal((await gameState(server, created.id)).ply, 0);
  // The seed's own form, a point and a direction, is read by the server.
  await box.fill('f4 nw');
  await box.press('Enter');
  await waitForPly(page, 1);
  assert.equal((await gameState(server, created.id)).moves[0], 'F4-E3A');
  // Cleared once the server's answer comes (the socket may bring the move first).
  await page.waitForFunction(() => document.getElementById('move-text').value === '');
  assert.equal(await page.locator('#message').textContent(), '');
  await shot(page, 'fanorona-typed');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a wrong move typed in Day and Night lists a few of its many legal moves, not all', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'daynight', { options: 'rings=6' });
  const page = await newPage(browser, { width: 360, height: 740 });
  await openSeats(page, server, created);
  const box = page.locator('#move-text');
  await box.fill('a1-a2');
  await box.press('Enter');
  const message = page.locator('#message', { hasText: 'a1-a2 was not played' });
  await message.waitFor();
  const text = await message.textContent() ?? '';
  assert.match(text, /legal moves include (\S+ ){6}and \d+ more/);
  assert.ok(text.length < 250, `${text.length} characters: ${text}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the opponent's move and the result are announced", async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'minicheckers');
  const page = await newPage(browser);
  await openSeats(page, server, created, ['white']);
  const announce = page.locator('#announce');
  assert.equal(await announce.getAttribute('aria-live'), 'polite');
  await page.locator('#move-text').fill('b2-c3');
  await page.locator('#move-text').press('Enter');
  await waitForPly(page, 1);
  // The player's own move is not announced; the opponent's is.
  assert.equal(await announce.textContent(), '');
  const black = created.seats.black.token;
  const moved = await api(server, 'POST', `/api/games/${created.id}/moves`, { move: 'a5-b4', ply: 1 }, black);
  assert.equal(moved.status, 200, JSON.stringify(moved.data));
  await waitForPly(page, 2);
  await page.waitForFunction(() => document.getElementById('announce').textContent !== '');
  assert.equal(await announce.textContent(), 'Black played a5-b4.');
  await api(server, 'POST', `/api/games/${created.id}/resign`, undefined, black);
  await page.waitForFunction(() => /Game over/.test(document.getElementById('announce').textContent));
  assert.equal(await announce.textContent(), 'Game over: 1-0. White wins: Black resigned');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an agreed draw is announced to both players, and the game becomes an analysis board', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'minicheckers');
  const [white, black] = [await newPage(browser), await newPage(browser)];
  await openSeats(white, server, created, ['white']);
  await openSeats(black, server, created, ['black']);
  // A move each, so that the analysis board has moves to step through.
  await white.locator('#move-text').fill('b2-c3');
  await white.locator('#move-text').press('Enter');
  await waitForPly(black, 1);
  await black.locator('#move-text').fill('a5-b4');
  await black.locator('#move-text').press('Enter');
  await waitForPly(white, 2);
  await white.locator('#draw').click();
  await black.locator('#offer button', { hasText: 'Accept the draw' }).click();
  for (const page of [white, black]) {
    const announce = page.locator('#announce', { hasText: 'Game over:' });
    await announce.waitFor({ state: 'attached' });
    assert.match(await announce.textContent(), /^Game over: 1\/2-1\/2\. .*agree/i);
    assert.match(await page.locator('[data-status]').textContent(), /agree/i);
    // The analysis board: the position is evaluated, and the arrow keys step back.
    await page.locator('#analysis-board:not([hidden])').waitFor();
    await page.locator('#eval-bar:not([hidden])').waitFor({ timeout: 15_000 });
    await page.locator('h2').first().click();
    await page.keyboard.press('ArrowLeft');
    await page.locator('#moves [aria-current][data-ply="1"]').waitFor();
    assert.deepEqual(page.errors, []);
  }
  await shot(black, 'draw-agreed-analysis');
  assert.equal((await gameState(server, created.id)).status, 'over');
  await white.context().close();
  await black.context().close();
});
