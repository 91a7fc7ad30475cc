// Every screen: the board scales to the viewport's height as well as its width, so that the
// status line and the choice buttons stay in view on laptops and phones, upright and turned;
// a friend's invitation stays above the board until the friend joins.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api, click, createGame, newPage, openSeats, serverAndBrowser, shot } from '../lib/harness.mjs';

const shared = serverAndBrowser();

const SIZES = [[1280, 720], [1366, 768], [1440, 900], [1920, 1080], [360, 740], [740, 360], [390, 844], [844, 390]];

// Whether `selector`'s box lies inside the viewport (as the page is scrolled).
async function inView(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const { width, height } = page.viewportSize();
  return { box, inside: box !== null && box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width };
}

// Each game's page is opened once and then turned through every size, as a window is resized or
// a phone turned: the layout follows the viewport, not only the size the page was loaded at.
test('the status and the choices are in view at every size', async () => {
  const { server, browser } = shared;
  const failures = [];
  const check = async (page, game, selectors) => {
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const selector of selectors) {
        const { box, inside } = await inView(page, selector);
        if (!inside) failures.push(`${game} at ${width}×${height}: ${selector} at ${JSON.stringify(box)}`);
      }
      await shot(page, `layout-${game}-${width}x${height}`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  };
  // Day and Night after a capture: the turn may end or go on, a choice button shows.
  const [first] = SIZES;
  const created = await createGame(server, 'daynight');
  await api(server, 'POST', `/api/games/${created.id}/moves`, { move: 'a1-j4', ply: 0 }, created.seats.white.token);
  const daynight = await newPage(browser, { width: first[0], height: first[1] });
  await openSeats(daynight, server, { ...created, state: { ...created.state, ply: 1 } });
  await click(daynight, 'i4');
  await click(daynight, 'k4');
  await check(daynight, 'daynight', ['[data-status]', '[data-choice="skip"]', '#board svg']);
  for (const game of ['minicheckers', 'holes', 'fanorona', 'checkers']) {
    const other = await createGame(server, game);
    const page = await newPage(browser, { width: first[0], height: first[1] });
    await page.goto(server.base + other.watch_url);
    await page.waitForSelector('[data-cell]');
    await check(page, game, ['[data-status]', '#board svg']);
  }
  assert.deepEqual(failures, []);
});

test('on a phone the board zooms so that even the small fields of Day and Night take a thumb', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'daynight');
  const page = await newPage(browser, { width: 360, height: 740 });
  await openSeats(page, server, created);
  const field = async () => page.locator('[data-cell="a1"]').boundingBox();
  const before = await field();
  assert.ok(before.width < 44, `a ring-1 field is ${before.width} px wide unzoomed`);
  // Zoom, pressed from the foot of the page (the board scrolled away above), brings the
  // enlarged board into view.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.locator('#zoom').click();
  assert.equal(await page.locator('#zoom').getAttribute('aria-pressed'), 'true');
  const { box, inside } = await inView(page, '#board');
  assert.ok(inside, `the zoomed board's box at ${JSON.stringify(box)}`);
  const after = await field();
  assert.ok(after.width >= 44 && after.height >= 44, `a ring-1 field zoomed: ${JSON.stringify(after)}`);
  // The page itself stays as wide as the screen: the board's box scrolls.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  await shot(page, 'daynight-zoomed-360');
  // A tap on a zoomed cell plays as usual.
  await page.locator('[data-cell="c1"]').click();
  assert.equal(await page.evaluate(() => document.body.dataset.entered), 'c1');
  assert.deepEqual(page.errors, []);
  await page.context().close();

  // On eight rings the fields are smaller still: the zoom is as large as they need.
  const eight = await createGame(server, 'daynight', { options: 'rings=8' });
  const small = await newPage(browser, { width: 360, height: 740 });
  await openSeats(small, server, eight);
  await small.locator('#zoom').click();
  const cells = await small.locator('[data-cell]').evaluateAll((nodes) => nodes.map((node) => {
    const rect = node.getBoundingClientRect();
    return Math.min(rect.width, rect.height);
  }));
  assert.ok(Math.min(...cells) >= 44, `the smallest of eight rings' fields zoomed: ${Math.min(...cells)} px`);
  await shot(small, 'daynight-8-zoomed-360');
  assert.deepEqual(small.errors, []);
  await small.context().close();
});

