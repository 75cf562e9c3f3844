// The quiz's logic (web/tree/quiz-logic.js, quiz-exercise.js) under node, on the wasm engine's
// own traces (build/wasm/bin, as the worker runs them): the answers read
// from minimax's and alpha-beta's traces, the checking of right and wrong
// answers with their hints, the grading (hint on the first miss, the answer
// on the second) and the score, the link and the seeded exercises.
//
//   node --test tests/web/quiz-logic.test.mjs
import assert from 'node:assert/strict';
import test from 'node:test';
import { ROOT } from './lib.mjs';
import { loadEngine } from './wasm.mjs';

const { Trace } = await import(`${ROOT}/web/tree/trace.js`);
const Q = await import(`${ROOT}/web/tree/quiz-logic.js`);
const { Exercise } = await import(`${ROOT}/web/tree/quiz-exercise.js`);
const { PRESETS } = await import(`${ROOT}/web/tree/abstract-tree.js`);
const M = await loadEngine();

// The worker's trace request, as web/worker.js hands it to the engine.
function traced(req) {
  const checked = M.checkRequest(JSON.stringify({ moves: '', depth: 0, ...req, type: 'trace' }));
  assert.ok(!checked.error, checked.error);
  const r = M.runTrace(checked);
  assert.ok(!r.error, r.error);
  return new Trace(r);
}
const answersOfTree = (tree) => Q.answersOf(traced({ game: 'abstract', tree, algorithm: 'minimax' }), traced({ game: 'abstract', tree, algorithm: 'alphabeta' }));
const TEXTBOOK = answersOfTree(PRESETS.textbook.text);
const INF = 32000;

test('the textbook tree\'s answers come from the engine\'s traces', () => {
  const a = TEXTBOOK;
  assert.equal(a.nodes.map((n) => n.name).join(''), 'ABCDEFGHIJKLM', 'lettered in preorder');
  assert.deepEqual(a.nodes.filter((n) => !n.leaf).map((n) => [n.name, n.max, n.value]),
    [['A', true, 3], ['B', false, 3], ['F', false, 2], ['J', false, 2]]);
  assert.deepEqual(a.pruned, ['1.1', '1.2'], 'the second MIN node\'s 4 and 6');
  assert.deepEqual(a.windows.get('1'), { alpha: 3, beta: INF }, 'F is entered with (3, +∞)');
  assert.deepEqual(a.windows.get('2.2'), { alpha: 3, beta: 5 });
  assert.equal(a.cuts.get('1'), 'α-cut: +2 ≤ α = +3');
  assert.match(Q.pruneAnswer(a), /^Alpha-beta prunes F–H, F–I: at F \(α-cut: \+2 ≤ α = \+3\)\.$/);
  const w = Q.windowNode(a, 1);
  assert.ok(['1', '2'].includes(w.key), 'the α/β question asks about an inner node with a window narrower than (−∞, +∞)');
  assert.equal(Q.nodeLabel(a.byKey.get('1')), 'node F (MIN)');
  const none = answersOfTree(PRESETS.noprune.text);
  assert.deepEqual(none.pruned, [], 'worst-first: nothing pruned');
  assert.equal(Q.pruneAnswer(none), 'Alpha-beta prunes nothing in this tree.');
});

test('trees that cannot be a quiz: too small, too large', () => {
  assert.equal(Q.tooSmallOrLarge(TEXTBOOK), '');
  assert.equal(Q.tooSmallOrLarge(answersOfTree('7')), 'it has no node below the root to ask about');
  assert.equal(Q.tooSmallOrLarge(answersOfTree('(1,2)')), '', 'one ply is enough');
  const big = `(${Array(5).fill(`(${Array(4).fill('(1,2,3)').join(',')})`).join(',')})`;
  assert.equal(Q.tooSmallOrLarge(answersOfTree(big)), 'it has 86 nodes; a quiz\'s tree has at most 64');
});

test('typed answers: numbers, signs, infinity', () => {
  for (const [text, v] of [['3', 3], ['+3', 3], ['-3', -3], ['−3', -3], [' 12 ', 12], ['-0', 0], ['∞', INF], ['+∞', INF], ['-∞', -INF],
    ['−∞', -INF], ['inf', INF], ['-Infinity', -INF]]) assert.equal(Q.parseAnswer(text), v, text);
  assert.equal(Q.parseAnswer(''), null);
  assert.equal(Q.parseAnswer('  '), null);
  assert.ok(Number.isNaN(Q.parseAnswer('three')));
  assert.ok(Number.isNaN(Q.parseAnswer('3.5')));
});

