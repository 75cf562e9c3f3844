// The tree explorer's MCTS view (issue 21): the wasm module's traced MCTS
// (Module.mctsTrace) read by web/tree/mcts-trace.js in node — replaying the
// records gives the engine's final tree, the UCB1 the page shows is the
// score the engine chose by, bad input is refused with a message — and in
// Chromium: #view=tree&...&algo=mcts shows "mcts <N> playouts" beside the
// alpha-beta counts with the module's own numbers, the MCTS tree and the
// alpha-beta tree side by side, stepping one playout by button and by key
// changes the path and the visits, and the run is in the link.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { ROOT, SHOTS, runBrowserTest } from './lib.mjs';
import { watchErrors } from './page-helpers.mjs';
import { loadEngine } from './wasm.mjs';

const { MctsTrace, meanOf, ucbOf } = await import(`${ROOT}/web/tree/mcts-trace.js`);
const M = await loadEngine();

test('the page reads the engine\'s MCTS: replay, UCB, chosen move, refusals', () => {
  for (const [game, moves, playouts, seed] of [['tictactoe', '1659', 1000, 1], ['tictactoe', '', 1000, 5], ['connect4', '4453', 2000, 1]]) {
    const r = M.mctsTrace(game, moves, playouts, seed);
    assert.equal(r.error, '', `${game} ${moves}`);
    const t = new MctsTrace(r, { budget: playouts, seed });
    assert.ok(t.playouts >= 1 && t.playouts <= playouts && t.size() === t.nodes, `${game} '${moves}': ${t.playouts} playouts, ${t.nodes} nodes`);
    // The same seed: the same run.
    const again = M.mctsTrace(game, moves, playouts, seed);
    assert.deepEqual([...new Uint8Array(again.tree)], [...new Uint8Array(r.tree)], 'same seed, same tree');
    // The replayed tree after the last playout is the engine's tree.
    const end = t.stateAt(t.playouts);
    for (let i = 0; i < t.size(); i++) {
      assert.equal(end.visits[i], t.t32[i * 4 + 1], `visits of node ${i}`);
      assert.equal(end.half[i], t.t32[i * 4 + 2], `half-points of node ${i}`);
      assert.equal(end.exists[i], 1);
    }
    assert.equal(end.visits[0], t.playouts, 'the root counts every playout');
    // Root moves as the engine reports them (1-based), and its chosen move among them.
    for (const m of r.moves) {
      const c = t.children(0).find((x) => t.move(x) === m.move - 1);
      assert.equal(end.visits[c], m.visits);
      if (m.visits) assert.ok(Math.abs(meanOf(end, c) - m.mean) < 1e-12);
    }
    assert.ok(r.moves.some((m) => m.move === r.bestMove));
    // Each step of each playout: the UCB1 the page computes for the child
    // (from the tree before the playout) is the score the engine chose by.
    let checked = 0;
    for (let k = 0; k < t.playouts; k += Math.max(1, Math.floor(t.playouts / 200))) {
      const it = t.iteration(k);
      const s = t.stateAt(k);
      for (let j = 1; j < it.nodes.length; j++) {
        const [p, c] = [it.nodes[j - 1], it.nodes[j]];
        const page = s.exists[c] ? ucbOf(s, p, c, t.exploration) : Infinity;
        assert.ok(page === it.scores[j] || Math.abs(page - it.scores[j]) < 1e-9, `playout ${k + 1}, step ${j}: ${page} vs ${it.scores[j]}`);
        checked++;
      }
    }
    assert.ok(checked > 0);
    // Stepping back replays from the start.
    assert.equal(t.stateAt(3).visits[0], 3);
  }
  assert.match(M.mctsTrace('tictactoe', '1234567', 100, 1).error, /game is over/);
  assert.match(M.mctsTrace('tictactoe', '11', 100, 1).error, /./, 'a taken cell');
  assert.match(M.mctsTrace('tictactoe', '', 20001, 1).error, /playouts must be from 1 to 20000/);
  assert.match(M.mctsTrace('tictactoe', '', 0, 1).error, /playouts must be/);
  assert.match(M.mctsTrace('chess', '', 10, 1).error, /unknown game/);
});

