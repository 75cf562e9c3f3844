// EinStein würfelt nicht! in the browser (issue 20): a whole game played by
// clicking the die and the board against the computer, the seeded dice (a
// link replays the game; the faces are the page generator's), undo, the
// computer's estimate in words, keys, a bad link, the demo, and the game
// picker of the Connect Four page.
import assert from 'node:assert/strict';
import { rollFor, setupFor } from '../../web/play/einstein-dice.js';
import { runBrowserTest } from './lib.mjs';
import { watchErrors } from './page-helpers.mjs';

const phase = (page) => page.evaluate(() => document.body.dataset.einstein);
const position = (page) => page.textContent('#es-position');
// Waits for a person's turn or the end: 'roll', 'move' or 'over'.
const waitTurn = (page, timeout = 20000) => page.waitForFunction(
  () => ['roll', 'move', 'over'].includes(document.body.dataset.einstein), null, { timeout }).then(() => phase(page));

// Clicks a cell (row * 5 + col) of the board: 7 % margin, then 5 x 5 cells.
async function clickCell(page, c) {
  const box = await page.locator('#es-board').boundingBox();
  const m = box.width * 0.07, cell = (box.width - m) / 5;
  await page.mouse.click(box.x + m + (c % 5 + 0.5) * cell, box.y + m + (Math.floor(c / 5) + 0.5) * cell);
}

// The die faces of a position's turns (and its pending roll), in order.
function faces(text) {
  const i = text.indexOf(':');
  return i < 0 ? [] : text.slice(i + 1).split(',').map((t) => Number(t[0]));
}

