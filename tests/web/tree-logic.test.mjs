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

// The minimax view (the explorer's values switch): MAX is the first player;
// the engine's negamax numbers are for the side to move.
const { minimaxView, ordinal } = await import(`${ROOT}/web/tree/trace.js`);
const { buildEvents, eventState, pseudocode } = await import(`${ROOT}/web/tree/pseudocode.js`);

test('minimax view: values and window from MAX\'s side', () => {
  // Where MAX is to move nothing changes.
  assert.deepEqual(minimaxView({ value: 3, alpha: -5, beta: 7 }, true), { value: 3, alpha: -5, beta: 7 });
  // Where MIN is to move: v -> -v, (α, β) -> (-β, -α).
  assert.deepEqual(minimaxView({ value: 3, alpha: -5, beta: 7 }, false), { value: -3, alpha: -7, beta: 5 });
  const zero = minimaxView({ value: 0, alpha: 0, beta: 0 }, false);
  assert.ok(Object.is(zero.value, 0) && Object.is(zero.alpha, 0), 'a negated 0 is 0, not -0');
  // Cut and table reasons at a MIN node, in MAX's terms: the negamax β-cut
  // v ≥ β is the α-cut -v ≤ -β; MIN's lower bound is MAX's upper bound.
  assert.equal(oneNode({ value: -2, beta: -2, flags: FLAG.cutoff }).reason(0, true), 'α-cut: +2 ≤ α = +2');
  assert.equal(oneNode({ value: 1, beta: 1, flags: FLAG.tableHit | FLAG.boundLower }).reason(0, true), 'table: upper bound −1 ≤ α = −1');
  assert.equal(oneNode({ value: -1, alpha: -1, flags: FLAG.tableHit | FLAG.boundUpper }).reason(0, true), 'table: lower bound +1 ≥ β = +1');
  assert.equal(oneNode({ value: 2, flags: FLAG.tableHit | FLAG.boundExact }).reason(0, true), 'table: exact −2');
  assert.equal(ordinal(2) + ordinal(11) + ordinal(23), '2nd11th23rd');
});

test('minimax view on a real trace: MIN nodes negated, the step-through in MAX and MIN', async () => {
  const M = await loadEngine();
  // 1524: four moves played, so X (MAX) is to move at the root, O (MIN) one ply down.
  const t = new Trace(M.treeTrace('tictactoe', '1524', 'alphabeta', 0, 0));
  const maxAt = (i) => t.ply(i) % 2 === 0;
  const x3 = t.children(0).find((c) => t.move(c) === 2);
  assert.ok(t.has(x3, FLAG.terminal) && t.val(x3) === -3, 'negamax: X 3 ends the game, −3 for O to move');
  assert.equal(minimaxView({ value: t.val(x3), alpha: t.alpha(x3), beta: t.beta(x3) }, maxAt(x3)).value, 3, 'minimax: +3 for MAX');
  assert.equal(minimaxView({ value: t.val(0), alpha: 0, beta: 0 }, true).value, t.val(0), 'the root (MAX) keeps its value');

  const events = buildEvents(t);
  const describe = (i) => (i === 0 ? 'the root' : `node ${i}`);
  let minFrames = 0;
  for (let k = 0; k < events.count; k++) {
    const nega = eventState(t, events, k, { algorithm: 'alphabeta', maxDepth: 0, describe });
    const mm = eventState(t, events, k, { algorithm: 'alphabeta', maxDepth: 0, describe, maxAt });
    assert.equal(mm.max, maxAt(mm.frame), `step ${k}: the frame's side`);
    // The same frame, its numbers flipped exactly where MIN is to move.
    const want = minimaxView({ value: nega.value ?? 0, alpha: nega.alpha, beta: nega.beta }, mm.max);
    assert.equal(mm.alpha, want.alpha, `step ${k}: α`);
    assert.equal(mm.beta, want.beta, `step ${k}: β`);
    if (nega.value !== null) assert.equal(mm.value, want.value, `step ${k}: value`);
    if (!mm.max) minFrames++;
    // Every highlighted line exists in the pseudocode of the form shown.
    for (const [state, form] of [[nega, 'negamax'], [mm, 'minimax']]) {
      const ids = pseudocode('alphabeta', form).map((l) => l.id);
      for (const id of state.lines) assert.ok(ids.includes(id), `step ${k}: line ${id} in the ${form} pseudocode`);
    }
  }
  assert.ok(minFrames > 0, 'some frames are MIN\'s');
  // The step where X 3 returns to the root: MAX keeps the larger value, +3.
  // (kind 3: a child returns to its parent, EV.back in pseudocode.js)
  const back = [...Array(events.count).keys()].find((k) => events.kind[k] === 3 && events.node[k] === x3);
  const s = eventState(t, events, back, { algorithm: 'alphabeta', maxDepth: 0, describe, maxAt });
  assert.deepEqual(s.lines, ['update-max', 'alpha-max']);
  assert.ok(s.value === 3 && s.alpha === 3 && /returns \+3; MAX at the root keeps the larger/.test(s.text), s.text);
  for (const algorithm of ['minimax', 'ordered', 'table']) {
    const tr = new Trace(M.treeTrace('tictactoe', '1524', algorithm, 0, 0));
    const ev = buildEvents(tr);
    const ids = pseudocode(algorithm, 'minimax').map((l) => l.id);
    for (let k = 0; k < ev.count; k++) {
      const st = eventState(tr, ev, k, { algorithm, maxDepth: 0, describe, maxAt: (i) => tr.ply(i) % 2 === 0 });
      for (const id of st.lines) assert.ok(ids.includes(id), `${algorithm} step ${k}: line ${id}`);
    }
  }
});

test('why ordering lost on 1524: the winning move is tried last', async () => {
  const M = await loadEngine();
  const { loadLinkModule } = await import('./wasm.mjs');
  (await import(`${ROOT}/web/lib/games.js`)).setGames((await loadLinkModule()).games());
  const { orderingNote } = await import(`${ROOT}/web/tree/tree-figures.js`);
  const natural = new Trace(M.treeTrace('tictactoe', '1524', 'alphabeta', 0, 0));
  const ordered = new Trace(M.treeTrace('tictactoe', '1524', 'ordered', 0, 0));
  const note = orderingNote(natural, ordered, { game: 'tictactoe', moves: '1524' });
  console.log(note);
  for (const part of ['(84 against 36)', 'tries X 7 first', 'the best move, X 3, last of 5, after 82 of its 84 nodes',
    'natural order tries X 3 first', 'X 3 wins at once']) assert.ok(note.includes(part), `the note says "${part}"`);
});
