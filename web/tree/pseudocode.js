// The lecture's pseudocode (negamax form) and the step-through of a trace:
// the trace's nodes in preorder become a list of events, each of which
// highlights the pseudocode line being executed and fixes the frame's
// variables (depth, α, β, value so far). The events replay what the engine
// recorded; nothing is searched here.

import { FLAG } from './trace.js';

// Line ids: call, test, leaf, tabletest, table, init, loop, update, alpha, cut, store, return.
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

const ORDER_WORDS = {
  alphabeta: 'natural order',
  ordered: 'best-looking first',
  table: "table's move first",
};

// [{id, text}] for an algorithm ('minimax' | 'alphabeta' | 'ordered' | 'table').
export function pseudocode(algorithm) {
  if (algorithm === 'minimax') return MINIMAX_LINES.map(([id, text]) => ({ id, text }));
  return AB_LINES.filter(([, , only]) => !only || algorithm === 'table')
    .map(([id, text]) => ({ id, text: text.replace('{order}', ORDER_WORDS[algorithm] || '') }));
}

const EV = Object.freeze({ enter: 0, leaf: 1, table: 2, back: 3, cut: 4, ret: 5 });

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
// (ids to highlight), depth, alpha, beta, value (null = −∞ not yet set),
// current (node the board shows), text}.
export function eventState(trace, events, k, { algorithm, maxDepth, describe }) {
  const kind = events.kind[k];
  const i = events.node[k];
  const pruning = algorithm !== 'minimax';
  const depthOf = (n) => (maxDepth > 0 ? maxDepth - trace.ply(n) : null);
  const s = { frame: i, current: i, lines: [], alpha: trace.alpha(i), beta: trace.beta(i), value: null, depth: depthOf(i), text: '' };
  const name = describe(i);
  switch (kind) {
    case EV.enter:
      s.lines = ['call'];
      s.text = i === 0
        ? `Start at the root with the open window α = ${trace.fmt(s.alpha)}, β = ${trace.fmt(s.beta)}.`
        : `Enter ${name}` + (pruning ? ` with α = ${trace.fmt(s.alpha)}, β = ${trace.fmt(s.beta)}.` : '.');
      break;
    case EV.leaf:
      s.lines = ['test', 'leaf'];
      s.value = trace.val(i);
      s.text = trace.has(i, FLAG.horizon)
        ? `Depth limit: the evaluation says ${trace.fmt(s.value)} for the side to move.`
        : `The game is over here: value ${trace.fmt(s.value)} for the side to move.`;
      break;
    case EV.table:
      s.lines = ['tabletest', 'tabletest2', 'table'];
      s.value = trace.val(i);
      s.text = `Transposition table hit — ${trace.reason(i)}. No search needed.`;
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
      const back = -trace.val(i);
      s.text = `${name} returns ${trace.fmt(trace.val(i))}; negated that is ${trace.fmt(back)} for ${describe(p)}` +
        (back === value && trace.has(i, FLAG.chosen) ? ' — the best so far (and final) choice.' : back === value ? ' — the best so far.' : `; the best stays ${trace.fmt(value)}.`);
      break;
    }
    case EV.cut:
      s.lines = ['cut'];
      s.value = trace.val(i);
      s.alpha = Math.max(s.alpha, s.value);
      s.text = `${trace.reason(i)}: the opponent already has a better choice elsewhere, so the remaining moves are pruned.`;
      break;
    case EV.ret:
      s.lines = algorithm === 'table' ? ['store', 'return'] : ['return'];
      s.value = trace.val(i);
      if (pruning) s.alpha = Math.max(s.alpha, s.value);
      s.text = i === 0
        ? `The root's value is ${trace.fmt(s.value)}; the best move is highlighted.`
        : `${name} returns ${trace.fmt(s.value)}.`;
      break;
    default:
      break;
  }
  return s;
}
