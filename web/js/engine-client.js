// The page's side of the worker protocol (see worker.js and docs/protocol.md).
//
// A search blocks its worker, so a search cannot be interrupted by a message.
// cancel() therefore terminates the busy worker and switches to a spare worker
// that was started (and has loaded the engine) in advance, then starts a new
// spare in the background. Replies whose id is not pending are ignored, so a
// stale move can never reach the board.

export class EngineClient {
  // onBook(status) hears about the current worker's opening book: the
  // worker's {type:'book', status, positions, plies, message} report.
  constructor(url, { onError, onBook } = {}) {
    this.url = url;
    this.onError = onError || (() => {});
    this.onBook = onBook || (() => {});
    this.book = null;   // the current worker's last book report
    this.nextId = 1;
    this.pending = new Map();   // id -> {resolve, reject, onInfo}
    this.current = this.spawn();
    this.spare = this.spawn();
  }

  spawn() {
    const entry = { worker: new Worker(this.url), ready: false };
    entry.readyPromise = new Promise((resolve) => { entry.markReady = resolve; });
    entry.worker.onmessage = (e) => this.receive(entry, e.data);
    entry.worker.onerror = (e) => {
      e.preventDefault();
      this.workerFailed(entry, e.message || 'the engine worker failed to start');
    };
    entry.worker.postMessage({ type: 'isready', id: 'warmup' });
    return entry;
  }

  // Resolves when the current worker has loaded the engine.
  ready() { return this.current.readyPromise; }
  get busy() { return this.pending.size > 0; }

  // Sends a request; resolves with the final reply (bestmove / analysis), or
  // with null if the request was cancelled; rejects on an engine error.
  request(msg, onInfo) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onInfo });
      this.current.worker.postMessage({ ...msg, id });
    });
  }

  // Abandons every pending request at once.
  cancel() {
    if (!this.pending.size) return;
    for (const p of this.pending.values()) p.resolve(null);
    this.pending.clear();
    this.current.worker.terminate();
    this.current = this.spare;
    this.spare = this.spawn();
    if (this.current.book) this.reportBook(this.current.book);
  }

  receive(entry, msg) {
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'readyok' && msg.id === 'warmup') {
      entry.ready = true;
      entry.loadMs = msg.loadMs;
      entry.markReady(msg.loadMs);
      return;
    }
    if (msg.type === 'book' && msg.id === undefined) {
      entry.book = msg;
      if (entry === this.current) this.reportBook(msg);
      return;
    }
    if (entry !== this.current) return;
    if (msg.type === 'error' && msg.id === undefined) {
      this.workerFailed(entry, msg.message);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;  // stale: cancelled or unknown
    if (msg.type === 'info') {
      if (p.onInfo) p.onInfo(msg);
    } else if (msg.type === 'error') {
      this.pending.delete(msg.id);
      p.reject(new Error(msg.message));
    } else {
      this.pending.delete(msg.id);
      p.resolve(msg);
    }
  }

  reportBook(msg) {
    const same = this.book && this.book.status === msg.status && this.book.message === msg.message;
    this.book = msg;
    if (!same) this.onBook(msg);
  }

  workerFailed(entry, message) {
    if (entry === this.current) {
      for (const p of this.pending.values()) p.reject(new Error(message));
      this.pending.clear();
    }
    this.onError(message);
  }
}
