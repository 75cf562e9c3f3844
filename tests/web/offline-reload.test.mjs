// Node tests of the page's one reload for cross-origin isolation
// (web/app/offline.js) with stand-ins for the browser's service worker API:
// when the service worker takes over a page that is not isolated, the page
// reloads once, but not while it says a reload would drop something (a
// running solve, say); then it waits, checking every second, and reloads
// once nothing would be dropped.
import assert from 'node:assert/strict';
import test, { mock } from 'node:test';
import { ROOT } from './lib.mjs';

// The stand-ins; `fire()` is the service worker taking the page over.
function fakeBrowser({ isolated = false } = {}) {
  const page = { reloads: 0, listeners: [], stored: new Map() };
  const set = (name, value) => Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  set('window', { crossOriginIsolated: isolated, isSecureContext: true, addEventListener() {} });
  set('document', { readyState: 'complete' });
  set('location', { protocol: 'https:', reload: () => { page.reloads++; } });
  set('sessionStorage', { getItem: (k) => page.stored.get(k) ?? null, setItem: (k, v) => page.stored.set(k, String(v)) });
  set('navigator', {
    serviceWorker: {
      controller: null,
      addEventListener: (type, f) => { if (type === 'controllerchange') page.listeners.push(f); },
      register: () => Promise.resolve(),
    },
  });
  page.fire = () => { for (const f of page.listeners.splice(0)) f(); };
  return page;
}

const { registerOffline } = await import(`${ROOT}/web/app/offline.js`);

test('the service worker taking over: one reload at once when nothing would be dropped', () => {
  const page = fakeBrowser();
  registerOffline(() => false);
  page.fire();
  assert.equal(page.reloads, 1);
});

test('a busy page reloads only once it is idle, checking every second', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const page = fakeBrowser();
    let busy = true;
    registerOffline(() => busy);
    page.fire();
    assert.equal(page.reloads, 0, 'not while busy');
    mock.timers.tick(5000);
    assert.equal(page.reloads, 0, 'still busy five seconds later');
    busy = false;
    mock.timers.tick(999);
    assert.equal(page.reloads, 0, 'the next check is a second after the last');
    mock.timers.tick(1);
    assert.equal(page.reloads, 1, 'idle: reloaded');
    mock.timers.tick(10000);
    assert.equal(page.reloads, 1, 'once');
  } finally {
    mock.timers.reset();
  }
});

test('no reload on an isolated page, nor a second time in the same tab', () => {
  const isolated = fakeBrowser({ isolated: true });
  registerOffline(() => false);
  isolated.fire();
  assert.equal(isolated.reloads, 0, 'already isolated');
  const again = fakeBrowser();
  again.stored.set('fourinarow.isolation-reload', '1');
  registerOffline(() => false);
  again.fire();
  assert.equal(again.reloads, 0, 'this tab reloaded before');
});
