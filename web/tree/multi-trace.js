// Reading the engine's traced max^n, paranoid and best-reply searches of Connect Four for
// three (Module.connect3pTree, protocol/connect3p_tree_json.hpp over
// engine/search/multi_trace.hpp), and the words the three-player view uses
// for them. Nothing here searches.
//
// A tree is a set of parallel arrays, one entry per node in preorder (the
// order the search entered them): node i's subtree is [i, end[i]), its first
// child i + 1 when i + 1 < end[i], the next sibling of a child c is end[c].
// max^n gives every node a vector, one entry per player (shares of maxSum);
// paranoid and best-reply search (brs) give every node the root player's
// value only (a leaf also keeps the vector the value was read from). In brs's
// tree the opponents' layers have no one mover (mover -1: either may reply);
// `by` says who placed each edge's stone.

export const LEAF = Object.freeze({ none: 0, horizon: 1, won: 2, draw: 3 });
export const CUT = Object.freeze({ none: 0, shallow: 1, beta: 2, alpha: 3 });

// The algorithms in #tree-stats' order ("maxn N · paranoid M · maxn-plain P · brs B"); `id` is the engine's name.
export const MULTI_ALGORITHMS = Object.freeze([
  { id: 'maxn', label: 'max^n with shallow pruning' },
  { id: 'paranoid', label: 'paranoid (alpha-beta against the coalition)' },
  { id: 'maxn-plain', label: 'max^n, every node' },
  { id: 'brs', label: 'best-reply search' },
]);

export class MultiTree {
  /**
   * @param {any} t  one entry of the engine's `trees`
   * @param {{players: string[], maxSum: number}} info
   */
  constructor(t, { players, maxSum }) {
    /** @type {string} */ this.algorithm = t.algorithm;
    /** @type {number} */ this.nodes = t.nodes;
    /** @type {number} */ this.recorded = t.recorded;
    /** @type {boolean} */ this.truncated = t.truncated;
    /** @type {number} */ this.bestMove = t.move;
    /** @type {number[]} */ this.parent = t.parent;
    /** @type {number[]} */ this.end = t.end;
    /** @type {number[]} */ this.edge = t.edge;
    /** @type {number[]} */ this.mover = t.mover;
    /** @type {number[]} */ this.by = t.by;
    /** @type {number[]} */ this.depth = t.depth;
    /** @type {number[]} */ this.leaf = t.leaf;
    /** @type {number[]} */ this.cut = t.cut;
    /** @type {number[]} */ this.pruned = t.pruned;
    /** @type {number[]} */ this.chosen = t.chosen;
    /** @type {number[]} */ this.bound = t.bound;
    /** @type {number[]} */ this.values = t.values;
    /** @type {number[]} */ this.value = t.value;
    /** @type {number[]} */ this.alpha = t.alpha;
    /** @type {number[]} */ this.beta = t.beta;
    /** @type {string[]} */ this.cells = t.cells;
    this.players = players;
    this.maxSum = maxSum;
    this.brs = t.algorithm === 'brs';
    // Two-sided: the root player's value and an alpha-beta window (paranoid, brs).
    this.paranoid = t.algorithm === 'paranoid' || this.brs;
  }

  isLeaf(i) { return this.end[i] === i + 1; }
  children(i) {
    const out = [];
    for (let c = i + 1; c < this.end[i]; c = this.end[c]) out.push(c);
    return out;
  }
  // The node's vector, or null (a paranoid inner node has none).
  vector(i) {
    const n = this.players.length;
    const v = this.values.slice(i * n, (i + 1) * n);
    return v[0] < 0 ? null : v;
  }
  // The player whose entry counts at node i: in max^n, the player who picks
  // here (at a leaf, the one who picks among it and its siblings); in
  // paranoid, always the root player (the only entry it reads).
  keyPlayer(i) {
    if (this.paranoid) return this.mover[0];
    return this.isLeaf(i) && this.parent[i] >= 0 ? this.mover[this.parent[i]] : this.mover[i];
  }
  // The edge into node i: "Yellow 5" (the player who moved, the column).
  edgeText(i) {
    if (this.parent[i] < 0) return 'Root';
    return `${this.players[this.by[i]]} ${this.edge[i]}`;
  }
  // Whose node it is, in the algorithm's model.
  whoText(i) {
    const p = this.players;
    if (this.leaf[i] === LEAF.won) return `${p[this.by[i]]} won`;
    if (this.leaf[i] === LEAF.draw) return 'draw (board full)';
    if (this.leaf[i] === LEAF.horizon) return 'horizon: evaluated';
    const m = this.mover[i];
    if (!this.paranoid) return `${p[m]} picks the largest ${p[m][0]}`;
    const root = this.mover[0];
    if (this.brs && m < 0) {
      return `best reply of ${p.filter((_, k) => k !== root).join(' or ')} minimises ${p[root][0]}`;
    }
    return m === this.mover[0] ? `${p[m]} maximises` : `${p[m]} (coalition) minimises ${p[this.mover[0]][0]}`;
  }
  // Paranoid: the root player's value, with "≥" / "≤" at a cut (a bound).
  paranoidText(i) {
    const c = this.cut[i];
    const prefix = c === CUT.beta ? '≥ ' : c === CUT.alpha ? '≤ ' : '';
    return `${this.players[this.mover[0]]} ${prefix}${this.value[i]}`;
  }
  // A window bound as the page writes it (open ends as ∞).
  windowText(i) {
    const a = this.alpha[i] < 0 ? '−∞' : String(this.alpha[i]);
    const b = this.beta[i] > this.maxSum ? '+∞' : String(this.beta[i]);
    return `α ${a}  β ${b}`;
  }
  // Why node i stopped early, in the lecture's words (empty when it did not).
  cutReason(i) {
    const n = this.pruned[i];
    const left = `${n} move${n === 1 ? '' : 's'} pruned`;
    const p = this.players;
    if (this.cut[i] === CUT.shallow) {
      const me = this.mover[i];
      const up = this.mover[this.parent[i]];
      const got = this.values[i * p.length + me];
      const b = this.bound[i];
      return `shallow cut: ${p[me]} has ≥ ${got} ≥ ${this.maxSum} − ${b}, so ${p[up]} gets ≤ ${this.maxSum - got} ≤ ${b} here ` +
        `and keeps its earlier move, ${left}`;
    }
    const root = p[this.mover[0]];
    if (this.cut[i] === CUT.beta) {
      return `β-cut: ${root} gets ≥ ${this.value[i]} ≥ β = ${this.beta[i]}, ${this.brs ? 'the best reply' : 'the coalition'} avoids this line, ${left}`;
    }
    if (this.cut[i] === CUT.alpha) {
      return `α-cut: ${this.brs ? 'a reply' : 'the coalition'} holds ${root} to ≤ ${this.value[i]} ≤ α = ${this.alpha[i]}, ${root} has better elsewhere, ${left}`;
    }
    return '';
  }
  cutCount() {
    let n = 0;
    for (let i = 0; i < this.recorded; i++) if (this.cut[i] !== CUT.none) n++;
    return n;
  }
}
