// How much the analysis proves within its budget, natively and in the
// browser's engine side by side: the targets of issue 17 (docs/analysis.md).
//
// Positions come from realistic games (the engine-vs-engine games of the
// study, docs/study/medium/games.csv, as bench/value_keeping.py reads them;
// not the benchmark files): games are shuffled with --seed and cut after a
// random number of stones in each band (8, 9, 10-11, 12-13, 14-20, 21+),
// one position per game, --positions distinct unfinished positions per band.
// Every position is analysed once per budget (--budgets, ms) from cleared
// tables with the opening book loaded, as the page does:
//   native  build/native/bin/gamesearch analyze --book BOOK --time-ms E --tt-mb 16,
//           one process per analysis;
//   wasm    the module the page's worker runs (build/wasm/bin, in node): a
//           `newgame` then an `analyze` request through checkRequest and
//           runRequest, as web/worker.js sends them, on a Session with the
//           worker's 16 MiB tables and the book loaded.
// E is the engine's share of the budget that the worker's request gives it
// (engineBudgetMs: the budget minus 2 %, at most 8 ms), so both engines have
// the same deadline. Native and wasm runs alternate which goes first, so
// machine noise hits both alike.
//
// Per band, budget and engine it prints the share of legal columns whose
// win/draw/loss is proven (kind exact or wdl; the CLI's number, W or L), the
// share whose exact score is proven, the positions with every column's
// win/draw/loss proven, the median time the analysis took (native: the
// process's wall time, start-up included; wasm: the reply's timeMs), and in
// wasm the median and worst time until every column's win/draw/loss was
// proven (from the streamed analysisinfo replies). Then every position with
// a column left unproven, and every proven value checked against every other
// of the same column (both engines, all budgets): a disagreement is listed
// and the exit status is 1.
//
// Then the game review: --review-games complete games from the same file,
// each reviewed by the wasm engine with a `review` request of --review-ms
// (book loaded, a fresh game before each): time until the review ended
// (median and worst), time until no position was pending any more (every
// win/draw/loss known), time of the last change to the review's content
// (from the streamed reviewinfo replies), positions still pending and
// positions left without their exact score at the end. (The native tools do
// not run the game review on a given game, so it is wasm only.)
//
//   node bench/analysis_benchmark.mjs [--positions 80] [--budgets 1000 10000] [--seed 1]
//        [--review-games 20] [--review-ms 30000] [--book web/book.bin] [--games FILE]
//        [--native build/native/bin/gamesearch] [--wasm build/wasm/bin] [--tt-mb 16] [--quick]
//        [--threads 1] [--bands 8 9 10-11 12-13 14-20 21+]
//
// --threads N (N > 1): the solver's proofs with N threads in both engines
// (search/parallel_solver.hpp): natively `analyze --threads N`, in wasm the
// threaded build the page loads when it is cross-origin isolated
// (build/wasm-mt/bin unless --wasm says otherwise) with N - 1 helpers, its
// analyze requests with threads N, as the page sends its "Solver threads"
// setting. --bands: only these bands (the positions are the same as with
// all of them).
//
// --quick: 2 positions per band, a 200 ms budget, 2 games reviewed with
// 3000 ms (about 10 s; explicit options still win). The defaults take about
// 25 minutes on the project's 2-core machine (15 for the analyses, 10 for
// the reviews, which use their whole budget). Tables go to stdout, progress
// to stderr. Exit status: 0, 1 when the engines disagree on a
// proven value, 2 for a bad option or a missing build, book or games file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../tests/web/wasm.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BANDS = [[8, 8], [9, 9], [10, 11], [12, 13], [14, 20], [21, 41]];
const GAME = 'connect4';
const COLUMNS = 7;

function fail(message) {
  console.error(`analysis_benchmark: ${message}`);
  process.exit(2);
}

