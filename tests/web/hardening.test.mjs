// Hardening tests of the page in headless Chromium, against
// build/site served on a loopback port:
//  (a) cancel and race: CANCELS (default 40: each action 8 times) times a long computer think is
//      cancelled at a random moment (new game, undo, game switch, a new time,
//      a new level); no stale move may land, the state stays consistent, and a
//      restarted think still ends within its budget plus a margin;
//  (b) strict Content-Security-Policy: the policy is the shipped one, eval and
//      inline scripts are refused, and no request goes to another origin while
//      the game, the explorer and the study run;
//  (c) a corpus of malformed links (each: a clear message, a clean game that
//      plays) and of malformed worker messages (each: an error reply, and the
//      worker still answers);
//  (d) soak: SOAK_GAMES (default 50) computer-vs-computer games through the
//      page's engine client at short budgets (one worker all along); the wasm
//      heap and malloc's bytes in use (worker `memory` request) and the page's
//      JS heap (after a forced GC) at start and end. The page's JS heap is also
//      measured around (a), where every cancel replaces the engine worker.
//
//   node tests/web/hardening.test.mjs
//   SOAK_GAMES=1000 CANCELS=200 node tests/web/hardening.test.mjs   (the full soak)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBrowserTest, SITE } from './lib.mjs';
import { clickMove, moves, open, pickMove, settle, state, watchErrors } from './page-helpers.mjs';

const CANCELS = Number(process.env.CANCELS || 40);
const SOAK_GAMES = Number(process.env.SOAK_GAMES || 50);
const LONG_STEP = 10;            // index of 5000 ms on the time slider
const SHORT = { index: 1, ms: 100 };
// A restarted think must still end: budget + this. The margin covers a shared,
// loaded 2-core machine (Playwright's own round trips are inside the timing,
// and a spare worker used up by the previous cancel may still be loading);
// the worst overshoot is printed, and tests/web/measure.mjs measures move
// times against the budget properly.
const MARGIN_MS = Number(process.env.RESTART_MARGIN_MS || 2000);

// Deterministic pseudo-random numbers (xorshift32), so a failure can be replayed.
let seed = Number(process.env.SEED || 0x2545f491) >>> 0;
const rand = (n) => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
};
// State, moves and hash read at one instant (separate reads can straddle a move).
const snapshot = (page) => page.evaluate(() => ({ st: document.body.dataset.state,
  mv: document.getElementById('moves').textContent, h: location.hash }));
const mib = (b) => `${(b / 1048576).toFixed(2)} MiB`;

