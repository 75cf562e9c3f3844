// Charts drawn from data by Observable Plot (npm @observablehq/plot, with d3;
// docs/charts.md): the Study view's plots and the demo's depth and score per
// move go through chartFigure(), which gives every chart the same reading aids:
//   - text at the page's size (the SVG is drawn at its box's width, never
//     scaled: 14 px axis text on a phone and on a projector), in currentColor,
//     so dark mode needs nothing of its own;
//   - its points named and focusable: Tab reaches a chart's first point, the
//     arrow keys (Home, End) go through the others, and the focused point's
//     numbers show beside it as they do under the mouse (Plot's tip mark);
//   - a legend in HTML, and the same numbers as a table (a <details>) for
//     screen readers and for reading off exact values.
// The library is loaded once, when a chart is first drawn (loadPlot): the
// page's strict Content-Security-Policy allows its bundles, plain scripts
// of the site (vendor/, copied by scripts/build-site.sh). Plot puts a <style>
// element in its SVG, which that policy refuses: chartFigure() removes it
// and web/lib/charts.css has the same rules.

import { h, svgEl } from './dom.js';

// The library's bundles, beside lib/ in the site (vendor/: scripts/build-site.sh copies them from node_modules).
const BUNDLES = [new URL('../vendor/d3.min.js', import.meta.url), new URL('../vendor/plot.umd.min.js', import.meta.url)];
// Series colours (Observable's "observable10"), readable on the light and the
// dark page, and a symbol per series, so that no series is told by colour alone.
const COLOURS = ['#4269d0', '#efb118', '#ff725c', '#6cc5b0', '#3ca951', '#ff8ab7', '#a463f2', '#97bbf5'];
const SYMBOLS = ['circle', 'square', 'diamond', 'triangle', 'star', 'wye', 'cross', 'triangle2'];
const FONT_PX = 14;

/** @type {Promise<any> | null} */
let loading = null;

function loadScript(url) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = url;
    s.onload = resolve;
    s.onerror = () => reject(new Error(`could not load ${url}`));
    document.head.append(s);
  });
}

// The Plot library (the global `Plot` of its bundle, after d3's) and the
// charts' stylesheet (charts.css); loaded once.
function loadPlot() {
  const g = /** @type {any} */ (globalThis);
  if (g.Plot) return Promise.resolve(g.Plot);
  const css = new URL('charts.css', import.meta.url).href;
  if (![...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => /** @type {HTMLLinkElement} */ (l).href === css)) {
    document.head.append(h('link', { rel: 'stylesheet', href: css }));
  }
  loading ??= loadScript(BUNDLES[0].href)
    .then(() => loadScript(BUNDLES[1].href))
    .then(() => g.Plot)
    .catch((e) => { loading = null; throw e; });
  return loading;
}

// The symbols of d3 by Plot's names, for the legend's swatches.
function symbolPath(name) {
  const d3 = /** @type {any} */ (globalThis).d3;
  const type = { circle: d3.symbolCircle, square: d3.symbolSquare, diamond: d3.symbolDiamond, triangle: d3.symbolTriangle,
    star: d3.symbolStar, wye: d3.symbolWye, cross: d3.symbolCross, triangle2: d3.symbolTriangle2 }[name] || d3.symbolCircle;
  return d3.symbol(type, 64)();
}

/**
 * @typedef {object} ChartSpec
 * @property {string} title          the figure's caption and the chart's name
 * @property {string} [id]           the figure's id
 * @property {string} [description]  what a screen reader hears after the name (axes, how to read it)
 * @property {any[]} points          the data points: one focusable mark each
 * @property {(d: any) => any} x     a point's x and y
 * @property {(d: any) => any} y
 * @property {(d: any) => string} [series]  its series' name (colour and symbol); one series if absent
 * @property {string[]} [seriesOrder]       the series in legend order
 * @property {string[]} [colours]           their colours (default: a palette for light and dark pages)
 * @property {(d: any) => string} describe  its numbers in words (tip, name, the keyboard's readout)
 * @property {(Plot: any, scale: {colour: (s: string) => string}) => any[]} [marks]  marks drawn under the points
 * @property {object | ((width: number) => object)} [plot]  more Plot.plot options (x, y scales and their labels,
 *                                   margins), or a function of the chart's width that returns them
 * @property {(width: number) => number} [height]
 * @property {{label: string, dash: string}[]} [extraLegend]  legend lines for marks without points (dash: an SVG
 *                                   stroke-dasharray, '' for a solid line)
 * @property {{caption: string, head: string[], row: (d: any) => string[]}} table
 * @property {string[]} [hollowSeries]     series drawn as hollow symbols (an outline in the series' colour)
 * @property {(d: any) => void} [onSelect]  a click on a point, or Enter or Space on the focused one
 * @property {number} [focusPoint]          the point Tab reaches first (default the first)
 */

