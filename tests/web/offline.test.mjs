// Installable and offline (web/sw.js, web/manifest.webmanifest,
// scripts/precache.py): the precache list covers the site and its version
// follows the files' contents; in Chromium, after one visit the network is
// cut (context.setOffline, and the site's folder renamed on the server, so
// that a request reaching it fails) and a reload plays a whole Connect Four
// game, the first computer move from the opening book; then a new build (one
// changed file) is installed beside the old one and, once the old page is
// closed, replaces it: the new cache alone, with the new file. The site is
// served from a sub-path (/app/): relative paths only.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import { ROOT, runBrowserTest, SITE } from './lib.mjs';
import { moves, open, playWholeGame, settle, watchErrors } from './page-helpers.mjs';

const PRECACHE = path.join(ROOT, 'scripts/precache.py');

// Runs the generator on `dir`; returns {version, files} from the sw-manifest.js it wrote.
function precache(dir) {
  const printed = execFileSync('python3', [PRECACHE, dir], { encoding: 'utf8' }).trim();
  const text = fs.readFileSync(path.join(dir, 'sw-manifest.js'), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  assert.equal(manifest.version, printed);
  return manifest;
}

function tempSite(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-precache-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

test('precache list and version', () => {
  const files = { 'index.html': '<p>a', 'sw.js': '// sw', 'js/main.js': 'x = 1;', 'tree/index.html': 't', '_headers': '/*' };
  const a = precache(tempSite(files));
  const same = precache(tempSite(files));
  const changed = precache(tempSite({ ...files, 'js/main.js': 'x = 2;' }));
  const { 'js/main.js': main, ...rest } = files;
  const renamed = precache(tempSite({ ...rest, 'js/other.js': main }));
  const newWorker = precache(tempSite({ ...files, 'sw.js': '// sw 2' }));
  assert.equal(a.version, same.version, 'the same files give the same version');
  for (const [what, other] of [['a changed file', changed], ['a renamed file', renamed], ['a changed sw.js', newWorker]]) {
    assert.notEqual(a.version, other.version, `${what} gives a new version (a new cache name)`);
  }
  assert.deepEqual(a.files, ['./', 'tree/', 'index.html', 'js/main.js', 'tree/index.html'],
    'every file, the folders with an index.html, not the service worker itself nor the host\'s _headers');

  // The real site: everything the app needs, relative paths only.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-precache-'));
  fs.cpSync(SITE, copy, { recursive: true });
  const site = precache(copy);
  for (const f of ['./', 'index.html', 'style.css', 'favicon.svg', 'manifest.webmanifest', 'worker.js', 'app/main.js',
    'app/offline.js', 'study/study.js', 'app/router.js', 'engine/trace-engine.js', 'engine/gamesearch.js',
    'engine/gamesearch.wasm', 'engine/gamesearch-mt.js', 'engine/gamesearch-mt.wasm', 'engine/gamesearch-mt.worker.js', 'engine/link.js', 'engine/link.wasm', 'book.bin', 'levels.json', 'study/index.json',
    'lib/charts.js', 'lib/charts.css', 'vendor/d3.min.js', 'vendor/plot.umd.min.js']) {
    assert.ok(site.files.includes(f), `${f} is precached`);
  }
  assert.ok(!site.files.some((f) => f.startsWith('/') || f.includes('..') || /^sw(-manifest)?\.js$/.test(f)),
    'relative paths, the service worker not among them');
});

// build/site copied under parent/app/ (served from parent: a sub-path).
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-offline-'));
const app = path.join(parent, 'app');
fs.cpSync(SITE, app, { recursive: true });
// The page outside the site's scope that the update step opens: a blank page
// with an empty icon, not the server's folder listing, whose /favicon.ico
// request (a 404 the browser may log late) would land among the next page's
// console errors.
fs.writeFileSync(path.join(parent, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>outside</title><link rel="icon" href="data:,"></head><body></body></html>\n');

const cacheNames = (page) => page.evaluate(() => caches.keys());
const bookOk = (page) => page.waitForFunction(
  () => document.getElementById('book-status').dataset.status === 'ok', null, { timeout: 20000 });

await runBrowserTest('offline after the first visit, and updates', async ({ browser, url }) => {
  const site = `${url}app/`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  let page = await context.newPage();
  const errors = watchErrors(page);

  console.log('first visit: the manifest is linked, the service worker installs and controls the page');
  await open(page, site, '#game=connect4&moves=&ai=1&level=perfect');
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    return link && (await fetch(link.getAttribute('href'))).json();
  });
  assert.ok(manifest && manifest.name === 'Four in a Row' && manifest.start_url === '.' && manifest.display === 'standalone',
    `manifest: ${JSON.stringify(manifest)}`);
  assert.ok(await page.evaluate(() => document.querySelectorAll('meta[name="theme-color"]').length > 0), 'theme-color');
  const scope = await page.evaluate(() => Promise.race([navigator.serviceWorker.ready.then((r) => r.scope),
    new Promise((resolve) => { setTimeout(() => resolve('no service worker within 15 s'), 15000); })]));
  assert.equal(scope, site, 'the service worker\'s scope is the site\'s folder');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 15000 });
  assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the page is controlled');
  const [firstCache, ...others] = await cacheNames(page);
  assert.ok(firstCache && others.length === 0, `one cache: ${firstCache}, ${others}`);

  console.log('offline: the reload plays a whole game, the book included');
  fs.renameSync(app, `${app}-away`);   // whatever still reaches the server gets a 404
  await context.setOffline(true);
  const network = [];
  page.on('response', (r) => { if (!r.fromServiceWorker() && !r.url().startsWith('data:')) network.push(r.url()); });
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 15000 });
  await bookOk(page);
  await page.click('#new-game');
  await settle(page);
  const depth = await page.textContent('#think-depth');
  assert.ok(await moves(page) === '4' && depth === 'book', `the computer opened from the book: ${await moves(page)}, depth "${depth}"`);
  const line = await playWholeGame(page, 'connect4');
  assert.ok(await page.evaluate(() => document.body.dataset.state) === 'game-over', `the game ended: ${line}`);
  // ?book=off reaches the worker through the cache too (the worker's address keeps it).
  await page.goto(`${site}?book=off#game=connect4&moves=&ai=1&level=perfect`);
  await page.waitForFunction(() => document.getElementById('book-status').dataset.status === 'off', null, { timeout: 15000 });
  await settle(page);
  assert.notEqual(await page.textContent('#think-depth'), 'book', 'offline, ?book=off: the first move is searched');
  // The Study view's charts: their library (vendor/) and data come from the cache too.
  await page.goto(`${site}#view=study`);
  await page.waitForSelector('.study-plots[data-charts="drawn"]', { timeout: 15000 });
  assert.ok(await page.$$eval('.study-plots svg.gs-chart', (s) => s.length) >= 3, 'offline: the study\'s charts are drawn');
  assert.deepEqual(network, [], 'every response came from the service worker');
  assert.deepEqual(errors, [], 'no console errors, failed requests or exceptions');

  console.log('a new build (one changed file) replaces the old one once its page is closed');
  await context.setOffline(false);
  fs.renameSync(`${app}-away`, app);
  fs.appendFileSync(path.join(app, 'style.css'), '\n/* build 2 */\n');
  const version2 = precache(app).version;
  assert.ok(!firstCache.endsWith(version2), 'a new version');
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg.update();
    const sw = reg.installing || reg.waiting;
    if (sw && sw.state !== 'installed') {
      await new Promise((resolve) => sw.addEventListener('statechange', () => { if (sw.state !== 'installing') resolve(); }));
    }
  });
  const both = await cacheNames(page);
  assert.ok(both.includes(firstCache) && both.some((n) => n.endsWith(version2)), `old and new caches while the old page is open: ${both}`);
  const oldCss = await page.evaluate(async () => (await fetch('style.css')).text());
  assert.ok(!oldCss.includes('build 2'), 'the open page keeps its own build');
  await page.close();
  // From a page outside the scope (parent/index.html): the new worker takes over.
  page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.getRegistration('app/');
    return reg && reg.active && !reg.waiting && !reg.installing;
  }, null, { timeout: 10000 });
  const errors2 = watchErrors(page);
  await open(page, site);
  await page.waitForFunction(async () => (await caches.keys()).length === 1, null, { timeout: 10000 });
  const [cache2] = await cacheNames(page);
  assert.ok(cache2.endsWith(version2), `the new cache alone: ${cache2}`);
  const css = await page.evaluate(async () => (await fetch('style.css')).text());
  assert.ok(css.includes('build 2'), 'the new build\'s file');
  assert.deepEqual(errors2, [], 'no console errors after the update');
  await context.close();
}, { dir: parent });
