// How the game page reaches a browser: compressed, revalidated with 304s on a second visit, and
// how long its first render takes on a slow network and a slow processor (Chromium's own
// throttling), reported as a diagnostic of the test.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { createGame, newPage, serverAndBrowser } from '../lib/harness.mjs';

const shared = serverAndBrowser();

// Chromium DevTools' "Slow 4G" preset (latency 150 ms × 3.75, 1.6 Mbit/s down and 750 kbit/s up,
// each × 0.9), and a processor four times slower.
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 / 8) * 0.9,
  uploadThroughput: (750 * 1024 / 8) * 0.9,
};

// Loads `url` on `page` and waits until the board is drawn; the transfers seen (path, status,
// encoded body bytes) and the times in ms from navigation to the first contentful paint and to
// the board.
async function load(page, url) {
  const transfers = [];
  const listener = async (response) => {
    const sizes = await response.request().sizes().catch(() => ({ responseBodySize: 0 }));
    transfers.push({ path: new URL(response.url()).pathname, status: response.status(), bytes: sizes.responseBodySize });
  };
  page.on('response', listener);
  await page.goto(url);
  await page.waitForSelector('[data-cell]');
  const times = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const board = performance.getEntriesByName('board')[0];
    return { paint: paint ? Math.round(paint.startTime) : null, board: board ? Math.round(board.startTime) : null };
  });
  page.off('response', listener);
  return { transfers, times };
}

test('the game page comes compressed, and again as 304s; its first render under Slow 4G', async (t) => {
  const { server, browser } = shared;
  const created = await createGame(server, 'checkers');
  const page = await newPage(browser, { width: 1366, height: 768 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The board's first drawing is marked by the page (`performance.mark('board')`).
  const url = server.base + created.watch_url;

  const cold = await load(page, url);
  const files = cold.transfers.filter((transfer) => !transfer.path.startsWith('/api/'));
  const total = cold.transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);
  assert.ok(files.length >= 6, JSON.stringify(cold.transfers));
  assert.ok(total < 30_000, `the first visit moves ${total} bytes: ${JSON.stringify(cold.transfers)}`);

  const warm = await load(page, url);
  const revalidated = warm.transfers.filter((transfer) => transfer.status === 304).map((transfer) => transfer.path);
  for (const path of ['/assets/style.css', '/assets/game.js', '/assets/board.js']) {
    assert.ok(revalidated.includes(path), `${path} is revalidated: ${JSON.stringify(warm.transfers)}`);
  }
  t.diagnostic(`Slow 4G and 4× CPU: first visit ${total} bytes in ${cold.transfers.length} answers, `
    + `first paint ${cold.times.paint} ms, board ${cold.times.board} ms; second visit `
    + `${revalidated.length} answers 304, first paint ${warm.times.paint} ms, board ${warm.times.board} ms`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
