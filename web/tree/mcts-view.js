// The explorer's Monte Carlo tree search cards (algo=mcts): the MCTS tree of
// the position, drawn like the alpha-beta tree (lazy: only the children of
// expanded nodes are in the DOM), and the playouts one at a time.
//
// Everything shown is the wasm engine's own search (engine/search/mcts.hpp,
// traced by mcts_trace.hpp, read by mcts-trace.js): the tree after k
// playouts is the engine's records replayed up to k. Per node: visits, the
// mean result for the player who moved into the node, the UCB1 score its
// parent computes for it now, proven wins and losses (MCTS-Solver); the
// chosen move marked. Per playout: the selection path with the UCB1 scores
// that chose each step (the engine's numbers), the node expanded, the
// playout's moves on a board and in words, the result and the visits and
// means back-propagated.
//
// buildMctsCards() makes the two cards; createMctsPanel(els, callbacks)
// wires them: show(trace, pos, keep) draws a trace (keep: stay at the same
// playout, for the same run shown again), clear(text), setActive(on) (keys
// act only while the MCTS cards are shown), destroy(). callbacks.onBudget
// ({playouts, seed}) asks for another run.

import { group, h, rovingTree } from '../lib/dom.js';
import { GAMES } from '../lib/games.js';
import { boardSvg, moveText, parseMoves } from '../lib/boards.js';
import { MCTS_BUDGETS, MCTS_MAX_PLAYOUTS, fmt2, meanOf, provenWords, ucbOf } from './mcts-trace.js';
import { iconSvg } from './tree-skeleton.js';

