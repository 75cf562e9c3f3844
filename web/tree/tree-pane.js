// The explorer's tree card: one row per node of the shown trace, lazy (only
// the children of expanded nodes are in the DOM), the moves a β-cut pruned
// drawn dimmed under their node, the current node of the step-through
// marked, and the "best line" and "collapse" buttons. Values are written as
// the explorer's values switch says (tree-state.js shownNode): negamax, or
// minimax with each row's level, MAX or MIN.
//
// createTreePane(elements, view, callbacks) reads the shared state `view`
// (tree-state.js) and reports out through callbacks: onJump(i) when the user
// picks node i (click, Enter), currentNode() to ask which node the
// step-through is at. Returns {reset(), redraw(), reveal(i), markCurrent(i, scroll)}.

import { h, group, rovingTree } from '../lib/dom.js';
import { GAMES } from '../lib/games.js';
import { FLAG } from './trace.js';
import { boardSvg, legalMoves, moveText } from '../lib/boards.js';
import { pathMoves, shownNode, sideToMove } from './tree-state.js';

// The chips after a row's values: best move, leaf kinds, cut and table
// reasons (in MAX's terms at a MIN node of the minimax view), the subtree's size.
function rowChips(t, i, kids, leafish, minNode) {
  const f = t.flags(i);
  const chips = [];
  if (f & FLAG.chosen) chips.push(h('span', { class: 'tv-chip tv-chip-chosen', text: '★ best' }));
  if (f & FLAG.terminal) chips.push(h('span', { class: 'tv-chip tv-chip-leaf', text: t.val(i) === 0 ? 'draw' : 'game over' }));
  if (f & FLAG.horizon) chips.push(h('span', { class: 'tv-chip tv-chip-leaf', text: 'horizon: evaluated' }));
  if (f & (FLAG.cutoff | FLAG.tableHit)) chips.push(h('span', { class: `tv-chip ${f & FLAG.cutoff ? 'tv-chip-cut' : 'tv-chip-table'}`, text: t.reason(i, minNode) }));
  if (f & FLAG.tableMove) chips.push(h('span', { class: 'tv-chip tv-chip-table', text: 'table move first' }));
  if (f & FLAG.truncated) chips.push(h('span', { class: 'tv-chip tv-chip-warn', text: 'incomplete (node cap)' }));
  if (kids && !leafish) chips.push(h('span', { class: 'tv-size', text: `${group(kids + 1)} nodes` }));
  return chips;
}

// The moves a β-cut at node i pruned (legal, never searched), as one dimmed row.
function prunedItem(view, i, searched) {
  const { pos, trace } = view;
  const ply = pos.moves.length + trace.ply(i);
  const pruned = legalMoves(pos.game, pathMoves(view, i)).filter((m) => !searched.has(m));
  return h('div', { class: 'tv-item tv-pruned' },
    h('div', { class: 'tv-row tv-prunedrow' },
      h('span', { class: 'tv-toggle tv-scissors', text: '✂' }),
      ...pruned.map((m) => h('span', { class: 'tv-ghost', title: 'pruned, never searched' },
        boardSvg(pos.game, pathMoves(view, i).concat([m]), { size: pos.game === 'tictactoe' ? 26 : 36 }),
        h('span', { class: 'tv-move', text: moveText(pos.game, m, ply) }))),
      h('span', { class: 'tv-chip tv-chip-cut', text: `pruned by ${trace.reason(i, shownNode(view, i).minNode)}` })));
}

// A node's row in the tree (its toggle, board, move, value, window and
// chips), `open` when its children are shown; the pane wires its events.
function rowElement(view, i, open) {
  const { pos, trace: t } = view;
  const f = t.flags(i);
  const kids = t.end(i) - i - 1;
  const leafish = f & (FLAG.terminal | FLAG.horizon | FLAG.tableHit);
  // (for the mouse; hidden from screen readers, which hear the node's aria-expanded instead)
  const toggle = h('button', { type: 'button', class: 'tv-toggle', 'aria-hidden': 'true', tabindex: '-1' });
  toggle.textContent = kids ? (open ? '▾' : '▸') : '•';
  if (!kids) toggle.disabled = true;
  const ply = pos.moves.length + t.ply(i) - 1;
  const label = i === 0 ? 'Root' : moveText(pos.game, t.move(i), ply);
  const pruning = t.algorithm !== 'minimax';
  const shown = shownNode(view, i);
  const maxmin = view.values === 'minimax';
  const level = shown.minNode ? 'MIN' : 'MAX';
  const row = h('div', {
    class: `tv-row${f & FLAG.chosen ? ' tv-chosen' : ''}${f & FLAG.cutoff ? ' tv-cutnode' : ''}${leafish ? ' tv-leafnode' : ''}`,
    role: 'treeitem', tabindex: '-1', 'data-node': i, 'aria-expanded': kids ? String(open) : undefined,
    'aria-level': String(t.ply(i) + 1),
  },
  toggle,
  boardSvg(pos.game, pathMoves(view, i), { size: pos.game === 'tictactoe' ? 32 : 46 }),
  h('span', { class: 'tv-move', text: label }),
  maxmin ? h('span', { class: `tv-level tv-level-${level.toLowerCase()}`, title: `${level}: ${sideToMove(view, i)} to move`, text: level }) : null,
  h('span', { class: 'tv-val', text: `v ${t.fmt(shown.value)}`,
    title: maxmin ? `value for MAX (${GAMES[pos.game].sides[0]})` : `value for ${sideToMove(view, i)} to move` }),
  pruning ? h('span', { class: 'tv-win', title: 'window on entry', text: `α ${t.fmt(shown.alpha)}  β ${t.fmt(shown.beta)}` }) : null,
  ...rowChips(t, i, kids, leafish, shown.minNode));
  return { row, toggle };
}

