// An account from the pages: made on the account page, shown in every page's header, signed
// out and in again; a wrong password said, at desktop size and on a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { newPage, serverAndBrowser, shot } from '../lib/harness.mjs';

const shared = serverAndBrowser();

test('an account is made, shown in the header, signed out and in again', async () => {
  const { server, browser } = shared;
  const page = await newPage(browser);
  const name = `player_${process.pid % 100000}`;
  await page.goto(`${server.base}/account`);
  await page.locator('#signed-out:not([hidden])').waitFor();
  await shot(page, 'account-signed-out');
  await page.locator('#sign-up input[name=name]').fill(name);
  await page.locator('#sign-up input[name=password]').fill('a long secret');
  await page.locator('#sign-up button[type=submit]').click();
  await page.locator('#account-name', { hasText: name }).waitFor();
  await page.locator('#account-link', { hasText: name }).waitFor();

  // Every page's header names the account.
  for (const path of ['/', '/games', '/my']) {
    await page.goto(`${server.base}${path}`);
    await page.locator('#account-link', { hasText: name }).waitFor();
  }
  // The name opens the account's menu: the profile, the account page, the leaderboards.
  await page.locator('#account-link').click();
  await page.locator('.account-menu-items a', { hasText: 'Your profile' }).waitFor();
  await shot(page, 'account-menu');
  await page.locator('.account-menu-items a', { hasText: 'Your account' }).click();
  await page.waitForURL(`${server.base}/account`);
  await page.locator('#sign-out').click();
  await page.locator('#signed-out:not([hidden])').waitFor();
  await page.locator('#account-link', { hasText: 'Sign in' }).waitFor();

  // A wrong password is said; the right one signs in.
  await page.locator('#sign-in input[name=name]').fill(name);
  await page.locator('#sign-in input[name=password]').fill('not the secret');
  await page.locator('#sign-in button[type=submit]').click();
  await page.locator('#account-error:not(:empty)').waitFor();
  await page.locator('#sign-in input[name=password]').fill('a long secret');
  await page.locator('#sign-in button[type=submit]').click();
  await page.locator('#account-name', { hasText: name }).waitFor();
  await shot(page, 'account-signed-in');
  assert.deepEqual(page.errors, []);
  await page.context().close();

  const phone = await newPage(browser, { width: 360, height: 740 });
  await phone.goto(`${server.base}/account`);
  await phone.locator('#signed-out:not([hidden])').waitFor();
  await shot(phone, 'account-360');
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the page is ${width} px wide at 360 px`);
  await phone.context().close();
});
