// The Study view (#view=study): how playing strength grows with thinking time.
// Shows the results the study tool shipped (scripts/study.sh: docs/study/<run>/
// results.json, copied by scripts/build-site.sh to study/<run>/ and listed in
// study/index.json), its charts drawn from them on the page
// (study-charts.js), and runs a small live
// experiment: N Connect Four games between two players, each a search
// (alpha-beta or Monte Carlo tree search) with a thinking time, each an
// engine worker of its own (worker.js, the same protocol as the game), from
// fixed balanced openings with colours swapped, results filling in as games
// finish; stoppable. "MCTS against alpha-beta" sets up the match of issue 21
// in one click.
//
// createStudyView(section) -> {show(), hide()}; hide() stops a running
// experiment (its workers are terminated).

import { group, h } from '../lib/dom.js';
import { EngineClient } from '../engine/engine-client.js';
import { Game } from '../lib/rules.js';
import { playerWords, studyCharts } from './study-charts.js';

const TIMES = [1, 3, 10, 30, 100, 300, 1000];
const SEARCHES = { alphabeta: 'Alpha-beta', mcts: 'MCTS' };
const GAME_COUNTS = [2, 4, 6, 10, 20];
// Balanced two-ply openings (both sides of each are played by each player).
const OPENINGS = ['44', '43', '45', '34', '35', '33', '55', '42', '46', '24'];
// The shipped runs (scripts/study.sh's variants) as the run picker names them.
const RUN_TITLES = { quick: 'Quick run', medium: 'Medium run', full: 'Full run', mcts: 'MCTS against alpha-beta' };

const fmtTime = (ms) => (ms < 1000 ? `${ms} ms` : `${ms / 1000} s`);
const fmtInt = (n) => group(Math.round(n));
const signed = (x, digits = 0) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
const pct = (x) => `${Math.round(100 * x)}%`;

async function getJson(url) {
  try {
    const r = await fetch(url, { cache: 'no-cache' });
    if (!r.ok) return null;
    return JSON.parse(await r.text());
  } catch (e) {
    return null;
  }
}

// Elo difference from a score share (0..1), or null at 0 or 1.
function eloFromScore(s) {
  if (!(s > 0 && s < 1)) return null;
  return -400 * Math.log10(1 / s - 1);
}

// --- shipped results ---------------------------------------------------------
function playersTable(results) {
  const t = results.tournament;
  const head = ['Player', 'Games', 'W / D / L', 'Score', 'Elo (95% interval)', 'Depth', 'Nodes per move', 'Kept value'];
  const table = h('table', { class: 'study-table' },
    h('caption', { text: `${fmtInt(t.games)} games, ${t.openings} openings × 2 colours; Elo relative to ${playerWords(results, t.anchor)}` }),
    h('thead', {}, h('tr', {}, ...head.map((x) => h('th', { scope: 'col', text: x })))));
  const body = h('tbody');
  for (const p of t.players) {
    const score = p.games ? (p.wins + p.draws / 2) / p.games : 0;
    const elo = Number.isFinite(p.elo) ? `${signed(p.elo)} (${signed(p.eloLo)} … ${signed(p.eloHi)})` : '–';
    body.append(h('tr', {},
      h('th', { scope: 'row', text: playerWords(results, p.name) }),
      h('td', { text: fmtInt(p.games) }),
      h('td', { text: `${p.wins} / ${p.draws} / ${p.losses}` }),
      h('td', { text: pct(score) }),
      h('td', { text: elo }),
      h('td', { text: Number.isFinite(p.meanDepth) ? p.meanDepth.toFixed(1) : '–' }),
      h('td', { text: !Number.isFinite(p.meanNodes) ? '–' : /^mcts\b/.test(p.name) ? `${fmtInt(p.meanNodes)} playouts` : fmtInt(p.meanNodes) }),
      h('td', { text: Number.isFinite(p.keptShare) && p.judged ? pct(p.keptShare) : '–' })));
  }
  table.append(body);
  // Scrollable on a phone: focusable, so the keyboard can scroll it.
  return h('div', { class: 'study-scroll', tabindex: '0', role: 'region', 'aria-label': 'Results table' }, table);
}

