// Node test of the wasm module: on a fixed list of positions, a fixed-depth
// search in wasm returns the same best move, score, exactness, depth and node
// count as the native CLI. Also checks the bindings' other entry points and
// that bad input is reported, not thrown.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import test from 'node:test';
import { ROOT } from './lib.mjs';
import { nativePlay, TABLE_MIB } from './native.mjs';
import { POSITIONS } from './positions.mjs';
import { loadEngine, wasmPlay } from './wasm.mjs';

const M = await loadEngine();
const s = new M.Session('connect4', TABLE_MIB);
test.after(() => s.delete());

test('the session\'s table size', () => {
  assert.ok(s.tableMiB() === TABLE_MIB, `the session's table is ${TABLE_MIB} MiB`);
});

test('wasm vs native, fixed depth', () => {
  for (const [game, moves, depth] of POSITIONS) {
    const n = nativePlay(game, moves, depth);
    if (n.error) {
      assert.ok(false, `${game} '${moves}': native CLI failed: ${n.error}`);
      continue;
    }
    const w = wasmPlay(s, game, moves, depth);
    const same = n.move === w.move && n.score === w.score && n.exact === w.exact && n.depth === w.depth
      && n.nodes === w.nodes;
    assert.ok(same, `${game} '${moves}' depth ${depth}: native ${n.move}/${n.score}/${n.nodes} nodes, `
      + `wasm ${w.move}/${w.score}/${w.nodes} nodes`);
  }
});

test('bindings', () => {
  s.newGame('connect4');
  assert.ok(s.setMoves('4453') === '' && s.moves() === '4453' && s.plies() === 4, 'setMoves / moves / plies');
  assert.ok(s.setMoves('48').includes('out of range') && s.moves() === '4453', 'a bad move string is reported, position kept');
  assert.ok(s.setMoves('4x').includes('invalid character'), 'a non-digit is reported');
  assert.ok(JSON.stringify(s.legalMoves()) === '[1,2,3,4,5,6,7]', 'legalMoves is a plain array');
  assert.ok(s.play(4) && !s.play(9) && s.undo() && s.moves() === '4453', 'play / undo');
  assert.ok(s.setMoves('1212121') === '' && s.outcome() === 1, 'outcome: first player wins');
  assert.ok(JSON.stringify(s.winningCells()) === '[0,7,14,21]', `winningCells ${JSON.stringify(s.winningCells())}`);
  assert.ok(s.legalMoves().length === 0 && !s.canPlay(3), 'no legal move after the end');
  assert.ok(s.newGame('bogus') === false && s.kind() === 'connect4', 'an unknown game is refused');
  assert.ok(s.newGame('tictactoe') && s.kind() === 'tictactoe' && s.width() === 3 && s.moveSlots() === 9, 'tic-tac-toe');
  s.setMoves('');
  assert.ok(s.solve() === 0, 'tic-tac-toe solves to a draw');
  s.newGame('connect4');
  s.setMoves('4453');
  const infos = [];
  const r = s.think({ timeMs: 100, maxDepth: 0, randomTies: true, seed: 12345, temperature: 0 }, (i) => infos.push(i));
  assert.ok(infos.length > 0 && infos.every((i, k) => i.depth === k + 1 && Array.isArray(i.pv)), 'think streams one info per depth');
  assert.ok(r.bestMove >= 1 && r.bestMove <= 7 && r.info.timeMs < 150, `think honours 100 ms (${r.info.timeMs.toFixed(1)} ms)`);
  const a = s.analyze(200);
  assert.ok(a.length === 7 && a.every((m) => m.legal && typeof m.score === 'number'), 'analyze scores every column');
});

// bench/wasm_play.mjs (value keeping in the browser's engine,
// bench/value_keeping.py --wasm): its output format, the book, the solver,
// and a clear error for a bad position.
test('bench/wasm_play.mjs', () => {
  const wasmPlayTool = (input, extra = []) => spawnSync('node', [path.join(ROOT, 'bench/wasm_play.mjs'),
    '--bin', path.join(ROOT, 'build/wasm/bin'), '--time-ms', '300', ...extra], { input, encoding: 'utf8' });
  const wp = wasmPlayTool('4\n52677675164321472411331752454\n', ['--book', path.join(ROOT, 'web/book.bin')]);
  const wpLines = wp.stdout.trim().split('\n');
  assert.ok(wp.status === 0 && wpLines.length === 2, `two answers (exit ${wp.status}: ${wp.stderr.trim()})`);
  assert.ok(/^4 bestmove [1-7] source book time_ms \d+$/.test(wpLines[0] || ''), `from the book: "${wpLines[0]}"`);
  assert.ok(/^52677675164321472411331752454 bestmove [1-7] source solver time_ms \d+$/.test(wpLines[1] || ''),
    `a proven late position: "${wpLines[1]}"`);
  const bad = wasmPlayTool('4x\n');
  assert.ok(bad.status === 2 && /4x: .*invalid/.test(bad.stderr) && bad.stdout === '', `a bad position is refused: "${bad.stderr.trim()}"`);
});