// A <figure> with the chart of `spec` (see ChartSpec), drawn once the figure
// is in the page and has a width, and again when its width changes. Returns
// {figure, ready}: `ready` resolves once the chart is drawn (or rejects if
// the library could not be loaded: the figure then says so and opens its table).
export function chartFigure(spec) {
  const series = spec.series || (() => '');
  const names = spec.seriesOrder || [...new Set(spec.points.map(series))];
  const palette = spec.colours || COLOURS;
  const colour = (s) => palette[Math.max(0, names.indexOf(s)) % palette.length];
  const symbol = (s) => SYMBOLS[Math.max(0, names.indexOf(s)) % SYMBOLS.length];
  const box = h('div', { class: 'gs-chart-box' });
  const tip = h('div', { class: 'gs-chart-tip', 'aria-hidden': 'true', hidden: true });
  const legend = h('ul', { class: 'gs-chart-legend', 'aria-label': 'Legend' });
  const table = dataTable(spec);
  const figure = h('figure', { class: 'gs-figure', id: spec.id }, h('figcaption', { text: spec.title }), box, legend, table);
  const hollow = (d) => (spec.hollowSeries || []).includes(series(d));
  let focusIndex = spec.focusPoint || 0;   // the point that Tab reaches (the last one focused)
  let drawnWidth = 0;

  function draw(Plot) {
    const width = Math.floor(box.clientWidth);
    if (width < 50 || Math.abs(width - drawnWidth) < 4) return;
    drawnWidth = width;
    const hadFocus = box.contains(document.activeElement);
    const svg = Plot.plot({
      width,
      height: spec.height ? spec.height(width) : Math.round(Math.max(280, Math.min(460, width * 0.62))),
      className: 'gs-chart',
      style: { fontSize: `${FONT_PX}px` },
      ariaLabel: spec.title,
      ariaDescription: spec.description,
      ...(typeof spec.plot === 'function' ? spec.plot(width) : spec.plot),
      color: { domain: names, range: names.map(colour) },
      symbol: { domain: names, range: names.map(symbol) },
      marks: [
        ...(spec.marks ? spec.marks(Plot, { colour }) : []),
        Plot.dot(spec.points, { x: spec.x, y: spec.y, symbol: series, r: 5, className: 'gs-points',
          ...(spec.hollowSeries ? { fill: (d) => (hollow(d) ? 'none' : colour(series(d))), stroke: (d) => colour(series(d)), strokeWidth: 2 }
            : { fill: series }) }),
        // (hidden from screen readers: Plot draws it anew under the pointer, and its name on a <g> is not allowed;
        // the points carry the same words)
        Plot.tip(spec.points, Plot.pointer({ x: spec.x, y: spec.y, title: spec.describe, fontSize: FONT_PX, ariaHidden: true })),
      ],
    });
    // The policy refuses Plot's <style>: charts.css has its rules.
    for (const s of svg.querySelectorAll('style')) s.remove();
    svg.setAttribute('role', 'group');
    // Plot names each mark's <g> (aria-label "line", "x-axis tick"...), which
    // ARIA does not allow on a <g> without a role. The points keep their
    // names, in a group; the other marks (axes, lines, bars) are hidden from
    // screen readers, which read the same numbers from the points and the table.
    for (const g of svg.querySelectorAll(':scope > g[aria-label]')) {
      if (g.classList.contains('gs-points')) {
        g.setAttribute('role', 'group');
        g.setAttribute('aria-label', 'Data points');
      } else g.setAttribute('aria-hidden', 'true');
    }
    box.replaceChildren(svg, tip);
    const marks = pointMarks(svg);
    marks.forEach((m, k) => {
      const d = spec.points[pointIndex(m, k)];
      m.setAttribute('tabindex', k === Math.min(focusIndex, marks.length - 1) ? '0' : '-1');
      m.setAttribute('role', 'img');
      m.setAttribute('aria-label', spec.describe(d));
      m.addEventListener('focus', () => showTip(m, spec.describe(d), k));
      m.addEventListener('blur', () => { tip.hidden = true; });
      if (spec.onSelect) m.addEventListener('click', () => spec.onSelect?.(d));
    });
    svg.addEventListener('keydown', (e) => moveFocus(e, marks));
    if (hadFocus && marks.length) marks[Math.min(focusIndex, marks.length - 1)].focus();
  }

  // The focused point's numbers, beside it (above, or below near the top).
  function showTip(mark, text, k) {
    focusIndex = k;
    for (const m of pointMarks(box)) m.setAttribute('tabindex', m === mark ? '0' : '-1');
    tip.textContent = text;
    tip.hidden = false;
    const b = box.getBoundingClientRect();
    const r = mark.getBoundingClientRect();
    const x = r.left + r.width / 2 - b.left;
    const y = r.top - b.top;
    tip.style.left = `${Math.max(0, Math.min(b.width - tip.offsetWidth, x - tip.offsetWidth / 2))}px`;
    tip.style.top = `${y - tip.offsetHeight - 8 >= 0 ? y - tip.offsetHeight - 8 : y + r.height + 8}px`;
  }

  // Arrow keys (and Home, End) go from point to point in the data's order.
  function moveFocus(e, marks) {
    const k = marks.indexOf(/** @type {Element} */ (e.target));
    if (k < 0) return;
    if (spec.onSelect && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      spec.onSelect(spec.points[pointIndex(marks[k], k)]);
      return;
    }
    const next = { ArrowRight: k + 1, ArrowDown: k + 1, ArrowLeft: k - 1, ArrowUp: k - 1, Home: 0, End: marks.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    marks[Math.max(0, Math.min(marks.length - 1, next))].focus();
  }

  const ready = loadPlot().then((Plot) => {
    legend.replaceChildren(...names.filter((n) => n).map((n) => h('li', {},
      swatch(colour(n), symbol(n), '', (spec.hollowSeries || []).includes(n)), n)),
      ...(spec.extraLegend || []).map((x) => h('li', {}, swatch('currentColor', null, x.dash), x.label)));
    return new Promise((resolve) => {
      new ResizeObserver(() => { draw(Plot); if (drawnWidth) resolve(undefined); }).observe(box);
    });
  }, (e) => {
    box.replaceChildren(h('p', { class: 'muted', text: 'The chart could not be drawn (its library did not load); the table below has its numbers.' }));
    table.open = true;
    throw e;
  });
  return { figure, ready };
}

// The dot marks of the points, in the data's order.
function pointMarks(root) {
  return [...root.querySelectorAll('.gs-points > *')];
}

// Plot binds each mark to its index in the data (d3's __data__).
function pointIndex(mark, fallback) {
  const i = /** @type {any} */ (mark).__data__;
  return Number.isInteger(i) ? i : fallback;
}

// A legend swatch: the series' line and symbol (an outline when `hollow`),
// or a line alone (dashed with `dash`, an SVG stroke-dasharray).
function swatch(colour, symbolName, dash, hollow = false) {
  const svg = svgEl('svg', { viewBox: '-14 -8 28 16', width: 28, height: 16, 'aria-hidden': 'true' });
  svg.append(svgEl('line', { x1: -13, x2: 13, y1: 0, y2: 0, stroke: colour, 'stroke-width': 2, ...(dash ? { 'stroke-dasharray': dash } : {}) }));
  if (symbolName) {
    const p = svgEl('path', { d: symbolPath(symbolName), fill: colour, ...(hollow ? { stroke: colour, 'stroke-width': 2 } : {}) });
    if (hollow) p.style.fill = 'var(--surface, #fff)';   // (the page's background: a hollow symbol)
    svg.append(p);
  }
  return svg;
}

// The chart's numbers as a table, folded under the chart.
function dataTable(spec) {
  const t = spec.table;
  const table = h('table', { class: 'gs-chart-table' },
    h('caption', { text: t.caption }),
    h('thead', {}, h('tr', {}, ...t.head.map((x) => h('th', { scope: 'col', text: x })))),
    h('tbody', {}, ...spec.points.map((d) => {
      const [first, ...rest] = t.row(d);
      return h('tr', {}, h('th', { scope: 'row', text: first }), ...rest.map((x) => h('td', { text: x })));
    })));
  return h('details', { class: 'gs-chart-data' }, h('summary', { text: 'The numbers as a table' }),
    h('div', { class: 'gs-chart-scroll', tabindex: '0', role: 'region', 'aria-label': `${spec.title}: table` }, table));
}
