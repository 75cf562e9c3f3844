// The quiz's logic (quiz-view.js draws it): the exercise a link asks for,
// the answers read from the engine's own traces, and the checking of the
// student's answers with a hint on the first miss. Nothing here searches:
// the values, the pruned branches and the windows are those the wasm engine
// recorded (trace.js reads them) — minimax's trace for the values (it visits
// every node), alpha-beta's for the cut-offs and the windows.
//
// Link (docs/tree-explorer.md, "Quiz"):
//   #view=quiz&ask=values|prune|window&seed=N            a random tree (depth=D plies 2-4, children=B 2-3)
//   #view=quiz&tree=textbook|((3,12,8),(2,4,6),(14,5,2))  a given tree (seed: which node the α/β question asks about)
//   #view=quiz&game=tictactoe&seed=N                     a Tic-Tac-Toe position with three empty squares (moves=... a given one)
// The same link gives every student the same exercise.

import { PRESETS, linkTree, randomTree, seededRandom, treeText } from './abstract-tree.js';
import { FLAG, formatValue, minimaxView } from './trace.js';

export const ASKS = Object.freeze(['values', 'prune', 'window']);
const INF = 32000;   // the engine's ∞ (trace.js)
const MAX_SEED = 99999;
const MAX_NODES = 64;   // (a 4-ply binary tree is 31, 3 plies of 3 children 40)

/**
 * @typedef {{source: 'random' | 'tree' | 'tictactoe', ask: string, seed: number, depth: number, children: number,
 *   tree: string, moves: string, notes: string[]}} QuizLink
 * @typedef {{key: string, path: number[], name: string, ply: number, max: boolean, leaf: boolean, value: number,
 *   move: number, parent: string | null, kids: string[]}} QuizNode
 * @typedef {{nodes: QuizNode[], byKey: Map<string, QuizNode>, searched: Set<string>, pruned: string[],
 *   windows: Map<string, {alpha: number, beta: number}>, cuts: Map<string, string>}} Answers
 * @typedef {import('./trace.js').Trace} Trace
 */

// A link's whole number in [lo, hi], else `fallback` with a note.
function linkInt(p, key, lo, hi, fallback, notes) {
  if (!p.has(key)) return fallback;
  const v = Number(p.get(key));
  if (Number.isInteger(v) && v >= lo && v <= hi) return v;
  notes.push(`${key} “${String(p.get(key)).slice(0, 12)}” is not a whole number from ${lo} to ${hi}: using ${fallback}.`);
  return fallback;
}

/**
 * The exercise a quiz link asks for; what it cannot use is said in `notes`.
 * @param {string} hash
 * @returns {QuizLink}
 */
export function readQuizLink(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  /** @type {string[]} */
  const notes = [];
  let ask = p.get('ask') || 'values';
  if (!ASKS.includes(ask)) {
    notes.push(`Unknown question '${ask.slice(0, 20)}' (use values, prune or window): asking for the values.`);
    ask = 'values';
  }
  const seed = linkInt(p, 'seed', 0, MAX_SEED, 1, notes);
  let depth = linkInt(p, 'depth', 2, 4, 3, notes);
  let children = linkInt(p, 'children', 2, 3, 2, notes);
  if (depth === 4 && children === 3) {
    notes.push('A tree 4 plies deep has 2 children per node here (3 would not fit the screen).');
    children = 2;
  }
  const game = p.get('game');
  if (game === 'tictactoe') {
    const moves = p.get('moves') || '';
    return { source: 'tictactoe', ask, seed, depth, children, tree: '', moves: /^[1-9]{0,9}$/.test(moves) ? moves : '', notes };
  }
  if (game) notes.push(`The quiz asks on trees and on Tic-Tac-Toe, not on '${game.slice(0, 20)}': a random tree.`);
  if (p.get('tree')) return { source: 'tree', ask, seed, depth, children, tree: linkTree(p.get('tree')).text, moves: '', notes };
  return { source: 'random', ask, seed, depth, children, tree: treeText(randomTree(depth, children, seed)), moves: '', notes };
}

/**
 * The link of an exercise (the keys readQuizLink reads; defaults left out).
 * @param {QuizLink} q
 */
export function quizHash(q) {
  const p = new URLSearchParams({ view: 'quiz' });
  if (q.ask !== 'values') p.set('ask', q.ask);
  if (q.source === 'tictactoe') {
    p.set('game', 'tictactoe');
    if (q.moves) p.set('moves', q.moves);   // (a position of the link's own; else the seed's)
  } else if (q.source === 'tree') {
    p.set('tree', Object.keys(PRESETS).find((k) => PRESETS[k].text === q.tree) || q.tree);
  } else {
    if (q.depth !== 3) p.set('depth', String(q.depth));
    if (q.children !== 2) p.set('children', String(q.children));
  }
  p.set('seed', String(q.seed));
  // (the text form's ( ) , need no escaping in a fragment: abstract-tree.js)
  return `#${p.toString().replace(/%28/g, '(').replace(/%29/g, ')').replace(/%2C/g, ',')}`;
}

