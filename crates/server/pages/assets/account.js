// @ts-check
// The account page: signed out, the forms to sign in and to make an account; signed in, the
// name and a way to sign out. The server keeps the session in its cookie.

import { element, getJson, messageOf, postJson } from './api.js';

const errorBox = element('account-error');

/** Shows the page as the server sees this browser: signed in to an account, or not. */
async function show() {
  /** @type {{name: string} | null} */
  let account = null;
  try {
    account = await getJson('/api/account');
  } catch {
    account = null;
  }
  element('signed-in').hidden = account === null;
  element('signed-out').hidden = account !== null;
  if (account) element('account-name').textContent = account.name;
}

/**
 * Sends a form's name and password to `path`; then shows the account, and the header with it.
 * @param {string} formId
 * @param {string} path
 */
function submits(formId, path) {
  const form = element(formId, HTMLFormElement);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errorBox.textContent = '';
    const data = new FormData(form);
    try {
      await postJson(path, { name: String(data.get('name') ?? ''), password: String(data.get('password') ?? '') });
      location.reload();
    } catch (error) {
      errorBox.textContent = messageOf(error);
    }
  });
}

submits('sign-in', '/api/account/login');
submits('sign-up', '/api/account/signup');
element('sign-out').addEventListener('click', async () => {
  try {
    await postJson('/api/account/logout');
    location.reload();
  } catch (error) {
    errorBox.textContent = messageOf(error);
  }
});
show();
