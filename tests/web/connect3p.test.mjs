// Connect Four for three in the browser (issue 20): a whole game played by
// clicking the board against a max^n and a paranoid computer, a seat for
// best-reply search (its choice, words and link), the result,
// the computers' reasoning in words, the link, undo, a bad link, the demo
// (computers only) and the game pickers.
import assert from 'node:assert/strict';
import { runBrowserTest } from './lib.mjs';
import { watchErrors } from './page-helpers.mjs';

const phase = (page) => page.evaluate(() => document.body.dataset.connect3p);
const moves = async (page) => ((await page.textContent('#c3-moves')) === '(none yet)' ? '' : page.textContent('#c3-moves'));
const waitTurn = (page, timeout = 20000) => page.waitForFunction(
  () => ['move', 'over'].includes(document.body.dataset.connect3p), null, { timeout }).then(() => phase(page));

// Clicks column `col` (1-9) of the board, at a random height.
async function clickColumn(page, col) {
  const box = await page.locator('#c3-board').boundingBox();
  await page.mouse.click(box.x + ((col - 0.5) / 9) * box.width, box.y + (0.1 + 0.8 * Math.random()) * box.height);
}

await runBrowserTest('Connect Four for three: a whole game by clicking', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(`${url}#game=connect3p&time=100`);
  assert.equal(await waitTurn(page), 'move', 'Red (a person) moves first');
  assert.equal(await page.textContent('#c3-status'), 'Red to move: choose a column.');
  assert.equal(await page.getAttribute('#nav-play', 'aria-current'), 'page');

  const prefer = [5, 4, 6, 3, 7, 2, 8, 1, 9];
  let turns = 0;
  for (let p = await phase(page); p !== 'over' && turns < 30; p = await waitTurn(page)) {
    turns++;
    const before = await moves(page);
    const count = (c) => before.split('').filter((x) => x === String(c)).length;
    const col = prefer.find((c) => count(c) < 6);
    await clickColumn(page, col);
    await page.waitForFunction((b) => document.getElementById('c3-moves').textContent !== (b || '(none yet)'), before);
    assert.ok((await moves(page)).startsWith(before + col), `column ${col} was played`);
    if (turns === 1) {
      // The move log (a live region) says every move, the status whose turn it is (issue 42, defect 6).
      await waitTurn(page);
      const m = await moves(page);
      assert.equal(await page.textContent('#c3-status'), 'Red to move: choose a column.');
      assert.deepEqual(await page.$$eval('#c3-log p', (li) => li.map((x) => x.textContent)),
        [`Red played column ${m[0]}.`, `Yellow played column ${m[1]}.`, `Green played column ${m[2]}.`]);
      assert.equal(await page.getAttribute('#c3-log', 'role'), 'log');
    }
    if (turns === 2) {
      assert.match(await page.textContent('#c3-computer'),
        /^(Yellow \(max\^n\) played column \d\. Its values, each player's share of 1000: Red \d+ · Yellow \d+ · Green \d+|Green \(paranoid\) played column \d\. Against the two others playing together it keeps \d+ of 1000)/);
    }
  }
  assert.equal(await phase(page), 'over');
  const end = await moves(page);
  console.log(`  ${end.length} stones: ${end}`);
  assert.match(await page.textContent('#c3-status'), /^((Red|Yellow|Green) wins with four in a row.*|A draw: the board is full)\.$/);
  const log = await page.$$eval('#c3-log p', (li) => li.map((x) => x.textContent));
  assert.equal(log.at(-2), `${['Red', 'Yellow', 'Green'][(end.length - 1) % 3]} played column ${end.at(-1)}.`, 'the last move is logged');
  assert.equal(log.at(-1), await page.textContent('#c3-status'), 'then the end');
  assert.ok(await page.isDisabled('#c3-columns button[data-col="5"]'), 'no move after the end');

  console.log('  the link shows the same game; undo takes back the computers\' moves too:');
  assert.match(await page.evaluate(() => location.hash), new RegExp(`^#game=connect3p&moves=${end}&time=100$`));
  await page.reload();
  assert.equal(await waitTurn(page), 'over');
  assert.equal(await moves(page), end);
  await page.goto(`${url}#game=connect3p&moves=555&time=100`);
  await page.reload();
  assert.equal(await waitTurn(page), 'move');
  await page.keyboard.press('4');
  await page.waitForFunction(() => document.getElementById('c3-moves').textContent.length === 6 && document.body.dataset.connect3p === 'move');
  await page.click('#c3-undo');
  await page.waitForFunction(() => document.getElementById('c3-moves').textContent === '555' && document.body.dataset.connect3p === 'move');

  console.log('  a bad link:');
  await page.goto(`${url}#game=connect3p&moves=55x`);
  await page.reload();
  await waitTurn(page);
  assert.equal(await page.textContent('#c3-status'),
    'This link\'s moves cannot be read: invalid character \'x\' at position 3 (moves are digits 1-9). A new game started instead.');

  console.log('  bad fields are named:');
  await page.goto(`${url}#game=connect3p&moves=55&seats=xyz&time=-1`);
  await page.reload();
  await waitTurn(page);
  assert.equal(await page.textContent('#c3-link-note'), 'Part of this link could not be used: seats \'xyz\' must be three letters, '
    + 'one per seat: h (a person), m (max^n), p (paranoid) or b (best-reply search); time \'-1\' must be 100, 300, 1000 (ms). The rest was.');
  assert.match(await moves(page), /^55/, 'the rest (the moves) is used');

  console.log('  the Connect Four page\'s game picker opens it:');
  await page.goto(`${url}#game=tictactoe`);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready');
  await page.selectOption('#game-select', 'connect3p');
  await waitTurn(page);
  // (the game in progress, kept: the one of the link above, Green's move played)
  assert.match(await page.evaluate(() => location.hash), /^#game=connect3p&moves=55\d$/);
  assert.deepEqual(errors, []);
});

await runBrowserTest('Connect Four for three: a best-reply search seat', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  // Green has three on the bottom row (columns 6-8), Yellow to move: every
  // model blocks column 5, best-reply search too.
  await page.goto(`${url}#game=connect3p&moves=996997118&seats=hbh&time=100`);
  // (the seats are drawn once the engine has told the game's algorithms)
  await page.waitForFunction(() => document.querySelector('#c3-player-2 .pname')?.textContent, null, { timeout: 15000 });
  assert.equal(await page.inputValue('#c3-seat-2'), 'b', 'the link\'s b is the seat\'s choice');
  assert.ok((await page.$$eval('#c3-seat-1 option', (o) => o.map((x) => x.value))).join('') === 'hmpb', 'every seat offers b');
  assert.equal(await page.textContent('#c3-player-2 .pname'), 'Yellow · Computer (best-reply search)');
  assert.equal(await waitTurn(page), 'move', 'Red (a person) moves');
  await page.keyboard.press('4');
  // Yellow (best-reply search) replies, then Green (a person) is to move.
  await page.waitForFunction(() => document.getElementById('c3-moves').textContent.length === 11
    && document.body.dataset.connect3p === 'move', null, { timeout: 20000 });
  assert.equal(await moves(page), '99699711845');
  assert.match(await page.textContent('#c3-computer'),
    /^Yellow \(best-reply search\) played column 5\. Against the most dangerous reply of either other player each turn it keeps \d+ of 1000/);
  assert.match(await page.evaluate(() => location.hash), /^#game=connect3p&moves=99699711845&seats=hbh&time=100$/);
  // Choosing it for a seat: the link says b.
  await page.selectOption('#c3-seat-3', 'b');
  await page.waitForFunction(() => /seats=hbb/.test(location.hash));
  assert.deepEqual(errors, []);
});

await runBrowserTest('Connect Four for three: the demo plays a whole game by itself', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = watchErrors(page);
  await page.goto(`${url}#view=demo&game=connect3p&time=100`);
  await page.waitForFunction(() => document.body.dataset.connect3p === 'over', null, { timeout: 60000 });
  assert.equal(await page.getAttribute('#nav-demo', 'aria-current'), 'page');
  assert.match(await page.textContent('#c3-status'), /^((Red|Yellow|Green) wins with four in a row \((max\^n|paranoid)\)|A draw: the board is full)\.$/);
  assert.equal(await page.getAttribute('#c3-pause', 'aria-disabled'), 'true', 'a finished game has nothing to pause');
  assert.equal(await page.textContent('#c3-player-1 .pname'), 'Red · Computer (max^n)');
  assert.equal(await page.textContent('#c3-player-2 .pname'), 'Yellow · Computer (paranoid)');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling on a phone (${width})`);
  assert.deepEqual(errors, []);
});