// Builds the MCTS tree card and the playouts card; returns them by name.
export function buildMctsCards() {
  // (Classes of their own where tests and styles look for the alpha-beta cards' first match.)
  const mTitle = h('span', { class: 'tv-mtitle' });
  const mBestBtn = h('button', { type: 'button', id: 'mcts-best', text: 'Show most-visited line' });
  const mCollapseBtn = h('button', { type: 'button', text: 'Collapse all' });
  const mTreeBox = h('div', { id: 'mcts-tree', class: 'tv-tree tv-mtree', role: 'tree', 'aria-label': 'MCTS tree' });
  rovingTree(mTreeBox);
  const mNote = h('p', { class: 'tv-note tv-valuesnote', id: 'mcts-note' });
  const mTreeCard = h('section', { class: 'tv-card tv-treecard tv-mcts-treecard', 'aria-label': 'MCTS tree', hidden: true },
    h('div', { class: 'tv-cardhead' }, h('h3', {}, 'MCTS tree ', mTitle), h('div', { class: 'tv-tools' }, mBestBtn, mCollapseBtn)),
    h('p', { class: 'tv-legend' },
      h('span', { class: 'tv-lg tv-lg-chosen', text: 'chosen move' }),
      h('span', { class: 'tv-lg tv-lg-path', text: 'this playout\'s path' }),
      h('span', { class: 'tv-lg tv-lg-leaf', text: 'proven / game over' })),
    mNote, mTreeBox);

  const btn = (icon, label, id, text) => {
    const b = h('button', { type: 'button', class: 'tv-ctl', title: label, 'aria-label': label, id });
    if (icon) b.append(iconSvg(icon)); else b.textContent = text;
    return b;
  };
  const mFirst = btn('first', 'Before the first playout (Home)', 'mcts-first');
  const mBack = btn('back', 'Previous playout (←)', 'mcts-back');
  const mStep = btn('forward', 'Next playout (→)', 'mcts-step');
  const m10 = btn('', '10 more playouts (Page Down)', 'mcts-10', '+10');
  const m100 = btn('', '100 more playouts', 'mcts-100', '+100');
  const mEnd = btn('last', 'To the end of the search (End)', 'mcts-end');
  const mCount = h('span', { id: 'mcts-count', class: 'tv-stepno' });
  const mBudget = h('select', { id: 'mcts-playouts', 'aria-label': 'Playout budget' },
    ...MCTS_BUDGETS.map((n) => h('option', { value: String(n), text: group(n) })));
  const mSeed = h('input', { id: 'mcts-seed', type: 'number', min: '0', max: '4294967295', step: '1', 'aria-label': 'Random seed' });
  const mForm = h('form', { class: 'tv-pos tv-mcts-budget' },
    h('label', {}, h('span', { text: 'Budget (playouts)' }), mBudget),
    h('label', {}, h('span', { text: 'Seed' }), mSeed),
    h('button', { type: 'submit', text: 'Run again' }));
  const mBoard = h('div', { class: 'tv-mboard' });
  const mBoardNote = h('p', { class: 'tv-path', id: 'mcts-moves' });
  const mSteps = h('ol', { id: 'mcts-iteration', class: 'tv-mcts-steps' });
  const mNarration = h('p', { id: 'mcts-narration', class: 'tv-narration', 'aria-live': 'polite' });
  const mBackprop = h('tbody');
  const mTable = h('div', { class: 'tv-scroll', tabindex: '0', role: 'region', 'aria-label': 'Backpropagation: the path\'s visits and means' },
    h('table', { class: 'tv-table', id: 'mcts-backprop' },
      h('thead', {}, h('tr', {}, ...['Node', 'Visits', 'Mean (mover)', 'UCB chose it'].map((t) => h('th', { scope: 'col', text: t })))),
      mBackprop));
  const mStepCard = h('section', { class: 'tv-card tv-stepcard tv-mcts-stepcard', 'aria-label': 'Step through the playouts', hidden: true },
    h('div', { class: 'tv-cardhead tv-stephead' }, h('h3', { text: 'Playouts, one at a time' }),
      h('div', { class: 'tv-btnrow' }, mFirst, mBack, mStep, m10, m100, mEnd, mCount)),
    mForm,
    h('div', { class: 'tv-stepgrid' },
      h('div', { class: 'tv-boardcol' }, mBoard, mBoardNote),
      h('div', { class: 'tv-varcol' }, mSteps, mNarration)),
    mTable,
    h('p', { class: 'tv-note', text: 'Each playout: selection (from the root, the child with the highest UCB1 = mean + C·√(ln N / n); ' +
      'an unvisited child first), expansion (a node reached the second time gets all its children), a playout (random moves that take a win ' +
      'in one and block a loss in one, to the end of the game), and backpropagation (every node on the path counts the visit and the result ' +
      'for the player who moved into it: win 1, draw ½, loss 0). MCTS-Solver marks proven wins and losses and stops when the root is proven.' }));
  return { mTreeCard, mStepCard, mTitle, mBestBtn, mCollapseBtn, mTreeBox, mNote, mFirst, mBack, mStep, m10, m100, mEnd, mCount,
    mBudget, mSeed, mForm, mBoard, mBoardNote, mSteps, mNarration, mBackprop };
}

// The words for a run's nodes: who moved into node i (the root: the one who
// moved last), its move's name, the board's moves at it, a result.
function runWords(trace, pos) {
  const g = GAMES[pos.game];
  const plies = parseMoves(pos.moves).length;
  return {
    plies,
    moverInto: (i) => g.sides[(plies + trace.ply(i) + 1) % 2],
    nodeName: (i) => (i === 0 ? 'the root' : moveText(pos.game, trace.move(i), plies + trace.ply(i) - 1)),
    boardMoves: (i) => parseMoves(pos.moves).concat(trace.pathMoves(i)),
    winnerText: (w) => (w < 0 ? 'a draw' : `${g.sides[w]} wins`),
  };
}

// The root's child the engine chose (at playout k = the end), or the most
// visited so far (s: the tree at playout k).
function chosenChild(trace, k, s) {
  const kids = trace.children(0).filter((c) => s.exists[c]);
  if (k === trace.playouts) return kids.find((c) => trace.move(c) === trace.bestMove) ?? -1;
  let best = -1;
  for (const c of kids) if (s.visits[c] && (best < 0 || s.visits[c] > s.visits[best])) best = c;
  return best;
}

