// Premoves: in a game on a clock, a move entered while the opponent is to move is shown, can be
// cancelled, and is played the moment the opponent's move arrives if it is legal then (and
// cancelled, with why, if not).

import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  api, clickKeys, createGame, gameState, newPage, openSeats, serverAndBrowser, shot, waitForPly,
} from '../lib/harness.mjs';

const shared = serverAndBrowser();
const CLOCK = { initial_ms: 60_000, increment_ms: 0 };

// The cells the page marks as a premove's.
const premoveCells = (page) => page.locator('.cell.premove').evaluateAll(
  (nodes) => nodes.map((node) => node.getAttribute('data-cell')));

// White's first move, and a move of two clicks that Black can answer it with: read from a
// second game in which White's move is played.
async function openingAndAnswer(server) {
  const other = await createGame(server, 'minicheckers', { clock: CLOCK });
  const start = await gameState(server, other.id);
  const first = start.legal[0];
  const played = await api(server, 'POST', `/api/games/${other.id}/moves`, { move: first.move, ply: 0 }, other.seats.white.token);
  assert.equal(played.status, 200);
  const answer = played.data.legal.find((move) => move.clicks.length === 2);
  assert.ok(answer, 'Black has a move of two clicks');
  return { first, answer, start };
}

// A new game of mini checkers on a clock, and Black's page of it.
async function blackPage(server, browser) {
  const created = await createGame(server, 'minicheckers', { clock: CLOCK });
  const black = await newPage(browser);
  await openSeats(black, server, created, ['black']);
  return { created, black };
}

test('a premove is shown, cancelled by a right-click, and played the moment the opponent moves', async () => {
  const { server, browser } = shared;
  const { first, answer } = await openingAndAnswer(server);
  const { created, black } = await blackPage(server, browser);
  const [from, to] = clickKeys(answer);

  // White is to move: Black's clicks make a premove, which the board marks.
  await black.locator(`[data-cell="${from}"]`).click();
  await black.locator(`[data-cell="${to}"]`).click();
  assert.deepEqual((await premoveCells(black)).sort(), [from, to].sort());
  assert.match(await black.locator('#message').textContent(), /^Premove/);
  await shot(black, 'premove');
  // A right-click on the board cancels it.
  await black.locator(`[data-cell="${to}"]`).click({ button: 'right' });
  assert.deepEqual(await premoveCells(black), []);

  // Entered again, it is played as soon as White's move arrives.
  await black.locator(`[data-cell="${from}"]`).click();
  await black.locator(`[data-cell="${to}"]`).click();
  const moved = await api(server, 'POST', `/api/games/${created.id}/moves`, { move: first.move, ply: 0 }, created.seats.white.token);
  assert.equal(moved.status, 200);
  await waitForPly(black, 2);
  const state = await gameState(server, created.id);
  assert.deepEqual(state.moves, [first.move, answer.move]);
  assert.deepEqual(await premoveCells(black), []);
  assert.deepEqual(black.errors, []);
  await black.context().close();
});

test('a premove that is not legal once the opponent has moved is cancelled, and says so', async () => {
  const { server, browser } = shared;
  const { first, start } = await openingAndAnswer(server);
  const { created, black } = await blackPage(server, browser);
  // One of Black's men, to a cell where a White man stays after White's move: never a move.
  const man = start.pieces.find((piece) => piece.side === 'black').cell;
  const moving = clickKeys(first)[0];
  const far = start.pieces.filter((piece) => piece.side === 'white' && piece.cell !== moving).at(-1).cell;
  await black.locator(`[data-cell="${man}"]`).click();
  await black.locator(`[data-cell="${far}"]`).click();
  assert.equal((await premoveCells(black)).length, 2);
  await api(server, 'POST', `/api/games/${created.id}/moves`, { move: first.move, ply: 0 }, created.seats.white.token);
  await waitForPly(black, 1);
  await black.locator('#message', { hasText: 'is not legal now' }).waitFor();
  assert.equal((await gameState(server, created.id)).ply, 1);
  assert.deepEqual(await premoveCells(black), []);
  // Black now plays by hand, as usual.
  assert.ok((await black.locator('.cell.movable').count()) > 0);
  assert.deepEqual(black.errors, []);
  await black.context().close();
});
