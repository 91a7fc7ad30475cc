// @ts-check
// An analysis as the page shows it: the engine's best move, score, depth and line, or the exact
// value of every move where the solver or the endgame tables know them, and an evaluation bar
// (White's share of the expected result).

import { sideName } from './api.js';

/** @param {Score} score */
function describeScore(score) {
  if ('eval' in score) return `${score.eval > 0 ? '+' : ''}${(score.eval / 100).toFixed(2)} for the side to move`;
  if ('win' in score) return `a win in ${score.win} plies for the side to move`;
  if ('loss' in score) return `a loss in ${score.loss} plies for the side to move`;
  if ('win_rate' in score) return `${Math.round(score.win_rate * 100)}% expected for the side to move`;
  return JSON.stringify(score);
}

/**
 * `wins in 17 plies`, `draws`, `loses in 22 plies`: an exact value.
 * @param {ExactMove} entry
 */
export function describeValue(entry) {
  if (entry.value === 'draw') return 'draws';
  return `${entry.value === 'win' ? 'wins' : 'loses'} in ${entry.plies} plies`;
}

/**
 * The expected share of the result for the side to move, from 0 (lost) to 1 (won): exact
 * where the value is known; else from the search's score (an evaluation of ±4 pieces, 400,
 * counts as about 91%).
 * @param {Analysis} info
 */
function shareToMove(info) {
  const first = info.exact?.[0];
  if (first) return first.value === 'win' ? 1 : first.value === 'loss' ? 0 : 0.5;
  const { score } = info;
  if ('win' in score) return 1;
  if ('loss' in score) return 0;
  if ('win_rate' in score) return score.win_rate;
  if ('eval' in score) return 1 / (1 + 10 ** (-score.eval / 400));
  return 0.5;
}

/**
 * Draws White's share `share` (0 to 1) on the evaluation bar `bar`.
 * @param {HTMLElement} bar
 * @param {number} share
 */
export function drawBar(bar, share) {
  bar.hidden = false;
  const percent = Math.round(share * 100);
  bar.style.setProperty('--white-share', `${percent}%`);
  bar.setAttribute('aria-valuenow', String(percent));
  bar.setAttribute('aria-valuetext', `White ${percent}%, Black ${100 - percent}%`);
}

/**
 * Shows `info`, an analysis of a position where `side` is to move, in `out` and on `bar`.
 * @param {HTMLElement} out
 * @param {HTMLElement} bar
 * @param {Analysis} info
 * @param {Side} side
 */
export function showAnalysis(out, bar, info, side) {
  const share = shareToMove(info);
  drawBar(bar, side === 'white' ? share : 1 - share);
  const line = info.pv.length ? ` Best line: ${info.pv.join(' ')}.` : '';
  if (info.exact) {
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.textContent = 'exact';
    badge.title = 'Proved by the solver or the endgame tables: the value with perfect play on both sides';
    const values = info.exact.map((entry) => `${entry.move} ${describeValue(entry)}`).join(', ');
    out.replaceChildren(badge, ` ${sideName(side)} ${describeValue(info.exact[0])} with perfect play. ${values}.${line}`);
  } else {
    out.textContent = `Best move ${info.best}; score ${describeScore(info.score)}; depth ${info.depth}.${line}`;
  }
  out.dataset.best = info.exact ? info.exact[0].move : info.best ?? '';
  out.dataset.exact = info.exact ? 'yes' : 'no';
}
