// The tree explorer for a game with dice: EinStein würfelt nicht!'s
// expectiminimax, Star1 and Star2 (engine/search/expectimax.hpp), drawn from
// the engine's own traced search (the worker's chanceTrace and chanceCounts
// requests; nothing is searched here). EinStein is the registry's game with
// dice, a kind the alpha-beta explorer (tree-view.js) does not play; the
// router (app/router.js) sends #view=tree&game=einstein here.
//
// Link: #view=tree&game=einstein&position=<notation>&depth=D&algo=A
//   position  docs/einstein.md's notation, URL-encoded (at chance, or rolled:
//             ending in the face); without it the lesson position
//   depth     moves searched, 1..4 (default 2; more is capped: a depth-4
//             tree from the start has 160,000 nodes)
//   algo      expectimax | star1 (default) | star2
//
// Drawn: decision nodes (a rolled position, its side picks a move) as
// squares, chance nodes (before the roll) as circles, Star2's probes as dashed
// squares; an edge out of a chance node carries its faces and probability
// ("2,3 · 2/6"), an edge out of a decision node the move ("Red 4d"); every
// node its board, its value as an expectation in [-1, 1] for its side to move
// (the exact fraction in its title), the window on entry, "★ best", and the
// reason of a cut-off (β-cut, Star1's bound, Star2's probes) with the
// outcomes or moves it left unsearched. #tree-stats: the three algorithms'
// node counts from the untraced engine.

import { foldable, group, h, rovingTree, svgEl } from '../lib/dom.js';
import { linkDepth } from './tree-hash.js';
import { CHANCE_ALGORITHMS, CUT, ChanceTrace, KIND, LEAF, SIDES, exactFraction, fmtExpect } from './chance-trace.js';

// Red 3 cubes and Blue 2 (after 21 turns), Blue to roll, its cube 2 one step
// from a1: three outcomes (faces 1,2 · 3 · 4,5,6), 102 expectiminimax nodes
// at depth 2, 53 with Star1 (5 Star1 cuts), 50 with Star2.
const LESSON = '123456/123456:44h,11d,66h,66h,22d,54h,66v,12h,33h,54v,11v,32v,11v,22v,33d,22v,11v,22v,44v,12h,44v';
const DEFAULT_DEPTH = 2;
const MAX_DEPTH = 4;
const EXPAND_ALL_LIMIT = 600;

// The link's keys (see the top of the file); the depth and algorithm as
// written, checked by load().
function readHash(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  return { position: p.has('position') ? p.get('position') : undefined, depth: p.get('depth'), algorithm: p.get('algo') };
}

function hashOf({ position, depth, algorithm }) {
  const p = new URLSearchParams({ view: 'tree', game: 'einstein', position, depth: String(depth) });
  if (algorithm !== 'star1') p.set('algo', algorithm);
  return `#${p.toString()}`;
}

// A 5x5 board of numbered cubes (a1 top left, as docs/einstein.md draws it);
// `ring`: cells to mark (the cube just moved).
function cubeBoard(cells, { size = 50, ring = [], title = '' } = {}) {
  const svg = svgEl('svg', { viewBox: '-1 -1 52 52', width: size, height: size, class: 'tv-board tv-cubes',
    ...(title ? { role: 'img' } : { 'aria-hidden': 'true' }) });
  if (title) svg.append(Object.assign(svgEl('title', {}), { textContent: title }));
  svg.append(svgEl('rect', { x: -1, y: -1, width: 52, height: 52, rx: 2, class: 'tv-cubes-frame' }));
  for (let c = 0; c < 25; c++) {
    const x = (c % 5) * 10;
    const y = Math.floor(c / 5) * 10;
    svg.append(svgEl('rect', { x: x + 0.5, y: y + 0.5, width: 9, height: 9, class: 'tv-cubes-cell' }));
    const v = cells[c];
    if (v) {
      svg.append(svgEl('rect', { x: x + 1.2, y: y + 1.2, width: 7.6, height: 7.6, rx: 1.6, class: v > 0 ? 'tv-cube-red' : 'tv-cube-blue' }));
      const t = svgEl('text', { x: x + 5, y: y + 7.6, 'text-anchor': 'middle', class: 'tv-cube-num' });
      t.textContent = String(Math.abs(v));
      svg.append(t);
    }
    if (ring.includes(c)) svg.append(svgEl('rect', { x: x + 0.2, y: y + 0.2, width: 9.6, height: 9.6, rx: 2, class: 'tv-cube-ring' }));
  }
  return svg;
}

