// The quiz (#view=quiz, docs/tree-explorer.md "Quiz"): on a random or given
// abstract tree, or on a Tic-Tac-Toe position with three empty squares, the
// student gives (1) the minimax value of every inner node, (2) the branches
// alpha-beta prunes, (3) the window (α, β) alpha-beta enters a chosen node
// with. The answers are the wasm engine's own traces (the worker's trace
// requests, as the explorer's; quiz-logic.js reads them), never a search
// in JavaScript. Each answer is checked: right, or a hint on the first miss
// and the answer on the second (or on "Show the answers"); the score counts
// the items right at the first try. The link holds the exercise (its seed),
// so one link gives a class the same exercise; "New exercise" draws another.
//
// mountQuizView(container, {hash, engine, onChange}) -> {load(hash), destroy()}

import { foldable, h } from '../lib/dom.js';
import { boardSvg } from '../lib/boards.js';
import { Trace } from './trace.js';
import { treeHash } from './abstract-tree.js';
import { ASKS, answersOf, fmt, newSeed, nodeLabel, quizHash, readQuizLink, scoreLine, tooSmallOrLarge, tttExercise } from './quiz-logic.js';
import { Exercise } from './quiz-exercise.js';
import { drawQuizTree, treeWords } from './quiz-drawing.js';

const TABS = { values: 'Values', prune: 'Pruning', window: 'α and β' };

function buildPage() {
  const source = h('select', { id: 'quiz-source', 'aria-label': 'Exercise on' },
    h('option', { value: 'random', text: 'a random tree' }), h('option', { value: 'tictactoe', text: 'a Tic-Tac-Toe position' }),
    h('option', { value: 'tree', text: 'this tree' }));
  const depth = h('select', { id: 'quiz-depth', 'aria-label': 'Random tree: depth (plies)' },
    ...[2, 3, 4].map((d) => h('option', { value: String(d), text: String(d) })));
  const children = h('select', { id: 'quiz-children', 'aria-label': 'Random tree: children per node' },
    ...[2, 3].map((b) => h('option', { value: String(b), text: String(b) })));
  const newBtn = h('button', { type: 'button', id: 'quiz-new', class: 'tv-primary', text: 'New exercise' });
  const explorer = h('a', { id: 'quiz-explorer', href: '#view=tree&tree=textbook', text: 'This search in the explorer (shows the answers)' });
  const tabs = h('div', { class: 'qz-tabs', role: 'group', 'aria-label': 'Question' },
    ...ASKS.map((a, i) => h('button', { type: 'button', 'data-ask': a, text: `${i + 1}. ${TABS[a]}` })));
  const alphaIn = h('input', { id: 'quiz-alpha', type: 'text', autocomplete: 'off', spellcheck: 'false', class: 'qz-value' });
  const betaIn = h('input', { id: 'quiz-beta', type: 'text', autocomplete: 'off', spellcheck: 'false', class: 'qz-value' });
  const windowBox = h('p', { class: 'qz-window', id: 'quiz-window' },
    h('label', {}, 'α ', alphaIn), h('label', {}, 'β ', betaIn));
  const form = h('form', { class: 'qz-form', id: 'quiz-form', 'aria-labelledby': 'quiz-question' },
    h('div', { class: 'tv-abs-box qz-box', id: 'quiz-tree' }), windowBox,
    h('div', { class: 'qz-actions' }, h('button', { type: 'submit', id: 'quiz-check', class: 'tv-primary', text: 'Check' }),
      h('button', { type: 'button', id: 'quiz-show', text: 'Show the answers' })));
  const root = h('div', { class: 'tv qz', 'data-ready': 'false' },
    h('header', { class: 'tv-head' }, h('div', { class: 'tv-title' }, h('h2', { text: 'Quiz: minimax and alpha-beta' }),
      foldable('How the quiz works', { class: 'tv-about' },
        h('p', { class: 'tv-sub', text: 'Predict what the search does, then check: every answer is compared with the WebAssembly engine’s own ' +
          'minimax and alpha-beta on this tree (the same traces the explorer draws). A miss gets a hint; a second miss shows the answer. ' +
          'The address of this page is the exercise: send it, and everyone gets the same tree.' })))),
    h('div', { class: 'tv-abs-tools qz-tools' },
      h('label', {}, 'Exercise on ', source), h('label', { class: 'qz-random' }, 'depth ', depth),
      h('label', { class: 'qz-random' }, 'children ', children), newBtn, explorer),
    h('p', { class: 'tv-msg', id: 'quiz-msg', role: 'status', 'aria-live': 'polite' }),
    h('section', { class: 'tv-card qz-card', 'aria-label': 'The exercise' }, tabs,
      h('p', { class: 'qz-question', id: 'quiz-question' }), h('p', { class: 'tv-note', id: 'quiz-about' }),
      h('div', { class: 'qz-board', id: 'quiz-board' }), form,
      h('div', { class: 'qz-feedback', id: 'quiz-feedback', role: 'status', 'aria-live': 'polite' }),
      h('p', { class: 'qz-score', id: 'quiz-score' }),
      foldable('The tree in words', { class: 'qz-words' }, h('p', { id: 'quiz-words' }))));
  const $ = (id) => /** @type {any} */ (root.querySelector(`#${id}`));
  return { root, source, depth, children, newBtn, explorer, tabs, alphaIn, betaIn, windowBox, form, msg: $('quiz-msg'),
    question: $('quiz-question'), about: $('quiz-about'), board: $('quiz-board'), box: $('quiz-tree'), feedback: $('quiz-feedback'),
    score: $('quiz-score'), words: $('quiz-words'), show: $('quiz-show'), check: $('quiz-check') };
}

