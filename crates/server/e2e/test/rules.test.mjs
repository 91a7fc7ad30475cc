// The rules pages: one per game, reached by plain links from the home page and the game page,
// their diagrams drawn by the board code from positions the server sends.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api, createGame, newPage, serverAndBrowser, shot } from '../lib/harness.mjs';

const shared = serverAndBrowser();

// Opens `path` and waits until its diagrams are drawn; the number of diagrams.
async function openRules(page, path) {
  await page.goto(shared.server.base + path);
  await page.waitForSelector('body[data-diagrams=drawn]');
  const figures = await page.locator('figure.diagram').count();
  const drawn = await page.locator('figure.diagram[data-drawn=yes] svg.board-svg').count();
  assert.equal(drawn, figures, `${path}: every diagram is drawn`);
  return figures;
}

test('every game has its rules page, with its diagrams drawn', async () => {
  const { server, browser } = shared;
  const catalog = (await api(server, 'GET', '/api/catalog')).data;
  const page = await newPage(browser, { width: 1366, height: 768 });
  for (const game of catalog) {
    const figures = await openRules(page, `/rules/${game.id}`);
    assert.ok(figures >= 2, `${game.id}: ${figures} diagrams`);
    assert.match(await page.locator('h1').textContent(), new RegExp(game.name.split(' ')[0]));
    assert.match(await page.title(), /rules · Arbiter$/);
    assert.ok(await page.locator('figure.diagram .piece').count() > 0, `${game.id}: pieces are drawn`);
    // A diagram is a picture: none of its cells is a tab stop.
    assert.equal(await page.locator('figure.diagram [data-cell]:focus').count(), 0);
    // The other games' rules are a link away.
    const others = await page.locator('#rules-games a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.deepEqual(others, catalog.filter((other) => other.id !== game.id).map((other) => `/rules/${other.id}`));
    await shot(page, `rules-${game.id}-1366`);
    await page.setViewportSize({ width: 360, height: 740 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${game.id}: the rules are wider than a phone by ${overflow} px`);
    await shot(page, `rules-${game.id}-360`);
    await page.setViewportSize({ width: 1366, height: 768 });
  }
  const missing = await page.goto(`${server.base}/rules/chess`);
  assert.equal(missing.status(), 404);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the rules are linked from the home page and from the game page', async () => {
  const { server, browser } = shared;
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  await page.locator('[data-game="fanorona"] a.rules-link').click();
  await page.waitForURL(`${server.base}/rules/fanorona`);
  await page.waitForSelector('body[data-diagrams=drawn]');

  const created = await createGame(server, 'daynight');
  await page.goto(server.base + created.watch_url);
  await page.waitForSelector('[data-cell]');
  await page.locator('a#rules').click();
  await page.waitForURL(`${server.base}/rules/daynight`);
  await page.waitForSelector('body[data-diagrams=drawn]');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
