// Page side of the trace worker (trace-worker.js): promises over its messages.
// createTreeEngine() returns the `engine` object mountTreeView() takes:
//   trace(game, moves, algorithm, depth) -> Promise<result with bytes>
//   counts(game, moves, depth)           -> Promise<{exactScale, algorithms}>
//   deepening(game, moves, depth)        -> Promise<{steps}>
//   values(game, moves, depth)           -> Promise<{moves: [{move, value}]}>
//   terminate()
// `moves` are 1-based digit strings, as in the URL.
export function createTreeEngine(workerUrl = new URL('./trace-worker.js', import.meta.url)) {
  const worker = new Worker(workerUrl);
  const pending = new Map();
  let nextId = 1;
  let loadError = null;

  worker.onmessage = (e) => {
    const msg = e.data;
    if (msg.type === 'error' && msg.id === undefined) {
      loadError = new Error(msg.message);
      for (const { reject } of pending.values()) reject(loadError);
      pending.clear();
      return;
    }
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.type === 'error') p.reject(new Error(msg.message));
    else p.resolve(msg);
  };
  worker.onerror = (e) => {
    loadError = new Error(e.message || 'the trace worker failed');
    for (const { reject } of pending.values()) reject(loadError);
    pending.clear();
  };

  const request = (msg) => new Promise((resolve, reject) => {
    if (loadError) { reject(loadError); return; }
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ ...msg, id });
  });

  return {
    trace: (game, moves, algorithm, depth) => request({ type: 'trace', game, moves, algorithm, depth }),
    counts: (game, moves, depth) => request({ type: 'counts', game, moves, depth }),
    deepening: (game, moves, depth) => request({ type: 'deepening', game, moves, depth }),
    values: (game, moves, depth) => request({ type: 'values', game, moves, depth }),
    terminate: () => worker.terminate(),
  };
}
