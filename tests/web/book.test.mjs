// The opening book in the browser: the worker loads web/book.bin in
// the background and the page says so; Perfect answers from the book from
// the first move (Connect Four's only winning first move is the centre), and
// in any position of the first moves (book.bin's complete plies), even one
// Perfect would not play; a damaged or missing book is reported in the page
// (a notice no later page event takes back) and the computer still plays, by
// searching. Screenshots go to build/screenshots/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBrowserTest, serveSite, SHOTS, SITE } from './lib.mjs';
import { moves, open, settle, state, watchErrors } from './page-helpers.mjs';

fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
const bookStatus = (page) => page.evaluate(() => {
  const el = document.getElementById('book-status');
  return { status: el.dataset.status, text: el.textContent };
});
const waitForBook = (page) => page.waitForFunction(
  () => document.getElementById('book-status').dataset.status !== 'loading', null, { timeout: 20000 });

// A copy of the site with book.bin changed by `edit` (null: removed).
function siteWithBook(edit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-site-'));
  fs.cpSync(SITE, dir, { recursive: true });
  const file = path.join(dir, 'book.bin');
  if (edit) fs.writeFileSync(file, edit(fs.readFileSync(file)));
  else fs.rmSync(file);
  return dir;
}

await runBrowserTest('book', async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);

  console.log('the book loads in the background and the page says so:');
  await open(page, url, '#game=connect4&moves=&ai=1&level=perfect');
  await waitForBook(page);
  const good = await bookStatus(page);
  assert.ok(good.status === 'ok' && /Opening book: [\d,]+ positions: every position of the first \d+ moves, and the Perfect level's own games to move 14/.test(good.text), `status: "${good.text}"`);

  console.log('Perfect, playing first, answers from the book:');
  await settle(page);
  assert.ok(await moves(page) === '4', `the computer opens in the centre (${await moves(page)})`);
  const depth = await page.textContent('#think-depth');
  const score = await page.textContent('#think-score');
  assert.ok(depth === 'book' && /Red wins with best play \(opening book\)/.test(score), `panel: depth "${depth}", "${score}"`);
  await shot(page, 'book-first-move');
  // A few more moves: every answer within the book is immediate and a proven win.
  for (const col of [4, 3, 5]) {
    const before = await moves(page);
    const t0 = Date.now();
    await page.keyboard.press(String(col));
    await page.waitForFunction((n) => document.getElementById('moves').textContent.length === n, before.length + 2);
    await settle(page);
    const ms = Date.now() - t0;
    const s = await page.textContent('#think-score');
    assert.ok(/Red wins with best play/.test(s), `after ${await moves(page)}: "${s}" (${ms} ms)`);
  }

  console.log('a game that left Perfect\'s own lines is still answered from the book in its first moves:');
  // Red (the computer) opened at the edge: never Perfect's choice.
  await open(page, url, '#game=connect4&moves=7126&ai=1&level=perfect');
  await waitForBook(page);
  await settle(page);
  const off = await moves(page);
  const offDepth = await page.textContent('#think-depth');
  assert.ok(off.length === 5 && offDepth === 'book', `after 7126 the computer played ${off.slice(4)} from the book (depth "${offDepth}")`);
  assert.ok(errors.length === 0, `no console errors (${errors.join('; ')})`);

  for (const [name, edit, status] of [
    ['damaged', (buf) => { const b = Buffer.from(buf); b[b.length >> 1] ^= 0x40; return b; }, 'corrupt'],
    ['truncated', (buf) => buf.subarray(0, 1000), 'corrupt'],
    ['not a book', () => Buffer.from('<html>not found</html>'), 'corrupt'],
    ['missing', null, 'missing'],
  ]) {
    console.log(`a ${name} book is reported and the computer still plays:`);
    const other = await serveSite(siteWithBook(edit));
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await open(p, other.url, '#game=connect4&moves=44&ai=2&time=200');
      await waitForBook(p);
      const b = await bookStatus(p);
      assert.ok(b.status === status && /not available/.test(b.text), `status ${b.status}: "${b.text}"`);
      const notice = await p.evaluate(() => !document.getElementById('notice').hidden
        && document.getElementById('notice-text').textContent);
      assert.ok(notice && /opening book could not be used/.test(notice), `notice: "${notice}"`);
      await p.keyboard.press('3');
      await settle(p);
      assert.ok((await moves(p)).length === 4 && await state(p) === 'human-turn', `the computer answered (${await moves(p)})`);
      if (name === 'damaged') await shot(p, 'book-damaged');
    } finally {
      await p.close();
      other.stop();
    }
  }
});
