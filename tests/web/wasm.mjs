// Loads the wasm engine (build/wasm/bin, or the directory `bin`) in node.
// Node 20's fetch cannot load a file path, so the bytes are handed over
// directly (wasmBinary). With `helpers` > 0, the threaded engine instead
// (gamesearch-mt.js in `bin`, default build/wasm-mt/bin) with that many
// helper threads in its pool (its module option threadHelpers, as
// web/worker.js gives it); a process that loaded it ends with process.exit
// (the pool's threads keep node running).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const BIN = path.join(ROOT, 'build/wasm/bin');

export async function loadEngine(bin = undefined, { helpers = 0 } = {}) {
  const require = createRequire(import.meta.url);
  const dir = bin ?? (helpers > 0 ? path.join(ROOT, 'build/wasm-mt/bin') : BIN);
  const name = helpers > 0 ? 'gamesearch-mt' : 'gamesearch';
  const createGameSearch = require(path.join(dir, `${name}.js`));
  const module = await createGameSearch({
    wasmBinary: fs.readFileSync(path.join(dir, `${name}.wasm`)),
    ...(helpers > 0 ? { threadHelpers: helpers, locateFile: (/** @type {string} */ f) => path.join(dir, f) } : {}),
  });
  // The Emscripten node glue rethrows every uncaught error from a handler of
  // its own, which prints its whole minified source; keep node's own reports.
  process.removeAllListeners('uncaughtException');
  process.removeAllListeners('unhandledRejection');
  return module;
}

// The page's link parser module (protocol/link.hpp as build/wasm/bin/link.js).
export async function loadLinkModule() {
  const require = createRequire(import.meta.url);
  const create = require(path.join(BIN, 'link.js'));
  return create({ wasmBinary: fs.readFileSync(path.join(BIN, 'link.wasm')) });
}

// A fixed-depth search from a clean table, as `gamesearch play` does it.
export function wasmPlay(session, game, moves, depth) {
  session.newGame(game);  // clears the transposition table
  const err = session.setMoves(moves);
  if (err) throw new Error(`${game} ${moves}: ${err}`);
  const t0 = performance.now();
  const r = session.think({ timeMs: 0, maxDepth: depth, randomTies: false, seed: 1, temperature: 0 }, null);
  const wallMs = performance.now() - t0;
  return { move: r.bestMove, score: r.info.score, exact: r.info.exact, depth: r.info.depth, nodes: r.info.nodes,
    timeMs: r.info.timeMs, wallMs };
}
