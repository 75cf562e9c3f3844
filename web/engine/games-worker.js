// The worker of the games with a play page of their own (outside the
// registry's two-player games): a classic worker (not a module) that loads
// the engine's modularized build (engine/gamesearch.js, factory
// createGameSearch) and answers their pages with JSON texts of the engine:
// EinStein (einstein-view.js; wasm/einstein_bindings.cpp over
// protocol/einstein_json.hpp) and Connect Four for three (connect3p-view.js;
// wasm/connect3p_bindings.cpp over protocol/connect3p_json.hpp). Requests
// arriving before the module is ready are queued. A search blocks this
// worker; a page stops one by terminating the worker (engine/engine-client.js).
//
// Requests (page -> worker)                          Reply (worker -> page)
//   {type:'state', id, game, position}                {type:'state', id, ok, ...the position,
//                                                       or ok:false, error, position}
//   {type:'think', id, game, position, ...}           {type:'think', id, ...the move}
//     einstein: level, algorithm, timeMs, maxDepth, seed, playouts
//     connect3p: algorithm, timeMs, maxDepth
//   {type:'levels', id} (einstein)                    {type:'levels', id, levels}
//   a malformed request or an engine error            {type:'error', id?, message}
// game: 'einstein' (the default) or 'connect3p'; position: the game's text
// (EinStein's notation, or Connect Four for three's move string).
/* global serveEngine */
'use strict';

const int = (v, fallback = 0) => (Number.isInteger(v) ? v : fallback);

function handle(engine, req) {
  const id = req && req.id;
  try {
    if (!req || typeof req !== 'object') throw new Error('a request must be an object');
    const position = typeof req.position === 'string' ? req.position : '';
    let reply;
    if (req.game === 'connect3p') {
      if (req.type === 'state') reply = JSON.parse(engine.connect3pState(position));
      else if (req.type === 'think') {
        reply = JSON.parse(engine.connect3pThink(position, String(req.algorithm || ''), int(req.timeMs), int(req.maxDepth)));
        if (!reply.ok) throw new Error(reply.error);
      } else throw new Error(`unknown request type '${String(req.type)}'`);
    } else if (req.game !== undefined && req.game !== 'einstein') {
      throw new Error(`unknown game '${String(req.game)}'`);
    } else if (req.type === 'state') {
      reply = JSON.parse(engine.einsteinState(position));
    } else if (req.type === 'think') {
      reply = JSON.parse(engine.einsteinThink(position, String(req.level || ''), String(req.algorithm || ''),
        int(req.timeMs), int(req.maxDepth), int(req.seed, 1) >>> 0, int(req.playouts)));
      if (!reply.ok) throw new Error(reply.error);
    } else if (req.type === 'levels') {
      reply = { levels: JSON.parse(engine.einsteinLevels()) };
    } else {
      throw new Error(`unknown request type '${String(req.type)}'`);
    }
    self.postMessage({ ...reply, type: req.type, id });
  } catch (e) {
    self.postMessage({ type: 'error', id, message: e && e.message ? e.message : String(e) });
  }
}

importScripts('serve-engine.js');
serveEngine(handle);
