// The play page's manners (issue 18): reduced motion honoured by the canvas,
// the status telling a computer move only once its disc has landed, a reason
// for every refused move, a link with one bad field keeping its valid moves,
// and level results shown only for the game they were measured in.
import assert from 'node:assert/strict';
import { runBrowserTest } from './lib.mjs';
import { clickMove, moves, open, settle, state, status, watchErrors } from './page-helpers.mjs';

const animating = (page) => page.evaluate(() => document.getElementById('board').dataset.animating === '1');

await runBrowserTest('play page manners', async ({ browser, url }) => {
  console.log('reduced motion:');
  const still = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const p1 = await still.newPage();
  const errors = watchErrors(p1);
  await open(p1, url, '#game=connect4&moves=&ai=none');
  await clickMove(p1, 'connect4', 4);
  assert.equal(await moves(p1), '4');
  assert.equal(await animating(p1), false, 'with reduced motion the disc is in its place in the first frame');
  await still.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors2 = watchErrors(page);
  await open(page, url, '#game=connect4&moves=&ai=none');
  await clickMove(page, 'connect4', 4);
  assert.equal(await animating(page), true, 'without it the disc falls');

  console.log('the status waits for the disc:');
  await open(page, url, '#game=connect4&moves=4453&level=beginner&ai=2');
  await clickMove(page, 'connect4', 3);
  // While the computer's disc falls the status says it is being played; "your turn" once it has landed.
  const seen = await page.evaluate(() => new Promise((resolve) => {
    const log = [];
    const board = document.getElementById('board');
    const look = () => {
      log.push({ falling: board.dataset.animating === '1', status: document.getElementById('status').textContent });
      if (/Your turn/.test(log[log.length - 1].status)) resolve(log);
      else requestAnimationFrame(look);
    };
    look();
  }));
  assert.ok(seen.every((x) => !(x.falling && /Your turn/.test(x.status))), 'no "your turn" while the disc still falls');
  assert.ok(seen.some((x) => x.falling && /^Computer plays column \d…$/.test(x.status)), 'the move is told while it falls');
  assert.match(await status(page), /^Computer played column \d\. Your turn/);

  console.log('refused moves say why:');
  await page.keyboard.press('8');
  assert.match(await status(page), /^There is no column 8: columns 1/, 'key 8 in Connect Four');
  await open(page, url, '#game=connect4&moves=1111112&ai=none');
  await clickMove(page, 'connect4', 1, 0.5);
  assert.match(await status(page), /^Column 1 is full: choose another column\./, 'a full column');
  assert.equal(await moves(page), '1111112');
  await page.waitForTimeout(3300);
  assert.match(await status(page), /^Red played column 2\. Yellow to move\.$/, 'the status comes back after a moment');
  await open(page, url, '#game=connect4&moves=12345671&time=3000&ai=2&level=custom');
  await clickMove(page, 'connect4', 2);
  assert.equal(await state(page), 'thinking');
  await clickMove(page, 'connect4', 5);
  assert.match(await status(page), /^Please wait: the computer is thinking\./, 'a click while the computer thinks');
  await page.click('#new-game');

  console.log('a link with one bad field keeps its moves:');
  await open(page, url, '#game=connect4&moves=4453&time=99999');
  assert.equal(await moves(page), '4453', 'the valid moves are kept');
  assert.match(await page.textContent('#notice-text'), /^Part of this link could not be used: thinking time '99999'/);
  await open(page, url, '#game=chess&moves=4453');
  assert.equal(await moves(page), '', 'the moves of an unknown game are not');
  assert.match(await page.textContent('#notice-text'), /unknown game 'chess' \(use connect4, tictactoe, einstein or connect3p\)/,
    'the games of their own pages are named too');
  await page.goto(`${url}#view=play&game=connect3p`);
  await page.waitForSelector('#c3-board');
  assert.ok(await page.locator('main.layout').isHidden(), 'view=play with a game of its own page: that page');

  console.log('two players: no level; game over: the panel says so; the engine can be hidden:');
  await open(page, url, '#game=connect4&moves=121212&ai=none');
  assert.ok(!(await page.isVisible('#level-select')) && !(await page.isVisible('#time-range')), 'no level or time without a computer');
  await clickMove(page, 'connect4', 1);
  await page.waitForFunction(() => document.body.dataset.state === 'game-over');
  assert.equal(await page.textContent('#think-who'), 'Game over: Red wins!', 'the engine panel shows the result, not an old verdict');
  await page.uncheck('#engine-toggle');
  assert.ok(!(await page.isVisible('#think-score')), 'the engine\'s score can be hidden');
  await page.check('#engine-toggle');

  console.log('level results belong to their game:');
  await open(page, url, '#game=connect4&moves=&level=casual');
  assert.match(await page.textContent('#level-results'), /against Beginner/, 'Connect Four shows its measured results');
  await page.selectOption('#game-select', 'tictactoe');
  await settle(page);
  const ttt = await page.textContent('#level-results');
  assert.ok(!/against Beginner/.test(ttt) && /measured in Connect Four only, not yet in Tic-Tac-Toe/.test(ttt),
    `Tic-Tac-Toe does not show Connect Four's results: "${ttt}"`);
  assert.deepEqual(errors.concat(errors2), [], 'no console errors');
});

