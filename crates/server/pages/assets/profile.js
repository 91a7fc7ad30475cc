// @ts-check
// A player's profile (`/@/NAME`): the ratings per game and speed, a chart of the history of
// one of them, the wins, draws and losses, and the games, the most recent first.

import { appendRow, capitalise, changeText, element, getCatalog, getJson, messageOf, ratingText, sideName } from './api.js';

const SVG = 'http://www.w3.org/2000/svg';

// The chart's drawing, in its own units: the plot inside a margin for the ratings' labels.
const WIDTH = 600;
const HEIGHT = 220;
const LEFT = 48;
const TOP = 12;
const BOTTOM = 24;

const name = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const errorBox = element('profile-error');
/** @type {Map<string, string>} */
let gameNames = new Map();
let page = 1;

/**
 * A perf key (`checkers/blitz`) in words: the game's name and the speed.
 * @param {string} perf
 */
function perfWords(perf) {
  const [game, speed] = perf.split('/');
  return [gameNames.get(game) ?? game, capitalise(speed ?? '')];
}

/**
 * An SVG element `tag` with `attributes`.
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 */
function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

/**
 * The chart of `points`: the rating after each rated game, over time (over the games when
 * they were all played at one instant), with the lowest, middle and highest ratings marked.
 * @param {RatingPoint[]} points
 */
function chart(points) {
  const drawing = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', class: 'rating-chart' });
  const ratings = points.map((point) => point.rating);
  // At least 100 points from the bottom to the top, the lowest and highest ratings inside.
  const room = Math.max(0, 100 - (Math.max(...ratings) - Math.min(...ratings))) / 2;
  const low = Math.floor(Math.min(...ratings) - room) - 10;
  const high = Math.ceil(Math.max(...ratings) + room) + 10;
  const first = points[0]?.at ?? 0;
  const span = (points.at(-1)?.at ?? 0) - first;
  const x = (/** @type {number} */ index) => {
    if (points.length === 1) return (LEFT + WIDTH - 8) / 2;
    const share = span > 0 ? (points[index].at - first) / span : index / (points.length - 1);
    return LEFT + share * (WIDTH - LEFT - 8);
  };
  const y = (/** @type {number} */ rating) => TOP + (high - rating) / (high - low) * (HEIGHT - TOP - BOTTOM);
  for (const level of [low + 10, Math.round((low + high) / 2), high - 10]) {
    drawing.append(svg('line', { x1: LEFT, x2: WIDTH - 8, y1: y(level), y2: y(level), class: 'grid' }));
    const label = svg('text', { x: LEFT - 6, y: y(level) + 4, 'text-anchor': 'end', class: 'label' });
    label.textContent = String(level);
    drawing.append(label);
  }
  const line = points.map((point, index) => `${x(index).toFixed(1)},${y(point.rating).toFixed(1)}`);
  drawing.append(svg('polyline', { points: line.join(' '), class: 'line' }));
  points.forEach((point, index) => {
    const dot = svg('circle', { cx: x(index), cy: y(point.rating), r: 3, class: 'dot' });
    const title = svg('title', {});
    title.textContent = `${point.rating} on ${new Date(point.at).toLocaleString()}`;
    dot.append(title);
    drawing.append(dot);
  });
  /** @type {[number, string][]} */
  const ends = points.length === 1 ? [[0, 'middle']] : [[0, 'start'], [points.length - 1, 'end']];
  for (const [index, anchor] of ends) {
    const label = svg('text', { x: x(index), y: HEIGHT - 6, 'text-anchor': anchor, class: 'label' });
    label.textContent = new Date(points[index].at).toLocaleDateString();
    drawing.append(label);
  }
  return drawing;
}

/**
 * Shows the chart of perf `perf`.
 * @param {string} perf
 */
