// What the games' own play pages (einstein-view.js, connect3p-view.js) share:
// the worker that answers them (engine/games-worker.js), their keys while
// shown, the board redrawn when its size changes, and the tear-down. (The note
// on a link's bad fields and the status's passing message are lib/dom.js's.)
import { EngineClient } from '../engine/engine-client.js';

// The page's worker client: no spare worker (a page stops a search by
// terminating its worker) and no `isready` (the worker queues requests until
// its engine has loaded).
export const gamesWorker = (url = new URL('../engine/games-worker.js', import.meta.url)) =>
  new EngineClient(url, { spare: false, warmup: false });

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
