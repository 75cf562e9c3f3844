// Trace worker of the search-tree explorer: a classic worker (not a module)
// that loads the same modularized engine build as the game (engine/gamesearch.js,
// Emscripten -sMODULARIZE, factory createGameSearch) and answers requests
// with the tree bindings (wasm/tree_bindings.cpp). Requests arriving before the
// module is ready are queued and answered in order.
//
// Requests (page -> worker)                         Reply (worker -> page)
//   {type:'trace', id, game, moves, algorithm,        {type:'trace', id, nodes, recorded,
//     depth, cap?}                                      truncated, value, exactScale, bestMove,
//                                                       pv, cutoffs, tableHits, leaves, bytes}
//                                                     (bytes: an ArrayBuffer, transferred)
//   {type:'counts', id, game, moves, depth}           {type:'counts', id, exactScale, algorithms}
//   {type:'deepening', id, game, moves, depth}        {type:'deepening', id, steps}
//   {type:'values', id, game, moves, depth}           {type:'values', id, moves:[{move, value}]}
//                                                     (value of every legal move, for the side
//                                                     to move; exact when depth is 0)
//   {type:'mcts', id, game, moves, playouts, seed}    {type:'mcts', id, playouts, nodes, bestMove,
//                                                       proven, value, pv, moves, tree, path, ...}
//                                                     (Module.mctsTrace: the engine's MCTS, traced;
//                                                     every typed array's buffer transferred)
//   {type:'chanceCounts', id, position, depth}       {type:'chanceCounts', id, atChance, algorithms}
//   {type:'chanceTrace', id, position, algorithm,     {type:'chanceTrace', id, nodes, recorded, value,
//     depth}                                            parent, end, kind, cut, values, cells, ...}
//                                                     (EinStein's expectiminimax / Star1 / Star2,
//                                                     wasm/einstein_tree_bindings.cpp; position in
//                                                     its notation; typed arrays transferred)
//   {type:'multiTree', id, moves, depth}             {type:'multiTree', id, algorithms, trees, ...}
//                                                     (Connect Four for three: max^n, paranoid and
//                                                     plain max^n's counts, the max^n and paranoid
//                                                     trees; protocol/connect3p_tree_json.hpp)
//   anything malformed, or an engine error            {type:'error', id?, message}
// game: 'tictactoe' | 'connect4'; moves: 1-based digits from the empty board;
// algorithm: 'minimax' | 'alphabeta' | 'ordered' | 'table'; depth: 0 = to the
// end (Tic-Tac-Toe), Connect Four 1..8.
/* global serveEngine */
'use strict';

function handle(engine, req) {
  const id = req && req.id;
  try {
    if (!req || typeof req !== 'object') throw new Error('a request must be an object');
    const game = String(req.game);
    const moves = String(req.moves === undefined ? '' : req.moves);
    const depth = Number.isInteger(req.depth) ? req.depth : 0;
    let r;
    if (req.type === 'trace') {
      r = engine.treeTrace(game, moves, String(req.algorithm), depth, Number.isInteger(req.cap) ? req.cap : 0);
    } else if (req.type === 'counts') {
      r = engine.treeCounts(game, moves, depth);
    } else if (req.type === 'deepening') {
      r = engine.treeDeepening(game, moves, depth);
    } else if (req.type === 'values') {
      r = engine.treeMoveValues(game, moves, depth);
    } else if (req.type === 'mcts') {
      if (!Number.isInteger(req.playouts) || !Number.isInteger(req.seed) || req.seed < 0) {
        throw new Error('mcts needs whole numbers for playouts and seed');
      }
      r = engine.mctsTrace(game, moves, req.playouts, req.seed);
    } else if (req.type === 'chanceCounts') {
      r = engine.einsteinTreeCounts(String(req.position ?? ''), depth);
    } else if (req.type === 'chanceTrace') {
      r = engine.einsteinTreeTrace(String(req.position ?? ''), String(req.algorithm), depth);
    } else if (req.type === 'multiTree') {
      r = JSON.parse(engine.connect3pTree(moves, depth));
      if (!r.ok) throw new Error(r.error);
    } else {
      throw new Error(`unknown request type '${String(req.type)}'`);
    }
    if (r.error) throw new Error(r.error);
    if (r.bytes) {
      const buffer = r.bytes.buffer;
      self.postMessage({ ...r, bytes: buffer, type: req.type, id }, [buffer]);
    } else if (req.type === 'mcts' || req.type === 'chanceTrace') {
      // Typed arrays (each a copy owning its buffer) travel by transfer.
      const buffers = Object.values(r).filter((v) => ArrayBuffer.isView(v)).map((v) => v.buffer);
      self.postMessage({ ...r, type: req.type, id }, buffers);
    } else {
      self.postMessage({ ...r, type: req.type, id });
    }
  } catch (e) {
    self.postMessage({ type: 'error', id, message: e && e.message ? e.message : String(e) });
  }
}

importScripts('serve-engine.js');
serveEngine(handle);