test('a node\'s value: right, wrong with a hint', () => {
  const a = TEXTBOOK;
  assert.deepEqual(Q.checkValue(a, '', '3'), { status: 'right', hint: '' }, 'the root, A');
  assert.equal(Q.checkValue(a, '1', '+2').status, 'right', 'F');
  assert.equal(Q.checkValue(a, '1', '').status, 'empty');
  assert.equal(Q.checkValue(a, '1', 'two').status, 'unreadable');
  const largest = Q.checkValue(a, '0', '12');
  assert.equal(largest.status, 'wrong');
  assert.match(largest.hint, /^B is a MIN node: it takes the smallest of its children’s values; \+12 is the largest, which MAX would take\.$/);
  const other = Q.checkValue(a, '0', '8');
  assert.match(other.hint, /B is a MIN node: it takes the smallest .* \(the leaves C, D, E\)\./);
  const root = Q.checkValue(a, '', '14');
  assert.match(root.hint, /A is a MAX node: it takes the largest of its children’s values\. Work bottom-up: first the values of B, F, J\./);
});

test('the pruned branches: right, missed, wrongly marked', () => {
  const a = TEXTBOOK;
  const right = Q.checkPrune(a, ['1.1', '1.2']);
  assert.equal(right.right, true);
  assert.equal(right.hint, '');
  const none = Q.checkPrune(a, []);
  assert.equal(none.right, false);
  assert.deepEqual(none.missed, ['1.1', '1.2']);
  assert.match(none.hint, /^Alpha-beta cuts at F \(MIN\): .* reaches α, the most MAX is sure of above it/, 'names the node that cuts, not the branches');
  const half = Q.checkPrune(a, ['1.2']);
  assert.deepEqual(half.missed, ['1.1']);
  assert.equal(half.missedText, 'F–H');
  const wrong = Q.checkPrune(a, ['1.1', '1.2', '2.1']);
  assert.equal(wrong.right, false);
  assert.deepEqual(wrong.missed, []);
  assert.deepEqual(wrong.wrong, ['2.1']);
  assert.equal(wrong.wrongText, 'J–L');
  assert.match(wrong.hint, /^Alpha-beta searches L: when it comes to L, J’s value so far has not passed its window/);
  assert.equal(Q.checkPrune(answersOfTree(PRESETS.noprune.text), []).right, true, 'nothing pruned, nothing marked');
  // Deep cut-offs: a branch below a pruned one is not where the cut happens.
  const deep = answersOfTree(PRESETS.deep.text);
  assert.ok(deep.pruned.length >= 2, 'the deep preset prunes');
  const below = deep.nodes.find((n) => n.parent !== null && deep.pruned.includes(n.parent));
  const marked = Q.checkPrune(deep, [...deep.pruned, below.key]);
  assert.deepEqual(marked.wrong, [below.key]);
  assert.match(marked.hint, /lies under a pruned branch higher up: mark only the branch where the cut happens/);
});

test('α and β on entry to a node: right, half right, unreadable', () => {
  const a = TEXTBOOK;
  assert.equal(Q.checkWindow(a, '1', '3', 'inf').status, 'right');
  assert.equal(Q.checkWindow(a, '1', '+3', '+∞').status, 'right');
  const alphaWrong = Q.checkWindow(a, '1', '-inf', 'inf');
  assert.equal(alphaWrong.status, 'wrong');
  assert.equal(alphaWrong.alphaRight, false);
  assert.equal(alphaWrong.betaRight, true);
  assert.match(alphaWrong.hint, /^α is the most MAX is already sure of on the way from the root to F/);
  assert.doesNotMatch(alphaWrong.hint, /β is the least/);
  const betaWrong = Q.checkWindow(a, '2.2', '3', '14');
  assert.equal(betaWrong.betaRight, false);
  assert.match(betaWrong.hint, /^β is the least MIN is already sure of on the way to M/);
  assert.equal(Q.checkWindow(a, '1', '3', '').status, 'empty');
  assert.equal(Q.checkWindow(a, '1', 'three', 'inf').status, 'unreadable');
});

