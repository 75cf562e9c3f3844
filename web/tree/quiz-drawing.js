// The quiz's tree (quiz-view.js), drawn as lectures draw it: one row per ply
// labelled MAX or MIN, ▲ MAX's nodes, ▼ MIN's, □ leaves with their values,
// every node lettered (A the root, then preorder), a Tic-Tac-Toe branch
// labelled with its move ("X 7"). On it, the question's controls, in HTML
// over the SVG so that they are ordinary form fields (Tab, labels, a
// screen reader): a value field beside every inner node (values), a toggle
// on every branch (prune); the node the α/β question asks about is ringed.
// On a phone the tree is too small to carry them: they go in a list under it.
// The SVG itself is hidden from screen readers; the tree is told in words
// beside it (treeWords).

import { svgEl, h } from '../lib/dom.js';
import { drawPlyRows } from './abstract-drawing.js';
import { fmt, nodeLabel } from './quiz-logic.js';

const GAP = 66;     // between neighbouring leaves (on a phone PHONE_GAP, so that more of the tree fits)
const PHONE_GAP = 44;
const ROW = 92;     // between plies
const LEFT = 54;    // the MAX / MIN labels' column
const TOP = 34;
const R = 16;       // a node's half size

/** @typedef {import('./quiz-logic.js').Answers} Answers @typedef {import('./quiz-logic.js').QuizNode} QuizNode */

// Each node's place: leaves spaced evenly left to right, an inner node
// centred over its children.
function layout(a, gap) {
  const at = new Map();
  let leaf = 0;
  const visit = (n) => {
    const y = TOP + R + n.ply * ROW;
    if (!n.kids.length) { at.set(n.key, { x: LEFT + gap / 2 + leaf++ * gap, y }); return; }
    n.kids.forEach((k) => visit(a.byKey.get(k)));
    const xs = n.kids.map((k) => at.get(k).x);
    at.set(n.key, { x: (xs[0] + xs.at(-1)) / 2, y });
  };
  visit(a.nodes[0]);
  return { at, width: LEFT + leaf * gap + gap / 2, depth: Math.max(...a.nodes.map((n) => n.ply)) };
}

/**
 * The tree in words, for screen readers and anyone who reads rather than looks:
 * "A (MAX): B, F, J. B (MIN): leaves C +3, D +12, E +8. …".
 * @param {Answers} a @param {(n: QuizNode) => string} edge  a branch's move ('' for none)
 */
export function treeWords(a, edge) {
  return a.nodes.filter((n) => !n.leaf).map((n) => {
    const kids = n.kids.map((k) => a.byKey.get(k)).map((k) => `${edge(k) ? `${edge(k)} → ` : ''}${k.name}${k.leaf ? ` leaf ${fmt(k.value)}` : ''}`);
    return `${n.name} (${n.max ? 'MAX' : 'MIN'}): ${kids.join(', ')}.`;
  }).join(' ');
}

/**
 * Draws the tree and the question's controls into `box`; returns the value
 * fields and branch toggles by node key (the view keeps what they hold).
 * @param {HTMLElement} box
 * @param {{answers: Answers, ask: string, edge: (n: QuizNode) => string, windowKey: string | null,
 *   hidden: Set<string>, onToggle: (key: string) => void}} o
 *   windowKey: the node the α/β question asks about (ringed), null in the other questions;
 *   hidden: the nodes under a branch marked pruned (drawn grey, no toggles)
 */
