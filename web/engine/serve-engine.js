// The start of the explorer's worker (trace-worker.js), loaded into it by
// importScripts: serveEngine(handle)
// loads the engine's modularized build (engine/gamesearch.js, factory
// createGameSearch), queues the messages that arrive before it is ready, and
// then calls handle(engine, message) for each, in order. A failed load is
// posted as {type:'error', message} (no id: the page's client then fails
// every request, engine/engine-client.js).
/* global createGameSearch */
'use strict';

// eslint-disable-next-line no-unused-vars
function serveEngine(handle) {
  let engine = null;
  const queue = [];
  const failed = (err) => {
    self.postMessage({ type: 'error', message: `the engine did not load: ${err && err.message ? err.message : err}` });
  };
  self.onmessage = (e) => {
    if (engine) handle(engine, e.data);
    else queue.push(e.data);
  };
  try {
    importScripts('gamesearch.js');   // beside this worker in the site's engine/
    createGameSearch({
      locateFile: (path) => new URL(path, self.location.href).href,
    }).then((m) => {
      engine = m;
      while (queue.length) handle(engine, queue.shift());
    }, failed);
  } catch (err) {
    failed(err);
  }
}
