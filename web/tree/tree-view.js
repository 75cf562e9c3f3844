// The search-tree explorer: mountTreeView(container, {game, moves, depth, engine}).
//
// Shows, for one position, what the wasm engine's instrumented search did
// (engine/search/tree_trace.hpp): node counts of four algorithms side by side
// (#tree-stats), the tree of the selected algorithm (lazy: only expanded
// nodes are in the DOM), a step-through of the search with the lecture's
// pseudocode, and iterative deepening per depth.
//
// engine: {trace(game, moves, algorithm, depth) -> Promise<result>, and
// optionally counts(game, moves, depth), deepening(game, moves, depth)}
// (see engine.js; without counts() the view traces every algorithm).
// Options: algorithm ('alphabeta' default), onChange({game, moves, depth,
// algorithm}) called when the user changes the position or algorithm.
// Returns {destroy(), load({game, moves, depth, algorithm})}.

import { h, group } from '../js/dom.js';
import { ALGORITHMS, FLAG, Trace } from './trace.js';
import { GAMES } from '../js/games.js';
import { boardSvg, legalMoves, moveText, parseMoves, replay } from './boards.js';
import { buildEvents, eventState, pseudocode } from './pseudocode.js';
import { renderAlgorithmStats, renderDeepening } from './tree-figures.js';
import { buildTreeSkeleton, iconSvg } from './tree-skeleton.js';

const DEFAULT_DEPTH = 4;   // the first depth limit of a game the explorer cannot search to the end

// Cleans the requested position: {game, moves, depth, error}.
function normalizePosition({ game, moves, depth }) {
  const g = GAMES[game] ? game : 'tictactoe';
  let error = GAMES[game] || game === undefined ? '' : `Unknown game '${game}': showing Tic-Tac-Toe.`;
  let m = typeof moves === 'string' ? moves : '';
  if (!/^\d*$/.test(m) || [...m].some((ch) => ch < '1' || Number(ch) > GAMES[g].moveSlots)) {
    error = `'${m}' is not a ${GAMES[g].name} move string: showing the empty board.`;
    m = '';
  }
  let d = Number.parseInt(depth, 10);
  if (!Number.isFinite(d) || d < 0) d = 0;
  const most = GAMES[g].treeMaxDepth;
  if (most) d = Math.min(Math.max(d || DEFAULT_DEPTH, 1), most);
  else d = Math.min(d, GAMES[g].maxPlies);
  return { game: g, moves: m, depth: d, error };
}