// The new-user trial of the twenty-second session: a stray click loses no
// game, the page says where you are while looking back, and what it shows
// belongs to the position shown.
await runBrowserTest('nothing lost, and the page says where you are', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const errors = watchErrors(page);

  console.log('New game during a game: offered back:');
  await open(page, url, '#game=connect4&moves=4453&ai=none');
  await page.click('#new-game');
  assert.equal(await moves(page), '', 'New game still starts at once');
  assert.match(await page.textContent('#notice-text'), /^A new game was started; the last one \(4 moves\) can be restored\.$/);
  await clickMove(page, 'connect4', 3);
  await clickMove(page, 'connect4', 3);
  await page.click('#notice-action');
  assert.equal(await moves(page), '4453', 'Restore the game brings it back');
  assert.match(await page.textContent('#notice-text'), /^The game was restored; the one it replaced \(2 moves\) can be restored in turn\.$/,
    'and offers the game it replaced back');
  await page.click('#notice-action');
  assert.equal(await moves(page), '33', 'a swap');
  await page.click('#notice-action');
  assert.equal(await moves(page), '4453');
  await page.click('#new-game');
  await page.click('#new-game');
  assert.ok(await page.isHidden('#notice-action'), 'an empty game is not offered back');
  await open(page, url, '#game=connect4&moves=4453&ai=none');
  await page.click('#new-game');
  await page.evaluate(() => document.getElementById('forget').click());
  assert.ok(await page.isHidden('#notice'), 'Reset settings and game does not offer the game back');

  console.log('a move while looking back through a finished game: offered back:');
  const finished = '44444541333135335656';
  await open(page, url, `#game=connect4&moves=${finished}&ai=2&level=beginner`);
  await page.waitForSelector('#result:not([hidden])');
  await page.click('#result-close');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('#board-keys') !== null), true,
    'a mouse player\'s × leaves the focus on the board, not the page');
  await page.goto('about:blank');
  await open(page, url, `#game=connect4&moves=${finished}&ai=2&level=beginner`);
  await page.waitForSelector('#result:not([hidden])');
  const stops = () => page.evaluate(() => [...document.querySelectorAll('.board-keys button')].filter((b) => b.tabIndex >= 0).length);
  assert.equal(await stops(), 1, 'a finished game\'s board is one Tab stop');
  assert.match(await page.getAttribute('#board', 'aria-label'), /\. The game is over\.$/, 'and its words do not invite a move');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Home');
  assert.equal(await stops(), 7, 'a game going on: a Tab stop per column');
  assert.equal(await moves(page), '', 'Home: the start of the game');
  assert.equal(await status(page), `Looking back, the start, before the game's ${finished.length} moves. A move here starts a new game (← → step).`);
  await page.keyboard.press('End');
  assert.equal(await moves(page), finished, 'End: its end');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
  const at = await moves(page);
  assert.equal(await state(page), 'human-turn');
  assert.equal(await status(page), `Looking back, move ${at.length} of ${finished.length}: Computer played column ${at.at(-1)}. A move here starts a new game (← → step).`);
  assert.equal(await page.textContent('#think-who'), 'Engine', 'the engine card does not show the last position\'s verdict');
  await page.keyboard.press('7');
  assert.match(await page.textContent('#notice-text'), /^Column 7 starts a new game from this position/);
  await settle(page);
  await page.click('#notice-action');
  assert.equal(await moves(page), at, 'restored: the position looked at...');
  await page.keyboard.press('End');
  assert.equal(await moves(page), finished, '...with the finished game\'s moves ahead');

  console.log('H where the computer is to move says why there is no hint:');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await state(page), 'paused');
  assert.equal(await stops(), 1, 'no move can be played here: the board is one Tab stop');
  console.log('Undo, then Redo, while looking back: the computer still waits:');
  const here = await moves(page);
  await page.click('#undo');
  await page.click('#redo');
  await page.waitForTimeout(600);
  assert.equal(await moves(page), here, 'Redo steps forward through the recorded game');
  assert.equal(await state(page), 'paused', 'the computer does not play over the finished game');
  await page.keyboard.press('End');
  assert.equal(await moves(page), finished, 'the finished game is still there');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('h');
  assert.match(await status(page), /^No hint here: the computer is to move\./);

  console.log('the analysis follows the position looked at, where the computer is to move too:');
  await page.goto('about:blank');
  await open(page, url, `#game=connect4&moves=${finished}&ai=2&level=beginner&analysis=1`);
  await page.waitForSelector('#result:not([hidden])');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await state(page), 'paused');
  await page.waitForFunction(() => /W\d|D|L/.test(document.querySelector('#eval-bar .eval-text').textContent), null, { timeout: 15000 })
    .catch(async (e) => { throw new Error(`${e.message}: the bar says "${await page.textContent('#eval-bar .eval-text')}"`); });

  console.log('Undo while the computer thinks: its figures go:');
  await open(page, url, '#game=connect4&moves=4453&ai=2&level=custom&time=3000');
  await clickMove(page, 'connect4', 3);
  await page.waitForFunction(() => document.body.dataset.state === 'thinking');
  await page.keyboard.press('u');
  assert.equal(await state(page), 'human-turn');
  assert.equal(await page.textContent('#think-who'), 'Engine', 'not "Computer (Yellow) is thinking"');

  console.log('the level\'s description is a live region: not written again on every move:');
  await open(page, url, '#game=connect4&moves=&ai=2&level=casual');
  await page.evaluate(() => {
    window.levelWrites = 0;
    new MutationObserver((m) => { window.levelWrites += m.length; })
      .observe(document.getElementById('level-info'), { childList: true, subtree: true, characterData: true });
  });
  await clickMove(page, 'connect4', 4);
  await settle(page);
  assert.equal(await page.evaluate(() => window.levelWrites), 0, 'a move does not rewrite it');
  assert.deepEqual(errors, [], 'no console errors');
});