function keyFigures(results) {
  const items = [];
  const f = results.fits || {};
  const mcts = Number.isFinite(f.mcts_eloPerDoubling_all);   // a run with MCTS beside alpha-beta
  if (Number.isFinite(f.meanDepthPerDoubling_all)) {
    items.push([mcts ? 'plies deeper per doubling of time, alpha-beta' : 'plies deeper per doubling of time',
      `${signed(f.meanDepthPerDoubling_all, 2)}`]);
  }
  if (Number.isFinite(f.eloPerDoubling_all)) {
    items.push([mcts ? 'Elo per doubling of time, alpha-beta' : 'Elo per doubling of time', signed(f.eloPerDoubling_all)]);
  }
  if (mcts) items.push(['Elo per doubling of time, MCTS', signed(f.mcts_eloPerDoubling_all)]);
  const ebf = results.nodes && results.nodes.ebf;
  if (ebf && Number.isFinite(ebf.minimax) && Number.isFinite(ebf.alphabeta)) {
    items.push(['effective branching factor, minimax → alpha-beta',
      `${ebf.minimax.toFixed(1)} → ${ebf.alphabeta.toFixed(1)}`]);
    const best = ebf['+table'] || ebf['+ordering'];
    if (Number.isFinite(best)) items.push(['branching factor with move ordering and the table', best.toFixed(1)]);
  }
  if (!items.length) return null;
  return h('dl', { class: 'study-figures' }, ...items.map(([k, v]) => h('div', {}, h('dt', { text: v }), h('dd', { text: k }))));
}

// What a run played, how its ratings and intervals are computed and what
// its charts show (docs/study.md has the details), with its own numbers.
function aboutRun(results) {
  const t = results.tournament;
  const mcts = t.players.some((p) => /^mcts\b/.test(p.name));
  const perPairing = 2 * t.openings;
  const code = (text) => h('code', { text });
  const part = (title, ...kids) => h('div', {}, h('h3', { text: title }), h('p', {}, ...kids));
  return h('section', { class: 'card study-about', 'aria-label': 'How the study was made' },
    h('h2', { text: 'How the study was made' }),
    h('div', { class: 'study-about-parts' },
      part('What was played',
        `${fmtInt(t.games)} Connect Four games between ${t.players.length} engine players, every player against every other `
        + `${perPairing} times: ${t.openings} balanced openings of four stones, each played once with each player moving first. `
        + `The players differ in their thinking time per move${mcts ? ', in how they search (alpha-beta or Monte Carlo tree search)' : ''} `
        + 'and, for comparison, in a technique switched off; each series of the charts is one kind of player.'),
      part('Elo and its interval',
        'One rating per player is fitted to all the games at once (Bradley–Terry maximum likelihood; a win scores 1, a draw ½, '
        + `and ${t.prior === 1 ? 'one virtual draw' : `${t.prior} virtual draws`} per pairing keep a 0% or 100% score finite). `
        + 'On the Elo scale a lead of 100 means an expected score of 64%, 191 one of 75%; '
        + `the scale's zero is the player “${playerWords(results, t.anchor)}”. The 95% interval: the games of each pairing resampled `
        + `${fmtInt(t.bootstrap)} times (a bootstrap), the ratings fitted again each time, and the middle 95% of them kept.`),
      part('What the curves show',
        'Rating, search depth and the share of moves that keep the game value, against the thinking time per move '
        + '(a log scale: each step of the axis is about three times the time before). The depth is that of the last finished '
        + `iteration${mcts ? ' (for MCTS, the length of its most visited line)' : ''}, over the moves whose value the search had not proven. `
        + `From ${t.judgeStones} stones on, the exact solver judges each move of a side that has not lost: does a won position stay won, `
        + 'a drawn one drawn? Bars are 95% intervals (Wilson\'s for the kept share). '
        + (results.nodes ? 'The last chart counts the nodes searched to reach each depth: what pruning, move ordering and the table save.' : '')),
      part('Run it yourself',
        'The full report, with the method in detail, is ', code('docs/study.md'), ' in the source; ',
        code('scripts/study.sh --quick'), ' plays a small study again (about two minutes on two cores), ',
        code('--medium'), ', ', code('--mcts'), ' and ', code('--full'), ' the larger runs.')));
}

