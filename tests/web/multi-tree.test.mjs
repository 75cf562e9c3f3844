// Browser test of the tree explorer's three-player view (web/tree/multi-view.js):
// Connect Four for three's max^n beside paranoid search in headless Chromium
// on the built site (scripts/build-site.sh -> build/site).
//
// Checks: #tree-stats reads "maxn N · paranoid M · maxn-plain P · brs B" with the
// node counts the wasm module's own untraced searches give (run here under
// node on the same build), on the lesson position (docs/connect3p.md's, where
// max^n plays column 4 and paranoid column 5) and an explicit link; once
// expanded, each tree has one row per node the engine counted, every max^n
// row shows the engine's vector with the right entry framed (the mover's, at
// a leaf its parent's mover's), every paranoid row the engine's value; a
// shallow cut-off and alpha-beta cut-offs with their reasons, whose numbers
// hold; the keyboard opens a node; the explorer's game picker and the play
// page's link reach the view; a bad position and a too-deep link give clear
// messages; on a phone one tree at a time (two buttons switch) and no
// sideways scrolling. Screenshots: build/screenshots/multi-tree-*.png; axe-core
// finds no WCAG A/AA violation (light and dark); no console errors.
//
//   node --test --test-concurrency=1 tests/web/multi-tree.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, SHOTS, SITE, runBrowserTest } from './lib.mjs';
import { axeViolations } from './page-helpers.mjs';

const ENGINE = path.join(SITE, 'engine');
if (!fs.existsSync(path.join(ENGINE, 'gamesearch.wasm')) || !fs.readFileSync(path.join(ENGINE, 'gamesearch.wasm')).includes('connect3pTree')) {
  throw new Error('multi-tree.test: build/site has no engine with connect3pTree (run scripts/build-site.sh)');
}

async function engine() {
  const require = createRequire(import.meta.url);
  const create = require(path.join(ENGINE, 'gamesearch.js'));
  return create({ wasmBinary: fs.readFileSync(path.join(ENGINE, 'gamesearch.wasm')) });
}

const LESSON = '996997118';
const NAMES = ['Red', 'Yellow', 'Green'];

// The module's answer for a position: {counts: {maxn, paranoid, 'maxn-plain', brs} (#tree-stats' counts),
// by: every algorithm's answer (brs's too), trees: {maxn, paranoid, brs}, ...}.
function truthOf(m, moves, depth) {
  const r = JSON.parse(m.connect3pTree(moves, depth));
  assert.equal(r.ok, true, `engine answer for ${moves}`);
  const stats = ['maxn', 'paranoid', 'maxn-plain', 'brs'];
  return { ...r, counts: Object.fromEntries(r.algorithms.filter((a) => stats.includes(a.algorithm)).map((a) => [a.algorithm, a.nodes])),
    by: Object.fromEntries(r.algorithms.map((a) => [a.algorithm, a])),
    trees: Object.fromEntries(r.trees.map((t) => [t.algorithm, t])) };
}

// "maxn 353 · paranoid 198 · maxn-plain 820 · brs 287 nodes" -> numbers.
function statsOf(text) {
  const m = /^maxn ([\d,]+) · paranoid ([\d,]+) · maxn-plain ([\d,]+) · brs ([\d,]+) nodes$/.exec(text.trim());
  assert.ok(m, `#tree-stats reads "maxn N · paranoid M · maxn-plain P · brs B nodes" (${text})`);
  const count = (x) => Number(x.replaceAll(',', ''));
  return { maxn: count(m[1]), paranoid: count(m[2]), 'maxn-plain': count(m[3]), brs: count(m[4]) };
}

const ready = (page) => page.waitForSelector('.tv-multi[data-ready="true"]', { timeout: 30000 });
const hashParam = (page, key) => page.evaluate((k) => new URLSearchParams(location.hash.slice(1)).get(k), key);
const pane = (id) => `.tv-mpane[data-pane="${id}"]`;

// Every drawn row of a pane: node index, vector entries, the framed entry, the value text.
const rowsOf = (page, id) => page.$$eval(`${pane(id)} .tv-row[data-node]`, (rows) => rows.map((r) => ({
  node: Number(/** @type {HTMLElement} */ (r).dataset.node),
  vector: [...r.querySelectorAll('.tv-ve')].map((e) => e.textContent),
  framed: [...r.querySelectorAll('.tv-ve-hi')].map((e) => Number(/** @type {HTMLElement} */ (e).dataset.player)),
  value: r.querySelector('.tv-val')?.textContent ?? '',
  edge: r.querySelector('.tv-move')?.textContent ?? '',
  who: r.querySelector('.tv-who')?.textContent ?? '',
})));

