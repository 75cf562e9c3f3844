// Textbook trees: the tree explorer on an abstract game tree, drawn as lecture
// slides (MAX and MIN rows, leaves with their values), searched by the
// WebAssembly engine's own minimax and alpha-beta: the worker's trace and
// counts requests with game "abstract" and the tree in its text form
// (engine/games/abstract_tree, search/tree_trace.hpp). The page draws what
// the engine recorded; the step-through replays it with the lecture's
// pseudocode (pseudocode.js), as the explorer does for the real games.
//
// Link: #view=tree&tree=textbook (or noprune, deep, or the text form
// ((3,12,8),(2,4,6),(14,5,2))), &algo=minimax (default alpha-beta),
// &values=negamax (default minimax: MAX's values, MAX and MIN rows).
// A tree the engine cannot read is named in the message line, with the
// engine's reason, and the textbook tree is shown instead.
//
// Editing: a click (or Enter) on a node selects it; the editor under the tree
// sets a leaf's value, adds a child, removes the node. Random trees, the
// presets, and best-first / worst-first orders (the engine's treeOrder) give
// new trees; each change is a new link (onChange).

import { foldable, group, h } from '../lib/dom.js';
import { FLAG, Trace } from './trace.js';
import { buildEvents, eventState, pseudocode } from './pseudocode.js';
import { MAX_VALUE, PRESETS, linkTree, nodeAt, randomTree, treeFromTrace, treeHash, treeText, withChild, withValue, withoutNode } from './abstract-tree.js';
import { drawTree } from './abstract-drawing.js';
import { quizTreeHash } from './quiz-logic.js';

const SHOWN = [{ id: 'minimax', label: 'Minimax' }, { id: 'alphabeta', label: 'Alpha-beta' }];

function readLink(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const algo = p.get('algo');
  const notes = [];
  if (algo && !SHOWN.some((a) => a.id === algo)) notes.push(`Unknown algorithm '${algo.slice(0, 20)}' (use minimax or alphabeta): showing alpha-beta.`);
  return { ...linkTree(p.get('tree')), algorithm: algo === 'minimax' ? 'minimax' : 'alphabeta',
    values: /** @type {'negamax' | 'minimax'} */ (p.get('values') === 'negamax' ? 'negamax' : 'minimax'), notes };
}