// The engine's minimax and alpha-beta traces of the exercise: {mm, ab, moves}
// (moves: the Tic-Tac-Toe position searched, '' for a tree). A Tic-Tac-Toe
// exercise takes the seed's first position that is not over and where
// alpha-beta prunes something (else the first not over).
async function tracesOf(engine, q, notes) {
  const pair = async (game, moves, tree) => {
    const [m, b] = game === 'abstract' ? await Promise.all([engine.abstractTrace(tree, 'minimax'), engine.abstractTrace(tree, 'alphabeta')])
      : await Promise.all([engine.trace(game, moves, 'minimax', 0), engine.trace(game, moves, 'alphabeta', 0)]);
    return { mm: new Trace(m), ab: new Trace(b), moves };
  };
  if (q.source !== 'tictactoe') return pair('abstract', '', q.tree);
  if (q.moves) {
    const own = await pair('tictactoe', q.moves, '').catch((e) => { notes.push(`Cannot ask on moves ${q.moves} (${e.message}).`); return null; });
    if (own && own.mm.size() > 1) return own;
    if (own) notes.push(`The game after ${q.moves} is over: a position from the seed instead.`);
    q.moves = '';
  }
  return tttExercise(q.seed, (moves) => pair('tictactoe', moves, '').catch(() => null));
}

// The question's words for `ask` on the exercise.
function questionText(ask, a, windowKey, ttt) {
  const order = ttt ? 'moves tried in the order drawn (cells 1-9, left to right)' : 'children searched left to right';
  if (ask === 'values') return 'Give the minimax value of every inner node, for MAX: ▲ MAX takes the largest value of its children, ▼ MIN the smallest.';
  if (ask === 'prune') return `Mark every branch alpha-beta prunes (${order}): press the ✂ button of each branch where a cut happens; ` +
    'what hangs below it goes with it. If nothing is pruned, check with no branch marked.';
  return `With what window (α, β) does alpha-beta enter ${nodeLabel(a.byKey.get(windowKey))}, ringed? (${order}; the explorer's minimax view: ` +
    'both in MAX’s terms, α the most MAX is already sure of, β the least MIN is; −∞ and +∞ may be typed -inf and inf.)';
}

// The nodes under a branch marked pruned (the branch's own node included).
function hiddenUnder(a, marks) {
  const out = new Set();
  for (const n of a.nodes) if (marks.has(n.key) || (n.parent !== null && out.has(n.parent))) out.add(n.key);
  return out;
}

