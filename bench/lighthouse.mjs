// Lighthouse's performance audit of the Play page, mobile (an emulated
// mid-range phone, its CPU 4x slower, the network throttled: Lighthouse's
// default) and desktop (its desktop preset), on the site of build/site served
// as scripts/play.sh serves it (scripts/serve.py: the isolation headers,
// gzip). Prints, per run, the score, first and largest contentful paint,
// total blocking time, the main thread's work with its style-and-layout
// part, and the long tasks over 200 ms; at the end the median of each.
//
//   scripts/build-site.sh && node bench/lighthouse.mjs [--runs N] [--against DIR] [--url-hash HASH]
//
// --against DIR audits a second site folder too (an older build: `git
// worktree add` + scripts/build-site.sh there), the two interleaved run by
// run, so that both see the same load: on a shared machine compare the
// figures of one run only. Lighthouse itself (npm `lighthouse`, pinned below;
// it runs on node 18.20+) is installed on first use into build/lighthouse,
// outside package.json: the tests do not need its 200 packages.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SITE, serveSite } from '../tests/web/lib.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const PREFIX = path.join(ROOT, 'build/lighthouse');
const BIN = path.join(PREFIX, 'node_modules/.bin/lighthouse');

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const runs = Number(option('--runs', '3'));
const against = option('--against', '');
const hash = option('--url-hash', '');
if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
  console.error('lighthouse.mjs: --runs must be an integer from 1 to 50');
  process.exit(2);
}
for (const dir of [SITE, against].filter(Boolean)) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`lighthouse.mjs: no site in ${dir} (build it with scripts/build-site.sh)`);
    process.exit(2);
  }
}
if (!fs.existsSync(BIN)) {
  console.log(`installing ${LIGHTHOUSE} into ${path.relative(ROOT, PREFIX)} ...`);
  fs.mkdirSync(PREFIX, { recursive: true });
  execFileSync('npm', ['install', '--prefix', PREFIX, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', LIGHTHOUSE],
    { stdio: 'inherit' });
}

const ms = (v) => Math.round(v);

// One audit: the figures of its JSON report.
function audit(url, formFactor) {
  const out = path.join(PREFIX, `report-${process.pid}.json`);
  const args = [url, '--only-categories=performance', '--output=json', `--output-path=${out}`, '--quiet',
    '--chrome-flags=--headless --no-sandbox --disable-gpu', ...(formFactor === 'desktop' ? ['--preset=desktop'] : [])];
  const r = spawnSync(BIN, args, { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM || '/usr/bin/chromium' },
    encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`lighthouse failed: ${r.stderr.slice(-2000)}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out, { force: true });
  const a = report.audits;
  const work = a['mainthread-work-breakdown'].details.items;
  const group = (g) => (work.find((w) => w.group === g) || { duration: 0 }).duration;
  const tasks = a['long-tasks'].details ? a['long-tasks'].details.items : [];
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    work: work.reduce((n, w) => n + w.duration, 0),
    style: group('styleLayout'),
    longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    long: tasks.filter((t) => t.duration > 200)
      .map((t) => `${ms(t.duration)} ${t.url.replace(/^.*\//, '') || 'page'}`),
  };
}

const line = (name, f) => `${name.padEnd(16)} score ${String(f.score).padStart(3)}  FCP ${ms(f.fcp)} ms  LCP ${ms(f.lcp)} ms`
  + `  TBT ${ms(f.tbt)} ms  main thread ${ms(f.work)} ms (style+layout ${ms(f.style)})  longest task ${ms(f.longest)} ms`;

const sites = [{ name: 'build/site', dir: SITE }, ...(against ? [{ name: path.basename(against), dir: against }] : [])];
const servers = await Promise.all(sites.map((s) => serveSite(s.dir)));
const results = {};
try {
  for (let run = 1; run <= runs; run++) {
    for (const formFactor of ['mobile', 'desktop']) {
      // Interleaved: which site goes first alternates from run to run.
      const order = run % 2 ? sites.map((_, i) => i) : sites.map((_, i) => i).reverse();
      for (const i of order) {
        const f = audit(`${servers[i].url}${hash}`, formFactor);
        const key = `${formFactor} ${sites[i].name}`;
        (results[key] ||= []).push(f);
        console.log(`run ${run} ${line(key, f)}${f.long.length ? `\n    tasks over 200 ms: ${f.long.join(', ')}` : ''}`);
      }
    }
  }
} finally {
  for (const s of servers) s.stop();
}
const median = (xs) => { const s = [...xs].sort((p, q) => p - q); return s[(s.length - 1) >> 1]; };
console.log(`\nmedians of ${runs} run(s):`);
for (const [key, fs_] of Object.entries(results)) {
  const m = Object.fromEntries(['score', 'fcp', 'lcp', 'tbt', 'work', 'style', 'longest'].map((k) => [k, median(fs_.map((f) => f[k]))]));
  console.log(line(key, m));
}
