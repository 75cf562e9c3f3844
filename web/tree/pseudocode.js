// The lecture's pseudocode and the step-through of a trace: the trace's
// nodes in preorder become a list of events, each of which highlights the
// pseudocode line being executed and fixes the frame's variables (depth, α,
// β, value so far). The events replay what the engine recorded; nothing is
// searched here.
//
// Two forms, as the explorer's values switch: negamax (one branch, every
// value for the side to move, the engine's own numbers) and minimax with MAX
// and MIN (two branches, every value for MAX, the first player; the numbers
// converted by trace.js's minimaxView).

import { FLAG, minimaxView } from './trace.js';

// Line ids: call, test, leaf, tabletest, table, init, loop, update, alpha, cut,
// store, return; the minimax form has init, loop, update, alpha and cut once
// per branch (BRANCH_LINES, with -max / -min) and the branch lines max, min.
// The third field: the line belongs to the table algorithm only.
const AB_LINES = [
  ['call', 'function alphabeta(node, depth, α, β)'],
  ['test', '  if node is terminal or depth = 0'],
  ['leaf', '    return value(node)      ▹ for the side to move'],
  ['tabletest', '  if the table has node, searched ≥ depth,', 'table'],
  ['tabletest2', '     and its bound decides (exact, ≥ β, ≤ α)', 'table'],
  ['table', '    return its value', 'table'],
  ['init', '  value ← −∞'],
  ['loop', '  for each child of node  ▹ {order}'],
  ['update', '    value ← max(value, −alphabeta(child, depth−1, −β, −α))'],
  ['alpha', '    α ← max(α, value)'],
  ['cut', '    if α ≥ β: break         ▹ β-cut: prune the rest'],
  ['store', '  store value in the table as exact / lower / upper', 'table'],
  ['return', '  return value'],
];

const MINIMAX_LINES = [
  ['call', 'function minimax(node, depth)'],
  ['test', '  if node is terminal or depth = 0'],
  ['leaf', '    return value(node)      ▹ for the side to move'],
  ['init', '  value ← −∞'],
  ['loop', '  for each child of node'],
  ['update', '    value ← max(value, −minimax(child, depth − 1))'],
  ['return', '  return value'],
];

// The minimax form: MAX takes the largest child value, MIN the smallest, and
// α, β pass down unchanged.
const MAXMIN_AB_LINES = [
  ['call', 'function alphabeta(node, depth, α, β)'],
  ['test', '  if node is terminal or depth = 0'],
  ['leaf', '    return value(node)      ▹ for MAX'],
  ['tabletest', '  if the table has node, searched ≥ depth,', 'table'],
  ['tabletest2', '     and its bound decides (exact, ≥ β, ≤ α)', 'table'],
  ['table', '    return its value', 'table'],
  ['init-max', '  if MAX is to move: value ← −∞'],
  ['loop-max', '    for each child of node  ▹ {order}'],
  ['update-max', '      value ← max(value, alphabeta(child, depth−1, α, β))'],
  ['alpha-max', '      α ← max(α, value)'],
  ['cut-max', '      if α ≥ β: break       ▹ β-cut: prune the rest'],
  ['init-min', '  else (MIN): value ← +∞'],
  ['loop-min', '    for each child of node  ▹ {order}'],
  ['update-min', '      value ← min(value, alphabeta(child, depth−1, α, β))'],
  ['alpha-min', '      β ← min(β, value)'],
  ['cut-min', '      if α ≥ β: break       ▹ α-cut: prune the rest'],
  ['store', '  store value in the table as exact / lower / upper', 'table'],
  ['return', '  return value'],
];

const MAXMIN_LINES = [
  ['call', 'function minimax(node, depth)'],
  ['test', '  if node is terminal or depth = 0'],
  ['leaf', '    return value(node)      ▹ for MAX'],
  ['init-max', '  if MAX is to move: value ← −∞'],
  ['update-max', '    for each child: value ← max(value, minimax(child, depth − 1))'],
  ['init-min', '  else (MIN): value ← +∞'],
  ['update-min', '    for each child: value ← min(value, minimax(child, depth − 1))'],
  ['return', '  return value'],
];

