// @ts-check
// The page of an invitation link (/join/{id}/{side}/{token}): it says which game and seat the
// link offers, and the seat is taken only when the friend presses "Join" (a POST), so that
// link previewers and mail scanners that open the link take nothing.

import { ApiError, element as $, getCatalog, getJson, messageOf, otherSide, postJson, sideName } from './api.js';

const [, , id = '', seat = '', token = ''] = location.pathname.split('/').map(decodeURIComponent);
/** @type {Side} */
const side = seat === 'black' ? 'black' : 'white';
const other = otherSide(side);

/** @param {string} text */
function spent(text) {
  $('title').textContent = 'This invitation was used already';
  $('about').textContent = text;
  $('join').hidden = true;
}

async function show() {
  $('watch', HTMLAnchorElement).href = `/games/${encodeURIComponent(id)}`;
  /** @type {GameState} */
  let state;
  try {
    state = await getJson(`/api/games/${encodeURIComponent(id)}`);
  } catch (error) {
    $('title').textContent = 'No such game';
    $('about').textContent = messageOf(error);
    $('watch').hidden = true;
    return;
  }
  const catalog = await getCatalog();
  const name = catalog.find((game) => game.id === state.game)?.name ?? state.game;
  const taken = state.seats[side];
  document.title = `Join ${name} · Arbiter`;
  $('title').textContent = `Join this game of ${name} as ${sideName(side)}`;
  $('options').textContent = state.options ? `Options: ${state.options}` : 'Standard rules.';
  $('opponent').textContent = `${sideName(other)}: ${state.seats[other].name}.`;
  if (!taken || taken.player !== 'human' || taken.taken) {
    spent('Another browser has taken this seat. You can still watch the game.');
    return;
  }
  if (state.status !== 'ongoing') {
    spent('The game is over. You can still watch it.');
    return;
  }
  $('about').textContent = `${state.ply} moves have been played.`;
  $('join').hidden = false;
}

const join = $('join', HTMLButtonElement);
join.addEventListener('click', async () => {
  join.disabled = true;
  try {
    await postJson(`/api/games/${encodeURIComponent(id)}/join`, { side: seat, token });
    location.assign(`/games/${encodeURIComponent(id)}`);
  } catch (error) {
    join.disabled = false;
    if (error instanceof ApiError && error.status === 403) spent(error.message);
    else $('message').textContent = messageOf(error);
  }
});

show();
