// The search-tree explorer: mountTreeView(container, {game, moves, depth, engine}).
//
// Shows, for one position, what the wasm engine's instrumented search did
// (engine/search/tree_trace.hpp): node counts of four algorithms side by side
// (#tree-stats, with why ordering lost where it did), the tree of the
// selected algorithm (lazy: only expanded nodes are in the DOM), a
// step-through of the search with the lecture's pseudocode, and iterative
// deepening per depth. Values are shown in negamax form (the engine's) or in
// minimax form, for MAX with MAX and MIN levels (the values switch).
// Beside them, the engine's Monte Carlo tree search of the same position
// (algorithm 'mcts', mcts-view.js): its playout count in #tree-stats always;
// chosen, its tree and its playouts one at a time, with the alpha-beta tree
// of the position beside them.
//
// Without moves (undefined: a link without `moves=`) Tic-Tac-Toe opens on the
// lesson position (LESSONS), whose whole search is short enough to step
// through in class; the empty board is one click away. An explicit move
// string, the empty one included, opens exactly that position.
//
// engine: {trace(game, moves, algorithm, depth) -> Promise<result>, and
// optionally counts(game, moves, depth), deepening(game, moves, depth),
// mcts(game, moves, playouts, seed)} (see engine/trace-engine.js; without counts() the
// view traces every algorithm; without mcts() there is no MCTS).
// Options: algorithm ('alphabeta' default, or 'mcts'), values ('negamax'
// default, or 'minimax'), playouts and seed (MCTS's budget, default per game,
// and seed, default 1), onChange({game, moves, depth, algorithm, values,
// playouts, seed}) called when the user changes the position, the
// algorithm, the values or MCTS's budget.
// Returns {destroy(), load({game, moves, depth, algorithm, values}), state()}
// where state() is what onChange would report now.
//
// The parts: tree-skeleton.js builds the page, tree-pane.js draws the tree,
// step-panel.js the step-through, tree-figures.js the two tables; this file
// loads the traces and counts and passes the shared state (tree-state.js).

import { clip, h, group } from '../lib/dom.js';
import { ALGORITHMS, Trace, formatValue, valueWords } from './trace.js';
import { GAMES } from '../lib/games.js';
import { hasGameTree } from '../lib/views.js';
import { parseMoves, replay } from '../lib/boards.js';
import { createStepPanel } from './step-panel.js';
import { orderingNote, renderAlgorithmStats, renderDeepening } from './tree-figures.js';
import { createTreePane } from './tree-pane.js';
import { buildTreeSkeleton } from './tree-skeleton.js';
import { maxToMove, sideToMove } from './tree-state.js';
import { MCTS_MAX_PLAYOUTS, MctsTrace, mctsDefaultPlayouts } from './mcts-trace.js';
import { buildMctsCards, createMctsPanel } from './mcts-view.js';

const DEFAULT_DEPTH = 4;   // the first depth limit of a game the explorer cannot search to the end

// The position a game opens on when the link names none, and why. Tic-Tac-Toe
// 1659 (X: 1 5, O: 6 9, X to move): O threatens 3-6-9, X must block at 3,
// and the block makes two threats (2 and 7), so X wins with its 4th mark.
// Alpha-beta settles it in 49 nodes, 162 steps (minimax: 162 nodes), five
// moves at the root and cut-offs at plies 1, 2 and 3; from the empty board
// alpha-beta takes 20,866 nodes, 67,453 steps (docs/tree-explorer.md).
const LESSONS = {
  tictactoe: {
    moves: '1659',
    why: 'Why this position: X must block at 3, and that block is a fork (threats at 2 and 7), so X wins; ' +
      'a search short enough to step through, with cut-offs on every level.',
  },
};

// At most this many ordered nodes are traced to explain why ordering lost.
const ORDER_NOTE_MOST = 200000;

// The form of values of a link or option: 'minimax', else 'negamax'.
const valuesOf = (v) => (v === 'minimax' ? 'minimax' : 'negamax');

