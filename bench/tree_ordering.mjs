// How often the tree explorer's "ordered" alpha-beta (threats, then
// evaluation gain, centre first) visits more nodes than plain alpha-beta in
// natural order, over many positions: the numbers behind the explorer's note
// on ordering (docs/tree-explorer.md). Uses the same wasm tracer as the page
// (treeCounts of wasm/tree_bindings.cpp, untraced counts).
//
// Tic-Tac-Toe: every position that can arise in a game and is not over (one
// per board, whatever the move order), searched to the end. Connect Four:
// `--c4 N` random positions (a fixed seed, 4 to 20 plies of random legal moves,
// not over) at depth limit `--depth D`.
//
//   node bench/tree_ordering.mjs [--bin build/wasm/bin] [--c4 400] [--depth 6]
import path from 'node:path';
import { loadEngine } from '../tests/web/wasm.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const M = await loadEngine(path.resolve(opt('--bin', 'build/wasm/bin')));
const c4Count = Number(opt('--c4', '400'));
const c4Depth = Number(opt('--depth', '6'));

// alpha-beta and ordered node counts of one position ({ab, ord}), or null when
// there is nothing to search: the game is over (the root is the only node), or
// ended before the last move (the engine refuses the move string).
function counts(game, moves, depth) {
  const r = M.treeCounts(game, moves, depth);
  if (r.error) return null;
  const get = (id) => r.algorithms.find((a) => a.algorithm === id).nodes;
  return get('alphabeta') > 1 ? { ab: get('alphabeta'), ord: get('ordered') } : null;
}

// True when the side to move can win at once but the ordered search tries
// another move first (its first root child is not a finished game).
function winTriedLate(game, moves, depth) {
  const t = M.treeTrace(game, moves, 'ordered', depth, 0);
  const view = new DataView(t.bytes.buffer, t.bytes.byteOffset, t.bytes.byteLength);
  const TERMINAL = 1;
  // Root children: 1, then each child's subtree end (the TraceNode layout of trace.js).
  let firstIsWin = false;
  let anyWin = false;
  for (let c = 1, first = true; c < view.getInt32(4, true); c = view.getInt32(c * 20 + 4, true), first = false) {
    const win = (view.getUint16(c * 20 + 16, true) & TERMINAL) !== 0 && view.getInt16(c * 20 + 12, true) < 0;
    anyWin ||= win;
    if (first) firstIsWin = win;
  }
  return anyWin && !firstIsWin;
}

// Totals over a list of {ab, ord}: how many positions, in how many ordering
// lost (more nodes) or tied, the node sums, and the median of ord / ab.
function summary(list) {
  const ratios = list.map((c) => c.ord / c.ab).sort((a, b) => a - b);
  const sum = (k) => list.reduce((s, c) => s + c[k], 0);
  return {
    positions: list.length,
    orderingWorse: list.filter((c) => c.ord > c.ab).length,
    tied: list.filter((c) => c.ord === c.ab).length,
    alphabetaNodes: sum('ab'),
    orderedNodes: sum('ord'),
    medianRatio: Number(ratios[Math.floor(ratios.length / 2)].toFixed(3)),
    // Of the positions where ordering lost: those where a win at once was not tried first.
    worseWithWinTriedLate: list.filter((c) => c.ord > c.ab && c.winLate).length,
  };
}

// Tic-Tac-Toe: every reachable board that is not over.
const seen = new Set();
const ttt = [];
function walk(moves) {
  const board = [...'.........'];
  [...moves].forEach((m, i) => { board[Number(m) - 1] = 'XO'[i % 2]; });
  const key = board.join('');
  if (seen.has(key)) return;
  seen.add(key);
  const c = counts('tictactoe', moves, 0);
  if (!c) return;   // over: nothing follows
  ttt.push({ moves, ...c, winLate: winTriedLate('tictactoe', moves, 0) });
  for (let cell = 1; cell <= 9; cell++) if (board[cell - 1] === '.') walk(moves + cell);
}
walk('');
const byPlies = (lo, hi) => ttt.filter((c) => c.moves.length >= lo && c.moves.length <= hi);

// Connect Four: random games cut at a random ply (xorshift, fixed seed).
let seed = 12345;
const random = (n) => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
};
const c4 = [];
while (c4.length < c4Count) {
  const plies = 4 + random(17);
  let moves = '';
  const height = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < plies; i++) {
    const open = height.map((h, col) => (h < 6 ? col : -1)).filter((col) => col >= 0);
    const col = open[random(open.length)];
    height[col]++;
    moves += String(col + 1);
  }
  const c = counts('connect4', moves, c4Depth);
  if (c) c4.push({ moves, ...c, winLate: winTriedLate('connect4', moves, c4Depth) });
}

console.log(JSON.stringify({
  tictactoe: { all: summary(ttt), plies0to3: summary(byPlies(0, 3)), plies4to8: summary(byPlies(4, 8)) },
  connect4: { depth: c4Depth, ...summary(c4) },
}, null, 2));
