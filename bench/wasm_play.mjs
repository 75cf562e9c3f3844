// The browser's engine (build/wasm/bin, the same module the page's worker
// runs) as a stand-in for `gamesearch play` in node: one position per line on
// stdin (1-based moves), one line per position on stdout:
//   <moves> bestmove <column> source <book|solver|search> time_ms <ms>
// Every position starts from a new game (cleared tables), as `gamesearch
// play` does. Used by bench/value_keeping.py --wasm.
//
//   node bench/wasm_play.mjs --bin build/wasm/bin --time-ms 1000 [--book web/book.bin] < positions
import fs from 'node:fs';
import path from 'node:path';
import { loadEngine } from '../tests/web/wasm.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const bin = path.resolve(opt('--bin', 'build/wasm/bin'));
const timeMs = Number(opt('--time-ms', '1000'));
const book = opt('--book', null);
if (!Number.isInteger(timeMs) || timeMs <= 0) {
  console.error('wasm_play: --time-ms must be a positive whole number of milliseconds');
  process.exit(2);
}
for (const f of ['gamesearch.js', 'gamesearch.wasm']) {
  if (!fs.existsSync(path.join(bin, f))) {
    console.error(`wasm_play: ${path.join(bin, f)} is missing (build the site first: scripts/build-site.sh)`);
    process.exit(2);
  }
}
const M = await loadEngine(bin);
const s = new M.Session('connect4', 16);  // the worker's table size
if (book) {
  const err = s.loadBook('connect4', new Uint8Array(fs.readFileSync(book)));
  if (err) {
    console.error(`wasm_play: the book was rejected: ${err}`);
    process.exit(2);
  }
}
const lines = fs.readFileSync(0, 'utf8').split('\n').map((l) => l.trim());
if (lines.length && lines[lines.length - 1] === '') lines.pop();
const out = [];
for (const moves of lines) {
  if (!s.newGame('connect4')) throw new Error('cannot start a game');
  const err = s.setMoves(moves);
  if (err) {
    console.error(`wasm_play: ${moves}: ${err}`);
    process.exit(2);
  }
  const r = s.think({ timeMs, maxDepth: 0, randomTies: false, seed: 0, temperature: 0 }, () => {});
  out.push(`${moves} bestmove ${r.bestMove} source ${r.info.source} time_ms ${Math.round(r.info.timeMs)}`);
}
s.delete();
process.stdout.write(out.map((l) => l + '\n').join(''));