function buildPage() {
  const treeIn = h('input', { id: 'tree-text', type: 'text', spellcheck: 'false', autocomplete: 'off',
    'aria-label': 'The tree in its text form: a leaf is a number, a node its children in parentheses' });
  const form = h('form', { class: 'tv-pos tv-abs-form' },
    h('label', { class: 'tv-poslabel' }, h('span', { text: 'Tree' }), treeIn),
    h('button', { type: 'submit', class: 'tv-primary', text: 'Draw' }));
  const presetBtns = Object.entries(PRESETS).map(([id, p]) => h('button', { type: 'button', 'data-preset': id, text: p.label }));
  const depthSel = h('select', { id: 'tree-rdepth', 'aria-label': 'Random tree: depth (plies)' },
    ...[1, 2, 3, 4, 5].map((d) => h('option', { value: String(d), text: String(d), selected: d === 3 })));
  const branchSel = h('select', { id: 'tree-rbranch', 'aria-label': 'Random tree: children per node' },
    ...[2, 3, 4].map((b) => h('option', { value: String(b), text: String(b), selected: b === 3 })));
  const seedIn = h('input', { id: 'tree-rseed', type: 'number', min: '0', max: '99999', value: '1', 'aria-label': 'Random tree: seed' });
  const randomBtn = h('button', { type: 'button', id: 'tree-random', text: 'Random tree' });
  const bestBtn = h('button', { type: 'button', id: 'tree-best', text: 'Best-first' });
  const worstBtn = h('button', { type: 'button', id: 'tree-worst', text: 'Worst-first' });
  const tools = h('div', { class: 'tv-abs-tools' },
    h('div', { role: 'group', 'aria-label': 'Preset trees' }, ...presetBtns),
    h('div', { role: 'group', 'aria-label': 'Random tree', class: 'tv-abs-random' },
      h('label', {}, 'depth ', depthSel), h('label', {}, 'children ', branchSel), h('label', {}, 'seed ', seedIn), randomBtn),
    h('div', { role: 'group', 'aria-label': 'Order every node’s children' }, h('span', { text: 'Order children: ' }), bestBtn, worstBtn),
    h('a', { id: 'tree-quiz', class: 'tv-quizlink', href: '#view=quiz&tree=textbook', text: 'Quiz on this tree' }));
  const msg = h('p', { class: 'tv-msg', id: 'tree-msg', role: 'status', 'aria-live': 'polite' });
  const why = h('p', { class: 'tv-note', id: 'tree-why' });
  const stats = h('p', { id: 'tree-stats', class: 'tv-mstats' });
  const statsNote = h('p', { class: 'tv-note', id: 'tree-leaves' });
  const valuesSwitch = h('div', { class: 'tv-abs-switch', role: 'group', 'aria-label': 'Values shown' },
    h('button', { type: 'button', 'data-values': 'minimax', text: 'Minimax (MAX / MIN)' }),
    h('button', { type: 'button', 'data-values': 'negamax', text: 'Negamax' }));
  const box = h('div', { class: 'tv-abs-box', id: 'tree-abstract' });
  const legend = h('p', { class: 'tv-legend' });
  const selOut = h('span', { id: 'tree-selected', text: 'No node selected.' });
  const valueIn = h('input', { id: 'tree-value', type: 'number', min: String(-MAX_VALUE), max: String(MAX_VALUE), 'aria-label': 'Leaf value (for MAX)' });
  const setBtn = h('button', { type: 'submit', id: 'tree-set', text: 'Set value' });
  const addBtn = h('button', { type: 'button', id: 'tree-add', text: 'Add child' });
  const removeBtn = h('button', { type: 'button', id: 'tree-remove', text: 'Remove node' });
  const editor = h('form', { class: 'tv-abs-editor', 'aria-label': 'Edit the selected node' }, selOut,
    h('label', {}, 'value ', valueIn), setBtn, addBtn, removeBtn);
  const stepBtns = ['first', 'back', 'fwd', 'last'].map((id) => h('button', { type: 'button', 'data-step': id,
    text: { first: 'Start', back: '◀ Back', fwd: 'Next ▶', last: 'End' }[id] }));
  const stepOut = h('span', { class: 'tv-stepout', id: 'tree-step' });
  const narration = h('p', { class: 'tv-narration', id: 'tree-narration', 'aria-live': 'polite' });
  const code = h('ol', { id: 'tree-code', class: 'tv-code', 'aria-label': 'Pseudocode', tabindex: '0' });
  const vars = h('dl', { class: 'tv-vars' });
  const root = h('div', { class: 'tv tv-abs', 'data-ready': 'false' },
    h('header', { class: 'tv-head' }, h('div', { class: 'tv-title' },
      h('h2', { text: 'Watch it think: textbook trees' }),
      foldable('About this view', { class: 'tv-about' },
        h('p', { class: 'tv-sub', text: 'A game tree given by its shape and its leaves’ values, as lectures draw it: MAX moves at the root, ' +
          'MIN on the next row, and so on down. The WebAssembly engine searches it with its own minimax and alpha-beta — the same ' +
          'code and the same trace as for Tic-Tac-Toe and Connect Four — and the page draws what it recorded.' }),
        h('p', { class: 'tv-sub' }, 'Real games: ', h('a', { href: '#view=tree&game=tictactoe', text: 'Tic-Tac-Toe' }), ', ',
          h('a', { href: '#view=tree&game=connect4&depth=4', text: 'Connect Four' }), '.'))), form),
    tools, msg, why,
    h('section', { class: 'tv-card tv-algos', 'aria-label': 'Algorithms side by side' }, h('h3', { text: 'Algorithms side by side' }), stats, statsNote),
    h('section', { class: 'tv-card tv-abs-card', 'aria-label': 'The tree' },
      h('div', { class: 'tv-cardhead' }, h('h3', { id: 'tree-title', text: 'The tree' }), valuesSwitch), legend, box, editor),
    h('section', { class: 'tv-card tv-abs-step', 'aria-label': 'Step through the search' },
      h('div', { class: 'tv-cardhead' }, h('h3', { text: 'Step through the search' }), h('div', { class: 'tv-tools' }, ...stepBtns, stepOut)),
      narration, h('div', { class: 'tv-abs-codevars' }, code, vars)));
  return { root, tools, form, treeIn, presetBtns, depthSel, branchSel, seedIn, randomBtn, bestBtn, worstBtn, msg, why, stats, statsNote,
    valuesSwitch, legend, box, selOut, valueIn, addBtn, removeBtn, editor, stepBtns, stepOut, narration, code, vars };
}

