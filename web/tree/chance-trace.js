// Reading the engine's traced expectiminimax of EinStein würfelt nicht!
// (Module.einsteinTreeTrace, wasm/einstein_tree_bindings.cpp, over
// engine/search/chance_trace.hpp), and the words the chance view uses for it.
//
// The trace is a set of parallel typed arrays, one entry per node in preorder
// (the order the search entered them): node i's subtree is [i, end[i]), its
// first child i + 1 when i + 1 < end[i], the next sibling of a child c is
// end[c]. Three kinds of node (KIND): a decision node (a rolled position; the
// edge into it is a chance outcome: its faces and weight of 6), a chance node
// (before the roll, or a finished game / horizon leaf; the edge into it is the
// move, "3d"), and Star2's probe of a decision node (its first move only).
// Values are expected results in [-1, 1] for the side to move at the node
// (value = raw / scale exactly). Nothing here searches.

import { chainOf } from './tree-path.js';

export const KIND = Object.freeze({ decision: 0, chance: 1, probe: 2 });
export const LEAF = Object.freeze({ none: 0, horizon: 1, won: 2 });
export const CUT = Object.freeze({ none: 0, beta: 1, star1Low: 2, star1High: 3, star2Probe: 4 });
export const SIDES = Object.freeze(['Red', 'Blue']);
const CELLS = 25;

// The three algorithms, in #tree-stats' order; `id` is the engine's name.
export const CHANCE_ALGORITHMS = Object.freeze([
  { id: 'expectimax', short: 'expectiminimax', label: 'Expectiminimax', blurb: 'every node, no pruning' },
  { id: 'star1', short: 'star1', label: 'Star1', blurb: 'alpha-beta at decisions, Ballard’s bounds at chance nodes' },
  { id: 'star2', short: 'star2', label: 'Star2', blurb: 'Star1 after probing each outcome’s first move' },
]);

// An expectation as the page writes it: "+0.729", "−0.125", "0"; outside
// [-1, 1] (an open window) "+∞" / "−∞".
export function fmtExpect(v) {
  if (v > 1 + 1e-9) return '+∞';
  if (v < -1 - 1e-9) return '−∞';
  if (Math.abs(v) < 5e-4) return v === 0 ? '0' : (v > 0 ? '+0.000' : '−0.000');
  return (v > 0 ? '+' : '−') + Math.abs(v).toFixed(3);
}

const gcd = (a, b) => (b === 0 ? Math.abs(a) : gcd(b, a % b));

// The exact value raw / scale in lowest terms: "547/750", "1", "−1/3".
export function exactFraction(raw, scale) {
  if (raw === 0) return '0';
  const g = gcd(raw, scale);
  const n = raw / g;
  const d = scale / g;
  const sign = n < 0 ? '−' : '';
  return d === 1 ? `${sign}${Math.abs(n)}` : `${sign}${Math.abs(n)}/${d}`;
}

// The faces of a bit mask (bit f: face f): "2,3".
function facesText(mask) {
  const faces = [];
  for (let f = 1; f <= 6; f++) if (mask & (1 << f)) faces.push(f);
  return faces.join(',');
}

// A chance edge's label: its faces and probability, "2,3 · 2/6".
const probabilityText = (mask, weight) => `${facesText(mask)} · ${weight}/6`;

