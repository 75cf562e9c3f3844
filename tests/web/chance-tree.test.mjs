// Browser test of the tree explorer's chance view (web/tree/chance-view.js):
// EinStein würfelt nicht!'s expectiminimax, Star1 and Star2 in headless
// Chromium on the built site (scripts/build-site.sh -> build/site).
//
// Checks: #tree-stats names expectiminimax, star1 and star2 with the node
// counts the wasm module's own untraced searches give (run here under node on
// the same build), the lesson position and an explicit link (rolled, depth 3);
// chance nodes drawn as circles, the edges out of a chance node labelled with
// their faces and probability (those of the root covering the six faces once,
// 6/6 in all), moves on the edges out of decision nodes; Star1's cut-offs with
// their reason; the tree has exactly the engine's node count once expanded; a
// bad position and a too-deep link give clear messages; the explorer's own
// page (tree/index.html) sends the game to the main page; the other games'
// explorer still opens; no console errors. Screenshots at phone and desktop
// size: build/screenshots/chance-tree-*.png; axe-core finds no WCAG A/AA
// violation (light and dark).
//
//   node --test --test-concurrency=1 tests/web/chance-tree.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, SHOTS, SITE, runBrowserTest } from './lib.mjs';
import { axeViolations } from './page-helpers.mjs';

const ENGINE = path.join(SITE, 'engine');
if (!fs.existsSync(path.join(ENGINE, 'gamesearch.wasm')) || !fs.readFileSync(path.join(ENGINE, 'gamesearch.wasm')).includes('einsteinTreeTrace')) {
  throw new Error('chance-tree.test: build/site has no engine with einsteinTreeTrace (run scripts/build-site.sh)');
}

async function engine() {
  const require = createRequire(import.meta.url);
  const create = require(path.join(ENGINE, 'gamesearch.js'));
  return create({ wasmBinary: fs.readFileSync(path.join(ENGINE, 'gamesearch.wasm')) });
}

// {expectimax: n, star1: n, star2: n} from the module's untraced searches.
const countsOf = (m, position, depth) => {
  const r = m.einsteinTreeCounts(position, depth);
  assert.equal(r.error, '', `engine counts of ${position}`);
  return Object.fromEntries(r.algorithms.map((a) => [a.algorithm, a.nodes]));
};

// {expectimax, star1, star2} as #tree-stats shows them ("expectiminimax 102 nodes …").
function statsOf(text) {
  const get = (name) => Number((new RegExp(`${name} ([\\d,]+) nodes`).exec(text) || [])[1]?.replaceAll(',', ''));
  return { expectimax: get('expectiminimax'), star1: get('star1'), star2: get('star2') };
}

const ready = (page) => page.waitForSelector('.tv-chance[data-ready="true"]', { timeout: 30000 });
const hashParam = (page, key) => page.evaluate((k) => new URLSearchParams(location.hash.slice(1)).get(k), key);

