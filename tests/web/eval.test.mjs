// The evaluation view (#view=eval, web/eval/eval-view.js), in headless
// Chromium on build/site: its table is the native `gamesearch evaluate`
// breakdown (every feature's counts, contribution, and the total) for
// Connect Four and Tic-Tac-Toe positions, so the wasm engine and the CLI agree;
// a focused feature marks its cells on the board (an open three's window, a
// threat's spot); moves are played with the buttons and taken back; a bad link
// and a finished game get a message; the horizon lesson's two searches play
// the losing and a winning move; the Play page's "Why this score?" opens the
// game's position; axe finds nothing. Screenshots:
// build/screenshots/eval-*.png at phone, desktop and projector sizes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runBrowserTest, SHOTS } from './lib.mjs';
import { NATIVE } from './native.mjs';
import { axeViolations, watchErrors } from './page-helpers.mjs';

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
fs.mkdirSync(SHOTS, { recursive: true });

// `gamesearch --game G evaluate` of one position: {features: {name: [mine, theirs, weight, contribution]}, total}.
function nativeEvaluation(game, moves) {
  const out = execFileSync(NATIVE, ['--game', game, 'evaluate'], { input: `${moves}\n` }).toString().trim().split(/\s+/);
  const fields = moves ? out.slice(1) : out;
  const features = {};
  let total = null;
  for (const f of fields) {
    const m = /^(\w+)=(-?\d+)-(-?\d+)\*(\d+)=(-?\d+)$/.exec(f);
    if (m) features[m[1]] = [Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
    else total = Number(f.split('=')[1]);
  }
  return { features, total };
}

// The view's table: {name: [mine, theirs, weight, contribution]} and the total.
async function shownEvaluation(page) {
  const rows = await page.$$eval('#eval-table tr[data-feature]', (rs) => rs.map((r) => [r.getAttribute('data-feature'),
    ...[...r.querySelectorAll('td')].map((c) => Number(c.textContent.replace('+', '')))]));
  const features = Object.fromEntries(rows.map(([name, weight, mine, theirs, contribution]) => [name, [mine, theirs, weight, contribution]]));
  return { features, total: Number(await page.textContent('#eval-total')) };
}

async function openEval(page, url, game, moves) {
  await page.goto(`${url}#view=eval&game=${game}&moves=${moves}`);
  await page.waitForFunction(([g, m]) => {
    const input = /** @type {HTMLInputElement | null} */ (document.querySelector('#eval-moves'));
    return input && document.querySelector('#eval-total') && input.value === m
      && /** @type {HTMLSelectElement} */ (document.querySelector('#eval-game')).value === g;
  }, [game, moves], { timeout: 20000 }).catch(async (e) => {
    const seen = await page.evaluate(() => [document.querySelector('#eval-game')?.value, document.querySelector('#eval-moves')?.value,
      document.querySelector('#eval-msg')?.textContent, location.hash]);
    throw new Error(`${game} ${moves}: the view shows ${JSON.stringify(seen)} (${e.message})`);
  });
}

await runBrowserTest('eval', async ({ browser, url }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', bypassCSP: true });
  const page = await context.newPage();
  const errors = watchErrors(page);

  // The breakdown is the CLI's, position by position.
  const positions = [['connect4', ''], ['connect4', '44556'], ['connect4', '4453'], ['connect4', '1234567123'],
    ['connect4', '444444333'], ['tictactoe', ''], ['tictactoe', '152'], ['tictactoe', '5137']];
  for (const [game, moves] of positions) {
    await openEval(page, url, game, moves);
    const want = nativeEvaluation(game, moves);
    const got = await shownEvaluation(page);
    assert.deepEqual(got, want, `${game} ${moves || '(empty)'}: the view shows gamesearch evaluate's breakdown`);
  }
  console.log(`  ${positions.length} positions: the table equals gamesearch evaluate's`);

  // Red's open three on the bottom row (44556, Yellow to move): "three" marks
  // Red's two windows (dashed: the opponent's), "threat" its two spots.
  await openEval(page, url, 'connect4', '44556');
  await page.focus('#eval-table tr[data-feature="three"]');
  assert.equal(await page.$$eval('#eval-board .ev-line.ev-theirs', (l) => l.length), 2, 'three: two windows of Red');
  await page.focus('#eval-table tr[data-feature="threat"]');
  assert.equal(await page.$$eval('#eval-board .ev-ring.ev-theirs', (l) => l.length), 2, 'threat: two spots of Red');
  assert.match(await page.textContent('#eval-board title'),
    /Red: column 4 row 1, column 5 row 1, column 6 row 1; Yellow: column 4 row 2, column 5 row 2\. Marked: threat, 0 for Yellow, 2 for Red \(column 3 row 1; column 7 row 1\)/,
    'the board says in words where the discs are and what is marked');
  await page.screenshot({ path: path.join(SHOTS, 'eval-desktop.png') });

  // Moves: a button plays one (by the keyboard: the focus stays on the
  // buttons), Take back takes it back; the link follows.
  await page.focus('[data-eval-move="3"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.querySelector('#eval-moves')).value === '445563');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-eval-move')), '3', 'the focus stays on column 3');
  assert.match(await page.evaluate(() => location.hash), /moves=445563/, 'the link has the new move');
  await page.click('text=Take back');
  await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.querySelector('#eval-moves')).value === '44556');

  // Bad input: a move the board refuses keeps the position shown, with the engine's message.
  await page.fill('#eval-moves', '44556x');
  await page.click('form.tv-pos button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#eval-msg').classList.contains('tv-error'));
  assert.match(await page.textContent('#eval-msg'), /invalid character 'x'/, 'a bad move string is named');
  assert.equal(await page.textContent('#eval-total'), String(nativeEvaluation('connect4', '44556').total), 'the last position stays');
  // A finished game has no evaluation; an unknown game in a link is named.
  await page.goto(`${url}#view=eval&game=connect4&moves=4455667`);
  await page.waitForFunction(() => document.querySelector('#eval-msg').classList.contains('tv-error'));
  assert.match(await page.textContent('#eval-msg'), /a finished position has no evaluation/);
  await page.goto(`${url}#view=eval&game=chess&moves=4`);
  await page.waitForFunction(() => /game "chess"/.test(document.querySelector('#eval-link-note').textContent));
  await page.goto(`${url}#view=eval&game=connect4&moves=448&size=8x7`);
  await page.waitForFunction(() => /size "8x7": this view shows the 7x6 board only/.test(document.querySelector('#eval-link-note').textContent));

  // The horizon lesson: without quiescence the 3-move search plays the move
  // that loses, with it one that wins (the engine's own searches and solver).
  await page.click('#horizon-run');
  await page.waitForSelector('#horizon-results:not([hidden])', { timeout: 30000 });
  const lesson = await page.$$eval('#horizon-results tr[data-search]', (rs) => rs.map((r) => [r.getAttribute('data-search'),
    r.getAttribute('data-move'), r.querySelectorAll('td')[2].textContent]));
  assert.deepEqual(lesson, [['without quiescence', '4', 'loses'], ['with quiescence', '5', 'wins']], 'the horizon lesson');
  console.log('  the horizon lesson: without quiescence 4 (loses), with it 5 (wins)');

  // From the Play page, "Why this score?" opens the position on the board.
  await page.goto(`${url}#game=connect4&moves=4453&ai=none`);
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 20000 });
  await page.click('#why-score');
  await page.waitForFunction(() => /** @type {HTMLInputElement | null} */ (document.querySelector('#eval-moves'))?.value === '4453'
    && document.querySelector('#eval-total'), null, { timeout: 20000 });
  assert.equal(await page.textContent('#eval-total'), String(nativeEvaluation('connect4', '4453').total), 'Why this score? shows the position');

  await openEval(page, url, 'connect4', '4453');
  await page.focus('#eval-table tr[data-feature="two"]');
  await page.addScriptTag({ content: AXE });
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `axe: ${JSON.stringify(violations)}`);
  assert.deepEqual(errors, [], 'no console error');

  for (const [name, width, height] of [['phone', 390, 844], ['projector', 1920, 1080]]) {
    const p = await (await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' })).newPage();
    await openEval(p, url, 'connect4', '44556');
    await p.focus('#eval-table tr[data-feature="three"]');
    await p.screenshot({ path: path.join(SHOTS, `eval-${name}.png`), fullPage: name === 'phone' });
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false, `${name}: no sideways scrolling`);
  }
});
