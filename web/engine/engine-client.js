// The page's one client of the engine worker (worker.js, docs/protocol.md),
// for Play, Demo and Study, the games' own pages, and (through
// engine/trace-engine.js) the tree explorer and MENACE. Every request gets an id; `info`, `analysisinfo`, `reviewinfo` and
// `solveinfo` replies go to the request's onInfo, an `error` reply rejects it, any other
// reply resolves it.
//
// A search blocks its worker, so a search cannot be interrupted by a message.
// cancel() therefore drops the busy worker (retire) and switches to a spare worker
// that was started (and has loaded the engine) in advance, then starts a new
// spare in the background (without a spare: starts a new worker at once). At
// the start (and on another board) the spare is started only once the first
// worker has loaded or failed: two workers loading the engine at once would
// slow the load the page waits for.
// Replies whose id is not pending are ignored, so a stale move can never reach
// the board. A worker that fails to load (an `error` without id, or the
// worker's own error event) rejects its pending requests and every later one.
//
// A worker that is dropped while it is still loading the engine is stopped
// only once it has loaded (or failed, or after RETIRE_WAIT_MS): the threaded
// build's thread workers load the engine's script while the module starts,
// and stopping their parent then makes the browser report that load as a
// failed one (a NetworkError in the console) though nothing went wrong.

/** @typedef {import('../types').WorkerReply} WorkerReply */
/** @typedef {import('../types').BookReport} BookReport */
/**
 * @typedef {object} Pending
 * @property {(reply: WorkerReply | null) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {((info: WorkerReply) => void) | undefined} onInfo
 */
/**
 * @typedef {object} Entry  one worker and what is known of it
 * @property {Worker} worker
 * @property {boolean} ready
 * @property {number} [loadMs]
 * @property {string} [build]  'threads' or 'single': the engine build the worker loaded
 * @property {number} [maxThreads]  the most threads a solve can use there
 * @property {BookReport} [book]
 * @property {Error | null} failure
 * @property {Promise<number>} readyPromise
 * @property {(ms: number) => void} markReady
 * @property {(error: Error) => void} markFailed
 */

// The longest a dropped worker that is still loading is kept before it is
// stopped anyway (a load that hangs must not keep a worker for good).
const RETIRE_WAIT_MS = 10000;
// At most this many dropped workers are kept loading at once, page-wide:
// each holds the engine's memory (64 MiB, 96 MiB in the threaded build), and
// a game picker run through with the arrow keys drops one per key press.
// Beyond it a dropped worker is stopped at once.
const MAX_RETIRING = 2;
let retiring = 0;

export class EngineClient {
  /**
   * @param {string | URL} url  the worker script
   * @param {object} [options]
   * @param {(message: string) => void} [options.onError]  a worker failed
   * @param {(book: BookReport) => void} [options.onBook]  the current worker's opening book
   *   report changed ({type:'book', status, positions, plies, message})
   * @param {boolean} [options.spare]  keep a loaded spare worker for cancel() (default true)
   * @param {boolean} [options.warmup]  ask the worker `isready` at its start, for ready()
   *   (default true; the games' pages and the tree explorer need not wait for it)
   */
  constructor(url, { onError, onBook, spare = true, warmup = true } = {}) {
    this.url = url;
    this.onError = onError || (() => {});
    this.onBook = onBook || (() => {});
    this.warmup = warmup;
    /** @type {BookReport | null} */
    this.book = null;   // the current worker's last book report
    this.nextId = 1;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    this.closed = false;   // terminate() was called: every later call does nothing
    this.wantSpare = spare;
    /** @type {Entry | null} */
    this.spare = null;
    this.current = this.spawn();
    this.spareAfter(this.current);
  }

  // Starts the spare once `entry` has loaded or failed, if it is still the
  // current worker then and there is no spare yet.
  /** @param {Entry} entry */
  spareAfter(entry) {
    const start = () => {
      if (!this.closed && this.wantSpare && this.current === entry && !this.spare) this.spare = this.spawn();
    };
    entry.readyPromise.then(start, start);
  }

  /** @returns {Entry} */
  spawn() {
    const entry = /** @type {Entry} */ ({ worker: new Worker(this.url), ready: false, failure: null });
    entry.readyPromise = new Promise((resolve, reject) => { entry.markReady = resolve; entry.markFailed = reject; });
    entry.readyPromise.catch(() => {});   // a spare may fail unheard: its failure is told when it is used
    entry.worker.onmessage = (e) => this.receive(entry, e.data);
    entry.worker.onerror = (e) => {
      e.preventDefault();
      this.workerFailed(entry, e.message || 'the engine worker failed to start');
    };
    if (this.warmup) entry.worker.postMessage({ type: 'isready', id: 'warmup' });
    else entry.markReady(0);
    return entry;
  }

  /** Resolves with the load time in ms when the current worker has loaded the
   * engine; rejects if it failed first. */
  ready() { return this.current.readyPromise; }
  get busy() { return this.pending.size > 0; }
  /** The current worker's engine build ('threads' or 'single', '' before it loaded) and its most threads. */
  get build() { return { build: this.current.build || '', maxThreads: this.current.maxThreads || 1 }; }

