// What the games' own play pages (einstein-view.js, connect3p-view.js) share:
// the worker that answers them (games-worker.js), the note on a link's bad
// fields, their keys while shown, the board redrawn when its size changes,
// and the tear-down.
import { h } from '../js/dom.js';
import { EngineClient } from '../js/engine-client.js';

// say(text) for a page's status line: `text` for a moment (3 s), then what
// it said before, unless it changed meanwhile (dom.js newGameKey's message).
export function sayForAMoment(status) {
  return (text) => {
    const before = status.textContent;
    status.textContent = text;
    setTimeout(() => { if (status.textContent === text) status.textContent = before; }, 3000);
  };
}

// A link's field value as a message quotes it (at most 20 characters).
export const clip = (text) => (text.length > 20 ? `${text.slice(0, 20)}…` : text);

// The note under a page's status that names the fields of its link it could
// not use: a live region in the page from the start (so that its sentence is
// announced), emptied by New game. say(errors) writes the sentence.
export function linkNote(id) {
  const el = h('p', { id, class: 'link-note', 'aria-live': 'polite' });
  return {
    el,
    say(errors) { el.textContent = errors.length ? `Part of this link could not be used: ${errors.join('; ')}. The rest was.` : ''; },
  };
}

// The page's worker client: no spare worker (a page stops a search by
// terminating its worker) and no `isready` (the worker queues requests until
// its engine has loaded).
export const gamesWorker = (url = new URL('./games-worker.js', import.meta.url)) =>
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
