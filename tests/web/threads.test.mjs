// Several threads in the browser (docs/hosting.md): the worker runs the
// threaded engine where the page is cross-origin isolated and the
// single-threaded one elsewhere.
//  - served with the isolation headers (scripts/serve.py, as scripts/play.sh
//    serves it): the page is isolated, the worker reports the threaded build
//    and Automatic threads (this machine's cores, at most 8), and
//    "Solve from here" with 2 threads proves the value `gamesearch solve`
//    prints and names a move that keeps it, and the analysis with the same setting every column's exact
//    score `gamesearch analyze` prints; while a long solve runs, its live
//    region announces only news (not the seconds); a move cancels it and
//    clears the engine panel; on a finished game the button says why it
//    cannot be used;
//  - served without them and the service worker blocked (a plain static
//    host): not isolated, the single-threaded build, and the page still plays;
//    a saved count of threads it cannot use shows as Automatic but is kept;
//  - served without them, the service worker allowed (GitHub Pages): the page
//    reloads once when the service worker takes it over and is isolated then.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import test from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, runBrowserTest } from './lib.mjs';
import { NATIVE } from './native.mjs';
import { moves, open, settle, watchErrors } from './page-helpers.mjs';

const { threadsFor, isThreadsSetting } = await import(`${ROOT}/web/play/solve-view.js`);
const { provenSoFar } = await import(`${ROOT}/web/lib/score-words.js`);

test('threads for a setting', () => {
  assert.equal(threadsFor('auto', 8, 2), 2, 'Automatic: the cores');
  assert.equal(threadsFor('auto', 8, 16), 8, 'Automatic: at most the pool');
  assert.equal(threadsFor('auto', 1, 16), 1, 'the single-threaded build: 1');
  assert.equal(threadsFor('auto', 8, 0), 1, 'unknown cores: 1');
  assert.equal(threadsFor('4', 8, 2), 4, 'a count is kept (more threads than cores is allowed)');
  assert.equal(threadsFor('4', 1, 2), 1, 'a count above the engine\'s most is capped');
  assert.ok(isThreadsSetting('auto') && isThreadsSetting('3') && !isThreadsSetting('0') && !isThreadsSetting(3)
    && !isThreadsSetting('x'), 'saved settings are checked');
});

test('what a running solve has proven, in words', () => {
  const names = { 1: 'Red', 2: 'Yellow' };
  assert.equal(provenSoFar(-9, 10, 1, names), '', 'nothing yet');
  assert.equal(provenSoFar(1, 10, 1, names), 'Red wins');
  assert.equal(provenSoFar(-9, -1, 1, names), 'Yellow wins');
  assert.equal(provenSoFar(-5, -2, 2, names), 'Red wins', 'the side to move is Yellow');
  assert.equal(provenSoFar(0, 0, 1, names), 'a draw');
  assert.equal(provenSoFar(0, 4, 2, names), 'Yellow at least draws');
  assert.equal(provenSoFar(-4, 0, 2, names), 'Red at least draws');
});

// Test_L2_R2's third line (16 stones, 26 empty cells: a solve of a few hundred
// thousand nodes) and its value from the native command line.
const POSITION = '2531276566711153';
// Issue 17's example: every column exact within a second natively.
const ANALYSED = '44533444';
const nativeScore = () => Number(execFileSync(NATIVE, ['solve'], { input: `${POSITION}\n`, encoding: 'utf8' })
  .trim().split(/\s+/)[1]);

const page = async (browser, options = {}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  return { context, page: await context.newPage() };
};
const build = (p) => p.evaluate(() => ({ isolated: window.crossOriginIsolated,
  build: document.body.dataset.engineBuild, threads: document.body.dataset.threads }));

