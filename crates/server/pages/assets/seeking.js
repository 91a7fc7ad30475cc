// @ts-check
// A creator's open seeks, followed from every page of the site but the home page (whose lobby
// does it): the lobby socket open here tells the server the creator is still there, so its
// seeks stay listed. When one is taken, the creator's seat is taken, and a toast with a link
// to the game, the tab's title and a browser notification (once allowed) say so. who.js
// follows them (`follow`) while this browser has open seeks (`SEEKING` in localStorage, set by
// the home page's lobby when one is posted). A seat taken is told to the page (`SEAT_TAKEN`).

import { getJson, keepSocket, messageOf, postJson } from './api.js';

/** The key in localStorage of "this browser has open seeks" (who.js reads it as it is). */
export const SEEKING = 'arbiter-seeking';

/** The event fired on the document once the seat of a taken seek is this browser's (its
 * `detail` the game's identifier): "Your games" lists the game at once. */
export const SEAT_TAKEN = 'arbiter:seat-taken';

/**
 * Takes the seat a seek's acceptance gives its creator: done once this browser holds it,
 * whether this page took it or another of the browser's pages did first.
 * @param {{game: string, side: Side, token: string}} message
 */
export async function takeSeat(message) {
  try {
    await postJson(`/api/games/${message.game}/join`, { side: message.side, token: message.token });
  } catch (error) {
    /** @type {GameState | null} */
    const state = await getJson(`/api/games/${message.game}`).catch(() => null);
    if (!state?.you.includes(message.side)) throw error;
  }
}

/**
 * Shows `text` and a link to `href` at the foot of the page until closed.
 * @param {string} text
 * @param {string} href
 * @param {string} label
 */
function toast(text, href, label) {
  const box = document.createElement('div');
  box.className = 'toast';
  box.setAttribute('role', 'alert');
  const link = document.createElement('a');
  link.href = href;
  link.textContent = label;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', () => box.remove());
  box.append(`${text} `, link, ' ', close);
  document.body.append(box);
}

/** @param {{game: string, side: Side, token: string}} message */
async function accepted(message) {
  const href = `/games/${message.game}`;
  try {
    await takeSeat(message);
  } catch (error) {
    toast(`Your challenge was taken, but the seat could not be taken: ${messageOf(error)}.`, href, 'See the game');
    return;
  }
  document.dispatchEvent(new CustomEvent(SEAT_TAKEN, { detail: message.game }));
  toast('Your challenge was taken: the game begins.', href, 'Play it');
  document.title = `Your challenge was taken · ${document.title}`;
  if ('Notification' in window && Notification.permission === 'granted') {
    const note = new Notification('Your challenge was taken', { body: 'The game begins.', tag: `arbiter-${message.game}` });
    note.onclick = () => location.assign(href);
  }
}

/** Follows this browser's open seeks on the lobby socket. */
export function follow() {
  keepSocket(() => '/api/lobby/socket', {
    message(data) {
      /** @type {LobbyMessage} */
      const message = JSON.parse(data);
      if (message.type === 'seeks' && !message.seeks.some((seek) => seek.yours)) localStorage.removeItem(SEEKING);
      if (message.type === 'accepted') accepted(message);
    },
  });
}
