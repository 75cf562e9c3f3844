// Service worker: the game works with no network after the first visit.
//
// On install it downloads every file of the site listed in sw-manifest.js
// (written by scripts/precache.py at build time: relative paths and a version
// hash of their contents) into a cache named after that version; it only
// becomes active if all of them arrived. It answers the site's own files
// from that cache first (the network when a file is missing there) and leaves
// every other request alone. A new build has a new version, so the browser
// installs the new worker beside the old one; the old one keeps serving the
// pages it already controls from the old cache, and once they are closed the
// new one takes over and deletes the old caches: a page never gets a mix of
// two builds. Registered by app/offline.js.
//
// Cross-origin isolation where the host sends no headers (GitHub Pages):
// every response this worker serves (the site's own files) carries Cross-Origin-Opener-Policy
// same-origin and Cross-Origin-Embedder-Policy require-corp (and
// Cross-Origin-Resource-Policy same-origin), so a page it controls is
// isolated and the engine runs its threaded build (docs/hosting.md). A page
// opened before this worker controlled it is not; app/offline.js reloads it
// once when the worker takes it over.
// (The service worker's globals: eslint.config.mjs gives this file none.)
/* global PRECACHE, self, importScripts, caches, fetch, Request, Response, URL, Headers */
'use strict';

importScripts('sw-manifest.js');

const SCOPE = self.registration.scope;  // the site's folder: any sub-path of any host
// Caches of this site (another site may share the origin at another path).
const PREFIX = `gamesearch ${SCOPE} `;
const CACHE = PREFIX + PRECACHE.version;
const URLS = new Set(PRECACHE.files.map((f) => new URL(f, SCOPE).href));

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all([...URLS].map(async (url) => {
    // 'no-cache': revalidated with the server, never an older copy from the HTTP cache.
    const res = await fetch(new Request(url, { cache: 'no-cache' }));
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    // A redirected response cannot answer a navigation: keep its body only.
    const copy = res.redirected
      ? new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers: res.headers })
      : res;
    await cache.put(url, copy);
  }))).catch((e) => caches.delete(CACHE).then(() => { throw e; })));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    // The first visit's page too: its later requests (views loaded on demand) work offline.
    .then(() => self.clients.claim()));
});

const ISOLATION = [['Cross-Origin-Opener-Policy', 'same-origin'], ['Cross-Origin-Embedder-Policy', 'require-corp'],
  ['Cross-Origin-Resource-Policy', 'same-origin']];

// `res` with the isolation headers. (A new Response has no URL of its own, so
// a cached file answers under the address asked for: a worker's location is
// its script's response URL, and worker.js?book=off still sees its ?book=off.)
function isolated(res) {
  if (!res || res.type === 'opaque' || res.type === 'opaqueredirect' || res.status === 0) return res;
  const headers = new Headers(res.headers);
  for (const [name, value] of ISOLATION) headers.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  url.search = '';   // worker.js?book=off, ./?book=off: the same files
  url.hash = '';
  if (!URLS.has(url.href)) return;
  // The site's files (the documents and workers that need the headers among
  // them) from the cache, or the network when missing there; other requests
  // are left alone (same-origin subresources need no headers).
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(req, { ignoreSearch: true }))
    .then((hit) => hit || fetch(req))
    .then(isolated));
});
