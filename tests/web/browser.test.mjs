// Browser tests: headless Chromium (playwright-core) against the built site
// (build/site) served by python3 -m http.server on a free loopback port.
// Screenshots of the main states go to build/screenshots/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBrowserTest, SHOTS } from './lib.mjs';
import { clickMove, moves, open, playWholeGame, settle, state, status, watchErrors } from './page-helpers.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// Red to move, 8 stones, no four in a row: with Red's next stone in column 1
// the computer (Yellow) thinks its full time (see below).
const OFF_BOOK = '12345671';
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

await runBrowserTest('browser', async ({ browser, url }) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = watchErrors(page);

  console.log('Tic-Tac-Toe, a whole game by clicking:');
  await open(page, url, '#game=tictactoe&time=100&ai=2');
  assert.ok(await state(page) === 'human-turn', 'the page starts on the human\'s turn');
  const ttt = await playWholeGame(page, 'tictactoe');
  assert.ok(await state(page) === 'game-over', `the game ends (${ttt})`);
  const result = await status(page);
  assert.ok(/draw|computer wins|you win/i.test(result), `the result is shown: "${result}"`);
  assert.ok(/draw|computer wins/i.test(result), 'the computer does not lose at Tic-Tac-Toe');
  await shot(page, 'desktop-tictactoe-over');

  console.log('undo / redo:');
  const full = await moves(page);
  await page.click('#undo');
  const undone = await moves(page);
  assert.ok(undone.length < full.length && full.startsWith(undone) && await state(page) === 'human-turn',
    `undo takes back the human's move and its answer (${full} -> ${undone})`);
  assert.ok(full.length - undone.length === (full.length % 2 === 0 ? 2 : 1), 'undo takes back exactly one turn');
  assert.ok(await page.isEnabled('#redo'), 'redo is enabled after an undo');
  await page.click('#redo');
  assert.ok(await moves(page) === full && await state(page) === 'game-over', 'redo restores the game');
  assert.ok(!(await page.isEnabled('#redo')), 'redo is disabled again');

  console.log('Connect Four, a whole game by clicking:');
  await open(page, url, '#game=connect4&moves=&time=50&ai=2');
  assert.ok(!(await page.isEnabled('#undo')), 'undo is disabled at the start');
  const c4 = await playWholeGame(page, 'connect4');
  const c4result = await status(page);
  assert.ok(await state(page) === 'game-over' && /draw|computer wins|you win/i.test(c4result),
    `Connect Four ends: "${c4result}" after ${c4.length} moves`);
  assert.ok(page.url().includes(`moves=${c4}`), 'the URL hash holds the moves');
  await shot(page, 'desktop-connect4-over');

  console.log('reload restores the position from the hash:');
  await open(page, url, '#game=connect4&moves=4453&time=300&ai=2');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready');
  assert.ok(await moves(page) === '4453' && await state(page) === 'human-turn', 'position 4453 restored, human to move');
  assert.ok(await page.inputValue('#game-select') === 'connect4' && await page.inputValue('#players-select') === '2',
    'settings restored');
  assert.ok((await page.textContent('#time-value')).includes('300'), 'thinking time restored');

  console.log('the human wins:');
  await open(page, url, '#game=connect4&moves=121212&time=200&ai=2');
  await clickMove(page, 'connect4', 1, 0.9);
  await page.waitForFunction(() => document.body.dataset.state === 'game-over');
  const won = await status(page);
  assert.ok(won.includes('you win'), `the result is shown: "${won}"`);
  await page.waitForTimeout(600);
  await shot(page, 'desktop-you-win');
  assert.ok(!(await page.isEnabled('#hint')), 'no hint after the end');
  await open(page, url, '#game=connect4&moves=4453&time=300&ai=2');

  console.log('keyboard:');
  await page.keyboard.press('2');
  assert.ok(await state(page) === 'thinking' && (await moves(page)) === '44532', 'key 2 plays column 2');
  await settle(page);
  assert.ok((await moves(page)).length === 6, 'the computer answers');
  await page.keyboard.press('u');
  assert.ok(await moves(page) === '4453', 'U undoes the move and its answer');
  // N in a game going on must be pressed twice (a stray N loses nothing).
  await page.keyboard.press('n');
  assert.equal(await moves(page), '4453', 'one N does not lose the game');
  assert.match(await status(page), /^Press N again to start a new game/);
  await page.keyboard.press('n');
  assert.equal(await moves(page), '', 'N twice starts a new game');
  await open(page, url, '#game=connect4&moves=4453&time=300&ai=2');

  console.log('hint and analysis:');
  // By keyboard: the button, unusable once the hint is shown, keeps the focus
  // (it is marked aria-disabled, not disabled, which would drop the focus).
  await page.focus('#hint');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Hint:/.test(document.getElementById('hint-text').textContent));
  assert.deepEqual(await page.evaluate(() => [document.activeElement.id, document.getElementById('hint').getAttribute('aria-disabled')]),
    ['hint', 'true'], 'the hint button keeps the focus');
  assert.ok(/column [1-7]/.test(await page.textContent('#hint-text')), `hint: ${await page.textContent('#hint-text')}`);
  await page.check('#analysis-toggle');
  await page.waitForFunction(() => document.body.dataset.analysis === 'done', null, { timeout: 15000 });
  assert.ok(/^For Red, to move:/.test(await page.textContent('#analysis-legend')),
    'the analysis legend says whose point of view the numbers are from');
  await page.waitForTimeout(100);
  await shot(page, 'desktop-connect4-analysis');
  await page.uncheck('#analysis-toggle');

  console.log('cancel: undo while the computer thinks leaves no stale move:');
  // OFF_BOOK + 1 (9 stones) is past the book's every-position part, off
  // Perfect's lines and below the solver's 10 stones: a full-time search.
  await open(page, url, `#game=connect4&moves=${OFF_BOOK}&time=3000&ai=2`);
  await clickMove(page, 'connect4', 1, 0.05);
  assert.ok(await state(page) === 'thinking', 'the computer is thinking');
  await page.waitForTimeout(300);
  await shot(page, 'desktop-thinking');
  await page.keyboard.press('u');
  assert.ok(await moves(page) === OFF_BOOK && await state(page) === 'human-turn', 'undo cancels the search at once');
  await page.waitForTimeout(3300);
  assert.ok(await moves(page) === OFF_BOOK && await state(page) === 'human-turn', 'no stale move lands after the budget');
  await clickMove(page, 'connect4', 1);
  await page.click('#new-game');
  await page.waitForTimeout(3300);
  assert.ok(await moves(page) === '' && await state(page) === 'human-turn', 'new game cancels the search too');

  console.log('smooth page while the computer thinks 2 s:');
  // Not in the opening book (which would answer at once): a full search.
  await open(page, url, `#game=connect4&moves=${OFF_BOOK}&time=2000&ai=2`);
  await page.evaluate(() => {
    window.gaps = [];
    let last = performance.now();
    const f = () => {
      const now = performance.now();
      window.gaps.push(now - last);
      last = now;
      if (!window.stopFrames) requestAnimationFrame(f);
    };
    requestAnimationFrame(f);
  });
  await clickMove(page, 'connect4', 1);
  const t0 = Date.now();
  await settle(page);
  const thought = Date.now() - t0;
  const gaps = await page.evaluate(() => { window.stopFrames = true; return window.gaps; });
  const worst = Math.max(...gaps);
  assert.ok(thought >= 1500, `the computer thought for ${thought} ms (budget 2 s; a long think, not a book answer)`);
  assert.ok(worst < 250, `longest gap between animation frames ${worst.toFixed(1)} ms over ${gaps.length} frames`);

  console.log('bad hashes:');
  for (const bad of ['#game=connect4&moves=4489&time=1000&ai=2', '#game=chess&moves=12&time=abc&ai=7',
    '#moves=%E0%A4%A&game=tictactoe&ai=2', '#game=tictactoe&moves=12345678&time=500&ai=none']) {
    await open(page, url, bad);
    await page.waitForTimeout(100);
    const notice = await page.isVisible('#notice');
    const st = await state(page);
    const text = notice ? await page.textContent('#notice-text') : '';
    assert.ok(notice && (await moves(page)) === '' && ['human-turn', 'thinking'].includes(st),
      `${bad}: "${text.slice(0, 90)}…", clean game`);
  }
  await open(page, url, '#game=chess&moves=99');
  await shot(page, 'desktop-bad-hash');

  console.log('hash edited by hand, two players, game switch while thinking:');
  await open(page, url, '#game=connect4&moves=&time=3000&ai=2');
  await page.evaluate(() => { location.hash = '#game=tictactoe&moves=51&time=3000&ai=none'; });
  await page.waitForFunction(() => document.getElementById('moves').textContent === '51');
  assert.ok(await page.inputValue('#game-select') === 'tictactoe', 'a hash change loads the new position');
  await clickMove(page, 'tictactoe', 9);
  assert.ok(await state(page) === 'human-turn' && await moves(page) === '519', 'two players: a click plays, no thinking');
  await page.click('#undo');
  assert.ok(await moves(page) === '51', 'two players: undo takes back one move');
  await page.selectOption('#players-select', '2');
  await page.selectOption('#players-select', '1');
  await settle(page);
  assert.ok((await moves(page)).length === 3, 'the computer takes over the side to move and plays');
  await page.selectOption('#game-select', 'connect4');
  const switched = await moves(page);
  assert.ok(await page.inputValue('#game-select') === 'connect4' && (switched === '' || switched === '4'),
    `switching the game starts a new game (${switched || 'empty board'}; the computer's first move may come from the book at once)`);
  // A long think outside the book, abandoned by switching to two players.
  await page.evaluate((m) => { location.hash = `#game=connect4&moves=${m}1&time=3000&ai=2`; }, OFF_BOOK);
  await page.waitForFunction(() => document.body.dataset.state === 'thinking');
  await page.selectOption('#players-select', 'none');
  await page.waitForTimeout(3300);
  assert.ok(await moves(page) === `${OFF_BOOK}1` && await state(page) === 'human-turn', 'no stale move after the switches');

  console.log('worker protocol, malformed requests:');
  const replies = await page.evaluate(async () => {
    const w = new Worker('worker.js');
    const got = [];
    const reqs = [null, 42, { type: 'bogus', id: 1 }, { type: 'search', id: 2, game: 'chess', moves: '', timeMs: 100 },
      { type: 'search', id: 3, game: 'connect4', moves: '48', timeMs: 100 },
      { type: 'search', id: 4, game: 'connect4', moves: '1212121', timeMs: 100 },
      { type: 'search', id: 5, game: 'connect4', moves: '', timeMs: -5 },
      { type: 'analyze', id: 6, game: 'tictactoe', moves: 5, timeMs: 100 },
      { type: 'search', id: 7, game: 'tictactoe', moves: '5', timeMs: 50 }];
    await new Promise((resolve) => {
      w.onmessage = (e) => { got.push(e.data); if (e.data.type === 'bestmove') resolve(); };
      for (const r of reqs) w.postMessage(r);
    });
    w.terminate();
    return got;
  });
  const errs = replies.filter((r) => r.type === 'error');
  assert.ok(errs.length === 8, `8 malformed requests get 8 error replies: ${errs.map((e) => e.message).join(' | ')}`);
  assert.ok(errs.some((e) => e.id === 3 && /column 8/.test(e.message)), 'a bad move string says what is wrong');
  assert.ok(replies.some((r) => r.type === 'info' && r.id === 7) && replies.at(-1).id === 7
    && replies.at(-1).move >= 1 && replies.at(-1).move <= 9, 'the worker still answers a good request afterwards');

  console.log('demo (computer vs computer):');
  await open(page, url, '#game=tictactoe&moves=&time=50&ai=both');
  await page.waitForFunction(() => document.body.dataset.state === 'game-over', null, { timeout: 20000 });
  assert.ok((await moves(page)).length === 9 && /draw/i.test(await status(page)), 'perfect play draws Tic-Tac-Toe');

  console.log('screenshots (desktop and phone, light and dark):');
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    for (const scheme of ['light', 'dark']) {
      const phone = name === 'phone';
      const ctx = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: phone ? 3 : 1,
        hasTouch: phone, isMobile: phone });
      const p = await ctx.newPage();
      const errs = watchErrors(p);
      await open(p, url, '#game=connect4&moves=445332&time=200&ai=2');
      await p.waitForTimeout(150);
      const box = await p.locator('#board').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 0.5, `${name}/${scheme}: the board fits the width`);
      if (phone) {
        await p.touchscreen.tap(box.x + (4.5 / 7) * box.width, box.y + 0.3 * box.height);
        assert.ok(await moves(p) === '4453325', `${name}/${scheme}: a tap plays column 5`);
      } else {
        await clickMove(p, 'connect4', 5);
      }
      await p.waitForTimeout(80);
      await shot(p, `${name}-${scheme}-thinking`);
      await settle(p);
      await p.waitForTimeout(600);
      await shot(p, `${name}-${scheme}-connect4`);
      await open(p, url, '#game=tictactoe&moves=5139&time=200&ai=none');
      await p.waitForTimeout(300);
      await shot(p, `${name}-${scheme}-tictactoe`);
      assert.ok(errs.length === 0, `${name}/${scheme}: no console errors ${errs.join(' | ')}`);
      await ctx.close();
    }
  }

  assert.ok(errors.length === 0, `no console errors, exceptions or failed requests ${errors.join(' | ')}`);
});
