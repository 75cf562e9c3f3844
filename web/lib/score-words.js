// Scores in words people understand. Every engine score is from the point of
// view of the side to move of the position that was searched:
//   exact: 0 draw; s > 0 the side to move wins, its winning stone is its
//          (base - s)-th, base = the game's winBase (games.js);
//          s < 0 the opponent wins with its (base + s)-th stone.
//   heuristic: evaluation units, > 0 good for the side to move.
// "wins in N moves" counts the winner's own moves from that position.

import { defOf } from './games.js';

// Moves the winner still has to make, counting the winning one. `plies` is the
// number of moves already played in the position the score belongs to.
export function movesToWin(kind, score, plies) {
  const base = defOf(kind).winBase;
  if (score > 0) return base - score - Math.floor(plies / 2);
  return base + score - Math.ceil(plies / 2);
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

// Whether a reply carries a proven win/draw/loss (1 / 0 / -1) as its outcome.
export function hasOutcome(outcome) {
  return outcome === 1 || outcome === 0 || outcome === -1;
}

// Whether a reply says only "at least a draw for the side to move": the
// solver's answer with neither an exact score nor an outcome (it found no
// winning move in time; docs/protocol.md).
export function provedDrawOrBetter(exact, outcome, source) {
  return source === 'solver' && !exact && !hasOutcome(outcome);
}

// names: {1: 'Red', 2: 'Yellow'}; side: who was to move in the scored position.
// outcome (optional): a proven 1 win / 0 draw / -1 loss for the side to move
// without the exact score (opening book, win/draw/loss solver).
// source (optional): the reply's source (see provedDrawOrBetter).
export function scoreInWords(kind, score, exact, plies, side, names, outcome, source) {
  const other = side === 1 ? 2 : 1;
  if (!exact && hasOutcome(outcome)) {
    if (outcome === 0) return 'draw with best play';
    return `${names[outcome > 0 ? side : other]} wins with best play`;
  }
  if (provedDrawOrBetter(exact, outcome, source)) return `a draw or better for ${names[side]}`;
  if (exact) {
    if (score === 0) return 'draw with best play';
    const winner = score > 0 ? side : other;
    const n = movesToWin(kind, score, plies);
    return n <= 1 ? `${names[winner]} wins with the next move`
      : `${names[winner]} wins in ${plural(n, 'move')}`;
  }
  const a = Math.abs(score);
  const who = names[score > 0 ? side : other];
  if (a <= 2) return 'about even';
  if (a <= 12) return `slight edge for ${who}`;
  if (a <= 40) return `clear advantage for ${who}`;
  return `big advantage for ${who}`;
}

// What a running solve's proven interval [lo, hi] of the exact score (the
// side to move's view, as scoreInWords) already settles, in words: who wins,
// or who at least draws; '' while it settles neither.
export function provenSoFar(lo, hi, side, names) {
  const other = side === 1 ? 2 : 1;
  if (lo >= 1) return `${names[side]} wins`;
  if (hi <= -1) return `${names[other]} wins`;
  if (lo === 0 && hi === 0) return 'a draw';
  if (lo >= 0) return `${names[side]} at least draws`;
  if (hi <= 0) return `${names[other]} at least draws`;
  return '';
}

export function formatCount(n) {
  if (!Number.isFinite(n)) return '–';
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)} k`;
  return String(Math.round(n));
}
