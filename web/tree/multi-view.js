// The tree explorer for a game of three players: Connect Four for three's
// max^n (with shallow pruning) beside paranoid search on the same position
// (engine/search/multiplayer.hpp), drawn from the engine's own traced
// searches (the worker's multiTree request, Module.connect3pTree; nothing is
// searched here). Its kind (more than two players, docs/connect3p.md) is not
// the alpha-beta explorer's (tree-view.js); app/router.js sends
// #view=tree&game=connect3p here.
//
// Link: #view=tree&game=connect3p&moves=DIGITS&depth=D
//   moves  the game so far (docs/connect3p.md: one digit 1-9 per stone, Red,
//          Yellow, Green in turn); without it the lesson position, where
//          max^n and paranoid choose differently
//   depth  plies searched, 1..4 (default 3; more is capped)
//
// Drawn: the max^n tree with a vector at every node (each player's share of
// 1000, initials R Y G), the entry of the player who picks there framed and
// bold (at a leaf, the entry its parent's player compares), shallow cut-offs
// with their reason; beside it (on a phone: switched by three buttons) the
// paranoid tree with the root player's value and the alpha-beta window at
// every node, its cut-offs with their reason; below them the best-reply
// search tree, drawn as paranoid's (its opponents' layers: the best reply of
// either, the edge named by the player who placed it). #tree-stats: "maxn N ·
// paranoid M · maxn-plain P · brs B", the untraced engine's node counts.

import { foldable, group, h, rovingTree, svgEl } from '../lib/dom.js';
import { linkDepth } from './tree-hash.js';
import { CUT, LEAF, MULTI_ALGORITHMS, MultiTree } from './multi-trace.js';

// docs/connect3p.md's small tree: Green has three on the bottom row with
// column 5 open, Red to move. max^n's Red trusts Yellow to block (column 4),
// paranoid's Red blocks itself (column 5).
const LESSON = '996997118';
const DEFAULT_DEPTH = 3;
const MAX_DEPTH = 4;
const EXPAND_ALL_LIMIT = 1500;
const PANES = ['maxn', 'paranoid', 'brs'];
// Each pane's name in its heading, switch button and labels.
const PANE_NAME = { maxn: 'max^n', paranoid: 'Paranoid', brs: 'Best-reply' };

function readHash(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  return { moves: p.has('moves') ? p.get('moves') : undefined, depth: p.get('depth') };
}

function hashOf({ moves, depth }) {
  return `#${new URLSearchParams({ view: 'tree', game: 'connect3p', moves, depth: String(depth) }).toString()}`;
}

// A 9 x 6 board (cells: 54 digits, col + 9 * row from the bottom); `ring`:
// the column of the last stone; `initials`: the stones carry R, Y, G.
function board(cells, { width = 54, ring = 0, initials = false, title = '' } = {}) {
  const svg = svgEl('svg', { viewBox: '0 0 90 60', width, height: (width * 2) / 3, class: 'tv-board tv-c3',
    ...(title ? { role: 'img' } : { 'aria-hidden': 'true' }) });
  if (title) svg.append(Object.assign(svgEl('title', {}), { textContent: title }));
  svg.append(svgEl('rect', { x: 0, y: 0, width: 90, height: 60, rx: 3, class: 'tv-c3-frame' }));
  let top = -1;
  if (ring) for (let row = 5; row >= 0 && top < 0; row--) if (cells[ring - 1 + 9 * row] !== '0') top = row;
  for (let k = 0; k < 54; k++) {
    const col = k % 9;
    const row = Math.floor(k / 9);
    const cx = col * 10 + 5;
    const cy = 55 - row * 10;
    const v = Number(cells[k]);
    svg.append(svgEl('circle', { cx, cy, r: 4.1, class: v ? `tv-c3-stone tv-c3-${v - 1}` : 'tv-c3-hole' }));
    if (v && initials) {
      const t = svgEl('text', { x: cx, y: cy + 2.1, 'text-anchor': 'middle', class: 'tv-c3-initial' });
      t.textContent = 'RYG'[v - 1];
      svg.append(t);
    }
    if (ring && col === ring - 1 && row === top) svg.append(svgEl('circle', { cx, cy, r: 4.8, class: 'tv-c3-ring' }));
  }
  return svg;
}

