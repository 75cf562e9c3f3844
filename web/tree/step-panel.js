// The explorer's step-through card: the search of the shown trace replayed
// event by event (pseudocode.js), with the lecture's pseudocode and the
// executed lines lit, the variables of the current frame, the board and path
// of the current node, the stepper buttons, the play/pause timer, the speed
// and rewind sliders, and the keyboard (← → Home End, space).
//
// In the minimax view (view.values) the pseudocode, variables and words are
// MAX's and MIN's (pseudocode.js).
//
// createStepPanel(elements, view, callbacks) reads the shared state `view`
// (tree-state.js) and reports out through onNode(i, scroll) whenever the
// current node changes (the tree pane reveals and marks it). Returns
// {start(), redraw(), clear(), stop(), jumpTo(i), currentNode(), destroy()}.

import { h, group } from '../lib/dom.js';
import { GAMES } from '../lib/games.js';
import { boardSvg, moveText } from '../lib/boards.js';
import { buildEvents, eventState, pseudocode } from './pseudocode.js';
import { iconSvg } from './tree-skeleton.js';
import { maxToMove, pathMoves, sideToMove } from './tree-state.js';

// The note under each algorithm's pseudocode: which moves it tries in which
// order, then (formNote) how values and the window travel in the view's form.
const CODE_NOTES = {
  minimax: 'Every move of every node is searched: nothing is pruned.',
  alphabeta: 'Moves are tried in their natural order (1, 2, 3, …).',
  ordered: 'Moves are tried in order: the winning spots a move creates, then how much it improves the evaluation, centre first on ties.',
  table: 'As ordered, but the transposition table\'s best move goes first, and a stored bound that decides ends the node at once.',
};
function formNote(values, pruning) {
  if (values === 'minimax') {
    return 'Minimax form: every value is for MAX, the first player; MAX takes the largest child value, MIN the smallest' +
      (pruning ? ', and α and β are passed down as they are.' : '.');
  }
  return 'Negamax form: every value is for the side to move, so a child\'s value is negated' +
    (pruning ? ', and the window (α, β) is passed down negated and swapped: (−β, −α).' : '.');
}

// Steps per second at each position of the speed slider.
const SPEEDS = [1, 2, 3, 5, 8, 12, 20, 35, 60, 120, 240];

// Node i in the narration: “move” in quotes, or "the root".
function describe(view, i) {
  if (i === 0) return 'the root';
  const ply = view.pos.moves.length + view.trace.ply(i) - 1;
  return `“${moveText(view.pos.game, view.trace.move(i), ply)}”`;
}

/**
 * @param {{root: HTMLElement, stepBoard: HTMLElement, stepPath: HTMLElement,
 *   firstBtn: HTMLButtonElement, backBtn: HTMLButtonElement, playBtn: HTMLButtonElement,
 *   fwdBtn: HTMLButtonElement, lastBtn: HTMLButtonElement, speed: HTMLInputElement,
 *   speedOut: HTMLElement, rewind: HTMLInputElement, stepOut: HTMLElement, vars: HTMLElement,
 *   code: HTMLElement, narration: HTMLElement, codeNote: HTMLElement, stepCard?: HTMLElement}} elements
 * @param {import('./tree-state.js').TreeViewState} view
 * @param {{onNode: (i: number, scroll: boolean) => void}} callbacks
 */
