// The small defects of issue 42's trial, each reproduced here first: the
// result card that hid the winning four (1) and its "7 in a row" (2); views
// that dropped a bad link field in silence (3); a damaged saved game of
// EinStein or the three-player game replaced in silence (4).
import assert from 'node:assert/strict';
import path from 'node:path';
import { runBrowserTest, SHOTS } from './lib.mjs';
import { clickMove, moves, open, watchErrors } from './page-helpers.mjs';

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
