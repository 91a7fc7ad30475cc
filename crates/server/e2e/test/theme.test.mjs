// The dark theme: it follows the system's scheme, the header's toggle overrides it and is
// remembered, and text keeps a contrast of at least 4.5:1 in both themes.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { createGame, newPage, openSeats, serverAndBrowser, shot } from '../lib/harness.mjs';

const shared = serverAndBrowser();

// Every visible piece of text outside the boards whose contrast with its ground is below
// 4.5:1 (WCAG 2 AA), with the ratio; the ground is the nearest opaque background behind it.
function lowContrast() {
  const rgb = (text) => (text.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]) => {
    const channel = (value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ground = (node) => {
    for (let at = node; at; at = at.parentElement) {
      const colour = rgb(getComputedStyle(at).backgroundColor);
      if (colour.length === 3 || (colour.length === 4 && colour[3] >= 0.99)) return colour.slice(0, 3);
    }
    return rgb(getComputedStyle(document.documentElement).backgroundColor).slice(0, 3);
  };
  const failures = [];
  for (const node of document.querySelectorAll('body *')) {
    if (node.closest('svg')) continue;
    const own = [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim());
    if (!own || !node.checkVisibility()) continue;
    const style = getComputedStyle(node);
    const [a, b] = [luminance(rgb(style.color)), luminance(ground(node))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) failures.push(`${node.tagName.toLowerCase()}#${node.id}.${node.className}: ${ratio.toFixed(2)} "${node.textContent.trim().slice(0, 30)}"`);
  }
  return failures;
}

const shown = (page) => page.evaluate(() => document.documentElement.dataset.shown);
const paper = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('a dark system gets the dark theme, and the toggle is remembered', async () => {
  const { server, browser } = shared;
  const created = await createGame(server, 'checkers');
  const page = await newPage(browser, { width: 1366, height: 768, colorScheme: 'dark' });
  await openSeats(page, server, created);
  await page.locator('#theme').waitFor();
  assert.equal(await shown(page), 'dark');
  assert.equal(await paper(page), 'rgb(25, 22, 20)');
  assert.equal(await page.locator('#theme').getAttribute('aria-pressed'), 'true');
  // Some text of each kind: a refusal, a confirmation, the move list.
  await page.locator('[data-cell="1"]').click();
  await page.locator('#resign').click();
  assert.deepEqual(await page.evaluate(lowContrast), []);
  await shot(page, 'checkers-dark-1366');
  await page.setViewportSize({ width: 360, height: 740 });
  const header = await page.locator('header.top').boundingBox();
  assert.ok(header.height < 60, `the header keeps one line on a phone (${header.height} px)`);
  await shot(page, 'checkers-dark-360');

  await page.locator('#theme').click();
  assert.equal(await shown(page), 'light');
  assert.equal(await paper(page), 'rgb(246, 241, 231)');
  await page.reload();
  await page.locator('#theme').waitFor();
  assert.equal(await shown(page), 'light', 'the choice outlives the page');
  assert.deepEqual(await page.evaluate(lowContrast), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a light system gets the light theme, and every page can be made dark', async () => {
  const { server, browser } = shared;
  const page = await newPage(browser, { colorScheme: 'light' });
  await page.goto(`${server.base}/`);
  await page.locator('#theme').waitFor();
  assert.equal(await shown(page), 'light');
  assert.deepEqual(await page.evaluate(lowContrast), []);
  await page.locator('#theme').click();
  assert.equal(await shown(page), 'dark');
  assert.deepEqual(await page.evaluate(lowContrast), []);
  await shot(page, 'home-dark');
  const created = await createGame(server, 'daynight');
  for (const path of ['/games', created.watch_url, created.seats.white.url]) {
    await page.goto(server.base + path);
    await page.locator('#theme').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await shown(page), 'dark', path);
    assert.deepEqual(await page.evaluate(lowContrast), [], path);
  }
  await page.goto(server.base + created.watch_url);
  await page.locator('.dial').waitFor();
  await shot(page, 'daynight-dark');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
