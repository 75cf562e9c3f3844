// Accessibility: axe-core (the npm package) finds no WCAG 2.x A/AA violation
// on any view, in light and dark, on a phone and a desktop; and a whole
// Connect Four game is played with the keyboard alone through the focusable
// column buttons, its moves and its result read from the accessibility tree.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runBrowserTest } from './lib.mjs';
import { axeViolations, moves, open, settle, state, watchErrors } from './page-helpers.mjs';

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const VIEWS = [
  ['play, Connect Four with the analysis', '#game=connect4&moves=4453&ai=2&analysis=1', '#board'],
  ['play, Tic-Tac-Toe', '#game=tictactoe&moves=15&ai=none', '#board'],
  ['tree explorer', '#view=tree&game=tictactoe&moves=1524', '#tree-stats button'],
  ['textbook trees', '#view=tree&tree=textbook', '.tv-abs[data-ready="true"] #tree-stats button'],
  ['tree explorer, minimax values', '#view=tree&game=tictactoe&moves=1524&values=minimax', '.tv-level'],
  ['tree explorer, MCTS', '#view=tree&game=tictactoe&moves=1659&algo=mcts', '.tv[data-mcts="ready"] #mcts-tree .tv-row'],
  ['tree explorer, chance nodes (EinStein)', '#view=tree&game=einstein', '.tv-chance[data-ready="true"] .tv-row'],
  ['tree explorer, three players (max^n and paranoid)', '#view=tree&game=connect3p', '.tv-multi[data-ready="true"] .tv-row'],
  ['quiz (values on the textbook tree)', '#view=quiz&tree=textbook&seed=1', '.qz[data-ready="true"] .qz-value'],
  ['quiz (pruned branches on Tic-Tac-Toe)', '#view=quiz&ask=prune&game=tictactoe&seed=3', '.qz[data-ready="true"] .qz-cut'],
  ['MENACE', '#view=menace', '.tv'],
  ['demo', '#view=demo&game=connect4', '#demo-board svg'],
  ['EinStein', '#game=einstein&seed=77&position=251346/364125:3', '#es-moves button'],
  // (a finished game: its move list scrolls, so it must take the focus; the sides' names in it)
  ['EinStein, a finished game', '#game=einstein&seed=4242&ai=none&position=215346/625314:44v,22d,11v,33d,66h,44v,66h,33h,65h,55v,'
    + '65h,44h,22v,55d,35v,55h,32d,44v,65v,21d,11d,66h,55v,34h,35v', '#es-move-list li'],
  ['Connect Four for three', '#game=connect3p&moves=5564&seats=hmp', '#c3-columns button:not([disabled])'],
  // (once its charts are drawn: charts.test.mjs also checks them with a point focused and the tables open)
  ['study', '#view=study', '.study-plots[data-charts="drawn"]'],
];

await runBrowserTest('accessibility', async ({ browser, url }) => {
  console.log('axe-core on every view:');
  // The four passes (light and dark, phone and desktop) run two at a time
  // (a phone and a desktop): most of each is waiting for a view to load and
  // settle, and a 2-core machine still has a core per pass.
  const pass = async ({ scheme, viewport }) => {
    // The strict CSP refuses the injected script: bypassed for the test only.
    const context = await browser.newContext({ viewport, colorScheme: scheme, bypassCSP: true });
    const page = await context.newPage();
    for (const [name, hash, ready] of VIEWS) {
      await page.goto(`${url}${hash}`);
      await page.waitForSelector(ready, { timeout: 15000 });
      await page.waitForTimeout(800);
      await page.addScriptTag({ content: AXE });
      const violations = await axeViolations(page);
      assert.deepEqual(violations, [], `${name}, ${scheme}, ${viewport.width}x${viewport.height}`);
      // Every tree with rows is one Tab stop (↑ ↓ move inside it).
      const stops = await page.evaluate(() => [...document.querySelectorAll('[role="tree"]')]
        .filter((t) => t.querySelector('[role="treeitem"]'))
        .map((t) => `${t.id}: ${t.querySelectorAll('[role="treeitem"][tabindex="0"]').length}`));
      assert.deepEqual(stops, stops.map((s) => s.replace(/\d+$/, '1')), `${name}: one Tab stop per tree`);
      // (a best practice that the A/AA rules do not check: one main landmark shown)
      assert.equal(await page.evaluate(() => [...document.querySelectorAll('main, [role="main"]')]
        .filter((e) => e.getClientRects().length > 0).length), 1, `${name}: one main landmark`);
    }
    console.log(`  ${scheme} ${viewport.width}x${viewport.height}: ${VIEWS.length} views, no violation`);
    await context.close();
  };
  for (const scheme of ['light', 'dark'])
    await Promise.all([{ width: 390, height: 844 }, { width: 1440, height: 900 }].map((viewport) => pass({ scheme, viewport })));

  console.log('a whole game with the keyboard alone:');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await open(page, url, '#game=connect4&moves=&ai=2&level=beginner');
  // Tab until a column button has the focus.
  let tabs = 0;
  while (!(await page.evaluate(() => document.activeElement && document.activeElement.closest('#board-keys')))) {
    await page.keyboard.press('Tab');
    assert.ok(++tabs < 40, 'the column buttons are reachable with Tab');
  }
  const focusedColumn = () => page.evaluate(() => Number(/** @type {HTMLElement} */ (document.activeElement).dataset.move));
  let turns = 0;
  let pressed = 0;   // the column last played
  while ((await settle(page)) === 'human-turn' && turns < 25) {
    // A column that is not full, reached with Tab / Shift+Tab from the focused one.
    const snapshot = await page.locator('#board-keys').ariaSnapshot();
    const open7 = [4, 3, 5, 2, 6, 1, 7].find((c) => !new RegExp(`column ${c}: [^\\n]*cannot be played`).test(snapshot));
    let at = await focusedColumn();
    while (at !== open7) {
      await page.keyboard.press(at < open7 ? 'Tab' : 'Shift+Tab');
      at = await focusedColumn();
    }
    const before = (await moves(page)).length;
    pressed = at;
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.getElementById('moves').textContent.length > n, before);
    turns++;
  }
  assert.equal(await state(page), 'game-over', `the game ends (${await moves(page)})`);
  // The result appears over the board with the focus on Play again; Escape
  // closes it and gives the focus back to the board.
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'result-again', null, { timeout: 5000 });
  await page.keyboard.press('Escape');
  assert.deepEqual(await page.evaluate(() => [document.getElementById('result').hidden,
    /** @type {HTMLElement} */ (document.activeElement).closest('#board-keys') ? Number(/** @type {HTMLElement} */ (document.activeElement).dataset.move) : 0]),
  [true, pressed], 'Escape gives the focus back to the column it came from');
  const status = await page.locator('#status').ariaSnapshot();
  assert.match(status, /Game over: (you win!|computer wins\.|draw\.)/, `the result is in the accessibility tree: ${status}`);
  const board = await page.locator('#board-keys').ariaSnapshot();
  assert.match(board, /button "column \d: (Red|Yellow)/, `the discs are in the buttons' names: ${board.split('\n')[1]}`);
  console.log(`  ${turns} moves by keyboard; ${status.trim()}`);
  assert.deepEqual(errors, [], 'no console errors');
});