test('grading: a hint on the first miss, the answer on the second, the score', () => {
  let score = { right: 0, of: 0 };
  const fresh = { tries: 0, state: /** @type {const} */ ('open') };
  let r = Q.grade(fresh, true, score);
  assert.deepEqual([r.say, r.item.state, r.score], ['right', 'right', { right: 1, of: 1 }]);
  score = r.score;
  r = Q.grade(fresh, false, score);
  assert.deepEqual([r.say, r.item.state, r.score], ['hint', 'open', score], 'a first miss is not scored yet');
  const again = Q.grade(r.item, true, r.score);
  assert.deepEqual([again.say, again.score], ['right', { right: 1, of: 2 }], 'right at the second try: finished, not first time');
  const twice = Q.grade(r.item, false, r.score);
  assert.deepEqual([twice.say, twice.item.state, twice.score], ['answer', 'shown', { right: 1, of: 2 }]);
  const shown = Q.reveal(fresh, { right: 1, of: 2 });
  assert.deepEqual([shown.item.state, shown.score], ['shown', { right: 1, of: 3 }], '"Show the answers" finishes an open item');
  assert.deepEqual(Q.reveal(shown.item, shown.score).score, shown.score, 'once only');
  assert.equal(Q.scoreLine({ right: 7, of: 9 }), '7 of 9 right first time');
  assert.equal(Q.scoreLine({ right: 0, of: 0 }), 'nothing finished yet');
});

test('an exercise checked question by question: the sentences and the score', () => {
  const ex = new Exercise(TEXTBOOK, 1, '');
  let score = { right: 0, of: 0 };
  score = ex.check('values', score);
  assert.deepEqual(ex.lines, ['Type a value in a field first.']);
  ex.texts.set('', '3');
  ex.texts.set('0', '12');
  ex.texts.set('1', 'x');
  score = ex.check('values', score);
  assert.deepEqual(ex.lines, ['A: +3 is right.', 'B: not +12. Hint: B is a MIN node: it takes the smallest of its children’s values; +12 is the largest, ' +
    'which MAX would take.', 'F: “x” is not a whole number.']);
  assert.deepEqual([...ex.wrong], ['0', '1']);
  assert.deepEqual(score, { right: 1, of: 1 });
  ex.texts.set('0', '8');
  score = ex.check('values', score);
  assert.deepEqual(ex.lines, ['B: the value is +3.', 'F: “x” is not a whole number.'],
    'the second miss: the answer; A, finished, is not checked again; F still does not read');
  assert.deepEqual(score, { right: 1, of: 2 });
  score = ex.showAll('values', score);
  assert.equal(ex.lines[0], 'The values: A +3, B +3, F +2, J +2.');
  assert.deepEqual(score, { right: 1, of: 4 }, 'F and J given up');
  assert.ok(ex.done('values'));
  assert.deepEqual(ex.check('values', score), score, 'a finished question checks nothing');

  ex.toggle('1.1');
  ex.toggle('2');
  score = ex.check('prune', score);
  assert.equal(ex.lines[0], 'Not yet: marked but searched: A–J; 1 pruned branch not marked. Hint: Alpha-beta cuts at F (MIN): after one of its ' +
    'children its value reaches α, the most MAX is sure of above it, and it searches no more children.');
  score = ex.check('prune', score);
  assert.equal(ex.lines[0], 'Missed (ringed in blue): F–I. Marked but searched (dashed red): A–J. Alpha-beta prunes F–H, F–I: at F (α-cut: +2 ≤ α = +3).');
  assert.deepEqual([...ex.marks], ['1.1', '1.2'], 'the answer marked on the tree');
  assert.deepEqual(ex.pruneShown, { missed: ['1.2'], wrong: ['2'] });
  ex.toggle('0.1');
  assert.deepEqual([...ex.marks], ['1.1', '1.2'], 'no marking once finished');

  ex.alpha = '3';
  ex.beta = '+∞';
  score = ex.check('window', score);
  assert.match(ex.lines[0], /^Right: alpha-beta enters [FJ] with α = \+3, β = \+∞\.$/);
  assert.deepEqual(score, { right: 2, of: 6 });
});