test("the lists of games fit a phone's width", async () => {
  const { server, browser } = shared;
  const page = await newPage(browser, { width: 360, height: 740 });
  // Games this browser plays against the computer on a correspondence clock, so that both
  // lists have rows with long names and clocks.
  for (const game of ['daynight', 'fanorona', 'minicheckers']) {
    const { status, data: created } = await api(server, 'POST', '/api/games', {
      game, white: 'human', black: 'ai:3', clock: { days_per_move: 3 },
    });
    assert.equal(status, 201);
    await openSeats(page, server, created, ['white']);
  }
  for (const path of ['/games', '/my']) {
    await page.goto(`${server.base}${path}`);
    await page.locator('table:not([hidden]) tbody tr').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    await shot(page, `list${path.replace('/', '-')}-360`);
    assert.ok(width <= 360, `${path} is ${width} px wide at 360 px`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// A Fanorona game of long capturing chains: the longest move each turn (through the API) until
// one of at least three steps is played.
async function fanoronaChains(server) {
  const created = await createGame(server, 'fanorona');
  let state = created.state;
  while (!state.moves.some((move) => move.split(',').length >= 3)) {
    assert.equal(state.status, 'ongoing', `no chain of three steps in ${state.moves.join(' ')}`);
    const longest = state.legal.reduce((best, move) => (move.move.length > best.move.length ? move : best));
    const played = await api(server, 'POST', `/api/games/${created.id}/moves`, { move: longest.move, ply: state.ply },
      created.seats[state.to_move].token);
    assert.equal(played.status, 200, JSON.stringify(played.data));
    state = played.data;
  }
  return created;
}

test("Fanorona's move list breaks a move between its steps, never inside one, on a phone", async () => {
  const { server, browser } = shared;
  const created = await fanoronaChains(server);
  const page = await newPage(browser, { width: 360, height: 740 });
  await page.goto(server.base + created.watch_url);
  await page.locator('#moves button').first().waitFor();
  // For each move of the list: the lines each of its steps (its text up to a comma) is laid on.
  const moves = await page.locator('#moves button').evaluateAll((buttons) => buttons.map((button) => {
    const texts = [];
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node);
    const at = (offset, end) => {
      let start = 0;
      for (const node of texts) {
        const length = node.textContent.length;
        if (offset < start + length || (end && offset === start + length)) return [node, offset - start];
        start += length;
      }
      throw new Error(`no character ${offset} in ${button.textContent}`);
    };
    const lines = (from, to) => {
      const range = document.createRange();
      range.setStart(...at(from, false));
      range.setEnd(...at(to, true));
      const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top));
      return new Set(tops).size;
    };
    const text = button.textContent;
    const steps = [];
    let from = 0;
    for (const step of text.split(/(?<=,)/)) {
      steps.push({ step, lines: lines(from, from + step.length) });
      from += step.length;
    }
    return { text, lines: lines(0, text.length), steps };
  }));
  await shot(page, 'fanorona-moves-360');
  assert.ok(moves.some((move) => move.lines > 1), `no move takes two lines: ${JSON.stringify(moves)}`);
  const broken = moves.flatMap((move) => move.steps.filter((step) => step.lines !== 1).map((step) => `${step.step} in ${move.text}`));
  assert.deepEqual(broken, []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("Fanorona's approach or withdrawal: the choices, Cancel and the status on screen on phones turned sideways", async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'fanorona');
  await api(server, 'POST', `/api/games/${created.id}/moves`, { move: 'D3-E3W', ply: 0 }, created.seats.white.token);
  const page = await newPage(browser, { width: 740, height: 360 });
  await openSeats(page, server, { ...created, state: { ...created.state, ply: 1 } });
  for (const cell of ['B2', 'C3', 'D3']) await click(page, cell);
  const failures = [];
  for (const [width, height] of [[740, 360], [844, 390]]) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const selector of ['[data-choice="A"]', '[data-choice="W"]', '#choices .cancel', '[data-status]', '#board svg']) {
      const { box, inside } = await inView(page, selector);
      if (!inside) failures.push(`${width}×${height}: ${selector} at ${JSON.stringify(box)}`);
    }
    await shot(page, `fanorona-choice-${width}x${height}`);
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