// The algorithms a link may name: the four traced ones and 'mcts'.
const knownAlgorithm = (id) => id === 'mcts' || ALGORITHMS.some((a) => a.id === id);
// A link's algorithm that is not one of them, named as normalizePosition
// names a bad game or depth ('' for a known one or none).
const algorithmNote = (id) => {
  if (id === undefined || id === null || knownAlgorithm(id)) return '';
  const ids = [...ALGORITHMS.map((a) => a.id), 'mcts'];
  return `Unknown algorithm '${clip(String(id))}' (use ${ids.slice(0, -1).join(', ')} or ${ids.at(-1)}): showing alpha-beta.`;
};

// MCTS's budget and seed from a link or the form: {playouts, seed, error};
// playouts null means the game's default (mctsDefaultPlayouts).
function normalizeMcts({ playouts, seed }) {
  let error = '';
  let n = null;
  if (playouts !== undefined && playouts !== null && playouts !== '') {
    n = Number(playouts);
    if (!Number.isInteger(n) || n < 1) {
      error = `'${playouts}' is not a number of playouts: MCTS uses its default.`;
      n = null;
    } else if (n > MCTS_MAX_PLAYOUTS) {
      error = `At most ${group(MCTS_MAX_PLAYOUTS)} playouts are traced (each is kept for stepping): MCTS uses ${group(MCTS_MAX_PLAYOUTS)}.`;
      n = MCTS_MAX_PLAYOUTS;
    }
  }
  let sd = Number(seed ?? 1);
  if (!Number.isInteger(sd) || sd < 0 || sd > 0xffffffff) {
    error += `${error ? ' ' : ''}'${seed}' is not a seed (a whole number from 0): MCTS uses seed 1.`;
    sd = 1;
  }
  return { playouts: n, seed: sd, error };
}

// Cleans the requested position: {game, moves, depth, error}. Moves undefined
// (none asked for): the game's lesson position, else the empty board.
function normalizePosition({ game, moves, depth }) {
  const g = GAMES[game] ? game : 'tictactoe';
  let error = GAMES[game] || game === undefined ? '' : `Unknown game '${game}': showing Tic-Tac-Toe.`;
  let m = typeof moves === 'string' ? moves : LESSONS[g]?.moves ?? '';
  if (!/^\d*$/.test(m) || [...m].some((ch) => ch < '1' || Number(ch) > GAMES[g].moveSlots)) {
    error += `${error ? ' ' : ''}'${m}' is not a ${GAMES[g].name} move string: showing the empty board.`;
    m = '';
  }
  // 0 (or none): the game's default (to the end, or DEFAULT_DEPTH where the tree needs a limit).
  const asked = String(depth ?? '');
  const n = /^\d+$/.test(asked) ? Number(asked) : NaN;
  let d = Number.isNaN(n) ? 0 : n;
  const most = GAMES[g].treeMaxDepth;
  if (most) d = Math.min(Math.max(d || DEFAULT_DEPTH, 1), most);
  else d = Math.min(d, GAMES[g].maxPlies);
  if (asked && n !== 0 && n !== d) {
    const why = Number.isNaN(n) ? 'a whole number of plies' : `at most ${most || GAMES[g].maxPlies} plies`;
    error += `${error ? ' ' : ''}The depth limit must be ${why} ('${asked.slice(0, 20)}'): using ${d || 'none (to the end)'}.`;
  }
  return { game: g, moves: m, depth: d, error };
}

// The message under the position form (in red when it is an error).
function say(msg, text, isError = false) {
  msg.textContent = text;
  msg.classList.toggle('tv-error', isError);
}

