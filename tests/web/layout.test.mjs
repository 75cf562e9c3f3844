// The play page as a game site (issue 18): the board, the status and the
// primary buttons inside the window on a phone (both ways up), a projector
// and a desktop, with a status that never moves the board; the result over
// the board; pause and step in computer vs computer; the best line drawn on
// the board; large text; and nothing lost on a reload or a closed tab
// (settings, the game and its moves ahead), with a damaged saved state
// reported and replaced.
import assert from 'node:assert/strict';
import { runBrowserTest } from './lib.mjs';
import { clickMove, moves, open, settle, state, status, watchErrors } from './page-helpers.mjs';

const SIZES = [[390, 844], [844, 390], [1280, 720], [1440, 900], [1920, 1080]];
const ESSENTIALS = ['#board', '#status', '#new-game', '#undo', '#hint'];

// The parts of `selectors` (their bounding boxes) that stick out of the window.
async function outside(page, selectors) {
  const { width, height } = page.viewportSize();
  const out = [];
  for (const sel of selectors) {
    const b = await page.locator(sel).boundingBox();
    if (!b) out.push(`${sel} not shown`);
    else if (b.x < -0.5 || b.y < -0.5 || b.x + b.width > width + 0.5 || b.y + b.height > height + 0.5) {
      out.push(`${sel} at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`);
    }
  }
  return out;
}

const boardTop = (page) => page.locator('#board').boundingBox().then((b) => Math.round(b.y * 10) / 10);

await runBrowserTest('layout at phone, projector and desktop sizes', async ({ browser, url }) => {
  for (const [width, height] of SIZES) {
    for (const large of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      if (large) await page.addInitScript(() => localStorage.setItem('fourinarow.settings', JSON.stringify({ version: 1,
        data: { ai: '2', level: 'custom', time: 2000, analysis: false, analysisMs: 10000, engine: true, numbers: true,
          sound: false, large: true, open: false } })));
      await open(page, url, '#game=connect4&moves=4453&ai=2&level=custom&time=2000');
      const name = `${width}×${height}${large ? ' large text' : ''}`;
      assert.equal(await page.evaluate(() => document.documentElement.dataset.type || ''), large ? 'large' : '', name);
      const box = await page.locator('#board').boundingBox();
      console.log(`${name}: board ${Math.round(box.width)}×${Math.round(box.height)} at y ${Math.round(box.y)}`);
      assert.deepEqual(await outside(page, ESSENTIALS), [], `${name}: board, status and buttons inside the window`);
      assert.ok(box.height >= Math.min(260, height * 0.6), `${name}: the board is not squeezed (${Math.round(box.height)} px high)`);
      // A big projector: the board grows with the window (it stopped at 48rem, 61 % of 1080 px).
      if (width >= 1500) assert.ok(box.height >= height * 0.65, `${name}: the board fills the height (${Math.round(box.height)} px high)`);
      // The status while the computer thinks (a longer text) and after: the board stays put.
      const before = await boardTop(page);
      await clickMove(page, 'connect4', 3);
      await page.waitForFunction(() => document.body.dataset.state === 'thinking');
      const thinking = await boardTop(page);
      await settle(page);
      await page.waitForFunction(() => /Your turn/.test(document.getElementById('status').textContent));
      assert.deepEqual([thinking, await boardTop(page)], [before, before], `${name}: the status never moves the board`);
      // Two players: a longer status ("Red played column 3. Yellow to move.").
      await open(page, url, '#game=connect4&moves=4453&ai=none');
      const two = await boardTop(page);
      await clickMove(page, 'connect4', 1);
      assert.equal(await boardTop(page), two, `${name}: two players' status keeps the board`);
      // A long game's move string: whole lines under the heading, not squeezed beside it.
      if (!large && width >= 1280) {
        await open(page, url, '#game=connect4&moves=2252576253462244111563365343671351441&ai=none');
        const [head, str] = await Promise.all(['.movelog h2', '#moves'].map((s) => page.locator(s).boundingBox()));
        assert.ok(str.y >= head.y + head.height - 1 && str.height <= 2.2 * 0.85 * 16 * 1.3 + 2,
          `${name}: the move string under the heading in at most two lines (${JSON.stringify([head, str])})`);
      }
      assert.deepEqual(errors, [], `${name}: no errors`);
      await context.close();
    }
  }
});

