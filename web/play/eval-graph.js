// The game's evaluation graph under Play's move list (docs/analysis.md, "The
// game's evaluation graph"): the value of the position after every move of
// the line, from the first player's side, drawn by lib/charts.js
// (chartFigure, Observable Plot). Proven values are filled symbols,
// estimates hollow ones; a proven win's height says how soon it comes (the
// top: at once; half-way: with the last moves of the game; a win whose
// distance is not proven yet sits half-way); estimates stay inside the band
// between the two proven wins. The review's marks (?? and ?) sit on the
// points of the moves they judge; a slower win is not a mistake and is left
// unmarked (the legend says so, the point's words say "slower win").
// A click on a point, or Enter on the focused one, goes to that move; the
// arrow keys step through the points, each named in words; "The numbers as a
// table" lists them all.
//
// The values come, best first, from the game review (its proven positions),
// then from what the page learnt while the game was played (the analysis of
// a position, the computer's own search before its move: Controller.values),
// and for the game's last position from its result. The chart library is
// loaded only once a point is there to draw.

import { chartFigure } from '../lib/charts.js';
import { h } from '../lib/dom.js';
import { defOf } from '../lib/games.js';
import { movesText } from '../lib/rules.js';
import { movesToWin } from '../lib/score-words.js';
import { markOf, markWords, moveName, valueInWords } from './analysis-view.js';

const PROVEN = 'proven';
const ESTIMATE = 'estimate (not proven)';
// The marks drawn on the points: a slower win (and a move that kept the value) is not.
const DRAWN_MARKS = ['win-to-loss', 'win-to-draw', 'draw-to-loss'];

const isProven = (v) => Boolean(v) && (v.kind === 'exact' || v.kind === 'wdl');

// The height of the value `v` (the side to move's view) of the position after
// `plies` moves of game `kind`, for the first player: 0 a draw, ±0.5 to ±1 a
// proven win of the first (+) or the second (−) player (±1 a win at once,
// ±0.5 a win with the game's last moves, or a win whose distance is not
// proven), within ±0.45 an estimate.
function graphHeight(kind, v, plies) {
  const first = (x) => (plies % 2 === 0 ? x : -x);
  if (!isProven(v)) return 0.45 * Math.tanh(first(v.score) / 30);
  const sign = first(Math.sign(v.score));
  if (sign === 0 || v.kind === 'wdl') return sign * 0.5;
  const most = Math.ceil(defOf(kind).maxPlies / 2);
  const n = Math.max(1, movesToWin(kind, v.score, plies));
  return sign * Math.min(1, 0.5 + (0.5 * (most - n)) / Math.max(1, most - 1));
}

/**
 * The graph's points: one per move of the line whose position has a value.
 * `winner`: for a line that ends the game, 1 or 2 (who won) or 0 (a draw);
 * null while it goes on.
 * @param {{kind: string, line: number[], review: any, valueOf: (moves: string) => any, names: Record<number, string>, winner?: number | null}} g
 */
function graphPoints({ kind, line, review, valueOf, names, winner = null }) {
  const reply = review && review.reply;
  const def = defOf(kind);
  const points = [];
  for (let k = 1; k <= line.length; k++) {
    const fromReview = reply && reply.positions[k];
    const v = isProven(fromReview) ? fromReview : valueOf(movesText(line.slice(0, k)));
    const end = winner !== null && k === line.length;   // (the game is over: its result)
    if (!end && (!v || (v.kind !== 'exact' && v.kind !== 'wdl' && v.kind !== 'estimate'))) continue;
    const mover = ((k - 1) % 2) + 1;
    const rm = reply && reply.moves[k - 1];
    const mark = rm && DRAWN_MARKS.includes(rm.mark) ? markOf(rm.mark).symbol : '';
    const judged = rm && rm.mark !== 'keeps' && rm.mark !== 'unproven'
      ? `${rm.mark === 'slower-win' ? 'slower win: ' : ''}${markWords(rm.mark, reply.positions[k - 1])}` : '';
    points.push({
      ply: k, y: end ? [0, 1, -1][winner] : graphHeight(kind, v, k), proven: end || isProven(v), mark, judged,
      name: `${moveName(k - 1)} ${names[mover]} ${def.noun} ${line[k - 1]}`,
      value: end ? (winner ? `${names[winner]} has won` : 'a draw: the board is full') : valueInWords(kind, v, k, (k % 2) + 1, names),
    });
  }
  return points;
}

// The y axis' words at its ticks.
function tickWords(names) {
  return (t) => ({ 0.5: `${names[1]} wins`, 0: 'draw', [-0.5]: `${names[2]} wins` })[t] ?? '';
}