// Fills the position form for the position `view.pos` and says what it is
// (or the error that replaced the requested position); the lesson line says
// why the lesson position was chosen and offers the empty board (or the
// lesson position) one click away.
function showPosition(els, view, error) {
  const { gameSel, movesIn, depthIn, depthHelp, msg, lesson, emptyBtn, lessonBtn } = els;
  const { pos } = view;
  gameSel.value = pos.game;
  movesIn.value = pos.moves;
  const most = GAMES[pos.game].treeMaxDepth;
  depthIn.min = most ? '1' : '0';
  depthIn.max = String(most || GAMES[pos.game].maxPlies);
  depthIn.value = String(pos.depth);
  depthHelp.textContent = most ? `plies (1–${most})` : 'plies (0 = to the end)';
  const { cells } = replay(pos.game, parseMoves(pos.moves));
  say(msg, error || `${GAMES[pos.game].name}, ${pos.moves ? `after ${pos.moves}` : 'the empty board'}: ` +
    `${sideToMove(view, -1)} to move, ${cells.filter((c) => !c).length} empty ${GAMES[pos.game].gravity ? 'places' : 'cells'}` +
    (most ? `, depth limit ${pos.depth}.` : pos.depth ? `, depth limit ${pos.depth}.` : ', searched to the end.'), Boolean(error));
  const les = LESSONS[pos.game];
  lesson.textContent = les && pos.moves === les.moves ? les.why
    : les && !pos.moves ? 'The empty board: the whole game, far too many steps to follow in a lesson.' : '';
  lesson.hidden = !lesson.textContent;
  emptyBtn.hidden = !pos.moves;
  lessonBtn.hidden = !les || pos.moves === les.moves;
}

// The node counts of every algorithm at the position: the engine's counts()
// when it has one, else from a trace of each (getTrace(algorithm)).
async function countNodes(engine, pos, getTrace) {
  if (engine.counts) return engine.counts(pos.game, pos.moves, pos.depth);
  const list = [];
  let exactScale = true;
  for (const a of ALGORITHMS) {
    const t = await getTrace(a.id);
    exactScale = t.exactScale;
    list.push({ algorithm: a.id, nodes: t.nodes, value: t.value, cutoffs: t.cutoffs, tableHits: t.tableHits });
  }
  return { exactScale, algorithms: list };
}

// The MCTS side of the explorer: the budget asked for (by the link or the
// cards), the engine's traced run of the position, and its two cards.
// hooks: isChosen() (MCTS is the chosen algorithm), generation() (the
// view's load count: late answers are dropped), onRun() (the run or its
// error changed), onBudget() (the cards asked for another budget), root, msg.
function createMctsSide(engine, view, mEls, options, hooks) {
  let ask = normalizeMcts(options);
  /** @type {{trace: MctsTrace | null, error: string, key: string}} */
  let run = { trace: null, error: '', key: '' };
  const playouts = () => ask.playouts ?? mctsDefaultPlayouts(view.pos.game);
  const panel = createMctsPanel(mEls, {
    onBudget: (budget) => {
      ask = normalizeMcts(budget);
      if (ask.error) say(hooks.msg, ask.error, true);
      load().catch(() => {});
      hooks.onBudget();
    },
  });
  // The cards: drawn while MCTS is the chosen algorithm.
  function show(keep = false) {
    if (!hooks.isChosen()) return;
    if (run.trace) panel.show(run.trace, view.pos, keep);
    else panel.clear(run.error ? `MCTS could not run here: ${run.error}` : 'Running MCTS…');
    hooks.root.dataset.mcts = run.trace ? 'ready' : run.error ? 'error' : 'loading';
  }
  async function load() {
    if (!engine.mcts) return;
    const g = hooks.generation();
    const { game, moves } = view.pos;
    const n = playouts();
    const { seed } = ask;
    const key = `${game}:${moves}:${n}:${seed}`;
    if (run.key === key && (run.trace || run.error)) { show(); return; }
    run = { trace: null, error: '', key };
    panel.clear('Running MCTS…');
    hooks.onRun();
    try {
      const r = await engine.mcts(game, moves, n, seed);
      if (g !== hooks.generation() || run.key !== key) return;
      run.trace = new MctsTrace(r, { budget: n, seed });
    } catch (e) {
      if (g !== hooks.generation() || run.key !== key) return;
      run.error = e.message;
    }
    hooks.onRun();
    show();
  }
  return {
    load, show, panel, playouts,
    seed: () => ask.seed,
    error: () => ask.error,
    // The run for the side-by-side figures (null: the engine has no MCTS).
    figure: () => (engine.mcts ? { ...run, playouts: playouts(), seed: ask.seed, game: view.pos.game, moves: view.pos.moves } : null),
    // A new position: the budget `next` names, if any; another game without one: that game's default.
    next(next, gameChanged) {
      if ('playouts' in next || 'seed' in next) ask = normalizeMcts({ playouts: next.playouts, seed: next.seed });
      else if (gameChanged) ask = { ...ask, playouts: null, error: '' };
    },
  };
}

