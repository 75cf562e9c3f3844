// Demo mode for a classroom: computer vs computer on a large board, with a
// large thinking panel and live charts of depth and score per move (drawn by
// lib/charts.js).
// mountDemoView(container, {game, moves, time1, time2, workerUrl}) speaks the
// game's worker protocol (web/worker.js: `search` -> `info`* -> `bestmove`)
// through the page's worker client; a search blocks its worker, so New game
// cancels it (the client terminates the worker and starts another).
// Hooks for tests: #demo-status, #demo-moves (the move string), #demo-depth,
// #demo-score, #demo-chart, #demo-start / #demo-pause / #demo-step / #demo-new.

import { clip, foldable, h, group, linkNote } from '../lib/dom.js';
import { EngineClient } from '../engine/engine-client.js';
import { GAMES, otherGames, sideNames } from '../lib/games.js';
import { Game, winnerOf } from '../lib/rules.js';
import { scoreInWords } from '../lib/score-words.js';
import { boardSvg, parseMoves, replay } from '../lib/boards.js';
import { chartFigure } from '../lib/charts.js';

const TIMES = [100, 200, 500, 1000, 2000, 5000];
const timeLabel = (ms) => (ms < 1000 ? `${ms} ms` : `${ms / 1000} s`);

// The demo of a game with a page of its own (the dice game, the three-player
// game): that page with computers only, in the main page (app/router.js), also
// from the demo's own page tree/demo.html, which shows the registry's games only.
function pageDemo(game) {
  const hash = `#view=demo&game=${encodeURIComponent(game)}`;
  return document.getElementById('tree-view-root') ? hash : new URL(`../index.html${hash}`, import.meta.url).href;
}

// Winner of the position after 0-based `list`: 1, 2, 'draw' or 0 (going on).
function outcome(game, list) {
  const { cells } = replay(game, list);
  const who = winnerOf(game, cells);
  if (who) return who;
  return cells.every((x) => x) ? 'draw' : 0;
}

// The demo's link: the game (the default for an unknown one), the moves to
// start from (none when they are not a game of it) and the two thinking
// times (the nearest offered for a time off the menu); `linkErrors` names
// each field that could not be used as it was.
function readDemoLink(options) {
  const linkErrors = [];
  const game = GAMES[options.game] ? options.game : 'connect4';
  let start = typeof options.moves === 'string' ? options.moves : '';
  const played = Game.fromMoves(game, start);
  if (played.error) {
    linkErrors.push(`the moves '${clip(start)}' are not a ${GAMES[game].name} game (${played.error}): the board starts empty`);
    start = '';
  }
  // A thinking time off the menu (an old link's 3000) is the nearest one offered.
  const timeOf = (i) => {
    const asked = String(options[`time${i + 1}`] ?? 500);
    const n = /^\d{1,6}$/.test(asked) ? Number(asked) : NaN;
    if (TIMES.includes(n)) return n;
    const t = Number.isNaN(n) ? 500 : TIMES.reduce((a, b) => (Math.abs(b - n) < Math.abs(a - n) ? b : a));
    linkErrors.push(`time${i + 1} '${clip(asked)}' must be one of ${TIMES.slice(0, -1).join(', ')} or ${TIMES.at(-1)} (ms): `
      + `using ${timeLabel(t)}`);
    return t;
  };
  // (a link that names a position, even the empty board's moves=, shows it and waits)
  return { game, start, times: [timeOf(0), timeOf(1)], linkErrors, hasMoves: Boolean(options.hasMoves) };
}

