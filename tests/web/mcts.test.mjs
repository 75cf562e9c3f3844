// Monte Carlo tree search on the play page (issue 21): chosen beside
// alpha-beta in the settings, it plays a level's budget or the thinking time,
// its panel counts playouts, the link says algorithm=mcts, and a reload
// keeps it.
import assert from 'node:assert/strict';
import { runBrowserTest } from './lib.mjs';
import { clickMove, moves, open, settle, watchErrors } from './page-helpers.mjs';

await runBrowserTest('MCTS on the play page', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = watchErrors(page);
  await open(page, url, '#game=connect4&moves=4453&ai=2&time=300&level=custom');
  assert.ok(await page.isHidden('#level-select') === false, 'alpha-beta: the level picker');
  await page.selectOption('#algorithm-select', 'mcts');
  assert.ok(await page.isVisible('#level-select'), 'MCTS has the levels too');
  assert.match(await page.textContent('#level-about'), /^Monte Carlo tree search: for the time below/);
  assert.match(await page.evaluate(() => location.hash), /&algorithm=mcts$/);
  assert.equal(await page.textContent('#player-2-name'), 'Computer · MCTS, 300 ms a move');

  await clickMove(page, 'connect4', 3);
  assert.equal(await settle(page), 'human-turn');
  assert.equal((await moves(page)).length, 6, 'the computer answered');
  const depth = await page.textContent('#think-depth');
  // formatCount: "950", "68.5 k", "1.2 M".
  assert.equal(await page.textContent('#think-depth-label'), 'Playouts');
  const [, n, unit] = depth.match(/^([\d.,]+)(?: ([kM]))? \(MCTS\)$/) || ['', '0', ''];
  const playouts = Number(n.replace(/,/g, '')) * (unit === 'M' ? 1e6 : unit === 'k' ? 1e3 : 1);
  console.log(`  ${depth}; ${await page.textContent('#think-score')}`);
  assert.ok(playouts >= 1000, `hundreds of milliseconds of playouts (${depth})`);
  assert.match(await page.textContent('#think-score'), /^(Yellow wins \d+% of its playouts \(estimate\)|.*\(proven by MCTS-Solver\))$/);
  assert.match(await page.textContent('#think-nps'), /playouts\/s$/);

  console.log('  MCTS Casual: the engine\'s playout budget for the level, no clock:');
  await page.selectOption('#level-select', 'casual');
  assert.equal(await page.textContent('#player-2-name'), 'Computer · MCTS Casual');
  assert.match(await page.textContent('#level-about'), /^A fair fight: before each move it plays out 70 quick random games/);
  assert.match(await page.textContent('#time-value'), /^70 playouts, no clock$/);
  assert.match(await page.evaluate(() => location.hash), /&level=casual&.*algorithm=mcts|&algorithm=mcts.*level=casual/);
  await clickMove(page, 'connect4', 1);
  assert.equal(await settle(page), 'human-turn');
  assert.equal((await moves(page)).length, 8, 'the computer answered');
  assert.equal(await page.textContent('#think-depth'), '70 (MCTS)', 'exactly the level\'s playouts');
  assert.equal(await page.isVisible('#level-results'), false, 'alpha-beta\'s measured results are not shown for MCTS');

  console.log('  a link with algorithm=mcts; a win in one is taken:');
  await open(page, url, '#game=tictactoe&moves=1524&ai=1&time=500&algorithm=mcts');
  await settle(page);
  assert.equal(await moves(page), '15243', 'X (the computer) completes its row');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready');
  assert.equal(await page.inputValue('#algorithm-select'), 'mcts', 'a reload keeps MCTS');
  assert.deepEqual(errors, []);
});
