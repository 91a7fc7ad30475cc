// @ts-check
// A tournament (`/tournaments/ID`): its countdown, the standings as they change (its socket),
// the games being played, one's own next game, join and withdraw, and the podium at the end.

import { appendRow, element, getCatalog, getJson, keepSocket, messageOf, postJson } from './api.js';
import { berserkButton } from './ingame.js';
import { clockText } from './tournaments.js';

const id = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const errorBox = element('tournament-error');
/** @type {{ tournament: TournamentView | null, me: string | null, gameNames: Map<string, string>, shownAt: number }} */
const page = { tournament: null, me: null, gameNames: new Map(), shownAt: 0 };

/**
 * A duration as a countdown: `1:02:03` or `4:05`.
 * @param {number} ms
 */
function countdown(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** The countdown to the start, or to an arena's end. */
function tick() {
  const tournament = page.tournament;
  if (!tournament) return;
  const passed = Date.now() - page.shownAt;
  const box = element('t-countdown');
  if (tournament.status === 'upcoming') box.textContent = `Starts in ${countdown(tournament.starts_in_ms - passed)}`;
  else if (tournament.status === 'running' && tournament.ends_in_ms != null) box.textContent = `Ends in ${countdown(tournament.ends_in_ms - passed)}`;
  else box.textContent = '';
}

/**
 * A player's name, linked to their profile, with the arena's fire.
 * @param {string} name
 * @param {boolean} [fire]
 */
function playerLink(name, fire = false) {
  const link = document.createElement('a');
  link.href = `/@/${encodeURIComponent(name)}`;
  link.textContent = name;
  if (!fire) return link;
  const span = document.createElement('span');
  const flame = document.createElement('span');
  flame.className = 'fire';
  flame.title = 'On fire: each win scores double';
  flame.textContent = '🔥';
  span.append(link, flame);
  return span;
}

/** @param {number} value */
const number = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** Draws the tournament. */
function draw() {
  const tournament = page.tournament;
  if (!tournament) return;
  document.title = `${tournament.name} · Arbiter`;
  element('t-title').textContent = tournament.name;
  const game = page.gameNames.get(tournament.game) ?? tournament.game;
  const kind = tournament.kind === 'arena' ? 'Arena' : `Swiss, ${tournament.rounds} rounds`;
  element('t-summary').textContent = `${game} · ${clockText(tournament.clock)} · ${kind}${tournament.rated ? ' · rated' : ''} · by ${tournament.created_by}`;
  const round = tournament.kind === 'swiss' && tournament.status === 'running' ? `, round ${tournament.round} of ${tournament.rounds}` : '';
  element('t-status').textContent = { upcoming: 'Upcoming', running: 'Running', finished: 'Finished' }[tournament.status] + round;
  tick();
  drawActions(tournament);
  drawStandings(tournament);
  drawGames(tournament);
}

/** @param {TournamentView} tournament */
function drawActions(tournament) {
  const mine = tournament.players.find((player) => player.name === page.me);
  const entered = mine !== undefined && !mine.withdrawn;
  const open = tournament.status === 'upcoming' || (tournament.status === 'running' && tournament.kind === 'arena');
  element('t-join').hidden = page.me === null || entered || !open;
  element('t-withdraw').hidden = !entered || tournament.status === 'finished';
  element('t-sign-in').hidden = page.me !== null || tournament.status === 'finished';
}

/** @param {TournamentView} tournament */
function drawStandings(tournament) {
  const table = element('t-standings');
  const body = table.querySelector('tbody') ?? table;
  body.replaceChildren();
  element('t-tiebreaks').textContent = tournament.kind === 'arena' ? 'Performance' : 'Buchholz, S-B';
  for (const player of tournament.players) {
    // An arena's performance means nothing before a finished game.
    const unplayed = tournament.kind === 'arena' && player.games === 0;
    const tiebreaks = unplayed ? '—' : player.tiebreaks.map(number).join(', ');
    const row = appendRow(body, [String(player.rank), playerLink(player.name, player.fire), number(player.score), tiebreaks, String(player.games)]);
    row.classList.toggle('withdrawn', player.withdrawn);
    if (player.withdrawn) row.title = 'Withdrawn';
  }
  table.hidden = tournament.players.length === 0;
  element('t-nobody').hidden = tournament.players.length > 0;
  const podium = element('t-podium');
  const playing = tournament.pairings.some((pairing) => pairing.result === null);
  podium.hidden = tournament.status !== 'finished' || playing || tournament.players.length === 0;
  podium.replaceChildren(...tournament.players.slice(0, 3).map((player) => {
    const item = document.createElement('li');
    const place = document.createElement('span');
    place.className = 'place';
    place.textContent = String(player.rank);
    item.append(place, playerLink(player.name), document.createElement('br'), `${number(player.score)} points`);
    return item;
  }));
}

/** @param {TournamentView} tournament */
function drawGames(tournament) {
  const playing = tournament.pairings.filter((pairing) => pairing.result === null && pairing.game);
  const list = element('t-playing');
  list.replaceChildren(...playing.map((pairing) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/games/${encodeURIComponent(pairing.game ?? '')}`;
    link.textContent = `${pairing.white} – ${pairing.black}`;
    item.append(link);
    return item;
  }));
  element('t-none-playing').hidden = playing.length > 0;
  const yours = playing.find((pairing) => pairing.white === page.me || pairing.black === page.me);
  const box = element('t-your-game');
  box.hidden = !yours;
  if (yours) {
    const link = document.createElement('a');
    link.href = `/games/${encodeURIComponent(yours.game ?? '')}`;
    link.textContent = 'Go to your game';
    box.replaceChildren(`Your game against ${yours.white === page.me ? yours.black : yours.white} has started. `, link);
    const side = yours.white === page.me ? 'white' : 'black';
    if (tournament.kind === 'arena' && !yours.berserk.includes(side) && yours.game) {
      box.append(' ', berserkButton(id, yours.game, 't-berserk', (error) => { errorBox.textContent = messageOf(error); }));
    }
  }
  const table = element('t-pairings');
  const body = table.querySelector('tbody') ?? table;
  body.replaceChildren();
  element('t-round-head').hidden = tournament.kind === 'arena';
  for (const pairing of tournament.pairings) {
    const result = pairing.result ?? 'playing';
    // A player who went berserk is marked by a lightning bolt.
    const marked = (/** @type {string} */ name, /** @type {Side} */ side) => (pairing.berserk.includes(side) ? `${name} ⚡` : name);
    const cells = [marked(pairing.white, 'white'), pairing.black ? marked(pairing.black, 'black') : '—', result];
    const row = appendRow(body, tournament.kind === 'arena' ? cells : [String(pairing.round), ...cells]);
    if (pairing.game && pairing.result !== 'bye') {
      const link = document.createElement('a');
      link.href = `/games/${encodeURIComponent(pairing.game)}`;
      link.textContent = result;
      row.lastElementChild?.replaceChildren(link);
    }
  }
  table.hidden = tournament.pairings.length === 0;
  element('t-no-pairings').hidden = tournament.pairings.length > 0;
}

/**
 * Shows `tournament`, as the server sent it.
 * @param {TournamentView} tournament
 */
function show(tournament) {
  page.tournament = tournament;
  page.shownAt = Date.now();
  draw();
}

/** @param {'join' | 'withdraw'} action */
async function act(action) {
  errorBox.textContent = '';
  show(await postJson(`/api/tournaments/${encodeURIComponent(id)}/${action}`));
}

async function main() {
  const account = await fetch('/api/account');
  if (account.ok) page.me = (await account.json()).name ?? null;
  page.gameNames = new Map((await getCatalog()).map((game) => [game.id, game.name]));
  for (const action of /** @type {const} */ (['join', 'withdraw'])) {
    element(`t-${action}`).addEventListener('click', () => { act(action).catch((error) => { errorBox.textContent = messageOf(error); }); });
  }
  show(await getJson(`/api/tournaments/${encodeURIComponent(id)}`));
  setInterval(tick, 1000);
  keepSocket(() => `/api/tournaments/${encodeURIComponent(id)}/socket`, {
    message: (data) => {
      /** @type {{type: 'tournament', tournament: TournamentView}} */
      const message = JSON.parse(data);
      if (message.type === 'tournament') show(message.tournament);
    },
  });
}

main().catch((error) => { errorBox.textContent = `The tournament could not be loaded: ${messageOf(error)}`; });
