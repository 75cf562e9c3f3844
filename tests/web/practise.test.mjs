// "Practise your mistakes" (issue 42; web/play/practise-flow.js): after a
// review, each of the person's moves that changed the game's value is asked
// again. Every move of every practised position is tried, and each verdict
// is checked against the native solver's values (`gamesearch analyze`):
// every move that keeps the value is accepted, every other rejected. Also
// the right answer on the first and the second try, two wrong tries and
// Show (the best move on the board), the score, the keys (digits, the
// board's buttons, Escape), the sides practised (only the person's against
// the computer), "No mistakes to practise", and the game, its review and
// its saved state as they were after leaving. Screenshots at phone,
// desktop and projector sizes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runBrowserTest, SHOTS } from './lib.mjs';
import { axeViolations, clickMove, open, watchErrors } from './page-helpers.mjs';
import { NATIVE } from './native.mjs';

// The native win/draw/loss of every move of `moves` (the mover's view: 1, 0,
// -1; null: not playable), proven by the solver (with Connect Four's opening book).
function nativeOutcomes(game, moves) {
  const book = game === 'connect4' ? ['--book', path.join(ROOT, 'web/book.bin')] : [];
  const out = execFileSync(NATIVE, ['--game', game, 'analyze', ...book, '--time-ms', '1000'], { input: `${moves}\n`, encoding: 'utf8' }).trim().split(/\s+/).slice(moves ? 1 : 0);
  return out.map((v) => {
    assert.notEqual(v, '?', `${game} ${moves}: every move proven natively`);
    return v === 'x' ? null : v === 'W' ? 1 : v === 'L' ? -1 : Math.sign(Number(v));
  });
}

const said = (page) => page.$eval('#practise-said', (e) => ({
  verdict: e.dataset.verdict, move: Number(e.dataset.move), count: Number(e.dataset.count || 0), text: e.textContent }));

// Plays `move` as an answer (a click on the board, its number key, or Enter
// on the board's button) and returns the verdict.
async function answer(page, game, move, how = 'click') {
  const before = (await said(page)).count;
  if (how === 'key') await page.keyboard.press(String(move));
  else if (how === 'button') {
    await page.focus(`#board-keys button[data-move="${move}"]`);
    await page.keyboard.press('Enter');
  } else await clickMove(page, game, move);
  await page.waitForFunction((n) => Number(document.getElementById('practise-said').dataset.count || 0) > n, before,
    { timeout: 30000 });
  const v = await said(page);
  assert.equal(v.move, move, `the verdict is on ${move}: ${v.text}`);
  return v;
}

// Tries every playable move not tried yet, each judged as the native values say.
async function tryTheRest(page, game, outcomes, target, tried) {
  for (let m = 1; m <= outcomes.length; m++) {
    if (outcomes[m - 1] === null || tried.includes(m)) continue;
    const v = await answer(page, game, m);
    assert.equal(v.verdict, outcomes[m - 1] === target ? 'keeps' : 'loses', `move ${m} (native ${outcomes[m - 1]}): ${v.text}`);
  }
}

const keepers = (outcomes, target) => outcomes.flatMap((o, i) => (o === target ? [i + 1] : []));
const losers = (outcomes, target) => outcomes.flatMap((o, i) => (o !== null && o !== target ? [i + 1] : []));
const hint = (page) => page.$eval('#board', (c) => Number(c.dataset.hint || 0));

// Waits for the review of the game shown, and the Practise button it brings.
async function reviewed(page) {
  await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 60000 });
  await page.waitForSelector('#practise-start:not([hidden])');
}

