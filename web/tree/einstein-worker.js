// EinStein worker: a classic worker (not a module) that loads the engine's
// modularized build (engine/gamesearch.js, factory createGameSearch) and
// answers the EinStein page (einstein-view.js) with the bindings of
// wasm/einstein_bindings.cpp, whose JSON texts protocol/einstein_json.hpp
// documents. Requests arriving before the module is ready are queued. A
// search blocks this worker; the page stops one by terminating the worker
// (js/engine-client.js).
//
// Requests (page -> worker)                          Reply (worker -> page)
//   {type:'state', id, position}                      {type:'state', id, ok, ...the position,
//                                                       or ok:false, error, position}
//   {type:'think', id, position, level, algorithm,    {type:'think', id, ...the move}
//     timeMs, maxDepth, seed, playouts}
//   {type:'levels', id}                               {type:'levels', id, levels}
//   a malformed request or an engine error            {type:'error', id?, message}
/* global createGameSearch */
'use strict';

let engine = null;
const queue = [];

const int = (v, fallback = 0) => (Number.isInteger(v) ? v : fallback);

function handle(req) {
  const id = req && req.id;
  try {
    if (!req || typeof req !== 'object') throw new Error('a request must be an object');
    const position = typeof req.position === 'string' ? req.position : '';
    let reply;
    if (req.type === 'state') {
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

self.onmessage = (e) => {
  if (engine) handle(e.data);
  else queue.push(e.data);
};

try {
  importScripts('../engine/gamesearch.js');
  createGameSearch({
    locateFile: (path) => new URL('../engine/' + path, self.location.href).href,
  }).then((m) => {
    engine = m;
    while (queue.length) handle(queue.shift());
  }, (err) => {
    self.postMessage({ type: 'error', message: `the engine did not load: ${err && err.message ? err.message : err}` });
  });
} catch (err) {
  self.postMessage({ type: 'error', message: `the engine did not load: ${err && err.message ? err.message : err}` });
}