// Opens the path of playout k (and closes what an earlier one opened:
// autoExpanded holds the nodes opened here, not by the person).
function revealPath(trace, k, expanded, autoExpanded) {
  const it = k > 0 ? trace.iteration(k - 1) : null;
  const onPath = new Set(it ? it.nodes.slice(0, -1) : []);
  for (const n of [...autoExpanded]) if (!onPath.has(n)) { expanded.delete(n); autoExpanded.delete(n); }
  for (const n of onPath) if (!expanded.has(n)) { expanded.add(n); autoExpanded.add(n); }
}

// The tree card's title and note for a run.
function runTexts(t) {
  return {
    title: `— ${group(t.playouts)} playouts, ${group(t.nodes)} nodes` +
      (t.playouts < t.budget ? ` (of ${group(t.budget)}: the root was proven)` : ''),
    note: 'Every playout plays a game to its end (no depth limit). n: visits. Mean: the average playout result for the player who moved into the node (win 1, draw ½, loss 0). ' +
      `UCB: mean + C·√(ln N / n) as the parent (N visits) computes it now, C = ${t.exploration}; the most visited root move is played ` +
      `(a proven win first). Seed ${t.seed}; at most ${group(MCTS_MAX_PLAYOUTS)} playouts are traced.`,
  };
}

// One node's row of the MCTS tree card at playout k (s: the tree then; it:
// playout k's iteration, or null before the first; chosen: the root's child
// chosen or most visited). onToggle(i) opens or closes a node.
function mctsNodeRow({ trace, pos, k, expanded, words, onToggle }, i, s, it, chosen) {
  const kids = trace.children(i).filter((c) => s.exists[c]);
  const onPath = it ? it.nodes.indexOf(i) : -1;
  // (for the mouse; hidden from screen readers, which hear the node's aria-expanded)
  const toggle = h('button', { type: 'button', class: 'tv-toggle', tabindex: '-1', 'aria-hidden': 'true' });
  toggle.textContent = kids.length ? (expanded.has(i) ? '▾' : '▸') : '•';
  if (!kids.length) toggle.disabled = true;
  const mover = words.moverInto(i);
  const mean = meanOf(s, i);
  const proven = s.lower[i] === s.upper[i];
  const provenText = provenWords(s, i, mover);
  const p = trace.parent(i);
  const chips = [];
  if (i === chosen) chips.push(h('span', { class: 'tv-chip tv-chip-chosen', text: k === trace.playouts ? '★ chosen' : 'most visited so far' }));
  if (provenText) chips.push(h('span', { class: 'tv-chip tv-chip-leaf', text: provenText }));
  if (onPath > 0) {
    const sc = it.scores[onPath];
    chips.push(h('span', { class: 'tv-chip tv-chip-path', text: sc === Infinity ? 'selected: unvisited, tried first' : `selected at UCB ${fmt2(sc)}` }));
  }
  if (it && it.expanded === i) chips.push(h('span', { class: 'tv-chip tv-chip-path', text: 'expanded' }));
  if (it && onPath === it.nodes.length - 1 && onPath > 0) {
    chips.push(h('span', { class: 'tv-chip tv-chip-path', text: it.leaf === 'playout' ? 'playout from here' : it.leaf === 'proven' ? 'proven: no playout' : 'game over here' }));
  }
  const row = h('div', {
    class: `tv-row${i === chosen ? ' tv-chosen' : ''}${onPath >= 0 && it ? ' tv-onpath' : ''}${proven ? ' tv-leafnode' : ''}`,
    role: 'treeitem', tabindex: '0', 'data-mnode': i, 'aria-expanded': kids.length ? String(expanded.has(i)) : undefined,
    'aria-level': String(trace.ply(i) + 1),
  },
  toggle,
  boardSvg(pos.game, words.boardMoves(i), { size: pos.game === 'tictactoe' ? 32 : 46 }),
  h('span', { class: 'tv-move', text: i === 0 ? 'Root' : words.nodeName(i) }),
  h('span', { class: 'tv-val', title: 'visits', text: `n ${group(s.visits[i])}` }),
  // (The root's mean would be for the player who moved into the position searched: not shown.)
  i > 0 ? h('span', { class: 'tv-mval', title: `mean result for ${mover}, who moved into this node (win 1, draw ½, loss 0)`,
    text: mean === null ? 'unvisited' : `mean ${fmt2(mean)} for ${mover}` }) : null,
  i > 0 && !proven ? h('span', { class: 'tv-mval', title: 'UCB1 as its parent computes it now', text: `UCB ${fmt2(ucbOf(s, p, i, trace.exploration))}` }) : null,
  ...chips);
  row.addEventListener('click', () => onToggle(i));
  row.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === '+' || e.key === '-') { onToggle(i); e.preventDefault(); e.stopPropagation(); }
  });
  return row;
}