// The demo's elements, by name (ui.boardBox, ui.status, ...); ui.root holds them all.
function buildDemoPage() {
  // The dice game's demo is its own page with two computers (einstein-view.js).
  const gameSel = h('select', { id: 'demo-game', 'aria-label': 'Game' },
    ...Object.values(GAMES).map((g) => h('option', { value: g.id, text: g.name })),
    ...otherGames().map((g) => h('option', { value: g.id, text: g.kind === 'chance' ? `${g.name} (dice)` : g.name })));
  const timeSel = (i) => h('select', { id: `demo-time${i + 1}`, 'aria-label': `Thinking time of player ${i + 1}` },
    ...TIMES.map((t) => h('option', { value: String(t), text: timeLabel(t) })));
  const time1 = timeSel(0);
  const time2 = timeSel(1);
  const startBtn = h('button', { type: 'button', id: 'demo-start', class: 'tv-primary', text: 'Start' });
  const pauseBtn = h('button', { type: 'button', id: 'demo-pause', class: 'tv-ctl', text: 'Pause' });
  const stepBtn = h('button', { type: 'button', id: 'demo-step', class: 'tv-ctl', text: 'One move' });
  const newBtn = h('button', { type: 'button', id: 'demo-new', class: 'tv-ctl', text: 'New game' });
  const boardBox = h('div', { class: 'dm-board', id: 'demo-board' });
  const status = h('p', { id: 'demo-status', class: 'dm-status', role: 'status', 'aria-live': 'polite' });
  const movesOut = h('p', { class: 'dm-moves' }, h('span', { class: 'tv-muted', text: 'Moves ' }), h('span', { id: 'demo-moves' }));
  const note = linkNote('demo-link-note');
  const who = h('p', { class: 'dm-who', id: 'demo-who' });
  const big = (id, label) => {
    const v = h('dd', { id });
    return { v, el: [h('dt', { text: label }), v] };
  };
  const depth = big('demo-depth', 'Depth');
  const score = big('demo-score', 'Score');
  const nodes = big('demo-nodes', 'Nodes');
  const speed = big('demo-nps', 'Speed');
  const pv = h('p', { id: 'demo-pv', class: 'dm-pv' });
  const bar = h('div', { class: 'dm-bar' }, h('div', { class: 'dm-barfill' }));
  const chart = h('div', { id: 'demo-chart', class: 'dm-chart' });

  const root = h('div', { class: 'tv dm' },
    h('header', { class: 'tv-head' },
      h('div', { class: 'tv-title' }, h('h2', { text: 'Demo: the engine plays itself' }),
        foldable('About this view', { class: 'tv-about' },
          h('p', { class: 'tv-sub', text: 'Computer vs computer for the classroom: pick the game and each side\'s thinking time, start, pause, or go one move at a time.' }))),
      h('form', { class: 'tv-pos' },
        h('label', {}, h('span', { text: 'Game' }), gameSel),
        h('label', {}, h('span', { id: 'demo-name1', text: 'Red thinks' }), time1),
        h('label', {}, h('span', { id: 'demo-name2', text: 'Yellow thinks' }), time2),
        startBtn, pauseBtn, stepBtn, newBtn)),
    h('div', { class: 'dm-main' },
      h('section', { class: 'tv-card dm-boardcard', 'aria-label': 'Board' }, boardBox, status, movesOut, note.el),
      h('section', { class: 'tv-card dm-think', 'aria-label': 'Thinking' },
        who, bar, h('dl', { class: 'dm-big' }, ...depth.el, ...score.el, ...nodes.el, ...speed.el),
        h('h3', { text: 'Principal variation' }), pv,
        h('h3', { text: 'Depth and score per move' }), chart)));
  return { gameSel, time1, time2, startBtn, pauseBtn, stepBtn, newBtn, boardBox, status, note, who, depth, score, nodes,
    speed, pv, bar, chart, root };
}

// A search's report `m` (its info or its move) for the move after `plies`
// plies, in the thinking card.
function showSearch({ who, depth, score, nodes, speed, pv, bar }, game, times, m, plies) {
  const players = () => GAMES[game].sides;
  const mover = players()[plies % 2];
  who.textContent = `${mover} (${timeLabel(times[plies % 2])} per move)`;
  const book = m.source === 'book';
  depth.v.textContent = book ? 'opening book' : String(m.depth);
  // The page's words for the score; a heuristic one also shows its value
  // in evaluation units, for the class, from the first player's side as
  // the chart draws it (up = the first player better).
  const words = scoreInWords(game, m.score, m.exact, plies, (plies % 2) + 1, sideNames(game), m.outcome, m.source);
  const forFirst = plies % 2 === 0 ? m.score : -m.score;
  const heuristic = !m.exact && m.source === 'search';
  score.v.textContent = heuristic ? `${words} (${forFirst >= 0 ? '+' : '−'}${Math.abs(forFirst)})`
    : book ? `${words} (opening book)` : words;
  nodes.v.textContent = book ? '– (no search)' : group(m.nodes);
  speed.v.textContent = book ? 'at once, from the book' : m.nps >= 10000 ? `${group(Math.round(m.nps / 1000))} k nodes/s` : m.nodes < 100 ? 'instant' : `${group(m.nps)} nodes/s`;
  pv.textContent = (m.pv || []).map((x, j) => `${players()[(plies + j) % 2][0]}${x}`).join(' ');
  bar.firstChild.style.width = `${Math.min(100, (100 * (m.timeMs || 0)) / times[plies % 2])}%`;
}

