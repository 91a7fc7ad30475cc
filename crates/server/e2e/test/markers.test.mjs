// The board's drawing: the marks of a move being entered, above the pieces (a dot on an empty
// target, a ring round a piece the move takes, the neutral pieces one may slide ringed,
// Fanorona's dots larger than its points), and the opponent's move animated.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api, click, createGame, newPage, prepared as preparedOn, serverAndBrowser, shot } from '../lib/harness.mjs';

const shared = serverAndBrowser();

// A game of `game` with `moves` played, open on a page of 1366×768 that holds both seats.
async function prepared(game, moves, options = '') {
  const { server, browser } = shared;
  return (await preparedOn(server, browser, game, moves, { options, width: 1366, height: 768 })).page;
}

// Whether the marks are drawn after (above) the pieces.
const marksAbove = (page) => page.evaluate(() => {
  const svg = document.querySelector('#board svg');
  const layers = [...svg.children].map((node) => node.getAttribute('class'));
  return layers.indexOf('marks') > layers.indexOf('pieces');
});

test('a piece a move takes is ringed, above it', async () => {
  const page = await prepared('holes', ['c2-c3', 'd5-d4'], 'captures=diagonal');
  assert.ok(await marksAbove(page));
  await click(page, 'c3');
  assert.equal(await page.locator('.target-ring[data-target="d4"]').count(), 1);
  assert.equal(await page.locator('.target-dot[data-target="b4"]').count(), 1);
  await shot(page, 'holes-capture-ring');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the neutral pieces one may slide are ringed', async () => {
  const page = await prepared('daynight', ['a1-j4']);
  await click(page, 'i4');
  await click(page, 'k4');
  assert.equal(await page.locator('.movable-ring[data-movable="j4"]').count(), 1);
  assert.equal(await page.locator('.piece.neutral[data-piece="j4"]').count(), 1);
  await shot(page, 'daynight-neutral-marked');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("Fanorona's target dots are clearly larger than its points", async () => {
  const page = await prepared('fanorona', []);
  await click(page, 'F4');
  const dot = await page.locator('.target-dot[data-target="E3"]').boundingBox();
  const point = await page.locator('[data-cell="E3"] .point').boundingBox();
  assert.ok(dot.width >= 2 * point.width, `a dot ${dot.width} px wide on a point ${point.width} px wide`);
  await shot(page, 'fanorona-targets');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the opponent's move slides in and the piece it takes fades, unless motion is reduced", async () => {
  const { server, browser } = shared;
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const created = await createGame(server, 'checkers');
    const play = async (move, ply) => {
      const token = created.seats[ply % 2 === 0 ? 'black' : 'white'].token; // Black moves first
      const response = await api(server, 'POST', `/api/games/${created.id}/moves`, { move, ply }, token);
      assert.equal(response.status, 200, JSON.stringify(response.data));
    };
    await play('11-15', 0);
    await play('22-18', 1);
    const page = await newPage(browser);
    await page.emulateMedia({ reducedMotion });
    await page.goto(server.base + created.watch_url);
    await page.waitForFunction(() => document.body.dataset.ply === '2');
    // Every animation the page starts is counted, by what it animates.
    await page.evaluate(() => {
      window.animated = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function record(frames, options) {
        window.animated.push(Object.keys(frames[0]).join(','));
        return animate.call(this, frames, options);
      };
    });
    // Black's 15x22 takes the man on 18.
    await play('15x22', 2);
    await page.waitForFunction(() => document.body.dataset.ply === '3');
    await page.locator('[data-piece="22"].black').waitFor();
    const animated = await page.evaluate(() => window.animated);
    if (reducedMotion === 'reduce') {
      assert.deepEqual(animated, []);
    } else {
      assert.ok(animated.includes('transform'), `a slide: ${animated}`);
      assert.ok(animated.includes('opacity'), `a fade: ${animated}`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
