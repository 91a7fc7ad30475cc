// Sounds and notifications on the game page: a move, a capture, the end and low time each
// sound (told as `arbiter:sound` events, which the page fires with every sound it plays), the
// Sound button mutes them and is remembered, and a turn that begins while the page is out of
// view is notified once the player allowed it. The browser's Notification and page visibility
// are stood in for by an init script, as headless Chromium shows neither.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api, createGame, gameState, newPage, openSeats, playByClicks, serverAndBrowser, shot, waitForPly } from '../lib/harness.mjs';

const shared = serverAndBrowser();

// Records the sounds and notifications; `window.hidden` makes the page out of view.
const STAND_INS = () => {
  window.sounds = [];
  window.notes = [];
  document.addEventListener('arbiter:sound', (event) => window.sounds.push(event.detail));
  let permission = 'default';
  window.Notification = class {
    static get permission() { return permission; }
    static async requestPermission() { permission = 'granted'; return permission; }
    constructor(title, options) { window.notes.push({ title, body: options?.body ?? '' }); }
    close() {}
  };
  Object.defineProperty(document, 'visibilityState', { get: () => (window.hidden ? 'hidden' : 'visible') });
};

// Plays the first legal move of `state`: White's on `page` (which holds White's seat, its link
// used), Black's through the API with its seat's token. The state after it.
async function move(server, page, created, state) {
  const [legal] = state.legal;
  if (state.to_move === 'white') {
    await playByClicks(page, legal, state.ply);
    return gameState(server, created.id);
  }
  const { status, data } = await api(server, 'POST', `/api/games/${created.id}/moves`, { move: legal.move, ply: state.ply }, created.seats.black.token);
  assert.equal(status, 200, JSON.stringify(data));
  return data;
}

const heard = (page) => page.evaluate(() => window.sounds);

test('moves, captures and the end sound; Sound mutes and is remembered; a turn out of view is notified', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'minicheckers');
  const page = await newPage(browser, { width: 1280, height: 720 });
  await page.addInitScript(STAND_INS);
  await openSeats(page, server, created, ['white']);
  assert.equal(await page.locator('#sound').textContent(), 'Sound on');
  await page.locator('#notify:not([hidden])').click();
  await page.locator('#notify[hidden]').waitFor({ state: 'attached' });

  // Moves until one captures: each sounds as what it was.
  let state = await gameState(server, created.id);
  let captured = false;
  for (let turn = 0; turn < 40 && !captured && state.status === 'ongoing'; turn += 1) {
    const before = state.pieces.length;
    const side = state.to_move;
    await page.evaluate((out) => { window.hidden = out; }, side === 'black');
    state = await move(server, page, created, state);
    await waitForPly(page, state.ply);
    captured = state.pieces.length < before;
    await page.waitForFunction((count) => window.sounds.length >= count, turn + 1);
    assert.equal((await heard(page))[turn], captured ? 'capture' : 'move', `ply ${state.ply}`);
  }
  assert.ok(captured, 'a capture within 40 plies');
  // Black's moves gave White the turn while its page was out of view.
  const notes = await page.evaluate(() => window.notes);
  assert.ok(notes.length >= 1, 'notified');
  assert.equal(notes[0].title, 'Your turn');
  assert.match(notes[0].body, /^Black played /);
  await page.evaluate(() => { window.hidden = false; });
  if (state.to_move === 'white') assert.match(await page.title(), /^Your turn · /);
  await shot(page, 'sounds-buttons');

  // Muted, remembered on the next visit; the end still says so on the page's event.
  await page.locator('#sound').click();
  await page.locator('#sound', { hasText: 'Sound off' }).waitFor();
  await page.reload();
  await page.waitForSelector('[data-cell]');
  assert.equal(await page.locator('#sound').textContent(), 'Sound off');
  assert.equal(await page.evaluate(() => localStorage.getItem('arbiter-sound')), 'off');
  const resigned = await api(server, 'POST', `/api/games/${created.id}/resign`, {}, created.seats.black.token);
  assert.equal(resigned.status, 200, JSON.stringify(resigned.data));
  await page.waitForFunction(() => window.sounds.includes('end'));
  assert.deepEqual(await page.evaluate(() => window.notes.length), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('one\'s own clock sounds once as it runs under 10 seconds', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'minicheckers', { clock: { initial_ms: 10_600, increment_ms: 0 } });
  const page = await newPage(browser, { width: 1280, height: 720 });
  await page.addInitScript(STAND_INS);
  await openSeats(page, server, created, ['white']);
  let state = await move(server, page, created, created.state);
  state = await move(server, page, created, state);
  await waitForPly(page, state.ply);
  await page.waitForFunction(() => window.sounds.includes('low'), null, { timeout: 5000 });
  const sounds = await heard(page);
  assert.deepEqual(sounds.filter((sound) => sound === 'low'), ['low']);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