// The root's value as the figures say it: "+3 for X to move (win with its
// 3rd mark)", or in the minimax view for MAX.
function rootValueText(view, exactScale, v) {
  const { game } = view.pos;
  const side = sideToMove(view, -1);
  const words = valueWords(v, exactScale, game);
  if (view.values === 'negamax') return `${formatValue(v, exactScale)} for ${side} to move (${words})`;
  const forMax = maxToMove(view, -1) ? v : 0 - v;
  return `${formatValue(forMax, exactScale)} for MAX (${GAMES[game].sides[0]}) — ${side} to move: ${words}`;
}

// The sentence under the tree's legend: what its numbers mean in the view's form.
function valuesNoteText(view) {
  const [max, min] = GAMES[view.pos.game].sides;
  return view.values === 'minimax'
    ? `Minimax: every value is for MAX (${max}, who moves first); at MIN's nodes (${min} to move) the engine's value v ` +
      'shows as −v and its window (α, β) as (−β, −α).'
    : 'Negamax: every value is for the side to move at its node (a parent negates its children\'s).';
}

// The traces of the position shown, one per algorithm, asked of the engine
// once each (cleared with the position). generation() drops late answers.
function createTraceCache(engine, view, generation) {
  const traces = new Map();    // algorithm -> Promise<Trace>
  return {
    get(algo) {
      if (!traces.has(algo)) {
        const g = generation();
        const { pos } = view;
        const p = engine.trace(pos.game, pos.moves, algo, pos.depth).then((r) => {
          if (g !== generation()) throw new Error('stale');
          return new Trace(r, { algorithm: algo });
        });
        p.catch(() => {});
        traces.set(algo, p);
      }
      return traces.get(algo);
    },
    clear: () => traces.clear(),
  };
}

// When ordering searched more nodes than natural order: why, from the two
// traces, in orderNote (isCurrent(): the position is still the one shown).
async function explainOrdering(counts, getTrace, view, orderNote, isCurrent) {
  const count = (id) => counts.algorithms.find((a) => a.algorithm === id)?.nodes;
  const natural = count('alphabeta');
  const ordered = count('ordered');
  if (!(ordered > natural) || ordered > ORDER_NOTE_MOST) return;
  const [a, o] = await Promise.all([getTrace('alphabeta'), getTrace('ordered')]);
  if (!isCurrent() || a.truncated || o.truncated) return;
  orderNote.textContent = orderingNote(a, o, view.pos);
  orderNote.hidden = false;
}

// Wires the position form: Explore, another game (its lesson position if it
// has one, else its empty board; a game with a tree view of its own goes
// there), the empty board and the lesson's position.
function wirePositionForm({ form, gameSel, movesIn, depthIn, emptyBtn, lessonBtn }, choose) {
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    choose({ game: gameSel.value, moves: movesIn.value.trim(), depth: depthIn.value });
  });
  gameSel.addEventListener('change', () => {
    if (hasGameTree(gameSel.value)) { location.hash = `#view=tree&game=${gameSel.value}`; return; }
    choose({ game: gameSel.value, moves: undefined, depth: GAMES[gameSel.value].treeMaxDepth ? DEFAULT_DEPTH : 0 });
  });
  emptyBtn.addEventListener('click', () => choose({ moves: '' }));
  lessonBtn.addEventListener('click', () => choose({ moves: undefined }));
}

// The iterative-deepening card: the engine's steps for the position shown,
// drawn in the view's form of values. generation() drops late answers.
function createDeepening(engine, view, { deepBody, deepNote, deepCard }, generation) {
  let steps = [];
  const render = () => renderDeepening(deepBody, deepNote, steps, view.pos, view.values === 'minimax' && !maxToMove(view, -1) ? -1 : 1);
  return {
    render,
    clear() { steps = []; },
    async load() {
      if (!engine.deepening) { deepCard.hidden = true; return; }
      const g = generation();
      deepBody.replaceChildren(h('tr', {}, h('td', { colspan: '7', class: 'tv-muted', text: 'Searching…' })));
      const r = await engine.deepening(view.pos.game, view.pos.moves, view.pos.depth);
      if (g !== generation()) return;
      steps = r.steps || [];
      render();
    },
  };
}

