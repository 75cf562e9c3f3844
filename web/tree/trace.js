// Reading a search trace from the wasm engine (engine/search/tree_trace.hpp).
//
// The engine hands over `recorded` TraceNode records of 20 bytes each, in
// preorder (the order the search entered the nodes):
//   offset 0  int32  parent   (-1 for the root)
//   offset 4  int32  end      one past the last node of the subtree
//   offset 8  int16  alpha    window on entry
//   offset 10 int16  beta
//   offset 12 int16  value    negamax value: for the side to move at the node
//   offset 14 int8   move     0-based move that led here (-1 for the root)
//   offset 15 uint8  ply      distance from the root
//   offset 16 uint16 flags    FLAG bits below
// Node i's first child is i + 1 when i + 1 < end(i); the next sibling of a
// child c is end(c). Nothing here searches: it only reads what the engine did.

export const FLAG = Object.freeze({
  terminal: 1, horizon: 2, tableHit: 4, cutoff: 8, chosen: 16, truncated: 32, tableMove: 64,
  boundExact: 128, boundLower: 256, boundUpper: 512,
});

export const ALGORITHMS = Object.freeze([
  { id: 'minimax', label: 'Minimax', short: 'minimax', blurb: 'every node, no pruning' },
  { id: 'alphabeta', label: 'Alpha-beta', short: 'alpha-beta', blurb: 'natural move order' },
  { id: 'ordered', label: 'Alpha-beta + ordering', short: 'ordered', blurb: 'threats, then evaluation gain' },
  { id: 'table', label: 'Alpha-beta + ordering + table', short: 'table', blurb: 'transposition table' },
]);

import { GAMES } from '../lib/games.js';
import { chainOf } from './tree-path.js';

const INF = 32000;
const PROVEN = 20000;
const STRIDE = 20;

export class Trace {
  // `result`: the object the engine returned ({nodes, recorded, truncated,
  // value, exactScale, bestMove, pv, cutoffs, tableHits, bytes}).
  constructor(result, info = {}) {
    Object.assign(this, info);
    this.nodes = result.nodes;
    this.recorded = result.recorded;
    this.truncated = result.truncated;
    this.value = result.value;
    this.exactScale = result.exactScale;
    this.bestMove = result.bestMove;
    this.pv = result.pv || [];
    this.cutoffs = result.cutoffs;
    this.tableHits = result.tableHits;
    const bytes = result.bytes instanceof Uint8Array ? result.bytes : new Uint8Array(result.bytes);
    const buf = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer : bytes.slice().buffer;
    this.i32 = new Int32Array(buf);
    this.i16 = new Int16Array(buf);
    this.i8 = new Int8Array(buf);
    this.u8 = new Uint8Array(buf);
    this.u16 = new Uint16Array(buf);
  }

  size() { return this.recorded; }
  parent(i) { return this.i32[i * 5]; }
  end(i) { return this.i32[i * 5 + 1]; }
  alpha(i) { return this.i16[i * 10 + 4]; }
  beta(i) { return this.i16[i * 10 + 5]; }
  val(i) { return this.i16[i * 10 + 6]; }
  move(i) { return this.i8[i * STRIDE + 14]; }
  ply(i) { return this.u8[i * STRIDE + 15]; }
  flags(i) { return this.u16[i * 10 + 8]; }
  has(i, f) { return (this.flags(i) & f) !== 0; }
  isLeaf(i) { return this.end(i) === i + 1; }

  children(i) {
    const out = [];
    for (let c = i + 1; c < this.end(i); c = this.end(c)) out.push(c);
    return out;
  }
  subtreeSize(i) { return this.end(i) - i; }

  // Moves (0-based) from the root to node i.
  path(i) { return this.chain(i).slice(1).map((n) => this.move(n)); }
  // Node indexes from the root to node i.
  chain(i) { return chainOf((n) => this.parent(n), i); }

  fmt(v) { return formatValue(v, this.exactScale); }

  // Why the node stopped early, in the lecture's words ('' if it did not).
  // With `minNode` (the minimax view at a node where MIN is to move) in MAX's
  // terms (see minimaxView): the negamax β-cut v ≥ β is MAX's α-cut −v ≤ −β,
  // and a lower bound for MIN is an upper bound for MAX.
  reason(i, minNode = false) {
    const f = this.flags(i);
    const { value, alpha, beta } = minimaxView({ value: this.val(i), alpha: this.alpha(i), beta: this.beta(i) }, !minNode);
    const [v, a, b] = [value, alpha, beta].map((x) => this.fmt(x));
    const lower = minNode ? FLAG.boundUpper : FLAG.boundLower;
    const upper = minNode ? FLAG.boundLower : FLAG.boundUpper;
    if (f & FLAG.cutoff) return minNode ? `α-cut: ${v} ≤ α = ${a}` : `β-cut: ${v} ≥ β = ${b}`;
    if (f & FLAG.boundExact) return `table: exact ${v}`;
    if (f & lower) return `table: lower bound ${v} ≥ β = ${b}`;
    if (f & upper) return `table: upper bound ${v} ≤ α = ${a}`;
    return '';
  }
}

/**
 * A node's value and window as the minimax view shows them: from MAX's (the
 * first player's) point of view. The engine's negamax numbers are for the
 * side to move, so where MAX is to move they stay; where MIN is to move the
 * value v is −v for MAX, and MIN's window (α, β) is (−β, −α) for MAX.
 * @param {{value: number, alpha: number, beta: number}} node  negamax value and window
 * @param {boolean} maxToMove
 */
export function minimaxView({ value, alpha, beta }, maxToMove) {
  // (0 - x rather than -x: a negated 0 stays 0, not -0.)
  return maxToMove ? { value, alpha, beta } : { value: 0 - value, alpha: 0 - beta, beta: 0 - alpha };
}

// "+3", "0", "−2", "+∞"/"−∞" for the open window; on the search scale (with
// a horizon) proven results as "win 3" / "loss 3" (tests/web/tree-logic.test.mjs).
export function formatValue(v, exactScale) {
  if (v >= INF) return '+∞';
  if (v <= -INF) return '−∞';
  if (!exactScale && (v > PROVEN || v < -PROVEN)) return v > 0 ? `win ${v - PROVEN}` : `loss ${-v - PROVEN}`;
  if (v > 0) return `+${v}`;
  if (v < 0) return `−${-v}`;
  return '0';
}

// A value in words for the side to move, for captions.
export function valueWords(v, exactScale, game) {
  const base = GAMES[game].winBase;
  if (exactScale) {
    if (v === 0) return 'draw';
    const marks = base - Math.abs(v);
    const noun = GAMES[game].gravity ? 'disc' : 'mark';
    return v > 0 ? `win with its ${ordinal(marks)} ${noun}` : `loss (the opponent's ${ordinal(marks)} ${noun})`;
  }
  if (v > PROVEN) return 'proven win';
  if (v < -PROVEN) return 'proven loss';
  if (v === 0) return 'level (heuristic)';
  return v > 0 ? 'better (heuristic)' : 'worse (heuristic)';
}

// 1st, 2nd, 3rd, 11th, 22nd, ...
export function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}
