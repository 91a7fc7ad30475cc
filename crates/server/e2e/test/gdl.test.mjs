// A game written in GDL from the home page: tic-tac-toe's rules (the GDL crate's test game)
// pasted into the form, then played by clicks on the board the server reads from the rules,
// against the computer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import {
  gameState, newPage, playByClicks, serverAndBrowser, shot, startAgainstComputer, waitForPly, workspace,
} from '../lib/harness.mjs';

const shared = serverAndBrowser();

test('a game written in GDL is played on its board, from the home page', async () => {
  const rules = await readFile(join(workspace, 'crates/gdl/tests/games/ticTacToe.kif'), 'utf8');
  const { server, browser } = shared;
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  await page.locator('[data-game=gdl]').click();
  await page.locator('#gdl-rules').fill(rules);
  const id = await startAgainstComputer(page);
  const start = await gameState(server, id);
  assert.equal(start.game, 'gdl');
  // The board: three columns and three rows of cells, the centre one clicked once to mark it.
  await page.locator('[data-cell="2,2"]').waitFor();
  assert.equal(await page.locator('[data-cell]').count(), 9);
  const centre = start.legal.find((move) => move.move === '(mark 2 2)');
  await playByClicks(page, centre, 0);
  const answered = await waitForPly(page, 2).then(() => gameState(server, id));
  assert.deepEqual(answered.moves[0], '(mark 2 2)');
  assert.equal(answered.pieces.length, 2);
  // The marks are drawn as the pieces of their sides.
  await page.locator('[data-piece="2,2"].white').waitFor();
  await shot(page, 'gdl-tic-tac-toe');
  if (process.env.GDL_SCREENSHOT) await page.screenshot({ path: process.env.GDL_SCREENSHOT, fullPage: true });
  const corner = answered.legal.find((move) => move.clicks[0].cell !== undefined);
  await playByClicks(page, corner, 2);
  assert.equal((await gameState(server, id)).moves.length >= 3, true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