// Lines the minimax form has once for MAX and once for MIN.
const BRANCH_LINES = ['init', 'loop', 'update', 'alpha', 'cut'];

const ORDER_WORDS = {
  alphabeta: 'natural order',
  ordered: 'best-looking first',
  table: "table's move first",
};

/**
 * The pseudocode of an algorithm ('minimax' | 'alphabeta' | 'ordered' |
 * 'table') in the explorer's form of values: [{id, text}].
 * @param {string} algorithm
 * @param {'negamax' | 'minimax'} [form]
 */
export function pseudocode(algorithm, form = 'negamax') {
  const maxmin = form === 'minimax';
  if (algorithm === 'minimax') return (maxmin ? MAXMIN_LINES : MINIMAX_LINES).map(([id, text]) => ({ id, text }));
  return (maxmin ? MAXMIN_AB_LINES : AB_LINES).filter(([, , only]) => !only || algorithm === 'table')
    .map(([id, text]) => ({ id, text: text.replace('{order}', ORDER_WORDS[algorithm] || '') }));
}

// The kinds of step-through events (buildEvents), also read by abstract-drawing.js.
export const EV = Object.freeze({ enter: 0, leaf: 1, table: 2, back: 3, cut: 4, ret: 5 });

// Events of a trace: {kind: Uint8Array, node: Int32Array, count, enterAt}
// where enterAt[n] is the index of node n's enter event.
export function buildEvents(trace) {
  const n = trace.size();
  let cap = n * 3 + 8;
  let kind = new Uint8Array(cap);
  let node = new Int32Array(cap);
  const enterAt = new Int32Array(n);
  let count = 0;
  const push = (k, i) => {
    if (count === cap) {
      cap *= 2;
      const k2 = new Uint8Array(cap); k2.set(kind); kind = k2;
      const n2 = new Int32Array(cap); n2.set(node); node = n2;
    }
    kind[count] = k;
    node[count] = i;
    count++;
  };
  const visit = (i) => {
    enterAt[i] = count;
    push(EV.enter, i);
    const f = trace.flags(i);
    if (f & (FLAG.terminal | FLAG.horizon)) { push(EV.leaf, i); return; }
    if (f & FLAG.tableHit) { push(EV.table, i); return; }
    const end = trace.end(i);
    for (let c = i + 1; c < end; c = trace.end(c)) {
      visit(c);
      push(EV.back, c);
    }
    if (f & FLAG.cutoff) push(EV.cut, i);
    push(EV.ret, i);
  };
  if (n > 0) visit(0);
  return { kind, node, count, enterAt };
}

