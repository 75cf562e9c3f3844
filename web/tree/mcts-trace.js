// Reading a traced Monte Carlo tree search from the wasm engine
// (Module.mctsTrace in wasm/tree_bindings.cpp; engine/search/mcts.hpp and
// mcts_trace.hpp). Nothing here searches: it reads what the engine did and
// replays its own records to show the tree after any number of playouts.
//
// `tree`: the final node pool, 16-byte Mcts::Node records; node 0 is the
// root, a node's children are contiguous:
//   offset 0  uint32 firstChild  (0: not expanded)
//   offset 4  uint32 visits
//   offset 8  uint32 halfPoints  summed reward, in half-points (win 2, draw 1,
//                                loss 0), of the player who moved into the node
//   offset 12 uint8  move        0-based move into the node
//   offset 13 uint8  childCount
//   offset 14 int8   lower       proven bounds on the node's value for that
//   offset 15 int8   upper       player: -1 loss, 0 draw, 1 win ([-1, 1]: unknown)
// `updates`: 16-byte MctsUpdate records (node u32, visits u32, halfPoints u32,
// lower i8, upper i8): each iteration's new children and its path after
// backpropagation. Per iteration k: path[pathStart[k]..] (the nodes selection
// stepped into, below the root) with score[] (the UCB1 that chose each,
// Infinity for an unvisited child taken first), expanded[k] (-1: none),
// playout[playoutStart[k]..] (0-based moves), winner[k] (0, 1, -1 draw),
// leaf[k] (MCTS_LEAF), updates[updateStart[k]..].

import { chainOf } from './tree-path.js';

// How a playout's result was found (engine MctsLeaf: 0, 1, 2).
const MCTS_LEAF = Object.freeze(['playout', 'game over', 'proven']);

const NODE = 16;

// The playout budgets the explorer offers, and the largest it traces (the
// engine's kMaxTracedPlayouts).
export const MCTS_BUDGETS = Object.freeze([100, 200, 500, 1000, 2000, 5000, 10000, 20000]);
export const MCTS_MAX_PLAYOUTS = 20000;
const DEFAULT_PLAYOUTS = { tictactoe: 1000, connect4: 2000 };
export const mctsDefaultPlayouts = (game) => DEFAULT_PLAYOUTS[game] ?? 1000;

/**
 * The tree's state after some playouts: per node index, visits, half-points,
 * proven bounds, and whether the node exists yet.
 * @typedef {{k: number, visits: Uint32Array, half: Uint32Array, lower: Int8Array, upper: Int8Array, exists: Uint8Array}} MctsState
 */