// The view's elements, by name (root holds them all).
function buildMultiPage() {
  const movesIn = h('input', { id: 'tree-moves', type: 'text', inputmode: 'numeric', spellcheck: 'false', autocomplete: 'off',
    'aria-label': 'Moves from the empty board (columns 1-9, Red, Yellow and Green in turn)', placeholder: 'empty board' });
  const depthSel = h('select', { id: 'tree-depth', 'aria-label': 'Depth (plies)' },
    ...Array.from({ length: MAX_DEPTH }, (_, k) => h('option', { value: String(k + 1), text: String(k + 1) })));
  const form = h('form', { class: 'tv-pos tv-chance-form' },
    h('label', { class: 'tv-poslabel' }, h('span', { text: 'Moves' }), movesIn),
    h('label', {}, h('span', { text: 'Depth' }), depthSel),
    h('button', { type: 'submit', class: 'tv-primary', text: 'Explore' }));
  const msg = h('p', { class: 'tv-msg', role: 'status', 'aria-live': 'polite' });
  const lessonBtn = h('button', { type: 'button', id: 'tree-lesson-open', text: 'Lesson position' });
  const emptyBtn = h('button', { type: 'button', id: 'tree-empty', text: 'Empty board' });
  const playLink = h('a', { id: 'tree-c3-play', text: 'Play from here' });
  const stats = h('p', { id: 'tree-stats', class: 'tv-mstats' });
  const statsNote = h('p', { class: 'tv-note', id: 'tree-differ' });
  const rootBoard = h('div', { class: 'tv-chance-root' });
  const switchBtns = PANES.map((id) => h('button', { type: 'button', 'data-pane': id, 'aria-pressed': String(id === 'maxn'),
    text: `${PANE_NAME[id]} tree` }));
  const switcher = h('div', { class: 'tv-mswitch', role: 'group', 'aria-label': 'Tree shown' }, ...switchBtns);
  const panes = PANES.map((id) => {
    const title = h('span', { class: 'tv-tree-title' });
    const expandBtn = h('button', { type: 'button', text: 'Expand all' });
    const collapseBtn = h('button', { type: 'button', text: 'Collapse all' });
    const box = h('div', { id: `tree-${id}`, class: 'tv-tree', role: 'tree', 'aria-label': `${PANE_NAME[id]} search tree` });
    rovingTree(box);
    const legend = id === 'maxn'
      ? h('p', { class: 'tv-legend' }, h('span', {}, h('span', { class: 'tv-vec' }, h('span', { class: 'tv-ve tv-ve-hi', text: 'R 310' })),
        ' the entry maximised by the player who picks there (at a leaf: the one its parent compares) · values are shares of 1000 (R Red, Y Yellow, G Green)'))
      : h('p', { class: 'tv-legend' });
    const card = h('section', { class: 'tv-card tv-treecard tv-mpane', 'data-pane': id,
      'aria-label': `${PANE_NAME[id]} tree` },
    h('div', { class: 'tv-cardhead' }, h('h3', {}, `${PANE_NAME[id]} `, title),
      h('div', { class: 'tv-tools' }, expandBtn, collapseBtn)),
    legend, box);
    return { id, card, title, box, legend, expandBtn, collapseBtn, expanded: new Set([0]), tree: /** @type {MultiTree | null} */ (null) };
  });
  const root = h('div', { class: 'tv tv-chance tv-multi', 'data-ready': 'false', 'data-pane': 'maxn' },
    h('header', { class: 'tv-head' }, h('div', { class: 'tv-title' },
      h('h2', { text: 'Watch it think: three players' }),
      foldable('About this view', { class: 'tv-about' },
        h('p', { class: 'tv-sub', text: 'Connect Four for three: Red, Yellow and Green drop stones in turn; the first with four in a row wins. ' +
          'max^n gives every position a vector, one share of 1000 per player, and assumes each player picks the move best for itself. ' +
          'Paranoid search assumes the two others play together against the player to move, which turns the game into a two-sided one that alpha-beta prunes. ' +
          'Best-reply search lets only the one most dangerous reply of either other player be played between two of the mover’s moves (the other passes), also pruned by alpha-beta. ' +
          'All three trees are the WebAssembly engine’s own searches, node for node.' }),
        h('p', { class: 'tv-sub' }, 'Other games: ', h('a', { href: '#view=tree&game=tictactoe', text: 'Tic-Tac-Toe' }), ', ',
          h('a', { href: '#view=tree&game=connect4&depth=4', text: 'Connect Four' }), ', ',
          h('a', { href: '#view=tree&game=einstein', text: 'EinStein (dice)' }), '.'))), form),
    h('div', { class: 'tv-statusrow' }, msg, h('div', { class: 'tv-jump' }, lessonBtn, emptyBtn)),
    h('section', { class: 'tv-card tv-algos', 'aria-label': 'Algorithms side by side' },
      h('h3', { text: 'Algorithms side by side' }), stats, statsNote, rootBoard),
    switcher,
    h('div', { class: 'tv-mpanes' }, ...panes.map((p) => p.card)));
  return { movesIn, depthSel, form, msg, lessonBtn, emptyBtn, playLink, stats, statsNote, rootBoard, switchBtns, panes, root };
}

