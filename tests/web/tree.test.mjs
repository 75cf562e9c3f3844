// Browser test of the search-tree explorer (web/tree/) in headless Chromium.
//
// Assembles build/tree-site/ (the explorer's page, web/tree/, and the wasm
// engine from $WASM_DIR, default build/wasm/bin, else build/tree-wasm/bin),
// serves it on a loopback port, and checks: the node counts in #tree-stats
// equal the engine's own counters (treeCounts run under node on the same
// module; minimax from the empty Tic-Tac-Toe board 549946, alpha-beta fewer),
// the tree shows cut-offs and pruned moves, the step-through moves through a
// small tree with the pseudocode line, board and variables following, Connect
// Four at depth 4, no console errors. Screenshots go to build/screenshots/.
//
//   node tests/web/tree.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import test from 'node:test';
import { ROOT, SHOTS, freePort, launchChromium } from './lib.mjs';
import { lowestContrast } from './page-helpers.mjs';

const SITE = path.join(ROOT, 'build/tree-site');
const wasmDir = [process.env.WASM_DIR, path.join(ROOT, 'build/wasm/bin'), path.join(ROOT, 'build/tree-wasm/bin')]
  .filter(Boolean).find((d) => {
    if (!fs.existsSync(path.join(d, 'gamesearch.js'))) return false;
    return fs.readFileSync(path.join(d, 'gamesearch.wasm')).includes('treeMoveValues');
  });
if (!wasmDir) throw new Error('tree.test: no wasm build with the tree bindings (build/wasm/bin or build/tree-wasm/bin)');

function assemble() {
  fs.rmSync(SITE, { recursive: true, force: true });
  fs.mkdirSync(path.join(SITE, 'engine'), { recursive: true });
  for (const f of ['gamesearch.js', 'gamesearch.wasm', 'link.js', 'link.wasm']) fs.copyFileSync(path.join(wasmDir, f), path.join(SITE, 'engine', f));
  // The page's folders as scripts/build-site.sh copies them, and the standalone
  // pages at their addresses (tree/index.html, tree/demo.html, tree/menace.html).
  for (const dir of ['app', 'lib', 'engine', 'play', 'tree', 'demo', 'menace', 'study']) {
    fs.mkdirSync(path.join(SITE, dir), { recursive: true });
    for (const f of fs.readdirSync(path.join(ROOT, 'web', dir))) {
      if (/\.(js|css)$/.test(f)) fs.copyFileSync(path.join(ROOT, 'web', dir, f), path.join(SITE, dir, f));
    }
  }
  for (const f of ['tree/index.html', 'demo/demo.html', 'menace/menace.html']) fs.copyFileSync(path.join(ROOT, 'web', f), path.join(SITE, 'tree', path.basename(f)));
  fs.copyFileSync(path.join(ROOT, 'web/favicon.svg'), path.join(SITE, 'favicon.svg'));
  // The main page, which hooks the explorer in through web/app/router.js.
  for (const f of ['index.html', 'style.css', 'worker.js', 'book.bin']) fs.copyFileSync(path.join(ROOT, 'web', f), path.join(SITE, f));
  // The chart library's bundles (from npm, as scripts/build-site.sh copies them).
  fs.mkdirSync(path.join(SITE, 'vendor'), { recursive: true });
  for (const f of ['d3/dist/d3.min.js', '@observablehq/plot/dist/plot.umd.min.js']) {
    fs.copyFileSync(path.join(ROOT, 'node_modules', f), path.join(SITE, 'vendor', path.basename(f)));
  }
}

async function serve() {
  const port = await freePort();
  const proc = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', SITE], { stdio: 'ignore' });
  const stop = () => { if (proc.exitCode === null) proc.kill(); };
  process.on('exit', stop);
  const end = Date.now() + 10000;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/tree/index.html`);
      if (r.ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > end) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}/`, stop };
}

// The engine's own counters, from the same module under node.
async function engineCounts() {
  const require = createRequire(import.meta.url);
  const createGameSearch = require(path.join(wasmDir, 'gamesearch.js'));
  const m = await createGameSearch({ wasmBinary: fs.readFileSync(path.join(wasmDir, 'gamesearch.wasm')) });
  const get = (game, moves, depth) => Object.fromEntries(m.treeCounts(game, moves, depth).algorithms.map((a) => [a.algorithm, a.nodes]));
  return { empty: get('tictactoe', '', 0), small: get('tictactoe', '1524', 0), c4: get('connect4', '', 4) };
}