// Playout k (k >= 1) in detail: its four steps, the board where it ended and
// the note under it, the backpropagation table's rows and the narration.
function playoutDetail(trace, pos, k, words) {
  const { nodeName, moverInto, boardMoves, winnerText, plies } = words;
  const it = trace.iteration(k - 1);
  const before = trace.stateAt(k - 1);
  const was = it.nodes.map((n) => ({ exists: before.exists[n], visits: before.visits[n], mean: meanOf(before, n) }));
  const s = trace.stateAt(k);
  const leafNode = it.nodes[it.nodes.length - 1];
  const pathText = it.nodes.map((n, j) => (j === 0 ? 'root' : `${nodeName(n)} (${it.scores[j] === Infinity ? 'unvisited: UCB ∞' : `UCB ${fmt2(it.scores[j])}`})`)).join(' → ');
  const ply0 = plies + it.nodes.length - 1;
  const playText = it.playout.map((m, j) => moveText(pos.game, m, ply0 + j)).join(', ');
  // Why a node was or was not expanded (mcts.hpp: a node reached the second time, the root the first).
  const leafName = nodeName(leafNode);
  const expandText = it.expanded >= 0
    ? `${nodeName(it.expanded)} expanded: its ${trace.childCount(it.expanded)} children created (centre first), none visited yet` +
      (it.expanded !== leafNode ? `; selection went on into ${leafName}.` : '.')
    : it.leaf === 'game over' ? `none: the game is over at ${leafName}.`
      : it.leaf === 'proven' ? `none: ${leafName} is proven.`
        : was[was.length - 1].visits === 0 ? `none: ${leafName} is visited for the first time; it is expanded when selection reaches it again.`
          : 'none: the tree is full (the node pool\'s cap), so the playout starts at the leaf.';
  const resultText = winnerText(it.winner);
  const how = it.leaf === 'playout' ? `from ${nodeName(leafNode)}, ${playText} — ${resultText}.`
    : it.leaf === 'game over' ? `No playout: the game is over at ${nodeName(leafNode)} (${resultText}).`
      : `No playout: ${nodeName(leafNode)} is proven, so its value is the result (${resultText}).`;
  const points = it.winner < 0 ? 'every node on the path gets ½' : `a node ${GAMES[pos.game].sides[it.winner]} moved into gets 1, the others 0`;
  const steps = [
    h('li', {}, h('strong', { text: 'Selection: ' }), pathText),
    h('li', {}, h('strong', { text: 'Expansion: ' }), expandText),
    h('li', {}, h('strong', { text: 'Playout: ' }), how),
    h('li', {}, h('strong', { text: 'Backpropagation: ' }), `each node on the path counts one more visit, and ${points}.`)];
  const board = boardSvg(pos.game, boardMoves(leafNode).concat(it.playout), { size: pos.game === 'tictactoe' ? 150 : 220,
    title: `Where playout ${group(k)} ended: ${resultText}` });
  const boardNote = `Path ${trace.pathMoves(leafNode).map((m, j) => moveText(pos.game, m, plies + j)).join(' ') || '(the root)'}` +
    (it.playout.length ? `, then the playout ${playText}` : '') + `: ${resultText}.`;
  const rows = it.nodes.map((n, j) => h('tr', { class: j === it.nodes.length - 1 ? 'tv-leafrow' : undefined },
    h('td', { text: j === 0 ? 'root' : nodeName(n) }),
    h('td', { class: 'tv-num', text: `${group(was[j].visits)} → ${group(s.visits[n])}` }),
    h('td', { class: 'tv-num', text: `${was[j].mean === null ? '—' : fmt2(was[j].mean)} → ${fmt2(meanOf(s, n))} (${moverInto(n)})` }),
    h('td', { class: 'tv-num', text: j === 0 ? '' : it.scores[j] === Infinity ? '∞ (unvisited)' : fmt2(it.scores[j]) })));
  const top = it.nodes[1];
  // (The live region names the playout's length, not its moves: the list is on the card.)
  const said = it.leaf === 'playout' ? `a playout of ${it.playout.length} random move${it.playout.length === 1 ? '' : 's'} — ${resultText}.` : how;
  const narration = `Playout ${group(k)} of ${group(trace.playouts)}: ${pathText}; ${said} ` +
    (top !== undefined ? `${nodeName(top)} now has ${group(s.visits[top])} visit${s.visits[top] === 1 ? '' : 's'}, ` +
      `mean ${fmt2(meanOf(s, top))} for ${moverInto(top)}.` : '');
  return { steps, board, boardNote, rows, narration };
}

