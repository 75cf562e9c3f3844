// Connect Four on other boards in the page (docs/board-sizes.md): the board
// picker, links with size=WxH, the board drawn and played on 8x7 and 5x4,
// the analysis hooks ([data-analysis-col]) there, checked on 5x4 against the
// native solver (build/native/bin/gamesearch --size 5x4 analyze), Perfect's
// word when it cannot prove a move, each board's game kept apart, a link
// whose moves do not fit its board, and axe-core on a sized board.
// Screenshots of 8x7 at phone, desktop and projector sizes, and of 5x4 and
// 12x4, go to build/screenshots/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runBrowserTest, SHOTS } from './lib.mjs';
import { axeViolations, moves, open, settle, state, watchErrors } from './page-helpers.mjs';
import { NATIVE } from './native.mjs';

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

// `gamesearch --size WxH analyze` of one position: per column its exact
// score, null for a full one.
function nativeAnalyze(size, position) {
  const out = execFileSync(NATIVE, ['--size', size, 'analyze'], { input: `${position}\n`, encoding: 'utf8' });
  const f = out.trim().split(/\s+/);
  return (position === '' ? f : f.slice(1)).map((t) => (t === 'x' ? null : Number(t)));
}

// The page's analysis, column by column.
const columns = (page) => page.evaluate(() => [...document.querySelectorAll('[data-analysis-col]')]
  .map((e) => ({ col: Number(e.dataset.analysisCol), kind: e.dataset.kind, score: Number(e.dataset.score) })));

// Clicks column `col` of a board `width` columns wide.
async function clickColumn(page, col, width) {
  const box = await page.locator('#board').boundingBox();
  await page.mouse.click(box.x + ((col - 0.5) / width) * box.width, box.y + 0.3 * box.height);
}