// --- live experiment -----------------------------------------------------------
// One engine worker per player; resolves a search request with its bestmove.
// Without the opening book: the study is about what the search finds in its
// time (with the book both players would play its proven moves through
// its every-position plies, whatever their time).
// An MCTS player searches with the engine's default options (docs/mcts.md).
function makePlayer(algorithm, timeMs) {
  const engine = new EngineClient('worker.js?book=off', { spare: false });
  const seed = () => crypto.getRandomValues(new Uint32Array(1))[0];
  const request = algorithm === 'mcts'
    ? (moves) => ({ type: 'search', game: 'connect4', moves, algorithm, timeMs, seed: seed() })
    : (moves) => ({ type: 'search', game: 'connect4', moves, timeMs, randomTies: true, seed: seed() });
  return {
    algorithm,
    timeMs,
    label: `${SEARCHES[algorithm]} ${fmtTime(timeMs)}`,
    moves: 0, work: 0,   // searched moves, and their playouts (MCTS) or depths (alpha-beta)
    newGame: () => engine.request({ type: 'newgame', game: 'connect4' }),
    move: (moves) => engine.request(request(moves)),
    stop: () => engine.terminate(),
  };
}

// What a player did per move so far: "depth 9.3" or "24,000 playouts".
function workText(p) {
  if (!p.moves) return '';
  const mean = p.work / p.moves;
  return p.algorithm === 'mcts' ? `${fmtInt(mean)} playouts a move` : `depth ${mean.toFixed(1)} a move`;
}

// The shipped results in `box`: a picker of the study's runs (study/index.json),
// the chosen run's key figures, players table and plots.
async function loadResults(box) {
  const index = await getJson('study/index.json');
  const runs = index && Array.isArray(index.runs) ? index.runs.filter((r) => r && typeof r.name === 'string') : [];
  box.textContent = '';
  box.setAttribute('aria-busy', 'false');
  if (!runs.length) {
    box.append(h('p', { class: 'card muted', text: 'No study results were shipped with this build '
      + '(scripts/study.sh writes them to docs/study/).' }));
    return;
  }
  const body = h('div');
  const select = h('select', { id: 'study-run', 'aria-label': 'Study run' },
    ...runs.map((r) => h('option', { value: r.name, text: RUN_TITLES[r.name] || `${r.name} run` })));
  const head = h('div', { class: 'study-runbar' }, h('h2', { text: 'Shipped results' }), runs.length > 1 ? select : null);
  box.append(head, body);
  const showRun = async (run) => {
    body.textContent = '';
    body.append(h('p', { class: 'muted', text: 'Loading…' }));
    box.setAttribute('aria-busy', 'true');
    const results = await getJson(`study/${encodeURIComponent(run.name)}/results.json`);
    box.setAttribute('aria-busy', 'false');
    body.textContent = '';
    const t = results && results.tournament;
    if (!t || !Array.isArray(t.players)) {
      body.append(h('p', { class: 'muted', text: `The ${run.name} run has no readable results.` }));
    } else {
      const figures = keyFigures(results);
      if (figures) body.append(figures);
      body.append(aboutRun(results), playersTable(results));
      // The charts, drawn from the same results (each waits for the
      // chart library, and draws when it has its width in the page).
      const charts = studyCharts(results);
      const plots = h('div', { class: 'study-plots', 'data-charts': 'drawing' }, ...charts.map((c) => c.figure));
      body.append(plots);
      Promise.all(charts.map((c) => c.ready)).then(() => { plots.dataset.charts = 'drawn'; }, () => { plots.dataset.charts = 'failed'; });
    }
  };
  select.addEventListener('change', () => showRun(runs.find((r) => r.name === select.value)));
  await showRun(runs[0]);
}

