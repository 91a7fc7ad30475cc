// A whole game of checkers and of holes, played by clicks to its end, and of minicheckers by
// two pages, two players joined by the invite link; a screenshot of every board at desktop
// size and at 360 px. (Fanorona and Day and Night: games-round.test.mjs, beside it.)

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import {
  createGame, gameState, launch, newPage, openSeats, shot, startServer,
} from '../lib/harness.mjs';
import { finalChecks, playWhole } from '../lib/whole.mjs';

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

for (const [game, seed] of [['checkers', 3], ['holes', 4]]) {
  test(`a whole game of ${game} at one screen, by clicks`, async () => {
    const created = await createGame(server, game);
    const page = await newPage(browser);
    await openSeats(page, server, created);
    const final = await playWhole(server, created.id, () => page, game, seed);
    await finalChecks(page, final);
    await page.waitForTimeout(1000); // the dial's last turn
    await shot(page, `${game}-over`);
    await page.context().close();
  });
}

test('a whole game of mini checkers by two players joined by the invite link', async () => {
  const host = await newPage(browser);
  await host.goto(`${server.base}/`);
  await host.locator('[data-game=minicheckers]').click();
  await host.locator('input[name=opponent][value=link]').check();
  await host.locator('input[name=side][value=white]').check();
  await host.locator('#start').click();
  await host.waitForURL(/\/games\/[a-z0-9]+$/);
  const id = host.url().split('/').pop();
  // The page shows the invitation once it has the game's state.
  await host.waitForFunction(() => document.getElementById('invite-url').value !== '');
  const invite = await host.locator('#invite-url').inputValue();
  assert.match(invite, new RegExp(`/join/${id}/black/`));
  assert.equal(await host.locator('#copy-invite').isVisible(), true);
  // Above the board until the friend joins: in view on a phone.
  await host.setViewportSize({ width: 360, height: 740 });
  const box = await host.locator('#invite').boundingBox();
  const board = await host.locator('#board').boundingBox();
  assert.ok(box.y + box.height <= 740 && box.y < board.y, `the invitation at ${JSON.stringify(box)}, the board at ${board.y}`);
  await shot(host, 'invitation-host-360');
  await host.setViewportSize({ width: 1200, height: 900 });

  // Opening the link (as a link previewer would) takes nothing: the page asks first.
  const guest = await newPage(browser);
  const preview = await guest.request.head(invite);
  assert.equal(preview.status(), 200);
  await guest.goto(invite);
  await guest.waitForFunction(() => /Join this game of .+ as Black/.test(document.getElementById('title').textContent));
  assert.equal((await gameState(server, id)).seats.black.taken, false);
  await shot(guest, 'invitation-desktop');
  await guest.locator('#join').click();
  await guest.waitForURL(`${server.base}/games/${id}`);
  await guest.waitForSelector('[data-cell]');
  const state = await gameState(server, id);
  assert.equal(state.seats.black.taken, true);
  await guest.waitForFunction(() => /Black/.test(document.getElementById('seat-bottom').textContent));
  // No engine help for either player while the game between them goes on.
  for (const page of [host, guest]) {
    assert.equal(await page.locator('#hint').isDisabled(), true);
    assert.equal(await page.locator('#no-help').isVisible(), true);
  }
  await shot(guest, 'no-engine-help-desktop');
  // The host's page hears that the friend has joined: the invitation is no longer shown.
  await host.waitForFunction(() => document.getElementById('invite').hidden);
  assert.equal(await host.locator('#copy-invite').isVisible(), false);

  // The link gives the seat once: a third browser is told so, and offered to watch.
  const third = await newPage(browser);
  await third.goto(invite);
  await third.waitForFunction(() => /used already/.test(document.getElementById('title').textContent));
  assert.equal(await third.locator('#join').isVisible(), false);
  assert.equal(await third.locator('#watch').getAttribute('href'), `/games/${id}`);
  await shot(third, 'invitation-spent-desktop');

  const pages = { white: host, black: guest };
  const final = await playWhole(server, id, (side) => pages[side], 'minicheckers', 7);
  await finalChecks(host, final);
  await finalChecks(guest, final);
  for (const page of [host, guest, third]) await page.context().close();
});
