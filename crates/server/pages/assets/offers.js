// @ts-check
// The lines where a player answers the other, and the confirmation of an action that ends
// the game: a draw offered, a takeback asked, a rematch once the game is over.

import { sideName } from './api.js';

/**
 * A button that does `action`.
 * @param {string} label
 * @param {() => void} action
 */
export function button(label, action) {
  const node = document.createElement('button');
  node.type = 'button';
  node.textContent = label;
  node.addEventListener('click', action);
  return node;
}

/**
 * An action that ends the game asks once in `box`: `question`, with a button that does it and
 * one that does not. (Not `window.confirm`: a line of the page, which a test can drive.)
 * @param {HTMLElement} box
 * @param {string} question
 * @param {string} label
 * @param {() => void} action
 */
export function confirmThen(box, question, label, action) {
  const yes = button(label, () => {
    closeConfirm(box);
    action();
  });
  yes.dataset.confirm = 'yes';
  const no = button('Cancel', () => closeConfirm(box));
  no.dataset.confirm = 'no';
  box.replaceChildren(`${question} `, yes, no);
  box.hidden = false;
  yes.focus();
}

/** @param {HTMLElement} box */
export function closeConfirm(box) {
  box.hidden = true;
  box.replaceChildren();
}

/**
 * The draw offered and the takeback asked, in `box`: to accept or decline when the other side
 * asks, a note when the page's player did; `act(kind, action)` answers.
 * @param {GameState} state
 * @param {HTMLElement} box
 * @param {(kind: 'draw' | 'undo', action: 'accept' | 'decline') => void} act
 */
export function renderOffers(state, box, act) {
  box.replaceChildren();
  const mine = (/** @type {Side | null | undefined} */ side) => Boolean(side && state.you.includes(side));
  const toMe = (/** @type {Side | null | undefined} */ side) => Boolean(side && !mine(side) && state.you.length > 0);
  const ongoing = state.status === 'ongoing';
  if (ongoing && toMe(state.draw_offer)) {
    box.append(`${sideName(state.draw_offer)} offers a draw. `, button('Accept the draw', () => act('draw', 'accept')),
      button('Decline', () => act('draw', 'decline')));
  } else if (ongoing && mine(state.draw_offer)) {
    box.append('You offered a draw.');
  }
  if (ongoing && toMe(state.undo_request)) {
    box.append(`${sideName(state.undo_request)} asks to take back a move. `, button('Allow', () => act('undo', 'accept')),
      button('Refuse', () => act('undo', 'decline')));
  } else if (ongoing && mine(state.undo_request)) {
    box.append(' You asked to take back a move.');
  }
  box.hidden = box.childNodes.length === 0;
}

/**
 * The rematch line of a finished game for the page that holds `state.you`: a button to offer
 * one, the other side's offer to accept or decline, and a link to the new game.
 * @param {GameState} state
 * @param {HTMLElement} box
 * @param {(action: 'offer' | 'accept' | 'decline') => void} send
 */
export function renderRematch(state, box, send) {
  box.replaceChildren();
  // A tournament's game has no rematch: its box leads back to the tournament (ingame.js).
  if (state.tournament) {
    import('./ingame.js').then(({ renderTournament }) => renderTournament(state, box));
    return;
  }
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

/** @param {string} game */
function link(game) {
  const anchor = document.createElement('a');
  anchor.href = `/games/${game}`;
  anchor.textContent = `game ${game}`;
  return anchor;
}