// A link's position and depth, and notes on what it asked for that cannot be shown.
function fromHash(text) {
  const want = readHash(text);
  const notes = [];
  const moves = want.moves === undefined ? LESSON : want.moves.trim();
  const { depth, note } = linkDepth(want.depth, MAX_DEPTH, DEFAULT_DEPTH, 'plies');
  if (note) notes.push(note);
  return { pos: { moves, depth }, notes };
}

// The note under the counts: the two models' moves, why they differ, and
// what shallow pruning saved; with the players in turn from the mover.
function statsWords(r, depth) {
  const by = Object.fromEntries(r.algorithms.map((c) => [c.algorithm, c]));
  const p = r.players;
  const me = p[r.toMove];
  const next = p[(r.toMove + 1) % 3];
  const third = p[(r.toMove + 2) % 3];
  const m = by.maxn;
  const q = by.paranoid;
  const vec = m.values.map((v, k) => `${p[k][0]} ${v}`).join(' · ');
  let text = `max^n: ${me} plays column ${m.move} (values ${vec}); paranoid: ${me} plays column ${q.move} ` +
    `(it keeps ${q.score} of ${r.maxSum} against the coalition). `;
  if (m.move !== q.move) {
    text += `They differ: max^n assumes each player takes what is best for itself, so ${me} trusts ${next} to stop ${third} ` +
      `when ${third}’s win would give ${next} nothing; paranoid assumes ${next} and ${third} play together against ${me}, ` +
      'so it must stop every threat itself. ';
  } else {
    text += 'Here both models lead to the same move. ';
  }
  text += `Shallow pruning kept max^n’s value with ${group(by['maxn-plain'].nodes - m.nodes)} nodes fewer (${group(m.shallowCuts)} cut-offs); ` +
    `paranoid prunes far more because its game has two sides. Depth ${depth} plies: the positions after the last move are scored by the evaluation.`;
  return { text, me, next, third };
}

// A max^n vector, the key player's entry framed and bold.
function vectorEl(t, i) {
  const v = t.vector(i);
  if (!v) return null;
  const key = t.keyPlayer(i);
  return h('span', { class: 'tv-vec', title: `values: ${v.map((x, k) => `${t.players[k]} ${x}`).join(', ')}` },
    ...v.map((x, k) => h('span', { class: `tv-ve tv-ve-${k}${k === key ? ' tv-ve-hi' : ''}`, 'data-player': String(k),
      text: `${t.players[k][0]} ${x}` })));
}

