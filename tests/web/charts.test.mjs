// The charts of the page (web/lib/charts.js, Observable Plot), in headless
// Chromium on build/site: the Study view's charts draw the shipped study's
// numbers (one mark per data point, a known value in the table alternative,
// the series and the players in words), respond to the keyboard and to the
// mouse, keep 14 px axis text at 1920x1080 (two charts of at least 700 px
// across) and on a phone, follow dark mode, run under the strict CSP with no
// console error, and load the library only when a chart is drawn; the view
// has its own title (Play gets the page's back) and explains the study (no
// link to a file the site does not have); the demo's depth and score charts
// gain a point per move; axe finds no violation with a point focused and the
// tables open. Screenshots: build/screenshots/charts-*.png.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runBrowserTest, SHOTS, SITE } from './lib.mjs';
import { axeViolations, watchErrors } from './page-helpers.mjs';

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const index = JSON.parse(fs.readFileSync(path.join(SITE, 'study/index.json'), 'utf8'));
const RUN = index.runs[0].name;   // the run the view shows first
const results = JSON.parse(fs.readFileSync(path.join(SITE, 'study', RUN, 'results.json'), 'utf8'));
const timed = results.tournament.players.filter((p) => p.timeMs > 0);
fs.mkdirSync(SHOTS, { recursive: true });

async function openStudy(page, url) {
  await page.goto(`${url}#view=study`);
  await page.waitForSelector('.study-plots[data-charts="drawn"]', { timeout: 20000 });
}
const marks = (page, id) => page.$$eval(`#${id} .gs-points > *`, (m) => m.map((x) => x.getAttribute('aria-label')));

