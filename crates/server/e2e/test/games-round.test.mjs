// A whole game of Fanorona and of Day and Night, played by clicks to its end; a screenshot of
// every board at desktop size and at 360 px. (The longest games, in a file of their own so that
// they run beside the others.)

import { after, before, test } from 'node:test';

import {
  createGame, launch, newPage, openSeats, shot, startServer,
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

for (const [game, seed] of [['fanorona', 9], ['daynight', 12]]) {
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
