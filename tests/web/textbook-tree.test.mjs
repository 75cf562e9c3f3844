// Browser test of the textbook trees (web/tree/abstract-view.js) on the built
// site (scripts/build-site.sh): #view=tree&tree=textbook opens the lectures'
// 3×3 tree searched by the wasm engine — #tree-stats "minimax 13 · alphabeta
// 11 nodes" (1 + 3 + 9 nodes; alpha-beta evaluates 7 of the 9 leaves, its 4
// and 6 pruned), value +3; a leaf edited by keyboard changes the value and
// the link; the presets, best-first order and a random tree give the counts
// worked out by hand; the step-through steps; a bad tree link is named and
// the textbook tree shown; axe-core finds no WCAG A/AA violation; no console
// errors. Screenshots at 390×844, 1280×800 and 1920×1080 go to build/screenshots/.
//
//   node --test tests/web/textbook-tree.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SHOTS, runBrowserTest } from './lib.mjs';
import { axeViolations } from './page-helpers.mjs';

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const TEXTBOOK = '((3,12,8),(2,4,6),(14,5,2))';

const stats = (page) => page.textContent('#tree-stats');
// Waits for the view to show `want` in #tree-stats (a RegExp).
async function shows(page, want) {
  await page.waitForFunction((re) => document.querySelector('.tv-abs')?.dataset.ready === 'true' &&
    new RegExp(re).test(document.querySelector('#tree-stats')?.textContent ?? ''), want.source, { timeout: 30000 });
}

await runBrowserTest('textbook trees', async ({ browser, url }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));

  console.log('the textbook tree from its link');
  await page.goto(`${url}#view=tree&tree=textbook`);
  await shows(page, /minimax 13 · alphabeta 11 nodes/);
  const note = await page.textContent('#tree-leaves');
  assert.match(note, /Value \+3 for MAX/, note);
  assert.match(note, /alpha-beta 7 of 9; 1 cut-off/, note);
  assert.equal(await page.inputValue('#tree-text'), TEXTBOOK);
  const pruned = await page.$$eval('.tv-abs-node.tv-abs-pruned', (ns) => ns.map((n) => n.getAttribute('data-path')));
  assert.deepEqual(pruned, ['1.1', '1.2'], 'the second MIN node\'s 4 and 6 are pruned');
  assert.match(await page.textContent('[data-path="1"] title'), /α-cut: \+2 ≤ α = \+3/);
  assert.equal(await page.textContent('[data-path=""] .tv-abs-val'), '+3', 'the root shows MAX\'s value');
  await page.screenshot({ path: path.join(SHOTS, 'textbook-1280x800.png'), fullPage: true });

  console.log('the step-through, by keyboard');
  await page.locator('body').press('Home');
  assert.match(await page.textContent('#tree-step'), /^step 1 \/ /);
  assert.match(await page.textContent('#tree-narration'), /Start at the root/);
  await page.locator('body').press('ArrowRight');
  assert.match(await page.textContent('#tree-step'), /^step 2 \/ /);
  assert.match(await page.textContent('#tree-narration'), /Enter node 1/);
  await page.locator('body').press('End');

  console.log('a leaf edited with the keyboard: 3 -> 10 makes the first MIN node 8, and MAX 8');
  await page.focus('[data-path=""]');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-path')), '0.0');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tree-value', 'Enter on a leaf opens its value');
  await page.fill('#tree-value', '10');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Value \+8 for MAX/.test(document.querySelector('#tree-leaves')?.textContent ?? ''), null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => location.hash), '#view=tree&tree=((10,12,8),(2,4,6),(14,5,2))');

  console.log('presets, best-first, a random tree');
  await page.click('[data-preset="noprune"]');
  await shows(page, /minimax 13 · alphabeta 13 nodes/);
  assert.match(await page.textContent('#tree-leaves'), /alpha-beta 9 of 9; 0 cut-offs/);
  await page.click('[data-preset="deep"]');
  await shows(page, /minimax 31 · alphabeta 18 nodes/);
  assert.ok(await page.$$eval('.tv-abs-why', (ns) => ns.some((n) => n.closest('[data-path]').getAttribute('data-path').split('.').length === 3)),
    'a cut-off at ply 3, by the root\'s α');
  await page.click('[data-preset="textbook"]');
  await shows(page, /minimax 13 · alphabeta 11 nodes/);
  await page.click('#tree-best');
  await shows(page, /alphabeta 9 nodes/);
  assert.equal(await page.inputValue('#tree-text'), '((3,8,12),(2,4,6),(2,5,14))');
  await page.selectOption('#tree-rdepth', '2');
  await page.selectOption('#tree-rbranch', '2');
  await page.click('#tree-random');
  await shows(page, /minimax 7 · alphabeta \d nodes/);

  console.log('a tree typed with a mistake: named, the tree shown stays');
  await page.fill('#tree-text', '(1,x)');
  await page.press('#tree-text', 'Enter');
  await page.waitForFunction(() => /cannot be read/.test(document.querySelector('#tree-msg')?.textContent ?? ''), null, { timeout: 30000 });
  assert.equal(await page.textContent('#tree-msg'),
    'This tree cannot be read (tree: character 4: a number or \'(\' expected); the tree shown is unchanged.');
  assert.match(await stats(page), /minimax 7 · /, 'the random tree is still shown');

  console.log('a bad tree link');
  await page.goto(`${url}#view=tree&tree=((1,2)`);
  await page.waitForFunction(() => /cannot be read/.test(document.querySelector('#tree-msg')?.textContent ?? ''), null, { timeout: 30000 });
  assert.equal(await page.textContent('#tree-msg'),
    'This tree cannot be read (tree: at the end: \',\' or \')\' expected): showing the textbook tree.');
  await shows(page, /minimax 13 · alphabeta 11 nodes/);

  console.log('from the explorer\'s game picker');
  await page.goto(`${url}#view=tree&game=tictactoe&moves=1524`);
  await page.waitForSelector('#tree-game');
  await page.selectOption('#tree-game', 'abstract');
  await shows(page, /minimax 13 · alphabeta 11 nodes/);
  assert.equal(await page.evaluate(() => location.hash), '#view=tree&tree=textbook');

  console.log('axe and screenshots');
  for (const [w, hgt] of [[390, 844], [1280, 800], [1920, 1080]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.goto(`${url}#view=tree&tree=textbook`);
    await page.reload();
    await shows(page, /minimax 13 · alphabeta 11 nodes/);
    await page.addScriptTag({ content: AXE });
    assert.deepEqual(await axeViolations(page), [], `axe at ${w}×${hgt}`);
    await page.screenshot({ path: path.join(SHOTS, `textbook-${w}x${hgt}.png`), fullPage: true });
  }
  assert.deepEqual(errors, [], 'no console errors');
  await context.close();
});
