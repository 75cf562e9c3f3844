// The explorer's two tables of numbers: the algorithms side by side (node
// counts of one position under minimax, alpha-beta, ordering and the table,
// then MCTS's playouts and tree size, and why ordering can lose) and
// iterative deepening (per depth: best move, value, nodes with and without a
// table). Drawing only; tree-view.js asks the engine for the data.

import { group, h } from '../lib/dom.js';
import { GAMES } from '../lib/games.js';
import { moveText } from '../lib/boards.js';
import { ALGORITHMS, FLAG, ordinal } from './trace.js';

/**
 * Fills the algorithms card: one button per algorithm with its node count,
 * and the note under them.
 * @param {HTMLElement} stats
 * @param {HTMLElement} statsNote
 * @param {{exactScale: boolean, algorithms: any[]} | null} counts  the engine's `counts` reply
 * @param {{algorithm: string, depth: number, valueText: (v: number) => string,
 *   onSelect: (id: string) => void, cutWord?: string,
 *   mcts?: {trace: import('./mcts-trace.js').MctsTrace | null, error: string, playouts: number, seed: number,
 *     game: string, moves: string} | null}} view
 *   the shown algorithm, the position's depth limit, the root's value in the
 *   view's words ("+3 for X to move (…)"), what a click on an algorithm does,
 *   what a cut-off is called ('β-cuts' in negamax; in the minimax view
 *   MIN's cuts are α-cuts), and MCTS's run (its card follows the four)
 */
export function renderAlgorithmStats(stats, statsNote, counts, { algorithm, depth, valueText, onSelect, cutWord = 'β-cuts', mcts = null }) {
  stats.replaceChildren();
  if (!counts) return;
  const base = counts.algorithms[0].nodes;
  const max = Math.log10(Math.max(base, 10));
  for (const a of ALGORITHMS) {
    const c = counts.algorithms.find((x) => x.algorithm === a.id);
    if (!c) continue;
    const pct = base ? (100 * c.nodes) / base : 0;
    const ratio = a.id === 'minimax' ? 'the reference'
      : `${pct < 1 ? pct.toFixed(2) : pct.toFixed(1)} % of minimax · ${(base / c.nodes).toFixed(1)}× fewer`;
    const bar = h('span', { class: 'tv-bar' }, h('span', { class: 'tv-barfill' }));
    bar.firstChild.style.width = `${Math.max(2, (100 * Math.log10(Math.max(c.nodes, 1))) / max)}%`;
    const item = h('button', { type: 'button', class: `tv-algo${a.id === algorithm ? ' tv-on' : ''}`,
      'data-algorithm': a.id, 'aria-pressed': a.id === algorithm ? 'true' : 'false' },
    h('span', { class: 'tv-algo-name', text: a.short }), ' ',
    h('span', { class: 'tv-algo-count', text: group(c.nodes) }), ' ',
    h('span', { class: 'tv-algo-unit', text: 'nodes' }),
    h('span', { class: 'tv-algo-ratio', text: ratio }),
    bar,
    h('span', { class: 'tv-algo-label', text: `${a.label} — ${a.blurb}` }),
    h('span', { class: 'tv-algo-extra', text: `${group(c.cutoffs)} ${cutWord}` + (a.id === 'table' ? ` · ${group(c.tableHits)} table hits` : '') }));
    item.addEventListener('click', () => onSelect(a.id));
    stats.append(item);
  }
  if (mcts) stats.append(mctsCard(mcts, algorithm, onSelect));
  const c0 = counts.algorithms[0];
  const agree = counts.algorithms.every((c) => c.value === c0.value);
  statsNote.textContent = `${agree ? 'All four agree: value' : 'Minimax value'} ${valueText(c0.value)}. ` +
    (agree ? '' : 'The table reuses results of deeper searches of the same position, so its value may differ at a depth limit. ') +
    'Bars are on a logarithmic scale. ' + (counts.exactScale ? 'Values are exact game scores.' : `Depth limit ${depth}: leaves are scored by the evaluation.`);
}

// MCTS's card: "mcts 1000 playouts", its tree's size, the move it plays.
function mctsCard({ trace, error, playouts, seed, game, moves }, algorithm, onSelect) {
  const plies = moves.length;
  let ratio = `running ${group(playouts)} playouts…`;
  let extra = `seed ${seed}`;
  if (trace) {
    const best = trace.children(0).find((c) => trace.move(c) === trace.bestMove);
    const visits = best === undefined ? 0 : trace.stateAt(trace.playouts).visits[best];
    ratio = `${group(trace.nodes)} nodes in its tree`;
    const proof = trace.proven ? ` · proven ${trace.value > 0 ? 'win' : trace.value < 0 ? 'loss' : 'draw'}` : '';
    extra = `plays ${moveText(game, trace.bestMove, plies)} (${group(visits)} visits)${proof} · seed ${seed}`;
  } else if (error) {
    ratio = `not run: ${error}`;
  }
  // (The card's title says what the count is; the stats note stays one line on a classroom screen.)
  const item = h('button', { type: 'button', class: `tv-algo tv-algo-mcts${algorithm === 'mcts' ? ' tv-on' : ''}`,
    'data-algorithm': 'mcts', 'aria-pressed': algorithm === 'mcts' ? 'true' : 'false',
    title: 'MCTS counts playouts, not nodes: each plays a game to its end, whatever the depth limit' },
  h('span', { class: 'tv-algo-name', text: 'mcts' }), ' ',
  h('span', { class: 'tv-algo-count', text: trace ? group(trace.playouts) : '…' }), ' ',
  h('span', { class: 'tv-algo-unit', text: 'playouts' }),
  h('span', { class: 'tv-algo-ratio', text: ratio }),
  h('span', { class: 'tv-algo-label', text: 'Monte Carlo tree search — random playouts' }),
  h('span', { class: 'tv-algo-extra', text: extra }));
  item.addEventListener('click', () => onSelect('mcts'));
  return item;
}