/**
 * The quiz on a given tree (the textbook view's "Quiz on this tree").
 * @param {string} text  the tree's text form
 */
export const quizTreeHash = (text) => quizHash({ source: 'tree', ask: 'values', seed: 1, depth: 3, children: 2, tree: text, moves: '', notes: [] });

/**
 * A Tic-Tac-Toe position picked by `seed` (and `attempt`, when the engine
 * refused the one before: a finished game): six marks on distinct cells,
 * X first, so X (MAX) is to move with three empty squares. The engine says
 * whether the game is over; the page tries the next attempt then.
 * @param {number} seed @param {number} [attempt]
 * @returns {string} the 1-based moves
 */
export function tttMoves(seed, attempt = 0) {
  const next = seededRandom(seed * 64 + attempt);
  const cells = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  return cells.slice(0, 6).join('');
}

/**
 * The Tic-Tac-Toe exercise of `seed`: the first of the seed's positions
 * (tttMoves) that the engine searches and that is not over, one where
 * alpha-beta prunes something if any of the first 24 does.
 * @template {{mm: Trace, ab: Trace}} T
 * @param {number} seed
 * @param {(moves: string) => Promise<T | null>} search  the engine's two traces, null when it refuses the moves
 * @returns {Promise<(T & {moves: string}) | null>}
 */
export async function tttExercise(seed, search) {
  let first = null;
  for (let k = 0; k < 24; k++) {
    const moves = tttMoves(seed, k);
    const t = await search(moves);
    if (!t || t.mm.size() <= 1) continue;
    if (t.ab.size() < t.mm.size()) return { ...t, moves };
    first = first || { ...t, moves };
  }
  return first;
}

/** A new seed for "New exercise" (any other than `seed`). @param {number} seed */
export const newSeed = (seed) => (seed + 1 + Math.floor(Math.random() * (MAX_SEED - 1))) % (MAX_SEED + 1);

// Node names as lectures letter them, in preorder: A, B, …, Z, AA, AB, …
const letter = (k) => (k < 26 ? String.fromCharCode(65 + k) : letter(Math.floor(k / 26) - 1) + letter(k % 26));

/**
 * The answers, from the engine's minimax trace (every node: the tree and its
 * values) and alpha-beta's (the nodes it searched, their windows on entry,
 * its cut-offs), every value and window in MAX's terms (the first player's,
 * minimaxView: MIN's negamax window (α, β) is (−β, −α) for MAX).
 * @param {Trace} mm @param {Trace} ab
 * @returns {Answers}
 */
export function answersOf(mm, ab) {
  /** @type {QuizNode[]} */
  const nodes = [];
  const byKey = new Map();
  for (let i = 0; i < mm.size(); i++) {
    const path = mm.path(i);
    const ply = mm.ply(i);
    const max = ply % 2 === 0;
    const parent = i === 0 ? null : path.slice(0, -1).join('.');
    const n = { key: path.join('.'), path, name: letter(i), ply, max, leaf: mm.isLeaf(i),
      value: minimaxView({ value: mm.val(i), alpha: 0, beta: 0 }, max).value, move: mm.move(i), parent, kids: [] };
    nodes.push(n);
    byKey.set(n.key, n);
    if (parent !== null) byKey.get(parent).kids.push(n.key);
  }
  const searched = new Set();
  const windows = new Map();
  const cuts = new Map();
  for (let i = 0; i < ab.size(); i++) {
    const key = ab.path(i).join('.');
    const max = ab.ply(i) % 2 === 0;
    searched.add(key);
    const w = minimaxView({ value: 0, alpha: ab.alpha(i), beta: ab.beta(i) }, max);
    windows.set(key, { alpha: w.alpha, beta: w.beta });
    if (ab.has(i, FLAG.cutoff)) cuts.set(key, ab.reason(i, !max));
  }
  // A pruned branch: an edge from a node alpha-beta searched to a child it did not.
  const pruned = nodes.filter((n) => n.parent !== null && searched.has(n.parent) && !searched.has(n.key)).map((n) => n.key);
  return { nodes, byKey, searched, pruned, windows, cuts };
}

/**
 * Why a tree cannot be a quiz ('' when it can): it needs an inner node below
 * the root to ask about, and it must fit the screen.
 * @param {Answers} a
 */