// --- options --------------------------------------------------------------
function parseArgs(argv) {
  const quick = argv.includes('--quick');
  const o = {
    positions: quick ? 2 : 80,
    budgets: quick ? [200] : [1000, 10000],
    seed: 1,
    reviewGames: quick ? 2 : 20,
    reviewMs: quick ? 3000 : 30000,
    book: path.join(ROOT, 'web/book.bin'),
    games: path.join(ROOT, 'docs/study/medium/games.csv'),
    native: path.join(ROOT, 'build/native/bin/gamesearch'),
    wasm: '',
    ttMb: 16,
    threads: 1,
    bands: BANDS.map(bandName),
    quick,
  };
  const int = (name, v, lo, hi) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < lo || n > hi) fail(`${name} must be a whole number from ${lo} to ${hi}`);
    return n;
  };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (a === '--quick') continue;
    if (a === '--help' || a === '-h') {
      const text = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8');
      process.stdout.write(text.slice(0, text.indexOf('\nimport ')).replace(/^\/\/ ?/gm, '') + '\n');
      process.exit(0);
    }
    // The values after the option, up to the next option.
    const values = [];
    while (i + 1 < argv.length && !argv[i + 1].startsWith('--')) values.push(argv[++i]);
    if (!values.length || (values.length > 1 && a !== '--budgets' && a !== '--bands')) fail(`${a} needs one value`);
    const next = values[0];
    switch (a) {
      case '--positions': o.positions = int(a, next, 1, 1000); break;
      case '--seed': o.seed = int(a, next, 0, 2 ** 31); break;
      case '--review-games': o.reviewGames = int(a, next, 0, 1000); break;
      case '--review-ms': o.reviewMs = int(a, next, 1, 60000); break;
      case '--tt-mb': o.ttMb = int(a, next, 1, 32); break;
      case '--book': o.book = path.resolve(next); break;
      case '--games': o.games = path.resolve(next); break;
      case '--native': o.native = path.resolve(next); break;
      case '--wasm': o.wasm = path.resolve(next); break;
      case '--threads': o.threads = int(a, next, 1, 8); break;
      case '--bands': o.bands = values; break;
      case '--budgets': o.budgets = values.map((v) => int(a, v, 1, 60000)); break;
      default: fail(`unknown option ${a} (--help lists them)`);
    }
  }
  const unknown = o.bands.find((b) => !BANDS.map(bandName).includes(b));
  if (unknown) fail(`--bands: no band '${unknown}' (bands: ${BANDS.map(bandName).join(' ')})`);
  const engine = o.threads > 1 ? 'gamesearch-mt' : 'gamesearch';
  o.wasm ||= path.join(ROOT, o.threads > 1 ? 'build/wasm-mt/bin' : 'build/wasm/bin');
  const missing = [
    [o.native, 'the native build (cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release && cmake --build build/native)'],
    [path.join(o.wasm, `${engine}.js`), 'the wasm build (scripts/build-site.sh)'],
    [path.join(o.wasm, `${engine}.wasm`), 'the wasm build (scripts/build-site.sh)'],
    [o.book, 'the opening book'],
    [o.games, 'the games file'],
  ].find(([f]) => !fs.existsSync(f));
  if (missing) fail(`${missing[0]} is missing: ${missing[1]}`);
  return o;
}

// --- positions --------------------------------------------------------------
// A small seeded generator (mulberry32): the same seed, the same positions.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(list, random) {
  const a = list.slice();
  for (let i = a.length - 1; i > 0; --i) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

// The fields of one CSV line (a quoted field may hold commas and "" quotes).
function csvFields(line) {
  const fields = [''];
  let quoted = false;
  for (let i = 0; i < line.length; ++i) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') fields[fields.length - 1] += line[i++];
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) fields.push('');
    else fields[fields.length - 1] += c;
  }
  return fields;
}

// The distinct games of the study's CSV (its `moves` column), in file order.
function readGames(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const col = csvFields(lines[0]).indexOf('moves');
  if (col < 0) fail(`${file}: no 'moves' column`);
  const games = [...new Set(lines.slice(1).map((l) => csvFields(l)[col]))];
  if (!games.every((g) => /^[1-7]+$/.test(g))) fail(`${file}: a game that is not a Connect Four move string`);
  return games;
}