fs.mkdirSync(SHOTS, { recursive: true });
const statsText = (page) => page.evaluate(() => document.querySelector('#tree-stats').textContent);

await runBrowserTest('MCTS in the tree explorer', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(`${url}#view=tree&game=tictactoe&moves=1659&algo=mcts`);
  await page.waitForFunction(() => /minimax 162\b/.test(document.querySelector('#tree-stats')?.textContent || '')
    && document.querySelector('.tv')?.dataset.mcts === 'ready', null, { timeout: 30000 });
  const want = M.mctsTrace('tictactoe', '1659', 1000, 1);
  const stats = await statsText(page);
  assert.match(stats, new RegExp(`mcts ${want.playouts.toLocaleString('en-US')} playouts`), stats);
  assert.match(stats, new RegExp(`${want.nodes.toLocaleString('en-US')} nodes in its tree`), 'the tree size of the module\'s own run');
  assert.match(stats, /minimax 162\b.*alpha-beta 49\b/s, 'the alpha-beta counts stay beside it');
  assert.match(await page.evaluate(() => location.hash), /algo=mcts&playouts=1000&seed=1$/, 'the run is in the link');
  // The two trees side by side.
  const boxes = await page.evaluate(() => ['.tv-mcts-treecard', '.tv-treecard:not(.tv-mcts-treecard)']
    .map((s) => { const r = document.querySelector(s).getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, hidden: document.querySelector(s).hidden }; }));
  assert.ok(!boxes[0].hidden && !boxes[1].hidden && boxes[1].x > boxes[0].x + boxes[0].w - 1, `side by side: ${JSON.stringify(boxes)}`);
  assert.ok(await page.isHidden('.tv-stepcard:not(.tv-mcts-stepcard)'), 'alpha-beta\'s step-through gives way to the playouts');
  assert.match(await page.textContent('#mcts-count'), new RegExp(`^Playout ${want.playouts} of ${want.playouts}$`));
  // The chosen move is the engine's.
  const chosen = await page.textContent('#mcts-tree .tv-row.tv-chosen .tv-move');
  assert.equal(chosen, `X ${want.bestMove}`);
  const rootVisits = () => page.textContent('#mcts-tree .tv-row[data-mnode="0"] .tv-val');
  assert.equal(await rootVisits(), `n ${want.playouts.toLocaleString('en-US')}`);
  await page.screenshot({ path: path.join(SHOTS, 'tree-mcts-desktop.png') });

  console.log('  stepping one playout at a time:');
  await page.click('#mcts-first');
  assert.equal(await rootVisits(), 'n 0');
  await page.click('#mcts-step');
  assert.equal(await rootVisits(), 'n 1');
  const first = await page.textContent('#mcts-iteration');
  assert.match(first, /Selection: root → X \d \(unvisited: UCB ∞\)/, first);
  assert.match(first, /Expansion: the root expanded: its 5 children created/, first);
  assert.equal(await page.$$eval('#mcts-tree .tv-onpath', (r) => r.length), 2, 'the root and its first child on the path');
  const steps = [];
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('ArrowRight');
    steps.push(await page.textContent('#mcts-narration'));
  }
  assert.equal(await rootVisits(), 'n 9', 'the → key steps one playout');
  assert.match(await page.textContent('#mcts-count'), /^Playout 9 of/);
  assert.ok(new Set(steps).size === steps.length, 'every playout says something new');
  assert.match(steps[steps.length - 1], /UCB \d\.\d\d/, `past the unvisited children, UCB1 chooses: ${steps[steps.length - 1]}`);
  const rows = await page.$$eval('#mcts-backprop tbody tr', (r) => r.map((x) => x.textContent));
  assert.ok(rows.length >= 2 && /^root8 → 9/.test(rows[0]), `the back-propagated visits: ${rows.join(' | ')}`);
  // (MCTS-Solver may prove the root, and stop the search, before the budget.)
  await page.click('#mcts-10');
  assert.equal(await rootVisits(), `n ${Math.min(19, want.playouts)}`);
  await page.keyboard.press('End');
  assert.equal(await rootVisits(), `n ${want.playouts.toLocaleString('en-US')}`);

  console.log('  another budget and seed; the step survives a trip to alpha-beta and back:');
  await page.selectOption('#mcts-playouts', '200');
  await page.waitForFunction(() => /mcts \d+ playouts/.test(document.querySelector('#tree-stats').textContent)
    && /playouts=200/.test(location.hash) && /of 200|of \d+ \(of 200/.test(document.querySelector('.tv-mcts-treecard').textContent + document.querySelector('#mcts-count').textContent));
  const small = M.mctsTrace('tictactoe', '1659', 200, 1);
  assert.match(await statsText(page), new RegExp(`mcts ${small.playouts.toLocaleString('en-US')} playouts`));
  await page.click('#mcts-first');
  await page.click('#mcts-step');
  await page.click('#mcts-step');
  await page.click('#tree-stats [data-algorithm="alphabeta"]');
  await page.waitForFunction(() => document.querySelector('.tv').dataset.algorithm === 'alphabeta');
  assert.ok(await page.isHidden('.tv-mcts-treecard') && await page.isVisible('#tree-first'), 'alpha-beta: its own step-through');
  assert.match(await statsText(page), new RegExp(`mcts ${small.playouts.toLocaleString('en-US')} playouts`), 'the mcts count stays in the stats');
  await page.click('#tree-stats [data-algorithm="mcts"]');
  await page.waitForFunction(() => !document.querySelector('.tv-mcts-treecard').hidden);
  assert.equal(await rootVisits(), 'n 2', 'back at the same playout');

  console.log('  Connect Four at a small budget, and bad input:');
  await page.goto(`${url}#view=tree&game=connect4&depth=4&moves=4453&algo=mcts`);
  // A hash change keeps the page: wait for the new position's MCTS card, not
  // the last one's 'ready' (the card reads "running 2,000 playouts…" meanwhile).
  const c4 = M.mctsTrace('connect4', '4453', 2000, 1);
  await page.waitForFunction((n) => /game=connect4/.test(location.hash) && document.querySelector('.tv')?.dataset.mcts === 'ready'
    && /minimax \d+/.test(document.querySelector('#tree-stats').textContent)
    && new RegExp(`mcts ${n} playouts`).test(document.querySelector('#tree-stats').textContent), c4.playouts.toLocaleString('en-US'), { timeout: 30000 });
  assert.match(await statsText(page), new RegExp(`mcts ${c4.playouts.toLocaleString('en-US')} playouts`));
  await page.screenshot({ path: path.join(SHOTS, 'tree-mcts-connect4.png') });
  await page.goto(`${url}#view=tree&game=tictactoe&moves=15&algo=mcts&playouts=99999`);
  await page.waitForFunction(() => document.querySelector('.tv')?.dataset.mcts === 'ready'
    && /At most 20,000 playouts are traced/.test(document.querySelector('.tv-msg')?.textContent || ''), null, { timeout: 30000 });
  assert.match(await page.textContent('.tv-msg'), /At most 20,000 playouts are traced/);
  await page.goto(`${url}#view=tree&game=tictactoe&moves=1234567&algo=mcts`);
  await page.waitForFunction(() => document.querySelector('.tv')?.dataset.mcts === 'error', null, { timeout: 30000 });
  assert.match(await page.textContent('#mcts-tree'), /MCTS could not run here: the game is over/);
  assert.deepEqual(errors, []);
});