// The state shown at event `k`: {frame (node index whose code runs), lines
// (ids to highlight), depth, alpha, beta, value (null = not set yet: −∞, or
// +∞ at a MIN node), max (MAX is to move at the frame; always true in the
// negamax form), current (node the board shows), text}.
// Options: the algorithm, the depth limit (0 = none), describe(i) (the node
// in words), and for the minimax form maxAt(i) (true where MAX is to move):
// then values, window, lines and words are MAX's and MIN's.
export function eventState(trace, events, k, { algorithm, maxDepth, describe, maxAt = null }) {
  const kind = events.kind[k];
  const i = events.node[k];
  const pruning = algorithm !== 'minimax';
  const depthOf = (n) => (maxDepth > 0 ? maxDepth - trace.ply(n) : null);
  // The negamax state, as the engine recorded it.
  const s = { frame: i, current: i, lines: [], alpha: trace.alpha(i), beta: trace.beta(i), value: null, max: true, depth: depthOf(i), text: '' };
  let back = 0;   // EV.back: the child's value, negated for the frame
  switch (kind) {
    case EV.enter:
      s.lines = ['call'];
      break;
    case EV.leaf:
      s.lines = ['test', 'leaf'];
      s.value = trace.val(i);
      break;
    case EV.table:
      s.lines = ['tabletest', 'tabletest2', 'table'];
      s.value = trace.val(i);
      break;
    case EV.back: {
      const p = trace.parent(i);
      s.frame = p;
      s.alpha = trace.alpha(p);
      s.beta = trace.beta(p);
      s.depth = depthOf(p);
      let value = -Infinity;
      for (let c = p + 1; c <= i; c = trace.end(c)) value = Math.max(value, -trace.val(c));
      s.value = value;
      if (pruning) s.alpha = Math.max(s.alpha, value);
      s.lines = pruning ? ['update', 'alpha'] : ['update'];
      back = -trace.val(i);
      break;
    }
    case EV.cut:
      s.lines = ['cut'];
      s.value = trace.val(i);
      s.alpha = Math.max(s.alpha, s.value);
      break;
    case EV.ret:
      s.lines = algorithm === 'table' ? ['store', 'return'] : ['return'];
      s.value = trace.val(i);
      if (pruning) s.alpha = Math.max(s.alpha, s.value);
      break;
    default:
      break;
  }
  const best = s.value;   // negamax, for the text below
  // The minimax form: MAX's numbers, and each branch line for the frame's side.
  if (maxAt) {
    s.max = maxAt(s.frame);
    const shown = minimaxView({ value: s.value ?? 0, alpha: s.alpha, beta: s.beta }, s.max);
    s.alpha = shown.alpha;
    s.beta = shown.beta;
    if (s.value !== null) s.value = shown.value;
    const side = s.max ? 'max' : 'min';
    s.lines = s.lines.map((id) => (BRANCH_LINES.includes(id) ? `${id}-${side}` : id));
  }
  s.text = narrate(trace, kind, i, s, { pruning, describe, maxmin: Boolean(maxAt), back, best });
  return s;
}

// The narration of one event (eventState's state `s`, already in the view's
// numbers): the negamax form speaks of the side to move and negation, the
// minimax form of MAX and MIN. `back` and `best` are negamax numbers (EV.back).
function narrate(trace, kind, i, s, { pruning, describe, maxmin, back, best }) {
  const fmt = (v) => trace.fmt(v);
  const name = describe(i);
  const who = s.max ? 'MAX' : 'MIN';
  const window = `α = ${fmt(s.alpha)}, β = ${fmt(s.beta)}`;
  const forWhom = maxmin ? 'for MAX' : 'for the side to move';
  switch (kind) {
    case EV.enter:
      if (i === 0) return `Start at the root${maxmin ? ` (${who} to move)` : ''} with the open window ${window}.`;
      return `Enter ${name}${maxmin ? ` (${who} to move)` : ''}` + (pruning ? ` with ${window}.` : '.');
    case EV.leaf:
      return trace.has(i, FLAG.horizon)
        ? `Depth limit: the evaluation says ${fmt(s.value)} ${forWhom}.`
        : `The game is over here: value ${fmt(s.value)} ${forWhom}.`;
    case EV.table:
      return `Transposition table hit — ${trace.reason(i, !s.max)}. No search needed.`;
    case EV.back: {
      const p = s.frame;
      const isBest = back === best;
      const tail = isBest && trace.has(i, FLAG.chosen) ? ' — the best so far (and final) choice.' : isBest ? ' — the best so far.' : `; the best stays ${fmt(s.value)}.`;
      if (!maxmin) return `${name} returns ${fmt(trace.val(i))}; negated that is ${fmt(back)} for ${describe(p)}${tail}`;
      const childValue = s.max ? back : -back;   // for MAX: at MAX's frame `back` is MAX's already
      return `${name} returns ${fmt(childValue)}; ${who} at ${describe(p)} keeps the ${s.max ? 'larger' : 'smaller'}${isBest ? '' : ' value'}${tail}`;
    }
    case EV.cut:
      return `${trace.reason(i, !s.max)}: ${maxmin ? (s.max ? 'MIN' : 'MAX') : 'the opponent'} already has a better choice elsewhere, so the remaining moves are pruned.`;
    case EV.ret:
      return i === 0
        ? `The root's value is ${fmt(s.value)}${maxmin ? ' for MAX' : ''}; the best move is highlighted.`
        : `${name} returns ${fmt(s.value)}.`;
    default:
      return '';
  }
}