// The node's shape: a circle for a chance node, a square for a decision
// node, a dashed square for Star2's probe.
function shape(kind) {
  const svg = svgEl('svg', { viewBox: '0 0 16 16', width: 16, height: 16, class: `tv-shape tv-shape-${kind}`, 'aria-hidden': 'true' });
  svg.append(kind === 'chance' ? svgEl('circle', { cx: 8, cy: 8, r: 6.5 }) : svgEl('rect', { x: 1.5, y: 1.5, width: 13, height: 13, rx: 1.5 }));
  return svg;
}
const KIND_NAME = ['decision', 'chance', 'probe'];

// The view's elements, by name (root holds them all).
function buildChancePage() {
  const posIn = h('input', { id: 'tree-position', type: 'text', spellcheck: 'false', autocomplete: 'off',
    'aria-label': 'Position (EinStein notation)', placeholder: '123456/654321:66d,44h,5' });
  const depthSel = h('select', { id: 'tree-depth', 'aria-label': 'Depth (moves)' },
    ...Array.from({ length: MAX_DEPTH }, (_, k) => h('option', { value: String(k + 1), text: String(k + 1) })));
  const form = h('form', { class: 'tv-pos tv-chance-form' },
    h('label', { class: 'tv-poslabel' }, h('span', { text: 'Position' }), posIn),
    h('label', {}, h('span', { text: 'Depth' }), depthSel),
    h('button', { type: 'submit', class: 'tv-primary', text: 'Explore' }));
  const msg = h('p', { class: 'tv-msg', role: 'status', 'aria-live': 'polite' });
  const lessonBtn = h('button', { type: 'button', id: 'tree-lesson-open', text: 'Lesson position' });
  const startBtn = h('button', { type: 'button', id: 'tree-start', text: 'Start position' });
  const stats = h('div', { id: 'tree-stats', class: 'tv-stats', role: 'group', 'aria-label': 'Algorithms and their node counts' });
  const statsNote = h('p', { class: 'tv-note' });
  const rootBoard = h('div', { class: 'tv-chance-root' });
  const treeTitle = h('span', { class: 'tv-tree-title' });
  const expandBtn = h('button', { type: 'button', text: 'Expand all' });
  const collapseBtn = h('button', { type: 'button', text: 'Collapse all' });
  const treeBox = h('div', { id: 'tree-tree', class: 'tv-tree', role: 'tree', 'aria-label': 'Search tree' });
  rovingTree(treeBox);
  const legend = h('p', { class: 'tv-legend' },
    h('span', { class: 'tv-lgi' }, shape('decision'), 'decision (die rolled: pick a move)'),
    h('span', { class: 'tv-lgi' }, shape('chance'), 'chance (the die: mean of the outcomes)'),
    h('span', { class: 'tv-lgi' }, shape('probe'), 'Star2 probe (first move only)'),
    h('span', { class: 'tv-lg tv-lg-chosen', text: 'chosen move' }),
    h('span', { class: 'tv-lg tv-lg-cut', text: 'cut-off' }),
    h('span', { class: 'tv-lg tv-lg-pruned', text: 'pruned (never searched)' }));
  const root = h('div', { class: 'tv tv-chance', 'data-ready': 'false' },
    h('header', { class: 'tv-head' }, h('div', { class: 'tv-title' },
      h('h2', { text: 'Watch it think: chance nodes' }),
      foldable('About this view', { class: 'tv-about' },
        h('p', { class: 'tv-sub', text: 'EinStein würfelt nicht!: before each move the die decides which cube moves. ' +
          'Expectiminimax adds a third kind of node, the chance node (a circle): its value is the mean of its outcomes, ' +
          'weighted by their probability. Star1 and Star2 prune chance nodes by bounding the outcomes not yet searched. ' +
          'The tree is the WebAssembly engine’s own search, node for node.' }),
        h('p', { class: 'tv-sub' }, 'Other games: ', h('a', { href: '#view=tree&game=tictactoe', text: 'Tic-Tac-Toe' }), ', ',
          h('a', { href: '#view=tree&game=connect4&depth=4', text: 'Connect Four' }), '.'))), form),
    h('div', { class: 'tv-statusrow' }, msg, h('div', { class: 'tv-jump' }, lessonBtn, startBtn)),
    h('section', { class: 'tv-card tv-algos', 'aria-label': 'Algorithms side by side' },
      h('h3', { text: 'Algorithms side by side' }), stats, statsNote),
    h('section', { class: 'tv-card tv-treecard', 'aria-label': 'Search tree' },
      h('div', { class: 'tv-cardhead' }, h('h3', {}, 'Tree ', treeTitle), h('div', { class: 'tv-tools' }, expandBtn, collapseBtn)),
      rootBoard, legend, treeBox));
  return { posIn, depthSel, form, msg, lessonBtn, startBtn, stats, statsNote, rootBoard, treeTitle, expandBtn, collapseBtn, treeBox, root };
}

