// Registers the service worker (sw.js) that keeps the site for offline play
// and adds the cross-origin isolation headers where the host sends none.
// Only where it can work: a browser with service workers, on a page served
// over http(s) from a secure context (https, or localhost). A failure is
// harmless (the game runs from the network as before), so it is not
// reported as an error.
//
// A page opened before the service worker controlled it (the first visit)
// is not cross-origin isolated, so its engine runs single-threaded; when the
// worker takes the page over, the page reloads once to get its headers. Once
// per tab: if the reloaded page is still not isolated (a browser that does not
// honour headers from a service worker), it stays as it is, single-threaded.
// Not while the page says a reload would drop something (busy(): a running
// solve, say, or its answer on screen): it waits until it would not, checking
// every RELOAD_CHECK_MS.

const RELOADED = 'fourinarow.isolation-reload';

// Whether this tab already reloaded for isolation (sessionStorage may be refused).
function reloadedBefore() {
  try {
    return sessionStorage.getItem(RELOADED) === '1';
  } catch {
    return true;   // no way to remember it: never risk a reload loop
  }
}

const RELOAD_CHECK_MS = 1000;

/** @param {() => boolean} busy */
function reloadForIsolation(busy) {
  if (window.crossOriginIsolated || reloadedBefore()) return;
  if (busy()) {
    setTimeout(() => reloadForIsolation(busy), RELOAD_CHECK_MS);
    return;
  }
  try {
    sessionStorage.setItem(RELOADED, '1');
  } catch {
    return;
  }
  location.reload();
}

/**
 * @param {() => boolean} [busy]  whether a reload now would drop something
 * @param {Promise<unknown>} [after]  registers once this has settled too (the engine's start)
 */
export function registerOffline(busy = () => false, after = Promise.resolve()) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || !/^https?:$/.test(location.protocol)) return;
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', () => reloadForIsolation(busy), { once: true });
  }
  const register = () => {
    // updateViaCache 'none': update checks always see the new sw-manifest.js.
    navigator.serviceWorker.register('sw.js', { updateViaCache: 'none' })
      .catch((e) => console.warn(`Offline play unavailable: ${e && e.message ? e.message : e}`));
  };
  // After the page's own downloads and the engine's start (its worker's
  // script and wasm module), not competing with them: on a first visit the
  // service worker fetches the whole site.
  const loaded = document.readyState === 'complete' ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  Promise.all([loaded, after.catch(() => {})]).then(register);
}
