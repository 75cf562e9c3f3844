// MENACE's view (web/menace/menace-view.js), as a class uses it: a whole game
// against MENACE with the keyboard alone, read back from the accessibility
// tree; beads that do not rely on colour; a caption that fits the opponent;
// MENACE kept across reloads, a damaged save refused with a message; export
// and import, a bad file refused; the rules on a phone, and the board and
// the matchbox on a 1280x720 projector without scrolling. And, in node, the
// check of a saved state (web/menace/menace-saved.js).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { ROOT, SHOTS, runBrowserTest } from './lib.mjs';
import { axeViolations, contrastRatio, watchErrors } from './page-helpers.mjs';
import { loadLinkModule } from './wasm.mjs';

// MENACE's rules (lib/rules.js) need the games as the engine describes them.
(await import(`${ROOT}/web/lib/games.js`)).setGames((await loadLinkModule()).games());

const { Menace, emptyCells, winner } = await import(`${ROOT}/web/menace/menace.js`);
const { problemOf, stateOf, menaceOf } = await import(`${ROOT}/web/menace/menace-saved.js`);

test('a saved MENACE state: a trained one passes, every kind of damage is named', () => {
  // 50 games against a player who takes a free cell by the game's number.
  const menace = new Menace();
  for (let g = 0; g < 50; g++) {
    let board = '.........';
    const put = (cell, mark) => { board = board.slice(0, cell) + mark + board.slice(cell + 1); };
    let result = 'draw';
    while (!winner(board)) {
      const x = menace.choose(board);
      if (x < 0) { result = 'loss'; break; }
      put(x, 'X');
      if (winner(board)) break;
      const free = emptyCells(board);
      put(free[g % free.length], 'O');
    }
    const w = winner(board);
    menace.learn(w === 'X' ? 'win' : w === 'O' ? 'loss' : result);
  }
  const state = stateOf(menace, 'random');
  assert.equal(problemOf(state), '', 'a trained MENACE is a valid state');
  assert.equal(state.history.length, 50);
  const back = menaceOf(JSON.parse(JSON.stringify(state)));
  assert.deepEqual(stateOf(back, 'random'), state, 'the state survives JSON and comes back the same');

  const bad = (change) => { const s = structuredClone(state); change(s); return problemOf(s); };
  const cases = [
    [null, /no MENACE state/],
    [[1, 2], /no MENACE state/],
    [{ ...state, opponent: 'alice' }, /opponent "alice"/],
    [{ ...state, history: 'wdlx' }, /letters w, d and l/],
    [{ ...state, history: 7 }, /letters w, d and l/],
    [{ ...state, boxes: [] }, /no matchboxes/],
    [{ ...state, boxes: { 'X........': [0, 1, 1, 1, 1, 1, 1, 1, 1] } }, /not a position with MENACE \(X\) to move/],
    [{ ...state, boxes: { 'XXXOO.O..': [0, 0, 0, 0, 0, 1, 0, 1, 1] } }, /finished game/],
    [{ ...state, boxes: { '.......X.': [1, 1, 1, 1, 1, 1, 1, 0, 1] } }, /not a position with MENACE/],
    [{ ...state, boxes: { '..X.O....': [1, 1, 0, 1, 0, 1, 1, 1, 1] } }, /orientation/],
    [{ ...state, boxes: { 'abc': [] } }, /9 cells/],
    [{ ...state, boxes: { '.........': [1, 1, 1] } }, /9 bead counts/],
    [{ ...state, boxes: { '.........': 'lots' } }, /9 bead counts/],
  ];
  for (const [data, why] of cases) assert.match(problemOf(data), why, JSON.stringify(data).slice(0, 80));
  assert.match(bad((s) => { s.boxes['.........'][4] = -1; }), /-1 beads for cell 5/);
  assert.match(bad((s) => { s.boxes['.........'][0] = 2.5; }), /2.5 beads for cell 1/);
  assert.match(bad((s) => { s.boxes['.........'][0] = 1e9; }), /whole number from 0 to 30000/);
  assert.match(bad((s) => { s.boxes['.........'][0] = '4'; }), /"4" beads/);
  const opened = Object.keys(state.boxes).find((k) => k.includes('X'));
  assert.match(bad((s) => { s.boxes[opened][opened.indexOf('X')] = 3; }), /which is taken/);
});