/**
 * Why ordered alpha-beta needed more nodes than natural order at this
 * position, from the two traces: ordering is a guess; where its first guess at
 * the root went, how many nodes the moves before the best one cost, and, when
 * the best move wins at once, why the guess put it late.
 * @param {import('./trace.js').Trace} natural  the alpha-beta trace
 * @param {import('./trace.js').Trace} ordered  the ordered alpha-beta trace
 * @param {{game: string, moves: string}} pos  the position searched
 */
export function orderingNote(natural, ordered, pos) {
  const name = (t, c) => moveText(pos.game, t.move(c), pos.moves.length);
  const general = `Why does “ordered” need more nodes here (${group(ordered.nodes)} against ${group(natural.nodes)})? ` +
    'Ordering is a guess made before searching: it pays on average, but one position can fool it.';
  const kids = ordered.children(0);
  const best = kids.findIndex((c) => ordered.has(c, FLAG.chosen));
  if (best <= 0) return `${general} Here its first guess at the root is the best move; the extra nodes come from deeper nodes, where its guesses are worse.`;
  const before = kids.slice(0, best).reduce((n, c) => n + ordered.subtreeSize(c), 0);
  let text = `${general} Here it tries ${name(ordered, kids[0])} first and the best move, ${name(ordered, kids[best])}, ` +
    `${best === kids.length - 1 ? 'last' : ordinal(best + 1)} of ${kids.length}, after ${group(before)} of its ${group(ordered.nodes)} nodes`;
  const naturalFirst = natural.children(0)[0];
  text += naturalFirst !== undefined && natural.has(naturalFirst, FLAG.chosen) ? `; natural order tries ${name(natural, naturalFirst)} first.` : '.';
  // A finished game whose value is a loss for the side to move there: the move won.
  if (ordered.has(kids[best], FLAG.terminal) && ordered.val(kids[best]) < 0) {
    text += ` ${name(ordered, kids[best])} wins at once, but the guess counts the winning spots a move leaves, and completing a line leaves none.`;
  }
  return text;
}

// A value of the iterative-deepening table: proven results as "win 3".
function formatDeep(value) {
  const PROVEN = 20000;
  if (value > PROVEN) return `win ${value - PROVEN}`;
  if (value < -PROVEN) return `loss ${-value - PROVEN}`;
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
}

/**
 * Fills the iterative-deepening table with the engine's `deepening` steps.
 * @param {HTMLElement} deepBody  the table's <tbody>
 * @param {HTMLElement} deepNote
 * @param {any[]} steps
 * @param {{game: string, moves: string}} pos  the position searched
 * @param {number} sign  1, or −1 to show the values for the other side (the
 *   minimax view when MIN is to move at the root)
 */
export function renderDeepening(deepBody, deepNote, steps, pos, sign) {
  const max = Math.max(1, ...steps.map((s) => s.nodesNoTable));
  const cell = (n, cls) => {
    const bar = h('span', { class: `tv-minibar ${cls}` });
    bar.style.width = `${Math.max(2, (100 * n) / max)}%`;
    return h('td', { class: 'tv-num' }, h('span', { text: group(n) }), bar);
  };
  deepBody.replaceChildren(...steps.map((s) => h('tr', {},
    h('td', { class: 'tv-num', text: String(s.depth) }),
    h('td', { text: moveText(pos.game, s.bestMove - 1, pos.moves.length) }),
    h('td', { class: 'tv-num', text: formatDeep(sign * s.value) }),
    h('td', { class: 'tv-pv', text: s.pv.map((m, j) => `${GAMES[pos.game].sides[(pos.moves.length + j) % 2][0]}${m}`).join(' ') }),
    cell(s.nodesNoTable, 'tv-b0'), cell(s.nodesFreshTable, 'tv-b1'), cell(s.nodesKeptTable, 'tv-b2'))));
  const sum = (k) => steps.reduce((a, s) => a + s[k], 0);
  deepNote.textContent = steps.length
    ? `All iterations together: ${group(sum('nodesNoTable'))} nodes without a table, ${group(sum('nodesFreshTable'))} with a fresh table each time, ` +
      `${group(sum('nodesKeptTable'))} with the table kept between iterations.`
    : 'The game is over in this position: nothing to search.';
}