await runBrowserTest('Connect Four on other boards', async ({ browser, url }) => {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desktop.newPage();
  const errors = watchErrors(page);

  console.log('the picker: the popular boards first, then every other that fits');
  await open(page, url, '#game=connect4&ai=none');
  const picker = await page.evaluate(() => {
    const s = /** @type {HTMLSelectElement} */ (document.getElementById('size-select'));
    return { label: s.labels?.[0]?.querySelector('span')?.textContent, hidden: s.closest('.field')?.hasAttribute('hidden'),
      groups: [...s.querySelectorAll('optgroup')].map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.value)]) };
  });
  assert.equal(picker.label, 'Board (columns × rows)');
  assert.equal(picker.hidden, false);
  assert.deepEqual(picker.groups[0], ['Popular', ['', '8x7', '6x7', '5x4']]);
  assert.equal(picker.groups[1][0], 'Other sizes');
  assert.equal(picker.groups[1][1].length, 41 - 3, 'every other board that fits');
  assert.ok(picker.groups[1][1].includes('12x4') && picker.groups[1][1].includes('4x15'));

  console.log('8x7: a link, the board, a click in column 8, the analysis hooks');
  await open(page, url, '#game=connect4&size=8x7&moves=4455&ai=none&analysis=1');
  assert.equal(await page.inputValue('#size-select'), '8x7');
  assert.equal(await page.locator('#board-keys button').count(), 8);
  assert.equal(await page.locator('#col-numbers li').count(), 8);
  await clickColumn(page, 8, 8);
  await page.waitForFunction(() => document.getElementById('moves')?.textContent === '44558');
  assert.match(page.url(), /size=8x7&moves=44558/);
  await page.waitForFunction(() => document.querySelectorAll('[data-analysis-col]').length === 8, null, { timeout: 20000 });
  for (const c of await columns(page)) {
    assert.ok(['exact', 'wdl', 'estimate', 'pending'].includes(c.kind), `8x7 column ${c.col}: ${c.kind}`);
  }
  await shot(page, 'sizes-8x7-desktop');
  // A full column of 8x7 (7 stones) is not playable.
  await open(page, url, '#game=connect4&size=8x7&moves=8888888&ai=none&analysis=1');
  await page.waitForFunction(() => document.querySelectorAll('[data-analysis-col]').length === 8, null, { timeout: 20000 });
  assert.equal((await columns(page)).find((c) => c.col === 8).kind, 'illegal');
  assert.match(await page.getAttribute('#board-keys button[data-move="8"]', 'aria-label'), /full \(cannot be played\)/);

  console.log('8x7 at phone and projector sizes');
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['projector', { width: 1920, height: 1080 }]]) {
    const ctx = await browser.newContext({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    const p = await ctx.newPage();
    const errs = watchErrors(p);
    await open(p, url, '#game=connect4&size=8x7&moves=445566&ai=none&analysis=1');
    await p.waitForFunction(() => document.querySelectorAll('[data-analysis-col]').length === 8, null, { timeout: 20000 });
    const board = await p.locator('#board').boundingBox();
    assert.ok(board.width <= viewport.width, `${name}: the board fits the width (${board.width})`);
    assert.ok(Math.abs(board.width / board.height - 8 / 7) < 0.05, `${name}: the board is 8 by 7 (${board.width} x ${board.height})`);
    await shot(p, `sizes-8x7-${name}`);
    assert.deepEqual(errs, []);
    await ctx.close();
  }

  console.log('5x4: the analysis against the native solver');
  for (const position of ['3322', '332211']) {
    await open(page, url, `#game=connect4&size=5x4&moves=${position}&ai=none&analysis=1`);
    await page.waitForFunction(() => document.body.dataset.analysis === 'done', null, { timeout: 30000 });
    const truth = nativeAnalyze('5x4', position);
    const cols = await columns(page);
    assert.equal(cols.length, 5);
    for (const c of cols) {
      const t = truth[c.col - 1];
      if (t === null) assert.equal(c.kind, 'illegal');
      else {
        assert.equal(c.kind, 'exact', `5x4 ${position} column ${c.col} proven`);
        assert.equal(c.score, t, `5x4 ${position} column ${c.col}: ${c.score}, the solver says ${t}`);
      }
    }
  }
  await shot(page, 'sizes-5x4-desktop');

  console.log('5x4: a game against Perfect, the hint, "Solve from here"');
  await open(page, url, '#game=connect4&size=5x4&ai=2&level=perfect');
  await page.click('#hint');
  await page.waitForFunction(() => /Hint: column [1-5]/.test(document.getElementById('hint-text')?.textContent || ''),
    null, { timeout: 20000 });
  await page.click('#solve');
  await page.waitForFunction(() => document.body.dataset.solve === 'done', null, { timeout: 30000 });
  assert.match(await page.textContent('#solve-result'), /draw/i, 'the empty 5x4 board is a draw');
  for (let turn = 0; turn < 12 && (await settle(page)) === 'human-turn'; turn++) {
    const played = await moves(page);
    const free = [3, 2, 4, 1, 5].find((c) => [...played].filter((m) => m === String(c)).length < 4);
    await clickColumn(page, free, 5);
    await page.waitForFunction((n) => (document.getElementById('moves')?.textContent || '').length > n, played.length);
    await settle(page);
    assert.doesNotMatch(await page.textContent('#think-who'), /not proven/, 'Perfect proves every move on 5x4');
  }
  assert.equal(await state(page), 'game-over');

  console.log('8x7: Perfect says when it cannot prove its move');
  await open(page, url, '#game=connect4&size=8x7&ai=1&level=perfect');
  await page.waitForFunction(() => (document.getElementById('moves')?.textContent || '').length === 1, null,
    { timeout: 30000 });
  assert.match(await page.textContent('#think-who'), /played column [1-8]: not proven\. Perfect could not prove/);

  console.log('a link whose moves do not fit its board');
  await open(page, url, '#game=connect4&size=5x4&moves=447&ai=none');
  assert.match(await page.textContent('#notice'), /not a valid Connect Four game on 5x4: column 7 at position 3 is out of range 1-5/);
  assert.equal(await page.inputValue('#size-select'), '5x4');

  console.log("each board's game is kept apart");
  // (the games above are kept too: 8x7's is Perfect's first move)
  assert.match(await page.evaluate(() => localStorage.getItem('fourinarow.boards') || ''), /"connect4@8x7":\{"moves":"[1-8]"/);
  await page.evaluate(() => localStorage.clear());
  await open(page, url, '#game=connect4&moves=44&ai=none');
  await page.selectOption('#size-select', '8x7');
  await page.waitForFunction(() => /size=8x7/.test(location.hash));
  assert.equal(await moves(page), '');
  await clickColumn(page, 8, 8);
  await page.waitForFunction(() => document.getElementById('moves')?.textContent === '8');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready');
  await page.waitForFunction(() => document.getElementById('moves')?.textContent === '8');
  assert.equal(await page.inputValue('#size-select'), '8x7', 'a reload brings back the board played last');
  await page.selectOption('#size-select', '');
  await page.waitForFunction(() => document.getElementById('moves')?.textContent === '44');
  await page.selectOption('#size-select', '8x7');
  await page.waitForFunction(() => document.getElementById('moves')?.textContent === '8');

  console.log('12x4: letters for columns 10-12');
  await open(page, url, '#game=connect4&size=12x4&moves=9abc&ai=none');
  assert.equal(await moves(page), '9abc');
  await page.keyboard.press('c');
  await page.waitForFunction(() => document.getElementById('moves')?.textContent === '9abcc');
  await shot(page, 'sizes-12x4-desktop');

  assert.deepEqual(errors, []);

  console.log('axe-core on 8x7');
  const a11y = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const ap = await a11y.newPage();
  await open(ap, url, '#game=connect4&size=8x7&moves=4455&ai=none&analysis=1');
  await ap.addScriptTag({ content: AXE });
  assert.deepEqual(await axeViolations(ap), []);
  await a11y.close();
});
