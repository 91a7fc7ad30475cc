// The harness of the end-to-end tests: the real `arbiter serve` binary on a temporary SQLite
// database, Debian's headless Chromium driven by playwright-core, and helpers that play moves by
// clicking the page's `data-cell` and `data-choice` elements.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const workspace = resolve(here, '../../../..');
export const screenshots = resolve(here, '../screenshots');
mkdirSync(screenshots, { recursive: true });

const BINARY = process.env.ARBITER_BIN ?? join(workspace, 'target/debug/arbiter');
// Debian's headless shell (chromium-headless-shell): Chromium's engine without the browser
// around it, which runs these tests on about a third less processor time than `chromium`.
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium-headless-shell';

// The temporary folders a test file made, removed when its process exits.
const folders = [];
process.on('exit', () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

// A new temporary folder, removed when the test file's process exits.
export function temporaryFolder(prefix) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

// A server on `addr` (an ephemeral port by default) with the database `database`.
export async function startServer({ database, addr = '127.0.0.1:0' } = {}) {
  database ??= `sqlite://${join(temporaryFolder('arbiter-e2e-'), 'games.db')}`;
  const child = spawn(BINARY, ['serve', '--addr', addr, '--database', database, '--workers', '2',
    '--games-per-minute', '0', '--changes-per-second', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${output}`)), 20000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /serving on (http:\/\/[^/\s]+\/)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolvePromise(found[1]);
      }
    });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  const base = url.replace(/\/$/, '');
  return {
    child, database, base, addr: new URL(base).host,
    stop() { if (child.exitCode === null) child.kill('SIGTERM'); },
    kill() { child.kill('SIGKILL'); return new Promise((done) => child.once('exit', done)); },
  };
}

// How the tests' Chromium is started: the headless shell with the flags of a test machine.
export const browserOptions = {
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

// The browser of a test file: the browser that run.sh shares among the files
// (ARBITER_E2E_BROWSER, the address of lib/browser.mjs's browser server; each file closes only
// its own connection), or one launched for this file alone, launched again once if it dies
// while starting (Chromium, rarely, crashes at start on a busy machine; what the tests check
// begins after).
export async function launch() {
  const shared = process.env.ARBITER_E2E_BROWSER;
  if (shared) return chromium.connect(shared);
  try {
    return await chromium.launch(browserOptions);
  } catch (error) {
    console.error(`the browser did not start, launched again: ${error.message.split('\n')[0]}`);
    return chromium.launch(browserOptions);
  }
}

// A server and a browser for the tests of one file: `{server, browser}`, filled before the
// first test and stopped after the last.
export function serverAndBrowser() {
  const shared = { server: null, browser: null };
  before(async () => {
    shared.server = await startServer();
    shared.browser = await launch();
  });
  after(async () => {
    await shared.browser?.close();
    shared.server?.stop();
  });
  return shared;
}

// A page of its own browser context (its own cookies), with the console's errors collected.
// Playwright's `waitForFunction` evaluates its function in the page, which the pages' Content
// Security Policy forbids: the tests' contexts bypass it, except with `csp: true` (the test
// of the policy itself, which waits by selectors only). `colorScheme` is the system's scheme
// the page sees.
export async function newPage(browser, { width = 1200, height = 900, csp = false, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: !csp, colorScheme });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) {
      page.errors.push(message.text());
    }
  });
  page.on('dialog', (dialog) => dialog.accept());
  return page;
}

export async function api(server, method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(server.base + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data;
  try { data = JSON.parse(text); } catch { data = text; }
  return { status: response.status, data };
}

// A new game through the API (`clock`: real time in milliseconds, `initial + increment`, or none).
export async function createGame(server, game, { white = 'human', black = 'human', options = '', clock } = {}) {
  const { status, data } = await api(server, 'POST', '/api/games', { game, options, white, black, clock });
  if (status !== 201) throw new Error(`cannot create ${game}: ${JSON.stringify(data)}`);
  return data;
}

// Signs `page` up as `name` on the account page.
export async function signUp(page, server, name) {
  await page.goto(`${server.base}/account`);
  await page.locator('#signed-out:not([hidden])').waitFor();
  await page.locator('#sign-up input[name=name]').fill(name);
  await page.locator('#sign-up input[name=password]').fill('a long secret');
  await page.locator('#sign-up button[type=submit]').click();
  await page.locator('#account-name', { hasText: name }).waitFor();
}

export const gameState = async (server, id) => (await api(server, 'GET', `/api/games/${id}`)).data;

// Opens the game on a page through its seat links, so that the page holds those seats.
export async function openSeats(page, server, created, sides = ['white', 'black']) {
  for (const side of sides) {
    await page.goto(server.base + created.seats[side].url);
    await page.locator('#join:not([hidden])').click();
    await page.waitForURL(`${server.base}/games/${created.id}`);
  }
  await page.waitForSelector('[data-cell]');
  await waitForPly(page, created.state.ply);
}

// A game of `game` (under `options`) with `moves` played through the API, open on a new page
// of `browser` (of `size`) that holds both seats: `{created, state, page}`.
export async function prepared(server, browser, game, moves, { options = '', ...size } = {}) {
  const created = await createGame(server, game, { options });
  let state = created.state;
  for (const move of moves) {
    const token = created.seats[state.to_move].token;
    const response = await api(server, 'POST', `/api/games/${created.id}/moves`, { move, ply: state.ply }, token);
    if (response.status !== 200) throw new Error(`${move} was not played: ${JSON.stringify(response.data)}`);
    state = response.data;
  }
  const page = await newPage(browser, size);
  await openSeats(page, server, { ...created, state });
  return { created, state, page };
}

export async function waitForPly(page, ply, timeout = 20000) {
  await page.waitForFunction((wanted) => document.body.dataset.ply === String(wanted), ply, { timeout });
}

// Clicks one click of a move: a cell or a choice button.
export async function click(page, token) {
  const choice = page.locator(`[data-choice="${token}"]`);
  if (await choice.count()) {
    await choice.click();
  } else {
    await page.locator(`[data-cell="${token}"]`).click();
  }
}

// The keys of a legal move's clicks, as the page names them: the cell's name, the choice's
// token, or `skip`.
export const clickKeys = (move) => move.clicks.map((c) => c.cell ?? c.choice ?? 'skip');

// Plays `move` (an entry of `legal`) by clicking its clicks, and waits for the next ply.
export async function playByClicks(page, move, ply) {
  for (const token of clickKeys(move)) await click(page, token);
  // Past `ply`: against the computer, its answer may come at once.
  await page.waitForFunction((before) => Number(document.body.dataset.ply) > before, ply, { timeout: 20000 });
}

export function pick(legal, random) {
  // Captures first, so that random games end sooner; otherwise any legal move.
  const captures = legal.filter((move) => move.captures.length);
  const pool = captures.length && random() < 0.8 ? captures : legal;
  return pool[Math.floor(random() * pool.length)];
}

// A small seeded generator, so that a failing game can be played again.
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Plays random legal moves by clicks until the game is over; `pageFor(side)` gives the page
// that holds the side to move. Returns the final state.
export async function playToEnd(server, id, pageFor, { seed = 1, maxPlies = 600 } = {}) {
  const random = seeded(seed);
  for (let plies = 0; plies < maxPlies; plies += 1) {
    const state = await gameState(server, id);
    if (state.status === 'over') return state;
    const page = pageFor(state.to_move);
    if (!page) {
      await new Promise((done) => setTimeout(done, 100));
      continue;
    }
    await waitForPly(page, state.ply);
    await playByClicks(page, pick(state.legal, random), state.ply);
  }
  throw new Error(`game ${id} did not end in ${maxPlies} plies`);
}

// A full-page screenshot into screenshots/, for people to look at the pages, taken when
// SCREENSHOTS is set (`SCREENSHOTS=1 ./run.sh`); the tests' assertions do not depend on it.
export const shot = process.env.SCREENSHOTS
  ? (page, name) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true })
  : async () => {};

// On the home page with a game chosen: starts it against the computer at `level`, this page
// playing `side`, and waits for the game's page; the game's identifier.
export async function startAgainstComputer(page, { level = '1', side = 'white' } = {}) {
  await page.locator('input[name=opponent][value=computer]').check();
  await page.locator('select[name=level]').selectOption(level);
  await page.locator(`input[name=side][value=${side}]`).check();
  await page.locator('#start').click();
  await page.waitForURL(/\/games\/[a-z0-9]+$/);
  return page.url().split('/').pop();
}
