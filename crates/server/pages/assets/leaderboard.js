// @ts-check
// The leaderboards (`/leaderboard`): the best players of a game at a speed, chosen in the
// page's form and kept in its address (`?game=checkers&speed=blitz`).

import { appendRow, element, getCatalog, getJson, messageOf } from './api.js';

const gameSelect = element('lb-game', HTMLSelectElement);
const speedSelect = element('lb-speed', HTMLSelectElement);
const errorBox = element('leaderboard-error');

async function show() {
  errorBox.textContent = '';
  const [game, speed] = [gameSelect.value, speedSelect.value];
  history.replaceState(null, '', `?game=${encodeURIComponent(game)}&speed=${encodeURIComponent(speed)}`);
  /** @type {Leader[]} */
  const leaders = await getJson(`/api/leaderboard/${encodeURIComponent(game)}/${encodeURIComponent(speed)}`);
  const body = element('leaders').querySelector('tbody') ?? element('leaders');
  body.replaceChildren();
  leaders.forEach((leader, index) => {
    const link = document.createElement('a');
    link.href = `/@/${encodeURIComponent(leader.name)}`;
    link.textContent = leader.name;
    appendRow(body, [String(index + 1), link, String(leader.rating), String(leader.games)]);
  });
  element('leaders').hidden = leaders.length === 0;
  element('empty').hidden = leaders.length > 0;
}

async function main() {
  const asked = new URLSearchParams(location.search);
  for (const game of await getCatalog()) {
    gameSelect.append(new Option(game.name, game.id, false, game.id === (asked.get('game') ?? 'checkers')));
  }
  const speed = asked.get('speed');
  if (speed && [...speedSelect.options].some((option) => option.value === speed)) speedSelect.value = speed;
  for (const select of [gameSelect, speedSelect]) {
    select.addEventListener('change', () => { show().catch((error) => { errorBox.textContent = messageOf(error); }); });
  }
  await show();
}

main().catch((error) => { errorBox.textContent = `The leaderboard could not be loaded: ${messageOf(error)}`; });