  /**
   * Sends a request; resolves with the final reply (bestmove, analysis, ...),
   * or with null if the request was cancelled; rejects on an engine error.
   * @param {object} msg  a request without its id
   * @param {(info: WorkerReply) => void} [onInfo]  hears the request's streamed replies (info, analysisinfo,
   *   reviewinfo, solveinfo)
   * @returns {Promise<WorkerReply | null>}
   */
  request(msg, onInfo) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.closed) { resolve(null); return; }
      if (this.current.failure) { reject(this.current.failure); return; }
      this.pending.set(id, { resolve, reject, onInfo });
      this.current.worker.postMessage({ ...msg, id });
    });
  }

  // Abandons every pending request at once (they resolve with null).
  cancel() {
    if (this.closed || !this.pending.size) return;
    this.dropPending();
    this.retire(this.current);
    // (Without a spare yet, the first worker is still loading: the new one
    // gets its spare at once, as it would after a later cancel.)
    this.current = this.spare || this.spawn();
    this.spare = this.wantSpare ? this.spawn() : null;
    if (this.current.book) this.reportBook(this.current.book);
    if (this.current.failure) this.onError(this.current.failure.message);
  }

  /**
   * Moves to workers of another script address (the worker of another
   * board: worker.js?size=8x7, one board per worker): pending requests
   * resolve with null, the old workers are stopped (see retire) and new ones
   * started. The same address changes nothing.
   * @param {string | URL} url
   */
  setUrl(url) {
    if (this.closed || String(url) === String(this.url)) return;
    this.url = url;
    this.dropPending();
    this.retire(this.current);
    if (this.spare) this.retire(this.spare);
    this.spare = null;
    this.current = this.spawn();
    this.spareAfter(this.current);
  }

  // Stops every worker for good (one still loading once it has loaded, see
  // retire); pending and later requests resolve with null.
  terminate() {
    if (this.closed) return;
    this.closed = true;
    this.dropPending();
    this.retire(this.current);
    if (this.spare) this.retire(this.spare);
  }

  /**
   * Stops a worker that is no longer used: at once if it has loaded (or
   * failed, or is not asked `isready`, or MAX_RETIRING others are still
   * loading), else when it has loaded or failed, or after RETIRE_WAIT_MS;
   * until then nothing it says is heard (see the top).
   * @param {Entry} entry
   */
  retire(entry) {
    if (entry.ready || entry.failure || !this.warmup || retiring >= MAX_RETIRING) {
      entry.worker.terminate();
      return;
    }
    retiring++;
    let timer;
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      retiring--;
      clearTimeout(timer);
      entry.worker.terminate();
    };
    // From now on the worker is heard only for the end of its load: nothing
    // it says reaches the page.
    entry.worker.onmessage = (e) => {
      const msg = e.data;
      if (msg && (msg.type === 'readyok' || (msg.type === 'error' && msg.id === undefined))) stop();
    };
    entry.worker.onerror = (e) => { e.preventDefault(); stop(); };
    timer = setTimeout(stop, RETIRE_WAIT_MS);
  }

  dropPending() {
    for (const p of this.pending.values()) p.resolve(null);
    this.pending.clear();
  }

  /**
   * @param {Entry} entry
   * @param {WorkerReply} msg
   */
  receive(entry, msg) {
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'readyok' && msg.id === 'warmup') {
      entry.ready = true;
      entry.loadMs = msg.loadMs;
      entry.build = msg.build;
      entry.maxThreads = msg.maxThreads;
      entry.markReady(msg.loadMs);
      return;
    }
    if (msg.type === 'book' && msg.id === undefined) {
      entry.book = /** @type {BookReport} */ (msg);
      if (entry === this.current) this.reportBook(entry.book);
      return;
    }
    if (msg.type === 'error' && msg.id === undefined) {
      this.workerFailed(entry, msg.message);
      return;
    }
    if (entry !== this.current) return;
    const p = this.pending.get(Number(msg.id));
    if (!p) return;  // stale: cancelled or unknown
    if (msg.type === 'info' || msg.type === 'analysisinfo' || msg.type === 'reviewinfo' || msg.type === 'solveinfo') {
      if (p.onInfo) p.onInfo(msg);
    } else if (msg.type === 'error') {
      this.pending.delete(Number(msg.id));
      p.reject(new Error(msg.message));
    } else {
      this.pending.delete(Number(msg.id));
      p.resolve(msg);
    }
  }

  /** @param {BookReport} msg */
  reportBook(msg) {
    const same = this.book && this.book.status === msg.status && this.book.message === msg.message;
    this.book = msg;
    if (!same) this.onBook(msg);
  }

  /**
   * @param {Entry} entry
   * @param {string} message
   */
  workerFailed(entry, message) {
    entry.failure = new Error(message);
    entry.markFailed(entry.failure);
    if (entry !== this.current) return;   // a spare: told when it becomes the current worker
    for (const p of this.pending.values()) p.reject(entry.failure);
    this.pending.clear();
    this.onError(message);
  }
}