// A node's row in pane p (renderTree(p, focus): the pane drawn again, after a toggle).
function nodeRow(p, i, renderTree) {
  const t = p.tree;
  const kids = t.end[i] - i - 1;
  // (for the mouse; hidden from screen readers, which hear the node's aria-expanded)
  const toggle = h('button', { type: 'button', class: 'tv-toggle', tabindex: '-1', 'aria-hidden': 'true' });
  toggle.textContent = kids ? (p.expanded.has(i) ? '▾' : '▸') : '•';
  if (!kids) toggle.disabled = true;
  const chips = [];
  if (t.chosen[i]) chips.push(h('span', { class: 'tv-chip tv-chip-chosen', text: '★ best' }));
  if (t.leaf[i] === LEAF.won) chips.push(h('span', { class: 'tv-chip tv-chip-leaf', text: 'game over' }));
  if (t.cut[i] !== CUT.none) chips.push(h('span', { class: 'tv-chip tv-chip-cut', text: t.cutReason(i) }));
  if (kids) chips.push(h('span', { class: 'tv-size', text: `${group(kids + 1)} nodes` }));
  const value = t.paranoid
    ? [h('span', { class: 'tv-val', text: t.paranoidText(i) }),
      t.isLeaf(i) ? vectorEl(t, i) : null,
      h('span', { class: 'tv-win', title: 'window on entry', text: t.windowText(i) })]
    : [vectorEl(t, i)];
  const row = h('div', {
    class: `tv-row${t.chosen[i] ? ' tv-chosen' : ''}${t.cut[i] ? ' tv-cutnode' : ''}${t.leaf[i] ? ' tv-leafnode' : ''}`,
    role: 'treeitem', tabindex: '0', 'data-node': String(i),
    'aria-expanded': kids ? String(p.expanded.has(i)) : undefined,
  },
  toggle,
  h('span', { class: `tv-move tv-mover-${t.parent[i] < 0 ? 'root' : t.by[i]}`, text: t.edgeText(i) }),
  board(t.cells[i], { width: 45, ring: t.edge[i] }),
  h('span', { class: 'tv-who', text: t.whoText(i) }),
  ...value, ...chips);
  const toggleNode = () => {
    if (!kids) return;
    if (p.expanded.has(i)) p.expanded.delete(i);
    else p.expanded.add(i);
    renderTree(p, i);
  };
  row.addEventListener('click', toggleNode);
  row.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') { toggleNode(); e.preventDefault(); }
  });
  return row;
}

// A node and, when open, its children and what a cut-off left unsearched.
function nodeItem(p, i, renderTree) {
  const t = p.tree;
  const item = h('div', { class: 'tv-item' }, nodeRow(p, i, renderTree));
  if (!p.expanded.has(i)) return item;
  const box = h('div', { class: 'tv-children', role: 'group' });
  for (const c of t.children(i)) box.append(nodeItem(p, c, renderTree));
  if (t.cut[i] !== CUT.none && t.pruned[i] > 0) {
    box.append(h('div', { class: 'tv-item tv-pruned' }, h('div', { class: 'tv-row tv-prunedrow' },
      h('span', { class: 'tv-toggle tv-scissors', text: '✂' }),
      h('span', { class: 'tv-ghost', text: `${t.pruned[i]} move${t.pruned[i] === 1 ? '' : 's'} never searched` }))));
  }
  item.append(box);
  return item;
}

/**
 * @param {HTMLElement} container
 * @param {{hash: string, engine: ReturnType<typeof import('../engine/trace-engine.js').createTreeEngine>, onChange: (hash: string) => void}} opts
 */
