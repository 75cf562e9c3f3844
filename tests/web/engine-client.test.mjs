// Node tests of the page's worker client (web/engine/engine-client.js) with a
// stand-in for the browser's Worker: which worker a request goes to, and when
// a dropped worker is stopped. One that is still loading the engine is kept
// until it has loaded (stopping it while the threaded build's thread workers
// load the engine's script makes the browser log a NetworkError), and nothing
// it says after it was dropped reaches the page. At most two dropped workers
// are kept loading at once (each holds the engine's memory).
import assert from 'node:assert/strict';
import test from 'node:test';
import { ROOT } from './lib.mjs';

// The stand-in: records what the client posts and whether it was stopped;
// say() delivers a message from the worker as the browser would.
class FakeWorker {
  static all = [];
  constructor(url) {
    this.url = String(url);
    this.posted = [];
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
    FakeWorker.all.push(this);
  }
  postMessage(msg) { this.posted.push(msg); }
  terminate() { this.terminated = true; }
  say(data) { if (!this.terminated && this.onmessage) this.onmessage({ data }); }
  loaded() { this.say({ type: 'readyok', id: 'warmup', loadMs: 5, build: 'threads', maxThreads: 2 }); }
}
globalThis.Worker = FakeWorker;
const { EngineClient } = await import(`${ROOT}/web/engine/engine-client.js`);

const fresh = (options) => {
  FakeWorker.all = [];
  const heard = { errors: [], books: [] };
  const client = new EngineClient('worker.js', {
    onError: (m) => heard.errors.push(m), onBook: (b) => heard.books.push(b), ...options });
  return { client, heard, workers: FakeWorker.all };
};

test('a loaded worker is stopped at once; one still loading only when it has loaded', () => {
  const { client, heard, workers } = fresh({ spare: false });
  assert.equal(workers.length, 1);
  client.terminate();
  assert.equal(workers[0].terminated, false, 'still loading: kept');
  workers[0].say({ type: 'book', status: 'ready', positions: 1, plies: 8, message: '' });
  workers[0].say({ type: 'error', message: 'late' });
  assert.deepEqual(heard, { errors: [], books: [] }, 'nothing it says reaches the page once dropped');
  workers[0].loaded();
  assert.equal(workers[0].terminated, true, 'stopped when it has loaded');

  const second = fresh({ spare: false });
  second.workers[0].loaded();
  second.client.terminate();
  assert.equal(second.workers[0].terminated, true, 'loaded: stopped at once');
});

test('a dropped worker that fails to load, or never loads, is stopped too', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const failing = fresh({ spare: false });
  failing.client.terminate();
  failing.workers[0].say({ type: 'error', message: 'no engine' });
  assert.equal(failing.workers[0].terminated, true, 'failed: stopped');
  assert.deepEqual(failing.heard.errors, [], 'its failure is not told: the page dropped it');

  const hung = fresh({ spare: false });
  hung.client.terminate();
  t.mock.timers.tick(9999);
  assert.equal(hung.workers[0].terminated, false);
  t.mock.timers.tick(1);
  assert.equal(hung.workers[0].terminated, true, 'a load that hangs: stopped after 10 s');
});

test('the spare starts once the first worker has loaded', async () => {
  const { client, workers } = fresh();
  assert.equal(workers.length, 1, 'no spare while the first worker loads (it would slow that load)');
  workers[0].loaded();
  await new Promise(setImmediate);
  assert.equal(workers.length, 2, 'then the spare');
  workers[1].loaded();
  client.terminate();
  assert.ok(workers.every((w) => w.terminated), 'both loaded: stopped at once');
});

test('cancel() switches to the spare and drops the busy worker, kept while it loads', async () => {
  const { client, workers } = fresh();
  // A cancel while the first worker still loads: no spare yet, so a new
  // worker and its spare start at once.
  const first = client.request({ type: 'search', game: 'connect4', moves: '', timeMs: 100 });
  assert.equal(workers[0].posted.at(-1).type, 'search', 'the request goes to the current worker');
  client.cancel();
  assert.equal(await first, null, 'a cancelled request resolves with null');
  assert.equal(workers[0].terminated, false, 'the dropped worker had not loaded: kept until it has');
  assert.equal(workers.length, 3, 'a new current worker and its spare');
  const next = client.request({ type: 'search', game: 'connect4', moves: '4', timeMs: 100 });
  const sent = workers[1].posted.at(-1);
  assert.equal(sent.type, 'search', 'the new worker is the current one');
  workers[0].say({ type: 'bestmove', id: sent.id, move: 1 });   // the dropped one, still running
  workers[0].loaded();
  assert.equal(workers[0].terminated, true);
  await new Promise(setImmediate);
  assert.equal(workers.length, 3, 'the dropped worker\'s load starts no spare');
  workers[1].loaded();
  workers[2].loaded();
  workers[1].say({ type: 'bestmove', id: sent.id, move: 4 });
  assert.equal((await next).move, 4, 'only the current worker answers');

  // A loaded worker that is busy is stopped at once (its search is
  // abandoned), the loaded spare takes over and a new spare starts.
  const busy = client.request({ type: 'search', game: 'connect4', moves: '44', timeMs: 100 });
  client.cancel();
  assert.equal(workers[1].terminated, true);
  assert.equal(await busy, null);
  assert.equal(workers.length, 4, 'a new spare at once');
  client.request({ type: 'search', game: 'connect4', moves: '444', timeMs: 100 });
  assert.equal(workers[2].posted.at(-1).type, 'search', 'the old spare is the current worker now');
  workers[3].loaded();
  client.terminate();
});

test('terminate() twice, or cancel() after it, does nothing more; later requests resolve with null', async () => {
  const { client, workers } = fresh();
  client.terminate();
  client.terminate();
  client.cancel();
  assert.equal(workers[0].terminated, false, 'still loading: kept (the second call did not drop it again)');
  assert.equal(workers.length, 1, 'no new worker');
  assert.equal(await client.request({ type: 'search', game: 'connect4', moves: '', timeMs: 100 }), null);
  assert.equal(workers[0].posted.length, 1, 'nothing sent after terminate() (only the warm-up isready)');
  workers[0].loaded();
  await new Promise(setImmediate);
  assert.equal(workers[0].terminated, true, 'stopped once it has loaded');
  assert.equal(workers.length, 1, 'and no spare started for a closed client');
});

// (The page-wide count of dropped workers still loading is back at 0 here:
// every test above lets its dropped workers load, fail or time out.)
test('at most two dropped workers are kept loading; more are stopped at once', () => {
  const clients = [1, 2, 3, 4].map(() => fresh({ spare: false }));
  for (const c of clients) c.client.terminate();
  assert.deepEqual(clients.map((c) => c.workers[0].terminated), [false, false, true, true],
    'the first two kept while they load, the others stopped');
  clients[0].workers[0].loaded();
  const fifth = fresh({ spare: false });
  fifth.client.terminate();
  assert.equal(fifth.workers[0].terminated, false, 'a place freed when one has loaded');
  clients[1].workers[0].loaded();
  fifth.workers[0].loaded();
  assert.ok([...clients, fifth].every((c) => c.workers[0].terminated), 'all stopped in the end');
});
