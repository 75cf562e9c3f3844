// The small defects of issue 42's trial, each reproduced here first: the
// result card that hid the winning four (1) and its "7 in a row" (2); views
// that dropped a bad link field in silence (3); a damaged saved game of
// EinStein or the three-player game replaced in silence (4); a link that
// replaced a game in progress with no offer (5); counts without thousands
// separators (9). And the game's evaluation graph under Play's moves.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runBrowserTest, SHOTS } from './lib.mjs';
import { axeViolations, clickMove, moves, open, watchErrors } from './page-helpers.mjs';
import { NATIVE } from './native.mjs';

// The result card's box and the boxes of the winning line's discs (or marks),
// in page pixels.
function cardAndLine(page) {
  return page.evaluate(() => {
    const canvas = document.getElementById('board');
    const r = canvas.getBoundingClientRect();
    const card = document.getElementById('result').getBoundingClientRect();
    return { card: { left: card.left, top: card.top, right: card.right, bottom: card.bottom }, canvasWidth: r.width, left: r.left, top: r.top };
  });
}

// The cells of the winning line, from the link's moves (the rules: the page's own).
async function winningCells(page) {
  return page.evaluate(async () => {
    const { Game } = await import('./lib/rules.js');
    const p = new URLSearchParams(location.hash.slice(1));
    const { game } = Game.fromMoves(p.get('game'), p.get('moves'));
    return { cells: game.winCells, width: game.def.width, height: game.def.height };
  });
}

// Whether the card overlaps any of the line's discs (a disc: 0.74 of its cell).
async function coveredCells(page) {
  const b = await cardAndLine(page);
  const w = await winningCells(page);
  const cell = b.canvasWidth / w.width;
  return w.cells.filter((i) => {
    const cx = b.left + ((i % w.width) + 0.5) * cell, cy = b.top + (Math.floor(i / w.width) + 0.5) * cell;
    const rad = cell * 0.37;
    return cx + rad > b.card.left && cx - rad < b.card.right && cy + rad > b.card.top && cy - rad < b.card.bottom;
  });
}