// Reads a link; what it had to change goes into the message line.
function fromHash(text) {
  const want = readHash(text);
  const notes = [];
  const position = want.position === undefined ? LESSON : want.position.trim();
  const { depth, note } = linkDepth(want.depth, MAX_DEPTH, DEFAULT_DEPTH, 'moves');
  if (note) notes.push(note);
  let algorithm = 'star1';
  if (want.algorithm) {
    if (CHANCE_ALGORITHMS.some((a) => a.id === want.algorithm)) algorithm = want.algorithm;
    else notes.push(`unknown algorithm “${want.algorithm}”: star1`);
  }
  return { pos: { position, depth, algorithm }, notes };
}


// The cells a move changed (the cube's old and new cell), to ring them.
function moved(trace, i) {
  const p = trace.parent[i];
  if (p < 0 || trace.kind[i] !== KIND.chance) return [];
  const a = trace.cellsOf(p);
  const b = trace.cellsOf(i);
  const out = [];
  for (let c = 0; c < 25; c++) if (a[c] !== b[c] && b[c] !== 0) out.push(c);
  return out;
}

// A node's row (ctx: the trace, the open nodes, the algorithm, and
// renderTree(focus), which draws the tree again after a toggle).
function nodeRow(ctx, i) {
  const { trace: t, expanded, algorithm, renderTree } = ctx;
  const kids = t.end[i] - i - 1;
  const kind = KIND_NAME[t.kind[i]];
  // (for the mouse; hidden from screen readers, which hear the node's aria-expanded)
  const toggle = h('button', { type: 'button', class: 'tv-toggle', tabindex: '-1', 'aria-hidden': 'true' });
  toggle.textContent = kids ? (expanded.has(i) ? '▾' : '▸') : '•';
  if (!kids) toggle.disabled = true;
  const side = SIDES[t.side[i]];
  const edge = t.parent[i] < 0 ? h('span', { class: 'tv-move', text: 'Root' })
    : t.kind[i] === KIND.chance ? h('span', { class: 'tv-move', text: t.edgeText(i) })
      : h('span', { class: 'tv-prob', title: `die faces ${t.edgeText(i).split(' · ')[0]}: probability ${t.weight[i]}/6`, text: t.edgeText(i) });
  // A decision node names the move it chose (its ★ child's).
  const best = t.kind[i] === KIND.chance ? -1 : t.children(i).find((c) => t.chosen[c]) ?? -1;
  const who = t.leaf[i] === LEAF.won ? `${SIDES[1 - t.side[i]]} won`
    : t.leaf[i] === LEAF.horizon ? 'horizon'
      : t.kind[i] === KIND.chance ? `${side} to roll` : `${side} to move${best >= 0 ? `: plays ${t.move[best]}` : ''}`;
  const chips = [];
  if (t.chosen[i]) chips.push(h('span', { class: 'tv-chip tv-chip-chosen', text: '★ best' }));
  if (t.kind[i] === KIND.probe) chips.push(h('span', { class: 'tv-chip tv-chip-table', text: 'Star2 probe: first move only' }));
  if (t.leaf[i] === LEAF.horizon) chips.push(h('span', { class: 'tv-chip tv-chip-leaf', text: 'evaluated' }));
  if (t.leaf[i] === LEAF.won) chips.push(h('span', { class: 'tv-chip tv-chip-leaf', text: 'game over' }));
  if (t.cut[i] !== CUT.none) chips.push(h('span', { class: 'tv-chip tv-chip-cut', text: t.cutReason(i) }));
  if (kids) chips.push(h('span', { class: 'tv-size', text: `${group(kids + 1)} nodes` }));
  const row = h('div', {
    class: `tv-row tv-row-${kind}${t.chosen[i] ? ' tv-chosen' : ''}${t.cut[i] ? ' tv-cutnode' : ''}${t.leaf[i] ? ' tv-leafnode' : ''}`,
    role: 'treeitem', tabindex: '0', 'data-node': String(i), 'data-kind': kind,
    'aria-expanded': kids ? String(expanded.has(i)) : undefined,
  },
  toggle, shape(kind), edge, cubeBoard(t.cellsOf(i), { size: 52, ring: moved(t, i) }),
  h('span', { class: 'tv-who', text: who }),
  h('span', { class: 'tv-val', text: `E ${t.valueText(i)} for ${side}`,
    title: `expected result for ${side}${t.bound(i) ? ` (a${t.bound(i) === 'upper' ? 'n upper' : ' lower'} bound)` : ''}: exactly ${exactFraction(t.raw[i], t.scale[i])}` }),
  algorithm === 'expectimax' ? null
    : h('span', { class: 'tv-win', title: 'window on entry (expected results)', text: `α ${fmtExpect(t.alpha[i])}  β ${fmtExpect(t.beta[i])}` }),
  ...chips);
  const toggleNode = () => {
    if (!kids) return;
    if (expanded.has(i)) expanded.delete(i);
    else expanded.add(i);
    renderTree(i);
  };
  row.addEventListener('click', toggleNode);
  row.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') { toggleNode(); e.preventDefault(); }
  });
  return row;
}