// The engine's trace of `algorithm` (Trace keeps the id given to it).
const traced = (r, algorithm) => /** @type {Trace & {algorithm: string}} */ (new Trace(r, { algorithm }));

// "node 2·1" (child numbers from the root), "the root".
const nodeName = (path) => (path.length ? `node ${path.map((k) => k + 1).join('·')}` : 'the root');

// #tree-stats ("minimax 13 · alphabeta 11 nodes", a button each) and the
// note under it: the value, the leaves each evaluated, the cut-offs.
function showStats(els, shown, algorithm) {
  const parts = [];
  for (const a of SHOWN) {
    const c = shown.counts.algorithms.find((x) => x.algorithm === a.id);
    if (parts.length) parts.push(' · ');
    parts.push(h('button', { type: 'button', class: `tv-mstat${a.id === algorithm ? ' tv-on' : ''}`, 'data-algorithm': a.id,
      'aria-pressed': String(a.id === algorithm), title: `Show ${a.label}'s tree` },
    h('span', { class: 'tv-mstat-name', text: a.id }), ' ', h('span', { class: 'tv-mstat-count', text: group(c.nodes) })));
  }
  els.stats.replaceChildren(...parts, ' nodes');
  const mm = shown.traces.minimax;
  const ab = shown.traces.alphabeta;
  const leaves = (t) => { let n = 0; for (let i = 0; i < t.size(); i++) if (t.has(i, FLAG.terminal)) n++; return n; };
  const cuts = shown.counts.algorithms.find((x) => x.algorithm === 'alphabeta').cutoffs;
  const v = mm.value;
  els.statsNote.textContent = `Value ${mm.fmt(v)} for MAX (both agree: alpha-beta ${ab.fmt(ab.value)}). Leaves evaluated: minimax ${leaves(mm)}, ` +
    `alpha-beta ${leaves(ab)} of ${leaves(mm)}; ${cuts} cut-off${cuts === 1 ? '' : 's'}. Node counts include the root, as for the real games.`;
  els.stats.dataset.value = String(v);
}

// The controls that give a new tree: the text form (Draw), the presets, a
// random tree, best- and worst-first (the engine's treeOrder), and the
// editor's value, add and remove on the selected node.
function wireTreeControls(els, { load, say, edit, tree, text, selected, engine }) {
  els.form.addEventListener('submit', (e) => { e.preventDefault(); load({ text: els.treeIn.value.replace(/\s+/g, ''), preset: '' }, [], false); });
  for (const b of els.presetBtns) b.addEventListener('click', () => load({ ...linkTree(b.dataset.preset) }));
  els.randomBtn.addEventListener('click', () => {
    const seed = Math.max(0, Math.floor(Number(els.seedIn.value) || 0));
    load({ text: treeText(randomTree(Number(els.depthSel.value), Number(els.branchSel.value), seed)), preset: '' });
  });
  const order = async (which) => {
    try {
      const r = await engine.abstractOrder(text(), which);
      load({ text: r.tree, preset: '' });
    } catch (e) { say(`Could not order the tree: ${e.message}`, true); }
  };
  els.bestBtn.addEventListener('click', () => order('best'));
  els.worstBtn.addEventListener('click', () => order('worst'));
  els.editor.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!selected() || !tree()) { say('Select a leaf first (click it, or Enter on it).', true); return; }
    const v = Number(els.valueIn.value);
    if (!Number.isInteger(v) || Math.abs(v) > MAX_VALUE) { say(`A leaf's value is a whole number from −${MAX_VALUE} to ${MAX_VALUE}.`, true); return; }
    if (nodeAt(tree(), selected()).kids.length) { say('Only a leaf has a value of its own.', true); return; }
    edit({ tree: withValue(tree(), selected(), v), error: '' });
  });
  els.addBtn.addEventListener('click', () => (selected() && tree() ? edit(withChild(tree(), selected(), 0)) : say('Select a node first.', true)));
  els.removeBtn.addEventListener('click', () => (selected() && tree() ? edit(withoutNode(tree(), selected())) : say('Select a node first.', true)));
}

