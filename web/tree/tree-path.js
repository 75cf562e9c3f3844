// Paths in a recorded search tree, for every trace reader of the explorer
// (trace.js: alpha-beta, mcts-trace.js: MCTS, chance-trace.js: expectiminimax).

/**
 * The node indexes from the root to node i; `parent(n)` gives a node's
 * parent, -1 at the root.
 * @param {(n: number) => number} parent
 * @param {number} i
 * @returns {number[]}
 */
export function chainOf(parent, i) {
  const nodes = [];
  for (let n = i; n >= 0; n = parent(n)) nodes.push(n);
  return nodes.reverse();
}
