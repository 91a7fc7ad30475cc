// @ts-check
// What the game page says: each side's line, why a click was refused, and what comes next in a
// move entered in part. Words only, from the state the server sent: no rule of any game is
// here.

import { capitalise, changeText, otherSide, sideName } from './api.js';

/**
 * A side's line in `state`: who plays it, and how many pieces it has taken in the position
 * `shown`; `invited` when this browser made an invitation link for the game.
 * @param {GameState} state
 * @param {Side} side
 * @param {View} shown
 * @param {boolean} invited
 */
export function seatLine(state, side, shown, invited) {
  const seat = state.seats[side];
  const you = state.you.includes(side) ? ' (you)' : '';
  const toMove = state.status === 'ongoing' && state.to_move === side ? ' ●' : '';
  const waiting = awaited(state) === side && invited ? ' (invited; has not joined yet)' : '';
  const took = shown.captured[otherSide(side)];
  const taken = took ? ` · has taken ${took} ${took === 1 ? 'piece' : 'pieces'}` : '';
  const rating = state.ratings?.[side];
  const rated = rating ? ` · ${rating.before} ${changeText(rating.change)}` : '';
  return `${sideName(side)}: ${seat.name}${you}${waiting}${toMove}${taken}${rated}`;
}

/**
 * Why a click on `cell` that is no part of any legal move was refused: whose piece is there,
 * and whether every legal move captures (`captures_only`).
 * @param {GameState} state
 * @param {string} cell
 * @param {boolean} selected whether a piece was selected
 */
export function refusal(state, cell, selected) {
  const piece = state.pieces.find((candidate) => candidate.cell === cell);
  if (piece && piece.side === state.to_move) {
    return state.captures_only
      ? 'Every move here is a capture: the marked pieces can capture.'
      : 'That piece cannot move.';
  }
  if (selected) return 'The selected piece cannot go there.';
  if (piece && piece.side) return `That is a ${sideName(piece.side)} piece: ${sideName(state.to_move)} is to move.`;
  return 'Click one of the marked pieces to move it.';
}

/**
 * Why a click does nothing while the page takes no move ('' when it takes one).
 * @param {GameState | null} state
 * @param {boolean} replaying whether an earlier position is shown
 */
export function idleRefusal(state, replaying) {
  if (!state) return '';
  if (replaying) return 'This is an earlier position: » goes back to the game.';
  if (state.status !== 'ongoing') return 'The game is over.';
  if (state.you.length === 0) return 'You are watching this game: only its players can move.';
  if (!state.you.includes(state.to_move)) return 'Not your turn.';
  return '';
}

/**
 * What a move entered in part needs next, in words: from the clicks that may come next
 * (`next`), the clicks entered (`entered`, as the server describes them) and the pieces as
 * those leave them.
 * @param {ClickView[]} next
 * @param {ClickView[]} entered
 * @param {PieceView[]} pieces
 */
export function nextPrompt(next, entered, pieces) {
  const cells = next.flatMap((click) => (click.cell == null ? [] : [click.cell]));
  const skip = next.find((click) => click.skip);
  const choices = next.filter((click) => click.choice != null);
  // Where the piece that goes on stands (none once another piece is picked), and whether the
  // step completed last took something.
  /** @type {string | null} */
  let landed = null;
  let captured = false;
  for (const click of entered) {
    if (click.lands) landed = click.lands.to;
    else if (click.cell != null) landed = null;
    if (click.step) captured = click.step.captures.length > 0;
  }
  const onNeutral = (/** @type {string} */ cell) => pieces.some((piece) => piece.cell === cell && piece.side == null);
  let what = '';
  // The buttons by their words, wherever the layout puts them.
  const named = choices.map((click) => `“${capitalise(click.label ?? click.choice ?? '')}”`);
  if (choices.length) what = `press ${named.join(' or ')}`;
  else if (cells.length && cells.every(onNeutral)) what = 'move a neutral piece';
  else if (cells.length && landed && captured) what = `continue the capture from ${landed}`;
  else if (cells.length && landed) what = `continue from ${landed}`;
  else if (cells.length) what = 'click a marked cell';
  if (!skip) return what;
  const end = `press “${capitalise(skip.label ?? 'end the turn')}”`;
  return what ? `${what}, or ${end}` : end;
}

/**
 * The status line when no move is being entered: the result, or who is to move and what the
 * page's player does.
 * @param {GameState} state
 */
export function statusText(state) {
  if (state.status === 'aborted') return capitalise(state.reason ?? 'aborted');
  if (state.status === 'unfinished') return `No result: ${state.reason ?? 'an unfinished record'}`;
  if (state.status !== 'ongoing') {
    return `Game over: ${state.result}. ${capitalise(state.reason ?? '')}`.trim();
  }
  const side = sideName(state.to_move);
  const seat = state.seats[state.to_move];
  if (seat && seat.player !== 'human') {
    return `${side} to move: ${seat.name}${state.thinking ? ' is thinking…' : ' moves next'}`;
  }
  if (state.you.includes(state.to_move)) {
    return state.you.length === 2 ? `${side} to move` : `Your turn (${side})`;
  }
  if (state.you.length) return `${side} to move: waiting for your opponent`;
  return `${side} to move (you are watching)`;
}

/**
 * The side of the friend invited by link who has not opened it yet, if any.
 * @param {GameState} state
 */
export function awaited(state) {
  if (state.you.length !== 1) return null;
  const other = otherSide(state.you[0]);
  const seat = state.seats[other];
  return seat.player === 'human' && !seat.taken ? other : null;
}
