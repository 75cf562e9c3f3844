// The tree explorer's, MENACE's and the evaluation view's side of the engine worker (worker.js, its
// trace requests: docs/protocol.md): the page's one worker client
// (engine/engine-client.js), with a method per request.
// createTreeEngine() returns the `engine` object mountTreeView() takes:
//   trace(game, moves, algorithm, depth) -> Promise<result with bytes>
//   counts(game, moves, depth)           -> Promise<{exactScale, algorithms}>
//   deepening(game, moves, depth)        -> Promise<{steps}>
//   values(game, moves, depth)           -> Promise<{moves: [{move, value}]}>
//   mcts(game, moves, playouts, seed)    -> Promise<the traced MCTS>
//   chanceCounts(position, depth)        -> Promise<{atChance, algorithms}> (EinStein)
//   chanceTrace(position, algorithm, depth) -> Promise<the traced expectiminimax>
//   multiTree(moves, depth)              -> Promise<max^n and paranoid's counts and trees> (Connect Four for three)
//   abstractTrace(tree, algorithm), abstractCounts(tree) -> the same as trace
//                                          and counts, for an abstract game tree in its text form
//   abstractOrder(tree, 'best' | 'worst') -> Promise<{tree}>: its children in that order
//   state(game, position)                -> Promise<the position's state> (any game)
//   evaluate(game, position)             -> Promise<its static evaluation, feature by feature> (the evaluation view)
//   search(game, moves, maxDepth, quiescence) -> Promise<the bestmove of a fixed-depth search> (the horizon lesson)
//   analyze(game, moves, timeMs)         -> Promise<every move's value> (the same)
//   terminate()
// `moves` are 1-based digit strings, as in the URL.
import { EngineClient } from './engine-client.js';

/** @param {string | URL} [workerUrl] */
export function createTreeEngine(workerUrl = new URL('../worker.js?book=off', import.meta.url)) {
  // The worker queues requests until its engine has loaded (no `isready` needed);
  // the explorer needs no opening book.
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
    chanceCounts: (position, depth) => request({ type: 'chanceCounts', game: 'einstein', position, depth }),
    /** @type {(position: string, algorithm: string, depth: number) => Promise<any>} */
    chanceTrace: (position, algorithm, depth) => request({ type: 'chanceTrace', game: 'einstein', position, algorithm, depth }),
    /** @type {(moves: string, depth: number) => Promise<any>} */
    multiTree: (moves, depth) => request({ type: 'multiTree', game: 'connect3p', position: moves, depth }),
    /** @type {(game: string, position: string) => Promise<any>} */
    state: (game, position) => request({ type: 'state', game, position }),
    /** @type {(game: string, position: string) => Promise<any>} */
    evaluate: (game, position) => request({ type: 'evaluate', game, position }),
    /** @type {(game: string, moves: string, maxDepth: number, quiescence: boolean) => Promise<any>} */
    search: (game, moves, maxDepth, quiescence) => request({ type: 'search', game, moves, maxDepth, quiescence, timeMs: 10000 }),
    /** @type {(game: string, moves: string, timeMs: number) => Promise<any>} */
    analyze: (game, moves, timeMs) => request({ type: 'analyze', game, moves, timeMs }),
    /** @type {(tree: string, algorithm: string) => Promise<any>} */
    abstractTrace: (tree, algorithm) => request({ type: 'trace', game: 'abstract', tree, moves: '', algorithm, depth: 0 }),
    /** @type {(tree: string) => Promise<any>} */
    abstractCounts: (tree) => request({ type: 'counts', game: 'abstract', tree, moves: '', depth: 0 }),
    /** @type {(tree: string, order: string) => Promise<any>} */
    abstractOrder: (tree, order) => request({ type: 'treeOrder', game: 'abstract', tree, algorithm: order }),
    terminate: () => client.terminate(),
  };
}