await runBrowserTest('hardening', async ({ browser, url: siteUrl }) => {
  // ?book=off: the opening book would answer the first moves at once, and
  // these tests need long thinks from the empty board (tests/web/book.test.mjs
  // covers the book).
  const url = `${siteUrl}?book=off`;
  const origin = new URL(url).origin;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const cdp = await context.newCDPSession(page);
  const jsHeap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });

  // --- (a) cancel and race ----------------------------------------------------
  const started = Date.now();
  const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s in`;
  console.log(`(a) cancel and race, ${CANCELS} cancels:`);
  await open(page, url, '#game=connect4&moves=&time=5000&ai=2&level=custom');
  let jsBeforeCancels = await jsHeap();   // taken again after a warm-up of 20 cancels
  const heapMarks = [];
  await page.evaluate(() => {
    window.moveLog = [];
    new MutationObserver(() => window.moveLog.push({ t: performance.now(), moves: document.getElementById('moves').textContent,
      state: document.body.dataset.state })).observe(document.getElementById('moves'), { childList: true, characterData: true, subtree: true });
  });
  const actions = ['new', 'undo', 'game', 'time', 'level'];
  const counts = Object.fromEntries(actions.map((a) => [a, 0]));
  let stale = 0, inconsistent = 0, late = 0, worstRestart = 0;
  const problems = [];
  for (let i = 0; i < CANCELS; i++) {
    if (i % 20 === 0 && i > 0) {
      const used = await jsHeap();
      heapMarks.push(`${i}: ${mib(used)}`);
      if (i === 20) jsBeforeCancels = used;
    }
    await page.evaluate(() => { window.moveLog.length = 0; });   // per iteration (keeps the heap figures honest)
    let before = await moves(page);
    // Long thinks are Connect Four's (Tic-Tac-Toe is proven at once); the
    // 'game' action switches to Tic-Tac-Toe, so switch back here.
    if (await page.inputValue('#game-select') !== 'connect4') {
      await page.selectOption('#game-select', 'connect4');
      before = '';
    }
    const game = 'connect4';
    if (await state(page) !== 'human-turn' || before.length > 24) {
      await page.click('#new-game');
      before = '';
    }
    if (await page.inputValue('#level-select') !== 'custom' || await page.inputValue('#time-range') !== String(LONG_STEP)) {
      await page.fill('#time-range', String(LONG_STEP));   // the Custom level, 5 s: a long think
    }
    const move = pickMove(game, before);
    await clickMove(page, game, move);
    const thinking = `${before}${move}`;
    const started = await snapshot(page);
    if (started.st !== 'thinking' || started.mv !== thinking) {
      inconsistent++;
      problems.push(`#${i}: no think after ${thinking}: ${started.st} ${started.mv}`);
      continue;
    }
    await page.waitForTimeout(rand(450));
    const action = actions[i % actions.length];
    counts[action]++;
    const t0 = Date.now();
    let expected;
    if (action === 'new') {
      await page.click('#new-game');
      expected = '';
    } else if (action === 'undo') {
      await page.click('#undo');
      expected = before;
    } else if (action === 'game') {
      await page.selectOption('#game-select', 'tictactoe');
      expected = '';
    } else {
      // A new time or level while thinking: the think starts again with it.
      if (action === 'time') await page.fill('#time-range', String(SHORT.index));
      else await page.selectOption('#level-select', 'beginner');
      const { st, mv } = await snapshot(page);
      // Still thinking, or (Tic-Tac-Toe is proven in a moment) already answered.
      if (!(st === 'thinking' && mv === thinking) && !(st !== 'thinking' && mv.length === thinking.length + 1)) {
        inconsistent++;
        problems.push(`#${i} ${action}: ${st} ${mv}`);
      }
      await page.waitForFunction(() => document.body.dataset.state !== 'thinking', null, { timeout: 10000 });
      const took = Date.now() - t0;
      const budget = action === 'time' ? SHORT.ms : 350;   // beginner: depth 2, shown for 350 ms
      worstRestart = Math.max(worstRestart, took - budget);
      if (took > budget + MARGIN_MS) { late++; problems.push(`#${i} ${action}: the move took ${took} ms`); }
      const now = await moves(page);
      if (now.length !== thinking.length + 1 || !now.startsWith(thinking)) {
        inconsistent++;
        problems.push(`#${i} ${action}: ${thinking} -> ${now}`);
      }
      continue;
    }
    const logFrom = await page.evaluate(() => window.moveLog.length);
    const { st, mv: now, h } = await snapshot(page);
    if (st !== 'human-turn' || now !== expected || !h.includes(`moves=${expected}&`)) {
      inconsistent++;
      problems.push(`#${i} ${action}: expected ${expected}, got ${now} (${st}, ${h})`);
    }
    await page.waitForTimeout(50 + rand(250));
    const later = await page.evaluate((k) => window.moveLog.slice(k), logFrom);
    if (later.length || await moves(page) !== expected || await state(page) !== 'human-turn') {
      stale++;
      problems.push(`#${i} ${action}: a move landed after the cancel: ${JSON.stringify(later)}`);
    }
  }
  // The longest abandoned think was 5 s: nothing may land after it either.
  await page.fill('#time-range', String(LONG_STEP));
  const rest = await page.evaluate(() => window.moveLog.length);
  const restMoves = await moves(page);
  await page.waitForTimeout(5300);
  const after = await page.evaluate((k) => window.moveLog.slice(k), rest);
  if (after.length || await moves(page) !== restMoves) { stale++; problems.push(`late stale move: ${JSON.stringify(after)}`); }
  console.log(`  actions: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  assert.ok(stale === 0, `${CANCELS} cancels, ${stale} stale moves landed (also none in the 5.3 s after the last)`);
  assert.ok(inconsistent === 0, `state consistent after every cancel (${inconsistent} not) ${problems.slice(0, 4).join(' | ')}`);
  assert.ok(late === 0, `restarted thinks (new time / level) end within budget + ${MARGIN_MS} ms; worst overshoot ${worstRestart} ms`);
  const lastGame = await page.inputValue('#game-select');
  await clickMove(page, lastGame, pickMove(lastGame, restMoves));
  await settle(page, 8000);
  assert.ok((await moves(page)).length === restMoves.length + 2, 'the game goes on normally afterwards');
  const jsAfterCancels = await jsHeap();
  assert.ok(jsAfterCancels - jsBeforeCancels < 1048576,
    `page JS heap across the cancels (each replaces the engine worker), after 20: ${mib(jsBeforeCancels)} -> ${mib(jsAfterCancels)}`
    + ` (${heapMarks.join(', ')})`);

  // --- (c) malformed links ------------------------------------------------------
  console.log(`(c) malformed links (${since()}):`);
  const corpus = [
    '#game=chess&moves=44', '#game=Connect4', '#game=', '#game=connect4&moves=8', '#game=connect4&moves=0',
    '#game=connect4&moves=1111111', '#game=tictactoe&moves=55', `#moves=${'4'.repeat(100)}`,
    `#moves=${'1234567'.repeat(2000)}`, '#game=connect4&moves=12121213', '#game=tictactoe&moves=1425367',
    '#time=99999999999999999999', '#time=1e308', '#time=Infinity', '#time=NaN', '#time=0x10', '#time=-0',
    '#ai=3', '#ai=', '#level=godlike', '#level=STRONG', `#level=${'x'.repeat(5000)}`, '#view=bogus',
    '#game=<script>alert(1)</script>', '#game=javascript:alert(1)', '#moves=<img src=x onerror=alert(1)>',
    '#level=%3Cscript%3Ealert(1)%3C%2Fscript%3E', '#ai=javascript%3Aalert(document.cookie)',
    '#moves=%E0%A4%A', '#game=%ZZ&moves=4', '#moves=%00%00', '#game=connect4%00', '#moves=%EF%BC%94%EF%BC%94',
    '#moves=٤٤', '#game=__proto__&moves=1', '#game=constructor', '#ai=toString&level=hasOwnProperty',
  ];
  let unclear = 0, dirty = 0, dead = 0;
  const bad = [];
  for (const h of corpus) {
    await page.goto('about:blank');
    await open(page, url, h);
    const notice = await page.isVisible('#notice') ? (await page.textContent('#notice-text')).trim() : '';
    const st = await state(page);
    const clean = (await moves(page)) === '' && ['human-turn', 'thinking'].includes(st)
      && await page.evaluate(() => [...document.querySelectorAll('script')].every((e) => e.src
        && new URL(e.src).origin === location.origin && /\/(app\/main|engine\/link)\.js$/.test(e.src))
        && !document.querySelector('img[onerror]'));
    if (!/could not be used: .+/.test(notice)) { unclear++; bad.push(`${h.slice(0, 40)}: no message`); }
    if (!clean) { dirty++; bad.push(`${h.slice(0, 40)}: not clean (${st}, ${await moves(page)})`); }
    // A clean, working game: switch to 50 ms, play a move, see the answer.
    await page.selectOption('#players-select', '2');
    await page.fill('#time-range', '0');
    await settle(page, 8000);
    const g = await page.inputValue('#game-select');
    const m0 = await moves(page);
    await clickMove(page, g, pickMove(g, m0));
    await settle(page, 8000);
    if ((await moves(page)).length !== m0.length + 2) { dead++; bad.push(`${h.slice(0, 40)}: no game afterwards`); }
    console.log(`  ${JSON.stringify(h.slice(0, 44))}: ${notice.replace(/^This link could not be used: /, '').slice(0, 96)}`);
  }
  assert.ok(unclear === 0, `${corpus.length} malformed links each give a clear message (${unclear} do not)`);
  assert.ok(dirty === 0 && dead === 0, `each starts a clean game that plays (${dirty} not clean, ${dead} not playing) ${bad.slice(0, 3).join(' | ')}`);
  assert.ok(dialogs.length === 0, `no script from a link ever runs (dialogs: ${dialogs.length})`);

  console.log(`(c) malformed worker messages (${since()}):`);
  const huge = '4'.repeat(100000);
  const wr = await page.evaluate(async (big) => {
    const base = { type: 'search', game: 'connect4', moves: '', timeMs: 50 };
    const reqs = [null, undefined, 42, 'search', [], {}, { type: 5 }, { type: big }, { type: '__proto__' },
      { type: 'constructor' }, { type: 'toString', id: { nested: [1, 2] } },
      { type: 'search', id: 1 }, { ...base, id: 2, moves: big }, { ...base, id: 3, timeMs: 1e308 },
      { ...base, id: 4, timeMs: NaN }, { ...base, id: 5, timeMs: '100' }, { ...base, id: 6, maxDepth: -1 },
      { ...base, id: 7, maxDepth: 1e9 }, { ...base, id: 8, temperature: -1 }, { ...base, id: 9, temperature: 1.5 },
      { ...base, id: 10, temperature: 1e6 }, { ...base, id: 11, level: 'godlike' }, { ...base, id: 12, level: {} },
      { ...base, id: 13, level: '__proto__' }, { ...base, id: 14, moves: '1212121' }, { ...base, id: 15, game: '__proto__' },
      { ...base, id: 16, moves: '4\u0000' }, { ...base, id: 17, moves: '٤' }, { type: 'analyze', id: 18, game: 'connect4', moves: '', timeMs: 0 },
      { type: 'analyze', id: 19, game: 'tictactoe', moves: 'x', timeMs: 50 }, { type: 'newgame', id: 20, game: 'chess' },
      { type: 'newgame', id: 21, game: { toString: null } }];
    const w = new Worker('worker.js');
    const got = [];
    await new Promise((resolve) => {
      w.onmessage = (e) => { got.push(e.data); if (e.data.type === 'bestmove') resolve(); };
      for (const r of reqs) w.postMessage(r);
      w.postMessage({ type: 'search', id: 'alive', game: 'connect4', moves: '4453', timeMs: 100 });
    });
    w.terminate();
    return { sent: reqs.length, got };
  }, huge);
  const errs = wr.got.filter((r) => r.type === 'error');
  const last = wr.got.at(-1);
  assert.ok(errs.length === wr.sent, `${wr.sent} malformed requests, ${errs.length} error replies`);
  assert.ok(errs.every((e) => typeof e.message === 'string' && e.message.length > 0 && e.message.length < 300),
    `each error says what is wrong, briefly: ${[...new Set(errs.map((e) => e.message.slice(0, 40)))].slice(0, 6).join(' | ')}`);
  assert.ok(last.type === 'bestmove' && last.id === 'alive' && last.move >= 1 && last.move <= 7, 'the worker still answers afterwards');

  // --- (d) soak -----------------------------------------------------------------
  console.log(`(d) soak, ${SOAK_GAMES} computer-vs-computer games (${since()}):`);
  await open(page, url, '#game=connect4&moves=&time=1000&ai=none&level=custom');
  await page.evaluate(async () => {
    const { EngineClient } = await import('./engine/engine-client.js');
    const { Game } = await import('./lib/rules.js');
    const engine = new EngineClient('worker.js');
    await engine.ready();
    const soak = { games: 0, plies: 0, results: { 1: 0, 2: 0, 3: 0 }, errors: [], maxMoveMs: 0 };
    // One game: Connect Four (every 5th Tic-Tac-Toe) at 5-20 ms a move, random ties.
    soak.play = async () => {
      const kind = soak.games % 5 === 4 ? 'tictactoe' : 'connect4';
      const g = new Game(kind);
      await engine.request({ type: 'newgame', game: kind });
      while (!g.over) {
        const timeMs = 5 + Math.floor(Math.random() * 16);
        const t0 = performance.now();
        const r = await engine.request({ type: 'search', game: kind, moves: g.moveString(), timeMs, randomTies: true,
          seed: Math.floor(Math.random() * 2 ** 32) });
        soak.maxMoveMs = Math.max(soak.maxMoveMs, performance.now() - t0 - timeMs);
        if (!r || !g.play(r.move)) { soak.errors.push(`bad reply ${JSON.stringify(r)} at ${g.moveString()}`); break; }
        soak.plies++;
      }
      soak.results[g.outcome]++;
      soak.games++;
    };
    soak.memory = () => engine.request({ type: 'memory' });
    window.soak = soak;
    await soak.play();   // warm-up: the table and the code are in use
  });
  const mem0 = await page.evaluate(() => window.soak.memory());
  const js0 = await jsHeap();
  const t0 = Date.now();
  const marks = [];
  const BATCH = 25;
  for (let done = 0; done < SOAK_GAMES;) {
    const n = Math.min(BATCH, SOAK_GAMES - done);
    await page.evaluate(async (k) => { for (let j = 0; j < k; j++) await window.soak.play(); }, n);
    done += n;
    if (done % 100 === 0 || done === SOAK_GAMES) {
      const m = await page.evaluate(() => window.soak.memory());
      marks.push(`${done}: wasm ${mib(m.usedBytes)}, JS ${mib(await jsHeap())}`);
    }
  }
  const soak = await page.evaluate(() => ({ ...window.soak }));
  const mem1 = await page.evaluate(() => window.soak.memory());
  const js1 = await jsHeap();
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`  ${soak.games - 1} games (+1 warm-up) in ${secs} s, ${soak.plies} moves, results ${JSON.stringify(soak.results)}, `
    + `worst move ${soak.maxMoveMs.toFixed(1)} ms over its budget`);
  console.log(`  wasm heap ${mib(mem0.heapBytes)} -> ${mib(mem1.heapBytes)}; malloc in use ${mem0.usedBytes} -> ${mem1.usedBytes} bytes`
    + ` (arena ${mem0.arenaBytes} -> ${mem1.arenaBytes}); page JS heap ${mib(js0)} -> ${mib(js1)}`);
  if (marks.length > 1) console.log(`  checkpoints: ${marks.join('; ')}`);
  assert.ok(soak.errors.length === 0, `no errors in the soak ${soak.errors.slice(0, 3).join(' | ')}`);
  assert.ok(mem1.heapBytes === mem0.heapBytes && Math.abs(mem1.usedBytes - mem0.usedBytes) <= 65536,
    `wasm memory flat: heap ${mib(mem1.heapBytes)}, malloc in use ${mem0.usedBytes} -> ${mem1.usedBytes} bytes`);
  assert.ok(js1 - js0 < 2 * 1048576, `page JS heap flat: ${mib(js0)} -> ${mib(js1)}`);

  // --- (b) strict CSP -----------------------------------------------------------
  console.log(`(b) strict Content-Security-Policy (${since()}):`);
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.ok(csp === "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'", `the page's policy: ${csp}`);
  const htmls = ['index.html', ...fs.readdirSync(path.join(SITE, 'tree')).filter((f) => f.endsWith('.html')).map((f) => `tree/${f}`)];
  const inline = htmls.filter((f) => {
    const text = fs.readFileSync(path.join(SITE, f), 'utf8');
    return /<script(?![^>]*\bsrc=)[^>]*>/i.test(text) || /\son[a-z]+\s*=/i.test(text) || !text.includes("script-src 'self' 'wasm-unsafe-eval'");
  });
  assert.ok(inline.length === 0, `${htmls.length} pages ship the policy, no inline script or handler ${inline.join(', ')}`);
  // The explorer and the study under the same policy (the game ran above).
  await open(page, url, '#view=tree&game=tictactoe&moves=');
  await page.waitForFunction(() => /minimax 549,946/.test((document.querySelector('#tree-stats') || {}).textContent || ''), null, { timeout: 30000 });
  await page.goto(`${url}#view=study`);
  await page.waitForSelector('.study-table');
  await page.selectOption('#study-time-a', '1');
  await page.selectOption('#study-time-b', '1');
  await page.selectOption('#study-games', '2');
  await page.click('#study-start');
  await page.waitForFunction(() => /Done/.test(document.getElementById('study-status').textContent), null, { timeout: 30000 });
  assert.ok(true, 'the explorer and a live study match run under it');
  const violations = await page.evaluate(() => window.cspViolations);
  assert.ok(violations.length === 0, `no policy violations while playing (${violations.join(', ')})`);
  const foreign = requests.filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith('data:') && !u.startsWith('blob:'));
  assert.ok(requests.length > 0 && foreign.length === 0,
    `${requests.length} requests, all to ${origin} (${foreign.length} elsewhere ${foreign.slice(0, 3).join(' ')})`);
  // The policy is enforced: eval and an injected inline script are refused.
  // The probe script comes from the page's own origin (allowed), so its eval
  // and new Function are judged by the policy, as the site's own code would be.
  const probe = await context.newPage();
  await probe.route('**/csp-probe.js', (r) => r.fulfill({ contentType: 'text/javascript', body:
    "try { window.probeEval = eval('1 + 1'); } catch (e) { window.probeEval = e.name; }\n"
    + "try { window.probeFn = new Function('return 2')(); } catch (e) { window.probeFn = e.name; }\n" }));
  await open(probe, url, '#game=tictactoe&moves=&time=100&ai=2');
  const refused = await probe.evaluate(async () => {
    const p = document.createElement('script');
    p.src = 'csp-probe.js';
    await new Promise((resolve) => { p.onload = resolve; p.onerror = resolve; document.head.append(p); });
    const s = document.createElement('script');
    s.textContent = 'window.inlineRan = true;';
    document.head.append(s);
    return { evalResult: window.probeEval, fnResult: window.probeFn, inlineRan: window.inlineRan === true };
  });
  await probe.waitForTimeout(100);
  const probeViolations = await probe.evaluate(() => window.cspViolations);
  assert.ok(refused.evalResult === 'EvalError' && refused.fnResult === 'EvalError' && !refused.inlineRan && probeViolations.length >= 3,
    `eval, new Function and an inline script are refused (${JSON.stringify(refused)}, ${probeViolations.length} violations reported)`);
  await probe.close();
  console.log(`  done (${since()})`);

  assert.ok(errors.length === 0, `no console errors, exceptions or failed requests ${errors.slice(0, 5).join(' | ')}`);
});