// bench/request_benchmark.mjs (docs/protocol.md, "The JSON library"): its
// output line, with the seven good requests of its eight accepted.
test('bench/request_benchmark.mjs', () => {
  const r = spawnSync('node', ['--no-experimental-fetch', path.join(ROOT, 'bench/request_benchmark.mjs'), '10',
    path.join(ROOT, 'build/wasm/bin')], { encoding: 'utf8' });
  const line = /^wasm checkRequest: 80 requests in \d+\.\d ms, \d+\.\d{3} us per request \(70 accepted\)$/;
  assert.ok(r.status === 0 && line.test(r.stdout.trim()), `exit ${r.status}: "${r.stdout.trim()}" ${r.stderr.trim()}`);
});

// bench/analysis_benchmark.mjs --quick (issue 17's analysis targets, native
// and wasm side by side): exit status, the table's rows, the agreement line,
// the review's summary; and a clear error for a missing build.
test('bench/analysis_benchmark.mjs --quick', () => {
  const bench = (extra = []) => spawnSync('node', [path.join(ROOT, 'bench/analysis_benchmark.mjs'), '--quick', ...extra],
    { encoding: 'utf8', timeout: 120000 });
  const r = bench();
  assert.ok(r.status === 0, `exit 0 (exit ${r.status}: ${r.stderr.trim().split('\n').slice(-3).join(' / ')})`);
  const rows = r.stdout.split('\n').filter((l) => /^\| (8|9|10-11|12-13|14-20|21\+) \|/.test(l));
  const pct = '(\\d+\\.\\d %)';
  const row = new RegExp(`^\\| [\\d+-]+ \\| 2 \\| \\d+ \\| 200 ms \\| ${pct} \\| ${pct} \\| ${pct} \\| ${pct} `
    + '\\| [0-2]/2 \\| [0-2]/2 \\| \\d+\\.\\d\\d s \\| \\d+\\.\\d\\d s \\| (-|\\d+\\.\\d\\d s) / (> 200 ms|\\d+\\.\\d\\d s) '
    + '\\| \\d+\\.\\d-\\d+\\.\\d \\|$');
  assert.ok(rows.length === 6 && rows.every((l) => row.test(l)), `six band rows:\n${rows.join('\n')}`);
  // The late bands are proven at once in both engines.
  assert.ok(/^\| 21\+ \| 2 \| \d+ \| 200 ms \| 100\.0 % \| 100\.0 % \|/.test(rows[5] || ''), `21+ proven: "${rows[5]}"`);
  assert.ok(r.stdout.includes('Proven values: native and wasm agree on every column'), 'native and wasm agree');
  assert.ok(/^Review: 2 games of \d+-\d+ moves; time median \d+\.\d\d s, worst \d+\.\d\d s; every W\/D\/L known after median (\d+\.\d\d s|never), worst (\d+\.\d\d s|never); final state after median \d+\.\d\d s, worst \d+\.\d\d s; pending positions per game median \d+(\.\d+)?, worst \d+;/m
    .test(r.stdout), `the review's summary:\n${r.stdout.split('\n').filter((l) => l.startsWith('Review')).join('\n')}`);
  const missing = bench(['--wasm', path.join(ROOT, 'build/no-such-dir')]);
  assert.ok(missing.status === 2 && /no-such-dir\/gamesearch\.js is missing: the wasm build \(scripts\/build-site\.sh\)/
    .test(missing.stderr) && missing.stdout === '', `a missing build is reported: "${missing.stderr.trim()}"`);
  const badNative = bench(['--native', path.join(ROOT, 'build/no-such-dir/gamesearch')]);
  assert.ok(badNative.status === 2 && /is missing: the native build/.test(badNative.stderr), `"${badNative.stderr.trim()}"`);
});