runBrowserTest('three-player view: max^n vectors beside paranoid, cut-offs with reasons and the engine counts', async ({ browser, url }) => {
  const m = await engine();
  const errors = [];
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (e) => errors.push(e.message));

  // The lesson position: no moves= in the link.
  await page.goto(`${url}index.html#view=tree&game=connect3p`);
  await ready(page);
  assert.equal(await hashParam(page, 'moves'), LESSON, 'the hash names the lesson position');
  assert.equal(await hashParam(page, 'depth'), '3', 'default depth 3');
  const truth = truthOf(m, LESSON, 3);
  assert.deepEqual(statsOf(await page.textContent('#tree-stats')), truth.counts, '#tree-stats = the engine\'s node counts');
  assert.ok(truth.counts.paranoid < truth.counts.maxn && truth.counts.maxn < truth.counts['maxn-plain'],
    `paranoid < maxn < maxn-plain (${JSON.stringify(truth.counts)})`);
  assert.equal(truth.by.maxn.move, 4, 'max^n plays column 4 on the lesson position');
  assert.equal(truth.by.paranoid.move, 5, 'paranoid plays column 5');
  const differ = await page.textContent('#tree-differ');
  assert.match(differ, /max\^n: Red plays column 4 .*paranoid: Red plays column 5/, differ);
  assert.match(differ, /They differ: .*Red trusts Yellow to stop Green/, differ);
  for (const id of ['maxn', 'paranoid']) {
    assert.ok((await page.textContent(`${pane(id)} .tv-tree-title`)).startsWith(`(${truth.counts[id]} nodes`), `${id} tree title gives its count`);
  }
  // Both trees side by side on a desktop.
  const boxes = await Promise.all(['maxn', 'paranoid', 'brs'].map((id) => page.locator(pane(id)).boundingBox()));
  assert.ok(boxes[0] && boxes[1] && boxes[1].x > boxes[0].x + boxes[0].width - 1 && Math.abs(boxes[1].y - boxes[0].y) < 2, 'side by side');
  // Best-reply search's tree below them, its count in its title, its move the engine's.
  assert.ok(boxes[2] && boxes[2].y > boxes[0].y + 10, 'the best-reply tree below');
  assert.ok((await page.textContent(`${pane('brs')} .tv-tree-title`)).startsWith(`(${truth.by.brs.nodes} nodes`), 'brs tree title gives its count');
  assert.match(await page.textContent(`${pane('brs')} .tv-tree-title`), new RegExp(`plays column ${truth.by.brs.move}\\)$`));
  assert.equal(truth.by.brs.move, 5, 'best-reply search blocks column 5 (Green\'s win is the best reply to any other move)');

  // The root's vector: the engine's, Red's entry framed.
  const root = (await rowsOf(page, 'maxn'))[0];
  assert.deepEqual(root.vector, truth.by.maxn.values.map((v, k) => `${'RYG'[k]} ${v}`), 'the root\'s vector');
  assert.deepEqual(root.framed, [0], 'Red\'s entry framed at the root');

  // The keyboard opens a node.
  await page.focus(`${pane('maxn')} .tv-row[data-node="1"]`);
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute(`${pane('maxn')} .tv-row[data-node="1"]`, 'aria-expanded'), 'true', 'Enter expands a node');
  assert.ok(await page.locator(`${pane('maxn')} .tv-row[data-node="2"]`).count() === 1, 'its children are shown');

  // Expand everything: one row per node, every vector and framed entry the engine's.
  for (const id of ['maxn', 'paranoid']) {
    await page.click(`${pane(id)} button:has-text("Expand all")`);
    const t = truth.trees[id];
    const rows = await rowsOf(page, id);
    assert.equal(rows.length, truth.counts[id], `${id}: every node of the trace is drawn`);
    for (const r of rows) {
      const i = r.node;
      const leaf = t.end[i] === i + 1;
      const v = t.values.slice(3 * i, 3 * i + 3);
      if (id === 'maxn') {
        assert.deepEqual(r.vector, v.map((x, k) => `${'RYG'[k]} ${x}`), `max^n node ${i}: the engine's vector`);
        const key = leaf ? t.mover[t.parent[i]] : t.mover[i];
        assert.deepEqual(r.framed, [key], `max^n node ${i}: ${NAMES[key]}'s entry framed`);
      } else {
        assert.match(r.value, new RegExp(`^Red (≥ |≤ )?${t.value[i]}$`), `paranoid node ${i}: the engine's value`);
        if (leaf) assert.deepEqual(r.framed, [0], `paranoid leaf ${i}: Red's entry framed`);
      }
    }
  }
  // The cut-offs with their reasons, numbers that hold.
  const shallow = await page.locator(`${pane('maxn')} .tv-chip-cut`).allTextContents();
  assert.equal(shallow.length, truth.by.maxn.shallowCuts, 'one reason per shallow cut-off the engine counted');
  assert.ok(shallow.length > 0, 'the lesson tree has shallow cut-offs');
  for (const c of shallow) {
    const x = /^shallow cut: (Red|Yellow|Green) has ≥ (\d+) ≥ 1000 − (\d+), so (Red|Yellow|Green) gets ≤ (\d+) ≤ (\d+) here and keeps its earlier move, (\d+) moves? pruned$/.exec(c);
    assert.ok(x, `a shallow cut's reason (${c})`);
    const [got, b, rest, b2] = [Number(x[2]), Number(x[3]), Number(x[5]), Number(x[6])];
    assert.ok(got >= 1000 - b && rest === 1000 - got && rest <= b2 && b === b2 && x[1] !== x[4], `its numbers hold (${c})`);
  }
  // The best-reply tree: every node drawn with the engine's value for Red; an
  // edge named by the player who placed its stone (Yellow's and Green's
  // replies both under a Red move); the opponents' layer is the best reply of either.
  await page.click(`${pane('brs')} button:has-text("Expand all")`);
  const bt = truth.trees.brs;
  const brsRows = await rowsOf(page, 'brs');
  assert.equal(brsRows.length, truth.by.brs.nodes, 'brs: every node of the trace is drawn');
  for (const r of brsRows) {
    const i = r.node;
    assert.match(r.value, new RegExp(`^Red (≥ |≤ )?${bt.value[i]}$`), `brs node ${i}: the engine's value`);
    if (i > 0) assert.equal(r.edge, `${NAMES[bt.by[i]]} ${bt.edge[i]}`, `brs node ${i}: its edge's player`);
  }
  assert.ok(brsRows.some((r) => r.edge.startsWith('Yellow')) && brsRows.some((r) => r.edge.startsWith('Green')), 'replies by both opponents');
  assert.equal(brsRows.find((r) => r.node === 1)?.who, 'best reply of Yellow or Green minimises R');
  const brsCuts = await page.locator(`${pane('brs')} .tv-chip-cut`).allTextContents();
  assert.ok(brsCuts.some((c) => /^α-cut: a reply holds Red to ≤ \d+ ≤ α = \d+, Red has better elsewhere, \d+ moves? pruned$/.test(c)), `brs α-cuts (${brsCuts.slice(0, 2).join(' | ')})`);
  const ab = await page.locator(`${pane('paranoid')} .tv-chip-cut`).allTextContents();
  assert.ok(ab.some((c) => /^α-cut: the coalition holds Red to ≤ \d+ ≤ α = \d+, Red has better elsewhere, \d+ moves? pruned$/.test(c)), `α-cuts (${ab.slice(0, 2).join(' | ')})`);
  assert.ok(await page.locator(`${pane('paranoid')} .tv-ghost`).count() > 0, 'pruned moves drawn as never searched');
  await page.screenshot({ path: path.join(SHOTS, 'multi-tree-desktop.png') });

  // An explicit link at depth 2.
  await page.goto(`${url}index.html#view=tree&game=connect3p&moves=5564&depth=2`);
  await page.waitForFunction(() => document.querySelector('.tv-msg')?.textContent.includes('depth 2'), null, { timeout: 30000 });
  await ready(page);
  assert.deepEqual(statsOf(await page.textContent('#tree-stats')), truthOf(m, '5564', 2).counts, 'the counts of 5564 at depth 2');
  assert.ok((await page.textContent('.tv-msg')).startsWith('Yellow to move'), 'the message names the mover');
  assert.match(await page.textContent(`${pane('paranoid')} .tv-legend`), /^Yellow’s value only: Yellow maximises it, Red and Green together minimise it/,
    'the paranoid tree is the player to move\'s');
  assert.match(await page.textContent(`${pane('paranoid')} .tv-row[data-node="0"] .tv-val`), /^Yellow \d+$/, 'its values are Yellow\'s');

  // A bad position and a depth over the cap.
  await page.goto(`${url}index.html#view=tree&game=connect3p&moves=1111111`);
  await page.waitForFunction(() => document.querySelector('.tv-msg')?.textContent.includes('Cannot explore'), null, { timeout: 20000 });
  assert.match(await page.textContent('.tv-msg'), /Cannot explore this position — column 1 at position 7 is full/);
  assert.equal(await page.locator('.tv-multi .tv-tree .tv-row').count(), 0, 'no tree for a bad position');
  await page.goto(`${url}index.html#view=tree&game=connect3p&moves=${LESSON}&depth=9`);
  await page.waitForFunction(() => document.querySelector('.tv-msg')?.textContent.includes('capped at 4'), null, { timeout: 30000 });
  assert.equal(await hashParam(page, 'depth'), '4', 'the link is rewritten with the capped depth');

  // The other games' explorer: its game picker leads here.
  await page.goto(`${url}index.html#view=tree&game=tictactoe&moves=1524`);
  await page.waitForFunction(() => /minimax 157\b/.test(document.querySelector('#tree-stats')?.textContent ?? ''), null, { timeout: 30000 });
  await page.selectOption('#tree-game', 'connect3p');
  await ready(page);
  assert.equal(await hashParam(page, 'game'), 'connect3p');
  assert.deepEqual(statsOf(await page.textContent('#tree-stats')), truth.counts, 'the picker opens the lesson position');

  // The play page links to the trees of its position.
  await page.goto(`${url}index.html#game=connect3p&moves=${LESSON}&seats=hhh`);
  await page.waitForFunction((mv) => document.querySelector('#c3-tree')?.getAttribute('href')?.includes(`moves=${mv}`), LESSON, { timeout: 30000 });
  await page.click('#c3-tree');
  await ready(page);
  assert.equal(await hashParam(page, 'moves'), LESSON);
  assert.deepEqual(statsOf(await page.textContent('#tree-stats')), truth.counts, 'the play page\'s link opens its position\'s trees');

  // The explorer's own page sends the game to the main page's view.
  await page.goto(`${url}tree/index.html#game=connect3p&moves=5564&depth=2`);
  await ready(page);
  assert.match(page.url(), /\/index\.html#.*view=tree/, `redirected to the main page (${page.url()})`);

  // A phone: one tree at a time, two buttons switch.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  phone.on('pageerror', (e) => errors.push(e.message));
  await phone.goto(`${url}index.html#view=tree&game=connect3p`);
  await ready(phone);
  assert.ok(await phone.isVisible(pane('maxn')) && !(await phone.isVisible(pane('paranoid'))), 'the max^n tree first');
  await phone.click('.tv-mswitch button[data-pane="paranoid"]');
  assert.ok(!(await phone.isVisible(pane('maxn'))) && await phone.isVisible(pane('paranoid')), 'the switch shows the paranoid tree');
  assert.equal(await phone.getAttribute('.tv-mswitch button[data-pane="paranoid"]', 'aria-pressed'), 'true');
  await phone.click(`${pane('paranoid')} button:has-text("Expand all")`);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow} px)`);
  await phone.locator(`${pane('paranoid')} .tv-chip-cut`).first().scrollIntoViewIfNeeded();
  await phone.screenshot({ path: path.join(SHOTS, 'multi-tree-phone.png'), fullPage: false });
  await phone.click('.tv-mswitch button[data-pane="brs"]');
  assert.ok(!(await phone.isVisible(pane('paranoid'))) && await phone.isVisible(pane('brs')), 'the switch shows the best-reply tree');
  await phone.click('.tv-mswitch button[data-pane="maxn"]');
  await phone.click(`${pane('maxn')} button:has-text("Expand all")`);
  const overflow2 = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow2 <= 0, `no sideways scrolling with max^n expanded (${overflow2} px)`);
  await phone.locator(`${pane('maxn')} .tv-chip-cut`).first().scrollIntoViewIfNeeded();
  await phone.screenshot({ path: path.join(SHOTS, 'multi-tree-phone-maxn.png'), fullPage: false });

  // axe-core: no WCAG 2.x A/AA violation, light and dark, both trees expanded
  // (the strict CSP refuses the injected script: bypassed for the test only).
  const axe = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme, bypassCSP: true });
    const p = await context.newPage();
    await p.goto(`${url}index.html#view=tree&game=connect3p`);
    await ready(p);
    for (const id of ['maxn', 'paranoid', 'brs']) await p.click(`${pane(id)} button:has-text("Expand all")`);
    await p.addScriptTag({ content: axe });
    const violations = await axeViolations(p);
    assert.deepEqual(violations, [], `axe, ${colorScheme}`);
    await context.close();
  }

  assert.deepEqual(errors, [], 'no console errors');
});
