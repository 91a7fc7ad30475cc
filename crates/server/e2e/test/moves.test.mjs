// Moves of several steps entered click by click, and clicks that must change nothing.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import {
  api, click, clickKeys, createGame, gameState, launch, newPage, openSeats, prepared as preparedOn, shot, startServer,
  waitForPly,
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

// A game of `game` with `moves` played, open on a page that holds both seats.
const prepared = (game, moves) => preparedOn(server, browser, game, moves);

const entered = (page) => page.evaluate(() => document.body.dataset.entered);
const pieceAt = (page, cell) => page.locator(`[data-piece="${cell}"]`).count();

test('a checkers multi-jump is entered landing by landing', async () => {
  // After this opening, White's man on 27 jumps 23 and 14: 27x18x9.
  const { created, state, page } = await prepared('checkers',
    ['9-14', '22-18', '11-15', '18x11', '7x16', '23-19', '16x23']);
  const jump = state.legal.find((move) => move.move === '27x18x9');
  assert.deepEqual(clickKeys(jump), ['27', '18', '9']);
  // The server says what each click does to the board: the first picks the man up, the
  // second completes a jump whose man taken stays, marked, until the move ends.
  assert.equal(jump.clicks[0].step, undefined);
  assert.deepEqual(jump.clicks[1].step, { from: '27', to: '18', captures: [jump.captures[0]], taken: 'marked' });
  assert.deepEqual(jump.clicks[1].lands, { from: '27', to: '18' });
  await click(page, '27');
  assert.equal(await page.locator('[data-cell="18"].target').count(), 1);
  await click(page, '18');
  // Halfway: the man stands on 18, the piece on 23 is marked captured, nothing is sent yet.
  assert.equal(await entered(page), '27 18');
  assert.equal(await pieceAt(page, '18'), 1);
  assert.equal(await pieceAt(page, '27'), 0);
  assert.equal(await page.locator('.piece.captured[data-piece="23"]').count(), 1);
  assert.equal(await page.locator('[data-cell="9"].target').count(), 1);
  assert.equal((await gameState(server, created.id)).ply, state.ply);
  // The status says what comes next.
  assert.equal(await page.locator('[data-status]').textContent(), 'White to move: continue the capture from 18');
  await shot(page, 'checkers-multijump');
  await click(page, '9');
  await waitForPly(page, state.ply + 1);
  const after = await gameState(server, created.id);
  assert.equal(after.moves.at(-1), '27x18x9');

  // The squares' PDN numbers, shown until turned off (and remembered), and the board turned
  // round: square 1 goes from the top to the bottom.
  assert.equal(await page.locator('text.number').first().isVisible(), true);
  await page.locator('#numbers').uncheck();
  assert.equal(await page.locator('text.number').first().isVisible(), false);
  await page.reload();
  await page.waitForSelector('[data-cell]');
  assert.equal(await page.locator('#numbers').isChecked(), false);
  assert.equal(await page.locator('text.number').first().isVisible(), false);
  await page.locator('#numbers').check();
  assert.equal(await page.locator('text.number').first().isVisible(), true);
  const top = (await page.locator('[data-cell="1"]').boundingBox()).y;
  await page.locator('#flip').click();
  await page.locator('#numbers').check();
  const flipped = (await page.locator('[data-cell="1"]').boundingBox()).y;
  assert.ok(flipped > top + 300, `square 1 moved from ${top} to ${flipped}`);
  await shot(page, 'checkers-numbers-flipped');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Fanorona chain with a choice of approach or withdrawal, stopped early', async () => {
  const { created, state, page } = await prepared('fanorona', ['D3-E3W']);
  const chain = state.legal.find((move) => move.move === 'B2-C3A,C3-D3A');
  assert.deepEqual(clickKeys(chain), ['B2', 'C3', 'D3', 'A', 'skip']);
  assert.equal(chain.clicks[3].label, 'capture by approach');
  assert.equal(chain.clicks[3].step.taken, 'removed');
  // D3 lands the piece before the choice completes its step: the board shows it there.
  assert.deepEqual(chain.clicks[2].lands, { from: 'C3', to: 'D3' });
  assert.equal(chain.clicks[3].lands, undefined);
  assert.equal(chain.clicks[4].skip, true);
  await click(page, 'B2');
  await click(page, 'C3');
  await click(page, 'D3');
  assert.equal(await pieceAt(page, 'D3'), 1);
  // Both captures are possible from D3: the page asks.
  assert.equal(await page.locator('[data-choice="A"]').count(), 1);
  assert.equal(await page.locator('[data-choice="W"]').count(), 1);
  assert.match(await page.locator('[data-choice="A"]').textContent(), /approach/);
  // The status names the buttons, which stand above the board on a phone and beside it on a
  // desktop.
  assert.match(await page.locator('[data-status]').textContent(), /to move: press “[^”]*approach[^”]*” or “[^”]*withdrawal[^”]*”$/i);
  await shot(page, 'fanorona-choice');
  await click(page, 'A');
  // The chain could go on: the page offers to end it here.
  assert.equal(await page.locator('[data-choice="skip"]').count(), 1);
  assert.match(await page.locator('[data-status]').textContent(), /to move: continue the capture from D3, or press “End the turn here”$/);
  assert.equal(await pieceAt(page, 'D3'), 1);
  // Fanorona's captured pieces leave the board as each capture is entered.
  const taken = chain.clicks.flatMap((c) => c.step?.captures ?? []);
  assert.ok(taken.length >= 2, JSON.stringify(chain));
  for (const cell of taken) assert.equal(await pieceAt(page, cell), 0, cell);
  assert.equal((await gameState(server, created.id)).ply, state.ply);
  await shot(page, 'fanorona-chain');
  await click(page, 'skip');
  await waitForPly(page, state.ply + 1);
  assert.equal((await gameState(server, created.id)).moves.at(-1), 'B2-C3A,C3-D3A');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Day and Night capture followed by a neutral slide', async () => {
  const { created, state, page } = await prepared('daynight', ['a1-j4']);
  const move = state.legal.find((legal) => legal.move === 'i4xk4/j4-k3');
  assert.deepEqual(clickKeys(move), ['i4', 'k4', 'j4', 'k3']);
  assert.deepEqual(move.clicks[1].step, { from: 'i4', to: 'k4', captures: ['j4'], taken: 'neutralised' });
  await click(page, 'i4');
  await click(page, 'k4');
  // The own move is entered: the turn may end here or go on with a neutral slide.
  assert.equal(await page.locator('[data-choice="skip"]').count(), 1);
  assert.match(await page.locator('[data-choice="skip"]').textContent(), /No neutral slide/);
  // The piece taken turns neutral at once, unmarked: it is a piece one may slide now.
  assert.equal(await page.locator('.piece.captured').count(), 0);
  assert.equal(await page.locator('.piece[data-piece="j4"]').count(), 1);
  assert.match(await page.locator('[data-status]').textContent(), /to move: move a neutral piece, or press “No neutral slide: end the turn”$/);
  await click(page, 'j4');
  assert.match(await page.locator('[data-status]').textContent(), /to move: click a marked cell$/);
  await shot(page, 'daynight-neutral-slide');
  await click(page, 'k3');
  await waitForPly(page, state.ply + 1);
  const after = await gameState(server, created.id);
  assert.equal(after.moves.at(-1), 'i4xk4/j4-k3');
  // The neutral piece is drawn as one, and the dial turned after the round.
  assert.equal(await page.locator('.piece.neutral[data-piece="k3"]').count(), 1);
  assert.deepEqual(after.dial.day, [1, 2, 3, 4, 5, 6]);
  assert.equal(await page.locator('.dial').getAttribute('data-day'), '1,2,3,4,5,6');
  assert.match(await page.locator('.dial').evaluate((node) => node.style.transform), /rotate\(30deg\)/);
  // Where the day goes next round: one sector on, marked on the rim of the sector it reaches.
  assert.deepEqual(after.dial.next, [2, 3, 4, 5, 6, 7]);
  assert.equal(await page.locator('.next-day').getAttribute('data-next'), '2,3,4,5,6,7');
  assert.equal(await page.locator('.next-day path').count(), 1);
  await shot(page, 'daynight-next-day');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an illegal click changes nothing, and a move can be played from the keyboard', async () => {
  const { created, page } = await prepared('checkers', []);
  const version = Number(await page.evaluate(() => document.body.dataset.version));
  const message = () => page.locator('#message').textContent();
  await click(page, '15'); // an empty square no move starts from
  assert.equal(await entered(page), '');
  assert.equal(await message(), 'Click one of the marked pieces to move it.');
  await click(page, '1'); // a man that cannot move
  assert.equal(await message(), 'That piece cannot move.');
  await click(page, '9');
  assert.equal(await entered(page), '9');
  assert.equal(await message(), '');
  assert.ok(await page.locator('.cell.target').count() > 0);
  await click(page, '17'); // not where the man on 9 can go
  assert.equal(await entered(page), '');
  assert.equal(await message(), 'The selected piece cannot go there.');
  assert.equal(await page.locator('.cell.target').count(), 0);
  await click(page, '24'); // an opponent's man
  assert.equal(await entered(page), '');
  assert.equal(await message(), 'That is a White piece: Black is to move.');
  const now = await gameState(server, created.id);
  assert.equal(now.version, version);
  assert.equal(now.ply, 0);
  // The record downloads as PDN, named by the server.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#record').click()]);
  assert.equal(download.suggestedFilename(), `${created.id}.pdn`);

  assert.equal(await page.locator('#opening').isVisible(), false);

  // Keyboard: focus the cell, press Enter, then Space.
  await page.locator('[data-cell="10"]').focus();
  await page.keyboard.press('Enter');
  assert.equal(await entered(page), '10');
  await page.locator('[data-cell="15"]').focus();
  await page.keyboard.press(' ');
  await waitForPly(page, 1);
  assert.equal((await gameState(server, created.id)).moves[0], '10-15');
  // 10-15 is the Kelso: named above the moves and in the record.
  assert.equal(await page.locator('#opening').textContent(), 'Opening: Kelso');
  await shot(page, 'checkers-opening');
  const href = await page.locator('#record').getAttribute('href');
  const record = await (await fetch(new URL(href ?? '', server.base))).text();
  assert.match(record, /^\[Opening "Kelso"\]$/m);
  // Every tag of a full record: the event, the site, the date, the players and the result.
  for (const tag of ['Event "Casual game"', 'Site "Arbiter"', 'White "A person"', 'Black "A person"',
    'Result "*"']) {
    assert.ok(record.includes(`[${tag}]`), `the record has [${tag}]: ${record}`);
  }
  assert.match(record, /^\[Date "\d{4}\.\d\d\.\d\d"\]$/m);
  const cell = page.locator('[data-cell="15"]');
  assert.equal(await cell.getAttribute('role'), 'button');
  assert.equal(await cell.getAttribute('tabindex'), '0');
  assert.match(await cell.getAttribute('aria-label'), /15: black man/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the pieces that can move are marked, and a refused click says why', async () => {
  // After this opening White must jump: 27x18(x9) or 26x19; the man on 21 cannot.
  const { created, state, page } = await prepared('checkers',
    ['9-14', '22-18', '11-15', '18x11', '7x16', '23-19', '16x23']);
  assert.equal(state.captures_only, true);
  // Each side's line counts the pieces it has taken: 18x11 for White, 7x16 and 16x23 for Black.
  assert.match(await page.locator('#seat-bottom').textContent(), /^White: .* has taken 1 piece$/);
  assert.match(await page.locator('#seat-top').textContent(), /^Black: .* has taken 2 pieces$/);
  const starts = new Set(state.legal.map((move) => clickKeys(move)[0]));
  const rings = () => page.locator('.movable-ring').evaluateAll((nodes) => nodes.map((node) => node.dataset.movable).sort());
  assert.deepEqual(await rings(), [...starts].sort());
  await click(page, '21');
  const message = page.locator('#message');
  assert.equal(await message.textContent(), 'Every move here is a capture: the marked pieces can capture.');
  assert.ok(await message.isVisible());
  // Near the board: the line is right below it.
  const board = await page.locator('#board').boundingBox();
  const line = await message.boundingBox();
  assert.ok(line.y - (board.y + board.height) < 60, `the message is ${line.y - board.y - board.height} px below the board`);
  await shot(page, 'checkers-compulsory-capture');

  // A mis-tap halfway through the jump keeps the landing entered.
  await click(page, '27');
  await click(page, '18');
  assert.equal(await entered(page), '27 18');
  await click(page, '21');
  assert.equal(await entered(page), '27 18');
  assert.match(await message.textContent(), /not the next step/);
  assert.equal(await page.locator('[data-cell="9"].target').count(), 1);
  assert.equal(await page.locator('.choices button.cancel').count(), 1);
  await shot(page, 'checkers-chain-mistap');
  await click(page, '9');
  await waitForPly(page, state.ply + 1);
  assert.equal((await gameState(server, created.id)).moves.at(-1), '27x18x9');
  assert.equal(await message.textContent(), '');
  assert.deepEqual(page.errors, []);
  await page.context().close();

  // A player whose opponent is to move is told so.
  const game = await createGame(server, 'checkers');
  const white = await newPage(browser);
  await openSeats(white, server, game, ['white']);
  assert.equal(await white.locator('.movable-ring').count(), 0, 'no marks on the opponent\'s turn');
  await click(white, '22');
  assert.equal(await white.locator('#message').textContent(), 'Not your turn.');
  assert.deepEqual(white.errors, []);
  await white.context().close();
});

test("a spectator's clicks change nothing", async () => {
  const created = await createGame(server, 'holes');
  const spectator = await newPage(browser);
  await spectator.goto(`${server.base}${created.watch_url}`);
  await spectator.waitForSelector('[data-cell]');
  assert.match(await spectator.locator('[data-status]').textContent(), /watching/);
  const move = created.state.legal[0];
  for (const token of clickKeys(move)) await click(spectator, token);
  await spectator.waitForTimeout(300);
  assert.equal(await entered(spectator), '');
  assert.match(await spectator.locator('#message').textContent(), /watching/);
  assert.equal((await gameState(server, created.id)).ply, 0);
  assert.equal(await spectator.locator('#play-tools').isVisible(), false);

  // The spectator sees the players' moves as they happen.
  const response = await api(server, 'POST', `/api/games/${created.id}/moves`, { move: move.move, ply: 0 }, created.seats.white.token);
  assert.equal(response.status, 200);
  await waitForPly(spectator, 1);
  assert.deepEqual(spectator.errors, []);
  await spectator.context().close();
});

test('the players see how many watch their game, and a spectator who leaves is counted out', async () => {
  const game = await createGame(server, 'checkers');
  const player = await newPage(browser);
  await openSeats(player, server, game, ['black']);
  await player.waitForSelector('#connection[data-connection="live"]');
  assert.equal(await player.locator('#spectators').isVisible(), false);
  const spectator = await newPage(browser);
  await spectator.goto(`${server.base}${game.watch_url}`);
  await player.waitForSelector('#spectators:has-text("1 spectator")');
  await shot(player, 'checkers-spectators');
  await spectator.context().close();
  await player.waitForSelector('#spectators', { state: 'hidden' });
  assert.deepEqual(player.errors, []);
  await player.context().close();
});

test('the move list replays the game, and the tools work', async () => {
  const { created, page } = await prepared('minicheckers', ['b2-c3', 'a5-b4', 'c3xa5']);
  const moves = page.locator('[data-moves] button');
  assert.equal(await moves.count(), 3);
  await moves.nth(0).click();
  await page.locator('#replay-note').waitFor();
  assert.equal(await page.locator('[data-piece="c3"]').count(), 1); // after b2-c3
  assert.equal(await page.locator('[data-piece="a5"]').count(), 1);
  await page.locator('[data-nav=start]').click();
  await page.waitForFunction(() => document.querySelector('[data-piece="b2"]'));
  // The position shown is written out in the game's text form, to copy.
  const start = (await api(server, 'GET', '/api/catalog/minicheckers/position')).data.position;
  assert.equal(await page.locator('#position').textContent(), start);
  await page.locator('[data-nav=end]').click();
  await page.waitForFunction(() => document.getElementById('replay-note').hidden);
  assert.equal(await page.locator('[data-piece="a5"]').count(), 1);
  assert.equal(await page.locator('[data-piece="b4"]').count(), 0);
  assert.equal(await page.locator('#position').textContent(), (await gameState(server, created.id)).position);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('#copy-position').click();
  await page.locator('#message', { hasText: 'The position is copied.' }).waitFor();

  // Mini checkers is solved within the time: the analysis is exact, with its badge.
  await page.locator('#analysis').click();
  await page.waitForFunction(() => document.getElementById('analysis-out').dataset.best);
  assert.equal(await page.locator('#analysis-out .badge').textContent(), 'exact');
  assert.match(await page.locator('#analysis-out').textContent(), /exact Black (wins|loses) in \d+ plies with perfect play\. [a-f]\d\S+ (wins|loses) in \d+ plies/);
  await shot(page, 'minicheckers-exact-analysis');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'minicheckers-exact-analysis-360');
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.locator('#hint').click();
  await page.waitForFunction(() => /Hint/.test(document.getElementById('analysis-out').textContent));

  // The analysis follows the position shown: back at the start, it is the start's (a win for
  // White in 23 plies, as mini checkers is solved); going on to the live game clears it.
  await page.locator('[data-nav=start]').click();
  await page.locator('#replay-note').waitFor();
  assert.equal(await page.locator('#analysis-out').textContent(), '', 'a new position clears the old analysis');
  await page.locator('#analysis').click();
  await page.waitForFunction(() => document.getElementById('analysis-out').dataset.best);
  assert.match(await page.locator('#analysis-out').textContent(), /White wins in 23 plies with perfect play/);
  // The evaluation bar: all White's.
  assert.equal(await page.locator('#eval-bar').getAttribute('aria-valuenow'), '100');
  await page.locator('[data-nav=end]').click();
  await page.waitForFunction(() => document.getElementById('replay-note').hidden);
  assert.equal(await page.locator('#analysis-out').textContent(), '');

  // At one screen a takeback takes back one move: c3xa5, then a5-b4.
  await page.locator('#undo').click();
  await waitForPly(page, 2);
  assert.deepEqual((await gameState(server, created.id)).moves, ['b2-c3', 'a5-b4']);
  await page.locator('#undo').click();
  await waitForPly(page, 1);
  const record = await page.locator('#record').getAttribute('href');
  const answer = await fetch(server.base + record);
  assert.equal(answer.headers.get('content-disposition'), `attachment; filename="${created.id}.txt"`);
  assert.match(await answer.text(), /b2-c3/);

  // Agreeing a draw and resigning end the game: each asks once, in a line of the page.
  await page.locator('#draw').click();
  assert.match(await page.locator('#confirm').textContent(), /Agree a draw and end the game\?/);
  await shot(page, 'minicheckers-confirm-draw');
  await page.locator('#confirm [data-confirm=no]').click();
  assert.equal(await page.locator('#confirm').isHidden(), true);
  assert.equal((await gameState(server, created.id)).status, 'ongoing');
  await page.locator('#resign').click();
  assert.match(await page.locator('#confirm').textContent(), /Resign this game for Black\?/);
  assert.equal((await gameState(server, created.id)).status, 'ongoing', 'nothing happens before the answer');
  await page.locator('#confirm [data-confirm=yes]').click();
  await page.waitForFunction(() => document.querySelector('[data-status]').dataset.status === 'over');
  assert.equal(await page.locator('#confirm').isHidden(), true);
  assert.match(await page.locator('[data-status]').textContent(), /resigned/);
  assert.equal((await gameState(server, created.id)).status, 'over');

  // The finished game is an analysis board: the position shown is analysed as it changes,
  // and the arrow keys step through the moves.
  assert.ok(await page.locator('#analysis-board').isVisible());
  await page.waitForFunction(() => document.getElementById('analysis-out').dataset.exact === 'yes');
  assert.match(await page.locator('#analysis-out').textContent(), /^exact Black (wins|loses) in \d+ plies/);
  await page.locator('h2').first().click();
  await page.keyboard.press('ArrowLeft');
  await page.locator('#replay-note').waitFor();
  await page.waitForFunction(() => /White wins in 23 plies/.test(document.getElementById('analysis-out').textContent));
  assert.ok(await page.locator('#eval-bar').isVisible());
  await shot(page, 'minicheckers-analysis-board');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a move by drag and drop', async () => {
  const { created, page } = await prepared('holes', []);
  await page.dragAndDrop('[data-cell="c2"]', '[data-cell="c3"]');
  await waitForPly(page, 1);
  assert.equal((await gameState(server, created.id)).moves[0], 'c2-c3');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the pages run under their Content Security Policy', async () => {
  const page = await newPage(browser, { csp: true });
  await page.goto(`${server.base}/`);
  await page.waitForSelector('form button');
  const created = await createGame(server, 'daynight');
  await page.goto(`${server.base}${created.watch_url}`);
  await page.waitForSelector('[data-cell]');
  await page.waitForSelector('.dial');
  await shot(page, 'daynight-under-csp');
  await page.goto(`${server.base}/games`);
  await page.waitForSelector('#games tbody tr');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