/**
 * @param {{treeBox: HTMLElement, expandPvBtn: HTMLElement, collapseBtn: HTMLElement}} elements
 * @param {import('./tree-state.js').TreeViewState} view
 * @param {{onJump: (i: number) => void, currentNode: () => number}} callbacks
 */
export function createTreePane({ treeBox, expandPvBtn, collapseBtn }, view, { onJump, currentNode }) {
  const expanded = new Set();  // node indexes expanded in the tree
  const autoExpanded = new Set();
  const rows = new Map();      // node index -> row element (rendered rows only)
  let currentRow = null;
  rovingTree(treeBox);   // (one Tab stop; ↑ ↓ between rows, ← → still step the search)

  function nodeRow(i) {
    const { row, toggle } = rowElement(view, i, expanded.has(i));
    row.addEventListener('click', (e) => {
      if (e.target === toggle) toggleNode(i);
      else onJump(i);
    });
    row.addEventListener('dblclick', () => toggleNode(i));
    row.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { onJump(i); e.preventDefault(); }
      // Space opens or closes the node (as a double click does); it does not
      // reach the step player's Space (play / pause).
      if (e.key === ' ') { toggleNode(i); e.preventDefault(); e.stopPropagation(); }
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
    for (const c of view.trace.children(i)) {
      searched.add(view.trace.move(c));
      box.append(nodeItem(c));
    }
    if (view.trace.has(i, FLAG.cutoff)) box.append(prunedItem(view, i, searched));
    return box;
  }

  // Runs `draw`, which redraws rows; a focused row keeps the focus (its new
  // row takes it, or, when its branch was closed, the nearest row drawn on
  // its path from the root), so that a keyboard user stays where they were.
  function keepingFocus(draw) {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focused = active && treeBox.contains(active) && active.dataset.node !== undefined ? Number(active.dataset.node) : -1;
    draw();
    if (focused < 0 || (rows.get(focused) && rows.get(focused).contains(document.activeElement))) return;
    const drawn = view.trace.chain(focused).slice().reverse().find((n) => rows.has(n));
    if (drawn !== undefined) rows.get(drawn).focus({ preventScroll: true });
  }

  function rerenderItem(i) {
    const row = rows.get(i);
    if (!row) return;
    const item = row.parentElement;
    keepingFocus(() => {
      // drop the rows of the old subtree from the index
      for (const r of item.querySelectorAll('.tv-row[data-node]')) rows.delete(Number(r.dataset.node));
      item.replaceWith(nodeItem(i));
    });
    if (currentRow && !currentRow.isConnected) markCurrent(currentNode(), false);
  }
  function expand(i, auto = false) {
    if (expanded.has(i) || view.trace.end(i) === i + 1) return;
    expanded.add(i);
    if (auto) autoExpanded.add(i);
    rerenderItem(i);
  }
  function collapse(i) {
    if (!expanded.has(i)) return;
    for (const n of [...expanded]) if (n >= i && n < view.trace.end(i)) { expanded.delete(n); autoExpanded.delete(n); }
    rerenderItem(i);
  }
  function toggleNode(i) {
    autoExpanded.delete(i);
    if (expanded.has(i)) collapse(i); else expand(i);
  }

  function renderTree() {
    keepingFocus(() => {
      rows.clear();
      currentRow = null;
      treeBox.replaceChildren(nodeItem(0));
    });
  }

  // Only the root expanded, drawn afresh (a new trace, or the collapse button).
  function reset() {
    expanded.clear();
    autoExpanded.clear();
    expanded.add(0);
    renderTree();
  }

  // The same rows drawn again, as open as they were (the values switch changed).
  function redraw() {
    renderTree();
    markCurrent(currentNode(), false);
  }

  // Expands the chain to node i (auto-expanded nodes off the chain close again).
  function reveal(i) {
    const chain = view.trace.chain(i);
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
    const { trace } = view;
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

  expandPvBtn.addEventListener('click', showBestLine);
  collapseBtn.addEventListener('click', reset);

  return { reset, redraw, reveal, markCurrent };
}
