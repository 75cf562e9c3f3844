// The textbook tree drawn as a lecture slide (abstract-view.js): one row per
// ply labelled MAX or MIN, ▲ for MAX's nodes, ▼ for MIN's, □ for leaves with
// their values, at the step-through's step: values appear as the search
// returns them, the node being searched is ringed (with its window α, β in
// alpha-beta), chosen moves are thick, pruned subtrees dashed and grey once
// their cut-off has happened, with the cut's reason under the node.
//
// Drawing only: the values, windows, cuts and their order are the engine's
// trace (trace.js) and its events (pseudocode.js's buildEvents).

import { svgEl } from '../lib/dom.js';
import { EV } from './pseudocode.js';
import { FLAG, minimaxView } from './trace.js';

const GAP = 46;       // between neighbouring leaves
const ROW = 78;       // between plies
const LEFT = 58;      // the MAX / MIN labels' column
const TOP = 30;
const R = 17;         // a node's half size

// Every node of the tree in preorder with its path, ply and place: leaves
// spaced evenly left to right, an inner node centred over its children.
function layout(tree) {
  const out = [];
  let leaf = 0;
  const visit = (n, path, parent) => {
    const me = { n, path, key: path.join('.'), ply: path.length, parent, x: 0, y: TOP + R + path.length * ROW, kids: [] };
    out.push(me);
    if (!n.kids.length) me.x = LEFT + GAP / 2 + leaf++ * GAP;
    else {
      me.kids = n.kids.map((c, k) => visit(c, [...path, k], me));
      me.x = (me.kids[0].x + me.kids.at(-1).x) / 2;
    }
    return me;
  };
  visit(tree, [], null);
  return { nodes: out, width: LEFT + leaf * GAP + GAP / 2, depth: Math.max(...out.map((m) => m.ply)) };
}

// When each trace node was entered, finished and cut (event indexes).
function timing(t, events) {
  const done = new Int32Array(t.size()).fill(-1);
  const cut = new Int32Array(t.size()).fill(-1);
  for (let k = 0; k < events.count; k++) {
    const kind = events.kind[k];
    const i = events.node[k];
    if (kind === EV.leaf || kind === EV.ret || kind === EV.table) done[i] = k;
    else if (kind === EV.cut) cut[i] = k;
  }
  return { enter: events.enterAt, done, cut };
}

const fmt = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

// The rule and the MAX / MIN label of every ply of a tree drawn `width`
// wide, ply p's nodes centred at y(p) (the textbook view and the quiz).
/** @param {SVGElement} svg @param {number} depth @param {number} width @param {(p: number) => number} y */
export function drawPlyRows(svg, depth, width, y) {
  for (let p = 0; p <= depth; p++) {
    svg.append(svgEl('line', { x1: 4, x2: width - 4, y1: y(p), y2: y(p), class: 'tv-abs-row' }));
    const label = svgEl('text', { x: 6, y: y(p) + 5, class: 'tv-abs-rowlabel' });
    label.textContent = p % 2 === 0 ? 'MAX' : 'MIN';
    svg.append(label);
  }
}

/**
 * Draws the tree into `box` (replacing what was there).
 * @param {HTMLElement} box
 * @param {{tree: any, trace: import('./trace.js').Trace & {algorithm: string}, events: any, step: number, current: number,
 *   values: string, selected: number[] | null, onSelect: (path: number[]) => void}} o
 */