const isTreeHashText = (h) => new URLSearchParams(h.replace(/^#/, '')).get('view') === 'tree';

function statsOf(text) {
  const out = {};
  for (const m of text.matchAll(/(minimax|alpha-beta|ordered|table) (\d[\d,]*)/g)) out[m[1]] = Number(m[2].replaceAll(',', ''));
  return out;
}

async function waitReady(page) {
  await page.waitForSelector('.tv[data-ready="true"]', { timeout: 30000 });
  await page.waitForFunction(() => /minimax \d+/.test((document.querySelector('#tree-stats')?.textContent ?? '')), null, { timeout: 30000 });
}

test('tree explorer, MENACE and demo mode', async () => {
  assemble();
  fs.mkdirSync(SHOTS, { recursive: true });
  const truth = await engineCounts();
  const server = await serve();
  const browser = await launchChromium();
  const errors = [];
  try {
    // (Its site has no service worker: web/sw.js and its list belong to the built site, tests/web/offline.test.mjs.)
    const page = await browser.newPage({ viewport: { width: 1360, height: 1000 }, serviceWorkers: 'block' });
    // Resources of the main page this test does not assemble (e.g. levels.json
    // of the site build) may 404; anything of the explorer or the engine may not.
    page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text()); });
    page.on('response', (r) => {
      if (r.status() >= 400 && /\/(tree|engine)\/|favicon/.test(new URL(r.url()).pathname)) errors.push(`${r.status()} ${r.url()}`);
    });
    page.on('pageerror', (e) => errors.push(String(e)));

    console.log('the lesson position: a link without moves');
    await page.goto(`${server.url}tree/index.html`);
    await waitReady(page);
    const lessonSteps = Number((await page.textContent('#tree-step')).match(/\/ ([\d,]+)/)[1].replace(/,/g, ''));
    console.log(`  opens on ${await page.inputValue('#tree-moves')}: ${lessonSteps} steps of alpha-beta ` +
      `(${(await page.textContent('.tv-tree-title')).trim()})`);
    assert.ok(await page.inputValue('#tree-moves') === '1659' && (await page.textContent('.tv-msg')).includes('after 1659'),
      'no moves in the link: the lesson position 1659');
    assert.ok(lessonSteps > 0 && lessonSteps <= 200, `a search short enough to step through: ${lessonSteps} steps`);
    assert.ok(/Why this position: X must block at 3/.test(await page.textContent('#tree-lesson')), 'the page says why this position');
    assert.ok(await page.locator('.tv-chip-cut').count() > 0, 'cut-offs show below the root');
    assert.ok(await page.isHidden('#tree-ordering'), 'ordering needs no excuse here (48 nodes against 49)');
    await page.click('#tree-empty');
    await page.waitForFunction(() => /minimax 549,946/.test(document.querySelector('#tree-stats')?.textContent ?? ''), null, { timeout: 20000 });
    assert.ok(/moves=(&|$)/.test(await page.evaluate(() => location.hash)) && await page.inputValue('#tree-moves') === '',
      `"Start from the empty board": one click, and the link names the empty board (${await page.evaluate(() => location.hash)})`);
    await page.click('#tree-lesson-open');
    await page.waitForFunction(() => /minimax 162\b/.test(document.querySelector('#tree-stats')?.textContent ?? ''), null, { timeout: 20000 });
    assert.ok(/moves=1659/.test(await page.evaluate(() => location.hash)), 'and back to the lesson position');

    console.log('empty Tic-Tac-Toe board');
    await page.goto(`${server.url}tree/index.html#view=tree&game=tictactoe&moves=`);
    await waitReady(page);
    const stats = await page.textContent('#tree-stats');
    const explore = await lowestContrast(page, '.tv-primary');
    assert.ok(explore >= 4.5 && explore < Infinity, `the Explore button: text contrast ${explore.toFixed(2)}:1 (at least 4.5)`);
    assert.ok(stats.includes('minimax 549,946'), `#tree-stats shows "minimax 549,946" (${stats.slice(0, 60)}…)`);
    const s = statsOf(stats);
    assert.ok(s['alpha-beta'] < s.minimax && s.ordered < s['alpha-beta'] && s.table < s.ordered,
      `each refinement needs fewer nodes: ${JSON.stringify(s)}`);
    assert.ok(s.minimax === truth.empty.minimax && s['alpha-beta'] === truth.empty.alphabeta &&
      s.ordered === truth.empty.ordered && s.table === truth.empty.table, 'counts equal the engine\'s own counters');
    const rootRow = await page.textContent('.tv-row[data-node="0"]');
    assert.ok(/Root/.test(rootRow) && /v 0/.test(rootRow), `root row shows value 0 (${rootRow.trim().slice(0, 50)})`);
    assert.ok(await page.locator('.tv-tree .tv-row[data-node]').count() === 10, 'root and its 9 children rendered, nothing deeper (lazy)');
    await page.screenshot({ path: path.join(SHOTS, 'tree-empty.png'), fullPage: true });

    console.log('small tree: moves 1524');
    await page.evaluate(() => { location.hash = '#view=tree&game=tictactoe&moves=1524'; });
    await page.waitForFunction(() => /minimax 157\b/.test((document.querySelector('#tree-stats')?.textContent ?? '')), null, { timeout: 20000 });
    await waitReady(page);
    const small = statsOf(await page.textContent('#tree-stats'));
    assert.ok(small.minimax === truth.small.minimax && small['alpha-beta'] === truth.small.alphabeta,
      `small tree counts equal the engine's (${JSON.stringify(small)})`);
    assert.ok((await page.textContent('.tv-tree-title')).includes(`${truth.small.alphabeta} nodes`), 'tree title gives the alpha-beta node count');
    assert.ok((await page.textContent('#tree-step')).trim().startsWith('step 1 /'), 'the step-through starts at step 1');
    assert.ok(await page.textContent('#tree-code li.tv-exec') === null ? false : (await page.textContent('#tree-code li.tv-exec')).includes('function alphabeta'),
      'step 1 highlights the function line');
    assert.ok((await page.textContent('#tree-narration')).includes('root'), 'step 1 narrates the root');
    // Why ordering loses here: the winning move X 3 is tried last.
    await page.waitForSelector('#tree-ordering:not([hidden])', { timeout: 20000 });
    const why = await page.textContent('#tree-ordering');
    assert.ok(/tries X 7 first and the best move, X 3, last of 5/.test(why) && /X 3 wins at once/.test(why), `ordering's loss explained: ${why}`);

    console.log('values: negamax and minimax (MAX/MIN)');
    const x3 = page.locator('.tv-row[data-node="1"]');
    assert.ok(/X 3/.test(await x3.textContent()) && /v −3/.test(await x3.textContent()) && /v \+3/.test(await page.textContent('.tv-row[data-node="0"]')),
      'negamax: the winning X 3 shows v −3 (for O to move), the root v +3');
    await page.check('#tree-values input[value="minimax"]');
    await page.waitForFunction(() => document.querySelector('.tv').dataset.values === 'minimax');
    const x3mm = await x3.textContent();
    assert.ok(/MIN/.test(x3mm) && /v \+3/.test(x3mm) && /MAX/.test(await page.textContent('.tv-row[data-node="0"]'))
      && /v \+3/.test(await page.textContent('.tv-row[data-node="0"]')), `minimax: X 3 is a MIN node with v +3 for MAX, the root MAX +3 (${x3mm.trim()})`);
    assert.ok(/values=minimax/.test(await page.evaluate(() => location.hash)), 'the link keeps values=minimax');
    assert.match(await page.textContent('#tree-stats .tv-algo-extra'), /^\d+ cut-offs \(β at MAX, α at MIN\)$/,
      'the cut-offs counted in MAX and MIN terms');
    assert.ok((await page.textContent('#tree-code')).includes('else (MIN): value ← +∞') && /\(−β, −α\)/.test(await page.textContent('#tree-values-note')),
      'the minimax pseudocode, and the sentence on what is negated');
    const windowMin = await page.textContent('.tv-row[data-node="2"] .tv-win');
    await page.check('#tree-values input[value="negamax"]');
    await page.waitForFunction(() => document.querySelector('.tv').dataset.values === 'negamax');
    const windowNega = await page.textContent('.tv-row[data-node="2"] .tv-win');
    assert.match(await page.textContent('#tree-stats .tv-algo-extra'), /^\d+ β-cuts$/, 'negamax: β-cuts');
    assert.ok(windowNega.replace(/\s+/g, ' ') === 'α −∞ β −3' && windowMin.replace(/\s+/g, ' ') === 'α +3 β +∞',
      `a MIN node's window (α, β) = (−∞, −3) for O is (+3, +∞) for MAX (${windowNega} / ${windowMin})`);
    assert.ok(!/values=/.test(await page.evaluate(() => location.hash)) && /v −3/.test(await x3.textContent()), 'negamax again: the old link');
    // (Off the radio buttons: there the arrow keys choose the form of values, not the step.)
    await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).blur());
    await page.keyboard.press('ArrowRight');
    const path1 = await page.textContent('#tree-path');
    assert.ok(path1.includes('X 3'), `→ enters the first child, X 3 (path: ${path1})`);
    await page.keyboard.press('ArrowRight');
    const line2 = (await page.locator('#tree-code li.tv-exec').allTextContents()).join(' | ');
    assert.ok(/return value\(node\)/.test(line2), `X 3 wins at once: the leaf line is highlighted (${line2.trim()})`);
    assert.ok((await page.textContent('#tree-vars')).includes('+3') || (await page.textContent('#tree-vars')).includes('−3'), 'the variables show the leaf value');
    await page.keyboard.press('ArrowRight');
    const vars3 = await page.textContent('#tree-vars');
    assert.ok(/α\+3/.test(vars3.replace(/\s/g, '')), `back at the root α rises to +3 (${vars3.replace(/\s+/g, ' ')})`);
    await page.keyboard.press('ArrowLeft');
    assert.ok((await page.locator('#tree-code li.tv-exec').allTextContents()).join(' ').includes('return value(node)'), '← steps back');
    // a β-cut below the root: pruned moves dimmed with the reason
    for (let i = 0; i < 12; i++) await page.click('#tree-forward');
    const cutChips = await page.locator('.tv-chip-cut').allTextContents();
    assert.ok(cutChips.some((t) => /β-cut: .+ ≥ β = .+/.test(t)), `a β-cut with its reason is shown (${cutChips[0]})`);
    assert.ok(await page.locator('.tv-pruned .tv-ghost').count() > 0, 'pruned moves are drawn (dimmed, dotted)');
    assert.ok(await page.locator('.tv-row.tv-current').count() === 1, 'the current node is marked in the tree');
    await page.screenshot({ path: path.join(SHOTS, 'tree-steps.png'), fullPage: true });
    // Space on a focused node opens or closes it, and the node keeps the focus
    // (it used to start the step player, whose redraws dropped the focus).
    {
      const row = page.locator('#tree-tree .tv-row[role="treeitem"][aria-expanded]').nth(1);
      const node = await row.getAttribute('data-node');
      const was = await row.getAttribute('aria-expanded');
      await row.focus();
      await page.keyboard.press('Space');
      const sel = `.tv-row[data-node="${node}"]`;
      assert.deepEqual(await page.evaluate((s) => [document.querySelector(s).getAttribute('aria-expanded'),
        document.activeElement === document.querySelector(s)], sel), [String(was !== 'true'), true], 'Space toggles the node, which keeps the focus');
      await page.keyboard.press('Space');
      assert.equal(await page.getAttribute(sel, 'aria-expanded'), was, 'and toggles it back');
      // One row in the Tab order (the focused one); ↓ and ↑ move between rows.
      const stops = () => page.evaluate(() => [...document.querySelectorAll('#tree-tree .tv-row[role="treeitem"]')]
        .filter((r) => r.getAttribute('tabindex') === '0').map((r) => /** @type {HTMLElement} */ (r).dataset.node));
      assert.deepEqual(await stops(), [node], 'the focused node is the tree\'s one tab stop');
      await page.keyboard.press('ArrowDown');
      const below = await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.node);
      assert.ok(below !== undefined && below !== node, `↓ moves to the next row (${node} -> ${below})`);
      assert.deepEqual(await stops(), [below]);
      await page.keyboard.press('ArrowUp');
      assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.node), node, '↑ moves back');
      assert.ok(!(await page.locator('#tree-play').evaluate((b) => b.classList.contains('tv-playing'))), 'the player did not start');
    }
    await page.keyboard.press('End');
    const last = await page.textContent('#tree-narration');
    assert.ok(last.includes("root's value is +3"), `the last step returns the root value (${last})`);
    assert.ok((await page.textContent('#tree-code li.tv-exec')).includes('return value'), 'the last step highlights return');
    const rewindMax = await page.getAttribute('#tree-rewind', 'max');
    await page.fill('#tree-rewind', '0');
    assert.ok((await page.textContent('#tree-step')).trim().startsWith('step 1 /') && Number(rewindMax) > 40, 'the rewind slider goes back to the start');
    // play a few steps automatically
    await page.fill('#tree-speed', '8');
    await page.click('#tree-play');
    await page.waitForTimeout(400);
    await page.click('#tree-play');
    const played = Number((await page.textContent('#tree-step')).match(/step ([\d,]+)/)[1].replace(/,/g, ''));
    assert.ok(played > 5, `auto-play advanced (${played} steps)`);
    // Arrow keys on the focused speed slider change the speed, not the step.
    await page.focus('#tree-speed');
    const stepBefore = await page.textContent('#tree-step');
    await page.keyboard.press('ArrowLeft');
    assert.ok(await page.inputValue('#tree-speed') === '7' && await page.textContent('#tree-step') === stepBefore,
      '← on the speed slider slows the speed and leaves the step alone');
    // switch to minimax: the tree follows
    await page.click('.tv-algo[data-algorithm="minimax"]');
    await page.waitForFunction(() => document.querySelector('.tv').dataset.algorithm === 'minimax' && document.querySelector('.tv').dataset.ready === 'true');
    assert.ok((await page.textContent('.tv-tree-title')).includes('157 nodes'), 'minimax tree: 157 nodes');
    assert.ok((await page.textContent('#tree-code')).includes('function minimax'), 'minimax pseudocode');
    // the table algorithm shows its lines
    await page.click('.tv-algo[data-algorithm="table"]');
    await page.waitForFunction(() => document.querySelector('.tv').dataset.algorithm === 'table' && document.querySelector('.tv').dataset.ready === 'true');
    assert.ok((await page.textContent('#tree-code')).includes('store value in the table'), 'table pseudocode');
    assert.ok(await page.locator('#tree-deepening tbody tr').count() >= 1, 'iterative deepening table filled');

    console.log('Connect Four, depth 4');
    await page.evaluate(() => { location.hash = '#view=tree&game=connect4&moves=&depth=4'; });
    await page.waitForFunction(() => /minimax 2,801\b/.test((document.querySelector('#tree-stats')?.textContent ?? '')), null, { timeout: 20000 });
    await waitReady(page);
    const c4 = statsOf(await page.textContent('#tree-stats'));
    assert.ok(c4.minimax === truth.c4.minimax && c4.table === truth.c4.table, `Connect Four depth 4 counts equal the engine's (${JSON.stringify(c4)})`);
    const deep = await page.locator('#tree-deepening tbody tr').count();
    assert.ok(deep === 4, `iterative deepening shows depths 1-4 (${deep} rows)`);
    await page.click('text=Show best line');
    await page.screenshot({ path: path.join(SHOTS, 'tree-connect4.png'), fullPage: true });

    console.log('bad hash');
    await page.evaluate(() => { location.hash = '#view=tree&game=tictactoe&moves=55'; });
    await page.waitForFunction(() => document.querySelector('.tv-msg').textContent.includes('not a playable position'), null, { timeout: 10000 });
    assert.ok(true, 'an invalid move string shows a message and the empty board');
    await waitReady(page);
    // A link opened afresh: what it asked for and did not get is said (the first load used to lose it).
    for (const [hash, said] of [['#view=tree&game=chess', "Unknown game 'chess': showing Tic-Tac-Toe."],
      ['#view=tree&game=connect4&moves=&depth=zz', "The depth limit must be a whole number of plies ('zz'): using 4."],
      ['#view=tree&game=connect4&moves=&depth=1000', "The depth limit must be at most 8 plies ('1000'): using 8."],
      ['#view=tree&game=connect4&moves=&depth=00', 'Connect Four, the empty board: Red to move, 42 empty places, depth limit 4.']]) {
      await page.goto('about:blank');
      await page.goto(`${server.url}index.html${hash}`);
      await page.waitForFunction((s) => document.querySelector('.tv-msg')?.textContent === s, said, { timeout: 10000 })
        .catch(async () => assert.equal(await page.textContent('.tv-msg'), said, hash));
      await waitReady(page);
    }

    {
      console.log('main page, #view=tree');
      await page.goto(`${server.url}index.html#view=tree&game=tictactoe&moves=`);
      await waitReady(page);
      const mainStats = await page.textContent('#tree-stats');
      assert.ok(mainStats.includes('minimax 549,946'), `the main page at #view=tree shows the explorer with "minimax 549,946" (${mainStats.slice(0, 40)}, ${await page.evaluate(() => location.hash)})`);
      assert.ok(await page.locator('main.layout').isHidden(), 'the game layout is hidden meanwhile');
      assert.ok(isTreeHashText(await page.evaluate(() => location.hash)), 'the hash keeps view=tree (a reload comes back here)');
      await page.screenshot({ path: path.join(SHOTS, 'tree-in-app.png') });
      await page.keyboard.press('n');
      await page.keyboard.press('ArrowRight');
      assert.ok(await page.locator('#tree-view-root').isVisible() && (await page.textContent('#tree-step')).startsWith('step 2'),
        'keys drive the explorer, not the hidden game');
      await page.click('text=← Back to the game');
      await page.waitForFunction(() => !document.querySelector('main.layout').hidden);
      assert.ok(await page.locator('#tree-view-root').isHidden(), 'back to the game hides the explorer');
      await page.evaluate(() => { location.hash = '#view=tree&game=tictactoe&moves=1524'; });
      await page.waitForFunction(() => /minimax 157\b/.test((document.querySelector('#tree-stats')?.textContent ?? '')), null, { timeout: 20000 });
      assert.ok(true, 'a hash change back to view=tree shows the explorer again');
    }

    console.log('MENACE');
    await page.goto(`${server.url}tree/menace.html`);
    await page.waitForSelector('.mn[data-ready="true"]');
    assert.ok((await page.textContent('#menace-stats')).includes('games 0'), 'a new MENACE has played no games');
    const menacePrimary = await lowestContrast(page, '.tv-primary');
    assert.ok(menacePrimary >= 4.5 && menacePrimary < Infinity, `MENACE's primary buttons: text contrast ${menacePrimary.toFixed(2)}:1 (at least 4.5)`);
    assert.ok(await page.locator('#menace-box .mn-bead').count() === 12, 'its first box holds 4 beads for corner, edge and centre');
    await page.selectOption('#menace-opponent', 'random');
    await page.click('#menace-train100');
    await page.waitForFunction(() => (document.querySelector('#menace-stats')?.textContent ?? '').includes('games 100'), null, { timeout: 60000 });
    await page.waitForSelector('.mn[data-busy="false"]');
    const curve = await page.getAttribute('#menace-curve svg', 'aria-label');
    assert.ok(curve.split(',').length === 10, `the learning curve has 10 blocks of 10 games (${curve.slice(0, 60)}…)`);
    await page.selectOption('#menace-opponent', 'minimax');
    await page.click('#menace-train10');
    await page.waitForFunction(() => (document.querySelector('#menace-stats')?.textContent ?? '').includes('games 110'), null, { timeout: 60000 });
    await page.waitForSelector('.mn[data-busy="false"]');
    const afterPerfect = await page.textContent('#menace-stats');
    assert.ok(/Trained 10 games/.test(await page.textContent('#menace-status')), `trained 10 games against minimax (${afterPerfect})`);
    // a game against a human: click the first empty cell whenever it is our turn
    await page.selectOption('#menace-opponent', 'human');
    await page.click('#menace-play');
    for (let turn = 0; turn < 5; turn++) {
      const ok = await page.waitForFunction(() => document.querySelector('.mn').dataset.busy === 'false' ||
        document.querySelector('#menace-status').textContent.startsWith('Your move'), null, { timeout: 10000 });
      if (await page.getAttribute('.mn', 'data-busy') === 'false') break;
      await page.click('#menace-cells [aria-disabled="false"]');   // the first empty cell
      await page.waitForTimeout(50);
      void ok;
    }
    await page.waitForSelector('.mn[data-busy="false"]', { timeout: 10000 });
    assert.ok((await page.textContent('#menace-stats')).includes('games 111'), 'a game played by clicking counts');
    assert.ok(/MENACE (wins|loses)|A draw/.test(await page.textContent('#menace-status')), `the result is told (${await page.textContent('#menace-status')})`);
    await page.screenshot({ path: path.join(SHOTS, 'menace.png'), fullPage: true });
    {
      await page.goto(`${server.url}index.html#view=menace`);
      await page.waitForSelector('.mn[data-ready="true"]', { timeout: 20000 });
      assert.ok(await page.locator('main.layout').isHidden(), 'the main page at #view=menace shows MENACE instead of the game');
    }

    console.log('demo mode');
    await page.goto(`${server.url}tree/demo.html#game=tictactoe&moves=&time1=100&time2=100`);
    await page.waitForSelector('.dm[data-ready="true"]', { timeout: 20000 });
    const demoStart = await lowestContrast(page, '#demo-start');
    assert.ok(demoStart >= 4.5 && demoStart < Infinity, `the demo's Start button: text contrast ${demoStart.toFixed(2)}:1 (at least 4.5)`);
    await page.click('#demo-step');
    await page.waitForFunction(() => document.querySelector('#demo-moves').textContent.length === 1, null, { timeout: 10000 });
    assert.ok(/^\d+$/.test(await page.textContent('#demo-depth')), `one move: the depth is shown (${await page.textContent('#demo-depth')})`);
    assert.ok((await page.textContent('#demo-score')).length > 2, `and the score in words (${await page.textContent('#demo-score')})`);
    await page.click('#demo-start');
    await page.waitForSelector('.dm[data-state="game-over"]', { timeout: 30000 });
    assert.ok((await page.textContent('#demo-status')).includes('a draw'), `perfect play draws Tic-Tac-Toe (${await page.textContent('#demo-status')})`);
    // (the charts are drawn by lib/charts.js: a point per move, each named)
    await page.waitForFunction(() => document.querySelectorAll('#demo-depth-chart .gs-points > *').length === 9, null, { timeout: 10000 });
    const demoChart = await page.$$eval('#demo-depth-chart .gs-points > *', (p) => p.map((x) => x.getAttribute('aria-label')));
    assert.ok(demoChart.length === 9 && demoChart.every((x) => /^Move \d, /.test(x)), `the chart has a point per move (${demoChart.join(' | ')})`);
    await page.screenshot({ path: path.join(SHOTS, 'demo-tictactoe.png'), fullPage: true });
    await page.selectOption('#demo-game', 'connect4');
    await page.selectOption('#demo-time1', '200');
    await page.selectOption('#demo-time2', '200');
    await page.click('#demo-start');
    await page.waitForFunction(() => /^\d{6,}$/.test(document.querySelector('#demo-moves').textContent), null, { timeout: 30000 });
    await page.click('#demo-pause');
    await page.waitForSelector('.dm[data-state="paused"]', { timeout: 10000 });
    const c4moves = await page.textContent('#demo-moves');
    await page.waitForTimeout(600);
    assert.ok(await page.textContent('#demo-moves') === c4moves && c4moves.length >= 6, `pause stops after the current move (${c4moves})`);
    await page.screenshot({ path: path.join(SHOTS, 'demo-connect4.png'), fullPage: true });
    await page.click('#demo-new');
    assert.ok((await page.textContent('#demo-moves')).includes('empty'), 'new game empties the board');
    // A book move says it comes from the book (no search, so no depth or nodes).
    await page.click('#demo-step');
    await page.waitForFunction(() => document.querySelector('#demo-moves').textContent.length === 1, null, { timeout: 10000 });
    assert.ok(await page.textContent('#demo-depth') === 'opening book' && /\(opening book\)$/.test(await page.textContent('#demo-score')),
      `a book move is named as one (${await page.textContent('#demo-depth')} / ${await page.textContent('#demo-score')})`);

    console.log('demo on a projector (1280x720): a finished game');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${server.url}#view=demo&game=connect4&moves=5233355662226635335444`);
    await page.waitForSelector('.dm[data-state="game-over"]');
    assert.ok(await page.locator('#demo-board .tv-winline').count() === 1, 'the winning four are marked');
    const boardBox = await page.locator('#demo-board').boundingBox();
    const statusBox = await page.locator('#demo-status').boundingBox();
    assert.ok(boardBox.y + boardBox.height <= 720 && statusBox.y + statusBox.height <= 720,
      `board and status fit 1280x720 (bottoms ${Math.round(boardBox.y + boardBox.height)}, ${Math.round(statusBox.y + statusBox.height)})`);
    await page.screenshot({ path: path.join(SHOTS, 'demo-projector.png') });
    // A link's fields the demo cannot use are named (it fell back in silence).
    const noteSays = (re) => page.waitForFunction((s) => new RegExp(s).test(document.getElementById('demo-link-note')?.textContent),
      re.source, { timeout: 10000 }).catch(async () => assert.match(await page.textContent('#demo-link-note'), re));
    await page.goto(`${server.url}#view=demo&game=chess&time1=abc&time2=3000`);
    await noteSays(/^Part of this link could not be used: unknown game 'chess' \(use connect4, tictactoe, einstein or connect3p\): showing Connect Four; time1 'abc' must be one of 100, 200, 500, 1000, 2000 or 5000 \(ms\): using 500 ms; time2 '3000' must be one of .* \(ms\): using 2 s\. The rest was\.$/);
    assert.equal(await page.inputValue('#demo-time2'), '2000', 'an old link\'s time off the menu: the nearest');
    await page.goto(`${server.url}#view=demo&game=connect4&moves=4444444`);
    await noteSays(/the moves '4444444' are not a Connect Four game \(column 4 at position 7 is full\)/);
    assert.equal(await page.textContent('#demo-moves'), '(empty board)', 'an impossible game is not shown (it was)');
    await page.click('#demo-new');
    assert.equal(await page.textContent('#demo-link-note'), '', 'New game clears the note');
    // The navigation's Demo link goes on with the demo shown; another link starts it again.
    await page.goto(`${server.url}#view=demo&game=connect4&moves=4453`);
    await page.waitForFunction(() => document.querySelector('#demo-moves')?.textContent === '4453');
    await page.click('#nav-demo');
    await page.waitForTimeout(300);
    assert.equal(await page.textContent('#demo-moves'), '4453', 'the Demo link keeps the demo\'s game');
    assert.match(await page.evaluate(() => location.hash), /moves=4453/, 'and its link');
    await page.evaluate(() => { location.hash = '#view=demo&game=connect4&moves=44'; });
    await page.waitForFunction(() => document.querySelector('#demo-moves')?.textContent === '44');
    // The demo's own page sends the dice game's demo to the main page (it showed Connect Four).
    await page.goto(`${server.url}tree/demo.html#game=einstein&seed=5`);
    await page.waitForSelector('#es-board', { timeout: 20000 });
    assert.match(page.url(), /index\.html#.*view=demo/, page.url());
    // ?book=off reaches the demo's worker: the first move is searched.
    await page.goto(`${server.url}?book=off#view=demo&game=connect4&moves=`);
    await page.click('#demo-step');
    await page.waitForFunction(() => document.querySelector('#demo-moves').textContent.length === 1, null, { timeout: 10000 });
    assert.ok(/^\d+$/.test(await page.textContent('#demo-depth')), `with ?book=off the demo searches (${await page.textContent('#demo-depth')})`);

    assert.ok(errors.length === 0, `no console errors${errors.length ? `: ${errors.join(' | ')}` : ''}`);
  } finally {
    await browser.close();
    server.stop();
  }
});