// Room for 14 px tick labels, the x axis' label under them and the y axis' above the top tick.
const MARGINS = { marginTop: 30, marginLeft: 52, marginRight: 12, marginBottom: 48 };

// The charts of the moves so far (lib/charts.js): the depth each search
// reached (bars, in the mover's colour, --dm-side1 / --dm-side2 of
// views.css), and its score from the first player's side (a line; proven
// scores apart from estimates). Returns their figures.
function depthCharts(root, game, history) {
  const sides = GAMES[game].sides;
  const css = getComputedStyle(root);
  const sideColours = [css.getPropertyValue('--dm-side1').trim() || '#d62839', css.getPropertyValue('--dm-side2').trim() || '#e0a800'];
  const moves = history.map((x) => ({ ...x, n: x.ply + 1, side: sides[x.ply % 2], kind: x.exact ? 'proven' : 'estimate' }));
  // A move from the opening book has no search: no depth, and a score that
  // only says who is better (not drawn on the score chart).
  const searched = moves.filter((d) => !d.book);
  const last = Math.max(moves.length ? moves[moves.length - 1].n : 0, 10);
  const every = last > 24 ? 5 : last > 12 ? 2 : 1;
  const ticks = Array.from({ length: last }, (_, i) => i + 1).filter((n) => n === 1 || n % every === 0);
  const signedScore = (v) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v)}`;
  const small = (w) => Math.round(Math.max(200, Math.min(260, w * 0.45)));
  const moveText = (d) => `Move ${d.n}, ${d.side} (${GAMES[game].noun} ${d.move})`;
  const depth = chartFigure({
    id: 'demo-depth-chart',
    title: 'Depth reached per move',
    description: 'The depth of each search, one bar per move, in the mover\'s colour.',
    points: moves,
    x: (d) => d.n,
    y: (d) => d.depth,
    series: (d) => d.side,
    seriesOrder: [...sides],
    colours: sideColours,
    describe: (d) => `${moveText(d)}: ${d.book ? 'from the opening book' : `depth ${d.depth}, ${group(d.nodes)} nodes`}`,
    height: small,
    plot: {
      x: { domain: [0.5, last + 0.5], ticks, label: 'Move →', labelOffset: 40 },
      y: { label: '↑ Depth', grid: true, domain: [0, Math.max(8, ...moves.map((d) => d.depth))], nice: true },
      ...MARGINS,
    },
    marks: (Plot) => [Plot.rectY(moves, { x1: (d) => d.n - 0.4, x2: (d) => d.n + 0.4, y: 'depth', fill: 'side', fillOpacity: 0.45 })],
    table: { caption: 'Depth reached per move', head: ['Move', 'Side', 'Depth', 'Nodes'],
      row: (d) => [String(d.n), d.side, d.book ? 'opening book' : String(d.depth), d.book ? '–' : group(d.nodes)] },
  });
  const score = chartFigure({
    id: 'demo-score-chart',
    title: `Score per move, for ${sides[0]}`,
    description: `The score of each search from ${sides[0]}'s side: above 0 ${sides[0]} is better, below 0 ${sides[1]}; proven scores apart from estimates.`,
    points: searched,
    x: (d) => d.n,
    y: (d) => d.score,
    series: (d) => d.kind,
    seriesOrder: ['estimate', 'proven'],
    describe: (d) => `${moveText(d)}: ${d.exact ? 'proven score' : 'estimate'} ${signedScore(d.score)}`,
    height: small,
    plot: {
      x: { domain: [0.5, last + 0.5], ticks, label: 'Move →', labelOffset: 40 },
      y: { label: `↑ ${sides[0]} better · ${sides[1]} better ↓`, grid: true, nice: true },
      ...MARGINS,
    },
    marks: (Plot) => [Plot.ruleY([0], { stroke: 'currentColor', strokeOpacity: 0.5 }),
      Plot.line(searched, { x: 'n', y: 'score', stroke: 'currentColor', strokeWidth: 1.5 })],
    table: { caption: `Score per move, for ${sides[0]}`, head: ['Move', 'Side', 'Score', 'Kind'],
      row: (d) => [String(d.n), d.side, signedScore(d.score), d.kind] },
  });
  return [depth.figure, score.figure];
}

