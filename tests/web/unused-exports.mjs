// Fails on a dead export: every name a module of the page (web/<folder>/*.js)
// exports must be imported by another file of the page or of its tests
// (tests/web). Run by scripts/test-web.sh beside eslint.
//
// A module counts as imported by a file when the file names its path in a
// string (a static `import ... from`, a dynamic import(), a path in a table);
// the names it uses are those of its static imports, and for dynamic imports
// the destructured names and the `.name` member accesses of that file.
//
//   node tests/web/unused-exports.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const list = (dir, ext) => fs.readdirSync(path.join(ROOT, dir))
  .filter((f) => f.endsWith(ext)).map((f) => path.join(ROOT, dir, f));
// The page's modules: every folder of web/ (README.md: the layout of web/).
const folders = fs.readdirSync(path.join(ROOT, 'web'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => `web/${d.name}`);
const modules = folders.flatMap((dir) => list(dir, '.js'));
const users = [...modules, ...list('tests/web', '.mjs')];
const strip = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

// Names a module exports.
function exportsOf(text) {
  const names = new Set();
  for (const m of text.matchAll(/^export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)/gm)) names.add(m[1]);
  for (const m of text.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

// The modules a file refers to (absolute paths) and the names it may take from each.
function usesOf(file, text) {
  const uses = new Map();
  const add = (target, names) => {
    if (!uses.has(target)) uses.set(target, new Set());
    for (const n of names) uses.get(target).add(n);
  };
  const resolve = (spec) => {
    if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
    const m = spec.match(/(?:^|\/)(web\/[\w-]+\/[\w.-]+\.js)$/);
    return m ? path.join(ROOT, m[1]) : null;
  };
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const target = resolve(m[2]);
    if (target) add(target, m[1].split(',').map((p) => p.trim().split(/\s+as\s+/)[0]).filter(Boolean));
  }
  if (/\bimport\(/.test(text)) {
    // Dynamic imports: every member access and destructured name of the file.
    const names = new Set([...text.matchAll(/\.([A-Za-z_$][\w$]*)/g)].map((m) => m[1]));
    for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*await\s+import\(/g)) {
      for (const p of m[1].split(',')) names.add(p.trim().split(':')[0].trim());
    }
    for (const m of text.matchAll(/['"`]([^'"`\s]*\.js)['"`]/g)) {
      const target = resolve(m[1].replace(/^\$\{ROOT\}\//, ''));
      if (target) add(target, names);
    }
  }
  return uses;
}

const used = new Map();   // module -> names taken by other files
for (const file of users) {
  for (const [target, names] of usesOf(file, strip(fs.readFileSync(file, 'utf8')))) {
    if (target === file) continue;
    if (!used.has(target)) used.set(target, new Set());
    for (const n of names) used.get(target).add(n);
  }
}

const dead = [];
for (const file of modules) {
  const taken = used.get(file) || new Set();
  for (const name of exportsOf(strip(fs.readFileSync(file, 'utf8')))) {
    if (!taken.has(name)) dead.push(`${path.relative(ROOT, file)}: export '${name}' is imported nowhere`);
  }
}
if (dead.length) {
  console.error(`unused-exports: ${dead.length} dead export(s):\n  ${dead.join('\n  ')}`);
  process.exit(1);
}
console.log(`unused-exports: ${modules.length} modules, every export is used`);