async function showChart(perf) {
  for (const button of element('chart-perfs').querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.perf === perf));
  }
  /** @type {RatingPoint[]} */
  const points = await getJson(`/api/users/${encodeURIComponent(name)}/rating-history?perf=${encodeURIComponent(perf)}`);
  element('chart-drawing').replaceChildren(chart(points));
  const [game, speed] = perfWords(perf);
  element('chart-caption').textContent = `${game}, ${speed.toLowerCase()}: the rating after each of ${points.length} rated ${points.length === 1 ? 'game' : 'games'}.`;
}

/** @param {Profile} profile */
function showRatings(profile) {
  const perfs = Object.entries(profile.ratings).sort(([, a], [, b]) => b.games - a.games);
  const body = element('ratings').querySelector('tbody');
  const buttons = element('chart-perfs');
  for (const [perf, rating] of perfs) {
    const [game, speed] = perfWords(perf);
    const row = appendRow(body ?? element('ratings'), [game, speed, ratingText(rating), String(rating.games), String(Math.round(rating.rd))]);
    row.dataset.perf = perf;
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.perf = perf;
    button.textContent = `${game} ${speed.toLowerCase()}`;
    button.addEventListener('click', () => { showChart(perf).catch(fail); });
    buttons.append(button);
  }
  element('ratings').hidden = perfs.length === 0;
  element('no-ratings').hidden = perfs.length > 0;
  element('chart').hidden = perfs.length === 0;
  if (perfs.length) showChart(perfs[0][0]).catch(fail);
}

/** @param {PlayerGame} game */
function resultText(game) {
  if (game.aborted) return 'aborted';
  if (!game.result) return 'in play';
  if (!game.outcome) return game.result;
  return { win: 'won', draw: 'drawn', loss: 'lost' }[game.outcome];
}

/** Shows the next page of games. */
async function moreGames() {
  /** @type {PlayerGame[]} */
  const games = await getJson(`/api/users/${encodeURIComponent(name)}/games?page=${page}`);
  const body = element('games').querySelector('tbody');
  for (const game of games) {
    const link = document.createElement('a');
    link.href = `/games/${game.id}`;
    link.textContent = gameNames.get(game.game) ?? game.game;
    const rating = game.rating ? `${game.rating.before} ${changeText(game.rating.change)}` : (game.rated ? 'rated' : 'casual');
    const row = appendRow(body ?? element('games'), [link, game.opponent ?? 'at one screen',
      game.side ? sideName(game.side) : 'both', resultText(game), rating, new Date(game.updated * 1000).toLocaleDateString()]);
    row.dataset.game = game.id;
    if (game.outcome) row.dataset.outcome = game.outcome;
  }
  if (page === 1) {
    element('games').hidden = games.length === 0;
    element('no-games').hidden = games.length > 0;
  }
  element('more').hidden = games.length < 20;
  page += 1;
}

/** @param {unknown} error */
function fail(error) {
  errorBox.textContent = messageOf(error);
}

async function main() {
  gameNames = new Map((await getCatalog()).map((game) => [game.id, game.name]));
  /** @type {Profile} */
  const profile = await getJson(`/api/users/${encodeURIComponent(name)}`);
  document.title = `${profile.name} · Arbiter`;
  element('player').textContent = profile.name;
  element('since').textContent = `Playing on Arbiter since ${new Date(profile.created).toLocaleDateString()}.`;
  const { wins, draws, losses } = profile.results;
  element('results').textContent = `${wins} ${wins === 1 ? 'win' : 'wins'}, ${draws} ${draws === 1 ? 'draw' : 'draws'}, ${losses} ${losses === 1 ? 'loss' : 'losses'}`;
  element('download', HTMLAnchorElement).href = `/api/users/${encodeURIComponent(profile.name)}/games.txt`;
  showRatings(profile);
  element('more').addEventListener('click', () => { moreGames().catch(fail); });
  await moreGames();
}

main().catch((error) => { errorBox.textContent = `The profile could not be loaded: ${messageOf(error)}`; });
