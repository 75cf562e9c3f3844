// Measurements for the report (not a pass/fail test):
//  1. engine speed, nodes per second: native vs wasm in node vs wasm in Chromium
//     on the same fixed-depth searches (same node counts);
//  2. computer-move duration against its budget (30 searches of 200 ms in the
//     Chromium worker, wall time from request to bestmove);
//  3. site size; 4. time to an interactive board and to a ready engine.
//
//   node tests/web/measure.mjs   (after scripts/test-web.sh has built everything)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium, serveSite, SITE } from './lib.mjs';
import { nativePlay, TABLE_MIB } from './native.mjs';
import { SPEED_POSITIONS } from './positions.mjs';
import { loadEngine, wasmPlay } from './wasm.mjs';

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const REPEAT = 3;

const M = await loadEngine();
const session = new M.Session('connect4', TABLE_MIB);
const server = await serveSite();
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.addInitScript(() => {
  window.marks = {};
  new MutationObserver(() => {
    const b = document.body;
    if (!b) return;
    if (b.dataset.state === 'human-turn' && !window.marks.interactive) window.marks.interactive = performance.now();
    if (b.dataset.engine === 'ready' && !window.marks.engine) window.marks.engine = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-state', 'data-engine'] });
});
const loads = [];
for (let k = 0; k < 5; k++) {
  await page.goto(`${server.url}#game=connect4&moves=&time=200&ai=2`);
  await page.waitForFunction(() => window.marks.engine && window.marks.interactive);
  loads.push(await page.evaluate(() => window.marks));
}

// Runs requests through a fresh worker in the page; returns the replies with
// the wall time from postMessage to the final reply.
async function inWorker(requests) {
  return page.evaluate(async (reqs) => {
    const w = new Worker('worker.js');
    const out = [];
    await new Promise((resolve) => {
      let i = 0, t0 = 0;
      const next = () => {
        if (i === reqs.length) return resolve();
        if (reqs[i].fresh) w.postMessage({ type: 'newgame', game: reqs[i].game });
        t0 = performance.now();
        w.postMessage({ ...reqs[i], id: i });
      };
      w.onmessage = (e) => {
        const m = e.data;
        if (m.type === 'readyok') return next();
        if (m.type === 'newgameok') return;
        if (m.type === 'bestmove' || m.type === 'error') {
          out.push({ ...m, wallMs: performance.now() - t0 });
          i++;
          next();
        }
      };
      w.postMessage({ type: 'isready' });
    });
    w.terminate();
    return out;
  }, requests);
}

// 1. speed: native, node-wasm and Chromium-wasm interleaved, so that the
// load of a shared machine hits all three alike.
const rows = [];
for (const [game, moves, depth] of SPEED_POSITIONS) {
  const n = [], w = [], c = [];
  let nodes = 0;
  for (let k = 0; k < REPEAT; k++) {
    const a = nativePlay(game, moves, depth);
    const b = wasmPlay(session, game, moves, depth);
    const [x] = await inWorker([{ type: 'search', game, moves, timeMs: 0, maxDepth: depth, fresh: true }]);
    if (a.nodes !== b.nodes || a.nodes !== x.nodes) throw new Error(`node counts differ on '${moves}'`);
    n.push(a.timeMs);
    w.push(b.timeMs);
    c.push(x.timeMs);
    nodes = a.nodes;
  }
  rows.push({ game, moves, depth, nodes, nativeMs: median(n), nodeMs: median(w), chromeMs: median(c) });
}

// 2. move duration vs budget: positions from a played-out game.
const BUDGET = 200;
const prefixes = '44444433333355555522222211'.split('').map((_, k, a) => a.slice(0, k).join(''));
const game = await inWorker(prefixes.slice(0, 30).map((moves) => ({ type: 'search', game: 'connect4', moves,
  timeMs: BUDGET, randomTies: true, seed: 7 })));
const moveRuns = game.filter((x) => x.type === 'bestmove');
const extra = await inWorker(Array.from({ length: 30 - moveRuns.length }, (_, k) => ({ type: 'search',
  game: 'connect4', moves: ['', '4', '43', '435', '4352'][k % 5], timeMs: BUDGET, randomTies: true, seed: k })));
const all = [...moveRuns, ...extra];
await browser.close();
server.stop();

// 3. sizes
const size = (f) => fs.statSync(path.join(SITE, f)).size;
const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(SITE, f))).length;
// The main page's own code: its entry, the shared helpers, Play, the engine client, Study.
const jsFiles = ['worker.js', 'engine/gamesearch.js', ...['app', 'lib', 'play'].flatMap((d) => fs.readdirSync(path.join(SITE, d)).filter((f) => f.endsWith('.js')).map((f) => `${d}/${f}`)),
  'engine/engine-client.js', 'study/study.js'];

// report
const nps = (nodes, ms) => nodes / (ms / 1000);
console.log('Engine speed, fixed-depth searches (same node counts), medians of 3:');
console.log('moves            depth  nodes      native Mn/s  node-wasm Mn/s (ratio)  chromium-wasm Mn/s (ratio)');
let sn = 0, sw = 0, sc = 0;
for (const r of rows) {
  const a = nps(r.nodes, r.nativeMs), b = nps(r.nodes, r.nodeMs), c = nps(r.nodes, r.chromeMs);
  sn += r.nativeMs; sw += r.nodeMs; sc += r.chromeMs;
  console.log(`${(r.moves || '(start)').padEnd(16)} ${String(r.depth).padStart(5)}  ${String(r.nodes).padEnd(10)} `
    + `${(a / 1e6).toFixed(2).padStart(11)}  ${(b / 1e6).toFixed(2).padStart(14)} (${(b / a).toFixed(2)})`
    + `  ${(c / 1e6).toFixed(2).padStart(18)} (${(c / a).toFixed(2)})`);
}
console.log(`overall (total nodes / total time): node-wasm ${(sn / sw).toFixed(2)} x native, `
  + `Chromium-wasm ${(sn / sc).toFixed(2)} x native`);
const walls = all.map((x) => x.wallMs), engine = all.map((x) => x.timeMs);
console.log(`\nComputer move vs a ${BUDGET} ms budget, ${all.length} searches in the Chromium worker:`);
console.log(`  wall (request -> bestmove): median ${median(walls).toFixed(1)} ms, worst ${Math.max(...walls).toFixed(1)} ms `
  + `(${((Math.max(...walls) / BUDGET - 1) * 100).toFixed(1)}% over)`);
console.log(`  engine's own time:          median ${median(engine).toFixed(1)} ms, worst ${Math.max(...engine).toFixed(1)} ms`);
console.log(`\nSite size: wasm ${size('engine/gamesearch.wasm')} B (gzip ${gz('engine/gamesearch.wasm')}), `
  + `js ${jsFiles.reduce((s, f) => s + size(f), 0)} B (gzip ${jsFiles.reduce((s, f) => s + gz(f), 0)}) of which `
  + `Emscripten glue ${size('engine/gamesearch.js')} B; html+css ${size('index.html') + size('style.css')} B`);
console.log(`\nLoad on localhost (5 loads): interactive board median ${median(loads.map((l) => l.interactive)).toFixed(0)} ms, `
  + `engine ready median ${median(loads.map((l) => l.engine)).toFixed(0)} ms after navigation start`);
