// Times the worker's request check in the WebAssembly module: N rounds of
// Module.checkRequest(JSON.stringify(message)) over eight typical requests
// (the same list tools/request_bench.cpp times natively), the worker's round
// trip into the engine and back through Embind, and prints the time per
// request (docs/protocol.md, "The JSON library").
//
//   node --no-experimental-fetch bench/request_benchmark.mjs [rounds, default 100000] [bin, default build/wasm/bin]
import path from 'node:path';
import { loadEngine } from '../tests/web/wasm.mjs';

const rounds = Number(process.argv[2] ?? 100000);
if (!Number.isInteger(rounds) || rounds <= 0) {
  console.error('usage: request_benchmark.mjs [rounds > 0] [bin]');
  process.exit(2);
}
const bin = path.resolve(process.argv[3] ?? 'build/wasm/bin');
const requests = [
  { type: 'search', id: 12, game: 'connect4', moves: '4453', level: 'casual', seed: 1234567 },
  { type: 'search', id: 13, game: 'connect4', moves: '44536', timeMs: 1000, randomTies: true, seed: 42 },
  { type: 'search', id: 14, game: 'connect4', moves: '4', algorithm: 'mcts', timeMs: 500, seed: 9 },
  { type: 'analyze', id: 15, game: 'connect4', moves: '445334', timeMs: 3000, threads: 2 },
  { type: 'solve', id: 16, game: 'tictactoe', moves: '15' },
  { type: 'newgame', id: 17, game: 'connect4' },
  { type: 'games', id: 18 },
  { type: 'search', id: 19, game: 'connect4', moves: '48', timeMs: 10 },
];
const M = await loadEngine(bin);
let accepted = 0;
const t0 = performance.now();
for (let i = 0; i < rounds; ++i)
  for (const message of requests) accepted += M.checkRequest(JSON.stringify(message)).error === '' ? 1 : 0;
const ms = performance.now() - t0;
const n = rounds * requests.length;
console.log(`wasm checkRequest: ${n} requests in ${ms.toFixed(1)} ms, ${((ms * 1000) / n).toFixed(3)} us per request (${accepted} accepted)`);