// A node and, when open, its children and what a cut-off left unsearched.
function nodeItem(ctx, i) {
  const { trace, expanded } = ctx;
  const item = h('div', { class: 'tv-item' }, nodeRow(ctx, i));
  if (!expanded.has(i)) return item;
  const box = h('div', { class: 'tv-children', role: 'group' });
  for (const c of trace.children(i)) box.append(nodeItem(ctx, c));
  if (trace.cut[i] !== CUT.none && trace.pruned[i] > 0) {
    const what = trace.kind[i] === KIND.chance ? 'outcome' : 'move';
    box.append(h('div', { class: 'tv-item tv-pruned' }, h('div', { class: 'tv-row tv-prunedrow' },
      h('span', { class: 'tv-toggle tv-scissors', text: '✂' }),
      h('span', { class: 'tv-ghost', text: `${trace.pruned[i]} ${what}${trace.pruned[i] === 1 ? '' : 's'} never searched` }))));
  }
  item.append(box);
  return item;
}

/**
 * @param {HTMLElement} container
 * @param {{hash: string, engine: ReturnType<typeof import('../engine/trace-engine.js').createTreeEngine>, onChange: (hash: string) => void}} opts
 */
export function mountGameTree(container, { hash, engine, onChange }) {
  const { posIn, depthSel, form, msg, lessonBtn, startBtn, stats, statsNote, rootBoard, treeTitle, expandBtn, collapseBtn, treeBox, root } =
    buildChancePage();
  container.append(root);

  let state = { position: LESSON, depth: DEFAULT_DEPTH, algorithm: 'star1' };
  /** @type {ChanceTrace | null} */
  let trace = null;
  let counts = null;
  let serial = 0;
  const expanded = new Set();

  async function load(text) {
    const { pos, notes } = fromHash(text);
    await show(pos, notes);
  }

  async function show(pos, notes = []) {
    state = pos;
    posIn.value = pos.position;
    depthSel.value = String(pos.depth);
    onChange(hashOf(state));
    const my = ++serial;
    root.dataset.ready = 'false';
    msg.textContent = `Searching ${pos.position || 'the start'} to depth ${pos.depth}…`;
    msg.classList.remove('tv-error');
    try {
      const [c, t] = await Promise.all([engine.chanceCounts(pos.position, pos.depth),
        engine.chanceTrace(pos.position, pos.algorithm, pos.depth)]);
      if (my !== serial) return;
      counts = c;
      trace = new ChanceTrace(t, pos);
    } catch (e) {
      if (my !== serial) return;
      counts = null;
      trace = null;
      stats.replaceChildren();
      statsNote.textContent = '';
      treeBox.replaceChildren();
      rootBoard.replaceChildren();
      treeTitle.textContent = '';
      msg.textContent = `Cannot explore this position — ${e && e.message ? e.message : e}`;
      msg.classList.add('tv-error');
      root.dataset.ready = 'true';
      return;
    }
    const side = SIDES[trace.side[0]];
    msg.textContent = `${side} ${trace.atChance ? 'to roll' : `rolled ${trace.roll[0]}`} · depth ${pos.depth} · ` +
      `${pos.algorithm === 'expectimax' ? 'expectiminimax' : pos.algorithm}: ${group(trace.nodes)} nodes` +
      (notes.length ? ` · ${notes.join('; ')}` : '');
    expanded.clear();
    expanded.add(0);
    renderStats();
    renderTree();
    root.dataset.ready = 'true';
  }

  function renderStats() {
    stats.replaceChildren();
    const base = counts.algorithms[0].nodes;
    const max = Math.log10(Math.max(base, 10));
    for (const a of CHANCE_ALGORITHMS) {
      const c = counts.algorithms.find((x) => x.algorithm === a.id);
      if (!c) continue;
      const on = a.id === state.algorithm;
      const ratio = a.id === 'expectimax' ? 'the reference'
        : `${((100 * c.nodes) / base).toFixed(1)} % · ${(base / c.nodes).toFixed(1)}× fewer`;
      const bar = h('span', { class: 'tv-bar' }, h('span', { class: 'tv-barfill' }));
      /** @type {HTMLElement} */ (bar.firstChild).style.width = `${Math.max(2, (100 * Math.log10(Math.max(c.nodes, 1))) / max)}%`;
      const cuts = on && trace ? trace.cutCounts() : null;
      const extra = !cuts ? (c.bestMove ? `plays ${c.bestMove}` : '')
        : a.id === 'expectimax' ? 'no cut-offs'
          : `${group(cuts.beta)} β-cuts · ${group(cuts.star1)} Star1 cuts` + (a.id === 'star2' ? ` · ${group(cuts.star2)} probe cuts` : '');
      const item = h('button', { type: 'button', class: `tv-algo${on ? ' tv-on' : ''}`, 'data-algorithm': a.id, 'aria-pressed': String(on) },
        h('span', { class: 'tv-algo-name', text: a.short }), ' ',
        h('span', { class: 'tv-algo-count', text: group(c.nodes) }), ' ',
        h('span', { class: 'tv-algo-unit', text: 'nodes' }),
        h('span', { class: 'tv-algo-ratio', text: ratio }), bar,
        h('span', { class: 'tv-algo-label', text: `${a.label} — ${a.blurb}` }),
        h('span', { class: 'tv-algo-extra', text: extra }));
      item.addEventListener('click', () => { if (!on) show({ ...state, algorithm: a.id }); });
      stats.append(item);
    }
    const v = counts.algorithms[0].value;
    const agree = counts.algorithms.every((c) => c.value === v);
    const who = `${SIDES[trace.side[0]]} ${counts.atChance ? 'to roll' : 'to move'}`;
    statsNote.textContent = `${agree ? 'All three agree: expected result' : 'Expectiminimax’s value'} ${fmtExpect(v)} for ${who}` +
      ` (exactly ${exactFraction(trace.raw[0], trace.scale[0])}; +1 a sure win, −1 a sure loss). ` +
      `Depth ${state.depth} moves: the positions after the last move are scored by the evaluation (docs/einstein.md). ` +
      'Bars are on a logarithmic scale.';
  }

  function renderTree(focus = -1) {
    const t = trace;
    treeTitle.textContent = `(${state.algorithm === 'expectimax' ? 'expectiminimax' : state.algorithm}, ${group(t.nodes)} nodes` +
      `${t.truncated ? `, the first ${group(t.recorded)} kept` : ''})`;
    rootBoard.replaceChildren(cubeBoard(t.cellsOf(0), { size: 104, title: `The position: ${SIDES[t.side[0]]} ${t.atChance ? 'to roll' : `rolled ${t.roll[0]}`}` }),
      h('p', { class: 'tv-note', text: `The searched position: ${SIDES[t.side[0]]} ${t.atChance ? 'to roll (the root is a chance node)' : `has rolled ${t.roll[0]} (the root is a decision node)`}. ` +
        'Red moves right, down or diagonally towards e5; Blue left, up or diagonally towards a1. E is the expected result for the side to move at the node.' }));
    expandBtn.disabled = t.recorded > EXPAND_ALL_LIMIT;
    expandBtn.title = expandBtn.disabled ? `more than ${EXPAND_ALL_LIMIT} nodes: expand them one by one` : '';
    treeBox.replaceChildren(nodeItem({ trace: t, expanded, algorithm: state.algorithm, renderTree }, 0));
    if (focus >= 0) /** @type {HTMLElement | null} */ (treeBox.querySelector(`.tv-row[data-node="${focus}"]`))?.focus();
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    show({ ...state, position: posIn.value.trim(), depth: Number(depthSel.value) });
  });
  lessonBtn.addEventListener('click', () => show({ ...state, position: LESSON }));
  startBtn.addEventListener('click', () => show({ ...state, position: '123456/123456' }));
  expandBtn.addEventListener('click', () => {
    if (!trace) return;
    for (let i = 0; i < trace.recorded; i++) if (!trace.isLeaf(i)) expanded.add(i);
    renderTree();
  });
  collapseBtn.addEventListener('click', () => {
    if (!trace) return;
    expanded.clear();
    expanded.add(0);
    renderTree();
  });

  load(hash);
  return {
    load,
    state: () => hashOf(state),
    destroy: () => { serial++; root.remove(); },
  };
}