export function drawTree(box, { tree, trace: t, events, step, current, values, selected, onSelect }) {
  const hadFocus = box.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.path : null;
  const { nodes, width, depth } = layout(tree);
  const height = TOP + 2 * R + depth * ROW + 24;   // (room for a cut's reason under the last row)
  const index = new Map();   // path key -> trace node
  for (let i = 0; i < t.size(); i++) index.set(t.path(i).join('.'), i);
  const time = timing(t, events);
  const minimax = values === 'minimax';
  const forView = (v, ply) => (minimax && ply % 2 === 1 ? 0 - v : v);
  // A small tree is drawn larger, up to twice, as a slide fills the screen;
  // on a phone a little smaller (then it scrolls sideways).
  const scale = Math.max(0.75, Math.min(2, (box.clientWidth - 8) / width));
  const svg = svgEl('svg', { viewBox: `0 0 ${width} ${height}`, width: Math.round(width * scale), height: Math.round(height * scale),
    class: 'tv-abs-svg', role: 'group',
    'aria-label': `The game tree: ${nodes.length} nodes, ${depth + 1} rows` });
  drawPlyRows(svg, depth, width, (p) => TOP + R + p * ROW);
  // A node left out by a cut: pruned once its nearest searched ancestor has cut.
  const state = (m) => {
    const i = index.get(m.key);
    if (i === undefined) {
      let a = m.parent;
      while (a && index.get(a.key) === undefined) a = a.parent;
      const ai = a ? index.get(a.key) : -1;
      return { i: -1, cls: ai >= 0 && time.cut[ai] >= 0 && time.cut[ai] <= step ? 'pruned' : 'ahead' };
    }
    if (time.enter[i] > step) return { i, cls: 'ahead' };
    return { i, cls: time.done[i] >= 0 && time.done[i] <= step ? 'done' : 'open' };
  };
  const states = new Map(nodes.map((m) => [m.key, state(m)]));
  for (const m of nodes) {
    if (!m.parent) continue;
    const st = states.get(m.key);
    const chosen = st.i >= 0 && st.cls === 'done' && t.has(st.i, FLAG.chosen) && states.get(m.parent.key).cls === 'done';
    svg.append(svgEl('line', { x1: m.parent.x, y1: m.parent.y + R, x2: m.x, y2: m.y - R,
      class: `tv-abs-edge tv-abs-${st.cls}${chosen ? ' tv-abs-chosen' : ''}` }));
  }
  const selKey = selected ? selected.join('.') : null;
  for (const m of nodes) {
    const st = states.get(m.key);
    const leaf = !m.n.kids.length;
    const max = m.ply % 2 === 0;
    const g = svgEl('g', { class: `tv-abs-node tv-abs-${st.cls}${st.i === current ? ' tv-abs-current' : ''}${m.key === selKey ? ' tv-abs-sel' : ''}`,
      transform: `translate(${m.x},${m.y})`, role: 'button', tabindex: '-1', 'data-path': m.key });
    const shape = leaf ? svgEl('rect', { x: -R + 2, y: -R + 2, width: 2 * R - 4, height: 2 * R - 4, rx: 3 })
      : svgEl('polygon', { points: max ? `0,${-R} ${R},${R - 3} ${-R},${R - 3}` : `0,${R} ${R},${-R + 3} ${-R},${-R + 3}` });
    if (st.i === current) g.append(svgEl('circle', { r: R + 6, class: 'tv-abs-ring' }));
    g.append(shape);
    let shown = '';
    if (leaf) shown = fmt(minimax ? m.n.value : (max ? m.n.value : 0 - m.n.value));
    else if (st.cls === 'done') shown = fmt(forView(t.val(st.i), m.ply));
    const text = svgEl('text', { y: leaf ? 5 : max ? 9 : -3, class: 'tv-abs-val' });
    text.textContent = shown;
    g.append(text);
    const cut = st.i >= 0 && t.has(st.i, FLAG.cutoff) && time.cut[st.i] >= 0 && time.cut[st.i] <= step;
    const why = cut ? t.reason(st.i, minimax && !max) : '';
    if (why) {
      const note = svgEl('text', { x: R + 4, y: R + 2, class: 'tv-abs-why' });   // (beside the pruned edges)
      note.textContent = why.replace(/:.*/, '');
      g.append(note);
    }
    if (st.i === current && t.algorithm !== 'minimax') {
      const w = minimaxView({ value: 0, alpha: t.alpha(st.i), beta: t.beta(st.i) }, !minimax || max);
      const win = svgEl('text', { y: -R - 8, class: 'tv-abs-window' });   // (above: the row beside may be full)
      win.textContent = `(α ${t.fmt(w.alpha)}, β ${t.fmt(w.beta)})`;
      g.append(win);
    }
    const words = [m.ply === 0 ? 'the root' : `node ${m.path.map((k) => k + 1).join('·')}`,
      leaf ? `leaf, value ${shown} ${minimax ? 'for MAX' : 'for the side to move'}` : `${max ? 'MAX' : 'MIN'} to move${shown ? `, value ${shown}` : ''}`,
      st.cls === 'pruned' ? 'pruned' : st.cls === 'ahead' ? 'not searched yet' : '', why];
    const title = svgEl('title');   // (its name: SVG names a <g> by its <title>)
    title.textContent = words.filter(Boolean).join(', ');
    g.prepend(title);
    g.addEventListener('click', () => onSelect(m.path));
    svg.append(g);
  }
  const focusKey = hadFocus ?? selKey ?? '';
  const stop = svg.querySelector(`[data-path="${focusKey}"]`) || svg.querySelector('[data-path=""]');
  stop.setAttribute('tabindex', '0');
  svg.addEventListener('keydown', (e) => keyNav(e, nodes, svg, onSelect));
  box.replaceChildren(svg);
  if (hadFocus !== null) /** @type {any} */ (stop).focus();
}

// The tree's keys: Enter or Space selects the focused node; ↑ its parent,
// ↓ its first child, ← → the neighbours on its row.
function keyNav(e, nodes, svg, onSelect) {
  const key = /** @type {HTMLElement} */ (e.target).dataset?.path;
  const m = nodes.find((x) => x.key === key);
  if (!m) return;
  let to;
  if (e.key === 'Enter' || e.key === ' ') { onSelect(m.path); e.preventDefault(); return; }
  if (e.key === 'ArrowUp') to = m.parent;
  else if (e.key === 'ArrowDown') to = m.kids[0] || null;
  else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
    const row = nodes.filter((x) => x.ply === m.ply).sort((a, b) => a.x - b.x);
    to = row[row.indexOf(m) + (e.key === 'ArrowLeft' ? -1 : 1)] || null;
  } else return;
  e.preventDefault();
  e.stopPropagation();
  if (!to) return;
  for (const el of svg.querySelectorAll('[tabindex="0"]')) el.setAttribute('tabindex', '-1');
  const el = svg.querySelector(`[data-path="${to.key}"]`);
  el.setAttribute('tabindex', '0');
  el.focus();
}