// The view's elements in `section`: the introduction, the live match's
// controls, progress and log, and the box of the shipped results; returns
// them by name (el.start, el.status, el.results, ...).
function buildStudyPage(section) {
  const el = {};
  const intro = h('div', { class: 'card study-intro' },
    h('h2', { text: 'How playing strength grows with thinking time' }),
    h('p', { text: 'Engine-versus-engine Connect Four matches between players that differ only in how long they may '
      + 'think per move (and, for comparison, in switched-off techniques; the mcts run also in how they search: Monte Carlo '
      + 'tree search against alpha-beta). Each pairing plays fixed, balanced openings '
      + 'with both colours; a judge (the exact solver) checks which moves keep the game value. '
      + 'Below: the shipped results, how they were made, their numbers and their charts.' }));
  // (Not a live region: a screen reader would read the whole table, the run
  // picker included, at every change; aria-busy marks it while it loads.)
  el.results = h('div', { class: 'study-results', 'aria-busy': 'true' }, h('p', { class: 'muted', text: 'Loading the results…' }));

  const searchSelect = (id) => h('select', { id }, ...Object.entries(SEARCHES).map(([v, t]) => h('option', { value: v, text: t })));
  el.algoA = searchSelect('study-algo-a');
  el.algoB = searchSelect('study-algo-b');
  el.timeA = h('select', { id: 'study-time-a' }, ...TIMES.map((t) => h('option', { value: t, text: fmtTime(t) })));
  el.timeB = h('select', { id: 'study-time-b' }, ...TIMES.map((t) => h('option', { value: t, text: fmtTime(t) })));
  el.games = h('select', { id: 'study-games' }, ...GAME_COUNTS.map((n) => h('option', { value: n, text: `${n} games` })));
  el.timeA.value = '10';
  el.timeB.value = '100';
  el.games.value = '6';
  el.start = h('button', { id: 'study-start', type: 'button', class: 'primary', text: 'Start' });
  el.stop = h('button', { id: 'study-stop', type: 'button', text: 'Stop', disabled: true });
  el.presetTime = h('button', { id: 'study-preset-time', type: 'button', class: 'small ghost',
    text: '10 ms against 100 ms (alpha-beta)' });
  el.presetMcts = h('button', { id: 'study-preset-mcts', type: 'button', class: 'small ghost',
    text: 'MCTS against alpha-beta (100 ms)' });
  el.bar = h('div', { class: 'bar', id: 'study-bar' });
  el.progress = h('div', { class: 'progress study-progress', role: 'progressbar', 'aria-valuemin': 0,
    'aria-valuemax': 100, 'aria-valuenow': 0, 'aria-label': 'Experiment progress' }, el.bar);
  el.status = h('p', { id: 'study-status', class: 'study-status', 'aria-live': 'polite',
    text: 'Pick two players and start: the games run in your browser, in two engine workers.' });
  el.score = h('p', { id: 'study-score', class: 'study-score' });
  el.work = h('p', { id: 'study-work', class: 'study-status' });
  el.log = h('ol', { id: 'study-games-log', class: 'study-log' });
  const live = h('div', { class: 'card study-live' },
    h('h2', { text: 'Try it: a live match in your browser' }),
    h('p', { class: 'study-presets' }, h('span', { text: 'Set up: ' }), el.presetTime, h('span', { text: ' · ' }), el.presetMcts),
    h('div', { class: 'study-controls' },
      ...[['A', el.algoA, el.timeA], ['B', el.algoB, el.timeB]].map(([name, algo, time]) =>
        h('fieldset', { class: 'study-player' }, h('legend', { text: `Player ${name}` }),
          h('label', { class: 'field' }, h('span', { text: 'Search' }), algo),
          h('label', { class: 'field' }, h('span', { text: 'Thinks' }), time))),
      h('label', { class: 'field' }, h('span', { text: 'Match' }), el.games),
      h('div', { class: 'study-buttons' }, el.start, el.stop)),
    el.progress, el.status, el.score, el.work, el.log);
  section.append(h('div', { class: 'study-wrap' }, intro, live, el.results));
  return el;
}