await runBrowserTest('with the isolation headers: the threaded build, and Solve from here', async ({ browser, url }) => {
  const { context, page: p } = await page(browser, { serviceWorkers: 'block' });
  const errors = watchErrors(p);
  await open(p, url, `#game=connect4&moves=${POSITION}&ai=none`);
  await p.waitForFunction(() => document.body.dataset.engineBuild, null, { timeout: 15000 });
  const cores = await p.evaluate(() => navigator.hardwareConcurrency);
  const most = Math.max(1, Math.min(cores - 1, 7)) + 1;   // worker.js: a helper per core beyond the first, 1 at least
  const b = await build(p);
  assert.deepEqual(b, { isolated: true, build: 'threads', threads: String(Math.min(cores, most)) },
    `isolated, the threaded build, Automatic threads (${cores} cores)`);
  assert.match(await p.textContent('#engine-build'), new RegExp(`up to ${most} threads`));

  console.log('Solve from here with 2 threads: the native value');
  await p.selectOption('#threads-select', '2');
  assert.equal(await p.evaluate(() => document.body.dataset.threads), '2');
  await p.click('#solve');
  await p.waitForFunction(() => document.body.dataset.solve === 'done', null, { timeout: 60000 });
  const score = nativeScore();
  const result = await p.textContent('#solve-result');
  const signed = score > 0 ? `+${score}` : String(score);
  assert.ok(result.includes(`(exact score ${signed} for `) && result.includes('with 2 threads'),
    `the native value ${signed}, 2 threads: "${result}"`);
  const best = (result.match(/ Best column: ([1-7])\.$/) || [])[1];
  assert.ok(best, `the sentence names a best move: "${result}"`);
  assert.equal(await p.textContent('#think-pv'), best, 'and the panel\'s best line');
  const after = Number(execFileSync(NATIVE, ['solve'], { input: `${POSITION}${best}\n`, encoding: 'utf8' }).trim().split(/\s+/)[1]);
  assert.equal(after, -score, `column ${best} keeps the value natively`);
  assert.equal(await p.textContent('#think-threads'), '2', 'the panel shows the threads');
  assert.match(await p.textContent('#think-nps'), /\/s$/, 'and the speed');
  console.log('a move after the solve: its figures and its sentence go');
  await p.keyboard.press(String(best));
  await p.waitForFunction((m) => document.getElementById('moves').textContent === m, `${POSITION}${best}`);
  assert.deepEqual(await p.evaluate(() => ['think-who', 'think-score', 'think-pv', 'solve-result']
    .map((id) => document.getElementById(id).textContent)), ['Engine', '–', '–', '']);

  console.log('the analysis uses the setting too: 2 threads, the native values');
  await p.goto(`${url}#game=connect4&moves=${ANALYSED}&ai=none&analysis=1`);
  await p.waitForFunction(() => document.body.dataset.analysis === 'done', null, { timeout: 30000 });
  const truth = execFileSync(NATIVE, ['analyze'], { input: `${ANALYSED}\n`, encoding: 'utf8' }).trim().split(/\s+/).slice(1);
  const shown = await p.evaluate(() => [...document.querySelectorAll('[data-analysis-col]')]
    .map((e) => `${e.dataset.kind} ${e.dataset.score}`));
  assert.deepEqual(shown, truth.map((t) => (t === 'x' ? 'illegal 0' : `exact ${t}`)), 'every column exact, as the solver says');
  assert.equal(await p.textContent('#think-threads'), '2', 'the panel shows the analysis\'s threads');

  console.log('a long solve: the live region speaks only news, the seconds are counted apart');
  await p.goto(`${url}#game=connect4&moves=&ai=none`);
  await p.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 15000 });
  // Every change of an aria-live region in the sentence is one announcement.
  await p.evaluate(() => {
    const live = [...document.querySelectorAll('#solve-result[aria-live], #solve-result [aria-live]')];
    window.liveChanges = [];
    const seen = new MutationObserver(() => { for (const e of live) window.liveChanges.push(e.textContent); });
    for (const e of live) seen.observe(e, { childList: true, characterData: true, subtree: true });
  });
  await p.click('#solve');
  await p.waitForFunction(() => document.body.dataset.solve === 'running');
  assert.equal(await p.textContent('#solve'), 'Stop solving');
  await p.waitForFunction(() => /Running for [2-9] seconds/.test(document.getElementById('solve-result').textContent),
    null, { timeout: 20000 });
  const spoken = [...new Set(await p.evaluate(() => window.liveChanges))];
  assert.ok(spoken.length >= 1 && spoken.length <= 3 && spoken[0] === 'Solving with 2 threads…',
    `announced: the start, and at most what was proven so far (at least a draw, a win): ${JSON.stringify(spoken)}`);
  assert.match(await p.textContent('#think-score'), /^(solving…|Red wins \(proven\); finding how fast…|Red at least draws \(proven\); solving…)$/);
  console.log('a move cancels it, and the panel forgets it');
  await p.keyboard.press('4');
  await p.waitForFunction(() => document.body.dataset.solve === 'stopped', null, { timeout: 5000 });
  assert.equal(await moves(p), '4');
  assert.equal(await p.textContent('#solve'), 'Solve from here');
  assert.deepEqual(await p.evaluate(() => ['think-who', 'think-depth', 'think-score', 'think-nodes']
    .map((id) => document.getElementById(id).textContent)), ['Engine', '–', '–', '–'], 'the panel is cleared');
  console.log('Stop cancels it too');
  await p.click('#solve');
  await p.waitForFunction(() => document.body.dataset.solve === 'running');
  await p.click('#solve');
  await p.waitForFunction(() => document.body.dataset.solve === 'stopped', null, { timeout: 5000 });
  console.log('a finished game: the button says why it cannot be used');
  await p.goto(`${url}#game=connect4&moves=4455667&ai=none`);
  await p.waitForFunction(() => document.getElementById('moves').textContent === '4455667');
  assert.deepEqual(await p.$eval('#solve', (b) => [b.getAttribute('aria-disabled'), b.title]),
    ['true', 'The game is over: there is no position to solve']);
  // (marked, not disabled: a keyboard reaches it and its tooltip, and pressing it does nothing)
  await p.focus('#solve');
  assert.equal(await p.evaluate(() => document.activeElement.id), 'solve', 'the unusable button takes the focus');
  // (every value the solve's hook takes, from now on: a solve that started and stopped at once shows too)
  await p.evaluate(() => {
    window.solveStates = [];
    new MutationObserver(() => window.solveStates.push(document.body.dataset.solve))
      .observe(document.body, { attributes: true, attributeFilter: ['data-solve'] });
  });
  await p.keyboard.press('Enter');
  await sleep(300);
  assert.deepEqual(await p.evaluate(() => window.solveStates), [], 'pressing it starts no solve');
  assert.deepEqual(errors, [], 'no console errors, failed requests or exceptions');
  await context.close();
});

