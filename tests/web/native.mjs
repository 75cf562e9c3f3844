// Runs the native CLI (build/native/bin/gamesearch play) on one position with
// the same settings the wasm tests use: a fixed depth, an effectively
// unlimited time, a 16 MiB transposition table (as the worker's).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

export const NATIVE = path.join(ROOT, 'build/native/bin/gamesearch');
export const TABLE_MIB = 16;

// Returns {move, score, exact, depth, nodes, timeMs}, or {error} (never throws:
// the wasm module's node glue turns any uncaught error into a source dump).
export function nativePlay(game, moves, depth) {
  let out;
  try {
    out = runNative(game, moves, depth);
  } catch (e) {
    return { error: String(e.stderr || e.message).trim() };
  }
  return parse(out, moves);
}

function runNative(game, moves, depth) {
  return execFileSync(NATIVE, ['--game', game, 'play', '--depth', String(depth), '--time-ms', '3600000',
    '--tt-mb', String(TABLE_MIB)], { input: `${moves}\n`, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

function parse(out, moves) {
  // "<moves> bestmove <m> score <s> exact <0|1> depth <d> nodes <n> time_ms <t>"
  const f = out.trim().split(/\s+/);
  const rest = moves === '' ? f : f.slice(1);
  const kv = {};
  for (let i = 0; i + 1 < rest.length; i += 2) kv[rest[i]] = Number(rest[i + 1]);
  return { move: kv.bestmove, score: kv.score, exact: kv.exact === 1, depth: kv.depth, nodes: kv.nodes,
    timeMs: kv.time_ms };
}