// Per band, up to `count` distinct positions, each cut from another game
// (the game goes on after the cut, so the position is unfinished).
function pickPositions(games, count, random) {
  return BANDS.map(([lo, hi]) => {
    const seen = new Set();
    for (const g of shuffled(games, random)) {
      if (seen.size >= count) break;
      const top = Math.min(hi, g.length - 1);
      if (top < lo) continue;
      seen.add(g.slice(0, lo + Math.floor(random() * (top - lo + 1))));
    }
    return [...seen];
  });
}

// --- the two engines ---------------------------------------------------------
// One column's result: kind 'exact' | 'wdl' | 'open' (nothing proven) |
// 'illegal', and the score (exact score, or 1/0/-1).
const proven = (c) => c.kind === 'exact' || c.kind === 'wdl';
const signOf = (c) => Math.sign(c.score);

function nativeAnalyze(o, moves, engineMs) {
  const t0 = performance.now();
  const r = spawnSync(o.native, ['analyze', '--book', o.book, '--time-ms', String(engineMs), '--tt-mb', String(o.ttMb),
    '--threads', String(o.threads)],
    { input: `${moves}\n`, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.error || r.status !== 0) fail(`native analyze of '${moves}' failed: ${r.error || r.stderr.trim()}`);
  // "<moves> <c1> ... <c7>": a number (exact), W / L (proven win / loss), ? (unproven), x (illegal).
  const f = r.stdout.trim().split(/\s+/);
  const cells = f.slice(f.length - COLUMNS);
  if (cells.length !== COLUMNS || f.length - COLUMNS !== (moves ? 1 : 0)) fail(`native analyze of '${moves}': '${r.stdout.trim()}'`);
  const columns = cells.map((t) => {
    if (t === 'x') return { kind: 'illegal', score: 0 };
    if (t === '?') return { kind: 'open', score: 0 };
    if (t === 'W' || t === 'L') return { kind: 'wdl', score: t === 'W' ? 1 : -1 };
    if (!/^-?\d+$/.test(t)) fail(`native analyze of '${moves}': bad column '${t}'`);
    return { kind: 'exact', score: Number(t) };
  });
  return { columns, ms };
}

function makeWasm(M, o) {
  const session = new M.Session(GAME, o.ttMb);
  const err = session.loadBook(GAME, new Uint8Array(fs.readFileSync(o.book)));
  if (err) fail(`the book was rejected by the wasm engine: ${err}`);
  // Runs one request as the worker does; returns every reply, parsed.
  const request = (msg) => {
    const r = M.checkRequest(JSON.stringify(msg));
    if (r.error) fail(`the wasm engine refused ${msg.type}: ${r.error}`);
    const replies = [];
    M.runRequest(session, r, '1', (text) => replies.push(JSON.parse(text)));
    const bad = replies.find((x) => x.type === 'error');
    if (bad) fail(`wasm ${msg.type} of '${msg.moves ?? ''}': ${bad.message}`);
    return { replies, engineMs: r.engineMs };
  };
  return {
    // The engine's own deadline for a request of `timeMs`.
    engineMs: (timeMs) => M.checkRequest(JSON.stringify({ type: 'analyze', game: GAME, moves: '', timeMs })).engineMs,
    analyze(moves, timeMs) {
      request({ type: 'newgame', game: GAME });
      const { replies } = request({ type: 'analyze', game: GAME, moves, timeMs, threads: o.threads });
      const last = replies[replies.length - 1];
      if (!last || last.type !== 'analysis' || last.scores.length !== COLUMNS) fail(`wasm analyze of '${moves}': no analysis`);
      const columns = last.scores.map((s) => {
        if (!s.legal) return { kind: 'illegal', score: 0 };
        if (s.kind === 'exact' || s.kind === 'wdl') return { kind: s.kind, score: s.score };
        return { kind: 'open', score: 0 };
      });
      // When every legal column's win/draw/loss was first proven (the replies stream each change).
      const wdl = replies.find((x) => x.scores.every((c) => !c.legal || c.kind === 'exact' || c.kind === 'wdl'));
      return { columns, ms: last.timeMs, wdlMs: wdl ? wdl.timeMs : null };
    },
    review(moves, timeMs) {
      request({ type: 'newgame', game: GAME });
      const t0 = performance.now();
      const { replies } = request({ type: 'review', game: GAME, moves, timeMs });
      const wallMs = performance.now() - t0;
      const last = replies[replies.length - 1];
      if (!last || last.type !== 'review') fail(`wasm review of '${moves}': no review`);
      const settled = replies.find((x) => x.positions.every((p) => p.kind !== 'pending'));
      // The last reply that changed a value, a mark or a better move: the review's final state.
      const content = (x) => JSON.stringify([x.positions, x.moves]);
      let finalMs = replies[0].timeMs;
      for (let i = 1; i < replies.length; ++i) if (content(replies[i]) !== content(replies[i - 1])) finalMs = replies[i].timeMs;
      return {
        ms: last.timeMs,
        wallMs,
        wdlMs: settled ? settled.timeMs : null,
        finalMs,
        wdlOnlyPlies: last.positions.filter((p) => p.kind === 'wdl').map((p) => p.ply),
        pending: last.positions.filter((p) => p.kind === 'pending').length,
        notExact: last.positions.filter((p) => p.kind === 'wdl').length,
        unproven: last.moves.filter((m) => m.mark === 'unproven').length,
        marked: last.moves.filter((m) => m.mark !== 'keeps' && m.mark !== 'unproven').length,
        noBetter: last.moves.filter((m) => m.mark !== 'keeps' && m.mark !== 'unproven' && m.better === null).length,
      };
    },
    delete: () => session.delete(),
  };
}

// --- report helpers ----------------------------------------------------------
const median = (xs) => {
  if (!xs.length) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pct = (a, b) => (b ? `${(100 * a / b).toFixed(1)} %` : '-');
const secs = (ms) => (ms === null || Number.isNaN(ms) ? '-' : ms === Infinity ? 'never' : `${(ms / 1000).toFixed(2)} s`);
const bandName = ([lo, hi]) => (lo === hi ? `${lo}` : hi >= 41 ? `${lo}+` : `${lo}-${hi}`);
const budgetName = (ms) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
// Progress on stderr: one line rewritten on a terminal, else a line each.
const progress = (text) => process.stderr.write(process.stderr.isTTY ? `\r${text}` : `${text}\n`);
const progressEnd = () => process.stderr.isTTY && process.stderr.write('\n');

// --- main --------------------------------------------------------------------
async function main() {
  const o = parseArgs(process.argv.slice(2));
  const M = await loadEngine(o.wasm, { helpers: o.threads - 1 });
  const wasm = makeWasm(M, o);
  const random = rng(o.seed);
  const games = readGames(o.games);
  const bands = pickPositions(games, o.positions, random).map((b, i) => (o.bands.includes(bandName(BANDS[i])) ? b : []));
  const rel = (p) => path.relative(ROOT, p) || '.';
  const total = bands.reduce((n, b) => n + b.length, 0);

  console.log(`# Analysis benchmark (issue 17), ${new Date().toISOString().slice(0, 10)}`);
  console.log(`${total} positions from ${rel(o.games)} (seed ${o.seed}, up to ${o.positions} per band), `
    + `book ${rel(o.book)}, ${o.ttMb} MiB tables, fresh tables per analysis, ${o.threads} solver thread(s)`);
  console.log(`native: ${rel(o.native)} analyze; wasm: ${rel(o.wasm)} in node ${process.version}, `
    + 'checkRequest + runRequest (analyze)');
  console.log('');

  // results[band][budget] = {native: [...], wasm: [...]}: one entry per position.
  const results = bands.map(() => o.budgets.map(() => ({ native: [], wasm: [] })));
  const loads = bands.map(() => [os.loadavg()[0]]);  // the 1-minute load average while the band ran
  const seen = new Map();  // "moves|column" -> [{engine, budget, kind, score}]
  const disagreements = [];
  const note = (moves, engine, budget, columns) => {
    columns.forEach((c, i) => {
      if (!proven(c)) return;
      const key = `${moves}|${i + 1}`;
      const list = seen.get(key) || [];
      for (const p of list) {
        const clash = signOf(p) !== signOf(c) || (p.kind === 'exact' && c.kind === 'exact' && p.score !== c.score);
        if (clash) {
          disagreements.push(`'${moves}' column ${i + 1}: ${p.engine} ${budgetName(p.budget)} ${p.kind} ${p.score}, `
            + `${engine} ${budgetName(budget)} ${c.kind} ${c.score}`);
        }
      }
      list.push({ engine, budget, kind: c.kind, score: c.score });
      seen.set(key, list);
    });
  };
  let done = 0;
  let turn = 0;
  const started = performance.now();
  for (let b = 0; b < bands.length; ++b) {
    for (const moves of bands[b]) {
      for (let k = 0; k < o.budgets.length; ++k) {
        const budget = o.budgets[k];
        const runs = [
          ['native', () => nativeAnalyze(o, moves, wasm.engineMs(budget))],
          ['wasm', () => wasm.analyze(moves, budget)],
        ];
        if (turn++ % 2) runs.reverse();
        for (const [engine, run] of runs) {
          const r = run();
          const legal = r.columns.filter((c) => c.kind !== 'illegal').length;
          const wdl = r.columns.filter(proven).length;
          const exact = r.columns.filter((c) => c.kind === 'exact').length;
          const open = r.columns.map((c, i) => (c.kind === 'open' ? i + 1 : 0)).filter((c) => c);
          results[b][k][engine].push({ moves, legal, wdl, exact, open, ms: r.ms, wdlMs: r.wdlMs });
          note(moves, engine, budget, r.columns);
        }
        const [n, w] = [results[b][k].native.at(-1), results[b][k].wasm.at(-1)];
        if (n.legal !== w.legal) disagreements.push(`'${moves}': ${n.legal} legal columns natively, ${w.legal} in wasm`);
      }
      ++done;
      loads[b].push(os.loadavg()[0]);
      progress(`analysis: ${done}/${total} positions, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  progressEnd();

  console.log('## Analysis: share of legal columns proven within the budget');
  console.log('');
  console.log('W/D/L: win/draw/loss proven (exact score or W/L); exact: exact score proven; all W/D/L: positions '
    + 'with every column\'s win/draw/loss proven; time: median per analysis (native: process wall time); '
    + 'W/D/L time wasm: median and worst time until every column\'s win/draw/loss was proven (> budget: not within it); '
    + `load: the machine's 1-minute load average while the band ran, lowest-highest (${os.cpus().length} cores; `
    + 'this benchmark keeps one busy).');
  console.log('');
  console.log('| stones | positions | columns | budget | W/D/L native | W/D/L wasm | exact native | exact wasm '
    + '| all W/D/L native | all W/D/L wasm | time native | time wasm | W/D/L time wasm | load |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const misses = [];
  for (let b = 0; b < bands.length; ++b) {
    if (!bands[b].length) continue;  // a band left out (--bands)
    for (let k = 0; k < o.budgets.length; ++k) {
      const { native: n, wasm: w } = results[b][k];
      const sum = (xs, f) => xs.reduce((s, x) => s + x[f], 0);
      const all = (xs) => `${xs.filter((x) => x.wdl === x.legal).length}/${xs.length}`;
      const late = w.filter((x) => x.wdlMs === null).length;
      const wdlTimes = w.map((x) => (x.wdlMs === null ? Infinity : x.wdlMs));
      const worst = late ? `> ${budgetName(o.budgets[k])}` : secs(Math.max(...wdlTimes));
      console.log(`| ${bandName(BANDS[b])} | ${n.length} | ${sum(n, 'legal')} | ${budgetName(o.budgets[k])} `
        + `| ${pct(sum(n, 'wdl'), sum(n, 'legal'))} | ${pct(sum(w, 'wdl'), sum(w, 'legal'))} `
        + `| ${pct(sum(n, 'exact'), sum(n, 'legal'))} | ${pct(sum(w, 'exact'), sum(w, 'legal'))} `
        + `| ${all(n)} | ${all(w)} | ${secs(median(n.map((x) => x.ms)))} | ${secs(median(w.map((x) => x.ms)))} `
        + `| ${median(wdlTimes) === Infinity ? '-' : secs(median(wdlTimes))} / ${worst} `
        + `| ${Math.min(...loads[b]).toFixed(1)}-${Math.max(...loads[b]).toFixed(1)} |`);
      for (const [engine, xs] of [['native', n], ['wasm', w]]) {
        for (const x of xs) {
          if (!x.open.length) continue;
          // The wasm engine's time to every W/D/L in the longest budget, for scale.
          const longest = results[b][o.budgets.length - 1].wasm.find((y) => y.moves === x.moves);
          misses.push(`${x.moves.length} stones '${x.moves}', ${budgetName(o.budgets[k])}, ${engine}: column(s) `
            + `${x.open.join(' ')} of ${x.legal} unproven (wasm, ${budgetName(o.budgets.at(-1))}: every W/D/L after `
            + `${longest.wdlMs === null ? 'never' : secs(longest.wdlMs)})`);
        }
      }
    }
  }
  console.log('');
  console.log(misses.length ? `Positions with a column whose win/draw/loss was not proven within the budget:\n${
    misses.map((m) => `  ${m}`).join('\n')}` : 'Every column\'s win/draw/loss was proven within every budget.');
  console.log('');
  console.log(disagreements.length
    ? `Proven values that disagree (${disagreements.length}):\n${disagreements.map((d) => `  ${d}`).join('\n')}`
    : 'Proven values: native and wasm agree on every column (all budgets).');

  if (o.reviewGames > 0) {
    const picked = shuffled(games, random).slice(0, o.reviewGames);
    const rows = [];
    for (const g of picked) {
      rows.push({ moves: g, ...wasm.review(g, o.reviewMs) });
      progress(`review: ${rows.length}/${picked.length} games, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    progressEnd();
    console.log('');
    console.log(`## Game review (wasm, ${budgetName(o.reviewMs)} budget, book loaded)`);
    console.log('');
    console.log('time: until the review ended (the reply `review`); W/D/L: until no position was pending; final: '
      + 'the last change of a value, mark or better move; pending: positions not proven at the end; W/D/L only: '
      + 'positions (by stones) without their exact score at the end; marked: moves that changed the value or missed '
      + 'a faster win (without a better move found: in brackets); unproven: moves left unmarked.');
    console.log('');
    console.log('| game | moves | time | W/D/L | final | pending | W/D/L only | marked | unproven |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(`| ${r.moves} | ${r.moves.length} | ${secs(r.ms)} | ${secs(r.wdlMs)} | ${secs(r.finalMs)} | ${r.pending} `
        + `| ${r.notExact}${r.notExact ? ` (${r.wdlOnlyPlies.join(', ')})` : ''} | ${r.marked}${r.noBetter ? ` (${r.noBetter})` : ''} | ${r.unproven} |`);
    }
    const times = rows.map((r) => r.ms);
    const long = rows.filter((r) => r.moves.length === 42);
    console.log('');
    console.log(`Review: ${rows.length} games of ${Math.min(...rows.map((r) => r.moves.length))}-`
      + `${Math.max(...rows.map((r) => r.moves.length))} moves; time median ${secs(median(times))}, worst `
      + `${secs(Math.max(...times))}; every W/D/L known after median ${secs(median(rows.map((r) => r.wdlMs ?? Infinity)))}, `
      + `worst ${secs(Math.max(...rows.map((r) => r.wdlMs ?? Infinity)))}; final state after median `
      + `${secs(median(rows.map((r) => r.finalMs)))}, worst ${secs(Math.max(...rows.map((r) => r.finalMs)))}; pending positions per game median ${median(rows.map((r) => r.pending))}, `
      + `worst ${Math.max(...rows.map((r) => r.pending))}; games with a pending position `
      + `${rows.filter((r) => r.pending > 0).length}/${rows.length}`
      + (long.length ? `; 42-move games: ${long.length}, median ${secs(median(long.map((r) => r.ms)))}, worst `
        + `${secs(Math.max(...long.map((r) => r.ms)))}` : '') + '.');
  }
  console.log('');
  console.log(`Total ${((performance.now() - started) / 60000).toFixed(1)} min.`);
  wasm.delete();
  process.exit(disagreements.length ? 1 : 0);  // (the threaded engine's pool would keep node running)
}

await main();