export function mountGameTree(container, { hash, engine, onChange }) {
  const { movesIn, depthSel, form, msg, lessonBtn, emptyBtn, playLink, stats, statsNote, rootBoard, switchBtns, panes, root } =
    buildMultiPage();
  container.append(root);

  let state = { moves: LESSON, depth: DEFAULT_DEPTH };
  let reply = null;
  let serial = 0;

  async function load(text) {
    const { pos, notes } = fromHash(text);
    await show(pos, notes);
  }

  function clear() {
    reply = null;
    stats.replaceChildren();
    statsNote.textContent = '';
    rootBoard.replaceChildren();
    for (const p of panes) { p.tree = null; p.box.replaceChildren(); p.title.textContent = ''; }
  }

  async function show(pos, notes = []) {
    state = pos;
    movesIn.value = pos.moves;
    depthSel.value = String(pos.depth);
    playLink.setAttribute('href', `#${new URLSearchParams({ game: 'connect3p', moves: pos.moves })}`);
    onChange(hashOf(state));
    const my = ++serial;
    root.dataset.ready = 'false';
    msg.textContent = `Searching ${pos.moves || 'the empty board'} to depth ${pos.depth}…`;
    msg.classList.remove('tv-error');
    let r;
    try {
      r = await engine.multiTree(pos.moves, pos.depth);
    } catch (e) {
      if (my !== serial) return;
      clear();
      msg.textContent = `Cannot explore this position — ${e && e.message ? e.message : e}`;
      msg.classList.add('tv-error');
      root.dataset.ready = 'true';
      return;
    }
    if (my !== serial) return;
    reply = r;
    for (const p of panes) {
      const t = r.trees.find((x) => x.algorithm === p.id);
      p.tree = new MultiTree(t, { players: r.players, maxSum: r.maxSum });
      p.expanded = new Set([0]);
    }
    const mover = r.players[r.toMove];
    const others = r.players.filter((_, k) => k !== r.toMove);
    panes[1].legend.textContent = `${mover}’s value only: ${mover} maximises it, ${others.join(' and ')} together minimise it; α β the window on entry`;
    panes[2].legend.textContent = `${mover}’s value only: ${mover} maximises it; between two of its moves only the one reply of ${others.join(' or ')} ` +
      `that minimises it is played (the other passes); α β the window on entry`;
    msg.textContent = `${mover} to move · depth ${pos.depth} · ${r.moves.length} stones` + (notes.length ? ` · ${notes.join('; ')}` : '');
    renderStats();
    for (const p of panes) renderTree(p);
    root.dataset.ready = 'true';
  }

  function renderStats() {
    const r = reply;
    const parts = [];
    for (const a of MULTI_ALGORITHMS) {
      const c = r.algorithms.find((x) => x.algorithm === a.id);
      if (!c) continue;
      if (parts.length) parts.push(' · ');
      parts.push(h('span', { class: 'tv-mstat', title: a.label, 'data-algorithm': a.id },
        h('span', { class: 'tv-mstat-name', text: a.id }), ' ', h('span', { class: 'tv-mstat-count', text: group(c.nodes) })));
    }
    stats.replaceChildren(...parts, ' nodes');
    const { text, me, next, third } = statsWords(r, state.depth);
    statsNote.textContent = text;
    rootBoard.replaceChildren(board(panes[0].tree.cells[0], { width: 180, initials: true,
      title: `The position: ${r.moves.length} stones, ${me} to move` }),
    h('p', { class: 'tv-note' }, `The searched position (${r.moves || 'the empty board'}): ${me} to move, then ${next}, then ${third}. ` +
      'Every stone carries its player’s initial. ', playLink));
  }


  function renderTree(p, focus = -1) {
    const t = p.tree;
    const cuts = t.cutCount();
    p.title.textContent = `(${group(t.nodes)} nodes, ${group(cuts)} ${t.paranoid ? 'alpha-beta' : 'shallow'} cut-off${cuts === 1 ? '' : 's'}` +
      `${t.truncated ? `, the first ${group(t.recorded)} kept` : ''}; plays column ${t.bestMove})`;
    p.expandBtn.disabled = t.recorded > EXPAND_ALL_LIMIT;
    p.expandBtn.title = p.expandBtn.disabled ? `more than ${EXPAND_ALL_LIMIT} nodes: expand them one by one` : '';
    p.box.replaceChildren(nodeItem(p, 0, renderTree));
    if (focus >= 0) /** @type {HTMLElement | null} */ (p.box.querySelector(`.tv-row[data-node="${focus}"]`))?.focus();
  }

  for (const p of panes) {
    p.expandBtn.addEventListener('click', () => {
      if (!p.tree) return;
      for (let i = 0; i < p.tree.recorded; i++) if (!p.tree.isLeaf(i)) p.expanded.add(i);
      renderTree(p);
    });
    p.collapseBtn.addEventListener('click', () => {
      if (!p.tree) return;
      p.expanded = new Set([0]);
      renderTree(p);
    });
  }
  for (const b of switchBtns) {
    b.addEventListener('click', () => {
      root.dataset.pane = b.dataset.pane;
      for (const o of switchBtns) o.setAttribute('aria-pressed', String(o === b));
    });
  }
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    show({ moves: movesIn.value.trim(), depth: Number(depthSel.value) });
  });
  lessonBtn.addEventListener('click', () => show({ ...state, moves: LESSON }));
  emptyBtn.addEventListener('click', () => show({ ...state, moves: '' }));

  load(hash);
  return {
    load,
    state: () => hashOf(state),
    destroy: () => { serial++; root.remove(); },
  };
}