export class MctsTrace {
  // `r`: the engine's reply (typed arrays or their ArrayBuffers); `request`:
  // the budget and seed asked for.
  constructor(r, request = { budget: r.playouts, seed: 1 }) {
    const u8 = (x) => (x instanceof Uint8Array ? x : new Uint8Array(x));
    this.playouts = r.playouts;
    this.nodes = r.nodes;
    this.bestMove = r.bestMove - 1;          // 0-based, as every move here
    this.proven = r.proven;
    this.value = r.value;                    // proven value for the side to move at the root: 1, 0, -1
    this.treeFull = r.treeFull;
    this.exploration = r.exploration;
    this.pv = (r.pv || []).map((m) => m - 1);
    this.seed = request.seed;
    this.budget = request.budget;
    const tree = u8(r.tree);
    const tb = tree.slice().buffer;
    this.t32 = new Uint32Array(tb);
    this.t8 = new Uint8Array(tb);
    this.ti8 = new Int8Array(tb);
    const ub = u8(r.updates).slice().buffer;
    this.u32 = new Uint32Array(ub);
    this.ui8 = new Int8Array(ub);
    const view = (T, x) => (x instanceof T ? x : new T(x));
    this.path = view(Uint32Array, r.path);
    this.pathStart = view(Uint32Array, r.pathStart);
    this.score = view(Float64Array, r.score);
    this.expanded = view(Int32Array, r.expanded);
    this.playout = view(Uint8Array, r.playout);
    this.playoutStart = view(Uint32Array, r.playoutStart);
    this.winner = view(Int8Array, r.winner);
    this.leaf = view(Uint8Array, r.leaf);
    this.updateStart = view(Uint32Array, r.updateStart);
    const n = this.size();
    // Parents and plies below the root, from the children's ranges.
    this.parentOf = new Int32Array(n).fill(-1);
    this.plyOf = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      for (const c of this.children(i)) { this.parentOf[c] = i; this.plyOf[c] = this.plyOf[i] + 1; }
    }
    this.cache = null;
  }

  size() { return this.t32.length / 4; }
  firstChild(i) { return this.t32[i * 4]; }
  childCount(i) { return this.t8[i * NODE + 13]; }
  move(i) { return this.t8[i * NODE + 12]; }
  parent(i) { return this.parentOf[i]; }
  ply(i) { return this.plyOf[i]; }
  children(i) {
    const f = this.firstChild(i);
    const out = [];
    for (let c = 0; c < this.childCount(i); c++) out.push(f + c);
    return f ? out : [];
  }
  // Moves (0-based) from the root to node i (`path` is the recorded selection paths).
  pathMoves(i) { return this.chain(i).slice(1).map((n) => this.move(n)); }
  // Node indexes from the root to node i.
  chain(i) { return chainOf((n) => this.parent(n), i); }
  range(starts, k, size) { return [starts[k], k + 1 < starts.length ? starts[k + 1] : size]; }

  // Iteration k (0-based): the root and the nodes selection stepped into,
  // with the UCB1 scores that chose them (null for the root).
  iteration(k) {
    const [p0, p1] = this.range(this.pathStart, k, this.path.length);
    const [q0, q1] = this.range(this.playoutStart, k, this.playout.length);
    const nodes = [0];
    const scores = [null];
    for (let p = p0; p < p1; p++) { nodes.push(this.path[p]); scores.push(this.score[p]); }
    return { nodes, scores, expanded: this.expanded[k], playout: [...this.playout.subarray(q0, q1)],
      winner: this.winner[k], leaf: MCTS_LEAF[this.leaf[k]] };
  }

  /**
   * The tree after k playouts (0: the bare root), replayed from the engine's
   * records; kept, so stepping forward applies only the new records.
   * @param {number} k
   * @returns {MctsState}
   */
  stateAt(k) {
    k = Math.max(0, Math.min(k, this.playouts));
    let s = this.cache;
    if (!s || s.k > k) {
      const n = this.size();
      s = { k: 0, visits: new Uint32Array(n), half: new Uint32Array(n), lower: new Int8Array(n).fill(-1),
        upper: new Int8Array(n).fill(1), exists: new Uint8Array(n) };
      s.exists[0] = 1;
    }
    // The records of iterations s.k .. k-1.
    const u1 = k < this.playouts ? this.updateStart[k] : this.u32.length / 4;
    for (let u = k > s.k ? this.updateStart[s.k] : u1; u < u1; u++) {
      const node = this.u32[u * 4];
      s.exists[node] = 1;
      s.visits[node] = this.u32[u * 4 + 1];
      s.half[node] = this.u32[u * 4 + 2];
      s.lower[node] = this.ui8[u * 16 + 12];
      s.upper[node] = this.ui8[u * 16 + 13];
    }
    s.k = k;
    this.cache = s;
    return s;
  }
}

/** Mean reward of node i for the player who moved into it (win 1, draw ½, loss 0); null unvisited.
 * @param {MctsState} s @param {number} i */
export const meanOf = (s, i) => (s.visits[i] ? s.half[i] / (2 * s.visits[i]) : null);

/**
 * UCB1 of child c as its parent p computes it in state s (engine/search/mcts.hpp:
 * mean + C sqrt(ln N / n), N the parent's visits, at least 1; Infinity unvisited).
 * @param {MctsState} s @param {number} p @param {number} c @param {number} C
 */
export function ucbOf(s, p, c, C) {
  if (!s.visits[c]) return Infinity;
  return meanOf(s, c) + C * Math.sqrt(Math.log(Math.max(s.visits[p], 1)) / s.visits[c]);
}

/** "0.62", "∞". @param {number} v */
export const fmt2 = (v) => (v === Infinity ? '∞' : v.toFixed(2));

/** Proven bounds in words for the player who moved into the node ('' while unknown).
 * @param {MctsState} s @param {number} i @param {string} mover */
export function provenWords(s, i, mover) {
  const lo = s.lower[i];
  const hi = s.upper[i];
  if (lo === hi) return lo > 0 ? `proven win for ${mover}` : lo < 0 ? `proven loss for ${mover}` : 'proven draw';
  if (lo === 0) return `${mover} draws at least (proven)`;
  if (hi === 0) return `${mover} cannot win (proven)`;
  return '';
}
