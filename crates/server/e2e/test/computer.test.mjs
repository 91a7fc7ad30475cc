// A game against the computer, started from the home page's form and played to its end; a click
// made while the computer's reply waits to be drawn is played on it.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import {
  click, clickKeys, gameState, launch, newPage, playToEnd, shot, startAgainstComputer, startServer, waitForPly,
} from '../lib/harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

test('a game against the computer, from the home page to the end', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  await page.locator('[data-game=holes]').waitFor();
  await shot(page, 'home-desktop');
  await page.locator('[data-game=holes]').click();
  const id = await startAgainstComputer(page);
  const start = await gameState(server, id);
  assert.match(start.seats.black.player, /^ai:/);
  // The computer is named by the level chosen, as the server says, not by its engine settings.
  assert.equal(start.seats.black.name, 'Computer, level 1');
  assert.equal(start.seats.black.level, 1);
  await page.locator('#seat-top', { hasText: 'Black: Computer, level 1' }).waitFor();
  const final = await playToEnd(server, id, (side) => (side === 'white' ? page : null), { seed: 11 });
  await waitForPly(page, final.ply);
  assert.ok(final.moves.length >= 2);
  await page.waitForFunction(() => document.querySelector('[data-status]').dataset.status === 'over');
  await shot(page, 'computer-over');

  // The list of games shows it.
  await page.goto(`${server.base}/games`);
  await page.locator(`a[href="/games/${id}"]`).waitFor();
  await shot(page, 'games-list');
  assert.match(await page.locator(`tr:has(a[href="/games/${id}"])`).textContent(), /A person.*Computer, level 1/);
  assert.deepEqual(page.errors, []);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${server.base}/`);
  await page.locator('[data-game=holes]').waitFor();
  await shot(page, 'home-360');
  await page.context().close();
});

test('the perfect player is offered for the solved games only, and wins a won game', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  await page.locator('[data-game=checkers]').waitFor();
  await page.locator('[data-game=checkers]').click();
  const perfectOffered = () => page.locator('option[value=perfect]').evaluate((option) => !option.disabled && !option.hidden);
  assert.equal(await perfectOffered(), false);
  await page.locator('[data-game=minicheckers]').click();
  assert.equal(await perfectOffered(), true);
  await page.locator('select[name=level]').selectOption('perfect');
  await page.locator('input[name=side][value=black]').check();
  await page.locator('#start').click();
  await page.waitForURL(/\/games\/[a-z0-9]+$/);
  const id = page.url().split('/').pop();
  // White, the perfect player, wins mini checkers from the start whatever Black does.
  await waitForPly(page, 1);
  assert.match(await page.locator('body').textContent(), /White: Computer, perfect play/);
  const final = await playToEnd(server, id, (side) => (side === 'black' ? page : null), { seed: 5 });
  assert.equal(final.status, 'over');
  assert.equal(final.result, '1-0');
  await page.waitForFunction(() => document.querySelector('[data-status]').dataset.status === 'over');
  await shot(page, 'minicheckers-perfect-over');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a click made while the computer's reply waits to be drawn is kept for it, never refused", async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  await page.locator('[data-game=holes]').click();
  const id = await startAgainstComputer(page);
  // Moves until a click lands in the pause before the computer's reply is drawn (the server
  // already has it): most turns give one.
  let caught = 0;
  for (let turn = 0; turn < 8 && !caught; turn += 1) {
    const state = await gameState(server, id);
    await waitForPly(page, state.ply);
    assert.equal(state.status, 'ongoing');
    for (const token of clickKeys(state.legal[0])) await click(page, token);
    let reply = state;
    while (reply.ply < state.ply + 2 && reply.status === 'ongoing') reply = await gameState(server, id);
    if (reply.status !== 'ongoing') break;
    // The first click of White's next move, made only if the page still shows the move before
    // the reply (in the page itself, so that nothing comes between the look and the click).
    const first = clickKeys(reply.legal[0])[0];
    const clicked = await page.evaluate(({ ply, cell }) => {
      if (document.body.dataset.ply !== String(ply)) return false;
      document.querySelector(`[data-cell="${cell}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
      return true;
    }, { ply: state.ply + 1, cell: first });
    await waitForPly(page, reply.ply);
    if (!clicked) continue;
    caught += 1;
    // Played once the reply is drawn: the piece is taken up, and nothing was refused.
    await page.waitForFunction((cell) => document.body.dataset.entered === cell, first);
    assert.equal(await page.locator('#message').textContent(), '');
    await shot(page, 'computer-click-kept');
  }
  assert.ok(caught > 0, 'no click came while a reply waited');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