// The fields' and toggles' state: what the student typed, right / wrong / shown.
function decorate(ex, drawn, els) {
  const a = ex.answers;
  for (const [key, f] of drawn.fields) {
    const it = ex.item(`v:${key}`);
    f.value = it.state === 'shown' ? fmt(a.byKey.get(key).value) : ex.texts.get(key) || '';
    f.readOnly = it.state !== 'open';
    f.classList.toggle('qz-right', it.state === 'right');
    f.classList.toggle('qz-shown', it.state === 'shown');
    f.classList.toggle('qz-wrong', ex.wrong.has(key));
    if (ex.wrong.has(key)) f.setAttribute('aria-invalid', 'true'); else f.removeAttribute('aria-invalid');
    f.oninput = () => { ex.texts.set(key, f.value); };
  }
  for (const [key, b] of drawn.toggles) {
    const s = ex.pruneShown;
    b.disabled = ex.done('prune');
    b.classList.toggle('qz-missed', Boolean(s && s.missed.includes(key)));
    b.classList.toggle('qz-wrong', Boolean(s && s.wrong.includes(key)));
  }
  const w = a.windows.get(ex.windowKey);
  const shown = ex.item('window').state === 'shown';
  els.alphaIn.value = shown ? fmt(w.alpha) : ex.alpha;
  els.betaIn.value = shown ? fmt(w.beta) : ex.beta;
  els.alphaIn.readOnly = els.betaIn.readOnly = ex.done('window');
}

/**
 * @param {HTMLElement} container
 * @param {{hash: string, engine: any, onChange: (hash: string) => void}} o
 */
