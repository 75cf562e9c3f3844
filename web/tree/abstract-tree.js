// Textbook trees (abstract-view.js): the tree a lecture draws, as data the
// page edits, and its text form, which links and the engine share
// (engine/games/abstract_tree/abstract_tree.hpp, docs/tree-explorer.md):
//   tree := leaf | "(" tree ("," tree)* ")"      leaf: an integer, its value for MAX
//   ((3,12,8),(2,4,6),(14,5,2))
// The page never parses the text: the engine reads it (and says what is
// wrong with it), and the page rebuilds the tree from the engine's minimax
// trace, which visits every node (treeFromTrace). Nothing here searches.

/** @typedef {{value: number, kids: TreeNode[]}} TreeNode  a leaf has no kids; value: a leaf's, for MAX */

// The engine's limits (abstract_tree.hpp): children per node, leaf depth, |value|.
const MAX_CHILDREN = 9;
const MAX_PLIES = 10;
export const MAX_VALUE = 999;

// The named trees a link may ask for (tree=textbook) and the preset buttons.
export const PRESETS = Object.freeze({
  textbook: {
    label: 'Textbook 3×3', text: '((3,12,8),(2,4,6),(14,5,2))',
    why: 'The lectures’ example: MAX over three MIN nodes. Minimax: 3. Alpha-beta prunes the second MIN node’s 4 and 6: ' +
      'once its first leaf (2) is below the 3 MAX already has, MIN will not give MAX more than 2.',
  },
  noprune: {
    label: 'Nothing pruned', text: '((6,4,2),(14,5,2),(12,8,3))',
    why: 'The textbook leaves in the worst order for alpha-beta: every node’s best child comes last, so no bound ever cuts, ' +
      'and alpha-beta evaluates every leaf, as minimax does.',
  },
  deep: {
    label: 'Deep cut-offs', text: '((((5,7),(4,6)),((8,9),(6,9))),(((3,9),(2,9)),((9,9),(9,9))))',
    why: 'Four plies: the root’s α = 5, from its left subtree, travels two levels down the right one and cuts there ' +
      '(deep cut-offs at the MIN nodes of ply 3), before MIN at ply 1 cuts too.',
  },
});

/**
 * The text form of a tree.
 * @param {TreeNode} n
 * @returns {string}
 */
export function treeText(n) {
  return n.kids.length ? `(${n.kids.map(treeText).join(',')})` : String(n.value);
}

/**
 * The tree a minimax trace searched (trace.js's Trace of algorithm
 * 'minimax': every node, in preorder), with the leaves' values for MAX.
 * @param {import('./trace.js').Trace} t
 * @returns {TreeNode}
 */
export function treeFromTrace(t) {
  /** @type {TreeNode[]} */
  const nodes = [];
  for (let i = 0; i < t.size(); i++) {
    const n = { value: t.isLeaf(i) ? (t.ply(i) % 2 === 0 ? t.val(i) : 0 - t.val(i)) : 0, kids: [] };
    nodes.push(n);
    if (t.parent(i) >= 0) nodes[t.parent(i)].kids.push(n);
  }
  return nodes[0];
}

/**
 * The node at `path` (child indexes from the root), or null.
 * @param {TreeNode} root
 * @param {number[]} path
 */
export function nodeAt(root, path) {
  let n = root;
  for (const k of path) {
    n = n.kids[k];
    if (!n) return null;
  }
  return n;
}

const copy = (n) => ({ value: n.value, kids: n.kids.map(copy) });

/**
 * A copy of `root` with the leaf at `path` worth `value`.
 * @param {TreeNode} root @param {number[]} path @param {number} value
 */
export function withValue(root, path, value) {
  const r = copy(root);
  nodeAt(r, path).value = value;
  return r;
}

/**
 * A copy with a new last child (a leaf worth `value`) under the node at
 * `path` (a leaf becomes an inner node), or an error when that cannot be.
 * @param {TreeNode} root @param {number[]} path @param {number} value
 * @returns {{tree: TreeNode | null, error: string}}
 */
export function withChild(root, path, value) {
  if (nodeAt(root, path).kids.length >= MAX_CHILDREN) return { tree: null, error: `A node has at most ${MAX_CHILDREN} children.` };
  if (path.length + 1 > MAX_PLIES) return { tree: null, error: `Leaves are at most ${MAX_PLIES} plies deep.` };
  const r = copy(root);
  const n = nodeAt(r, path);
  // A leaf that gets a first child keeps its value there, so the tree's values stay.
  if (!n.kids.length) n.kids.push({ value: n.value, kids: [] });
  else n.kids.push({ value, kids: [] });
  return { tree: r, error: '' };
}

/**
 * A copy without the node at `path` (not the root); a parent left without
 * children becomes a leaf worth the removed node's value (a leaf's) or 0.
 * @param {TreeNode} root @param {number[]} path
 * @returns {{tree: TreeNode | null, error: string}}
 */
export function withoutNode(root, path) {
  if (!path.length) return { tree: null, error: 'The root cannot be removed.' };
  const r = copy(root);
  const parent = nodeAt(r, path.slice(0, -1));
  const [gone] = parent.kids.splice(path.at(-1), 1);
  if (!parent.kids.length) parent.value = gone.kids.length ? 0 : gone.value;
  return { tree: r, error: '' };
}

/**
 * A seeded generator of numbers in [0, 1) (mulberry32): the same seed gives
 * the same sequence, so a link's seed gives every reader the same tree.
 * @param {number} seed
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random tree: every inner node has `branching` children, the leaves are
 * `depth` plies deep, values 0-20, from a seeded generator (mulberry32), so
 * the same three numbers give the same tree.
 * @param {number} depth @param {number} branching @param {number} seed
 * @returns {TreeNode}
 */
export function randomTree(depth, branching, seed) {
  const next = seededRandom(seed);
  const make = (d) => (d === 0 ? { value: Math.floor(next() * 21), kids: [] }
    : { value: 0, kids: Array.from({ length: branching }, () => make(d - 1)) });
  return make(depth);
}

/**
 * A link's tree field: {text, preset} — a preset's name gives its text, any
 * other value is the text form itself (the engine checks it); none: the
 * textbook tree.
 * @param {string | null} field
 */
export function linkTree(field) {
  if (field === null || field === '') return { text: PRESETS.textbook.text, preset: 'textbook' };
  if (Object.hasOwn(PRESETS, field)) return { text: PRESETS[field].text, preset: field };
  return { text: field, preset: '' };
}

/**
 * The link of a tree: #view=tree&tree=<preset name or text form> (and
 * algo=minimax, values=negamax when not the defaults). The text form's
 * characters ( ) , - and digits need no escaping in a URL's fragment.
 * @param {{text: string, algorithm: string, values: string}} s
 */
export function treeHash({ text, algorithm, values }) {
  const preset = Object.keys(PRESETS).find((k) => PRESETS[k].text === text);
  const tree = preset || (/^[-(),0-9]*$/.test(text) ? text : encodeURIComponent(text));
  return `#view=tree&tree=${tree}` + (algorithm === 'minimax' ? '&algo=minimax' : '') + (values === 'negamax' ? '&values=negamax' : '');
}
