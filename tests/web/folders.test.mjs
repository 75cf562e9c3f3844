// The layout of web/ (README.md): a folder per part of the page, and no import
// cycle between folders. A module's dependencies are the modules it names by a
// relative path: static imports, dynamic import()s, the module tables the
// router passes to import(), workers started by `new URL(..., import.meta.url)`
// and JSDoc type imports. The shared folders (lib/: helpers, engine/: the
// workers and their clients) import no view folder, so any view can use them.
// Fast: reads the sources, starts no browser.
//
//   node --test tests/web/folders.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { ROOT } from './lib.mjs';

const WEB = path.join(ROOT, 'web');
// The site's vendor/ folder is not in web/: scripts/build-site.sh copies the
// chart library's bundles there from node_modules (npm, package.json).
const VENDOR = { 'vendor/d3.min.js': 'd3/dist/d3.min.js', 'vendor/plot.umd.min.js': '@observablehq/plot/dist/plot.umd.min.js' };
// What each shared folder may import besides itself.
const SHARED = { lib: [], engine: ['lib'] };

const folders = fs.readdirSync(WEB, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const modules = folders.flatMap((dir) => fs.readdirSync(path.join(WEB, dir))
  .filter((f) => f.endsWith('.js')).map((f) => path.join(dir, f)));

// The files of web/ that `file` (a path under web/) names by a relative path.
function dependencies(file) {
  const text = fs.readFileSync(path.join(WEB, file), 'utf8');
  const specs = [
    ...text.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ...text.matchAll(/new URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url/g),
    // module tables: a relative path to a .js file in any string
    ...text.matchAll(/['"](\.{1,2}\/[\w./-]+\.js)['"]/g),
  ].map((m) => m[1].replace(/[?#].*$/, ''));   // (a query, e.g. worker.js?book=off, is not part of the file's name)
  return [...new Set(specs)].map((spec) => path.normalize(path.join(path.dirname(file), spec)))
    .filter((target) => !target.startsWith('..'));
}

// folder -> the folders its modules depend on (itself left out)
const graph = new Map(folders.map((f) => [f, new Set()]));
const because = new Map();   // "a -> b" -> an example "file -> target"
for (const file of modules) {
  const from = file.split(path.sep)[0];
  for (const target of dependencies(file)) {
    const to = target.split(path.sep)[0];
    if (to === from || !graph.has(to)) continue;
    graph.get(from).add(to);
    if (!because.has(`${from} -> ${to}`)) because.set(`${from} -> ${to}`, `${file} -> ${target}`);
  }
}

test('web/: every relative import names a file that exists', () => {
  for (const file of modules) {
    for (const target of dependencies(file)) {
      const vendor = VENDOR[target.split(path.sep).join('/')];
      if (vendor) {
        assert.ok(fs.existsSync(path.join(ROOT, 'node_modules', vendor)), `${file} names ${target}: ${vendor} is not in node_modules`);
        continue;
      }
      const found = fs.existsSync(path.join(WEB, target)) || fs.existsSync(path.join(WEB, `${target}.d.ts`));
      assert.ok(found, `${file} names ${target}, which is not in web/`);
    }
  }
});

test('web/: no import cycle between folders', () => {
  // Depth-first search; a folder met again while still on the path closes a cycle.
  const state = new Map();   // folder -> 'open' | 'done'
  const walk = (folder, trail) => {
    state.set(folder, 'open');
    for (const next of graph.get(folder)) {
      if (state.get(next) === 'open') {
        const cycle = [...trail.slice(trail.indexOf(next)), next];
        const edges = cycle.slice(1).map((to, i) => because.get(`${cycle[i]} -> ${to}`));
        assert.fail(`folders import each other: ${cycle.join(' -> ')} (${edges.join('; ')})`);
      }
      if (!state.has(next)) walk(next, [...trail, next]);
    }
    state.set(folder, 'done');
  };
  for (const folder of folders) if (!state.has(folder)) walk(folder, [folder]);
});

test('web/: the shared folders import no view folder', () => {
  for (const [folder, allowed] of Object.entries(SHARED)) {
    assert.ok(graph.has(folder), `web/${folder}/ exists`);
    for (const to of graph.get(folder)) {
      assert.ok(allowed.includes(to), `web/${folder}/ imports web/${to}/ (${because.get(`${folder} -> ${to}`)})`);
    }
  }
});
