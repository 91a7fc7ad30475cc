// Two browsers: one posts a challenge in the lobby, the other takes it; both play on a clock
// that ticks, one resigns, and a rematch starts from both pages. Also "your games", the pages at
// a phone's width, and a game on a short clock whose time runs out, seen on both pages.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  api, createGame, gameState, newPage, openSeats, playByClicks, serverAndBrowser, shot, waitForPly,
} from '../lib/harness.mjs';

const shared = serverAndBrowser();

// The clock node of `side` on `page`, as text.
const clockText = (page, side) => page.locator(`[data-clock=${side}]`).textContent();

test('a seek taken from the lobby, a game on a clock, a resignation, a rematch from both pages', async () => {
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

  // White resigns: both pages say so.
  await host.locator('#resign').click();
  await host.locator('#confirm [data-confirm=yes]').click();
  for (const page of [host, guest]) {
    await page.locator('#status', { hasText: 'resigned' }).waitFor();
  }
  assert.equal((await gameState(server, id)).status, 'over');

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

test('a game on a clock whose time runs out ends on both pages, its clocks kept', async () => {
  const { server, browser } = shared;
  // Three seconds each, so that the flag falls soon after the first moves.
  const created = await createGame(server, 'minicheckers', { clock: { initial_ms: 3000, increment_ms: 0 } });
  const [white, black] = [await newPage(browser), await newPage(browser)];
  await openSeats(white, server, created, ['white']);
  await openSeats(black, server, created, ['black']);
  assert.equal(await clockText(white, 'white'), '0:03.0');

  // One move each: the clock then runs for White, who lets it run out; the server ends the
  // game, and both pages say so.
  let state = await gameState(server, created.id);
  await playByClicks(white, state.legal[0], 0);
  state = await gameState(server, created.id);
  await waitForPly(black, 1);
  await playByClicks(black, state.legal[0], 1);
  for (const page of [white, black]) {
    await page.locator('#status', { hasText: "White's time ran out" }).waitFor({ timeout: 15_000 });
  }
  const final = await gameState(server, created.id);
  assert.equal(final.status, 'time');
  // The loss on time is announced on both pages, as every ending is.
  for (const page of [white, black]) {
    const announce = page.locator('#announce', { hasText: 'Game over:' });
    await announce.waitFor({ state: 'attached' });
    assert.match(await announce.textContent(), /^Game over: 0-1\. .*time/i);
  }
  assert.equal(await clockText(black, 'white'), '0:00.0');
  // Lost on time, the game is an analysis board: its position is evaluated, and the arrow keys
  // step back through its moves.
  await black.locator('#analysis-board:not([hidden])').waitFor();
  await black.locator('#eval-bar:not([hidden])').waitFor({ timeout: 15_000 });
  await black.locator('body').click({ position: { x: 5, y: 5 } });
  await black.keyboard.press('ArrowLeft');
  await black.locator('#moves [aria-current][data-ply="1"]').waitFor();
  await shot(black, 'flagged-desktop');
  const record = await api(server, 'GET', `/api/games/${created.id}/record`);
  assert.match(record.data, /\[Result "0-1"\]/);
  // A game on a clock's record names its time control too, and each move's time left.
  for (const tag of ['Event "', 'Site "Arbiter"', 'Date "', 'White "', 'Black "', 'TimeControl "']) {
    assert.ok(record.data.includes(`[${tag}`), `the record has [${tag}…]: ${record.data}`);
  }
  assert.match(record.data, /\[%clk \d+:\d\d:\d\d/);
  assert.deepEqual(white.errors, []);
  assert.deepEqual(black.errors, []);
  await white.context().close();
  await black.context().close();
});

test("a person's reply on a clock is drawn as it arrives, not held back as the computer's are", async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'minicheckers', { clock: { initial_ms: 60_000, increment_ms: 0 } });
  const white = await newPage(browser);
  // When each state came over the game's socket, and when each ply was drawn, on the page's
  // own clock.
  await white.addInitScript(() => {
    const seen = { arrived: {}, drawn: {} };
    Object.assign(window, { seen });
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (event) => {
          const ply = JSON.parse(event.data).ply;
          if (typeof ply === 'number' && !(ply in seen.arrived)) seen.arrived[ply] = performance.now();
        });
      }
    };
    new MutationObserver(() => {
      const ply = document.body?.dataset.ply;
      if (ply !== undefined && !(ply in seen.drawn)) seen.drawn[ply] = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ply'] });
  });
  await openSeats(white, server, created, ['white']);

  // White moves on the page; Black answers through the API as soon as White's move is shown,
  // within the pause that the computer's replies wait.
  let state = await gameState(server, created.id);
  await playByClicks(white, state.legal[0], 0);
  assert.doesNotMatch(await white.title(), /Your turn/);
  state = await gameState(server, created.id);
  const reply = await api(server, 'POST', `/api/games/${created.id}/moves`,
    { move: state.legal[0].move, ply: 1 }, created.seats.black.token);
  assert.equal(reply.status, 200);
  await waitForPly(white, 2);
  // White's turn again: the tab says so.
  assert.match(await white.title(), /^Your turn · Mini checkers/);
  const { arrived, drawn } = await white.evaluate(() => /** @type {any} */ (window).seen);
  const held = drawn[2] - arrived[2];
  assert.ok(held < 100, `the reply was drawn ${held.toFixed(0)} ms after it arrived`);
  assert.deepEqual(white.errors, []);
  await white.context().close();
});