// The step-through's buttons, and its keys (returned, for the document):
// ← → Home End, unless a field or the tree (its own arrows) has the focus.
// last(): the last step's index, -1 while no trace is shown.
function wireSteps(els, { last, step, showStep }) {
  const [firstBtn, backBtn, fwdBtn, lastBtn] = els.stepBtns;
  firstBtn.addEventListener('click', () => showStep(0));
  backBtn.addEventListener('click', () => showStep(step() - 1));
  fwdBtn.addEventListener('click', () => showStep(step() + 1));
  lastBtn.addEventListener('click', () => showStep(Math.max(0, last())));
  return (e) => {
    const tag = (e.target && e.target.tagName) || '';
    if (last() < 0 || !els.root.isConnected || ['INPUT', 'SELECT', 'TEXTAREA'].includes(tag) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (els.box.contains(/** @type {Node} */ (e.target))) return;
    const to = { ArrowRight: step() + 1, ArrowLeft: step() - 1, Home: 0, End: last() }[e.key];
    if (to === undefined) return;
    showStep(to);
    e.preventDefault();
  };
}

export function mountGameTree(container, { hash, engine, onChange }) {
  const els = buildPage();
  container.append(els.root);
  let s = readLink(hash);
  let serial = 0;
  /** @type {{tree: any, traces: Record<string, Trace & {algorithm: string}>, counts: any} | null} */
  let shown = null;
  let events = null;
  let step = 0;
  let selected = /** @type {number[] | null} */ (null);

  const say = (text, isError = false) => { els.msg.textContent = text; els.msg.classList.toggle('tv-error', isError); };
  const trace = () => shown.traces[s.algorithm];
  const maxAt = (i) => trace().ply(i) % 2 === 0;
  const describe = (i) => nodeName(trace().path(i));

  // Shows the tree `next` asks for. A tree the engine cannot read: from a
  // link (fallBack), the textbook tree instead; typed in the form, the tree
  // shown stays and the message says why.
  async function load(next, notes = [], fallBack = true) {
    const before = s;
    s = { ...s, ...next };
    if (fallBack) els.treeIn.value = s.text;
    const my = ++serial;
    els.root.dataset.ready = 'false';
    try {
      const [mm, ab, counts] = await Promise.all([engine.abstractTrace(s.text, 'minimax'), engine.abstractTrace(s.text, 'alphabeta'),
        engine.abstractCounts(s.text)]);
      if (my !== serial) return;
      shown = { tree: null, traces: { minimax: traced(mm, 'minimax'), alphabeta: traced(ab, 'alphabeta') }, counts };
      shown.tree = treeFromTrace(shown.traces.minimax);
      s.text = treeText(shown.tree);
      els.treeIn.value = s.text;
      const size = shown.traces.minimax.size();
      say(notes.join(' ') || `A tree of ${group(size)} nodes; MAX moves at the root.`, notes.length > 0);
    } catch (e) {
      if (my !== serial) return;
      const reason = e && e.message ? e.message : String(e);
      if (!fallBack && shown) {
        s = before;
        say(`This tree cannot be read (${reason}); the tree shown is unchanged.`, true);
        els.root.dataset.ready = 'true';
        return;
      }
      if (s.text !== PRESETS.textbook.text) {
        await load({ text: PRESETS.textbook.text, preset: 'textbook' },
          [...notes, `This tree cannot be read (${reason}): showing the textbook tree.`]);
        return;
      }
      say(`The engine could not search this tree: ${reason}`, true);
      els.root.dataset.ready = 'true';
      return;
    }
    const preset = Object.keys(PRESETS).find((k) => PRESETS[k].text === s.text);
    els.why.textContent = preset ? PRESETS[preset].why : '';
    if (selected && !nodeAt(shown.tree, selected)) selected = null;
    onChange(treeHash(s));
    /** @type {HTMLAnchorElement} */ (els.tools.querySelector('#tree-quiz')).href = quizTreeHash(s.text);
    renderStats();
    startSteps();
    els.root.dataset.ready = 'true';
  }

  const renderStats = () => showStats(els, shown, s.algorithm);

  function startSteps() {
    events = buildEvents(trace());
    els.code.replaceChildren(...pseudocode(s.algorithm, s.values).map((l) => h('li', { 'data-line': l.id }, h('code', { text: l.text }))));
    for (const b of els.valuesSwitch.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.values === s.values));
    els.legend.textContent = `▲ MAX to move · ▼ MIN to move · □ leaf · every value ${s.values === 'minimax' ? 'for MAX' : 'for the side to move at its node'} · ` +
      '(α, β) the window the ringed node was entered with · thick edges: the chosen moves · dashed grey: pruned · ' +
      'a click or Enter on a node selects it for the editor; ← → ↑ ↓ move between nodes';
    document.getElementById('tree-title').textContent = `${s.algorithm === 'minimax' ? 'Minimax' : 'Alpha-beta'}: ${group(trace().nodes)} nodes`;
    showStep(events.count - 1);
  }

  function showStep(k) {
    if (!events) return;
    step = Math.min(Math.max(k, 0), events.count - 1);
    const t = trace();
    const st = eventState(t, events, step, { algorithm: s.algorithm, maxDepth: 0, describe, maxAt: s.values === 'minimax' ? maxAt : null });
    els.stepOut.textContent = `step ${group(step + 1)} / ${group(events.count)}`;
    els.narration.textContent = st.text;
    for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (els.code.children)) li.classList.toggle('tv-exec', st.lines.includes(li.dataset.line));
    const dd = (term, v) => [h('dt', { text: term }), h('dd', { text: v })];
    els.vars.replaceChildren(...dd('node', describe(st.frame)), ...dd('to move', maxAt(st.frame) ? 'MAX' : 'MIN'),
      ...(s.algorithm === 'minimax' ? [] : [...dd('α', t.fmt(st.alpha)), ...dd('β', t.fmt(st.beta))]),
      ...dd('value', st.value === null ? (st.max ? '−∞' : '+∞') : t.fmt(st.value)));
    const [first, back, fwd, last] = els.stepBtns;
    first.disabled = back.disabled = step === 0;
    fwd.disabled = last.disabled = step === events.count - 1;
    els.root.dataset.step = String(step);
    draw(st.current);
  }

  function draw(current) {
    drawTree(els.box, { tree: shown.tree, trace: trace(), events, step, current, values: s.values, selected,
      onSelect: select });
  }

  function select(path) {
    selected = path;
    const n = nodeAt(shown.tree, path);
    els.selOut.textContent = `Selected: ${nodeName(path)} (${n.kids.length ? `${n.kids.length} children` : 'a leaf'}).`;
    els.valueIn.disabled = n.kids.length > 0;
    els.valueIn.value = n.kids.length ? '' : String(n.value);
    els.removeBtn.disabled = !path.length;
    draw(eventState(trace(), events, step, { algorithm: s.algorithm, maxDepth: 0, describe }).current);
    if (!n.kids.length) els.valueIn.focus();
  }

  function edit(result) {
    if (result.error) { say(result.error, true); return; }
    load({ text: treeText(result.tree), preset: '' });
  }

  wireTreeControls(els, { load, say, edit, tree: () => shown?.tree, text: () => s.text, selected: () => selected, engine });
  els.stats.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('[data-algorithm]');
    if (!b || !shown) return;
    s.algorithm = /** @type {HTMLElement} */ (b).dataset.algorithm;
    onChange(treeHash(s));
    renderStats();
    startSteps();
  });
  els.valuesSwitch.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('[data-values]');
    if (!b || !shown) return;
    s.values = /** @type {HTMLElement} */ (b).dataset.values === 'negamax' ? 'negamax' : 'minimax';
    onChange(treeHash(s));
    const keep = step;
    startSteps();
    showStep(keep);
  });
  const onKey = wireSteps(els, { last: () => (events ? events.count - 1 : -1), step: () => step, showStep });
  document.addEventListener('keydown', onKey);

  load({}, s.notes);
  return {
    load: (text) => { const next = readLink(text); if (treeHash(next) !== treeHash(s)) load(next, next.notes); },
    destroy() { serial++; document.removeEventListener('keydown', onKey); container.replaceChildren(); },
  };
}
