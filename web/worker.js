// Engine worker: runs the WebAssembly engine off the main thread and speaks
// the message protocol of docs/protocol.md (the one description of every
// request and its replies). Classic worker (not a module): it loads the
// non-ES6 modularized build with importScripts.
//
// The one engine worker of the page: play and analysis of every game, the
// tree explorer's traces and MENACE's opponent. A thin pipe: the engine reads
// and validates every request (checkRequest, protocol/request.hpp) and says
// what answers it (its `runner`); this file queues requests until the engine
// is loaded, answers `stop` by dropping the queue, downloads the opening book
// in the background, and turns the engine's answers into replies (a trace's
// typed arrays are transferred, not copied). A search blocks this worker until its deadline (the engine checks
// its clock itself), so `stop` is only read between requests; to abandon a
// running search the page terminates the worker and switches to a spare one.
//
// Two builds of the engine (docs/hosting.md): where the page is cross-origin
// isolated (SharedArrayBuffer exists), the threaded one
// (engine/gamesearch-mt.js, which starts its pool of thread workers with the
// module, one fewer than the device's cores: this worker blocks while the
// engine runs and could not start them then), else the single-threaded one.
// `readyok` says which, and how many threads a solve can use.
/* global createGameSearch */
'use strict';

const TABLE_MIB = 16;
/** @type {import('./types').EngineModule} */
let engine = null;    // the Emscripten module
/** @type {import('./types').Session | null} */
let session = null;   // gs::Session, made on first use (its tables are sized then): a worker
                      // that serves only other kinds of games or traces never makes one
/** @type {import('./types').GameInfo | null} */
let firstGame = null;
/** @type {import('./types').GameInfo | null} */
let bookGame = null;  // the game whose opening book the worker loads (the first with a book file)
let loaded = false;
const queue = [];
const startTime = performance.now();
let loadMs = 0;
const THREADED = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
const ENGINE_SCRIPT = THREADED ? 'engine/gamesearch-mt.js' : 'engine/gamesearch.js';
let threadPool = 0;  // the threaded build's pool of helpers: a solve uses at most one more thread
// The threaded build's helpers, started with the module: the device's cores
// less this worker's own, at least 1, and 8 threads in all at most.
const THREAD_HELPERS = Math.max(1, Math.min((self.navigator.hardwareConcurrency || 2) - 1, 7));
// worker.js?book=off: no book, the engine searches from the first move (the
// page passes its own ?book=off on; for watching the search, and for tests
// of long thinks early in the game).
const BOOK_OFF = new URLSearchParams(self.location.search).get('book') === 'off';
// worker.js?size=WxH: the engine also plays Connect Four (the game with
// other boards: its `sizes`) on that board, one per worker (Module.setBoardSize
// before the Session is made); requests name it with `size` (docs/protocol.md).
// Such a worker loads no opening book (the book is the game's own board's).
const SIZE = new URLSearchParams(self.location.search).get('size') || '';
let book = { status: 'loading', positions: 0, plies: 0, completePlies: 0, message: '', loadMs: 0 };

/** @param {any} msg @param {Transferable[]} [transfer] */
function reply(msg, transfer = []) {
  self.postMessage(msg, transfer);
}

function getSession() {
  if (!session) session = new engine.Session(firstGame.id, TABLE_MIB);
  return session;
}

// A trace's result (runTrace: a JS object whose typed arrays are copies
// owned by JS) as the reply, its arrays' buffers transferred.
function postTrace(id, type, r) {
  if (r.error) return fail(id, r.error);
  const msg = { ...r, type, id };
  const transfer = [];
  for (const [key, value] of Object.entries(r)) {
    if (ArrayBuffer.isView(value)) {
      // (trace's `bytes` travels as its ArrayBuffer; the other arrays as they are)
      if (key === 'bytes') msg.bytes = value.buffer;
      transfer.push(value.buffer);
    }
  }
  return reply(msg, transfer);
}

function fail(id, message) {
  reply(id === undefined ? { type: 'error', message } : { type: 'error', id, message });
}

// The engine's reading of a queued message ({req, checked}), made once.
function checked(entry) {
  if (!entry.checked) {
    let text;
    try {
      text = JSON.stringify(entry.req);
    } catch (e) {
      text = '';   // cyclic, BigInt, ...: not a request
    }
    entry.checked = engine.checkRequest(typeof text === 'string' ? text : '');
  }
  return entry.checked;
}