export function tooSmallOrLarge(a) {
  if (!a.nodes.some((n) => n.parent !== null && a.searched.has(n.key))) return 'it has no node below the root to ask about';
  if (a.nodes.length > MAX_NODES) return `it has ${a.nodes.length} nodes; a quiz's tree has at most ${MAX_NODES}`;
  return '';
}

/**
 * The node the α/β question asks about, picked by `seed` among the nodes
 * alpha-beta entered below the root, those whose window is not (−∞, +∞)
 * first (the interesting ones), inner nodes before leaves.
 * @param {Answers} a @param {number} seed
 * @returns {QuizNode}
 */
export function windowNode(a, seed) {
  const entered = a.nodes.filter((n) => n.parent !== null && a.searched.has(n.key));
  const narrow = entered.filter((n) => { const w = a.windows.get(n.key); return w.alpha > -INF || w.beta < INF; });
  const inner = narrow.filter((n) => !n.leaf);
  const pool = inner.length ? inner : narrow.length ? narrow : entered;
  return pool[Math.floor(seededRandom(seed ^ 0x5bd1e995)() * pool.length)];
}

/**
 * A typed value: a whole number ("3", "+3", "-3", "−3") or infinity ("∞",
 * "+∞", "-inf", "infinity"); null when empty, NaN when it does not read.
 * @param {string} text
 * @returns {number | null}
 */
export function parseAnswer(text) {
  const t = String(text ?? '').trim().replace(/[−–]/g, '-').replace(/\s+/g, '').toLowerCase();
  if (!t) return null;
  if (/^[+-]?\d{1,5}$/.test(t)) return 0 + Number(t);   // (0 + … : "-0" is 0)
  const inf = /^([+-]?)(∞|inf|infinity)$/.exec(t);
  if (inf) return inf[1] === '-' ? -INF : INF;
  return NaN;
}

/** A value as the page writes it: +3, 0, −2, +∞. @param {number} v */
export const fmt = (v) => formatValue(v, true);

/** "node B (MIN)". @param {QuizNode} n */
export const nodeLabel = (n) => `node ${n.name} (${n.leaf ? 'leaf' : n.max ? 'MAX' : 'MIN'})`;

/**
 * Checks an inner node's value. {status: 'empty' | 'unreadable' | 'right' |
 * 'wrong', hint}: a wrong answer's hint says what the node takes and, when
 * the student took the wrong extreme, says so; children that are inner nodes
 * are named (work bottom-up).
 * @param {Answers} a @param {string} key @param {string} text
 */
export function checkValue(a, key, text) {
  const n = a.byKey.get(key);
  const v = parseAnswer(text);
  if (v === null) return { status: 'empty', hint: '' };
  if (Number.isNaN(v)) return { status: 'unreadable', hint: `“${String(text).slice(0, 12)}” is not a whole number.` };
  if (v === n.value) return { status: 'right', hint: '' };
  const kids = n.kids.map((k) => a.byKey.get(k));
  const vals = kids.map((k) => k.value);
  const who = n.max ? 'MAX' : 'MIN';
  const takes = n.max ? 'the largest' : 'the smallest';
  const other = n.max ? Math.min(...vals) : Math.max(...vals);
  const inner = kids.filter((k) => !k.leaf);
  let hint = `${n.name} is a ${who} node: it takes ${takes} of its children’s values`;
  if (v === other && other !== n.value) hint += `; ${fmt(v)} is ${n.max ? 'the smallest' : 'the largest'}, which ${n.max ? 'MIN' : 'MAX'} would take`;
  else if (inner.length) hint += `. Work bottom-up: first the value${inner.length > 1 ? 's' : ''} of ${inner.map((k) => k.name).join(', ')}`;
  else hint += ` (the leaves ${kids.map((k) => k.name).join(', ')})`;
  return { status: 'wrong', hint: `${hint}.` };
}

// "B–E": the branch into node `key`.
const branchName = (a, key) => { const n = a.byKey.get(key); return `${a.byKey.get(n.parent).name}–${n.name}`; };

/**
 * Checks the branches marked as pruned (each named by the key of the node it
 * leads to) against alpha-beta's: {right, missed, wrong} (branch keys), and
 * the hint for a miss: the node whose cut-off the student missed (the bound
 * it passed is for the student to find), or why a wrongly marked branch is
 * searched.
 * @param {Answers} a @param {Iterable<string>} marked
 */