/**
 * @param {ReturnType<typeof buildMctsCards>} els
 * @param {{onBudget: (b: {playouts: number, seed: number}) => void}} callbacks
 */
export function createMctsPanel(els, { onBudget }) {
  const { mTitle, mBestBtn, mCollapseBtn, mTreeBox, mNote, mFirst, mBack, mStep, m10, m100, mEnd, mCount, mBudget, mSeed, mForm,
    mBoard, mBoardNote, mSteps, mNarration, mBackprop, mTreeCard } = els;
  /** @type {import('./mcts-trace.js').MctsTrace | null} */
  let trace = null;
  let pos = null;        // {game, moves}
  let k = 0;             // playouts shown (0: the bare root)
  let active = false;
  const expanded = new Set();
  const autoExpanded = new Set();

  let words = null;      // runWords(trace, pos)


  // ---- the tree ----------------------------------------------------------------------
  function nodeItem(i, s, it, chosen) {
    const row = mctsNodeRow({ trace, pos, k, expanded, words, onToggle: toggleNode }, i, s, it, chosen);
    const item = h('div', { class: 'tv-item' }, row);
    if (expanded.has(i)) {
      const kids = trace.children(i).filter((c) => s.exists[c]);
      if (kids.length) item.append(h('div', { class: 'tv-children', role: 'group' }, ...kids.map((c) => nodeItem(c, s, it, chosen))));
    }
    return item;
  }
  function renderTree() {
    const s = trace.stateAt(k);
    const it = k > 0 ? trace.iteration(k - 1) : null;
    mTreeBox.replaceChildren(nodeItem(0, s, it, chosenChild(trace, k, s)));
  }
  function toggleNode(i) {
    autoExpanded.delete(i);
    if (expanded.has(i)) {
      for (const n of [...expanded]) if (trace.chain(n).includes(i)) { expanded.delete(n); autoExpanded.delete(n); }
    } else {
      expanded.add(i);
    }
    renderTree();
    /** @type {HTMLElement | null} */ (mTreeBox.querySelector(`[data-mnode="${i}"]`))?.focus();
  }
  function showBestLine() {
    const s = trace.stateAt(k);
    let i = 0;
    for (;;) {
      expanded.add(i);
      autoExpanded.delete(i);
      const kids = trace.children(i).filter((c) => s.visits[c]);
      if (!kids.length) break;
      i = kids.reduce((a, b) => (s.visits[b] > s.visits[a] ? b : a));
    }
    renderTree();
  }

  // ---- one playout in detail ----------------------------------------------------------
  function showIteration() {
    const last = k === trace.playouts;
    mCount.textContent = `Playout ${group(k)} of ${group(trace.playouts)}`;
    mFirst.disabled = mBack.disabled = k === 0;
    mStep.disabled = m10.disabled = m100.disabled = mEnd.disabled = last;
    if (k === 0) {
      mBoard.replaceChildren(boardSvg(pos.game, parseMoves(pos.moves), { size: pos.game === 'tictactoe' ? 150 : 220,
        title: `The root position (${GAMES[pos.game].name})` }));
      mBoardNote.textContent = 'The root: no playouts yet.';
      mSteps.replaceChildren(h('li', { text: 'Before the first playout the tree is the root alone. Step forward (→) to run one playout.' }));
      mBackprop.replaceChildren();
      mNarration.textContent = `Before the first playout: the root alone, ${group(trace.playouts)} playouts to come.`;
      return;
    }
    const d = playoutDetail(trace, pos, k, words);
    mSteps.replaceChildren(...d.steps);
    mBoard.replaceChildren(d.board);
    mBoardNote.textContent = d.boardNote;
    mBackprop.replaceChildren(...d.rows);
    mNarration.textContent = d.narration;
  }

  function go(next) {
    if (!trace) return;
    k = Math.max(0, Math.min(next, trace.playouts));
    revealPath(trace, k, expanded, autoExpanded);
    renderTree();
    showIteration();
    mTreeCard.dataset.playout = String(k);
  }

  mFirst.addEventListener('click', () => go(0));
  mBack.addEventListener('click', () => go(k - 1));
  mStep.addEventListener('click', () => go(k + 1));
  m10.addEventListener('click', () => go(k + 10));
  m100.addEventListener('click', () => go(k + 100));
  mEnd.addEventListener('click', () => go(trace ? trace.playouts : 0));
  mBestBtn.addEventListener('click', () => trace && showBestLine());
  mCollapseBtn.addEventListener('click', () => { if (!trace) return; expanded.clear(); autoExpanded.clear(); expanded.add(0); renderTree(); });
  const budget = () => ({ playouts: Number(mBudget.value), seed: Math.max(0, Math.floor(Number(mSeed.value) || 0)) });
  mBudget.addEventListener('change', () => onBudget(budget()));
  mForm.addEventListener('submit', (e) => { e.preventDefault(); onBudget(budget()); });

  function onKey(e) {
    if (!active || !trace || !mTreeBox.isConnected) return;
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowRight: k + 1, ArrowLeft: k - 1, PageDown: k + 10, PageUp: k - 10, Home: 0, End: trace.playouts }[e.key];
    if (to === undefined) return;
    go(to);
    e.preventDefault();
  }
  document.addEventListener('keydown', onKey);

  return {
    /**
     * Draws a traced run. keep: the same run again (the view came back to it):
     * stay at the playout shown; else the end of the search (the chosen move).
     * @param {import('./mcts-trace.js').MctsTrace} t
     * @param {{game: string, moves: string}} position
     * @param {boolean} keep
     */
    show(t, position, keep) {
      const same = keep && trace === t;
      trace = t;
      pos = position;
      words = runWords(t, position);
      mBudget.value = String(t.budget);
      if (mBudget.value !== String(t.budget)) mBudget.append(h('option', { value: String(t.budget), text: group(t.budget) }));
      mBudget.value = String(t.budget);
      mSeed.value = String(t.seed);
      ({ title: mTitle.textContent, note: mNote.textContent } = runTexts(t));
      if (!same) {
        expanded.clear();
        autoExpanded.clear();
        expanded.add(0);
        k = t.playouts;
      }
      go(k);
    },
    clear(text) {
      trace = null;
      mTitle.textContent = '';
      mTreeBox.replaceChildren(h('p', { class: 'tv-muted', text }));
      mSteps.replaceChildren();
      mBackprop.replaceChildren();
      mBoard.replaceChildren();
      mBoardNote.textContent = '';
      mCount.textContent = '';
      mNarration.textContent = text;
    },
    setActive(on) { active = on; },
    destroy() { document.removeEventListener('keydown', onKey); },
  };
}
