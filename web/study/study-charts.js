// The Study view's charts, drawn on the page from a run's results.json
// (docs/study/<run>/, written by tools/study_data.py; tools/study_charts.py
// draws the same four for docs/study.md with matplotlib): rating, depth and
// kept share against thinking time, and nodes against depth.
//
// studyCharts(results) -> [{figure, ready}] (lib/charts.js's chartFigure).

import { chartFigure } from '../lib/charts.js';
import { group } from '../lib/dom.js';

const fmtTime = (ms) => (ms < 1000 ? `${ms} ms` : `${ms / 1000} s`);
const fmtInt = (n) => group(Math.round(n));
const signed = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(x))}`;
const TIME_TICKS = [1, 3, 10, 30, 100, 300, 1000];
// The time axis over the times of `points` (its ticks those within them).
function timeAxis(points) {
  const times = points.map((d) => d.timeMs);
  const ticks = TIME_TICKS.filter((t) => t >= Math.min(...times) && t <= Math.max(...times));
  return { type: 'log', label: 'Thinking time per move (ms, log scale) →', ticks, tickFormat: (t) => String(t), labelOffset: 42 };
}
// Room for 14 px tick labels, the x axis' label under them and the y axis' above the top tick.
const MARGINS = { marginTop: 30, marginLeft: 56, marginRight: 16, marginBottom: 50 };

/**
 * A player of the tournament in words: its series' name and its time ("alpha-beta,
 * no move ordering, 100 ms" for t=100,noorder); its flags without the series of
 * study_data.py (an older results.json).
 * @param {any} results  a run's results.json
 * @param {string} name  the player's name in the tournament (its flags)
 * @returns {string}
 */
export function playerWords(results, name) {
  const s = Array.isArray(results.series) ? results.series.find((x) => x.players.includes(name)) : null;
  const p = results.tournament.players.find((x) => x.name === name);
  return s && p && p.timeMs > 0 ? `${s.label}, ${fmtTime(p.timeMs)}` : name;
}

// The anchor of the ratings in a few words, for an axis ("alpha-beta at 1 ms").
function anchorShort(results) {
  const name = results.tournament.anchor;
  const s = Array.isArray(results.series) ? results.series.find((x) => x.players.includes(name)) : null;
  const p = results.tournament.players.find((x) => x.name === name);
  return s && p && p.timeMs > 0 ? `${s.search === 'mcts' ? 'MCTS' : 'alpha-beta'} at ${fmtTime(p.timeMs)}` : name;
}

// The players of the timed series, one point each: {series, search, player, timeMs}
// with the player's fields. Without the series of study_data.py (an older
// results.json) every player is a series of its own, named as in the table.
function timedPoints(results) {
  const players = results.tournament.players.filter((p) => p.timeMs > 0);
  const byName = new Map(players.map((p) => [p.name, p]));
  const series = Array.isArray(results.series) ? results.series
    : players.map((p) => ({ label: p.name, search: /^mcts\b/.test(p.name) ? 'mcts' : 'alphabeta', players: [p.name] }));
  return series.flatMap((s) => s.players.filter((n) => byName.has(n))
    .map((n) => ({ ...byName.get(n), series: s.label, search: s.search }))
    .sort((a, b) => a.timeMs - b.timeMs));
}

// A chart of one of the players' figures against thinking time: `value` its
// y, `interval` its 95% interval (drawn as a bar) or null, `text` its numbers
// in words, `head` and `cells` its columns of the table.
function timeChart(results, { id, title, yLabel, value, interval, text, head, cells, note = '' }) {
  const points = timedPoints(results).filter((d) => Number.isFinite(value(d)));
  const seriesOrder = [...new Set(points.map((d) => d.series))];
  const withInterval = points.filter((d) => interval && interval(d));
  return chartFigure({
    id,
    title,
    description: `${yLabel} against thinking time per move, one line per kind of player. ${note}`,
    points,
    x: (d) => d.timeMs,
    y: value,
    series: (d) => d.series,
    seriesOrder,
    describe: (d) => `${d.series}, ${fmtTime(d.timeMs)}: ${text(d)}`,
    plot: { x: timeAxis(points), y: { label: `↑ ${yLabel}`, grid: true, nice: true }, ...MARGINS },
    marks: (Plot) => [
      Plot.ruleX(withInterval, { x: (d) => d.timeMs, y1: (d) => interval(d)[0], y2: (d) => interval(d)[1], stroke: (d) => d.series, strokeWidth: 1.5 }),
      Plot.line(points, { x: (d) => d.timeMs, y: value, z: (d) => d.series, stroke: (d) => d.series, strokeWidth: 2 }),
    ],
    table: {
      caption: title,
      head: ['Player', 'Thinking time', ...head],
      row: (d) => [d.series, fmtTime(d.timeMs), ...cells(d)],
    },
  });
}

// The powers of ten from the smallest to the largest y of `points`: the log
// axis' ticks (without the minor ones, which crowd it).
function powersOfTen(points) {
  const ys = points.map((d) => d.meanNodes);
  const lo = Math.ceil(Math.log10(Math.min(...ys)));
  const hi = Math.ceil(Math.log10(Math.max(...ys)));
  return Array.from({ length: hi - lo + 1 }, (_, i) => 10 ** (lo + i));
}

function nodesChart(results) {
  const nodes = results.nodes;
  const labels = new Map((Array.isArray(results.nodeSeries) ? results.nodeSeries : [])
    .map((s) => [s.variant, s.label]));
  const label = (v) => labels.get(v) || v;
  const order = labels.size ? [...labels.keys()] : [...new Set(nodes.rows.map((r) => r.variant))];
  const points = nodes.rows.filter((r) => order.includes(r.variant) && r.meanNodes > 0)
    .map((r) => ({ ...r, series: label(r.variant) }))
    .sort((a, b) => order.indexOf(a.variant) - order.indexOf(b.variant) || a.depth - b.depth);
  // The reference lines from minimax's first depth: every move searched (7^d)
  // and alpha-beta's best case with perfect ordering (7^(d/2)).
  const first = nodes.rows.find((r) => r.variant === 'minimax' && r.depth === 1);
  const top = 2 * Math.max(...nodes.rows.map((r) => r.meanNodes));   // (the lines stop near the top point)
  const depths = [...new Set(nodes.rows.map((r) => r.depth))].sort((a, b) => a - b);
  const ref = (exp) => (first ? depths.map((d) => ({ depth: d, n: first.meanNodes * 7 ** exp(d) })).filter((p) => p.n <= top) : []);
  const ebf = (v) => (nodes.ebf && Number.isFinite(nodes.ebf[v]) ? nodes.ebf[v].toFixed(2) : '–');
  return chartFigure({
    id: 'study-chart-nodes',
    title: `Nodes searched to reach depth d, per pruning variant (${nodes.positions} positions)`,
    description: 'Mean nodes per position against the depth of the search, log scale, one line per variant; dashed: 7 to the power d (every move searched) and 7 to the power d/2 (perfect move ordering).',
    points,
    x: (d) => d.depth,
    y: (d) => d.meanNodes,
    series: (d) => d.series,
    seriesOrder: order.map(label),
    describe: (d) => `${d.series}, depth ${d.depth}: ${fmtInt(d.meanNodes)} nodes (branching factor ${ebf(d.variant)})`,
    // (every other depth on a phone: 14 px labels need the room)
    plot: (width) => ({
      x: { label: 'Depth d →', ticks: width < 500 ? depths.filter((d) => d % 2) : depths, tickFormat: (t) => String(t), labelOffset: 42 },
      y: { type: 'log', label: '↑ Mean nodes per position (log scale)', grid: true, tickFormat: '~s', ticks: powersOfTen(points) },
      ...MARGINS,
    }),
    marks: (Plot) => [
      Plot.line(ref((d) => d - 1), { x: 'depth', y: 'n', stroke: 'currentColor', strokeDasharray: '6,4', strokeWidth: 1, clip: true }),
      Plot.line(ref((d) => (d - 1) / 2), { x: 'depth', y: 'n', stroke: 'currentColor', strokeDasharray: '2,3', strokeWidth: 1, clip: true }),
      Plot.line(points, { x: 'depth', y: 'meanNodes', z: 'series', stroke: 'series', strokeWidth: 2 }),
    ],
    extraLegend: first ? [{ label: '7^d: every move searched', dash: '6,4' }, { label: '7^(d/2): perfect move ordering', dash: '2,3' }] : [],
    table: {
      caption: 'Mean nodes per position to reach each depth',
      head: ['Variant', 'Depth', 'Mean nodes', 'Branching factor'],
      row: (d) => [d.series, String(d.depth), fmtInt(d.meanNodes), ebf(d.variant)],
    },
  });
}

export function studyCharts(results) {
  const t = results.tournament;
  const kept = results.keptInterval || {};
  const charts = [
    timeChart(results, {
      id: 'study-chart-rating',
      title: `Rating (Elo) against thinking time (${fmtInt(t.games)} games)`,
      yLabel: `Elo (${anchorShort(results)} = 0)`,
      value: (d) => d.elo,
      interval: (d) => (Number.isFinite(d.eloLo) && Number.isFinite(d.eloHi) ? [d.eloLo, d.eloHi] : null),
      text: (d) => `Elo ${signed(d.elo)}; 95% interval ${signed(d.eloLo)} … ${signed(d.eloHi)}; ${d.games} games`,
      head: ['Elo', '95% interval', 'Games'],
      cells: (d) => [signed(d.elo), `${signed(d.eloLo)} … ${signed(d.eloHi)}`, fmtInt(d.games)],
      note: 'Bars: 95% intervals.',
    }),
    timeChart(results, {
      id: 'study-chart-depth',
      title: 'Depth reached against thinking time',
      yLabel: 'Mean depth (moves not proven)',
      value: (d) => d.meanDepth,
      interval: null,
      text: (d) => `depth ${d.meanDepth.toFixed(1)}${d.search === 'mcts' ? ' (most visited line)' : ''}; ${fmtInt(d.meanNodes)} ${d.search === 'mcts' ? 'playouts' : 'nodes'} a move`,
      head: ['Mean depth', 'Work per move'],
      cells: (d) => [d.meanDepth.toFixed(1), `${fmtInt(d.meanNodes)} ${d.search === 'mcts' ? 'playouts' : 'nodes'}`],
    }),
    timeChart(results, {
      id: 'study-chart-kept',
      title: 'Moves that keep the game value, against thinking time',
      yLabel: 'Kept the value (% of judged moves)',
      value: (d) => (d.judged > 0 ? 100 * d.keptShare : NaN),
      interval: (d) => kept[d.name] || null,
      text: (d) => `${(100 * d.keptShare).toFixed(1)}% kept${kept[d.name] ? `; 95% interval ${kept[d.name][0].toFixed(1)} … ${kept[d.name][1].toFixed(1)}%` : ''}; ${fmtInt(d.judged)} judged moves`,
      head: ['Kept', '95% interval', 'Judged moves'],
      cells: (d) => [`${(100 * d.keptShare).toFixed(1)}%`, kept[d.name] ? `${kept[d.name][0].toFixed(1)} … ${kept[d.name][1].toFixed(1)}%` : '–', fmtInt(d.judged)],
      note: `Judged: moves from ${t.judgeStones} stones on whose mover had not lost; bars: 95% intervals.`,
    }),
  ];
  if (results.nodes && Array.isArray(results.nodes.rows) && results.nodes.rows.length) charts.push(nodesChart(results));
  return charts;
}
