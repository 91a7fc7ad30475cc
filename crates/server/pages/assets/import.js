// @ts-check
// The analysis board's start (`/analysis`): a record pasted or read from a file, sent to the
// server, which replays and checks it and stores its game to analyse; the page then opens that
// game's page, an analysis board. The game is chosen here only for a record that names none.

import { element, getCatalog, messageOf, postJson } from './api.js';

/** The largest record sent: the server takes bodies of at most 64 KiB, the JSON around it. */
const MAX_RECORD = 60 * 1024;

const form = element('import', HTMLFormElement);
const gameSelect = element('import-game', HTMLSelectElement);
const recordBox = element('import-record', HTMLTextAreaElement);
const fileInput = element('import-file', HTMLInputElement);
const errorBox = element('import-error');

/** Reads the chosen file into the record's box. */
async function readFile() {
  const file = fileInput.files?.[0];
  if (!file) return;
  if (file.size > MAX_RECORD) {
    errorBox.textContent = `${file.name} is ${Math.ceil(file.size / 1024)} KiB: a record may have at most 60 KiB.`;
    return;
  }
  recordBox.value = await file.text();
  errorBox.textContent = '';
}

/** @param {SubmitEvent} event */
async function submit(event) {
  event.preventDefault();
  errorBox.textContent = '';
  const record = recordBox.value;
  if (new TextEncoder().encode(record).length > MAX_RECORD) {
    errorBox.textContent = 'The record is longer than 60 KiB, the most a record may have here.';
    return;
  }
  const button = form.querySelector('button');
  if (button) button.disabled = true;
  try {
    /** @type {Created} */
    const created = await postJson('/api/imports', { record, game: gameSelect.value || null });
    location.assign(created.watch_url);
  } catch (error) {
    errorBox.textContent = messageOf(error);
    if (button) button.disabled = false;
  }
}

async function main() {
  for (const game of await getCatalog()) {
    gameSelect.append(new Option(game.name, game.id));
  }
  fileInput.addEventListener('change', () => { readFile().catch((error) => { errorBox.textContent = messageOf(error); }); });
  form.addEventListener('submit', (event) => { submit(event).catch((error) => { errorBox.textContent = messageOf(error); }); });
}

main().catch((error) => { errorBox.textContent = `The page could not be loaded: ${messageOf(error)}`; });
