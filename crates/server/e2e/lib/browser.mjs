// One Chromium for all the test files of a run (run.sh starts it): launches a browser server,
// prints its WebSocket address on a line of its own, and closes the browser when it is asked to
// stop (SIGTERM or SIGINT). A launch that fails is tried once more, as the
// harness's own launch does.

import { chromium } from 'playwright-core';

import { browserOptions } from './harness.mjs';

let server;
try {
  server = await chromium.launchServer(browserOptions);
} catch (error) {
  console.error(`the browser did not start, launched again: ${error.message.split('\n')[0]}`);
  server = await chromium.launchServer(browserOptions);
}
console.log(server.wsEndpoint());

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