export function createStudyView(section) {
  let loaded = null;
  let experiment = null;   // {stopped, players}

  const el = buildStudyPage(section);

  el.start.addEventListener('click', () => startExperiment());
  el.stop.addEventListener('click', () => stopExperiment('Stopped.'));
  // The status names the match set up (a preset, or the players chosen after it).
  const describeSetup = () => {
    if (experiment) return;
    el.status.textContent = `Set up: ${SEARCHES[el.algoA.value]} ${fmtTime(Number(el.timeA.value))} against `
      + `${SEARCHES[el.algoB.value]} ${fmtTime(Number(el.timeB.value))}. Press Start.`;
  };
  const preset = (algoA, timeA, algoB, timeB) => {
    if (experiment) return;
    el.algoA.value = algoA; el.timeA.value = String(timeA);
    el.algoB.value = algoB; el.timeB.value = String(timeB);
    describeSetup();
  };
  for (const sel of [el.algoA, el.timeA, el.algoB, el.timeB]) {
    sel.addEventListener('change', () => { if (el.status.textContent.startsWith('Set up: ')) describeSetup(); });
  }
  el.presetTime.addEventListener('click', () => preset('alphabeta', 10, 'alphabeta', 100));
  el.presetMcts.addEventListener('click', () => preset('mcts', 100, 'alphabeta', 100));

  function setProgress(f) {
    const v = Math.max(0, Math.min(1, f));
    el.bar.style.width = `${(v * 100).toFixed(1)}%`;
    el.progress.setAttribute('aria-valuenow', String(Math.round(v * 100)));
  }

  function showScore(exp) {
    const { players: [a, b], w, d, l } = exp;
    const n = w + d + l;
    if (!n) { el.score.textContent = ''; return; }
    const s = (w + d / 2) / n;
    const elo = eloFromScore(s);
    // Named by time alone when both search alike (the time-against-time match).
    const name = (p) => (a.algorithm === b.algorithm ? fmtTime(p.timeMs) : p.label);
    el.score.textContent = `${name(a)} against ${name(b)}: ${w} won, ${d} drawn, ${l} lost — score ${pct(s)}`
      + (elo === null ? '' : ` (≈ ${signed(elo)} Elo)`);
    el.work.textContent = `A: ${workText(a)}; B: ${workText(b)}.`;
  }

  function stopExperiment(text) {
    if (!experiment) return;
    experiment.stopped = true;
    for (const p of experiment.players) p.stop();
    experiment = null;
    el.status.textContent = text;
    el.start.disabled = false;
    el.stop.disabled = true;
  }

  async function startExperiment() {
    if (experiment) return;
    const total = Number(el.games.value);
    const players = [makePlayer(el.algoA.value, Number(el.timeA.value)), makePlayer(el.algoB.value, Number(el.timeB.value))];
    const exp = { stopped: false, players, w: 0, d: 0, l: 0 };
    experiment = exp;
    el.start.disabled = true;
    el.stop.disabled = false;
    el.log.textContent = '';
    el.score.textContent = '';
    el.work.textContent = '';
    setProgress(0);
    try {
      for (let i = 0; i < total && !exp.stopped; i++) {
        const opening = OPENINGS[Math.floor(i / 2) % OPENINGS.length];
        const aFirst = i % 2 === 0;   // A plays Red (first) in even games
        const side = (s) => (s === 1) === aFirst ? players[0] : players[1];
        await Promise.all(players.map((p) => p.newGame()));
        const g = Game.fromMoves('connect4', opening).game;
        while (!g.over && !exp.stopped) {
          el.status.textContent = `Game ${i + 1} of ${total}: move ${g.plies + 1}, ${side(g.sideToMove) === players[0] ? 'A' : 'B'} thinks`;
          setProgress((i + Math.min(1, g.plies / 42)) / total);
          const player = side(g.sideToMove);
          const reply = await player.move(g.moveString());
          if (!reply || exp.stopped) break;
          // A proven move stops early and says nothing of the search's reach.
          if (reply.outcome === null || player.algorithm === 'mcts') {
            player.moves++;
            player.work += player.algorithm === 'mcts' ? reply.playouts : reply.depth;
          }
          if (!g.play(reply.move)) throw new Error(`illegal move ${reply.move}`);
        }
        if (exp.stopped) break;
        const aSide = aFirst ? 1 : 2;
        const result = g.winner === 0 ? 'draw' : g.winner === aSide ? 'A wins' : 'B wins';
        if (g.winner === 0) exp.d++; else if (g.winner === aSide) exp.w++; else exp.l++;
        el.log.append(h('li', { text: `opening ${opening}, A plays ${aFirst ? 'Red (first)' : 'Yellow'}: ${result} in ${g.plies} moves` }));
        showScore(exp);
        setProgress((i + 1) / total);
      }
      if (!exp.stopped) {
        stopExperiment(`Done: ${total} games.`);
      }
    } catch (e) {
      if (!exp.stopped) stopExperiment(`The experiment failed: ${e && e.message ? e.message : e}`);
    }
  }

  return {
    show() {
      if (!loaded) loaded = loadResults(el.results);
    },
    hide() {
      stopExperiment('Stopped: you left the Study view.');
    },
  };
}
