// Page side of the trace worker (trace-worker.js): the page's one worker
// client (engine/engine-client.js) pointed at it, with a method per request.
// createTreeEngine() returns the `engine` object mountTreeView() takes:
//   trace(game, moves, algorithm, depth) -> Promise<result with bytes>
//   counts(game, moves, depth)           -> Promise<{exactScale, algorithms}>
//   deepening(game, moves, depth)        -> Promise<{steps}>
//   values(game, moves, depth)           -> Promise<{moves: [{move, value}]}>
//   mcts(game, moves, playouts, seed)    -> Promise<the traced MCTS (trace-worker.js)>
//   chanceCounts(position, depth)        -> Promise<{atChance, algorithms}> (EinStein)
//   chanceTrace(position, algorithm, depth) -> Promise<the traced expectiminimax (trace-worker.js)>
//   multiTree(moves, depth)              -> Promise<max^n and paranoid's counts and trees> (Connect Four for three)
//   terminate()
// `moves` are 1-based digit strings, as in the URL.
import { EngineClient } from './engine-client.js';

/** @param {string | URL} [workerUrl] */
export function createTreeEngine(workerUrl = new URL('./trace-worker.js', import.meta.url)) {
  // The trace worker queues requests until its engine has loaded; it answers no `isready`.
  const client = new EngineClient(workerUrl, { spare: false, warmup: false });
  /** @param {import('../types').TraceRequest} msg */
  const request = (msg) => client.request(msg);
  return {
    /** @type {(game: string, moves: string, algorithm: string, depth: number) => Promise<any>} */
    trace: (game, moves, algorithm, depth) => request({ type: 'trace', game, moves, algorithm, depth }),
    /** @type {(game: string, moves: string, depth: number) => Promise<any>} */
    counts: (game, moves, depth) => request({ type: 'counts', game, moves, depth }),
    /** @type {(game: string, moves: string, depth: number) => Promise<any>} */
    deepening: (game, moves, depth) => request({ type: 'deepening', game, moves, depth }),
    /** @type {(game: string, moves: string, depth: number) => Promise<any>} */
    values: (game, moves, depth) => request({ type: 'values', game, moves, depth }),
    /** @type {(game: string, moves: string, playouts: number, seed: number) => Promise<any>} */
    mcts: (game, moves, playouts, seed) => request({ type: 'mcts', game, moves, playouts, seed }),
    /** @type {(position: string, depth: number) => Promise<any>} */
    chanceCounts: (position, depth) => request({ type: 'chanceCounts', position, depth }),
    /** @type {(position: string, algorithm: string, depth: number) => Promise<any>} */
    chanceTrace: (position, algorithm, depth) => request({ type: 'chanceTrace', position, algorithm, depth }),
    /** @type {(moves: string, depth: number) => Promise<any>} */
    multiTree: (moves, depth) => request({ type: 'multiTree', moves, depth }),
    terminate: () => client.terminate(),
  };
}