test('the link: the same exercise for everyone, its fields and their limits', () => {
  const d = Q.readQuizLink('#view=quiz');
  assert.deepEqual([d.source, d.ask, d.seed, d.depth, d.children, d.notes], ['random', 'values', 1, 3, 2, []]);
  assert.equal(Q.quizHash(d), '#view=quiz&seed=1');
  const a = Q.readQuizLink('#view=quiz&ask=prune&seed=42&depth=4');
  const b = Q.readQuizLink(Q.quizHash(a));
  assert.equal(b.tree, a.tree, 'a link gives the same tree again');
  assert.equal(Q.quizHash(b), '#view=quiz&ask=prune&depth=4&seed=42');
  assert.notEqual(Q.readQuizLink('#view=quiz&seed=43').tree, Q.readQuizLink('#view=quiz&seed=42').tree, 'another seed, another tree');
  assert.match(Q.readQuizLink('#view=quiz&ask=bogus').notes[0], /Unknown question 'bogus'/);
  assert.match(Q.readQuizLink('#view=quiz&seed=x').notes[0], /seed “x” is not a whole number from 0 to 99999: using 1/);
  const big = Q.readQuizLink('#view=quiz&depth=4&children=3');
  assert.equal(big.children, 2, 'a 4-ply tree has 2 children per node');
  assert.equal(Q.readQuizLink('#view=quiz&tree=textbook').tree, PRESETS.textbook.text);
  assert.equal(Q.quizTreeHash(PRESETS.textbook.text), '#view=quiz&tree=textbook&seed=1');
  assert.equal(Q.quizTreeHash('(1,(2,3))'), '#view=quiz&tree=(1,(2,3))&seed=1');
  const t = Q.readQuizLink('#view=quiz&game=tictactoe&seed=5&ask=window');
  assert.deepEqual([t.source, t.moves, Q.quizHash(t)], ['tictactoe', '', '#view=quiz&ask=window&game=tictactoe&seed=5']);
  assert.equal(Q.readQuizLink('#view=quiz&game=tictactoe&moves=1234x').moves, '', 'not a move string');
  assert.match(Q.readQuizLink('#view=quiz&game=chess').notes[0], /not on 'chess'/);
  for (let s = 0; s < 5; s++) assert.notEqual(Q.newSeed(s), s);
});

test('Tic-Tac-Toe exercises: the seed\'s positions, searched by the engine', async () => {
  assert.equal(Q.tttMoves(7), Q.tttMoves(7));
  const search = async (moves) => {
    const req = (algorithm) => M.checkRequest(JSON.stringify({ type: 'trace', game: 'tictactoe', moves, algorithm, depth: 0 }));
    if (req('minimax').error) return null;   // a game that ended before its last move
    return { mm: new Trace(M.runTrace(req('minimax'))), ab: new Trace(M.runTrace(req('alphabeta'))) };
  };
  let pruning = 0;
  for (let seed = 1; seed <= 12; seed++) {
    const t = await Q.tttExercise(seed, search);
    assert.ok(t, `seed ${seed} has an exercise`);
    assert.equal((await Q.tttExercise(seed, search)).moves, t.moves, 'the same seed, the same position');
    assert.match(t.moves, /^[1-9]{6}$/);
    assert.equal(new Set(t.moves).size, 6, 'six distinct cells');
    assert.ok(t.mm.size() > 1, 'not over');
    const a = Q.answersOf(t.mm, t.ab);
    assert.ok(a.nodes.length <= 16, 'three empty squares: at most 1 + 3 + 6 + 6 nodes');
    assert.equal(a.nodes[0].value, t.mm.value, 'the root\'s value is the engine\'s, for X (MAX)');
    for (const n of a.nodes.filter((x) => !x.leaf)) {
      const kids = n.kids.map((k) => a.byKey.get(k).value);
      assert.equal(n.value, n.max ? Math.max(...kids) : Math.min(...kids), 'MAX takes the largest, MIN the smallest');
      assert.equal(Q.checkValue(a, n.key, String(n.value)).status, 'right');
    }
    if (a.pruned.length) pruning++;
  }
  assert.ok(pruning >= 10, `alpha-beta prunes in most exercises (${pruning} of 12)`);
});