export function checkPrune(a, marked) {
  const mine = new Set(marked);
  const missed = a.pruned.filter((k) => !mine.has(k));
  const wrong = [...mine].filter((k) => !a.pruned.includes(k)).sort();
  let hint = '';
  if (missed.length) {
    const at = a.byKey.get(a.byKey.get(missed[0]).parent);
    hint = `Alpha-beta cuts at ${at.name} (${at.max ? 'MAX' : 'MIN'}): after one of its children its value reaches ` +
      `${at.max ? 'β, the least MIN is sure of above it' : 'α, the most MAX is sure of above it'}, and it searches no more children.`;
  } else if (wrong.length) {
    const n = a.byKey.get(wrong[0]);
    hint = a.searched.has(n.key) ? `Alpha-beta searches ${n.name}: when it comes to ${n.name}, ${a.byKey.get(n.parent).name}’s value ` +
      'so far has not passed its window, so nothing is cut there yet.'
      : `${n.name} lies under a pruned branch higher up: mark only the branch where the cut happens.`;
  }
  const list = (keys) => keys.map((k) => branchName(a, k)).join(', ');
  return { right: !missed.length && !wrong.length, missed, wrong, hint, missedText: list(missed), wrongText: list(wrong) };
}

/**
 * The answer to the prune question in words: the branches and the cut-offs' reasons.
 * @param {Answers} a
 */
export function pruneAnswer(a) {
  if (!a.pruned.length) return 'Alpha-beta prunes nothing in this tree.';
  const at = [...new Set(a.pruned.map((k) => a.byKey.get(k).parent))];
  return `Alpha-beta prunes ${a.pruned.map((k) => branchName(a, k)).join(', ')}: ` +
    at.map((p) => `at ${a.byKey.get(p).name} (${a.cuts.get(p) || 'a cut-off'})`).join('; ') + '.';
}

/**
 * Checks α and β on entry to `key` (MAX's terms): {status: 'empty' |
 * 'unreadable' | 'right' | 'wrong', alphaRight, betaRight, hint}.
 * @param {Answers} a @param {string} key @param {string} alphaText @param {string} betaText
 */
export function checkWindow(a, key, alphaText, betaText) {
  const w = a.windows.get(key);
  const [al, be] = [parseAnswer(alphaText), parseAnswer(betaText)];
  if (al === null || be === null) return { status: 'empty', alphaRight: false, betaRight: false, hint: 'Give both α and β (−∞ and +∞ may be typed -inf and inf).' };
  if (Number.isNaN(al) || Number.isNaN(be)) return { status: 'unreadable', alphaRight: false, betaRight: false, hint: 'α and β are whole numbers, -inf or inf.' };
  const alphaRight = al === w.alpha;
  const betaRight = be === w.beta;
  if (alphaRight && betaRight) return { status: 'right', alphaRight, betaRight, hint: '' };
  const n = a.byKey.get(key);
  const parts = [];
  if (!alphaRight) parts.push('α is the most MAX is already sure of on the way from the root to ' +
    `${n.name}: the best value of a MAX node’s children searched before (−∞ if none)`);
  if (!betaRight) parts.push(`β is the least MIN is already sure of on the way to ${n.name}: the best value of a MIN node’s children searched before (+∞ if none)`);
  return { status: 'wrong', alphaRight, betaRight, hint: `${parts.join('; ')}. α and β pass down unchanged until a node improves its own.` };
}

/**
 * @typedef {{tries: number, state: 'open' | 'right' | 'shown'}} Item  one question's item (a node's value, the prune set, the window)
 * @typedef {{right: number, of: number}} Score  items right at the first try, of the items finished
 */

/**
 * An item after an answer was checked: right (first time or not), wrong
 * once (the hint is due), or wrong twice (the answer is shown). The score
 * counts an item once, when it is finished.
 * @param {Item} item @param {boolean} right @param {Score} score
 * @returns {{item: Item, score: Score, say: 'right' | 'hint' | 'answer'}}
 */
export function grade(item, right, score) {
  const tries = item.tries + 1;
  if (right) return { item: { tries, state: 'right' }, score: { right: score.right + (tries === 1 ? 1 : 0), of: score.of + 1 }, say: 'right' };
  if (tries < 2) return { item: { tries, state: 'open' }, score, say: 'hint' };
  return { item: { tries, state: 'shown' }, score: { right: score.right, of: score.of + 1 }, say: 'answer' };
}

/**
 * An open item given up ("Show the answers"): finished, not right.
 * @param {Item} item @param {Score} score
 */
export function reveal(item, score) {
  return item.state === 'open' ? { item: /** @type {Item} */ ({ tries: item.tries, state: 'shown' }), score: { right: score.right, of: score.of + 1 } }
    : { item, score };
}

/** "7 of 9 right first time". @param {Score} s */
export const scoreLine = (s) => (s.of ? `${s.right} of ${s.of} right first time` : 'nothing finished yet');
