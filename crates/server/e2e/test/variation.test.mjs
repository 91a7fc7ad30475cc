// The analysis board's variations: on a finished game, a move entered on an earlier position is
// played on a copy, analysed where it leads with the best move drawn as an arrow, and the game
// is unchanged; ‹ goes back to where the variation began.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  api, clickKeys, gameState, prepared, serverAndBrowser, shot,
} from '../lib/harness.mjs';

const shared = serverAndBrowser();

test('a variation explored on a finished game shows the engine\'s view and an arrow, and leaves the game unchanged', async () => {
  const { server, browser } = shared;
  const { created, page } = await prepared(server, browser, 'checkers', ['9-14', '22-18', '11-15', '18x11', '8x15']);
  await page.locator('#resign').click();
  await page.locator('#confirm [data-confirm=yes]').click();
  await page.locator('#analysis-board:not([hidden])').waitFor();
  // The finished game's last position is analysed, its best move drawn as an arrow.
  await page.locator('#analysis-out[data-best]').waitFor({ timeout: 15_000 });
  await page.locator('.arrow[data-arrow]').waitFor();

  // Back to the position after two moves; a move other than the game's third is played there.
  await page.locator('[data-moves] button[data-ply="2"]').click();
  await page.locator('#moves [aria-current][data-ply="2"]').waitFor();
  const after2 = (await api(server, 'GET', `/api/games/${created.id}/replay/2`)).data;
  const other = after2.legal.find((move) => move.move !== '11-15' && move.clicks.length === 2);
  for (const key of clickKeys(other)) await page.locator(`[data-cell="${key}"]`).click();
  await page.locator('#replay-note', { hasText: `Variation from move 2: ${other.move}` }).waitFor();
  const [, to] = other.move.split(/[-x]/);
  assert.equal(await page.locator(`[data-piece="${to}"]`).count(), 1, 'the variation is drawn');
  // It is analysed where it leads, White to move: the best move is one of White's there.
  await page.locator('#analysis-out[data-best]').waitFor({ timeout: 15_000 });
  const best = await page.locator('#analysis-out').getAttribute('data-best');
  const query = new URLSearchParams({ position: after2.position, moves: other.move });
  const there = (await api(server, 'GET', `/api/catalog/checkers/position?${query}`)).data;
  assert.ok(there.legal.some((move) => move.move === best), `${best} is a move after ${other.move}`);
  await page.locator('.arrow[data-arrow]').waitFor();
  await shot(page, 'variation');
  // The game is unchanged.
  assert.deepEqual((await gameState(server, created.id)).moves, ['9-14', '22-18', '11-15', '18x11', '8x15']);

  // ‹ goes back to where the variation began; » to the game's end.
  await page.locator('[data-nav=back]').click();
  await page.locator('#replay-note', { hasText: 'Showing the position after move 2' }).waitFor();
  await page.locator('[data-nav=end]').click();
  await page.waitForFunction(() => document.getElementById('replay-note').hidden);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