await runBrowserTest('the result over the board, pause and step, the best line', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = watchErrors(page);
  console.log('result screen:');
  await open(page, url, '#game=connect4&moves=445566&ai=none');
  assert.ok(await page.isHidden('#result'), 'no result during the game');
  await clickMove(page, 'connect4', 7);
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.textContent('#result-title'), 'Red wins');
  assert.equal(await page.textContent('#result-detail'), 'Four in a row after 7 moves.');
  assert.ok(await page.isHidden('#result-swap'), 'no sides to swap between two players');
  assert.equal(await page.getAttribute('#player-1', 'data-winner'), '', 'the winner\'s card says so');
  assert.equal(await page.textContent('#player-1-turn'), 'wins');
  await page.focus('#result-again');
  await page.keyboard.press('Escape');
  assert.ok(await page.isHidden('#result'), 'Escape closes it to show the board');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await moves(page), '445566', '← steps back');
  await page.keyboard.press('ArrowRight');
  assert.equal(await moves(page), '4455667', '→ steps to the end again');
  assert.equal(await state(page), 'game-over');
  assert.ok(await page.isHidden('#result'), 'a closed result stays closed for that game');
  await open(page, url, '#game=tictactoe&moves=1425&ai=1&level=custom&time=100');
  await settle(page);
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.textContent('#result-title'), 'The computer wins');
  assert.equal(await page.getAttribute('#result', 'data-outcome'), 'loss');
  await page.click('#result-swap');
  assert.equal(await page.inputValue('#players-select'), '2', 'Swap sides: now you move first');
  assert.equal(await moves(page), '', 'in a new game');
  assert.equal(await state(page), 'human-turn');
  assert.equal(await page.textContent('#player-1-name'), 'You');
  assert.match(await page.textContent('#player-2-name'), /^Computer · 100 ms a move$/);

  console.log('pause and step (computer vs computer):');
  await open(page, url, '#game=tictactoe&moves=&ai=both&level=custom&time=200');
  assert.ok(await page.isVisible('#pause'), 'a Pause button in computer vs computer');
  await page.click('#pause');
  await page.waitForFunction(() => document.body.dataset.state === 'paused');
  const stopped = await moves(page);
  await page.waitForTimeout(800);
  assert.equal(await moves(page), stopped, 'paused: no moves');
  assert.match(await status(page), /Paused: [XO] to move/);
  await page.click('#step-move');
  await page.waitForFunction((n) => document.getElementById('moves').textContent.length === n + 1
    && document.body.dataset.state === 'paused', stopped.length, { timeout: 10000 })
    .catch(async (e) => { throw new Error(`${e.message}: ${stopped} -> ${await moves(page)} ${await state(page)} ${await status(page)}`); });
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.body.dataset.state === 'game-over', null, { timeout: 20000 });
  assert.equal(await page.textContent('#pause'), 'Pause', 'P resumed it and the game played to its end');

  console.log('the best line on the board:');
  // Without the opening book (its moves come without a line), early (a proof has none either).
  await open(page, url, '?book=off#game=connect4&moves=&ai=2&level=custom&time=300');
  const noLine = () => page.getAttribute('#pv-show', 'aria-disabled').then((v) => v === 'true');
  assert.ok(await noLine(), 'no line yet');
  await clickMove(page, 'connect4', 4);
  await settle(page);
  await page.waitForFunction(() => document.getElementById('pv-show').getAttribute('aria-disabled') === 'false', null, { timeout: 5000 })
    .catch(async (e) => { throw new Error(`${e.message}: ${await moves(page)} ${await state(page)} line ${await page.textContent('#think-pv')}`); });
  await page.click('#pv-show');
  const line = await page.getAttribute('#board', 'data-line');
  const pv = (await page.textContent('#think-pv')).split(' ');
  assert.ok(line && line.length >= 1, `a line is drawn (${line})`);
  assert.equal(line, pv.slice(1, 1 + line.length).join(''), 'the line from the position shown: the best line after the computer\'s move');
  await page.click('#pv-show');
  assert.equal(await page.getAttribute('#board', 'data-line'), null, 'pressed again, it goes');
  // A line belongs to its position: after undoing and playing other moves it is not drawn.
  await open(page, url, '#game=tictactoe&moves=15&ai=none');
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('pv-show').getAttribute('aria-disabled') === 'false');
  await page.click('#pv-show');
  assert.ok(await page.getAttribute('#board', 'data-line'), 'the hint\'s move is drawn');
  await page.click('#undo');
  await page.click('#undo');
  await clickMove(page, 'tictactoe', 3);
  await clickMove(page, 'tictactoe', 7);
  assert.equal(await moves(page), '37');
  assert.equal(await page.getAttribute('#board', 'data-line'), null, 'no line from another position');
  assert.ok(await noLine());
  assert.deepEqual(errors, []);
});