export function drawQuizTree(box, { answers: a, ask, edge, windowKey, hidden, onToggle }) {
  const phone = box.clientWidth < 560;
  // (on a phone as wide as fits at 0.72, between PHONE_GAP and GAP)
  const leaves = a.nodes.filter((n) => n.leaf).length;
  const gap = phone ? Math.max(PHONE_GAP, Math.min(GAP, ((box.clientWidth - 8) / 0.72 - LEFT) / (leaves + 0.5))) : GAP;
  const { at, width, depth } = layout(a, gap);
  const height = TOP + 2 * R + depth * ROW + 26;
  // A small tree is drawn larger (a slide fills the screen); on a phone
  // smaller, with larger type (qz-phone) so that it stays readable, and a
  // tree too wide even so scrolls sideways.
  const scale = Math.max(phone ? 0.6 : 0.85, Math.min(1.7, (box.clientWidth - 8) / width));
  const svg = svgEl('svg', { viewBox: `0 0 ${width} ${height}`, width: Math.round(width * scale), height: Math.round(height * scale),
    class: `qz-svg${phone ? ' qz-phone' : ''}`, 'aria-hidden': 'true' });
  drawPlyRows(svg, depth, width, (p) => TOP + R + p * ROW);
  const stage = h('div', { class: `qz-stage${scale < 1.1 ? ' qz-dense' : ''}` }, svg);   // (dense: smaller toggles)
  stage.style.width = `${Math.round(width * scale)}px`;
  stage.style.height = `${Math.round(height * scale)}px`;
  const listed = [];   // a phone's list of the value fields, with their names
  const place = (el, x, y) => { if (phone) return; el.style.left = `${Math.round(x * scale)}px`; el.style.top = `${Math.round(y * scale)}px`; };
  /** @type {Map<string, HTMLInputElement>} */
  const fields = new Map();
  /** @type {Map<string, HTMLButtonElement>} */
  const toggles = new Map();
  for (const n of a.nodes) {
    if (n.parent === null) continue;
    const p = at.get(n.parent);
    const c = at.get(n.key);
    const gone = hidden.has(n.key) || hidden.has(n.parent);
    svg.append(svgEl('line', { x1: p.x, y1: p.y + R, x2: c.x, y2: c.y - R, class: `tv-abs-edge${gone ? ' tv-abs-pruned' : ''}` }));
    const move = edge(n);
    if (move) {
      // (beside the edge's end; on a phone, where neighbours' labels would
      // meet, on the edge just above the node, with a halo)
      const t = phone ? svgEl('text', { x: c.x + (p.x - c.x) * 0.15, y: c.y - R - 6, class: 'qz-move qz-mid' })
        : svgEl('text', { x: c.x + (c.x < p.x ? -6 : c.x > p.x ? 6 : 8), y: c.y - R - 8, class: `qz-move ${c.x < p.x ? 'qz-end' : ''}` });
      t.textContent = move;
      svg.append(t);
    }
    if (ask === 'prune' && !hidden.has(n.parent)) {
      const b = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'qz-cut', 'aria-pressed': String(hidden.has(n.key)),
        'aria-label': `branch ${a.byKey.get(n.parent).name}–${n.name} pruned`, 'data-key': n.key }));
      // (in the list, the branch's name is on the toggle: the name contains it)
      b.textContent = `${hidden.has(n.key) ? '✂' : ''}${phone ? `${hidden.has(n.key) ? ' ' : ''}${a.byKey.get(n.parent).name}–${n.name}` : ''}`;
      // (a little past the middle of the edge: siblings' toggles stand further apart there)
      place(b, p.x + (c.x - p.x) * 0.58, p.y + R + (c.y - p.y - 2 * R) * 0.58);
      b.addEventListener('click', () => onToggle(n.key));
      toggles.set(n.key, b);
    }
  }
  for (const n of a.nodes) {
    const { x, y } = at.get(n.key);
    const g = svgEl('g', { class: `qz-node${hidden.has(n.key) ? ' tv-abs-pruned' : ''}${n.key === windowKey ? ' qz-asked' : ''}`,
      transform: `translate(${x},${y})` });
    if (n.key === windowKey) g.append(svgEl('circle', { r: R + 8, class: 'tv-abs-ring' }));
    g.append(n.leaf ? svgEl('rect', { x: -R + 1, y: -R + 1, width: 2 * R - 2, height: 2 * R - 2, rx: 3 })
      : svgEl('polygon', { points: n.max ? `0,${-R} ${R},${R - 3} ${-R},${R - 3}` : `0,${R} ${R},${-R + 3} ${-R},${-R + 3}` }));
    const text = svgEl('text', { y: n.leaf ? 5 : n.max ? 9 : -2, class: 'tv-abs-val' });
    text.textContent = n.leaf ? fmt(n.value) : n.name;
    g.append(text);
    if (n.leaf) {
      const name = svgEl('text', { y: R + 14, class: 'qz-name' });
      name.textContent = n.name;
      g.append(name);
    }
    svg.append(g);
    if (ask === 'values' && !n.leaf) {
      const f = /** @type {HTMLInputElement} */ (h('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false',
        class: 'qz-value', 'aria-label': `value of ${nodeLabel(n)}`, 'data-key': n.key }));
      place(f, x + R + 3, y);
      fields.set(n.key, f);
      if (phone) listed.push(h('label', { class: 'qz-item' }, h('span', { text: `${n.name} (${n.max ? 'MAX' : 'MIN'})` }), f));
    }
  }
  // (Tab order: the fields and toggles in preorder, as the tree reads; on a
  // phone, where the tree is too small to carry them, in a list under it)
  if (phone) box.replaceChildren(stage, h('div', { class: 'qz-list' }, ...listed, ...toggles.values()));
  else {
    stage.append(...fields.values(), ...toggles.values());
    box.replaceChildren(stage);
  }
  return { fields, toggles };
}
