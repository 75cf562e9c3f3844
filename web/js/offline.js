// Registers the service worker (sw.js) that keeps the site for offline play.
// Only where it can work: a browser with service workers, on a page served
// over http(s) from a secure context (https, or localhost). A failure is
// harmless (the game runs from the network as before), so it is not
// reported as an error.

export function registerOffline() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || !/^https?:$/.test(location.protocol)) return;
  const register = () => {
    // updateViaCache 'none': update checks always see the new sw-manifest.js.
    navigator.serviceWorker.register('sw.js', { updateViaCache: 'none' })
      .catch((e) => console.warn(`Offline play unavailable: ${e && e.message ? e.message : e}`));
  };
  // After the page's own downloads (the engine, the book), not competing with them.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
