// Helpers that drive the page through its public hooks: <canvas id="board">,
// #status, #moves and document.body.dataset.state.
import assert from 'node:assert/strict';

export const state = (page) => page.evaluate(() => document.body.dataset.state);
export const moves = (page) => page.textContent('#moves');
export const status = (page) => page.textContent('#status');

// Fails the test (through the returned errors array) on any console error,
// uncaught exception or failed request.
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`exception: ${e.message}`));
  page.on('requestfailed', (r) => {
    const f = r.failure();
    if (!(f && /ERR_ABORTED/.test(f.errorText))) errors.push(`request failed: ${r.url()}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`); });
  return errors;
}

export async function open(page, url, hash) {
  await page.goto(`${url}${hash || ''}`);
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 15000 });
}

// Waits until the computer is not thinking (human-turn or game-over).
export async function settle(page, timeout = 20000) {
  await page.waitForFunction(() => document.body.dataset.state !== 'thinking', null, { timeout });
  return state(page);
}

// Clicks the board where `move` is: Connect Four anywhere in the column (at
// height fraction `yFrac`), Tic-Tac-Toe the cell's centre.
export async function clickMove(page, game, move, yFrac = 0.5) {
  const box = await page.locator('#board').boundingBox();
  if (game === 'connect4') {
    await page.mouse.click(box.x + ((move - 0.5) / 7) * box.width, box.y + yFrac * box.height);
  } else {
    const c = (move - 1) % 3, r = Math.floor((move - 1) / 3);
    await page.mouse.click(box.x + ((c + 0.5) / 3) * box.width, box.y + ((r + 0.5) / 3) * box.height);
  }
}

// A simple human: the first legal move from a preference list.
export function pickMove(game, played) {
  if (game === 'tictactoe') return [5, 1, 3, 7, 9, 2, 4, 6, 8].find((m) => !played.includes(String(m)));
  const count = (c) => played.split('').filter((x) => x === String(c)).length;
  return [4, 3, 5, 2, 6, 1, 7].find((c) => count(c) < 6);
}

// Plays a whole game by clicking against the computer; returns the moves.
export async function playWholeGame(page, game) {
  let answered = 0, turns = 0;
  while ((await settle(page)) === 'human-turn' && turns < 30) {
    const before = await moves(page);
    await clickMove(page, game, pickMove(game, before), 0.1 + 0.8 * Math.random());
    turns++;
    const after = await settle(page);
    const now = await moves(page);
    if (after === 'human-turn' && now.length === before.length + 2) answered++;
  }
  assert.ok(answered > 0, `${game}: the computer answered ${answered} of ${turns} clicked moves`);
  return moves(page);
}

// WCAG contrast ratio of the text of every element matching `selector`
// against its own background (the lowest of them; Infinity if none matches).
// Elements whose background is transparent are skipped: they show what is
// behind them, which a ratio of their own cannot judge.
export async function lowestContrast(page, selector) {
  const pairs = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((el) => {
    const cs = getComputedStyle(el);
    return [cs.color, cs.backgroundColor];
  }), selector);
  let lowest = Infinity;
  for (const [fg, bg] of pairs) {
    const alpha = bg.match(/[\d.]+/g)?.[3];
    if (alpha !== undefined && Number(alpha) === 0) continue;
    lowest = Math.min(lowest, contrastRatio(fg, bg));
  }
  return lowest;
}

// The WCAG contrast ratio of two computed colours ("rgb(r, g, b)").
export function contrastRatio(a, b) {
  const lum = (css) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) || []).map(Number);
    const f = (c) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

// The WCAG 2.x A and AA rules that axe-core (injected by the caller with
// page.addScriptTag) finds broken on the page, each as "rule: its first two
// targets".
export function axeViolations(page) {
  return page.evaluate(async () => {
    const r = await /** @type {any} */ (window).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`);
  });
}