export class ChanceTrace {
  // `r`: the engine's reply (Module.einsteinTreeTrace); `info`: what the
  // view adds (algorithm, depth, position).
  constructor(r, info = {}) {
    Object.assign(this, info);
    /** @type {number} */ this.nodes = r.nodes;
    /** @type {number} */ this.recorded = r.recorded;
    /** @type {boolean} */ this.truncated = r.truncated;
    /** @type {boolean} */ this.atChance = r.atChance;
    /** @type {number} */ this.value = r.value;
    /** @type {string} */ this.bestMove = r.bestMove;
    /** @type {Int32Array} */ this.parent = r.parent;
    /** @type {Int32Array} */ this.end = r.end;
    /** @type {Uint8Array} */ this.kind = r.kind;
    /** @type {Uint8Array} */ this.leaf = r.leaf;
    /** @type {Uint8Array} */ this.cut = r.cut;
    /** @type {Uint8Array} */ this.pruned = r.pruned;
    /** @type {Uint8Array} */ this.chosen = r.chosen;
    /** @type {Uint8Array} */ this.side = r.side;
    /** @type {Uint8Array} */ this.roll = r.roll;
    /** @type {Uint8Array} */ this.faces = r.faces;
    /** @type {Uint8Array} */ this.weight = r.weight;
    /** @type {string[]} */ this.move = r.move;
    /** @type {Float64Array} */ this.values = r.values;
    /** @type {Float64Array} */ this.alpha = r.alpha;
    /** @type {Float64Array} */ this.beta = r.beta;
    /** @type {Float64Array} */ this.raw = r.raw;
    /** @type {Float64Array} */ this.scale = r.scale;
    /** @type {Int8Array} */ this.cells = r.cells;
  }

  size() { return this.recorded; }
  isLeaf(i) { return this.end[i] === i + 1; }
  children(i) {
    const out = [];
    for (let c = i + 1; c < this.end[i]; c = this.end[c]) out.push(c);
    return out;
  }
  // The nodes from the root to i.
  chain(i) { return chainOf((n) => this.parent[n], i); }
  cellsOf(i) { return this.cells.subarray(i * CELLS, (i + 1) * CELLS); }
  isChance(i) { return this.kind[i] === KIND.chance; }
  // A decision node whose value comes from one move only (Star2's probe), or a
  // node cut by Star1/Star2 or a β-cut: its value is a bound, not exact.
  bound(i) {
    const c = this.cut[i];
    if (c === CUT.star1Low) return 'upper';
    if (c === CUT.star1High || c === CUT.star2Probe || c === CUT.beta) return 'lower';
    return this.kind[i] === KIND.probe ? 'lower' : '';
  }
  // The value in words: "+0.729", "≤ −0.210", "≥ +0.350".
  valueText(i) {
    const b = this.bound(i);
    return `${b === 'upper' ? '≤ ' : b === 'lower' ? '≥ ' : ''}${fmtExpect(this.values[i])}`;
  }
  // The edge into node i: a move ("Red 4d") or an outcome ("2,3 · 2/6").
  edgeText(i) {
    if (this.parent[i] < 0) return 'Root';
    if (this.kind[i] === KIND.chance) return `${SIDES[this.side[this.parent[i]]]} ${this.move[i]}`;
    return probabilityText(this.faces[i], this.weight[i]);
  }
  // Why node i stopped early, in the lecture's words (empty when it did not).
  cutReason(i) {
    const v = fmtExpect(this.values[i]);
    const n = this.pruned[i];
    const left = (what) => `${n} ${what}${n === 1 ? '' : 's'} pruned`;
    switch (this.cut[i]) {
      case CUT.beta: return `β-cut: ${v} ≥ β = ${fmtExpect(this.beta[i])}, ${left('move')}`;
      case CUT.star1Low: return `Star1 cut: upper bound ${v} ≤ α = ${fmtExpect(this.alpha[i])}, ${left('outcome')}`;
      case CUT.star1High: return `Star1 cut: lower bound ${v} ≥ β = ${fmtExpect(this.beta[i])}, ${left('outcome')}`;
      case CUT.star2Probe: return `Star2 probe cut: lower bound ${v} ≥ β = ${fmtExpect(this.beta[i])}, ${left('outcome')}`;
      default: return '';
    }
  }
  // Cut-offs by kind: {beta, star1, star2}.
  cutCounts() {
    const c = { beta: 0, star1: 0, star2: 0 };
    for (let i = 0; i < this.recorded; i++) {
      if (this.cut[i] === CUT.beta) c.beta++;
      else if (this.cut[i] === CUT.star1Low || this.cut[i] === CUT.star1High) c.star1++;
      else if (this.cut[i] === CUT.star2Probe) c.star2++;
    }
    return c;
  }
}
