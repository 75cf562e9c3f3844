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
//   scripts/build-site.sh && node bench/threads_browser.mjs [FILE] [N] [THREADS_B]
//
// FILE has the benchmark files' lines, `<moves> <score>`; a line with no
// moves (` 1`: a space, then the score) is the empty board, as in
// gamesearch's own input:
//   printf ' 1\n' > /tmp/empty.txt && node bench/threads_browser.mjs /tmp/empty.txt 1
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium, ROOT, serveSite } from '../tests/web/lib.mjs';

const file = process.argv[2] || path.join(ROOT, 'bench/data/Test_L1_R3');
const count = Number(process.argv[3] || 20);
const threadsB = Number(process.argv[4] || 2);
const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(0, count)
  .map((l) => { const [moves, score] = l.trimEnd().split(/\s+/); return { moves, score: Number(score) }; });

const server = await serveSite();
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}?book=off#game=connect4&moves=&ai=none`);
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 60000 });
  const ready = await page.evaluate(() => new Promise((resolve) => {
    const w = new Worker('worker.js?book=off');
    window.benchWorker = w;
    w.onmessage = (e) => { if (e.data.type === 'readyok') resolve({ isolated: crossOriginIsolated, ...e.data }); };
    w.postMessage({ type: 'isready', id: 0 });
  }));
  console.log(`Chromium, ${path.basename(file)} first ${lines.length}: crossOriginIsolated ${ready.isolated}, build ${ready.build}, `
    + `up to ${ready.maxThreads} threads; ${await page.evaluate(() => navigator.hardwareConcurrency)} cores`);
  if (ready.build !== 'threads') throw new Error('the threaded build did not load');
  const solve = (moves, threads) => page.evaluate(([m, t]) => new Promise((resolve, reject) => {
    const w = window.benchWorker;
    w.onmessage = (e) => {
      if (e.data.type === 'solved') resolve(e.data);
      else if (e.data.type === 'error') reject(new Error(e.data.message));
    };
    w.postMessage({ type: 'newgame', id: 1, game: 'connect4' });
    w.postMessage({ type: 'solve', id: 2, game: 'connect4', moves: m, threads: t });
  }), [moves, threads]);
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
  }
  console.log(`total: 1 thread ${(total.a / 1000).toFixed(2)} s (${total.nodesA} nodes), ${threadsSeen} threads `
    + `${(total.b / 1000).toFixed(2)} s (${total.nodesB} nodes); speed-up ${(total.a / total.b).toFixed(2)}x`);
} finally {
  await browser.close();
  server.stop();
}