await runBrowserTest('practise your mistakes: every value-keeping move accepted, every other rejected', async ({ browser, url }) => {
  const t0 = Date.now();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // Yellow wins after 22 moves; the review marks 1. 5? (Red), 2… 3? (Yellow) and 4. 5?? (Red).
  const game = '5233355662226635335444';
  await open(page, url, `#game=connect4&moves=${game}&ai=none`);
  await page.click('#result-review');
  await reviewed(page);
  assert.equal(await page.textContent('#practise-start'), 'Practise your mistakes (3)', 'two people: both sides\' mistakes');
  const savedBefore = await page.evaluate(() => JSON.stringify(localStorage));
  const hashBefore = await page.evaluate(() => location.hash);
  const marksBefore = await page.$$eval('#move-list .mv[data-mark]', (b) => b.map((x) => x.dataset.mark).join());

  await page.click('#practise-start');
  assert.equal(await page.evaluate(() => document.body.dataset.practise), 'find');
  assert.equal(await page.evaluate(() => document.activeElement.closest('#board-keys') !== null), true, 'the focus is on the board');
  assert.match(await page.textContent('#practise-prompt'), /^1\. Red played column 5 here: it turned the win into a draw\. Find a better move for Red/);
  assert.equal(await page.isVisible('#move-list'), false, 'the move list (it has the answer) is hidden');

  // 1. The empty board (Red, a win): a wrong try, the same again (not counted), then the answer by its key.
  let outcomes = nativeOutcomes('connect4', '');
  const [wrong1] = losers(outcomes, 1);
  let v = await answer(page, 'connect4', wrong1);
  assert.equal(v.verdict, 'loses');
  assert.match(v.text, /^Not that: column \d turns the win into a (draw|loss)\. Try again\.$/);
  for (const [width, height] of [[390, 844], [1280, 800], [1920, 1080]]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    const card = await page.locator('#practise').boundingBox();
    if (width > 390) assert.ok(card.y + card.height <= height, `${width}x${height}: the card is on the screen under the board`);
    await page.screenshot({ path: path.join(SHOTS, `practise-${width}.png`), fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addScriptTag({ content: fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8') });
  assert.deepEqual(await axeViolations(page), [], 'axe, practising');
  v = await answer(page, 'connect4', wrong1, 'key');
  assert.match(v.text, /again: it turns/, 'the same wrong move twice counts once');
  const right1 = keepers(outcomes, 1)[0];
  v = await answer(page, 'connect4', right1, 'key');
  assert.equal(v.verdict, 'keeps');
  assert.match(v.text, /^Good move: column \d keeps the win\./);
  assert.ok(keepers(outcomes, 1).includes(await hint(page)), 'the best move is dashed on the board');
  await tryTheRest(page, 'connect4', outcomes, 1, [wrong1, right1]);
  assert.equal(await page.textContent('#practise-count'), '1 of 3 · 1 found');

  // 2. After 523 (Yellow, a draw): found on the first try with the board's button and Enter.
  await page.click('#practise-next');
  assert.match(await page.textContent('#practise-prompt'), /^2… Yellow played column 3 here: it turned the draw into a loss\./);
  outcomes = nativeOutcomes('connect4', '523');
  const right2 = keepers(outcomes, 0).at(-1);
  v = await answer(page, 'connect4', right2, 'button');
  assert.equal(v.verdict, 'keeps');
  assert.match(v.text, /^Good move: column \d keeps the draw\./);
  await tryTheRest(page, 'connect4', outcomes, 0, [right2]);

  // 3. After 523335 (Red, a win): one wrong try, then Show.
  await page.click('#practise-next');
  outcomes = nativeOutcomes('connect4', '523335');
  const target3 = 1;
  const wrong3 = losers(outcomes, target3)[0];
  v = await answer(page, 'connect4', wrong3);
  assert.equal(v.verdict, 'loses');
  await page.focus('#practise-show');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'practise-next', 'the focus goes on from Show to Next');
  assert.match(await page.textContent('#practise-said'), /^The best move: column \d \(dashed on the board\)\./);
  assert.ok(keepers(outcomes, target3).includes(await hint(page)), `Show dashes a value-keeping move (${await hint(page)})`);
  assert.equal(await page.isVisible('#practise-show'), false);
  await tryTheRest(page, 'connect4', outcomes, target3, [wrong3]);
  assert.equal(await page.textContent('#practise-next'), 'See the score');
  await page.click('#practise-next');
  assert.equal(await page.evaluate(() => document.body.dataset.practise), 'summary');
  assert.equal(await page.textContent('#practise-prompt'), 'Practice over: 2 of 3 found, 1 on the first try.');
  assert.deepEqual(await page.$$eval('#practise-summary li', (l) => l.map((x) => x.dataset.result)), ['second', 'first', 'shown']);
  await page.screenshot({ path: path.join(SHOTS, 'practise-summary-1280.png') });

  // Again: the score starts over; Skip; Escape goes back to the review, as it was.
  await page.click('#practise-again');
  assert.equal(await page.textContent('#practise-count'), '1 of 3 · 0 found');
  await page.click('#practise-next');
  assert.match(await page.textContent('#practise-prompt'), /^2… Yellow/);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.body.dataset.practise);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'practise-start', 'the focus goes back to the Practise button');
  assert.equal(await page.textContent('#moves'), game);
  assert.equal(await page.evaluate(() => location.hash), hashBefore);
  assert.equal(await page.evaluate(() => JSON.stringify(localStorage)), savedBefore, 'the saved state is untouched');
  assert.equal(await page.$$eval('#move-list .mv[data-mark]', (b) => b.map((x) => x.dataset.mark).join()), marksBefore, 'the review is kept');
  assert.equal(await page.evaluate(() => document.body.dataset.review), 'done');

  // Tic-Tac-Toe against the computer: only the person's (X's) mistake; two wrong tries show the best move.
  await page.evaluate(() => { location.hash = '#game=tictactoe&moves=159347&ai=2'; });
  await page.waitForFunction(() => document.getElementById('moves').textContent === '159347');
  await page.click('#review');
  await reviewed(page);
  assert.equal(await page.textContent('#practise-start'), 'Practise your mistakes (1)', 'O\'s 3 (the computer\'s) is not practised');
  await page.click('#practise-start');
  assert.match(await page.textContent('#practise-prompt'), /^3\. You played cell 4 here: it turned the win into a loss\. Find a better move for X/);
  outcomes = nativeOutcomes('tictactoe', '1593');
  const [w1, w2] = losers(outcomes, 1);
  assert.equal((await answer(page, 'tictactoe', w1, 'key')).verdict, 'loses');
  v = await answer(page, 'tictactoe', w2, 'key');
  assert.match(v.text, /^Not that either: cell \d turns the win into a (draw|loss)\. The best move: cell \d \(dashed on the board\)\./);
  assert.deepEqual([await hint(page)], keepers(outcomes, 1), 'the one winning cell is dashed');
  await tryTheRest(page, 'tictactoe', outcomes, 1, [w1, w2]);
  await page.click('#practise-next');
  assert.equal(await page.textContent('#practise-prompt'), 'Practice over: 0 of 1 found, 0 on the first try.');
  await page.click('#practise-back');
  await page.waitForFunction(() => !document.body.dataset.practise);
  assert.equal(await page.textContent('#moves'), '159347');

  // A game with no mistake: the button says so and cannot be used.
  await page.evaluate(() => { location.hash = '#game=tictactoe&moves=51&ai=none'; });
  await page.waitForFunction(() => document.getElementById('moves').textContent === '51');
  await page.click('#review');
  await reviewed(page);
  assert.equal(await page.textContent('#practise-start'), 'No mistakes to practise');
  assert.equal(await page.getAttribute('#practise-start', 'aria-disabled'), 'true');
  await page.click('#practise-start', { force: true });   // (aria-disabled: it says why, and does nothing)
  assert.equal(await page.evaluate(() => document.body.dataset.practise), undefined);
  assert.deepEqual(errors, []);
  console.log(`  practise test: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await context.close();
});