export function mountTreeView(container, options) {
  const engine = options.engine;
  const onChange = options.onChange || (() => {});
  let pos = normalizePosition(options);
  let algorithm = ALGORITHMS.some((a) => a.id === options.algorithm) ? options.algorithm : 'alphabeta';
  let generation = 0;          // bumps on every load: late answers are dropped
  const traces = new Map();    // algorithm -> Promise<Trace>
  let trace = null;            // the shown algorithm's trace
  let events = null;           // its step-through events (built on first use)
  let step = 0;
  let timer = 0;
  const expanded = new Set();  // node indexes expanded in the tree
  const autoExpanded = new Set();
  const rows = new Map();      // node index -> row element (rendered rows only)
  let currentRow = null;
  let counts = null;

  const {
    gameSel, movesIn, depthIn, depthHelp, form, msg, stats, statsNote, treeTitle, expandPvBtn,
    collapseBtn, treeBox, stepBoard, stepPath, firstBtn, backBtn, playBtn, fwdBtn, lastBtn, speed,
    speedOut, rewind, stepOut, vars, code, narration, codeNote, deepBody, deepNote, deepCard, root,
  } = buildTreeSkeleton();
  container.replaceChildren(root);

  // ---- helpers ------------------------------------------------------------
  const rootMoves = () => parseMoves(pos.moves);
  const pathMoves = (i) => rootMoves().concat(trace.path(i));
  function describe(i) {
    if (i === 0) return 'the root';
    const ply = pos.moves.length + trace.ply(i) - 1;
    return `“${moveText(pos.game, trace.move(i), ply)}”`;
  }
  function sideToMove(i) {
    const ply = pos.moves.length + (i >= 0 && trace ? trace.ply(i) : 0);
    return GAMES[pos.game].sides[ply % 2];
  }
  function say(text, isError = false) {
    msg.textContent = text;
    msg.classList.toggle('tv-error', isError);
  }

  function getTrace(algo) {
    if (!traces.has(algo)) {
      const g = generation;
      const p = engine.trace(pos.game, pos.moves, algo, pos.depth).then((r) => {
        if (g !== generation) throw new Error('stale');
        return new Trace(r, { algorithm: algo });
      });
      p.catch(() => {});
      traces.set(algo, p);
    }
    return traces.get(algo);
  }

  // ---- algorithms side by side --------------------------------------------
  function renderStats() {
    renderAlgorithmStats(stats, statsNote, counts, { algorithm, game: pos.game, depth: pos.depth, side: sideToMove(-1),
      fmt: formatRoot, onSelect: selectAlgorithm });
  }
  function formatRoot(v) {
    return trace ? trace.fmt(v) : String(v);
  }

  async function loadCounts() {
    const g = generation;
    let r;
    if (engine.counts) {
      r = await engine.counts(pos.game, pos.moves, pos.depth);
    } else {
      const list = [];
      let exactScale = true;
      for (const a of ALGORITHMS) {
        const t = await getTrace(a.id);
        exactScale = t.exactScale;
        list.push({ algorithm: a.id, nodes: t.nodes, value: t.value, cutoffs: t.cutoffs, tableHits: t.tableHits });
      }
      r = { exactScale, algorithms: list };
    }
    if (g !== generation) return;
    counts = r;
    renderStats();
  }

  // ---- the tree -------------------------------------------------------------
  function nodeRow(i) {
    const t = trace;
    const f = t.flags(i);
    const kids = t.end(i) - i - 1;
    const leafish = f & (FLAG.terminal | FLAG.horizon | FLAG.tableHit);
    const toggle = h('button', { type: 'button', class: 'tv-toggle', 'aria-label': kids ? 'Expand or collapse' : 'Leaf', tabindex: '-1' });
    toggle.textContent = kids ? (expanded.has(i) ? '▾' : '▸') : '•';
    if (!kids) toggle.disabled = true;
    const ply = pos.moves.length + t.ply(i) - 1;
    const label = i === 0 ? 'Root' : moveText(pos.game, t.move(i), ply);
    const chips = [];
    if (f & FLAG.chosen) chips.push(h('span', { class: 'tv-chip tv-chip-chosen', text: '★ best' }));
    if (f & FLAG.terminal) chips.push(h('span', { class: 'tv-chip tv-chip-leaf', text: t.val(i) === 0 ? 'draw' : 'game over' }));
    if (f & FLAG.horizon) chips.push(h('span', { class: 'tv-chip tv-chip-leaf', text: 'horizon: evaluated' }));
    if (f & (FLAG.cutoff | FLAG.tableHit)) chips.push(h('span', { class: `tv-chip ${f & FLAG.cutoff ? 'tv-chip-cut' : 'tv-chip-table'}`, text: t.reason(i) }));
    if (f & FLAG.tableMove) chips.push(h('span', { class: 'tv-chip tv-chip-table', text: 'table move first' }));
    if (f & FLAG.truncated) chips.push(h('span', { class: 'tv-chip tv-chip-warn', text: 'incomplete (node cap)' }));
    if (kids && !leafish) chips.push(h('span', { class: 'tv-size', text: `${group(kids + 1)} nodes` }));
    const pruning = trace.algorithm !== 'minimax';
    const row = h('div', {
      class: `tv-row${f & FLAG.chosen ? ' tv-chosen' : ''}${f & FLAG.cutoff ? ' tv-cutnode' : ''}${leafish ? ' tv-leafnode' : ''}`,
      role: 'treeitem', tabindex: '0', 'data-node': i, 'aria-expanded': kids ? String(expanded.has(i)) : undefined,
      'aria-level': String(t.ply(i) + 1),
    },
    toggle,
    boardSvg(pos.game, pathMoves(i), { size: pos.game === 'tictactoe' ? 32 : 46 }),
    h('span', { class: 'tv-move', text: label }),
    h('span', { class: 'tv-val', title: `value for ${sideToMove(i)} to move`, text: `v ${t.fmt(t.val(i))}` }),
    pruning ? h('span', { class: 'tv-win', title: 'window on entry', text: `α ${t.fmt(t.alpha(i))}  β ${t.fmt(t.beta(i))}` }) : null,
    ...chips);
    row.addEventListener('click', (e) => {
      if (e.target === toggle) toggleNode(i);
      else jumpTo(i);
    });
    row.addEventListener('dblclick', () => toggleNode(i));
    row.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { jumpTo(i); e.preventDefault(); }
      if (e.key === '+' || (e.key === 'ArrowRight' && e.altKey)) { expand(i); e.preventDefault(); }
      if (e.key === '-' || (e.key === 'ArrowLeft' && e.altKey)) { collapse(i); e.preventDefault(); }
    });
    rows.set(i, row);
    return row;
  }

  function nodeItem(i) {
    const item = h('div', { class: 'tv-item' });
    item.append(nodeRow(i));
    if (expanded.has(i)) item.append(childrenBox(i));
    return item;
  }

  // Children of an expanded node, then the moves a β-cut pruned (never searched).
  function childrenBox(i) {
    const box = h('div', { class: 'tv-children', role: 'group' });
    const searched = new Set();
    for (const c of trace.children(i)) {
      searched.add(trace.move(c));
      box.append(nodeItem(c));
    }
    if (trace.has(i, FLAG.cutoff)) {
      const ply = pos.moves.length + trace.ply(i);
      const pruned = legalMoves(pos.game, pathMoves(i)).filter((m) => !searched.has(m));
      const ghost = h('div', { class: 'tv-item tv-pruned' },
        h('div', { class: 'tv-row tv-prunedrow' },
          h('span', { class: 'tv-toggle tv-scissors', text: '✂' }),
          ...pruned.map((m) => h('span', { class: 'tv-ghost', title: 'pruned, never searched' },
            boardSvg(pos.game, pathMoves(i).concat([m]), { size: pos.game === 'tictactoe' ? 26 : 36 }),
            h('span', { class: 'tv-move', text: moveText(pos.game, m, ply) }))),
          h('span', { class: 'tv-chip tv-chip-cut', text: `pruned by ${trace.reason(i)}` })));
      box.append(ghost);
    }
    return box;
  }

  function rerenderItem(i) {
    const row = rows.get(i);
    if (!row) return;
    const item = row.parentElement;
    // drop the rows of the old subtree from the index
    for (const r of item.querySelectorAll('.tv-row[data-node]')) rows.delete(Number(r.dataset.node));
    const fresh = nodeItem(i);
    item.replaceWith(fresh);
    if (currentRow && !currentRow.isConnected) markCurrent(events ? eventState(trace, events, step, stateOpts()).current : 0, false);
  }
  function expand(i, auto = false) {
    if (expanded.has(i) || trace.end(i) === i + 1) return;
    expanded.add(i);
    if (auto) autoExpanded.add(i);
    rerenderItem(i);
  }
  function collapse(i) {
    if (!expanded.has(i)) return;
    for (const n of [...expanded]) if (n >= i && n < trace.end(i)) { expanded.delete(n); autoExpanded.delete(n); }
    rerenderItem(i);
  }
  function toggleNode(i) {
    autoExpanded.delete(i);
    if (expanded.has(i)) collapse(i); else expand(i);
  }

  function renderTree() {
    rows.clear();
    currentRow = null;
    treeBox.replaceChildren(nodeItem(0));
  }

  // Expands the chain to node i (auto-expanded nodes off the chain close again).
  function reveal(i) {
    const chain = trace.chain(i);
    const onChain = new Set(chain);
    const stale = [...autoExpanded].filter((n) => !onChain.has(n)).sort((a, b) => a - b);
    for (const n of stale) if (autoExpanded.has(n)) collapse(n);
    for (const n of chain.slice(0, -1)) expand(n, true);
  }

  function markCurrent(i, scroll = true) {
    if (currentRow) currentRow.classList.remove('tv-current');
    currentRow = rows.get(i) || null;
    if (currentRow) {
      currentRow.classList.add('tv-current');
      if (scroll) currentRow.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }

  function showBestLine() {
    let i = 0;
    const chain = [0];
    for (;;) {
      const next = trace.children(i).find((c) => trace.has(c, FLAG.chosen));
      if (next === undefined) break;
      chain.push(next);
      i = next;
    }
    for (const n of chain.slice(0, -1)) { expanded.add(n); autoExpanded.delete(n); }
    renderTree();
    markCurrent(chain[chain.length - 1]);
  }

  // ---- step-through -----------------------------------------------------------
  const stateOpts = () => ({ algorithm: trace.algorithm, maxDepth: trace.exactScale ? 0 : pos.depth, describe });

  function renderCode() {
    code.replaceChildren(...pseudocode(trace.algorithm).map((l) => h('li', { 'data-line': l.id }, h('code', { text: l.text }))));
    codeNote.textContent = {
      minimax: 'Negamax form: every value is from the point of view of the side to move, so a child\'s value is negated.',
      alphabeta: 'Moves are tried in their natural order (1, 2, 3, …). The window (α, β) is passed down negated and swapped.',
      ordered: 'Moves are tried in order: the winning spots a move creates, then how much it improves the evaluation, centre first on ties.',
      table: 'As ordered, but the transposition table\'s best move goes first, and a stored bound that decides ends the node at once.',
    }[trace.algorithm];
  }

  function speedStepsPerSecond() {
    return [1, 2, 3, 5, 8, 12, 20, 35, 60, 120, 240][Number(speed.value)] || 5;
  }

  function showStep(k, { scroll = true } = {}) {
    if (!events || !events.count) return;
    step = Math.min(Math.max(k, 0), events.count - 1);
    rewind.value = String(step);
    const s = eventState(trace, events, step, stateOpts());
    stepOut.textContent = `step ${group(step + 1)} / ${group(events.count)}`;
    for (const li of code.children) li.classList.toggle('tv-exec', s.lines.includes(li.dataset.line));
    narration.textContent = s.text;
    const moves = pathMoves(s.current);
    const g = GAMES[pos.game];
    stepBoard.replaceChildren(boardSvg(pos.game, moves, { size: pos.game === 'tictactoe' ? 176 : 236,
      title: `Position at the current node (${g.name})` }));
    const path = trace.path(s.current);
    stepPath.replaceChildren(h('span', { class: 'tv-pathlabel', text: 'Path: ' }),
      path.length ? path.map((m, j) => moveText(pos.game, m, pos.moves.length + j)).join(' → ') : 'the root position');
    const pruning = trace.algorithm !== 'minimax';
    const dd = (t, v, cls) => [h('dt', { text: t }), h('dd', { class: cls, text: v })];
    vars.replaceChildren(
      ...dd('node', s.frame === 0 ? 'root' : describe(s.frame).replace(/[“”]/g, '')),
      ...dd('to move', sideToMove(s.frame)),
      ...dd('depth', s.depth === null ? `to the end (ply ${trace.ply(s.frame)})` : `${s.depth} left`),
      ...(pruning ? dd('α', trace.fmt(s.alpha), 'tv-alpha') : []),
      ...(pruning ? dd('β', trace.fmt(s.beta), 'tv-beta') : []),
      ...dd('value', s.value === null || s.value === -Infinity ? '−∞' : trace.fmt(s.value), 'tv-value'));
    firstBtn.disabled = backBtn.disabled = step === 0;
    lastBtn.disabled = fwdBtn.disabled = step === events.count - 1;
    if (step === events.count - 1) stopPlay();
    reveal(s.current);
    markCurrent(s.current, scroll);
    root.dataset.step = String(step);
  }

  function jumpTo(i) {
    if (!events) return;
    stopPlay();
    showStep(events.enterAt[i]);
  }

  function stopPlay() {
    if (timer) clearInterval(timer);
    timer = 0;
    playBtn.replaceChildren(iconSvg('play'));
    playBtn.classList.remove('tv-playing');
  }
  function startPlay() {
    if (!events) return;
    if (step >= events.count - 1) showStep(0);
    stopPlay();
    const sps = speedStepsPerSecond();
    const batch = Math.max(1, Math.round(sps / 30));
    timer = setInterval(() => showStep(step + batch), Math.max(1000 / sps * batch, 16));
    playBtn.replaceChildren(iconSvg('pause'));
    playBtn.classList.add('tv-playing');
  }
  function updateSpeed() {
    speedOut.textContent = `${speedStepsPerSecond()} steps/s`;
    if (timer) startPlay();
  }

  firstBtn.addEventListener('click', () => { stopPlay(); showStep(0); });
  backBtn.addEventListener('click', () => { stopPlay(); showStep(step - 1); });
  fwdBtn.addEventListener('click', () => { stopPlay(); showStep(step + 1); });
  lastBtn.addEventListener('click', () => { stopPlay(); showStep(events ? events.count - 1 : 0); });
  playBtn.addEventListener('click', () => (timer ? stopPlay() : startPlay()));
  speed.addEventListener('input', updateSpeed);
  rewind.addEventListener('input', () => { stopPlay(); showStep(Number(rewind.value), { scroll: true }); });
  expandPvBtn.addEventListener('click', showBestLine);
  collapseBtn.addEventListener('click', () => { expanded.clear(); autoExpanded.clear(); expanded.add(0); renderTree(); });

  function onKey(e) {
    if (!events || !root.isConnected) return;
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' && e.target.type !== 'range') return;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight') { stopPlay(); showStep(step + 1); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { stopPlay(); showStep(step - 1); e.preventDefault(); }
    else if (e.key === 'Home') { stopPlay(); showStep(0); e.preventDefault(); }
    else if (e.key === 'End') { stopPlay(); showStep(events.count - 1); e.preventDefault(); }
    else if (e.key === ' ' && tag !== 'BUTTON') { if (timer) stopPlay(); else startPlay(); e.preventDefault(); }
  }
  document.addEventListener('keydown', onKey);

  // ---- iterative deepening -------------------------------------------------------
  async function loadDeepening() {
    if (!engine.deepening) { deepCard.hidden = true; return; }
    const g = generation;
    deepBody.replaceChildren(h('tr', {}, h('td', { colspan: '7', class: 'tv-muted', text: 'Searching…' })));
    const r = await engine.deepening(pos.game, pos.moves, pos.depth);
    if (g !== generation) return;
    renderDeepening(deepBody, deepNote, r.steps || [], pos);
  }

  // ---- loading ----------------------------------------------------------------------
  async function showAlgorithm() {
    const g = generation;
    stopPlay();
    treeTitle.textContent = `— ${ALGORITHMS.find((a) => a.id === algorithm).label} (loading…)`;
    let t;
    try {
      t = await getTrace(algorithm);
    } catch (e) {
      if (g !== generation) return;
      if (pos.moves) {  // the engine refused the moves (a taken cell, a full column, a move after the end)
        const bad = pos.moves;
        load({ moves: '' });
        say(`'${bad}' is not a playable position (${e.message}): showing the empty board.`, true);
      } else {
        say(`The engine could not trace this position: ${e.message}`, true);
      }
      return;
    }
    if (g !== generation) return;
    trace = t;
    events = buildEvents(trace);
    expanded.clear();
    autoExpanded.clear();
    expanded.add(0);
    const a = ALGORITHMS.find((x) => x.id === algorithm);
    treeTitle.textContent = `— ${a.label}: ${group(trace.nodes)} nodes` + (trace.truncated ? ` (the first ${group(trace.recorded)} are shown)` : '');
    renderTree();
    renderCode();
    rewind.max = String(Math.max(0, events.count - 1));
    showStep(0, { scroll: false });
    renderStats();
    root.dataset.algorithm = algorithm;
    root.dataset.ready = 'true';
  }

  function selectAlgorithm(id) {
    if (id === algorithm && trace && trace.algorithm === id) return;
    algorithm = id;
    root.dataset.ready = 'false';
    renderStats();
    onChange({ ...pos, algorithm });
    showAlgorithm();
  }

  function load(next = {}) {
    const n = normalizePosition({ ...pos, ...next });
    pos = { game: n.game, moves: n.moves, depth: n.depth, error: '' };
    if (next.algorithm && ALGORITHMS.some((a) => a.id === next.algorithm)) algorithm = next.algorithm;
    generation++;
    traces.clear();
    trace = null;
    events = null;
    counts = null;
    root.dataset.ready = 'false';
    root.dataset.game = pos.game;
    gameSel.value = pos.game;
    movesIn.value = pos.moves;
    const most = GAMES[pos.game].treeMaxDepth;
    depthIn.min = most ? '1' : '0';
    depthIn.max = String(most || GAMES[pos.game].maxPlies);
    depthIn.value = String(pos.depth);
    depthHelp.textContent = most ? `plies (1–${most})` : 'plies (0 = to the end)';
    const { cells } = replay(pos.game, parseMoves(pos.moves));
    say(n.error || `${GAMES[pos.game].name}, ${pos.moves ? `after ${pos.moves}` : 'the empty board'}: ` +
      `${sideToMove(-1)} to move, ${cells.filter((c) => !c).length} empty ${GAMES[pos.game].gravity ? 'places' : 'cells'}` +
      (most ? `, depth limit ${pos.depth}.` : pos.depth ? `, depth limit ${pos.depth}.` : ', searched to the end.'), Boolean(n.error));
    stats.replaceChildren(h('p', { class: 'tv-muted', text: 'Counting nodes…' }));
    loadCounts().catch(() => {});  // showAlgorithm() reports a refused position
    showAlgorithm();
    loadDeepening().catch(() => {});
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const next = { game: gameSel.value, moves: movesIn.value.trim(), depth: depthIn.value };
    load(next);
    onChange({ ...pos, algorithm });
  });
  gameSel.addEventListener('change', () => {
    load({ game: gameSel.value, moves: '', depth: GAMES[gameSel.value].treeMaxDepth ? DEFAULT_DEPTH : 0 });
    onChange({ ...pos, algorithm });
  });

  updateSpeed();
  load();

  return {
    load: (next) => load(next),
    destroy() {
      stopPlay();
      generation++;
      document.removeEventListener('keydown', onKey);
      container.replaceChildren();
    },
  };
}
