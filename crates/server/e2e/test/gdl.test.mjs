// Games written in GDL: tic-tac-toe's rules (the GDL crate's test game) pasted into the home
// page's form, then played by clicks on the board the server reads from the rules, against the
// computer; and Nim, which has no board, played from the list of its moves, against the
// computer at a desktop's width and at one screen on a phone's, by touch and by keyboard.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import {
  api, gameState, newPage, openSeats, playByClicks, serverAndBrowser, shot, startAgainstComputer, waitForPly,
  workspace,
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

// Nim (the GDL crate's test game: heaps of 3, 4 and 5, the last stick wins) has no board: its
// legal moves are listed on the page as buttons, each labelled with the move.
const nimRules = () => readFile(join(workspace, 'crates/gdl/tests/games/nim.kif'), 'utf8');

// The moves the page lists, as their buttons' texts.
const listed = (page) => page.locator('.move-button code').allTextContents();

test('a game without a board is played from its list of moves against the computer, to its end', async () => {
  const { server, browser } = shared;
  const page = await newPage(browser, { width: 1200, height: 900 });
  await page.goto(`${server.base}/`);
  await page.locator('[data-game=gdl]').click();
  await page.locator('#gdl-rules').fill(await nimRules());
  const id = await startAgainstComputer(page);
  const start = await gameState(server, id);
  await page.locator('.move-button').first().waitFor();
  // Every legal move, in the server's order, and no board, nor a board's tools.
  assert.deepEqual(await listed(page), start.legal.map((move) => move.move));
  assert.equal(await page.locator('svg.board-svg').count(), 0);
  for (const tool of ['#flip', '#zoom', '#numbers-toggle']) assert.equal(await page.locator(tool).isVisible(), false, tool);
  assert.equal(await page.getByRole('group', { name: 'Legal moves' }).getByRole('button').count(), 12);
  assert.match(await page.locator('.move-list').textContent(), /\(heap a 3\) \(heap b 4\) \(heap c 5\)/);
  await shot(page, 'gdl-nim-start');
  // A hint marks its move's button.
  await page.locator('#hint').click();
  await page.locator('.move-button.hint .move-hint:not([hidden])').waitFor();
  assert.equal(await page.locator('.move-button.hint code').textContent(), await page.locator('#analysis-out').getAttribute('data-best'));
  await shot(page, 'gdl-nim-hint');
  // The first move listed each turn, clicked, until the game ends.
  let state = start;
  while (state.status === 'ongoing') {
    if (state.to_move === 'white') {
      await waitForPly(page, state.ply);
      const button = page.locator('.move-button[aria-disabled=false]').first();
      const text = await button.locator('code').textContent();
      await button.click();
      await page.waitForFunction((before) => Number(document.body.dataset.ply) > before, state.ply, { timeout: 20000 });
      assert.equal((await gameState(server, id)).moves[state.ply], text);
    } else {
      await new Promise((done) => setTimeout(done, 100));
    }
    state = await gameState(server, id);
  }
  // Whoever took the last stick won: White made the odd moves.
  assert.equal(state.result, state.moves.length % 2 ? '1-0' : '0-1', JSON.stringify(state));
  await page.locator('#status[data-status=over]').waitFor();
  assert.match(await page.locator('#status').textContent(), new RegExp(`Game over: ${state.result}`));
  await page.locator('.move-list-none:not([hidden])').waitFor();
  assert.equal(await page.locator('.move-list').getByText('Last move').count(), 1);
  await shot(page, 'gdl-nim-over');
  // The analysis board: a move listed one step back is explored, the game unchanged.
  await page.locator('[data-nav=back]').click();
  await page.locator('.move-button[aria-disabled=false]').first().click();
  await page.locator('#replay-note', { hasText: 'Variation' }).waitFor();
  assert.equal((await gameState(server, id)).moves.length, state.moves.length);
  await page.locator('#analysis-out', { hasText: 'Best move' }).waitFor();
  await shot(page, 'gdl-nim-variation');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a game without a board fits a phone and is played at one screen by touch and by keyboard', async () => {
  const { server, browser } = shared;
  const { status, data: created } = await api(server, 'POST', '/api/games',
    { game: 'gdl', rules: await nimRules(), white: 'human', black: 'human' });
  assert.equal(status, 201, JSON.stringify(created));
  // A watcher's list: every move, none to press, and why when pressed all the same.
  const watcher = await newPage(browser, { width: 1200, height: 900 });
  await watcher.goto(server.base + created.watch_url);
  await watcher.locator('.move-button').first().waitFor();
  assert.equal(await watcher.locator('.move-button[aria-disabled=true]').count(), 12);
  await watcher.locator('.move-button').first().click({ force: true });
  await watcher.locator('#message', { hasText: 'You are watching this game' }).waitFor();
  await shot(watcher, 'gdl-nim-watching');
  await watcher.context().close();
  const page = await newPage(browser, { width: 360, height: 740, colorScheme: 'dark' });
  await openSeats(page, server, created);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
  // Two buttons a row, each at least a thumb high.
  const boxes = await page.locator('.move-button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()));
  assert.equal(boxes[0].top, boxes[1].top);
  assert.ok(boxes[2].top > boxes[1].top);
  assert.ok(boxes.every((box) => box.height >= 44 && box.right <= 360), JSON.stringify(boxes));
  await shot(page, 'gdl-nim-phone');
  // A tap: White takes the five of heap c.
  await page.locator('.move-button[data-cell="(take c 5)"]').click();
  await waitForPly(page, 1);
  assert.deepEqual(await listed(page), ['(take a 1)', '(take a 2)', '(take a 3)', '(take b 1)', '(take b 2)', '(take b 3)', '(take b 4)']);
  // The keyboard: the list is one tab stop, the arrows go from move to move, Enter plays. The
  // focus stays in the list as the moves change.
  assert.equal(await page.locator('.move-button[tabindex="0"]').count(), 1);
  await page.locator('.move-button').first().focus();
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-cell')), '(take b 4)');
  await page.keyboard.press('Enter');
  await waitForPly(page, 2);
  assert.deepEqual(await listed(page), ['(take a 1)', '(take a 2)', '(take a 3)']);
  assert.equal(await page.evaluate(() => document.activeElement?.closest('.move-buttons') !== null), true);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  await waitForPly(page, 3);
  const over = await gameState(server, created.id);
  assert.equal(over.result, '1-0', 'White took the last stick');
  assert.deepEqual(over.moves, ['(take c 5)', '(take b 4)', '(take a 3)']);
  await page.locator('#status[data-status=over]').waitFor();
  await shot(page, 'gdl-nim-phone-over');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
