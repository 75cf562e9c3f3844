// What the games' own play pages (einstein-view.js, connect3p-view.js) share:
// their client of the engine worker (worker.js, the one worker of every game:
// `state` and `search` requests, docs/protocol.md), their keys while shown,
// the board redrawn when its size changes, and the tear-down. (The note
// on a link's bad fields and the status's passing message are lib/dom.js's.)
import { EngineClient } from '../engine/engine-client.js';

// The page's worker client: no spare worker (a page stops a search by
// terminating its worker), no `isready` (the worker queues requests until
// its engine has loaded) and no opening book (these games have none).
export const gamesWorker = (url = new URL('../worker.js?book=off', import.meta.url)) =>
  new EngineClient(url, { spare: false, warmup: false });

// The engine's reading of `position` in `game`'s notation (a `state` reply,
// with ok: true), or {ok: false, error} when the engine refuses it.
export async function readState(client, game, position) {
  try {
    return { ...(await client.request({ type: 'state', game, position })), ok: true };
  } catch (e) {
    return { ok: false, error: e && e.message ? e.message : String(e) };
  }
}

// Wires a page: onKey(event) for keys pressed outside form fields, draw() on
// every resize of `canvas`. Returns destroy(): unwires, terminates `client`,
// calls `stop` (the page's own: stale answers dropped) and removes the page's
// test hook document.body.dataset[hook].
export function wirePage({ canvas, draw, onKey, client, hook, stop }) {
  const keydown = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = /** @type {HTMLElement} */ (e.target);
    if (t && (t.tagName === 'SELECT' || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return;
    onKey(e);
  };
  document.addEventListener('keydown', keydown);
  const resize = new ResizeObserver(() => draw());
  resize.observe(canvas);
  return () => {
    stop();
    document.removeEventListener('keydown', keydown);
    resize.disconnect();
    client.terminate();
    delete document.body.dataset[hook];
  };
}