test("a seek's age counts up on the lobby", async () => {
  const { server, browser } = shared;
  const page = await newPage(browser);
  // The page's clock, moved forward by the test: no real wait.
  await page.clock.install();
  await page.goto(`${server.base}/`);
  const { status, data: posted } = await api(server, 'POST', '/api/seeks', {
    game: 'holes', clock: { initial_ms: 300_000, increment_ms: 0 }, side: 'random',
  });
  assert.equal(status, 201);
  const age = page.locator(`[data-age="${posted.id}"]`);
  await age.waitFor();
  assert.match(await age.textContent() ?? '', /^\d s ago$/);
  await page.clock.fastForward(20_000);
  await page.waitForFunction((id) => /^2\d s ago$/.test(document.querySelector(`[data-age="${id}"]`)?.textContent ?? ''), posted.id);
  await page.clock.fastForward(60_000);
  await page.waitForFunction((id) => document.querySelector(`[data-age="${id}"]`)?.textContent === '1 min ago', posted.id);
  await api(server, 'DELETE', `/api/seeks/${posted.id}`, {}, posted.token);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a declined draw offer is told to the player who made it', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'minicheckers');
  const white = await newPage(browser);
  await openSeats(white, server, created, ['white']);
  await white.locator('#draw').click();
  while ((await gameState(server, created.id)).draw_offer !== 'white') {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const answer = await api(server, 'POST', `/api/games/${created.id}/draw`, { action: 'decline' },
    created.seats.black.token);
  assert.equal(answer.status, 200, JSON.stringify(answer.data));
  await white.locator('#message', { hasText: 'Your draw offer was declined.' }).waitFor();
  assert.deepEqual(white.errors, []);
  await white.context().close();
});

test('a custom time control: any minutes and increment, posted in the lobby as set', async () => {
  const { server, browser } = shared;
  const host = await newPage(browser, { width: 390, height: 844 });
  await host.goto(`${server.base}/`);
  await host.locator('[data-game=checkers]').click();
  await host.locator('input[name=opponent][value=lobby]').check();
  await host.locator('#custom-clock[hidden]').waitFor({ state: 'attached' });
  await host.locator('select[name=clock]').selectOption('custom');
  await host.locator('#custom-minutes').fill('2.5');
  await host.locator('#custom-increment').fill('7');
  await shot(host, 'custom-clock-390');
  await host.locator('#start').click();
  await host.locator('#seeks li.yours').waitFor();
  assert.match(await host.locator('#seeks li.yours').textContent(), /2\.5\+7/);
  // The host's own seek (an earlier test's may still be listed for a few seconds).
  const id = await host.locator('#seeks li.yours').getAttribute('data-seek');
  const { data: seeks } = await api(server, 'GET', '/api/seeks');
  const posted = seeks.find((seek) => seek.id === id);
  assert.deepEqual(posted.clock, { initial_ms: 150_000, increment_ms: 7000 });
  // Back to a preset: the custom fields go, and their values no longer count.
  await host.locator('select[name=clock]').selectOption({ label: '3+0' });
  assert.equal(await host.locator('#custom-clock').isHidden(), true);
  assert.deepEqual(host.errors, []);
  // Closed once the page's socket speaks for the seek, which then goes with the page.
  await host.locator('#seeks[data-yours=true]').waitFor({ state: 'attached' });
  await host.context().close();
});

test('before both sides have moved: each side\'s first-move countdown, and an Abort button that ends the game', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'minicheckers', { clock: { initial_ms: 60_000, increment_ms: 0 } });
  // The first move's time runs once both friends have taken their seats.
  const page = await newPage(browser, { width: 390, height: 844 });
  await openSeats(page, server, created, ['white']);
  const friend = await newPage(browser);
  await openSeats(friend, server, created, ['black']);
  const first = page.locator('#first-move');
  await first.filter({ hasText: / s to play your first move, or the game is aborted$/ }).waitFor();
  const seconds = async () => Number((await first.textContent()).match(/(\d+) s/)[1]);
  const before = await seconds();
  assert.ok(before > 20 && before <= 30, `${before} s`);
  await page.waitForFunction((was) => Number(document.querySelector('#first-move').textContent.match(/(\d+) s/)[1]) < was, before);
  assert.equal(await page.locator('#abort').isVisible(), true);

  // White's first move: now Black's countdown, and White may still abort.
  await playByClicks(page, created.state.legal[0], 0);
  await first.filter({ hasText: /^Black has \d+ s to play a first move/ }).waitFor();
  await shot(page, 'first-move-390');
  await page.locator('#abort').click();
  await page.locator('[data-confirm=yes]').click();
  await page.locator('[data-status]', { hasText: 'Aborted by White' }).waitFor();
  assert.equal(await first.isHidden(), true);
  assert.equal(await page.locator('#abort').isVisible(), false);
  await page.locator('#announce', { hasText: 'The game is aborted by White.' }).waitFor({ state: 'attached' });
  assert.equal((await gameState(server, created.id)).status, 'aborted');
  await friend.locator('[data-status]', { hasText: 'Aborted by White' }).waitFor();
  assert.deepEqual(page.errors, []);
  await page.context().close();
  await friend.context().close();
});

