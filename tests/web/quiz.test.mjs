// Browser test of the quiz (web/tree/quiz-view.js) on the built site
// (scripts/build-site.sh), one page for most checks: on the textbook tree
// (#view=quiz&tree=textbook&seed=1) the values typed by keyboard are checked
// (right, a hint on the first miss, the answer on the second), the pruned
// branches are marked with toggles (a miss, then right), α and β at the
// ringed node; the score counts the items right first time; the link follows
// the question; a Tic-Tac-Toe exercise shows its board and moves; "Show the
// answers" and "New exercise"; a tree link the engine cannot read; the
// textbook view's "Quiz on this tree".
// axe-core at 390×844, 1280×800 and 1920×1080, screenshots
// build/screenshots/quiz-*.png. The cases of the checking itself are in
// quiz-logic.test.mjs (node).
//
//   node --test tests/web/quiz.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SHOTS, runBrowserTest } from './lib.mjs';
import { axeViolations, watchErrors } from './page-helpers.mjs';

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const ready = (page) => page.waitForSelector('.qz[data-ready="true"]', { timeout: 30000 });
const feedback = (page) => page.textContent('#quiz-feedback');
const field = (page, label) => page.locator(`input[aria-label="${label}"]`);

await runBrowserTest('quiz', async ({ browser, url }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = watchErrors(page);

  console.log('values on the textbook tree, by keyboard');
  await page.goto(`${url}#view=quiz&tree=textbook&seed=1`);
  await ready(page);
  assert.deepEqual(await page.$$eval('.qz-value[data-key]', (fs) => fs.map((f) => f.getAttribute('aria-label'))),
    ['value of node A (MAX)', 'value of node B (MIN)', 'value of node F (MIN)', 'value of node J (MIN)'], 'a labelled field per inner node');
  await field(page, 'value of node A (MAX)').focus();
  await page.keyboard.type('3');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'value of node B (MIN)', 'Tab goes to the next node');
  await page.keyboard.type('12');
  await field(page, 'value of node F (MIN)').fill('2');
  await field(page, 'value of node J (MIN)').fill('−2');
  await page.keyboard.press('Enter');
  let said = await feedback(page);
  assert.match(said, /A: \+3 is right\./);
  assert.match(said, /B: not \+12\. Hint: B is a MIN node: it takes the smallest of its children’s values; \+12 is the largest/);
  assert.match(said, /F: \+2 is right\./);
  assert.match(said, /J: not −2\. Hint: /);
  assert.equal(await page.getAttribute('[data-key="0"].qz-value', 'aria-invalid'), 'true');
  assert.equal(await page.textContent('#quiz-score'), 'Score: 2 of 2 right first time.');

  console.log('axe and screenshots with a hint shown');
  for (const [w, hgt] of [[390, 844], [1920, 1080], [1280, 800]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.waitForTimeout(300);
    await page.addScriptTag({ content: AXE });
    assert.deepEqual(await axeViolations(page), [], `axe at ${w}×${hgt}`);
    await page.screenshot({ path: path.join(SHOTS, `quiz-${w}x${hgt}.png`), fullPage: true });
  }
  assert.equal(await field(page, 'value of node B (MIN)').inputValue(), '12', 'a redraw keeps the answers');

  console.log('the second miss shows the answer');
  await field(page, 'value of node B (MIN)').fill('8');
  await field(page, 'value of node J (MIN)').fill('2');
  await page.keyboard.press('Enter');
  said = await feedback(page);
  assert.match(said, /B: the value is \+3\./);
  assert.match(said, /J: \+2 is right\./);
  assert.equal(await field(page, 'value of node B (MIN)').inputValue(), '+3');
  assert.equal(await page.textContent('#quiz-score'), 'Score: 2 of 4 right first time.');
  assert.equal(await page.textContent('[data-ask="values"]'), '1. Values ✓');

  console.log('the pruned branches, marked with the keyboard');
  await page.click('[data-ask="prune"]');
  assert.equal(await page.evaluate(() => location.hash), '#view=quiz&ask=prune&tree=textbook&seed=1');
  assert.equal(await page.locator('.qz-cut').count(), 12, 'a toggle per branch');
  await page.locator('[aria-label="branch F–H pruned"]').focus();
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute('[aria-label="branch F–H pruned"]', 'aria-pressed'), 'true');
  await page.click('#quiz-check');
  said = await feedback(page);
  assert.match(said, /Not yet: 1 pruned branch not marked\. Hint: Alpha-beta cuts at F \(MIN\)/);
  await page.locator('[aria-label="branch F–I pruned"]').click();
  await page.click('#quiz-check');
  assert.match(await feedback(page), /Right\. Alpha-beta prunes F–H, F–I: at F \(α-cut: \+2 ≤ α = \+3\)\./);
  assert.equal(await page.textContent('#quiz-score'), 'Score: 2 of 5 right first time.');

  console.log('α and β at the ringed node');
  await page.click('[data-ask="window"]');
  const question = await page.textContent('#quiz-question');
  assert.match(question, /enter node [FJ] \(MIN\), ringed/);
  await page.fill('#quiz-alpha', '3');
  await page.fill('#quiz-beta', 'inf');
  await page.press('#quiz-beta', 'Enter');
  assert.match(await feedback(page), /Right: alpha-beta enters [FJ] with α = \+3, β = \+∞\./);
  assert.equal(await page.textContent('#quiz-score'), 'Score: 3 of 6 right first time.');

  console.log('a Tic-Tac-Toe exercise; show the answers; a new exercise');
  await page.goto(`${url}#view=quiz&game=tictactoe&seed=3`);
  await ready(page);
  assert.match(await page.getAttribute('#quiz-board svg', 'role'), /img/);
  assert.ok(await page.locator('.qz-move').count() > 0, 'the branches carry their moves');
  await page.click('#quiz-show');
  assert.match(await feedback(page), /^The values: A [+−0]/);
  assert.equal(await page.locator('.qz-value[data-key][readonly]').count(), await page.locator('.qz-value[data-key]').count());
  await page.click('#quiz-new');
  await page.waitForFunction(() => !/seed=3$/.test(location.hash) && document.querySelector('.qz')?.getAttribute('data-ready') === 'true');
  assert.match(await page.evaluate(() => location.hash), /^#view=quiz&game=tictactoe&seed=\d+$/);

  console.log('a tree link that cannot be a quiz');
  await page.goto(`${url}#view=quiz&tree=((1,2)&seed=9`);
  await ready(page);
  assert.match(await page.textContent('#quiz-msg'), /^This tree cannot be read \(tree: at the end: .*\): a random tree instead\.$/);
  assert.equal(await page.evaluate(() => location.hash), '#view=quiz&seed=9');

  console.log('from the textbook view');
  await page.goto(`${url}#view=tree&tree=deep`);
  await page.waitForSelector('.tv-abs[data-ready="true"]', { timeout: 30000 });
  await page.click('#tree-quiz');
  await ready(page);
  assert.equal(await page.evaluate(() => location.hash), '#view=quiz&tree=deep&seed=1');
  assert.equal(await page.locator('.qz-value[data-key]').count(), 15, 'the deep preset\'s 15 inner nodes');
  assert.deepEqual(errors, [], 'no console errors');
  await context.close();
});