export function mountQuizView(container, { hash, engine, onChange }) {
  const els = buildPage();
  container.append(els.root);
  let q = readQuizLink(hash);
  let serial = 0;
  /** @type {import('./quiz-logic.js').Score} the items right first time, over every exercise of the visit */
  let score = { right: 0, of: 0 };
  /** @type {Exercise | null} */
  let ex = null;
  /** @type {{fields: Map<string, HTMLInputElement>, toggles: Map<string, HTMLButtonElement>} | null} */
  let drawn = null;

  const say = (text, isError = false) => { els.msg.textContent = text; els.msg.classList.toggle('tv-error', isError); };
  const edge = (n) => (ex.moves ? `${n.ply % 2 === 1 ? 'X' : 'O'} ${n.move + 1}` : '');
  // A random tree instead of the link's, with the reason.
  const instead = (notes, why) => loadExercise({ ...readQuizLink(`seed=${q.seed}&ask=${q.ask}`), notes: [...notes, `${why}: a random tree instead.`] });

  async function loadExercise(next) {
    q = next;
    const my = ++serial;
    els.root.dataset.ready = 'false';
    const notes = [...q.notes];
    let t;
    try {
      t = await tracesOf(engine, q, notes);
    } catch (e) {
      if (my !== serial) return;
      if (q.source === 'tree') { await instead(notes, `This tree cannot be read (${e.message})`); return; }
      say(`The engine could not search this exercise: ${e.message}`, true);
      return;
    }
    if (my !== serial) return;
    if (!t) { say('No Tic-Tac-Toe position found for this seed: press New exercise.', true); return; }
    const answers = answersOf(t.mm, t.ab);
    const unfit = q.source === 'tree' ? tooSmallOrLarge(answers) : '';
    if (unfit) { await instead(notes, `This tree cannot be a quiz (${unfit})`); return; }
    ex = new Exercise(answers, q.seed, t.moves);
    say(notes.join(' '), notes.length > 0);
    onChange(quizHash(q));
    render();
    els.root.dataset.ready = 'true';
  }

  // Everything the exercise and the question asked show.
  function render() {
    const a = ex.answers;
    els.source.value = q.source;
    els.source.querySelector('[value="tree"]').hidden = q.source !== 'tree';
    els.depth.value = String(q.depth);
    els.children.value = String(q.children);
    for (const l of els.root.querySelectorAll('.qz-random')) l.hidden = q.source !== 'random';
    els.explorer.href = ex.moves ? `#view=tree&game=tictactoe&moves=${ex.moves}&values=minimax`
      : treeHash({ text: q.tree, algorithm: 'alphabeta', values: 'minimax' });
    for (const b of els.tabs.querySelectorAll('button')) {
      b.setAttribute('aria-pressed', String(b.dataset.ask === q.ask));
      b.textContent = `${ASKS.indexOf(b.dataset.ask) + 1}. ${TABS[b.dataset.ask]}${ex.done(b.dataset.ask) ? ' ✓' : ''}`;
    }
    els.question.textContent = questionText(q.ask, a, ex.windowKey, Boolean(ex.moves));
    els.about.textContent = ex.moves ? 'X (MAX) is to move on this board. A leaf’s number is the engine’s score for X: positive, X has won ' +
      '(a sooner win scores more), negative, O has won, 0 a draw. A branch is labelled with its move.' : '';
    els.board.replaceChildren(...(ex.moves ? [boardSvg('tictactoe', [...ex.moves].map((c) => Number(c) - 1),
      { size: 96, title: `The position: X on ${cellsOf(ex.moves, 0)}, O on ${cellsOf(ex.moves, 1)}; X to move` })] : []));
    els.words.textContent = `Nodes are lettered from the root, A, down each branch in turn. ${treeWords(a, edge)}`;
    const hidden = q.ask === 'prune' ? hiddenUnder(a, ex.marks) : new Set();   // (the marks belong to the pruning question)
    drawn = drawQuizTree(els.box, { answers: a, ask: q.ask, edge, windowKey: q.ask === 'window' ? ex.windowKey : null, hidden,
      onToggle: (key) => {
        ex.toggle(key);
        render();
        drawn.toggles.get(key)?.focus();
      } });
    decorate(ex, drawn, els);
    els.windowBox.hidden = q.ask !== 'window';
    const wn = nodeLabel(a.byKey.get(ex.windowKey));
    els.alphaIn.setAttribute('aria-label', `α on entry to ${wn}`);
    els.betaIn.setAttribute('aria-label', `β on entry to ${wn}`);
    els.feedback.replaceChildren(...ex.lines.map((l) => h('p', { text: l })));
    els.score.textContent = `Score: ${scoreLine(score)}.`;
    els.check.disabled = els.show.disabled = ex.done(q.ask);
  }

  els.form.addEventListener('submit', (e) => { e.preventDefault(); if (ex) { score = ex.check(q.ask, score); render(); } });
  els.show.addEventListener('click', () => { if (ex) { score = ex.showAll(q.ask, score); render(); } });
  els.alphaIn.addEventListener('input', () => { if (ex) ex.alpha = els.alphaIn.value; });
  els.betaIn.addEventListener('input', () => { if (ex) ex.beta = els.betaIn.value; });
  els.tabs.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('[data-ask]');
    if (!b || !ex) return;
    q = { ...q, ask: /** @type {HTMLElement} */ (b).dataset.ask };
    ex.lines = [];
    onChange(quizHash(q));
    render();
  });
  // A new exercise from `source` and `seed` (a given tree makes way for a random one).
  const fresh = (source, seed) => {
    const base = source === 'tictactoe' ? `game=tictactoe&seed=${seed}` : `seed=${seed}&depth=${els.depth.value}&children=${els.children.value}`;
    loadExercise(readQuizLink(`${base}&ask=${q.ask}`));
  };
  els.newBtn.addEventListener('click', () => fresh(q.source === 'tictactoe' ? 'tictactoe' : 'random', newSeed(q.seed)));
  els.source.addEventListener('change', () => fresh(els.source.value, q.seed));
  for (const sel of [els.depth, els.children]) sel.addEventListener('change', () => fresh('random', q.seed));

  // The tree is drawn to the width it has: drawn again when the window changes
  // (a phone turned, a window moved to the projector), the answers kept.
  let width = 0;
  const onResize = () => {
    if (!ex || !els.root.isConnected || els.box.clientWidth === width) return;
    width = els.box.clientWidth;
    const focused = /** @type {HTMLElement} */ (document.activeElement)?.dataset?.key;
    render();
    const again = focused && (drawn.fields.get(focused) || drawn.toggles.get(focused));
    if (again) again.focus();
  };
  window.addEventListener('resize', onResize);

  loadExercise(q);
  return {
    load: (text) => { const next = readQuizLink(text); if (quizHash(next) !== quizHash(q)) loadExercise(next); },
    destroy() { serial++; window.removeEventListener('resize', onResize); container.replaceChildren(); },
  };
}

// "1, 5, 9": the cells of X's (side 0) or O's (side 1) marks in `moves`.
const cellsOf = (moves, side) => [...moves].filter((_, i) => i % 2 === side).sort().join(', ');