export function createStepPanel(elements, view, { onNode }) {
  const {
    root, stepBoard, stepPath, firstBtn, backBtn, playBtn, fwdBtn, lastBtn, speed, speedOut,
    rewind, stepOut, vars, code, narration, codeNote, stepCard,
  } = elements;
  let events = null;           // the shown trace's step-through events (null while it loads)
  let step = 0;
  let timer = 0;

  const stateOpts = () => ({ algorithm: view.trace.algorithm, maxDepth: view.trace.exactScale ? 0 : view.pos.depth,
    describe: (i) => describe(view, i), maxAt: view.values === 'minimax' ? (i) => maxToMove(view, i) : null });
  const speedStepsPerSecond = () => SPEEDS[Number(speed.value)] || 5;

  // The variables of the frame at step state s.
  function renderVars(s) {
    const { trace } = view;
    const pruning = trace.algorithm !== 'minimax';
    const dd = (t, v, cls) => [h('dt', { text: t }), h('dd', { class: cls, text: v })];
    vars.replaceChildren(
      ...dd('node', s.frame === 0 ? 'root' : describe(view, s.frame).replace(/[“”]/g, '')),
      ...dd('to move', view.values === 'minimax' ? `${sideToMove(view, s.frame)} (${s.max ? 'MAX' : 'MIN'})` : sideToMove(view, s.frame)),
      ...(pruning ? dd('α', trace.fmt(s.alpha), 'tv-alpha') : []),
      ...(pruning ? dd('β', trace.fmt(s.beta), 'tv-beta') : []),
      ...dd('value', s.value === null ? (s.max ? '−∞' : '+∞') : trace.fmt(s.value), 'tv-value'),
      ...dd('depth', s.depth === null ? `to the end (ply ${trace.ply(s.frame)})` : `${s.depth} left`));
  }

  function showStep(k, { scroll = true } = {}) {
    if (!events || !events.count) return;
    const { pos, trace } = view;
    step = Math.min(Math.max(k, 0), events.count - 1);
    rewind.value = String(step);
    const s = eventState(trace, events, step, stateOpts());
    stepOut.textContent = `step ${group(step + 1)} / ${group(events.count)}`;
    for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (code.children)) li.classList.toggle('tv-exec', s.lines.includes(li.dataset.line));
    narration.textContent = s.text;
    const moves = pathMoves(view, s.current);
    const g = GAMES[pos.game];
    stepBoard.replaceChildren(boardSvg(pos.game, moves, { size: pos.game === 'tictactoe' ? 176 : 236,
      title: `Position at the current node (${g.name})` }));
    const path = trace.path(s.current);
    stepPath.replaceChildren(h('span', { class: 'tv-pathlabel', text: 'Path: ' }),
      path.length ? path.map((m, j) => moveText(pos.game, m, pos.moves.length + j)).join(' → ') : 'the root position');
    renderVars(s);
    firstBtn.disabled = backBtn.disabled = step === 0;
    lastBtn.disabled = fwdBtn.disabled = step === events.count - 1;
    if (step === events.count - 1) stopPlay();
    onNode(s.current, scroll);
    root.dataset.step = String(step);
  }

  function stopPlay() {
    if (timer) clearInterval(timer);
    timer = 0;
    playBtn.replaceChildren(iconSvg('play'));
    playBtn.classList.remove('tv-playing');
  }
  function startPlay() {
    if (!events) return;
    if (step >= events.count - 1) showStep(0);
    stopPlay();
    const sps = speedStepsPerSecond();
    const batch = Math.max(1, Math.round(sps / 30));
    timer = setInterval(() => showStep(step + batch), Math.max(1000 / sps * batch, 16));
    playBtn.replaceChildren(iconSvg('pause'));
    playBtn.classList.add('tv-playing');
  }
  function updateSpeed() {
    speedOut.textContent = `${speedStepsPerSecond()} steps/s`;
    if (timer) startPlay();
  }

  firstBtn.addEventListener('click', () => { stopPlay(); showStep(0); });
  backBtn.addEventListener('click', () => { stopPlay(); showStep(step - 1); });
  fwdBtn.addEventListener('click', () => { stopPlay(); showStep(step + 1); });
  lastBtn.addEventListener('click', () => { stopPlay(); showStep(events ? events.count - 1 : 0); });
  playBtn.addEventListener('click', () => (timer ? stopPlay() : startPlay()));
  speed.addEventListener('input', updateSpeed);
  rewind.addEventListener('input', () => { stopPlay(); showStep(Number(rewind.value), { scroll: true }); });

  function onKey(e) {
    // (A hidden card, MCTS's cards shown instead, leaves the keys to them.)
    if (!events || !root.isConnected || (stepCard && stepCard.hidden)) return;
    const tag = (e.target && e.target.tagName) || '';
    // A focused control keeps its own keys (the speed slider's arrows change the speed).
    if (tag === 'INPUT') return;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight') { stopPlay(); showStep(step + 1); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { stopPlay(); showStep(step - 1); e.preventDefault(); }
    else if (e.key === 'Home') { stopPlay(); showStep(0); e.preventDefault(); }
    else if (e.key === 'End') { stopPlay(); showStep(events.count - 1); e.preventDefault(); }
    else if (e.key === ' ' && tag !== 'BUTTON') { if (timer) stopPlay(); else startPlay(); e.preventDefault(); }
  }
  document.addEventListener('keydown', onKey);
  updateSpeed();

  // The pseudocode of the shown algorithm in the view's form, with its note.
  function renderCode() {
    code.replaceChildren(...pseudocode(view.trace.algorithm, view.values).map((l) => h('li', { 'data-line': l.id }, h('code', { text: l.text }))));
    codeNote.textContent = `${CODE_NOTES[view.trace.algorithm]} ${formNote(view.values, view.trace.algorithm !== 'minimax')}`;
  }

  return {
    // A new trace is in view.trace (and the tree pane shows it): its
    // pseudocode, the sliders' range and step 1, without scrolling.
    start() {
      events = buildEvents(view.trace);
      renderCode();
      rewind.max = String(Math.max(0, events.count - 1));
      showStep(0, { scroll: false });
    },
    // The same step again in the view's form of values (the switch changed).
    redraw() {
      if (!events) return;
      renderCode();
      showStep(step, { scroll: false });
    },
    // The trace is gone (a new position loads): no stepping until start().
    clear() { events = null; },
    stop: stopPlay,
    // Step to where the search enters node i.
    jumpTo(i) {
      if (!events) return;
      stopPlay();
      showStep(events.enterAt[i]);
    },
    // The node of the current step (the root while no trace is shown).
    currentNode: () => (events ? eventState(view.trace, events, step, stateOpts()).current : 0),
    destroy() {
      stopPlay();
      document.removeEventListener('keydown', onKey);
    },
  };
}