// The label of each cell button, in order, from the accessibility tree.
async function cellLabels(page) {
  const tree = await page.locator('#menace-cells').ariaSnapshot();
  return [...tree.matchAll(/button "([^"]+)"/g)].map((m) => m[1]);
}
const focusedCell = (page) => page.evaluate(() => Number(document.activeElement?.getAttribute('data-cell') || 0) - 1);
const statsOf = async (page) => {
  const m = (await page.textContent('#menace-stats')).match(/games (\d+) · wins (\d+) · draws (\d+) · losses (\d+) · boxes (\d+)/);
  return { games: Number(m[1]), boxes: Number(m[5]) };
};
const idle = (page) => page.waitForSelector('.mn[data-ready="true"][data-busy="false"], .mn[data-ready="true"]:not([data-busy])', { timeout: 60000 });

await runBrowserTest('MENACE: keyboard play, colour-blind beads, kept across reloads, export and import, phones', async ({ browser, url }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${url}index.html#view=menace`);
  await idle(page);

  console.log('1280x720: the rules open, board, matchbox and controls on the screen');
  assert.ok(await page.locator('#menace-intro').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), 'the rules are open on a desktop');
  for (const sel of ['#menace-opponent', '#menace-play', '#menace-train10', '#menace-train100', '#menace-board', '#menace-box svg']) {
    const box = await page.locator(sel).boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 720, `${sel} is on the screen without scrolling (${box && Math.round(box.y + box.height)} px)`);
  }

  console.log('captions that fit the opponent');
  const caption = () => page.textContent('#menace-caption');
  assert.match(await caption(), /Against the perfect player a draw is the best/);
  await page.selectOption('#menace-opponent', 'random');
  assert.ok(!/perfect/.test(await caption()) && /random player/.test(await caption()), `random: ${await caption()}`);
  await page.selectOption('#menace-opponent', 'human');
  assert.ok(!/perfect/.test(await caption()) && /Against you/.test(await caption()), `you: ${await caption()}`);
  assert.ok(await page.isHidden('#menace-train10'), 'no training against yourself');

  console.log('beads: a colour-blind-safe palette, each bead numbered, 4.5:1 against the box in both themes');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const { box, beads, numbers } = await page.evaluate(() => ({
      box: getComputedStyle(document.querySelector('#menace-box .mn-boxbg')).fill,
      beads: [...document.querySelectorAll('#menace-box .mn-bead')].map((b) => getComputedStyle(b).fill),
      numbers: [...document.querySelectorAll('#menace-box .mn-beadno')].map((t) => t.textContent),
    }));
    const lowest = Math.min(...beads.map((b) => contrastRatio(b, box)));
    assert.ok(beads.length === 12 && lowest >= 4.5, `${scheme}: the beads against the box: ${lowest.toFixed(2)}:1`);
    assert.equal(new Set(beads).size, 3, 'corner, edge and centre have three colours');
    assert.equal(numbers.join(''), '111122225555', 'and each bead carries its cell');
  }
  await page.emulateMedia({ colorScheme: 'light' });
  assert.match(await page.textContent('#menace-changes'), /4 for cell 1 \(light blue\), 4 for cell 2 \(orange\), 4 for cell 5 \(yellow\)/);

  console.log('a whole game with the keyboard alone');
  await page.reload();
  await idle(page);
  assert.equal(await page.inputValue('#menace-opponent'), 'human', 'the chosen opponent came back after a reload');
  // Tab to "Play a game" and press Enter; the focus then comes to the board.
  let tabs = 0;
  while (await page.evaluate(() => document.activeElement?.id) !== 'menace-play') {
    await page.keyboard.press('Tab');
    assert.ok(++tabs < 40, 'Play a game is reachable with Tab');
  }
  await page.keyboard.press('Enter');
  let turns = 0;
  for (;;) {
    await page.waitForFunction(() => document.querySelector('.mn').dataset.busy === 'false' ||
      document.querySelector('#menace-status').textContent.startsWith('Your move'), null, { timeout: 10000 });
    if (await page.getAttribute('.mn', 'data-busy') === 'false') break;
    const labels = await cellLabels(page);
    assert.equal(labels.length, 9, 'nine cell buttons');
    assert.match(labels[0], /^Row 1, column 1, (empty|X \(MENACE\)|O \(you\))$/);
    const target = labels.findIndex((l) => l.endsWith('empty'));
    let at = await focusedCell(page);
    assert.ok(at >= 0, 'the focus is on the board');
    const visible = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.equal(visible, 'solid', 'the focused cell shows its focus');
    // Arrow keys: along the row, then down or up.
    while (at !== target) {
      const key = Math.floor(at / 3) !== Math.floor(target / 3) ? (at < target ? 'ArrowDown' : 'ArrowUp') : (at < target ? 'ArrowRight' : 'ArrowLeft');
      await page.keyboard.press(key);
      at = await focusedCell(page);
    }
    await page.keyboard.press(turns % 2 ? 'Space' : 'Enter');
    turns++;
    await page.waitForFunction((c) => document.querySelector(`#menace-cells [data-cell="${c + 1}"]`).getAttribute('aria-label').endsWith('O (you)'), target);
    assert.ok(turns < 6, 'the game ends');
  }
  const log = await page.locator('#menace-moves').ariaSnapshot();
  const logged = [...log.matchAll(/listitem: "?(MENACE: X|You: O) at row \d, column \d/g)];
  assert.ok(logged.length >= 5 && logged.filter((m) => m[1] === 'You: O').length === turns,
    `every move is in the log (${logged.length} moves, ${turns} of them yours):\n${log}`);
  assert.match(log, /log "Moves of this game"/, 'the moves are a live log');
  const result = await page.locator('#menace-status').ariaSnapshot();
  assert.match(result, /status: .*(MENACE wins|MENACE loses|A draw)/, `the result is read out: ${result}`);
  assert.equal((await statsOf(page)).games, 1);
  console.log(`  ${turns} moves by keyboard; ${result.trim()}`);

  console.log('kept across reloads: trained boxes, counts, opponent');
  await page.selectOption('#menace-opponent', 'random');
  await page.click('#menace-train10');
  await page.waitForFunction(() => /games 11\b/.test(document.querySelector('#menace-stats').textContent), null, { timeout: 60000 });
  await idle(page);
  const before = { stats: await page.textContent('#menace-stats'), box: await page.getAttribute('#menace-box svg', 'aria-label') };
  await page.reload();
  await idle(page);
  assert.equal(await page.textContent('#menace-stats'), before.stats, 'games, results and boxes after a reload');
  assert.equal(await page.getAttribute('#menace-box svg', 'aria-label'), before.box, 'the first box keeps its beads');
  assert.equal(await page.inputValue('#menace-opponent'), 'random');
  assert.match(await page.textContent('#menace-status'), /Welcome back: MENACE after 11 games/);

  console.log('export');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#menace-export')]);
  assert.equal(download.suggestedFilename(), 'menace-11-games.json');
  const exported = fs.readFileSync(await download.path(), 'utf8');
  const file = JSON.parse(exported);
  assert.ok(file.format === 'MENACE matchboxes' && file.version === 1 && file.data.history.length === 11, 'the file holds the 11 games');
  assert.match(await page.textContent('#menace-saved'), /Exported 11 games/);

  console.log('reset asks first, then forgets the saved copy too');
  await page.click('#menace-reset');
  assert.equal((await statsOf(page)).games, 11, 'one click only asks');
  assert.match(await page.textContent('#menace-saved'), /Reset erases MENACE's 11 games/);
  await page.click('#menace-reset');
  assert.equal((await statsOf(page)).games, 0);
  assert.equal(await page.evaluate(() => localStorage.getItem('fourinarow.menace')), null, 'the saved copy is gone');
  await page.reload();
  await idle(page);
  assert.equal((await statsOf(page)).games, 0, 'and stays gone after a reload');

  console.log('import: a good file, then bad ones');
  await page.setInputFiles('#menace-import', { name: 'menace-11-games.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  await page.waitForFunction(() => /Imported/.test(document.querySelector('#menace-saved').textContent));
  assert.match(await page.textContent('#menace-saved'), /Imported menace-11-games\.json: MENACE after 11 games, .* It replaced the MENACE you had \(0 games/);
  assert.equal(await page.textContent('#menace-stats'), before.stats, 'the imported MENACE is the exported one');
  assert.equal(await page.getAttribute('#menace-box svg', 'aria-label'), before.box);
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('fourinarow.menace'))).data.history.length, 11, 'and it is saved');
  const damaged = structuredClone(file);
  const someBox = Object.keys(damaged.data.boxes).find((k) => k.includes('O'));
  damaged.data.boxes[someBox][someBox.indexOf('O')] = 5;
  for (const [name, text, why] of [
    ['bad.json', JSON.stringify(damaged), new RegExp(`the box "${someBox.replace(/\./g, '\\.')}" has beads for cell \\d, which is taken`)],
    ['notes.txt', 'hello', /it is not a JSON file/],
    ['other.json', '{"moves": "4453"}', /not a MENACE export/],
    ['future.json', JSON.stringify({ ...file, version: 9 }), /another version of this page \(version 9/],
  ]) {
    await page.setInputFiles('#menace-import', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.waitForFunction((n) => document.querySelector('#menace-saved').textContent.startsWith(`Could not import ${n}`), name);
    const msg = await page.textContent('#menace-saved');
    assert.match(msg, why, msg);
    assert.match(msg, /Your MENACE is unchanged\.$/);
    assert.equal(await page.textContent('#menace-stats'), before.stats, `${name}: MENACE is untouched`);
  }

  console.log('a damaged or old save: a message and a clean start');
  for (const [text, why] of [['{garbage', /it was damaged: not readable/],
    [JSON.stringify({ version: 1, data: { ...file.data, boxes: { '.........': [-3, 0, 0, 0, 0, 0, 0, 0, 0] } } }), /its contents did not make sense/],
    [JSON.stringify({ version: 0, data: {} }), /older version of the page/]]) {
    await page.evaluate((t) => localStorage.setItem('fourinarow.menace', t), text);
    await page.reload();
    await idle(page);
    const status = await page.textContent('#menace-status');
    assert.match(status, /^Saved MENACE could not be used: /, status);
    assert.match(status, why, status);
    assert.match(status, /starting with fresh matchboxes\.$/);
    assert.equal((await statsOf(page)).games, 0, 'a fresh MENACE');
    assert.equal(await page.locator('#menace-box .mn-bead').count(), 12);
  }
  assert.deepEqual(errors, [], 'no console errors');
  await context.close();

  console.log('axe-core in the middle of a game and after one, light and dark');
  // The strict CSP refuses the injected script: bypassed for this check only.
  const axeContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const a = await axeContext.newPage();
  await a.goto(`${url}index.html#view=menace`);
  await idle(a);
  await a.addScriptTag({ content: fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8') });
  const axe = () => axeViolations(a);
  await a.selectOption('#menace-opponent', 'human');
  await a.click('#menace-play');
  await a.waitForFunction(() => document.querySelector('#menace-status').textContent.startsWith('Your move'));
  await a.click('#menace-cells [aria-disabled="false"]');
  await a.waitForFunction(() => document.querySelector('#menace-status').textContent.startsWith('Your move') ||
    document.querySelector('.mn').dataset.busy === 'false');
  for (const scheme of ['light', 'dark']) {
    await a.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await axe(), [], `during a game, ${scheme}`);
  }
  // The board's picture in words: the marks and their cells (numbered as the cells' buttons).
  assert.match(await a.getAttribute('#menace-board svg', 'aria-label'), /^Board: X at row \d, column \d.*\.$/);
  await a.click('#menace-stop');
  await a.selectOption('#menace-opponent', 'random');
  await a.click('#menace-train10');
  await a.waitForFunction(() => /games 10\b/.test(document.querySelector('#menace-stats').textContent), null, { timeout: 60000 });
  await idle(a);
  for (const scheme of ['light', 'dark']) {
    await a.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await axe(), [], `after training, ${scheme}`);
    await a.screenshot({ path: path.join(SHOTS, `menace-desktop-${scheme}.png`), fullPage: true });
  }
  await axeContext.close();

  console.log('a phone: the rules are there, closed');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const p = await phone.newPage();
  await p.goto(`${url}index.html#view=menace`);
  await idle(p);
  assert.ok(await p.isVisible('#menace-intro summary') && !(await p.locator('#menace-intro').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open)),
    '"How MENACE learns" is shown, closed');
  await p.click('#menace-intro summary');
  assert.ok(await p.isVisible('#menace-intro p') && /random bead/.test(await p.textContent('#menace-intro p')), 'and opens to the rules');
  for (const scheme of ['light', 'dark']) {
    await p.emulateMedia({ colorScheme: scheme });
    await p.screenshot({ path: path.join(SHOTS, `menace-phone-${scheme}.png`), fullPage: true });
  }
  await phone.close();
});
