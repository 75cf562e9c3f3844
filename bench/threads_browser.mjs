// The engine's threads in Chromium: solves the first N positions of a
// benchmark file (default Test_L1_R3, 20 lines) through the page's own
// worker (worker.js, the threaded build: the site is served with the
// isolation headers), once with 1 thread and once with 2, alternating which
// goes first, the solver's table cleared (`newgame`) before every solve.
// Prints every position's two times and, at the end, the totals and the
// speed-up (1-thread time / 2-thread time). Times come from the engine
// (`solved.timeMs`); on a shared machine they are noisy: compare the ratio of
// one run, never figures of different runs.
//
//   scripts/build-site.sh && node bench/threads_browser.mjs [FILE] [N] [THREADS_B] [--beside]
//
// FILE has the benchmark files' lines, `<moves> <score>`; a line with no
// moves (` 1`: a space, then the score) is the empty board here (gamesearch
// would read that line's first field, 1, as the moves: give it a blank line):
//   printf ' 1\n' > /tmp/empty.txt && node bench/threads_browser.mjs /tmp/empty.txt 1
//
// With --beside, each position is also solved
// with 1 thread in two workers at once (each its own table), and the cost of
// a node is printed three ways: 1 thread alone, 1 thread beside another
// solve, and THREADS_B threads (their time x THREADS_B / nodes). The second
// shows what two busy cores cost by themselves, apart from the threads'
// shared work; the last line takes it out of the speed-up (an estimate of
// what two cores as fast as one would give: on a shared machine that cost
// moves from 1.02x to 1.3x within the hour).
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium, ROOT, serveSite } from '../tests/web/lib.mjs';

const beside = process.argv.includes('--beside');
const args = process.argv.slice(2).filter((a) => a !== '--beside');
const file = args[0] || path.join(ROOT, 'bench/data/Test_L1_R3');
const count = Number(args[1] || 20);
const threadsB = Number(args[2] || 2);
const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(0, count)
  .map((l) => { const [moves, score] = l.trimEnd().split(/\s+/); return { moves, score: Number(score) }; });

const server = await serveSite();
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}?book=off#game=connect4&moves=&ai=none`);
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 60000 });
  const ready = await page.evaluate((n) => Promise.all([...Array(n).keys()].map((k) => new Promise((resolve) => {
    const w = new Worker('worker.js?book=off');
    (window.benchWorkers ||= [])[k] = w;
    w.onmessage = (e) => { if (e.data.type === 'readyok') resolve({ isolated: crossOriginIsolated, ...e.data }); };
    w.postMessage({ type: 'isready', id: 0 });
  }))).then((r) => r[0]), beside ? 2 : 1);
  console.log(`Chromium, ${path.basename(file)} first ${lines.length}: crossOriginIsolated ${ready.isolated}, build ${ready.build}, `
    + `up to ${ready.maxThreads} threads; ${await page.evaluate(() => navigator.hardwareConcurrency)} cores`);
  if (ready.build !== 'threads') throw new Error('the threaded build did not load');
  // Solves `moves` with `threads` threads in each of the workers `ks` at once.
  const solveIn = (ks, moves, threads) => page.evaluate(([ks, m, t]) => Promise.all(ks.map((k) => new Promise((resolve, reject) => {
    const w = window.benchWorkers[k];
    w.onmessage = (e) => {
      if (e.data.type === 'solved') resolve(e.data);
      else if (e.data.type === 'error') reject(new Error(e.data.message));
    };
    w.postMessage({ type: 'newgame', id: 1, game: 'connect4' });
    w.postMessage({ type: 'solve', id: 2, game: 'connect4', moves: m, threads: t });
  }))), [ks, moves, threads]);
  const solve = async (moves, threads) => (await solveIn([0], moves, threads))[0];
  const nsPerNode = (r, threads = 1) => r.timeMs * 1e6 * threads / Math.max(1, r.nodes);
  const sums = { aloneMs: 0, aloneNodes: 0, besideMs: 0, besideNodes: 0 };  // (--beside)
  const total = { a: 0, b: 0, nodesA: 0, nodesB: 0 };
  let threadsSeen = 0;
  for (const [i, { moves, score }] of lines.entries()) {
    const order = i % 2 === 0 ? [1, threadsB] : [threadsB, 1];
    const r = {};
    for (const t of order) r[t] = await solve(moves, t);
    for (const t of order) {
      if (r[t].score !== score) throw new Error(`${moves}: ${t} thread(s) gave ${r[t].score}, the file says ${score}`);
    }
    threadsSeen = r[threadsB].threads;
    total.a += r[1].timeMs;
    total.b += r[threadsB].timeMs;
    total.nodesA += r[1].nodes;
    total.nodesB += r[threadsB].nodes;
    console.log(`${String(i + 1).padStart(2)} ${moves.padEnd(14)} score ${String(score).padStart(3)}  1 thread ${r[1].timeMs.toFixed(0).padStart(7)} ms`
      + ` ${String(r[1].nodes).padStart(11)} nodes   ${r[threadsB].threads} threads ${r[threadsB].timeMs.toFixed(0).padStart(7)} ms`
      + ` ${String(r[threadsB].nodes).padStart(11)} nodes`);
    if (beside) {
      const pair = await solveIn([0, 1], moves, 1);
      for (const p of pair) if (p.score !== score) throw new Error(`${moves}: beside another solve gave ${p.score}, the file says ${score}`);
      const b = (nsPerNode(pair[0]) + nsPerNode(pair[1])) / 2;
      sums.aloneMs += r[1].timeMs;
      sums.aloneNodes += r[1].nodes;
      for (const p of pair) {
        sums.besideMs += p.timeMs;
        sums.besideNodes += p.nodes;
      }
      console.log(`   ns per node: 1 thread alone ${nsPerNode(r[1]).toFixed(1)}, beside another solve ${b.toFixed(1)}, `
        + `${r[threadsB].threads} threads ${nsPerNode(r[threadsB], r[threadsB].threads).toFixed(1)} per thread`);
    }
  }
  console.log(`total: 1 thread ${(total.a / 1000).toFixed(2)} s (${total.nodesA} nodes), ${threadsSeen} threads `
    + `${(total.b / 1000).toFixed(2)} s (${total.nodesB} nodes); speed-up ${(total.a / total.b).toFixed(2)}x`);
  if (beside) {
    const alone = nsPerNode({ timeMs: sums.aloneMs, nodes: sums.aloneNodes });
    const besideNs = nsPerNode({ timeMs: sums.besideMs, nodes: sums.besideNodes });
    const threadsNs = nsPerNode({ timeMs: total.b, nodes: total.nodesB }, threadsSeen);
    // The machine's own part: what two busy cores cost a node apart from the
    // threads' shared work. Taken out, the speed-up two cores as fast as one
    // would give (an estimate, not a measurement).
    const twoCores = besideNs / alone;
    console.log(`ns per node (totals): 1 thread alone ${alone.toFixed(1)}, beside another solve ${besideNs.toFixed(1)} `
      + `(${twoCores.toFixed(2)}x), ${threadsSeen} threads ${threadsNs.toFixed(1)} per thread (${(threadsNs / alone).toFixed(2)}x)`);
    console.log(`speed-up without the machine's cost of two busy cores (${twoCores.toFixed(2)}x): `
      + `${((total.a / total.b) * twoCores).toFixed(2)}x (estimate)`);
  }
} finally {
  await browser.close();
  server.stop();
}