// The chart of `points` (graphPoints) for a line of `length` moves, the
// position after `plies` moves shown; onJump(ply) goes to a move.
function graphSpec(points, { length, plies, names, onJump }) {
  const describe = (d) => `${d.name}: ${d.value}${d.judged ? `; ${d.judged}` : ''}${d.mark ? ` (${d.mark})` : ''}`;
  const current = points.findIndex((d) => d.ply === plies);
  return {
    title: 'The game’s evaluation graph',
    id: 'eval-graph-figure',
    description: `The value after every move for ${names[1]}: up is better for ${names[1]}, down for ${names[2]}. `
      + 'Choose a point to go to that move.',
    points,
    x: (d) => d.ply,
    y: (d) => d.y,
    series: (d) => (d.proven ? PROVEN : ESTIMATE),
    seriesOrder: [PROVEN, ESTIMATE],
    colours: ['#4269d0', '#8a8f98'],
    hollowSeries: [ESTIMATE],
    describe,
    onSelect: (d) => onJump(d.ply),
    focusPoint: Math.max(0, current),
    height: (w) => Math.round(Math.max(190, Math.min(260, w * 0.5))),
    plot: (w) => ({
      marginLeft: 96,
      marginTop: 22,
      x: { label: 'Move', domain: [0.5, Math.max(1, length) + 0.5], ticks: Math.min(length, w < 420 ? 6 : 12), tickFormat: 'd' },
      y: { label: null, domain: [-1.12, 1.12], ticks: [-0.5, 0, 0.5], tickFormat: tickWords(names) },
    }),
    marks: (Plot) => [
      Plot.ruleY([0], { stroke: 'currentColor', strokeOpacity: 0.4 }),
      Plot.ruleX(plies > 0 ? [plies] : [], { stroke: 'currentColor', strokeDasharray: '3 3', strokeOpacity: 0.7 }),
      Plot.line(points, { x: (d) => d.ply, y: (d) => d.y, stroke: 'currentColor', strokeOpacity: 0.35 }),
      Plot.text(points.filter((d) => d.mark), { x: (d) => d.ply, y: (d) => d.y, text: (d) => d.mark, dy: -13,
        fontSize: 14, fontWeight: 700, fill: 'currentColor' }),
    ],
    extraLegend: [{ label: 'the position shown', dash: '3 3' }],
    table: {
      caption: 'The value after every move',
      head: ['Move', 'Value', 'Review'],
      row: (d) => [d.name, d.value, [d.mark, d.judged].filter(Boolean).join(' ')],
    },
  };
}

// The graph in `box` (hidden while it has no point). update(state) redraws it
// when its points or the position shown changed; with the focus in it, the
// focus goes to the point of the position shown (the one just chosen).
export function createEvalGraph(box) {
  let shown = '';
  let shownPoints = [];   // the points drawn, and the position shown then
  let shownPlies = -1;
  const legend = h('p', { class: 'eval-graph-legend', text: 'Filled: proven; hollow: an estimate. The farther from the middle, '
    + 'the sooner the win: the edge is a win at once, "wins" a win with the last moves (or not yet timed). '
    + '?? threw a win away, ? turned a win into a draw or a draw into a loss; a slower win is not a mistake and is left unmarked.' });
  /** @param {{kind: string, line: number[], plies: number, review: any, valueOf: (moves: string) => any, names: Record<number, string>, winner: number | null, onJump: (ply: number) => void}} state */
  function update(state) {
    const points = graphPoints(state);
    const key = JSON.stringify([state.kind, state.line.length, state.plies, state.names, points]);
    if (key === shown) return;
    shown = key;
    box.hidden = points.length === 0;
    if (!points.length) { box.replaceChildren(); return; }
    const focused = /** @type {HTMLElement | null} */ (box.contains(document.activeElement) ? document.activeElement : null);
    // A point focused keeps the focus on its move while values stream in; a
    // jump to another position moves it there.
    const before = focused ? [...box.querySelectorAll('.gs-points > *')].indexOf(focused) : -1;
    const keepPly = state.plies === shownPlies && before >= 0 ? shownPoints[before]?.ply : state.plies;
    shownPoints = points;
    shownPlies = state.plies;
    const { figure, ready } = chartFigure(graphSpec(points, { length: state.line.length, plies: state.plies, names: state.names, onJump: state.onJump }));
    box.replaceChildren(figure, legend);
    box.dataset.points = String(points.length);
    if (focused) {
      ready.then(() => {
        const marks = [...figure.querySelectorAll('.gs-points > *')];
        const at = points.findIndex((d) => d.ply === keepPly);
        /** @type {HTMLElement | undefined} */ (marks[at >= 0 ? at : 0])?.focus();
      }, () => {});
    }
  }
  return { update };
}
