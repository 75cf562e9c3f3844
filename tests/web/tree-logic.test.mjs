// Node tests of the tree explorer's reading of a trace (web/tree/trace.js):
// the values and cut-off reasons in the lecture's words, on a real trace of
// the wasm engine and on hand-made nodes. The page prints these words; they
// are tested here, where the page's code runs.
import assert from 'node:assert/strict';
import test from 'node:test';
import { ROOT } from './lib.mjs';
import { loadEngine } from './wasm.mjs';

const { FLAG, Trace } = await import(`${ROOT}/web/tree/trace.js`);

// A trace of one node (20 bytes, the layout of engine/search/tree_trace.hpp).
function oneNode({ alpha = 0, beta = 0, value = 0, flags = 0 }, exactScale = true) {
  const bytes = new Uint8Array(20);
  const v = new DataView(bytes.buffer);
  v.setInt32(0, -1, true);
  v.setInt32(4, 1, true);
  v.setInt16(8, alpha, true);
  v.setInt16(10, beta, true);
  v.setInt16(12, value, true);
  v.setInt8(14, -1);
  v.setUint16(16, flags, true);
  return new Trace({ nodes: 1, recorded: 1, truncated: false, value, exactScale, bestMove: -1, pv: [], bytes });
}

test('cut-off reasons in the lecture\'s words', async () => {
  // X: 1 2, O: 5 4 -> X to move with cells 3 6 7 8 9 empty; X wins at once
  // with 3, and the other moves are cut short below O's replies.
  const M = await loadEngine();
  const t = new Trace(M.treeTrace('tictactoe', '1524', 'alphabeta', 0, 0));
  assert.equal(t.value, 3, 'a win with the 3rd mark');
  assert.equal(t.bestMove, 3, 'cell 3 (the bindings count moves from 1)');
  let cuts = 0;
  for (let i = 0; i < t.size(); i++) {
    if (!t.has(i, FLAG.cutoff)) continue;
    cuts++;
    assert.ok(t.reason(i).startsWith('β-cut: '), t.reason(i));
  }
  assert.ok(cuts > 0, 'the trace has cut-offs');
  assert.equal(oneNode({ value: 3, beta: 3, flags: FLAG.cutoff }).reason(0), 'β-cut: +3 ≥ β = +3');
  assert.equal(oneNode({ value: -1, alpha: -1, flags: FLAG.tableHit | FLAG.boundUpper }).reason(0),
    'table: upper bound −1 ≤ α = −1');
});

test('values: proven results on the search scale, the open window', () => {
  const PROVEN = 20000;
  const INF = 32000;
  assert.equal(oneNode({}, false).fmt(PROVEN + 3), 'win 3');
  assert.equal(oneNode({}, true).fmt(-INF), '−∞');
});