test("a creator's seek stays while its pages follow it, is told when taken on any page (a toast, the title, a notification, “Your games” at once), and goes within 10 s of its last page closing", async () => {
  const { server, browser } = shared;
  const creator = await newPage(browser);
  // The browser's notifications, allowed, stood in for (headless Chromium shows none).
  await creator.addInitScript(() => {
    window.notes = [];
    window.Notification = class {
      static get permission() { return 'granted'; }
      constructor(title, options) { window.notes.push({ title, body: options?.body ?? '' }); }
      close() {}
    };
  });
  const watcher = await newPage(browser);
  await watcher.goto(`${server.base}/`);
  await watcher.locator('#seeks[data-yours]').waitFor({ state: 'attached' });
  const post = async (game) => {
    await creator.goto(`${server.base}/`);
    await creator.locator(`[data-game=${game}]`).click();
    await creator.locator('input[name=opponent][value=lobby]').check();
    await creator.locator('select[name=clock]').selectOption({ label: '5+0' });
    await creator.locator('input[name=side][value=white]').check();
    await creator.locator('#start').click();
    await creator.locator('#seeks li.yours').waitFor();
  };

  // Posted, then the creator reads "Your games": that page's lobby socket keeps the seek
  // past the 5 s a closed page's seek is kept.
  await post('holes');
  await creator.goto(`${server.base}/my`);
  await creator.waitForTimeout(7000);
  const offered = watcher.locator('#seeks li', { hasText: 'Breakthrough' });
  assert.equal(await offered.count(), 1, 'still listed');
  await offered.locator('button', { hasText: 'Accept' }).click();
  await watcher.waitForURL(/\/games\/[a-z0-9]+$/);
  const game = watcher.url().split('/').pop();
  const toast = creator.locator('.toast', { hasText: 'Your challenge was taken' });
  await toast.waitFor();
  assert.match(await creator.title(), /^Your challenge was taken · /);
  assert.deepEqual(await creator.evaluate(() => window.notes), [{ title: 'Your challenge was taken', body: 'The game begins.' }]);
  // "Your games" lists the game at once, without a reload.
  await creator.locator(`#games:not([hidden]) tr[data-game="${game}"]`).waitFor();
  await shot(creator, 'seek-taken-toast');
  await toast.locator('a', { hasText: 'Play it' }).click();
  await creator.waitForURL(`${server.base}/games/${game}`);
  await creator.locator('#seat-bottom', { hasText: 'White' }).waitFor();

  // Another seek, and the creator's page closes: the watcher sees it go within 10 s.
  await watcher.goto(`${server.base}/`);
  await post('fanorona');
  const listed = watcher.locator('#seeks li', { hasText: 'Fanorona' });
  await listed.waitFor();
  // The page's socket, opened again with the seek posted, speaks for it.
  await creator.locator('#seeks[data-yours=true]').waitFor({ state: 'attached' });
  assert.deepEqual(creator.errors, []);
  await creator.context().close();
  const closed = Date.now();
  await listed.waitFor({ state: 'detached', timeout: 10_000 });
  assert.ok(Date.now() - closed < 10_000);
  await watcher.context().close();
});