// The tree card's title: the algorithm shown and its nodes (t: its trace,
// or null while it loads; besideMcts: MCTS is the chosen algorithm).
function treeTitleText(id, t, besideMcts) {
  const a = ALGORITHMS.find((x) => x.id === id);
  if (!t) return `— ${a.label} (loading…)`;
  return `— ${a.label}: ${group(t.nodes)} nodes` + (t.truncated ? ` (the first ${group(t.recorded)} are shown)` : '') +
    (besideMcts ? ', beside MCTS' : '');
}

// The values switch's state, and the sentence under the tree's legend:
// what its numbers mean in the view's form.
function showValuesForm({ valuesSwitch, valuesNote, root }, view) {
  for (const input of valuesSwitch.querySelectorAll('input')) input.checked = input.value === view.values;
  valuesNote.textContent = valuesNoteText(view);
  root.dataset.values = view.values;
}

// MCTS chosen or not: its cards shown, alpha-beta's tree beside them, its
// step-through hidden.
function showMode({ stepCard, root }, mEls, mcts, algorithm) {
  const on = algorithm === 'mcts';
  mEls.mTreeCard.hidden = mEls.mStepCard.hidden = !on;
  stepCard.hidden = on;
  mcts.panel.setActive(on);
  root.dataset.algorithm = algorithm;
}

// The engine refused to trace the position: moves it cannot play (a taken
// cell, a full column, a move after the end) give way to the empty board
// (reload(next)); otherwise the message says why.
function sayRefused(msg, view, error, reload) {
  if (!view.pos.moves) {
    say(msg, `The engine could not trace this position: ${error.message}`, true);
    return;
  }
  const bad = view.pos.moves;
  reload({ moves: '' });
  say(msg, `'${bad}' is not a playable position (${error.message}): showing the empty board.`, true);
}

