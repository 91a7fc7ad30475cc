// The game page's clocks and rematch: both clocks beside the board, counting down the running
// one from the time the server sent (the server alone decides a flag), and the rematch offer
// once the game is over.

import { formatTime } from './clocks.js';
import { sideName } from './api.js';

// Under this, a running clock is shown as low.
const LOW_MS = 20_000;

export class Clocks {
  // `nodes`: the element of each position, `top` and `bottom`.
  constructor(nodes) {
    this.nodes = nodes;
    this.state = null;
    this.sent = null; // the state last shown, as the server sent it
    this.received = 0;
    this.timer = null;
  }

  // Shows the clocks of `state` (none when it is untimed), White's at `bottom` or at the top.
  update(state, bottom) {
    if (state !== this.sent) this.received = performance.now();
    this.sent = state;
    this.state = state.clock ? state : null;
    const sides = { bottom, top: bottom === 'white' ? 'black' : 'white' };
    for (const [place, node] of Object.entries(this.nodes)) {
      node.hidden = !this.state;
      node.dataset.clock = sides[place];
    }
    clearInterval(this.timer);
    this.timer = null;
    if (this.state && this.state.clock.running) this.timer = setInterval(() => this.draw(), 100);
    this.draw();
  }

  draw() {
    if (!this.state) return;
    const clock = this.state.clock;
    const spent = performance.now() - this.received;
    for (const node of Object.values(this.nodes)) {
      const side = node.dataset.clock;
      const running = clock.running === side;
      const left = clock[`${side}_ms`] - (running ? spent : 0);
      node.textContent = formatTime(left);
      node.classList.toggle('running', running);
      node.classList.toggle('low', running && left < LOW_MS && !clock.days_per_move);
      node.classList.toggle('flagged', this.state.status === 'time' && left <= 0);
      node.setAttribute('aria-label', `${sideName(side)}'s clock: ${formatTime(left)}`);
    }
  }
}

// The rematch line of a finished game for the page that holds `state.you`: a button to offer
// one, the other side's offer to accept or decline, and a link to the new game.
export function renderRematch(state, box, button, send) {
  box.replaceChildren();
  const playing = state.you.length > 0;
  const rematch = state.rematch;
  if (state.status === 'ongoing' || !playing) {
    if (rematch?.game) box.append('Rematch: ', link(rematch.game));
  } else if (rematch?.game) {
    box.append('The rematch has begun: ', link(rematch.game));
  } else if (rematch?.offered_by && !state.you.includes(rematch.offered_by)) {
    box.append(`${sideName(rematch.offered_by)} offers a rematch. `,
      button('Accept the rematch', () => send('accept')), button('Decline', () => send('decline')));
  } else if (rematch?.offered_by) {
    box.append('You offered a rematch: waiting for your opponent.');
  } else {
    box.append(button('Rematch', () => send('offer')));
  }
  box.hidden = box.childNodes.length === 0;
}

function link(game) {
  const anchor = document.createElement('a');
  anchor.href = `/games/${game}`;
  anchor.textContent = `game ${game}`;
  return anchor;
}