// The colour of the Connect Four board's face between the first two columns,
// half-way down (where its light-from-above shading adds nothing): the
// canvas's pixel, once the next frame is drawn.
async function boardFrame(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('board'));
    const cell = canvas.width / 7;
    const px = canvas.getContext('2d').getImageData(Math.round(cell), Math.round(cell * 3), 1, 1).data;
    return [px[0], px[1], px[2]];
  });
}

await runBrowserTest('nothing lost on a reload or a closed tab; damaged saved state replaced', async ({ browser, url }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await open(page, url, '#game=connect4&moves=&ai=2');
  await page.selectOption('#level-select', 'strong');
  await page.selectOption('#players-select', 'none');
  for (const m of [4, 4, 3, 5]) await clickMove(page, 'connect4', m);
  await page.click('#undo');
  await page.uncheck('#numbers-toggle');
  await page.check('#large-toggle');
  await page.check('#sound-toggle');
  await page.fill('#sound-volume', '30');
  await page.selectOption('#theme-select', 'colorblind');
  await page.check('#analysis-toggle');
  await page.selectOption('#analysis-time', '30000');
  await page.uncheck('#analysis-toggle');
  assert.equal(await moves(page), '443');

  console.log('a reload:');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready');
  assert.equal(await moves(page), '443');
  assert.ok(await page.isChecked('#large-toggle') && !(await page.isChecked('#numbers-toggle')) && await page.isChecked('#sound-toggle'));
  assert.equal(await page.inputValue('#analysis-time'), '30000');
  assert.equal(await page.inputValue('#sound-volume'), '30');
  assert.equal(await page.textContent('#sound-volume-value'), '30%');
  assert.equal(await page.getAttribute('#sound-volume', 'aria-valuetext'), '30%');
  assert.equal(await page.inputValue('#theme-select'), 'colorblind');
  assert.deepEqual(await boardFrame(page), [0x00, 0x72, 0xb2], "the board is drawn in the theme's blue");

  console.log('a new visit (no position in the address):');
  await open(page, url, '');
  assert.equal(await moves(page), '443', 'the game comes back');
  assert.equal(await page.inputValue('#level-select'), 'strong');
  assert.equal(await page.inputValue('#players-select'), 'none');
  assert.ok(await page.isEnabled('#redo'), 'with its moves ahead');
  await page.click('#redo');
  await page.waitForFunction(() => document.getElementById('moves').textContent.startsWith('4435'));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.type), 'large');
  assert.ok(await page.isHidden('#notice'));

  console.log('a link still wins over the saved game, which is kept until the linked game is played:');
  // (A link opened in a new visit; within a visit the Back button returns to the game before.)
  const visit = async (hash) => {
    await page.goto('about:blank');
    await open(page, url, hash);
  };
  await visit('#game=tictactoe&moves=5&ai=none');
  assert.equal(await moves(page), '5');
  await visit('');
  assert.equal(await moves(page), '4435', 'the saved game is still there');
  await visit('#game=tictactoe&moves=5&ai=none');
  await clickMove(page, 'tictactoe', 1);
  await visit('');
  assert.equal(await moves(page), '51', 'once played, the linked game is the saved one');

  console.log('damaged saved state:');
  // Written while the page is closed (it would save over it), from a file of the site.
  const write = async (items) => {
    await page.goto('about:blank');
    const writer = await context.newPage();
    await writer.goto(`${url}favicon.svg`);
    await writer.evaluate((kv) => { for (const [k, v] of kv) localStorage.setItem(k, v); }, items);
    await writer.close();
  };
  await write([['fourinarow.settings', '{"version":1,"data":'],
    ['fourinarow.game', JSON.stringify({ version: 1, data: { game: 'connect4', moves: '4444444', ahead: '' } })]]);
  await open(page, url, '');
  assert.match(await page.textContent('#notice-text'),
    /^Your saved settings could not be used \(it was damaged: not readable\); and your saved game could not be used \(it was damaged: its moves are not a game\)\. The page starts afresh/);
  assert.equal(await moves(page), '', 'a clean start');
  assert.equal(await page.inputValue('#players-select'), '2');
  assert.equal(await page.inputValue('#level-select'), 'casual', 'the default level');
  assert.ok(!(await page.isChecked('#large-toggle')));
  await write([['fourinarow.game', JSON.stringify({ version: 0, data: {} })]]);
  await open(page, url, '');
  assert.match(await page.textContent('#notice-text'), /saved game could not be used \(it came from an older version of the page\)/);

  console.log('the offer to restore a game replaced by New game survives a reload:');
  await open(page, url, '#game=connect4&moves=4435&ai=none');
  await page.click('#new-game');
  assert.match(await page.textContent('#notice-text'), /^A new game was started; the last one \(4 moves\) can be restored\./);
  await clickMove(page, 'connect4', 1);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready');
  assert.equal(await moves(page), '1');
  assert.match(await page.textContent('#notice-text'), /^A new game was started; the last one \(4 moves\) can be restored\./);
  await page.click('#notice-action');
  assert.equal(await moves(page), '4435', 'the game before comes back');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready');
  assert.equal(await moves(page), '4435');
  assert.ok(await page.isHidden('#notice'), 'taken, the offer is gone (the game it replaced had one move)');
  await page.click('#new-game');
  await page.click('#notice-close');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready');
  assert.equal(await moves(page), '');
  assert.ok(await page.isHidden('#notice'), 'closed, it does not come back');

  console.log('Reset:');
  await open(page, url, '#game=connect4&moves=44&ai=none');
  await page.check('#large-toggle');
  await page.selectOption('#theme-select', 'contrast');
  assert.deepEqual(await boardFrame(page), [0, 0, 0], 'high contrast: a black board');
  await page.click('#forget');
  assert.equal(await moves(page), '');
  assert.equal(await page.inputValue('#players-select'), '2');
  assert.ok(!(await page.isChecked('#large-toggle')));
  assert.equal(await page.inputValue('#sound-volume'), '70');
  assert.equal(await page.inputValue('#theme-select'), 'classic');
  assert.deepEqual(await boardFrame(page), [0x1d, 0x4c, 0xc0], 'the classic blue board again');
  await open(page, url, '');
  assert.equal(await moves(page), '', 'nothing comes back after a reset');
  assert.deepEqual(errors, []);
  await context.close();
});