runBrowserTest('chance view: EinStein expectiminimax tree with chance nodes, Star1 cuts and the engine counts', async ({ browser, url }) => {
  const m = await engine();
  const errors = [];
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (e) => errors.push(e.message));

  // The lesson position: no position= in the link.
  await page.goto(`${url}index.html#view=tree&game=einstein`);
  await ready(page);
  const lesson = await hashParam(page, 'position');
  assert.ok(lesson && /^\d{6}\/\d{6}:/.test(lesson), `the hash names the lesson position (${lesson})`);
  assert.equal(await hashParam(page, 'depth'), '2', 'default depth 2');
  const truth = countsOf(m, lesson, 2);
  const shown = statsOf(await page.textContent('#tree-stats'));
  assert.deepEqual(shown, truth, '#tree-stats = the engine\'s node counts (expectiminimax, star1, star2)');
  assert.ok(truth.star1 < truth.expectimax, `Star1 prunes on the lesson position (${truth.star1} < ${truth.expectimax})`);
  assert.match(await page.textContent('#tree-stats'), /expectiminimax [\d,]+ nodes[\s\S]*star1 [\d,]+ nodes/, 'names each algorithm with its count');
  assert.ok((await page.textContent('.tv-tree-title')).includes(`star1, ${truth.star1} nodes`), 'the tree title gives Star1\'s count');
  await page.screenshot({ path: path.join(SHOTS, 'chance-tree-desktop.png') });

  // Chance nodes are circles; the edges out of one carry faces and probability.
  assert.equal(await page.getAttribute('.tv-row[data-node="0"]', 'data-kind'), 'chance', 'the lesson root is a chance node (Blue to roll)');
  assert.ok(await page.locator('.tv-row[data-kind="chance"] svg.tv-shape-chance circle').count() > 0, 'chance nodes drawn as circles');
  const probs = await page.locator('.tv-row[data-kind="decision"] .tv-prob').allTextContents();
  assert.ok(probs.length > 0 && probs.every((p) => /^[1-6](,[1-6])* · [1-6]\/6$/.test(p)), `probability labels (${probs.join(' | ')})`);

  // Expand everything: one row per node the engine counted, Star1's cuts with their reason.
  await page.click('text=Expand all');
  assert.equal(await page.locator('.tv-tree .tv-row[data-node]').count(), truth.star1, 'every node of the trace is drawn');
  const cuts = await page.locator('.tv-chip-cut').allTextContents();
  assert.ok(cuts.some((c) => /^Star1 cut: (upper bound \S+ ≤ α|lower bound \S+ ≥ β) = \S+, \d+ outcomes? pruned$/.test(c)),
    `Star1 cut-offs with their reason (${cuts.slice(0, 3).join(' | ')})`);
  assert.ok(await page.locator('.tv-row[data-kind="chance"] .tv-move').count() > 0, 'moves on the edges into chance nodes');

  // Expectiminimax: the root's outcomes cover the six faces once (6/6).
  await page.click('.tv-algo[data-algorithm="expectimax"]');
  await page.waitForFunction(() => /expectiminimax, \d+ nodes/.test(document.querySelector('.tv-tree-title')?.textContent ?? ''), null, { timeout: 20000 });
  assert.equal(await hashParam(page, 'algo'), 'expectimax', 'the algorithm goes into the link');
  const rootKids = await page.locator('.tv-tree > .tv-item > .tv-children > .tv-item > .tv-row .tv-prob').allTextContents();
  const faces = rootKids.flatMap((p) => p.split(' · ')[0].split(',').map(Number)).sort();
  const weights = rootKids.reduce((s, p) => s + Number(/(\d)\/6$/.exec(p)[1]), 0);
  assert.deepEqual(faces, [1, 2, 3, 4, 5, 6], `the root's outcomes: every face once (${rootKids.join(' | ')})`);
  assert.equal(weights, 6, 'their probabilities sum to 6/6');
  assert.ok(rootKids.some((p) => p.includes(',')), 'merged faces are written together ("1,2 · 2/6")');

  // An explicit link: docs/einstein.md's example, rolled, depth 3.
  const example = '123456/654321:66d,44h,5';
  await page.goto(`${url}index.html#view=tree&game=einstein&position=${encodeURIComponent(example)}&depth=3&algo=star2`);
  await page.waitForFunction(() => /star2, \d+ nodes/.test(document.querySelector('.tv-tree-title')?.textContent ?? ''), null, { timeout: 30000 });
  await ready(page);
  assert.deepEqual(statsOf(await page.textContent('#tree-stats')), countsOf(m, example, 3), 'the example\'s counts at depth 3');
  assert.equal(await page.getAttribute('.tv-row[data-node="0"]', 'data-kind'), 'decision', 'a rolled root is a decision node');
  assert.ok((await page.textContent('.tv-msg')).includes('Red rolled 5'), 'the message names the roll');
  assert.equal(await page.inputValue('#tree-position'), example);

  // A bad position and a depth over the cap.
  await page.goto(`${url}index.html#view=tree&game=einstein&position=${encodeURIComponent('1234x6/654321')}`);
  await page.waitForFunction(() => document.querySelector('.tv-msg')?.textContent.includes('Cannot explore'), null, { timeout: 20000 });
  const bad = await page.textContent('.tv-msg');
  assert.match(bad, /Cannot explore this position — position: Red's set-up needs six digits 1-6 \(or \?\): found 'x' at position 5/, bad);
  assert.equal(await page.locator('.tv-tree .tv-row').count(), 0, 'no tree for a bad position');
  await page.goto(`${url}index.html#view=tree&game=einstein&position=${encodeURIComponent(example)}&depth=9`);
  await page.waitForFunction(() => document.querySelector('.tv-msg')?.textContent.includes('capped at 4'), null, { timeout: 30000 });
  assert.equal(await hashParam(page, 'depth'), '4', 'the link is rewritten with the capped depth');

  // The explorer's own page sends a dice game to the main page's chance view.
  await page.goto(`${url}tree/index.html#game=einstein&depth=3`);
  await page.waitForFunction(() => /star1, \d+ nodes/.test(document.querySelector('.tv-tree-title')?.textContent ?? ''), null, { timeout: 30000 });
  assert.match(page.url(), /\/index\.html#.*view=tree/, `redirected to the main page (${page.url()})`);
  assert.equal(await hashParam(page, 'depth'), '3');

  // The other games' explorer still opens from the same page.
  await page.goto(`${url}index.html#view=tree&game=tictactoe&moves=1524`);
  await page.waitForFunction(() => /minimax 157\b/.test(document.querySelector('#tree-stats')?.textContent ?? ''), null, { timeout: 30000 });
  assert.equal(await page.locator('.tv-chance').count(), 0, 'the chance view is gone');
  // ... and its game picker leads to the dice game's tree.
  await page.selectOption('#tree-game', 'einstein');
  await page.waitForFunction(() => /star1, \d+ nodes/.test(document.querySelector('.tv-tree-title')?.textContent ?? ''), null, { timeout: 30000 });
  assert.equal(await hashParam(page, 'game'), 'einstein');

  // A phone.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  phone.on('pageerror', (e) => errors.push(e.message));
  await phone.goto(`${url}index.html#view=tree&game=einstein`);
  await ready(phone);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow} px)`);
  await phone.screenshot({ path: path.join(SHOTS, 'chance-tree-phone.png'), fullPage: false });

  // axe-core: no WCAG 2.x A/AA violation, light and dark, the tree expanded
  // (the strict CSP refuses the injected script: bypassed for the test only).
  const axe = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme, bypassCSP: true });
    const p = await context.newPage();
    await p.goto(`${url}index.html#view=tree&game=einstein&algo=star2`);
    await ready(p);
    await p.click('text=Expand all');
    await p.addScriptTag({ content: axe });
    const violations = await axeViolations(p);
    assert.deepEqual(violations, [], `axe, ${colorScheme}`);
    await context.close();
  }

  assert.deepEqual(errors, [], 'no console errors');
  assert.ok(fs.existsSync(path.join(ROOT, 'build/screenshots/chance-tree-phone.png')));
});