// The engine worker's address: ?book=off in the page's address asks for no
// opening book, so that a class sees the search from the first move.
function demoWorkerUrl(options) {
  const workerUrl = new URL(options.workerUrl || new URL('../worker.js', import.meta.url));
  if (new URLSearchParams(location.search).get('book') === 'off') workerUrl.search = '?book=off';
  return workerUrl;
}

// The note for a link's game that is not one of the picker's (`game`: the
// one shown instead), or null.
function unknownGameNote(asked, gameSel, game) {
  if (GAMES[asked] || asked === undefined) return null;
  const names = [...gameSel.options].map((o) => o.value);
  return `unknown game '${clip(String(asked))}' (use ${names.slice(0, -1).join(', ')} or ${names.at(-1)}): showing ${GAMES[game].name}`;
}

export function mountDemoView(container, options = {}) {
  const workerUrl = demoWorkerUrl(options);
  // The link's fields; what cannot be used is named in the note under the board.
  const link = readDemoLink(options);
  const { linkErrors, times } = link;
  let { game, start } = link;
  let moves = start;
  let running = false;
  let thinking = false;
  let engine = null;   // the worker client, made below
  let history = [];    // per move: {ply, move, depth, score (first player's view), exact, nodes, book}
  let generation = 0;

  const ui = buildDemoPage();
  const { gameSel, time1, time2, startBtn, pauseBtn, stepBtn, newBtn, boardBox, status, note, who, depth, score, nodes, speed, pv, bar,
    chart, root } = ui;
  const unknownGame = unknownGameNote(options.game, gameSel, game);
  if (unknownGame) linkErrors.unshift(unknownGame);
  container.replaceChildren(root);

  // ---- drawing ------------------------------------------------------------------
  const players = () => GAMES[game].sides;
  function draw() {
    const list = parseMoves(moves);
    const size = game === 'tictactoe' ? 420 : 560;
    const won = Game.fromMoves(game, moves).game;
    boardBox.replaceChildren(boardSvg(game, list, { size, title: 'Board', win: won ? won.winCells : [] }));
    root.querySelector('#demo-moves').textContent = moves || '(empty board)';
    const end = outcome(game, list);
    root.querySelector('#demo-name1').textContent = `${players()[0]} thinks`;
    root.querySelector('#demo-name2').textContent = `${players()[1]} thinks`;
    const mover = players()[list.length % 2];
    if (end === 'draw') status.textContent = 'Game over: a draw.';
    else if (end) status.textContent = `Game over: ${players()[end - 1]} wins.`;
    else if (thinking) status.textContent = `${mover} is thinking (${timeLabel(times[list.length % 2])})…`;
    else status.textContent = running ? `${mover} to move.` : `${mover} to move — paused. Start, or play one move.`;
    root.dataset.state = end ? 'game-over' : thinking ? 'thinking' : running ? 'running' : 'paused';
    root.dataset.game = game;
    startBtn.disabled = running || Boolean(end);
    pauseBtn.disabled = !running;
    stepBtn.disabled = running || thinking || Boolean(end);
    // The charts change with a move (or a new game) only.
    const shown = `${game}:${history.length}`;
    if (chart.dataset.moves !== shown) {
      chart.dataset.moves = shown;
      chart.replaceChildren(...depthCharts(root, game, history));
    }
    return end;
  }

  const showInfo = (m, plies) => showSearch(ui, game, times, m, plies);

  // ---- playing -------------------------------------------------------------------
  async function playOne() {
    const g = generation;
    const plies = moves.length;
    thinking = true;
    draw();
    await engine.ready();
    const m = await engine.request({ type: 'search', game, moves, timeMs: times[plies % 2], randomTies: true, seed: (Math.random() * 2 ** 31) | 0 },
      (info) => { if (g === generation) showInfo(info, plies); });
    if (!m || g !== generation) return false;
    thinking = false;
    showInfo(m, plies);
    const firstView = plies % 2 === 0 ? m.score : -m.score;
    history.push({ ply: plies, move: m.move, depth: m.depth, score: firstView, exact: m.exact, nodes: m.nodes, book: m.source === 'book' });
    moves += String(m.move);
    options.onChange?.({ game, moves, time1: times[0], time2: times[1] });
    return !draw();
  }

  async function loop() {
    while (running) {
      let goOn;
      try {
        goOn = await playOne();
      } catch (e) {
        status.textContent = `The engine could not move: ${e.message}`;
        running = false;
        thinking = false;
        break;
      }
      if (!goOn) { running = false; break; }  // game over, or a new game started
      await new Promise((r) => setTimeout(r, 250));
    }
    draw();
  }

  function newGame(fromMoves = '') {
    generation++;
    running = false;
    thinking = false;
    engine.cancel();  // abandon a running search at once
    moves = fromMoves;
    start = fromMoves;
    history = [];
    who.textContent = 'Waiting for the first move';
    if (generation > 1) note.say([]);   // a new game: the link's note has done its work
    depth.v.textContent = score.v.textContent = nodes.v.textContent = speed.v.textContent = '–';
    pv.textContent = '–';
    bar.firstChild.style.width = '0%';
    draw();
    options.onChange?.({ game, moves, time1: times[0], time2: times[1] });
  }

  const run = () => { if (!running) { running = true; draw(); if (!thinking) loop(); } };
  startBtn.addEventListener('click', run);
  pauseBtn.addEventListener('click', () => { running = false; draw(); });
  stepBtn.addEventListener('click', async () => {
    if (running || thinking) return;
    try { await playOne(); } catch (e) { status.textContent = `The engine could not move: ${e.message}`; thinking = false; }
    draw();
  });
  newBtn.addEventListener('click', () => newGame(''));
  gameSel.addEventListener('change', () => {
    if (!GAMES[gameSel.value]) { location.href = pageDemo(gameSel.value); return; }
    game = gameSel.value;
    newGame('');
  });
  time1.addEventListener('change', () => { times[0] = Number(time1.value); draw(); });
  time2.addEventListener('change', () => { times[1] = Number(time2.value); draw(); });
  const onKey = (e) => {
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'SELECT' || tag === 'INPUT' || e.ctrlKey || e.metaKey || e.altKey || !root.isConnected) return;
    if (e.key === ' ') { (running ? pauseBtn : startBtn).click(); e.preventDefault(); }
    else if (e.key === 'ArrowRight') { stepBtn.click(); e.preventDefault(); }
    else if (e.key.toLowerCase() === 'n') newBtn.click();
  };
  document.addEventListener('keydown', onKey);

  gameSel.value = game;
  time1.value = String(times[0]);
  time2.value = String(times[1]);
  engine = new EngineClient(workerUrl, { spare: false });
  newGame(start);
  note.say(linkErrors);
  // Opened without a position (the navigation's Demo), it plays by itself,
  // as EinStein's and the three-player game's demos do; a link with a
  // position (moves=, a reload too) shows it and waits for Start.
  if (!link.hasMoves) run();
  engine.ready().then(() => { root.dataset.ready = 'true'; }, (e) => { status.textContent = `The engine did not load: ${e.message}`; });

  return {
    destroy() {
      generation++;
      running = false;
      document.removeEventListener('keydown', onKey);
      engine.terminate();
      container.replaceChildren();
    },
  };
}