export function mountTreeView(container, options) {
  const engine = options.engine;
  const onChange = options.onChange || (() => {});
  /** @type {import('./tree-state.js').TreeViewState} */
  const view = { pos: normalizePosition(options), trace: null, values: valuesOf(options.values) };
  view.pos.error = [view.pos.error, algorithmNote(options.algorithm)].filter(Boolean).join(' ');
  let algorithm = knownAlgorithm(options.algorithm) ? options.algorithm : 'alphabeta';
  let generation = 0;          // bumps on every load: late answers are dropped
  let counts = null;

  const els = buildTreeSkeleton();
  const { msg, valuesSwitch, stats, statsNote, orderNote,
    treeTitle, root, treeCard } = els;
  const mEls = buildMctsCards();
  // Reading order with MCTS shown: its tree, its playouts, then alpha-beta's tree.
  treeCard.before(mEls.mTreeCard, mEls.mStepCard);
  container.replaceChildren(root);
  const state = () => ({ game: view.pos.game, moves: view.pos.moves, depth: view.pos.depth, algorithm, values: view.values,
    playouts: mcts.playouts(), seed: mcts.seed() });
  const tree = createTreePane(els, view, { onJump: (i) => stepper.jumpTo(i), currentNode: () => stepper.currentNode() });
  const stepper = createStepPanel(els, view, { onNode: (i, scroll) => { tree.reveal(i); tree.markCurrent(i, scroll); } });
  const mcts = createMctsSide(engine, view, mEls, options, {
    isChosen: () => algorithm === 'mcts', generation: () => generation, root, msg,
    onRun: () => { if (counts) renderStats(); },
    onBudget: () => onChange(state()),
  });
  // The alpha-beta algorithm whose tree is shown (beside MCTS when MCTS is chosen).
  let abAlgorithm = algorithm === 'mcts' ? 'alphabeta' : algorithm;

  const traces = createTraceCache(engine, view, () => generation);
  const getTrace = traces.get;

  // ---- the algorithms side by side, iterative deepening --------------------------------
  function renderStats() {
    renderAlgorithmStats(stats, statsNote, counts, { algorithm, depth: view.pos.depth,
      valueText: (v) => rootValueText(view, counts.exactScale, v),
      onSelect: selectAlgorithm, cutWord: view.values === 'minimax' ? 'cut-offs (β at MAX, α at MIN)' : 'β-cuts',
      mcts: mcts.figure() });
  }
  async function loadCounts() {
    const g = generation;
    const r = await countNodes(engine, view.pos, getTrace);
    if (g !== generation) return;
    counts = r;
    renderStats();
    await explainOrdering(counts, getTrace, view, orderNote, () => g === generation);
  }
  const deep = createDeepening(engine, view, els, () => generation);

  // ---- the values switch: negamax or minimax (MAX/MIN) ----------------------------------
  function setValues(values) {
    if (values === view.values) return;
    view.values = values;
    showValuesForm(els, view);
    if (view.trace) { tree.redraw(); stepper.redraw(); }
    if (counts) renderStats();
    deep.render();
    onChange(state());
  }
  valuesSwitch.addEventListener('change', (e) => setValues(valuesOf(/** @type {HTMLInputElement} */ (e.target).value)));

  // ---- loading -------------------------------------------------------------------------
  async function showAlgorithm() {
    const g = generation;
    stepper.stop();
    showMode(els, mEls, mcts, algorithm);
    const shown = algorithm === 'mcts' ? abAlgorithm : algorithm;
    treeTitle.textContent = treeTitleText(shown, null, false);
    let t;
    try {
      t = await getTrace(shown);
    } catch (e) {
      if (g === generation) sayRefused(msg, view, e, load);
      return;
    }
    if (g !== generation) return;
    treeTitle.textContent = treeTitleText(shown, t, algorithm === 'mcts');
    if (view.trace !== t) {
      view.trace = t;
      tree.reset();
      stepper.start();
    }
    renderStats();
    mcts.show(true);
    root.dataset.ready = 'true';
  }

  function selectAlgorithm(id) {
    if (id === algorithm && (id === 'mcts' || (view.trace && view.trace.algorithm === id))) return;
    algorithm = id;
    if (id !== 'mcts') abAlgorithm = id;
    root.dataset.ready = 'false';
    renderStats();
    onChange(state());
    showAlgorithm();
  }

  /** @param {{game?: string, moves?: string, depth?: any, algorithm?: string, values?: string, playouts?: any, seed?: any}} [next] */
  function load(next = {}) {
    const n = normalizePosition({ ...view.pos, ...next });
    n.error ||= view.pos.error || '';  // the first load: what the link asked for that could not be shown
    if (next.algorithm) n.error = [n.error, algorithmNote(next.algorithm)].filter(Boolean).join(' ');
    const gameChanged = n.game !== view.pos.game;
    view.pos = { game: n.game, moves: n.moves, depth: n.depth, error: '' };
    if (next.algorithm && knownAlgorithm(next.algorithm)) {
      algorithm = next.algorithm;
      if (algorithm !== 'mcts') abAlgorithm = algorithm;
    }
    if ('values' in next) view.values = valuesOf(next.values);
    mcts.next(next, gameChanged);
    generation++;
    traces.clear();
    view.trace = null;
    stepper.clear();
    counts = null;
    deep.clear();
    orderNote.hidden = true;
    root.dataset.ready = 'false';
    root.dataset.game = view.pos.game;
    showPosition(els, view, n.error);
    if (mcts.error()) say(msg, `${n.error ? `${msg.textContent} ` : ''}${mcts.error()}`, true);
    showValuesForm(els, view);
    stats.replaceChildren(h('p', { class: 'tv-muted', text: 'Counting nodes…' }));
    statsNote.textContent = '';   // (the last position's verdict)
    loadCounts().catch(() => {});  // showAlgorithm() reports a refused position
    showAlgorithm();
    mcts.load().catch(() => {});
    deep.load().catch(() => {});
  }

  // A new position chosen on the page (the hash follows through onChange).
  wirePositionForm(els, (next) => {
    load(next);
    onChange(state());
  });

  load();

  return {
    load: (next) => load(next),
    state,
    destroy() {
      stepper.destroy();
      mcts.panel.destroy();
      generation++;
      container.replaceChildren();
    },
  };
}