await runBrowserTest('charts', async ({ browser, url }) => {
  console.log(`the Study view's charts (run ${RUN}: ${timed.length} timed players):`);
  {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const loaded = [];
    page.on('request', (r) => { if (/\/vendor\//.test(r.url())) loaded.push(r.url()); });
    await page.goto(`${url}#game=connect4&ai=none`);
    await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 15000 });
    assert.deepEqual(loaded, [], 'the game itself does not load the chart library');
    const playTitle = await page.title();
    await page.click('#nav-study');
    await page.waitForSelector('.study-plots[data-charts="drawn"]', { timeout: 20000 });
    assert.equal(loaded.length, 2, `the Study view loads it (${loaded.map((u) => u.replace(/.*\//, '')).join(', ')})`);
    const studyTitle = await page.title();
    assert.ok(/^Study\b/.test(studyTitle) && studyTitle !== playTitle, `the view's own title: ${studyTitle}`);

    // The explanation on the page: what was played, Elo and its interval, the
    // curves; the docs named as text (the site has no link to the source).
    const about = await page.$eval('.study-about', (a) => ({ text: a.textContent, links: a.querySelectorAll('a').length }));
    for (const words of [`${results.tournament.games} Connect Four games`, 'Bradley–Terry', 'bootstrap', 'What the curves show', 'docs/study.md']) {
      assert.ok(about.text.includes(words), `the explanation says "${words}"`);
    }
    assert.equal(about.links, 0, 'no link to a file the site does not have');

    for (const id of ['study-chart-rating', 'study-chart-depth']) {
      const labels = await marks(page, id);
      assert.equal(labels.length, timed.length, `${id}: one point per timed player`);
    }
    const judged = timed.filter((p) => p.judged > 0).length;
    assert.equal((await marks(page, 'study-chart-kept')).length, judged, 'study-chart-kept: one point per judged player');
    if (results.nodes) {
      const rows = results.nodes.rows.filter((r) => r.meanNodes > 0).length;
      assert.equal((await marks(page, 'study-chart-nodes')).length, rows, `study-chart-nodes: one point per measured depth (${rows})`);
    }

    // A known value: the anchor's rival at 100 ms, its Elo in the table alternative and in its point's name.
    const p100 = timed.find((p) => p.name === 't=100');
    const elo = `${p100.elo >= 0 ? '+' : '−'}${Math.abs(Math.round(p100.elo))}`;
    const row = await page.$$eval('#study-chart-rating table tbody tr', (rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
    const series = results.series.find((s) => s.players.includes('t=100')).label;
    assert.ok(row.some((r) => r[0] === series && r[1] === '100 ms' && r[2] === elo), `the table has ${series}, 100 ms, Elo ${elo}`);
    assert.equal(row.length, timed.length, 'the table has a row per point');
    assert.ok((await marks(page, 'study-chart-rating')).some((l) => l.startsWith(`${series}, 100 ms: Elo ${elo};`)),
      'the point is named with its numbers');

    // The series in words, not the tournament's flags.
    const legends = await page.$$eval('.study-plots .gs-chart-legend', (ls) => ls.map((l) => l.textContent).join(' | '));
    assert.ok(!/noorder|notable|nosmart|nomctssolver|noreuse|full engine/.test(legends), `legends in words: ${legends.slice(0, 160)}`);
    const players = await page.$$eval('.study-table tbody th, .study-table caption, .study-results svg text',
      (ts) => ts.map((t) => t.textContent).join(' | '));
    assert.ok(!/\bt=\d|noorder|notable/.test(players), `players in words in the table and on the axes: ${players.slice(0, 160)}`);

    // 14 px text at 1920x1080, the SVG drawn at its width (not scaled).
    const text = await page.$$eval('svg.gs-chart', (svgs) => svgs.map((s) => {
      const t = s.querySelector('[aria-label="x-axis tick label"] text');
      return { font: parseFloat(getComputedStyle(t).fontSize), scale: s.getBoundingClientRect().width / s.viewBox.baseVal.width };
    }));
    assert.ok(text.every((t) => t.font >= 14 && Math.abs(t.scale - 1) < 0.02), `axis text at 14 px, unscaled: ${JSON.stringify(text)}`);
    const widths = await page.$$eval('.study-plots svg.gs-chart', (svgs) => svgs.map((s) => Math.round(s.getBoundingClientRect().width)));
    assert.ok(widths.every((w) => w >= 700), `charts two across, wide on a projector: ${widths.join(', ')} px`);

    console.log('  keyboard: Tab reaches a chart, the arrow keys go from point to point, the numbers show');
    await page.focus('#study-chart-rating .gs-points > [tabindex="0"]');
    const focused = () => page.evaluate(() => document.activeElement.getAttribute('aria-label'));
    const tip = () => page.$eval('#study-chart-rating .gs-chart-tip', (t) => (t.hidden ? '' : t.textContent));
    const firstLabel = await focused();
    assert.equal(await tip(), firstLabel, `the focused point's numbers show: ${firstLabel}`);
    await page.keyboard.press('ArrowRight');
    const second = await focused();
    assert.ok(second !== firstLabel && await tip() === second, `→ the next point: ${second}`);
    await page.keyboard.press('End');
    assert.equal(await focused(), (await marks(page, 'study-chart-rating')).at(-1), 'End: the last point');
    assert.equal(await page.$$eval('#study-chart-rating .gs-points > [tabindex="0"]', (m) => m.length), 1, 'one Tab stop per chart');
    await page.locator('#study-chart-rating').screenshot({ path: path.join(SHOTS, 'charts-study-focus.png') });
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => !document.activeElement.closest('#study-chart-rating .gs-chart')), 'Tab leaves the chart');
    assert.equal(await tip(), '', 'the numbers hide with the focus');

    console.log('  mouse: Plot\'s tip under the pointer');
    const dot = page.locator('#study-chart-depth .gs-points > *').nth(2);
    await dot.scrollIntoViewIfNeeded();
    await dot.hover();
    await page.waitForFunction(() => /depth \d/.test(document.querySelector('#study-chart-depth g[aria-label="tip"]')?.textContent || ''),
      null, { timeout: 5000 });

    console.log('  another run: the charts are drawn again from its results');
    const other = index.runs.find((r) => r.name !== RUN);
    if (other) {
      const otherResults = JSON.parse(fs.readFileSync(path.join(SITE, 'study', other.name, 'results.json'), 'utf8'));
      await page.selectOption('#study-run', other.name);
      await page.waitForSelector('.study-plots[data-charts="drawn"]', { timeout: 20000 });
      assert.equal((await marks(page, 'study-chart-rating')).length, otherResults.tournament.players.filter((p) => p.timeMs > 0).length,
        `${other.name}: one point per timed player`);
    }
    await page.click('#nav-play');
    assert.equal(await page.title(), playTitle, 'Play has the page\'s title back');
    assert.deepEqual(errors, [], 'no console error (a CSP refusal would be one), exception or failed request');
    await context.close();
  }

  console.log('dark mode and a phone: text in the page\'s colour, 14 px, no sideways scrolling');
  for (const [scheme, viewport] of [['dark', { width: 1366, height: 768 }], ['light', { width: 390, height: 844 }]]) {
    const context = await browser.newContext({ viewport, colorScheme: scheme, serviceWorkers: 'block' });
    const page = await context.newPage();
    await openStudy(page, url);
    const look = await page.$eval('#study-chart-rating', (f) => {
      const t = f.querySelector('[aria-label="y-axis tick label"] text');
      const rgb = getComputedStyle(t).fill.match(/\d+/g).map(Number);
      const bg = getComputedStyle(f.closest('.gs-figure')).backgroundColor.match(/\d+/g).map(Number);
      return { light: (rgb[0] + rgb[1] + rgb[2]) / 3, bg: (bg[0] + bg[1] + bg[2]) / 3, font: parseFloat(getComputedStyle(t).fontSize),
        wide: document.documentElement.scrollWidth > window.innerWidth };
    });
    assert.ok(scheme === 'dark' ? look.light > 180 && look.bg < 80 : look.light < 80 && look.bg > 180,
      `${scheme}: text ${look.light.toFixed(0)}, background ${look.bg.toFixed(0)} (0-255)`);
    assert.ok(look.font >= 14 && !look.wide, `${scheme} ${viewport.width}x${viewport.height}: ${look.font} px, no sideways scroll`);
    await page.locator('.study-plots').screenshot({ path: path.join(SHOTS, `charts-study-${scheme}-${viewport.width}.png`) });
    await context.close();
  }

  console.log('the demo: a point per move in both charts');
  {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${url}tree/demo.html?book=off#game=connect4&moves=&time1=100&time2=100`);
    await page.waitForSelector('.dm[data-ready="true"]', { timeout: 20000 });
    for (let n = 1; n <= 3; n++) {
      await page.click('#demo-step');
      await page.waitForFunction((k) => document.querySelectorAll('#demo-depth-chart .gs-points > *').length === k
        && document.querySelectorAll('#demo-score-chart .gs-points > *').length === k, n, { timeout: 15000 });
    }
    const depths = await page.$$eval('#demo-depth-chart tbody tr', (rs) => rs.map((r) => r.children[2].textContent));
    assert.ok(depths.length === 3 && depths.every((d) => /^\d+$/.test(d)), `the depth table: ${depths.join(', ')}`);
    const label = (await marks(page, 'demo-score-chart'))[0];
    assert.match(label, /^Move 1, Red \(column \d\): (estimate|proven score) [+−]?\d+$/, 'a score point names its move and score');
    assert.ok(await page.$eval('#demo-score-chart svg', (s) => s.querySelector('[aria-label="y-axis label"]')?.textContent || ''),
      'the score chart has a labelled axis');
    await page.locator('#demo-chart').screenshot({ path: path.join(SHOTS, 'charts-demo.png') });
    assert.deepEqual(errors, [], 'no console error, exception or failed request');
    await context.close();
  }

  console.log('axe with a point focused and the tables open (study, demo):');
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, colorScheme: scheme, bypassCSP: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    await openStudy(page, url);
    await page.$$eval('.gs-chart-data', (ds) => ds.forEach((d) => { d.open = true; }));
    await page.focus('#study-chart-depth .gs-points > [tabindex="0"]');
    await page.addScriptTag({ content: AXE });
    assert.deepEqual(await axeViolations(page), [], `study, ${scheme}`);
    await page.goto(`${url}tree/demo.html?book=off#game=tictactoe&moves=&time1=100&time2=100`);
    await page.waitForSelector('.dm[data-ready="true"]', { timeout: 20000 });
    await page.click('#demo-step');
    await page.waitForSelector('#demo-score-chart .gs-points > *', { timeout: 15000 });
    await page.$$eval('.gs-chart-data', (ds) => ds.forEach((d) => { d.open = true; }));
    await page.focus('#demo-depth-chart .gs-points > [tabindex="0"]');
    await page.addScriptTag({ content: AXE });
    assert.deepEqual(await axeViolations(page), [], `demo, ${scheme}`);
    console.log(`  ${scheme}: no violation`);
    await context.close();
  }
});