await runBrowserTest('the result card never hides the winning line; it says "four in a row"', async ({ browser, url }) => {
  const games = [
    ['connect4', '1122334', 'a four on the bottom row'],
    ['connect4', '21211313151', 'a four at the top of a column'],
    ['connect4', '112233554', 'five in a row (two fours sharing discs)'],
    ['tictactoe', '12539', 'a diagonal three'],
  ];
  for (const [width, height] of [[390, 844], [1280, 800], [1920, 1080]]) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const [game, moves, what] of games) {
      await open(page, url, `#game=${game}&moves=${moves}&ai=none`);
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.engine === 'ready');
      await page.waitForSelector('#result:not([hidden])');
      await page.waitForTimeout(300);   // (its entrance)
      const covered = await coveredCells(page);
      assert.deepEqual(covered, [], `${width}x${height}, ${what}: the card covers cells ${covered}`);
      const card = (await cardAndLine(page)).card;
      assert.ok(card.top >= 0 && card.left >= 0 && card.right <= width, `${width}x${height}, ${what}: the card is on the screen`);
      const detail = await page.textContent('#result-detail');
      assert.match(detail, game === 'connect4' ? /^Four in a row after \d+ moves/ : /^Three in a row after \d+ moves/, `${what}: ${detail}`);
      if (moves === '21211313151') await page.screenshot({ path: path.join(SHOTS, `result-clear-${width}.png`), fullPage: true });
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

await runBrowserTest('every view names a link field it cannot use', async ({ browser, url }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = watchErrors(page);
  const says = async (hash, selector, re) => {
    await page.goto(`${url}${hash}`);
    await page.reload();
    await page.waitForFunction(([sel, src]) => new RegExp(src).test(document.querySelector(sel)?.textContent || ''),
      [selector, re.source], { timeout: 15000 }).catch(async () => assert.match(await page.textContent(selector), re, hash));
  };
  await says('#view=tree&game=tictactoe&algo=bogus', '#tree-view-root .tv-error',
    /^Unknown algorithm 'bogus' \(use minimax, alphabeta, ordered, table or mcts\): showing alpha-beta\.$/);
  await says('#view=menace&opponent=zzz', '#menace-link-note',
    /^Part of this link could not be used: opponent 'zzz' must be minimax, random or human: keeping the perfect player\. The rest was\.$/);
  await says('#view=menace&opponent=random', '#menace-link-note', /^$/);
  assert.equal(await page.inputValue('#menace-opponent'), 'random', 'a good opponent in the link is chosen');
  await says('#game=connect3p&seats=xyz', '#c3-link-note', /^Part of this link could not be used: seats 'xyz' must be/);
  await says('#view=demo&game=bogus', '#demo-link-note', /^Part of this link could not be used: unknown game 'bogus'/);
  assert.deepEqual(errors, []);
});

await runBrowserTest('a damaged saved game of EinStein or the three-player game is reported', async ({ browser, url }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = watchErrors(page);
  for (const game of ['einstein', 'connect3p']) {
    await open(page, url, '#game=connect4');
    await page.reload();   // (no notice left from the game before)
    await page.evaluate((g) => localStorage.setItem(`fourinarow.page.${g}`, '{garbage'), game);
    await page.goto(`${url}#game=${game}`);
    const note = game === 'einstein' ? '#es-link-note' : '#c3-link-note';
    await page.waitForFunction((sel) => /could not be used/.test(document.querySelector(sel)?.textContent || ''), note);
    assert.equal(await page.textContent(note),
      'Your saved game could not be used (it was damaged: not readable). A new game was started.');
    // A saved game that is well formed but whose moves are not a game: the page says it was the saved game, not a link.
    await page.goto(`${url}#game=connect4`);
    await page.evaluate((g) => localStorage.setItem(`fourinarow.page.${g}`,
      JSON.stringify({ version: 1, data: g === 'einstein' ? '#game=einstein&position=zz' : '#game=connect3p&moves=5x5' })), game);
    await page.goto(`${url}#game=${game}`);
    const status = game === 'einstein' ? '#es-status' : '#c3-status';
    await page.waitForFunction((sel) => /^Your saved game's (moves|position) cannot be read: /.test(document.querySelector(sel)?.textContent || ''),
      status, { timeout: 15000 }).catch(async () => assert.fail(await page.textContent(status)));
    assert.doesNotMatch(await page.textContent(status), /\(.*\(.*\).*\)/, 'no brackets inside brackets');
  }
  assert.deepEqual(errors, []);
});

await runBrowserTest('a link never replaces a game in progress without "Restore the game"', async ({ browser, url }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const notice = (p) => p.evaluate(() => (document.getElementById('notice').hidden ? ''
    : `${document.getElementById('notice-text').textContent} [${document.getElementById('notice-action').hidden ? '' : document.getElementById('notice-action').textContent}]`));
  await open(page, url, '#game=connect4&moves=4453&ai=none');
  await clickMove(page, 'connect4', 6);
  await page.waitForFunction(() => document.getElementById('moves').textContent === '44536');
  await page.close();

  // Another tab opens a link with a position: the saved game is offered back, and stays offered once a move is played.
  const tab = await context.newPage();
  await open(tab, url, '#game=connect4&moves=11&ai=none');
  assert.equal(await notice(tab), 'Another position was opened. The game you were playing (5 moves) can be restored. [Restore the game]');
  await clickMove(tab, 'connect4', 2);
  await tab.waitForFunction(() => document.getElementById('moves').textContent === '112');
  await tab.reload();
  await tab.waitForFunction(() => document.body.dataset.engine === 'ready');
  assert.match(await notice(tab), /The game you were playing \(5 moves\) can be restored\. \[Restore the game\]$/, 'the offer is kept over a reload');
  await tab.click('#notice-action');
  assert.equal(await moves(tab), '44536', 'Restore the game brings it back');
  assert.match(await notice(tab), /^The game was restored; the one it replaced \(3 moves\) can be restored in turn\./);

  // A link with no usable position does not claim more than it did.
  await tab.evaluate(() => { location.hash = '#game=connect4&moves=4x&ai=none'; });
  await tab.waitForFunction(() => document.getElementById('moves').textContent === '');
  assert.match(await notice(tab), /^This link could not be used: the moves '4x' .*\. It shows a new game\. The game you were playing \(5 moves\) can be restored\. \[Restore the game\]$/);
  // The same position again (Back to the game, a reload): nothing to offer.
  await tab.click('#notice-action');
  await tab.reload();
  await tab.waitForFunction(() => document.body.dataset.engine === 'ready');
  assert.equal(await moves(tab), '44536');
  assert.doesNotMatch(await notice(tab), /Another position/);
  assert.deepEqual(errors, []);
  await context.close();
});

await runBrowserTest('counts have thousands separators in the explorers', async ({ browser, url }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = watchErrors(page);
  // A run of 4 digits or more, outside a position or a share of 1000: a count written without separators.
  const bare = (text) => (text.match(/\b\d{4,}\b/g) || []).filter((n) => n !== '1000');
  await page.goto(`${url}#view=tree&game=tictactoe&moves=`);
  await page.waitForFunction(() => /549,946/.test(document.getElementById('tree-stats')?.textContent || ''), null, { timeout: 30000 })
    .catch(async () => assert.fail(await page.textContent('#tree-stats')));
  assert.deepEqual(bare(await page.textContent('#tree-stats')), [], 'Tic-Tac-Toe, empty board: minimax 549,946 nodes');
  await page.goto(`${url}#view=tree&game=connect3p&moves=&depth=3`);
  await page.waitForSelector('.tv-mstat-count', { timeout: 30000 });
  const counts = await page.$$eval('.tv-mstat-count', (els) => els.map((e) => e.textContent));
  assert.ok(counts.every((c) => /^\d{1,3}(,\d{3})*$/.test(c)), `three-player counts: ${counts}`);
  assert.deepEqual(errors, []);
});

await runBrowserTest('the game\'s evaluation graph: the review\'s values, marks on the points, keys, a table, axe', async ({ browser, url }) => {
  const axeSource = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  const game = '5233355662226635335444';   // Yellow wins after 22 moves; the review marks 1. 5?, 2… 3? and 4. 5??
  for (const [width, height] of [[1280, 800], [390, 844], [1920, 1080]]) {
    const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, url, `#game=connect4&moves=${game}&ai=none`);
    await page.click('#result-review');
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 60000 });
    await page.waitForSelector('#eval-graph .gs-points > *');
    const labels = () => page.$$eval('#eval-graph .gs-points > *', (p) => p.map((x) => x.getAttribute('aria-label')));
    await page.waitForFunction((n) => document.querySelectorAll('#eval-graph .gs-points > *').length === n, game.length);
    const shown = await labels();
    if (width === 1280) {
      // The same review asked of a worker of the test's own, and its values in the page's words.
      const want = await page.evaluate(async (moves) => {
        const { EngineClient } = await import('./engine/engine-client.js');
        const { valueInWords, markOf } = await import('./play/analysis-view.js');
        const client = new EngineClient(new URL('worker.js', location.href), { spare: false });
        const reply = await client.request({ type: 'review', game: 'connect4', moves, timeMs: 30000 });
        client.terminate();
        const names = { 1: 'Red', 2: 'Yellow' };
        return reply.moves.map((m, j) => ({ words: j + 1 === moves.length ? 'Yellow has won'
          : valueInWords('connect4', reply.positions[j + 1], j + 1, ((j + 1) % 2) + 1, names), mark: m.mark, symbol: markOf(m.mark).symbol }));
      }, game);
      assert.equal(shown.length, want.length, 'a point per move');
      // (how far a win is, the review proves within its time: one run may have a distance the other has not)
      const outcome = (t) => /: (Red wins|Yellow wins|Red has won|Yellow has won|draw)/.exec(t)?.[1];
      const distance = (t) => /wins (in \d+ moves?|with the next move)/.exec(t)?.[1];
      shown.forEach((label, j) => {
        assert.equal(outcome(label), outcome(`: ${want[j].words}`), `move ${j + 1}: "${label}" against the review's "${want[j].words}"`);
        if (distance(label) && distance(want[j].words)) assert.equal(distance(label), distance(want[j].words), `move ${j + 1}`);
        if (['win-to-loss', 'win-to-draw', 'draw-to-loss'].includes(want[j].mark)) assert.ok(label.endsWith(`(${want[j].symbol})`), `move ${j + 1} marked: ${label}`);
      });
      assert.deepEqual(want.filter((w) => w.symbol).length, 3);
      // The marks as text on the chart, one per marked move.
      assert.deepEqual((await page.$$eval('#eval-graph svg text', (t) => t.map((x) => x.textContent))).filter((t) => /^\?+$/.test(t)).sort(), ['?', '?', '??']);
    }
    // Proven values are filled, and the heights: Yellow's wins below the middle, coming closer (lower) to the end.
    const ys = await page.$$eval('#eval-graph .gs-points > *', (p) => p.map((x) => x.getBoundingClientRect().top));
    assert.ok(ys[21] > ys[7] && ys[7] > ys[0] && ys[3] < ys[0], `heights: ${ys.map(Math.round)}`);
    // Keyboard: Tab reaches the graph's point of the position shown; ← reads the move before; Enter goes to it.
    await page.focus('#eval-graph .gs-points > [tabindex="0"]');
    assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^11… Yellow column 4: Yellow has won/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.match(await page.textContent('#eval-graph .gs-chart-tip'), /^10… Yellow column 4: Yellow wins with the next move/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('moves').textContent.length === 20);
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')?.slice(0, 3)), '10…', 'the focus stays on the point');
    // A click on a point goes to that move.
    await page.click('#eval-graph .gs-points > :nth-child(8)');
    await page.waitForFunction(() => document.getElementById('moves').textContent === '52333556');
    // Hover shows the numbers too (Plot's tip).
    const box = await page.locator('#eval-graph .gs-points > :nth-child(4)').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => /2… Yellow column 3/.test(document.querySelector('#eval-graph svg [aria-label="tip"]')?.textContent || ''));
    // The table alternative: a row per move.
    await page.click('#eval-graph summary');
    assert.equal(await page.locator('#eval-graph tbody tr').count(), game.length);
    await page.addScriptTag({ content: axeSource });
    assert.deepEqual(await axeViolations(page), [], `axe at ${width}x${height}`);
    await page.locator('.movelog').screenshot({ path: path.join(SHOTS, `eval-graph-${width}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }

  // During play: the computer's own value of the position it moved from, hollow while it is an estimate.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = watchErrors(page);
  await open(page, url, '#game=connect4&moves=&ai=2&level=casual');
  await clickMove(page, 'connect4', 4);
  await page.waitForFunction(() => document.getElementById('moves').textContent.length === 2, null, { timeout: 20000 });
  await page.waitForSelector('#eval-graph .gs-points > *');
  const first = await page.$eval('#eval-graph .gs-points > *', (m) => ({ label: m.getAttribute('aria-label'), fill: m.getAttribute('fill') }));
  assert.match(first.label, /^1\. Red column 4: /, 'the position after the first move has the computer\'s value');
  assert.ok(/estimate/.test(first.label) ? first.fill === 'none' : first.fill !== 'none', `filled only when proven: ${JSON.stringify(first)}`);
  assert.deepEqual(errors, []);
});

await runBrowserTest('a projector at 1920x1080: the demo\'s board fills the height, 18 px trees, the header lined up', async ({ browser, url }) => {
  const page = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  const errors = watchErrors(page);
  await page.goto(`${url}#view=demo&game=connect4&moves=5233355662226635335444`);
  await page.waitForSelector('.dm[data-state="game-over"]', { timeout: 20000 });
  const board = await page.locator('#demo-board svg').boundingBox();
  assert.ok(board.height >= 700 && board.y + board.height <= 1080, `the demo's board: ${Math.round(board.height)} px high, bottom at ${Math.round(board.y + board.height)}`);
  await page.waitForSelector('#demo-chart svg');
  const axes = await page.$$eval('#demo-chart svg [aria-label$="axis label"]', (t) => t.map((x) => x.textContent));
  assert.deepEqual(axes, ['↑ Depth', 'Move →', '↑ Red better · Yellow better ↓', 'Move →'], 'the demo\'s charts have labelled axes');
  await page.screenshot({ path: path.join(SHOTS, 'projector-demo.png') });

  await page.goto(`${url}#view=tree&game=tictactoe&moves=1659`);
  await page.waitForSelector('.tv[data-ready="true"]', { timeout: 20000 });
  const smallest = await page.$$eval('.tv-row *, .tv-code *', (els) => Math.min(...els.filter((e) => e.getClientRects().length)
    .map((e) => parseFloat(getComputedStyle(e).fontSize))));
  assert.ok(smallest >= 18, `the tree's and the pseudocode's text: ${smallest} px at the least`);
  await page.screenshot({ path: path.join(SHOTS, 'projector-tree.png') });

  // With Large text (and without), the header's title starts where the view's content does.
  for (const large of [false, true]) {
    for (const hash of ['#view=tree&game=tictactoe&moves=1659', '#view=demo&game=connect4', '#view=menace']) {
      await page.goto(`${url}${hash}`);
      await page.evaluate((l) => { if (l) document.documentElement.dataset.type = 'large'; else delete document.documentElement.dataset.type; }, large);
      await page.waitForSelector('#tree-view-root .tv');
      const [title, content] = await page.evaluate(() => {
        const tv = document.querySelector('#tree-view-root .tv');
        return [document.querySelector('.top h1').getBoundingClientRect().left,
          tv.getBoundingClientRect().left + parseFloat(getComputedStyle(tv).paddingLeft)];
      });
      assert.ok(Math.abs(title - content) <= 2, `${hash}${large ? ', Large text' : ''}: the title at ${title}, the content at ${content}`);
    }
  }
  assert.deepEqual(errors, []);
});

await runBrowserTest('every demo opened without a position starts by itself, Connect Four\'s too', async ({ browser, url }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = watchErrors(page);
  await page.goto(`${url}#view=demo&game=connect4&time1=100&time2=100`);
  await page.waitForFunction(() => /^\d{2,}$/.test(document.getElementById('demo-moves')?.textContent || ''), null, { timeout: 20000 });
  assert.equal(await page.getAttribute('#demo-pause', 'disabled'), null, 'Pause is there to stop it');
  // A link that names a position shows it and waits for Start. (A position
  // the running demo cannot be at: its own link would be the same address.)
  await page.goto(`${url}#view=demo&game=connect4&moves=17&time1=100&time2=100`);
  await page.waitForSelector('.dm[data-state="paused"]');
  await page.waitForTimeout(1000);
  assert.equal(await page.textContent('#demo-moves'), '17');
  await page.goto(`${url}#view=demo&game=connect3p&time=100`);
  await page.waitForFunction(() => /^\d{2,}/.test(document.getElementById('c3-moves')?.textContent || ''), null, { timeout: 20000 });
  await page.goto(`${url}#view=demo&game=einstein`);
  await page.waitForFunction(() => /:\S+/.test(new URLSearchParams(location.hash.slice(1)).get('position') || ''), null, { timeout: 20000 });
  assert.deepEqual(errors, []);
});

// Several lines (issue 42): the analysis shows the best N lines (the "Best
// lines shown" setting, 3 by default), best first; each keeps its move's
// proven value all along (checked move by move with the native solver's
// analysis); hovering or focusing one draws it on the board; pressing it
// plays it onto the board.
await runBrowserTest('the analysis\' best lines: values kept to the end, preview, play', async ({ browser, url }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = watchErrors(page);
  const start = '44533444';
  // The native exact score of every column of `moves` ('x': not playable).
  const nativeScores = (m) => execFileSync(NATIVE, ['analyze'], { input: `${m}\n`, encoding: 'utf8' }).trim().split(/\s+/).slice(m ? 1 : 0);
  const lines = async () => page.$$eval('#analysis-lines button', (bs) => bs.map((b) => ({
    moves: /** @type {HTMLElement} */ (b).dataset.moves.split(' ').map(Number), label: b.querySelector('.line-value').textContent })));
  await open(page, url, `#game=connect4&moves=${start}&ai=none&analysis=1`);
  await page.waitForFunction(() => document.body.dataset.analysis === 'done', null, { timeout: 30000 });
  let shown = await lines();
  assert.equal(shown.length, 3, 'three lines by default');
  const root = nativeScores(start);
  const ranks = shown.map((l) => Number(root[l.moves[0] - 1]));
  assert.deepEqual(ranks, [...ranks].sort((a, b) => b - a), `best first: ${ranks}`);
  assert.equal(ranks[0], Math.max(...root.filter((s) => s !== 'x').map(Number)), 'the first line is the best move\'s');
  // Line 1, move by move: each move has the exact score the line's value says
  // (the side to move's view, so it alternates).
  let played = start;
  let score = ranks[0];
  for (const m of shown[0].moves) {
    assert.equal(Number(nativeScores(played)[m - 1]), score, `${played} + ${m} keeps the value ${score}`);
    played += String(m);
    score = -score;
  }
  console.log(`  line 1 (${shown[0].label}): ${shown[0].moves.join('')}, ${shown[0].moves.length} moves, each at its exact score`);
  // Hovered, then focused: drawn on the board (its first 8 moves).
  await page.hover('#analysis-lines li:nth-child(2) button');
  assert.equal(await page.$eval('#board', (c) => c.dataset.line), shown[1].moves.slice(0, 8).join(''), 'hover draws line 2');
  await page.focus('#analysis-lines li:nth-child(3) button');
  assert.equal(await page.$eval('#board', (c) => c.dataset.line), shown[2].moves.slice(0, 8).join(''), 'focus draws line 3');
  // Five lines.
  await page.selectOption('#analysis-lines-select', '5');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines button').length === 5
    && document.body.dataset.analysis === 'done', null, { timeout: 30000 });
  shown = await lines();
  // Pressed (by keyboard): the line is played onto the board; Undo steps back.
  await page.focus('#analysis-lines li:nth-child(1) button');
  await page.keyboard.press('Enter');
  await page.waitForFunction((m) => document.getElementById('moves').textContent === m, start + shown[0].moves.join(''));
  await page.click('#undo');
  assert.equal(await moves(page), start + shown[0].moves.slice(0, -1).join(''), 'Undo steps back through the line');
  // Against the computer: the board stops where the person is to move.
  await open(page, url, `#game=connect4&moves=${start}&ai=2&analysis=1`);
  await page.waitForFunction(() => document.body.dataset.analysis === 'done' && document.querySelector('#analysis-lines button'),
    null, { timeout: 30000 });
  shown = await lines();
  await page.click('#analysis-lines li:nth-child(1) button');
  const n = shown[0].moves.length;
  // (after an odd number of the line's moves the computer would be to move)
  const expected = start + shown[0].moves.slice(0, n % 2 ? n - 1 : n).join('');
  await page.waitForFunction((m) => document.getElementById('moves').textContent === m, expected);
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'human-turn');
  assert.deepEqual(errors, []);
});