await runBrowserTest('EinStein: a whole game by clicking', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  const seed = 4242;
  await page.goto(`${url}#game=einstein&seed=${seed}&level=beginner`);
  assert.equal(await waitTurn(page), 'roll', 'Red (the player) rolls first');
  assert.equal(await position(page), `${setupFor(seed, 0)}/${setupFor(seed, 1)}`, 'the set-ups come from the seed');
  assert.match(await page.textContent('#es-status'), /^Your turn \(Red\): roll the die\.$/);
  assert.equal(await page.getAttribute('#nav-play', 'aria-current'), 'page', 'a Play page');

  let turns = 0;
  let clickedBoard = 0;
  // The board and the buttons under it stay where they are from turn to turn
  // (the note under the die and the list of moves change).
  const where = async () => [(await page.locator('#es-board').boundingBox()).width, (await page.locator('#es-new').boundingBox()).y];
  const places = new Set();
  for (let p = await phase(page); p !== 'over' && turns < 80; p = await waitTurn(page)) {
    turns++;
    if (turns <= 6) places.add(JSON.stringify(await where()));
    if (p === 'roll') {
      await page.click('#es-roll');
      continue;
    }
    // A move: the cube, then its target on the board (or a button now and then).
    const buttons = page.locator('#es-moves button[data-move]');
    const n = await buttons.count();
    assert.ok(n >= 1 && n <= 6, `1-6 legal moves (${n})`);
    const pick = buttons.nth(turns % n);
    const from = Number(await pick.getAttribute('data-from'));
    const to = Number(await pick.getAttribute('data-to'));
    const move = await pick.getAttribute('data-move');
    const before = await position(page);
    if (turns % 5 === 0) {
      await pick.click();
    } else {
      await clickCell(page, from);
      await clickCell(page, to);
      clickedBoard++;
    }
    await page.waitForFunction((b) => document.getElementById('es-position').textContent !== b, before);
    assert.ok((await position(page)).startsWith(before + move), `the move ${move} was played`);
  }
  assert.equal(await phase(page), 'over', 'the game ended');
  assert.equal(places.size, 1, `the board's width and the buttons' place do not change: ${[...places].join(' ')}`);
  assert.ok(clickedBoard > 3, 'moves were made on the board');
  const end = await position(page);
  console.log(`  ${end.split(',').length} turns: ${end}`);
  assert.match(await page.textContent('#es-status'), /^(You|The computer) rolled \d and moved cube \d .+\. (You win|The computer wins): (Red|Blue) (reached (a1|e5)|captured all of (Red|Blue)'s cubes)\.$/);
  const dice = faces(end);
  assert.deepEqual(dice, dice.map((_, ply) => rollFor(seed, ply)), 'every die is the seeded generator\'s');
  assert.match(await page.textContent('#es-computer'), /^Blue (expects to win|wins) [\d.]+ % of games from here.*\. It played cube \d /);
  assert.match(await page.textContent('#es-computer-detail'), /^Expectiminimax with Star2 pruning · 1 move deep · [\d,]+ positions/);

  console.log('  the link replays the game:');
  const link = await page.evaluate(() => location.hash);
  assert.ok(link.includes(`seed=${seed}`) && link.includes('level=beginner'), link);
  assert.ok(link.includes(`position=${end}`), `the position is readable in the link: ${link}`);
  await page.reload();
  assert.equal(await waitTurn(page), 'over');
  assert.equal(await position(page), end);

  console.log('  undo takes back the player\'s move and the computer\'s answer:');
  await page.goto(`${url}#game=einstein&seed=${seed}&level=beginner`);
  await page.reload();
  assert.equal(await waitTurn(page), 'roll');
  // Space, then 1 at once, while the die still rolls: the move is played
  // once it has landed (not lost).
  await page.keyboard.press('Space');
  await page.keyboard.press('1');
  assert.equal(await waitTurn(page), 'roll', 'the computer answered, the player rolls');
  const answered = await position(page);
  assert.equal(faces(answered).length, 2);
  assert.match(answered, /^\d{6}\/\d{6}:\d\d[a-z],\d\d[a-z]$/, 'the player\'s move was played');
  await page.click('#es-undo');
  assert.equal(await waitTurn(page), 'move');
  const rolled = await position(page);
  assert.equal(rolled, answered.split(',')[0].slice(0, -2), 'back to the player\'s roll');
  await page.click('#es-redo');
  assert.equal(await waitTurn(page), 'roll');
  assert.equal(faces(await position(page)).length, 2, 'redo plays both moves again');

  console.log('  hint:');
  await page.click('#es-roll');
  assert.equal(await waitTurn(page), 'move');
  // (a live region already there before the hint, so that it is announced)
  assert.equal(await page.getAttribute('#es-hint-text', 'aria-live'), 'polite');
  assert.ok(await page.evaluate(() => !document.getElementById('es-hint-text').hidden));
  await page.click('#es-hint');
  await page.waitForFunction(() => /^Hint: cube \d/.test(document.getElementById('es-hint-text').textContent));

  console.log('  set-ups chosen by the players for the next game:');
  await page.fill('#es-setup-1', '654321');
  await page.fill('#es-setup-2', '12345');
  assert.match(await page.textContent('#es-setup-help'), /^"12345" is not a set-up/);
  assert.equal(await page.getAttribute('#es-setup-2', 'aria-invalid'), 'true');
  await page.click('#es-new');
  await waitTurn(page);
  assert.match(await position(page), /^654321\/[1-6]{6}$/, 'Red\'s chosen set-up, Blue\'s random');

  console.log('  a bad link says what is wrong and starts a game:');
  await page.goto(`${url}#game=einstein&seed=5&position=123456/654321:63d`);
  await page.reload();
  await waitTurn(page);
  assert.match(await page.textContent('#es-status'),
    /^This link's position cannot be read: turn 1 at position 15: die 6 lets Red move only cube 6, not cube 3\. A new game started instead\.$/);
  assert.equal(await position(page), `${setupFor(5, 0)}/${setupFor(5, 1)}`);
  console.log('  bad fields are named, the rest of the link is used (algorithm= as on the Connect Four page):');
  await page.goto(`${url}#game=einstein&seed=abc&level=godlike&ai=7&algorithm=mcts`);
  await page.reload();
  await waitTurn(page);
  assert.equal(await page.textContent('#es-link-note'), 'Part of this link could not be used: seed \'abc\' must be a whole number '
    + 'from 1 to 4294967295; ai \'7\' must be 2, 1, none, both; level \'godlike\' must be beginner, casual, strong, perfect. The rest was.');
  assert.equal(await page.inputValue('#es-algo'), 'mcts');
  await page.click('#es-new');
  await waitTurn(page);
  assert.equal(await page.textContent('#es-link-note'), '', 'New game takes the note away');

  console.log('  the game picker of the Connect Four page opens it, and its own goes back:');
  await page.goto(`${url}#game=connect4`);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready');
  await page.selectOption('#game-select', 'einstein');
  await waitTurn(page);
  assert.match(await page.evaluate(() => location.hash), /^#game=einstein&seed=\d+&position=/);
  await page.selectOption('#es-game', 'tictactoe');
  await page.waitForFunction(() => document.body.dataset.engine === 'ready' && !document.body.dataset.view);
  assert.equal(await page.inputValue('#game-select'), 'tictactoe');

  console.log('  the game in progress is kept: Play, then the game picker, goes back to it');
  await page.selectOption('#game-select', 'einstein');
  assert.equal(await waitTurn(page), 'roll');
  await page.keyboard.press('Space');
  assert.equal(await waitTurn(page), 'move');
  const kept = await position(page);
  await page.click('#nav-play');
  await page.waitForFunction(() => !document.body.dataset.view && document.body.dataset.state === 'human-turn');
  await page.selectOption('#game-select', 'einstein');
  assert.equal(await waitTurn(page), 'move');
  assert.equal(await position(page), kept, 'the same game, its roll included');
  await page.goto(`${url}#game=einstein`);   // a link with the game alone, on a new visit
  await page.reload();
  assert.equal(await waitTurn(page), 'move');
  assert.equal(await position(page), kept, 'kept across visits too');
  await page.keyboard.press('n');
  assert.equal(await position(page), kept, 'one N does not lose the game');
  assert.match(await page.textContent('#es-status'), /^Press N again to start a new game/);
  await page.click('#es-new');
  assert.equal(await waitTurn(page), 'roll');
  assert.notEqual(await position(page), kept, 'New game starts a new one');
  assert.deepEqual(errors, []);
});

await runBrowserTest('EinStein: the demo plays by itself, and MCTS plays too', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = watchErrors(page);
  // The demo's game picker reaches it.
  await page.goto(`${url}#view=demo&game=tictactoe`);
  await page.selectOption('#demo-game', 'einstein');
  await page.waitForFunction(() => /^#view=demo&game=einstein&seed=\d+&position=/.test(location.hash));
  await page.goto(`${url}#view=demo&game=einstein&seed=9&level=beginner&algo=mcts`);
  await page.waitForFunction(() => (document.getElementById('es-position')?.textContent.split(',').length ?? 0) >= 6,
    null, { timeout: 30000 });
  assert.equal(await page.getAttribute('#nav-demo', 'aria-current'), 'page');
  assert.match(await page.textContent('#es-computer-detail'), /^Monte Carlo tree search · 10 playouts/);
  await page.click('#es-pause');
  await page.waitForFunction(() => document.body.dataset.einstein === 'paused');
  const paused = await position(page);
  await new Promise((r) => { setTimeout(r, 1500); });
  assert.equal(await position(page), paused, 'paused: no move');
  // A finished game has nothing to pause.
  await page.goto(`${url}#view=demo&game=einstein&seed=4242&level=beginner&position=215346/625314:44v,22d,11v,33d,66h,44v,66h,`
    + '33h,65h,55v,65h,44h,22v,55d,35v,55h,32d,44v,65v,21d,11d,66h,55v,34h,35v');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.einstein === 'over', null, { timeout: 15000 });
  assert.equal(await page.getAttribute('#es-pause', 'aria-disabled'), 'true', 'Pause is off after the end');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling on a phone (${width})`);
  assert.deepEqual(errors, []);
});