function handle(entry) {
  const req = entry.req;
  const id = req !== null && typeof req === 'object' ? req.id : undefined;
  try {
    const r = checked(entry);
    if (r.error) return fail(id, r.error);
    if (r.runner === 'worker') {
      switch (r.type) {
        case 'isready': return reply({ type: 'readyok', id, loadMs, build: THREADED ? 'threads' : 'single',
          maxThreads: threadPool + 1 });
        case 'memory': return reply({ type: 'memory', id, ...engine.memoryStats() });
        default: return reply({ type: 'book', id, ...book });
      }
    }
    if (r.runner === 'trace') return postTrace(id, r.type, engine.runTrace(r));
    // The engine answers the rest (protocol/replies.hpp), echoing the id.
    const idJson = (id === undefined ? '' : JSON.stringify(id)) ?? '';
    return engine.runRequest(r.runner === 'session' ? getSession() : null, r, idJson, (text) => reply(JSON.parse(text)));
  } catch (e) {
    return fail(id, `engine failure: ${e && e.message ? e.message : String(e)}`);
  }
}

// Fetches the opening book in the background; searches go on meanwhile
// (without it). The result is posted to the page and kept for 'book' requests.
function loadBook() {
  const t0 = performance.now();
  if (BOOK_OFF || !bookGame || SIZE) {
    book = { status: 'off', positions: 0, plies: 0, completePlies: 0,
      message: SIZE ? `no book on ${SIZE} (the book is the ${bookGame ? `${bookGame.width}x${bookGame.height}` : 'own'} board's)`
        : bookGame ? 'switched off (?book=off)' : 'no game has an opening book', loadMs: 0 };
    reply({ type: 'book', ...book });
    return;
  }
  const game = bookGame.id;
  const done = (status, message) => {
    const s = getSession();
    book = { status, positions: s.bookPositions(game), plies: s.bookPlies(game),
      completePlies: s.bookCompletePlies(game), message,
      loadMs: Math.round(performance.now() - t0) };
    reply({ type: 'book', ...book });
    drain();
  };
  fetch(new URL(bookGame.bookFile, self.location.href).href)
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.arrayBuffer();
    })
    .then((buf) => {
      const err = getSession().loadBook(game, new Uint8Array(buf));
      done(err ? 'corrupt' : 'ok', err);
    }, (e) => done('missing', `could not download the book (${e && e.message ? e.message : e})`))
    .catch((e) => done('corrupt', `engine failure: ${e && e.message ? e.message : e}`));
}

// A request that answers from the book (checkRequest's usesBook: a search of
// the book's game at the strongest settings, an analysis or a review of it)
// that arrives while the book is still loading waits for it, at most
// BOOK_WAIT_MS after the engine has loaded, so that the computer's first
// moves and the first analysis come from the book; requests behind it keep
// their order.
const BOOK_WAIT_MS = 3000;
let bookDeadline = 0;

function waitsForBook(entry) {
  if (book.status !== 'loading' || performance.now() >= bookDeadline) return false;
  let r;
  try {
    r = checked(entry);
  } catch (e) {
    return false;  // handle() reports the failure
  }
  return !r.error && r.usesBook;
}

function drain() {
  while (loaded && queue.length) {
    if (waitsForBook(queue[0])) return;  // loadBook() or the deadline timer drains again
    handle(queue.shift());
  }
}

self.onmessage = (event) => {
  const req = event.data;
  if (req && req.type === 'stop') {
    const dropped = queue.splice(0).map(({ req: r }) => (r ? r.id : undefined));
    return reply({ type: 'stopped', dropped });
  }
  queue.push({ req, checked: null });
  drain();
};

try {
  importScripts(ENGINE_SCRIPT);
  createGameSearch({
    locateFile: (path) => new URL('engine/' + path, self.location.href).href,
    // The thread workers load the engine's script by this address (not this worker's own).
    mainScriptUrlOrBlob: new URL(ENGINE_SCRIPT, self.location.href).href,
    threadHelpers: THREAD_HELPERS,
  }).then((module) => {
    engine = module;
    threadPool = module.threadPool();
    const games = module.games();
    bookGame = games.find((g) => g.hasBook) || null;
    firstGame = games[0];
    if (SIZE) {
      const sized = games.find((g) => Array.isArray(g.sizes) && g.sizes.length);
      const err = sized ? module.setBoardSize(sized.id, SIZE) : 'no game is played on other boards';
      if (err) {
        fail(undefined, `could not start the engine on ${SIZE.slice(0, 20)}: ${err}`);
        return;
      }
    }
    loaded = true;
    loadMs = performance.now() - startTime;
    bookDeadline = performance.now() + BOOK_WAIT_MS;
    setTimeout(drain, BOOK_WAIT_MS + 1);
    loadBook();
    drain();
  }, (e) => fail(undefined, `could not start the engine: ${e && e.message ? e.message : e}`));
} catch (e) {
  fail(undefined, `could not load the engine: ${e && e.message ? e.message : e}`);
}
