// Browser tests of the app's levels and views (headless Chromium, build/site):
// the level picker (levels from the engine, the hash key `level`, measured
// results from levels.json, a malformed levels.json ignored quietly), the
// search-tree explorer opened from the main page (#view=tree) and the
// navigation (a new hash while the page loads), and the Study view (shipped
// results and charts, a live experiment in a worker: progress, results, stop).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBrowserTest, SHOTS, SITE } from './lib.mjs';
import { clickMove, moves, open, settle, watchErrors } from './page-helpers.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
const hash = (page) => page.evaluate(() => location.hash);
// A full load (page.goto to a new hash only changes the hash).
async function fresh(page, url, h) {
  await page.goto('about:blank');
  await page.goto(`${url}${h}`);
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 15000 });
}
const FIXTURE = {
  game: 'connect4',
  levels: [
    { name: 'beginner', results: [{ vs: 'casual', wins: 6, draws: 2, losses: 12, games: 20 },
      { vs: 'strong', wins: 6, draws: 0, losses: 14, games: 20 }] },
    { name: 'strong', results: [{ vs: 'perfect', wins: 3, draws: 1, losses: 16, games: 20 }] },
  ],
  method: 'test fixture',
};

await runBrowserTest('views', async ({ browser, url }) => {
  // No service worker: it would answer levels.json from its cache, past page.route's fixtures.
  const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = watchErrors(page);

  console.log('a new hash while the page loads: no error, and the game of the newest hash');
  {
    // (its own context: the game it saves is not the next page's)
    const early = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    const p = await early.newPage();
    const earlyErrors = watchErrors(p);
    await p.goto(`${url}#game=connect4&ai=none`, { waitUntil: 'domcontentloaded' });
    await p.evaluate(() => { location.hash = '#game=connect4&moves=44&ai=none'; });
    await p.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 15000 });
    await p.waitForFunction(() => document.getElementById('moves').textContent === '44', null, { timeout: 5000 });
    assert.deepEqual(earlyErrors, [], 'no exception from the early hash change');
    await early.close();
  }
  console.log('a linked game left for Study while the page loads: Play goes back to it');
  {
    const early = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    const p = await early.newPage();
    const earlyErrors = watchErrors(p);
    await p.goto(`${url}#game=connect4&moves=4453&ai=none`, { waitUntil: 'domcontentloaded' });
    await p.evaluate(() => { location.hash = '#view=study'; });
    await p.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 15000 });
    assert.equal(await p.evaluate(() => document.documentElement.dataset.view), 'study');
    await p.click('#nav-play');
    await p.waitForFunction(() => document.getElementById('moves').textContent === '4453', null, { timeout: 5000 });
    assert.deepEqual(earlyErrors, []);
    await early.close();
  }

  console.log('the other games\' pickers lead back to the Connect Four game, its level kept');
  {
    const c = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    const p = await c.newPage();
    await fresh(p, url, '#game=connect4&moves=4435&ai=none&level=beginner');
    for (const [pick, picker, ready] of [['connect3p', '#c3-game', () => ['move', 'over'].includes(document.body.dataset.connect3p)],
      ['einstein', '#es-game', () => document.querySelector('#es-game') !== null]]) {
      await p.selectOption('#game-select', pick);
      await p.waitForFunction(ready, null, { timeout: 15000 });
      assert.equal(await p.getAttribute('#nav-tree', 'href'), `#view=tree&game=${pick}`, `${pick}: the explorer link opens its trees`);
      assert.equal(await p.evaluate(() => document.querySelector('#tree-view-root').getAttribute('aria-label')),
        pick === 'einstein' ? 'EinStein würfelt nicht!' : 'Connect Four for three', `${pick}: its landmark's name`);
      await p.selectOption(picker, 'connect4');
      await p.waitForFunction(() => document.getElementById('moves').textContent === '4435', null, { timeout: 5000 });
      assert.match(await hash(p), /^#game=connect4&moves=4435&.*level=beginner/, `back from ${pick}: the game and its level`);
      assert.equal(await p.getAttribute('#nav-tree', 'href'), '#view=tree&game=tictactoe', 'on Play the explorer link is the lesson');
    }
    await c.close();
  }

  console.log('levels come from the engine:');
  await open(page, url, '');
  const options = await page.$$eval('#level-select option', (o) => o.map((x) => x.value));
  assert.ok(JSON.stringify(options) === '["beginner","casual","strong","perfect","custom"]', `level picker: ${options.join(', ')}`);
  assert.ok(/level=casual$/.test(await hash(page)) && await page.inputValue('#level-select') === 'casual',
    `the default level is in the hash: ${await hash(page)}`);
  assert.ok(/^A fair fight: it sees 4 moves ahead \(2 of its own and 2 of yours\)/.test(await page.textContent('#level-about')), `the level is described: ${await page.textContent('#level-about')}`);
  // The shipped levels.json (docs/levels.json, or an empty table without it).
  const shipped = JSON.parse(fs.readFileSync(path.join(SITE, 'levels.json'), 'utf8'));
  const casual = (shipped.levels || []).find((l) => l && l.name === 'casual');
  if (casual && Array.isArray(casual.results) && casual.results.length) {
    await page.waitForFunction(() => !document.getElementById('level-results').hidden);
    const shown = await page.$$eval('#level-results li', (l) => l.map((x) => x.textContent));
    const r = casual.results[0];
    const want = `wins ${Math.round((100 * r.wins) / r.games)}% against ${r.vs.charAt(0).toUpperCase()}${r.vs.slice(1)}`;
    assert.ok(shown.length === casual.results.length && shown[0].startsWith(want), `the shipped results of Casual: ${shown.join(' | ')}`);
  } else {
    assert.ok(await page.isHidden('#level-results'), 'no measured results shown when levels.json has none');
  }
  await clickMove(page, 'connect4', 4);
  await settle(page);
  assert.ok((await moves(page)).length === 2, 'Casual answers');
  await page.selectOption('#level-select', 'strong');
  assert.ok(/time=300&ai=2&level=strong$/.test(await hash(page)) && (await page.textContent('#time-value')) === '300 ms',
    `choosing Strong sets its time: ${await hash(page)}`);
  await page.fill('#time-range', '0');
  assert.ok(await page.inputValue('#level-select') === 'custom' && /time=50&ai=2&level=custom$/.test(await hash(page)),
    'moving the time slider chooses Custom');
  await open(page, url, '#game=tictactoe&moves=5&time=1000&ai=2&level=beginner');
  // (the Connect Four game in progress it replaces is offered back: issue 42, defect 5)
  assert.ok(await page.inputValue('#level-select') === 'beginner' && (await page.isHidden('#notice')
    || /^Another position was opened\. The game you were playing \(\d+ moves\) can be restored\.$/.test(await page.textContent('#notice-text'))),
  `a link with level=beginner: ${await page.textContent('#notice-text')}`);
  assert.ok((await page.textContent('#time-value')) === 'depth 2, no clock', 'a depth-only level shows its depth');
  await open(page, url, '#game=connect4&moves=44&time=1000&ai=2&level=grandmaster');
  assert.ok(await page.isVisible('#notice') && /unknown level 'grandmaster'/.test(await page.textContent('#notice-text'))
    && await moves(page) === '44', 'an unknown level: a message, and the link\'s moves are kept');

  console.log('measured results from levels.json:');
  await page.route('**/levels.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(FIXTURE) }));
  await fresh(page, url, '#game=connect4&moves=&time=1000&ai=2&level=beginner');
  await page.waitForFunction(() => !document.getElementById('level-results').hidden);
  const lines = await page.$$eval('#level-results li', (l) => l.map((x) => x.textContent));
  assert.ok(lines.includes('wins 30% against Casual, draws 10% (20 games)') && lines.includes('wins 30% against Strong (20 games)'),
    `shown next to the picker: ${lines.join(' | ')}`);
  await shot(page, 'desktop-levels');
  await page.selectOption('#level-select', 'perfect');
  assert.ok(await page.isHidden('#level-results'), 'a level without results shows none');
  await page.selectOption('#level-select', 'strong');
  assert.ok((await page.textContent('#level-results')).includes('wins 15% against Perfect'), 'Strong: its own results');
  for (const body of ['{"levels": [{"name": "beginner", "results": [{"vs": 3}]}]}', 'not json <', '[]', '{"levels":{}}']) {
    await page.unroute('**/levels.json');
    await page.route('**/levels.json', (r) => r.fulfill({ contentType: 'application/json', body }));
    await fresh(page, url, '#game=connect4&moves=&time=1000&ai=2&level=beginner');
    await page.waitForTimeout(100);
    assert.ok(await page.isHidden('#level-results'), `malformed levels.json ${JSON.stringify(body).slice(0, 40)}: nothing shown`);
  }
  await page.unroute('**/levels.json');

  console.log('tree explorer from the main page:');
  await open(page, url, '#game=connect4&moves=4453&time=200&ai=2&level=custom');
  await page.click('#nav-tree');
  await page.waitForFunction(() => /minimax 162\b/.test((document.querySelector('#tree-stats') || {}).textContent || ''),
    null, { timeout: 30000 });
  assert.ok(/moves=1659/.test(await hash(page)), `the navigation opens the explorer on its lesson position: ${await hash(page)}`);
  assert.ok(await page.isHidden('main.layout') && await page.getAttribute('#nav-tree', 'aria-current') === 'page',
    'the game is hidden, the navigation marks the view');
  await page.click('#nav-play');
  await page.waitForFunction(() => document.body.dataset.state === 'human-turn');
  assert.ok(await moves(page) === '4453' && /moves=4453/.test(await hash(page)), `Play returns to the game: ${await hash(page)}`);
  await page.goto('about:blank');
  await page.goto(`${url}#view=tree&game=tictactoe&moves=`);
  await page.waitForFunction(() => /minimax 549,946/.test((document.querySelector('#tree-stats') || {}).textContent || ''),
    null, { timeout: 30000 });
  assert.ok(true, 'a link to #view=tree&game=tictactoe&moves= opens the explorer directly');
  await page.keyboard.press('n');
  assert.ok(await page.isHidden('main.layout'), 'game keys do nothing in the explorer');
  await page.evaluate(() => { location.hash = '#view=tree&game=connect4&depth=3&moves=44'; });
  await page.waitForFunction(() => /minimax \d+/.test((document.querySelector('#tree-stats') || {}).textContent || '')
    && /game=connect4/.test(location.hash), null, { timeout: 30000 });
  assert.ok(/depth=3/.test(await hash(page)), `Connect Four at a depth limit: ${(await page.textContent('#tree-stats')).slice(0, 60)}`);
  await page.click('#nav-play');
  await page.waitForFunction(() => ['human-turn', 'thinking'].includes(document.body.dataset.state));
  assert.ok(await page.isVisible('#board'), 'Play after a direct link to the explorer starts a game');

  console.log('the other views of web/tree/ from the navigation:');
  for (const [id, view] of [['#nav-menace', 'menace'], ['#nav-demo', 'demo']]) {
    await page.click(id);
    await page.waitForFunction((v) => document.body.dataset.view === v && document.querySelector('#tree-view-root')
      && !document.querySelector('#tree-view-root').hidden, view, { timeout: 15000 });
    await page.waitForTimeout(500);
    assert.ok(await page.isHidden('main.layout') && await page.getAttribute(id, 'aria-current') === 'page', `${view}: opens, the game hidden`);
  }
  await page.click('#nav-play');
  await page.waitForFunction(() => ['human-turn', 'thinking'].includes(document.body.dataset.state) && !document.querySelector('main.layout').hidden);
  assert.ok(await page.isHidden('#tree-view-root'), 'Play hides them again');

  console.log('study view:');
  await page.click('#nav-study');
  await page.waitForSelector('.study-table');
  const rows = await page.$$eval('.study-table tbody tr', (r) => r.map((x) => x.firstChild.textContent));
  assert.ok(rows.some((r) => /^alpha-beta\b.*, 1 ms$/.test(r)) && rows.length >= 5, `the shipped results, players in words: ${rows.join(', ')}`);
  // (the charts' numbers and reading aids: charts.test.mjs)
  await page.waitForSelector('.study-plots[data-charts="drawn"]', { timeout: 10000 });
  const charts = await page.$$eval('.study-plots .gs-figure', (f) => f.filter((x) => x.querySelector('svg.gs-chart')).length);
  assert.ok(charts >= 3, `the charts are drawn from the results: ${charts}`);
  assert.ok(await page.isHidden('main.layout') && await page.getAttribute('#nav-study', 'aria-current') === 'page', 'the game is hidden');
  await page.selectOption('#study-time-a', '1');
  await page.selectOption('#study-time-b', '10');
  await page.selectOption('#study-games', '2');
  await page.click('#study-start');
  assert.ok(await page.isDisabled('#study-start') && await page.isEnabled('#study-stop'), 'a live match starts');
  await page.waitForFunction(() => document.querySelectorAll('#study-games-log li').length === 1, null, { timeout: 30000 });
  const first = await page.textContent('#study-score');
  assert.ok(/1 ms against 10 ms: \d won, \d drawn, \d lost — score \d+%/.test(first), `results fill in as games finish: ${first}`);
  await page.waitForFunction(() => /Done: 2 games/.test(document.getElementById('study-status').textContent), null, { timeout: 30000 });
  const bar = await page.getAttribute('.study-progress', 'aria-valuenow');
  assert.ok(bar === '100' && (await page.$$('#study-games-log li')).length === 2, `the match ends: ${await page.textContent('#study-score')}`);
  await shot(page, 'desktop-study');
  console.log('study view: MCTS against alpha-beta, live:');
  await page.click('#study-preset-mcts');
  assert.deepEqual(await Promise.all(['#study-algo-a', '#study-time-a', '#study-algo-b', '#study-time-b'].map((s) => page.inputValue(s))),
    ['mcts', '100', 'alphabeta', '100'], 'the preset sets up the match');
  await page.selectOption('#study-time-a', '10');
  assert.equal(await page.textContent('#study-status'), 'Set up: MCTS 10 ms against Alpha-beta 100 ms. Press Start.',
    'a player changed after the preset: the set-up said follows');
  await page.selectOption('#study-time-a', '100');
  await page.selectOption('#study-games', '2');
  await page.click('#study-start');
  await page.waitForFunction(() => /Done: 2 games/.test(document.getElementById('study-status').textContent), null, { timeout: 60000 });
  const mctsScore = await page.textContent('#study-score');
  const work = await page.textContent('#study-work');
  console.log(`  ${mctsScore} (${work})`);
  assert.match(mctsScore, /^MCTS 100 ms against Alpha-beta 100 ms: \d won, \d drawn, \d lost — score \d+%/);
  assert.match(work, /^A: [\d,]+ playouts a move; B: depth \d+\.\d a move\.$/, 'what each search did per move');
  const playouts = Number(work.match(/^A: ([\d,]+)/)[1].replace(/,/g, ''));
  assert.ok(playouts >= 1000, `MCTS ran thousands of playouts in 100 ms (${playouts})`);
  await page.selectOption('#study-time-a', '100');
  await page.selectOption('#study-time-b', '100');
  await page.selectOption('#study-games', '20');
  await page.click('#study-start');
  await page.waitForFunction(() => /move (1[0-9])/.test(document.getElementById('study-status').textContent), null, { timeout: 30000 });
  await page.click('#study-stop');
  const stoppedAt = await page.$$eval('#study-games-log li', (l) => l.length);
  await page.waitForTimeout(400);
  assert.ok(/Stopped/.test(await page.textContent('#study-status')) && await page.isEnabled('#study-start')
    && (await page.$$eval('#study-games-log li', (l) => l.length)) === stoppedAt, 'Stop stops the match at once');
  await page.click('#study-start');
  await page.waitForFunction(() => /Game 1 of 20/.test(document.getElementById('study-status').textContent));
  await page.click('#nav-play');
  await page.waitForFunction(() => document.body.dataset.state === 'human-turn' || document.body.dataset.state === 'thinking');
  assert.ok(/left the Study view/.test(await page.textContent('#study-status')), 'leaving the view stops the match');

  assert.ok(errors.length === 0, `no console errors, exceptions or failed requests ${errors.join(' | ')}`);

  console.log('a classroom\'s screens: the essentials of the teaching views without scrolling');
  // The board, the tree, the status and the primary controls of each view,
  // fully inside the window at the top of the page.
  const ESSENTIALS = {
    tree: ['.tv-pos .tv-primary', '#tree-moves', '.tv-msg', '#tree-values', '#tree-stats .tv-algo', '.tv-tree-title',
      '.tv-row[data-node="0"]', '.tv-row[data-node="0"] + .tv-children > .tv-item > .tv-row.tv-chosen',
      '#tree-first', '#tree-back', '#tree-play', '#tree-forward', '#tree-last', '#tree-step', '.tv-stepboard svg', '#tree-narration'],
    demo: ['#demo-game', '#demo-start', '#demo-pause', '#demo-step', '#demo-new', '#demo-board svg', '#demo-status', '.dm-big'],
    study: ['.study-intro h2', '#study-time-a', '#study-time-b', '#study-games', '#study-start', '#study-stop', '#study-status'],
  };
  const VIEW_HASH = { tree: '#view=tree&game=tictactoe', demo: '#view=demo&game=connect4', study: '#view=study' };
  const VIEW_READY = { tree: '.tv[data-ready="true"] #tree-stats .tv-algo', demo: '.dm[data-ready="true"]', study: '.study-table' };
  for (const size of [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }]) {
    for (const scheme of ['light', 'dark']) {
      const ctx = await browser.newContext({ viewport: size, colorScheme: scheme, serviceWorkers: 'block' });
      const p = await ctx.newPage();
      const errs = watchErrors(p);
      for (const view of ['tree', 'demo', 'study']) {
        await p.goto(`${url}${VIEW_HASH[view]}`);
        await p.waitForSelector(VIEW_READY[view], { timeout: 30000 });
        await p.waitForTimeout(300);
        const out = await p.evaluate((sels) => sels.flatMap((sel) => {
          const els = [...document.querySelectorAll(sel)];
          if (!els.length) return [`${sel} missing`];
          return els.map((e) => e.getBoundingClientRect())
            .filter((r) => !r.width || !r.height || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
            .map((r) => `${sel} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
        }), ESSENTIALS[view]);
        assert.deepEqual(out, [], `${view} at ${size.width}x${size.height} (${scheme}): the essentials are on screen`);
        await shot(p, `classroom-${view}-${size.width}x${size.height}-${scheme}`);
      }
      assert.ok(errs.length === 0, `${size.width}x${size.height}/${scheme}: no console errors ${errs.join(' | ')}`);
      await ctx.close();
    }
    console.log(`  ${size.width}x${size.height}: tree, demo and study fit`);
  }
  {
    // On a phone the explanations fold instead of disappearing.
    const ctx = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    const p = await ctx.newPage();
    for (const view of ['tree', 'demo']) {
      await p.goto(`${url}${VIEW_HASH[view]}`);
      await p.waitForSelector(VIEW_READY[view], { timeout: 30000 });
      assert.ok(await p.isHidden('.tv-about .tv-sub') && await p.isVisible('.tv-about summary'), `${view} on a phone: the intro is folded`);
      await p.click('.tv-about summary');
      assert.ok(await p.isVisible('.tv-about .tv-sub'), `${view} on a phone: one tap shows it (${(await p.textContent('.tv-about .tv-sub')).slice(0, 50)}…)`);
    }
    await p.goto(`${url}${VIEW_HASH.tree}`);
    await p.waitForSelector(VIEW_READY.tree, { timeout: 30000 });
    assert.ok(await p.isVisible('#tree-lesson') && await p.isVisible('.tv-algo-label') && await p.isVisible('#tree-values-note'),
      'tree on a phone: why this position, what each algorithm does, what the values mean');
    await p.goto(`${url}${VIEW_HASH.study}`);
    await p.waitForSelector(VIEW_READY.study, { timeout: 30000 });
    assert.ok(await p.isVisible('.study-intro p'), 'study on a phone: its intro');
    await ctx.close();
  }

  console.log('screenshots of the views (desktop and phone, light and dark):');
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    for (const scheme of ['light', 'dark']) {
      const phone = name === 'phone';
      const ctx = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: phone ? 2 : 1,
        hasTouch: phone, isMobile: phone });
      const p = await ctx.newPage();
      const errs = watchErrors(p);
      await open(p, url, '#game=connect4&moves=4453&time=1000&ai=2&level=beginner');
      if (casual) await p.waitForFunction(() => !document.getElementById('level-results').hidden);
      if (phone) await p.evaluate(() => document.querySelector('.settings').scrollIntoView());
      await p.waitForTimeout(200);
      await shot(p, `${name}-${scheme}-levels`);
      await p.goto(`${url}#view=tree&game=tictactoe&moves=1524`);
      await p.waitForFunction(() => /minimax \d+/.test((document.querySelector('#tree-stats') || {}).textContent || ''),
        null, { timeout: 30000 });
      await p.waitForTimeout(300);
      await shot(p, `${name}-${scheme}-tree`);
      await p.goto(`${url}#view=study`);
      await p.waitForSelector('.study-plots[data-charts="drawn"]', { timeout: 10000 });
      await p.waitForTimeout(200);
      await p.screenshot({ path: path.join(SHOTS, `${name}-${scheme}-study.png`), fullPage: true });
      assert.ok(errs.length === 0, `${name}/${scheme}: no console errors ${errs.join(' | ')}`);
      await ctx.close();
    }
  }
});