await runBrowserTest('without the headers and without the service worker: single-threaded, still plays', async ({ browser, url }) => {
  const { context, page: p } = await page(browser, { serviceWorkers: 'block' });
  const errors = watchErrors(p);
  await open(p, url, '#game=connect4&moves=&ai=1&level=casual');
  await p.waitForFunction(() => document.body.dataset.engineBuild, null, { timeout: 15000 });
  assert.deepEqual(await build(p), { isolated: false, build: 'single', threads: '1' });
  assert.equal(await settle(p), 'human-turn');
  assert.equal((await moves(p)).length, 1, 'the computer opened');
  await p.keyboard.press('4');
  await p.waitForFunction(() => document.getElementById('moves').textContent.length === 3, null, { timeout: 20000 });
  assert.equal(await settle(p), 'human-turn', 'and answered');

  console.log('a saved count of threads this page cannot use: shown as Automatic, kept for an isolated visit');
  await p.evaluate(() => {
    const key = 'fourinarow.settings';
    const saved = JSON.parse(localStorage.getItem(key));
    saved.data.threads = '2';
    localStorage.setItem(key, JSON.stringify(saved));
  });
  await p.reload();
  await p.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 15000 });
  assert.equal(await p.inputValue('#threads-select'), 'auto');
  assert.equal(await p.evaluate(() => document.body.dataset.threads), '1');
  assert.equal(await p.isChecked('#numbers-toggle'), true);
  await p.uncheck('#numbers-toggle');   // a change of any setting saves them all
  assert.deepEqual(await p.evaluate(() => JSON.parse(localStorage.getItem('fourinarow.settings')).data)
    .then((d) => [d.numbers, d.threads]), [false, '2'], 'saved again, the count of threads with it');
  assert.deepEqual(errors, [], 'no console errors, failed requests or exceptions');
  await context.close();
}, { isolation: false });

await runBrowserTest('without the headers, with the service worker: isolated after one reload', async ({ browser, url }) => {
  const { context, page: p } = await page(browser, { serviceWorkers: 'allow' });
  const errors = watchErrors(p);
  let loads = 0;
  p.on('load', () => { loads++; });
  await open(p, url, '#game=connect4&moves=44&ai=none');
  // The first load is not isolated; once the service worker controls the page it reloads once.
  await p.waitForFunction(() => window.crossOriginIsolated && document.body.dataset.engineBuild === 'threads', null,
    { timeout: 30000, polling: 200 });
  assert.ok(await p.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'controlled by the service worker');
  assert.equal(await moves(p), '44', 'the position survives the reload (it is in the link)');
  await new Promise((r) => { setTimeout(r, 1500); });
  assert.equal(loads, 2, 'one reload, no loop');
  // A new tab of the same site is isolated from the start.
  const p2 = await context.newPage();
  await open(p2, url, '#game=connect4&moves=&ai=none');
  await p2.waitForFunction(() => document.body.dataset.engineBuild, null, { timeout: 15000 });
  assert.deepEqual(await build(p2), { isolated: true, build: 'threads', threads: await p2.evaluate(
    () => String(Math.min(navigator.hardwareConcurrency, 8))) }, 'Automatic: the cores (at most 8)');
  assert.deepEqual(errors, [], 'no console errors, failed requests or exceptions');
  await context.close();
}, { isolation: false });
