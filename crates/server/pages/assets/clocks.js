// @ts-check
// Clocks as the pages show them: time left, and the game page's two
// clocks, which count down the running one from the time the server sent, less the time the
// state took to come (half the measured round trip to the server). The server alone decides a
// flag.

import { otherSide, sideName } from './api.js';

/**
 * Time left as a clock shows it: h:mm:ss from an hour, m:ss, tenths under 10 s; days and
 * hours in correspondence.
 * @param {number} ms
 */
export function formatTime(ms) {
  const left = Math.max(0, ms);
  if (left >= 86_400_000) {
    const days = Math.floor(left / 86_400_000);
    return `${days}d ${Math.floor((left % 86_400_000) / 3_600_000)}h`;
  }
  if (left < 10_000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.floor(left / 1000);
  const pad = (/** @type {number} */ value) => String(value).padStart(2, '0');
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

// Under this, a running clock is shown as low.
const LOW_MS = 20_000;

// How many of the last round trips the estimate of the network's delay is taken from: their
// shortest is the network's (the longer ones also hold the server's work).
const ROUND_TRIPS_KEPT = 5;

// The most a state is taken to have spent on its way: a longer round trip is a stalled request,
// not the network's delay, and does not take time from a player's clock.
const MAX_ONE_WAY_MS = 2000;

export class Clocks {
  /**
   * @param {{top: HTMLElement, bottom: HTMLElement}} nodes the element of each position
   * @param {HTMLElement} first where the time left for a first move is counted down
   */
  constructor(nodes, first) {
    this.nodes = nodes;
    this.first = first;
    /** @type {GameState | null} the state shown, when it has a clock */
    this.state = null;
    /** @type {GameState | null} the state last shown, as the server sent it */
    this.sent = null;
    this.received = 0;
    /** @type {number[]} the last round trips measured, in milliseconds */
    this.roundTrips = [];
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
  }

  /**
   * Takes the duration of a request for the game's state (its load, a move sent) as a round
   * trip to the server.
   * @param {number} ms
   */
  measured(ms) {
    this.roundTrips = [...this.roundTrips, ms].slice(-ROUND_TRIPS_KEPT);
  }

  /** The time a state takes to come from the server: half the shortest round trip kept. */
  oneWay() {
    return this.roundTrips.length ? Math.min(MAX_ONE_WAY_MS, Math.min(...this.roundTrips) / 2) : 0;
  }

  /**
   * Shows the clocks of `state` (none when it is untimed), `bottom`'s at the bottom.
   * @param {GameState} state
   * @param {Side} bottom
   */
  update(state, bottom) {
    if (state !== this.sent) this.received = performance.now();
    this.sent = state;
    this.state = state.clock ? state : null;
    const sides = { bottom, top: otherSide(bottom) };
    for (const place of /** @type {const} */ (['top', 'bottom'])) {
      const node = this.nodes[place];
      node.hidden = !this.state;
      node.dataset.clock = sides[place];
    }
    clearInterval(this.timer);
    this.timer = undefined;
    const counting = this.state?.clock?.running || this.state?.clock?.first_move_ms != null;
    if (counting && state.status === 'ongoing') this.timer = setInterval(() => this.draw(), 100);
    this.first.hidden = true;
    this.draw();
  }

  /**
   * Counts down the first move's time before both sides have moved ("23 s to play your first
   * move"; the server aborts the game when it runs out).
   * @param {GameState} state
   * @param {number} spent the milliseconds since the state came
   */
  drawFirstMove(state, spent) {
    const first = state.clock?.first_move_ms;
    this.first.hidden = first == null || state.status !== 'ongoing';
    if (first == null) return;
    const left = Math.max(0, first - spent);
    // Seconds in real time; in correspondence, as its clock shows days and hours.
    const shown = left < 60_000 ? `${Math.ceil(left / 1000)} s` : formatTime(left);
    const mover = state.to_move;
    const yours = state.you.length === 1 && state.you[0] === mover;
    this.first.textContent = yours
      ? `${shown} to play your first move, or the game is aborted`
      : `${sideName(mover)} has ${shown} to play a first move, or the game is aborted`;
  }

  draw() {
    const clock = this.state?.clock;
    if (!this.state || !clock) return;
    // The running clock ran on the server while the state was on its way.
    const spent = performance.now() - this.received + this.oneWay();
    this.drawFirstMove(this.state, spent);
    for (const node of Object.values(this.nodes)) {
      const side = node.dataset.clock === 'black' ? 'black' : 'white';
      const running = clock.running === side;
      const left = (side === 'white' ? clock.white_ms : clock.black_ms) - (running ? spent : 0);
      node.textContent = formatTime(left);
      node.classList.toggle('running', running);
      node.classList.toggle('low', running && left < LOW_MS && !clock.days_per_move);
      node.classList.toggle('flagged', this.state.status === 'time' && left <= 0);
      node.setAttribute('aria-label', `${sideName(side)}'s clock: ${formatTime(left)}`);
    }
  }
}
