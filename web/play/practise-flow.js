// "Practise your mistakes" (docs/analysis.md): after a game review, each
// move of the person (both sides between two people, or between two
// computers) that changed the game's value is asked again from the position
// before it. The answer is judged by the values of every move of that
// position, from the engine's `analyze` request (never a solver of the
// page's own): any move whose proven win/draw/loss is the position's keeps
// the value and counts. A second wrong try, or "Show", shows the best move;
// "Next" goes on; at the end, the score of the run.
//
// Practise draws its own copy of each position on the board and never
// touches the game, its moves ahead, its review or the saved state: leaving
// it (Back to the review, Escape, or any change of the position) shows the
// game as it was. Functions of the controller `c` (controller.js calls
// practiseMove and endPractise; main.js calls wirePractise and
// syncPractiseStart).

import { setUsable } from '../lib/dom.js';
import { unplayableWords } from '../lib/games.js';
import { Game, movesText } from '../lib/rules.js';
import { moveLabel } from './analysis-view.js';
import { renderPractise, sayPractise } from './practise-view.js';

/** @typedef {import('./controller.js').Controller} Controller */
/** @typedef {import('./analysis-view.js').Value & {move: number, legal: boolean}} MoveValue */
/**
 * A mistake to practise: the move `move` played from the position after
 * `ply` moves of the line, which turned the value `target` (1 a win, 0 a
 * draw, the mover's view) into less; `better` is the review's move that keeps it.
 * @typedef {{ply: number, move: number, mark: string, better: number | null, target: number}} Mistake
 */
/**
 * One mistake of the run: the moves tried (wrong ones, in order), and how
 * it ended: '' (still asked), 'first' or 'second' (found on that try),
 * 'missed' (two wrong tries), 'shown' (Show) or 'skipped' (Next before an answer).
 * @typedef {{mistake: Mistake, tries: number[], answer: number, result: string}} Item
 */
/**
 * The run: its mistakes, the one asked (`index`; `items.length` once the
 * summary is shown), its position (`game`), the engine's analysis of it so
 * far (`analysis`; `analysed` once the request has ended), an answer waiting
 * for its value (`waiting`), and `token` (an analysis of another mistake is dropped).
 * @typedef {{items: Item[], index: number, game: Game | null, analysis: any, analysed: boolean,
 *   waiting: number, token: number}} Practise
 */

// The review's marks of a move that changed the value, and the value it had
// (the mover's view) before.
const TARGET = Object.freeze({ 'win-to-draw': 1, 'win-to-loss': 1, 'draw-to-loss': 0 });
// The analysis' budget per position at the least (it ends sooner once every
// move is proven; an answer is judged as soon as its own value is).
const MIN_ANALYSIS_MS = 10000;

// Win/draw/loss of a proven value (1 / 0 / -1), else null.
const outcomeOf = (v) => (v && (v.kind === 'exact' || v.kind === 'wdl') ? Math.sign(v.score) : null);
const valueWord = (o) => (o > 0 ? 'win' : o === 0 ? 'draw' : 'loss');

/**
 * The mistakes of the reviewed line to practise, in the order played, or
 * null when there is no finished review of the line shown.
 * @param {Controller} c
 * @returns {Mistake[] | null}
 */
function practiseMistakes(c) {
  const r = c.review;
  if (!c.game || !c.game.def.hasSolver || !r || !r.done || !r.reply || r.line !== c.reviewKey) return null;
  const people = [1, 2].filter((s) => !c.isComputer(s));
  const sides = people.length ? people : [1, 2];   // (computer vs computer: both)
  /** @type {Mistake[]} */
  const out = [];
  r.reply.moves.forEach((m, j) => {
    if (m.mark in TARGET && sides.includes((j % 2) + 1)) {
      out.push({ ply: j, move: m.move, mark: m.mark, better: m.better || null, target: TARGET[m.mark] });
    }
  });
  return out;
}

// The Practise button in the Moves card: there once the review of the line
// is done; "No mistakes to practise" (not usable) when it found none.
/** @param {Controller} c */
export function syncPractiseStart(c) {
  const button = document.getElementById('practise-start');
  const list = practiseMistakes(c);
  button.hidden = !list || Boolean(c.practise);
  if (!list) return;
  setUsable(/** @type {HTMLButtonElement} */ (button), list.length > 0);
  const text = list.length ? `Practise your mistakes (${list.length})` : 'No mistakes to practise';
  if (button.textContent !== text) button.textContent = text;
}

// Starts a run over the review's mistakes: the engine's work on the game
// shown stops (it is started again on leaving), the board shows the first
// mistake's position.
/** @param {Controller} c */
function startPractise(c) {
  const list = practiseMistakes(c);
  if (!list || !list.length) return;
  c.engine.cancel();
  c.token++;   // (the game's own search or analysis is dropped)
  if (c.solving) c.endSolve('stopped');
  if (c.panel.thinking) c.panel.stopThinking();
  c.panel.setLine(null);   // (the engine's best line is not drawn over the practised positions)
  c.clearAnalysis();
  c.practise = { items: list.map((mistake) => ({ mistake, tries: [], answer: 0, result: '' })), index: 0, game: null,
    analysis: null, analysed: false, waiting: 0, token: 0 };
  document.body.dataset.practise = 'find';
  showMistake(c, 0);
  c.onChange();
  document.querySelector('.side')?.scrollTo({ top: 0 });   // (the player cards, over the hidden move list)
  c.board.tabStop?.focus();
}

// Shows mistake `i` of the run (or the summary after the last), and asks
// the engine for the values of every move of its position.
/** @param {Controller} c */
function showMistake(c, i) {
  const p = c.practise;
  p.index = i;
  p.waiting = 0;
  p.analysis = null;
  p.analysed = false;
  c.engine.cancel();
  const token = ++p.token;
  const item = p.items[i];
  if (!item) {
    p.game = null;
    document.body.dataset.practise = 'summary';
    c.board.setInteractive(false);
    renderPractise(c, p);
    sayPractise('');
    return;
  }
  const g = c.game;
  p.game = /** @type {Game} */ (Game.fromMoves(g.kind, movesText(c.line.slice(0, item.mistake.ply)), g.size).game);
  document.body.dataset.practise = 'find';
  c.board.setGame(p.game);
  c.board.setLabels(null);
  c.board.setHint(0);
  c.board.setLine([]);
  c.board.setInteractive(true);
  c.board.describe(c.names);
  renderPractise(c, p);
  sayPractise('');
  analyse(c, p, token);
}

// The engine's analysis of the mistake's position, streamed: each report
// judges an answer waiting for its value, and refreshes the labels once the
// mistake is settled.
/** @param {Controller} c @param {Practise} p */
async function analyse(c, p, token) {
  const current = () => c.practise === p && p.token === token;
  let reply;
  try {
    reply = await c.engine.request({ type: 'analyze', ...p.game.position, timeMs: Math.max(c.analysisMs, MIN_ANALYSIS_MS),
      threads: c.threads }, (info) => { if (current()) takeAnalysis(c, p, info, false); });
  } catch (e) {
    if (!current()) return;
    p.analysed = true;
    sayPractise(`The engine failed (${e && e.message ? e.message : e}): this mistake cannot be judged. Next goes on.`);
    return;
  }
  if (reply && current()) takeAnalysis(c, p, reply, true);
}

/** @param {Controller} c @param {Practise} p */
function takeAnalysis(c, p, a, done) {
  p.analysis = a;
  p.analysed = done;
  const m = p.waiting;
  if (m && (outcomeOf(scoreOf(p, m)) !== null || done)) {
    p.waiting = 0;
    practiseMove(c, m);
  } else if (p.items[p.index].result) showValues(c, p);
}

/** @param {Practise} p @returns {MoveValue | undefined} */
function scoreOf(p, move) {
  return p.analysis ? p.analysis.scores.find((s) => s.move === move && s.legal) : undefined;
}

// A move played on the board (a click, a number key, a column's button)
// while practising: judged by its proven value, once the analysis has it.
/** @param {Controller} c */
export function practiseMove(c, move) {
  const p = c.practise;
  const item = p.items[p.index];
  const g = p.game;
  if (!item || !g) return false;
  const noun = g.def.noun;
  if (!g.canPlay(move)) {
    c.board.refused();
    sayPractise(unplayableWords(g.def, move));
    return false;
  }
  const o = outcomeOf(scoreOf(p, move));
  if (o === null) {
    if (p.analysed) {
      document.body.dataset.practise = item.result ? 'settled' : 'find';
      sayPractise(`The value of ${noun} ${move} could not be proven in time: try another ${noun}.`);
    } else {
      p.waiting = move;
      document.body.dataset.practise = 'checking';
      sayPractise(`Checking ${noun} ${move}…`);
    }
    return true;
  }
  judge(c, p, item, move, o);
  return true;
}

// Says what `move` (of value `o`, the mover's view) does to the position's
// value, and counts it while the mistake is still asked: a move that keeps
// the value is found (on the first or the second try); a second wrong one
// (another than the first) shows the best move.
/** @param {Controller} c @param {Practise} p @param {Item} item */
function judge(c, p, item, move, o) {
  const g = p.game;
  const noun = g.def.noun;
  const t = item.mistake.target;
  const keeps = o === t;
  const what = keeps ? `keeps the ${valueWord(t)}` : `turns the ${valueWord(t)} into a ${valueWord(o)}`;
  let text;
  if (item.result) {
    text = `${capitalized(noun)} ${move} ${what}${keeps ? ' too' : ''}.`;
  } else if (keeps) {
    item.answer = move;
    item.result = item.tries.length ? 'second' : 'first';
    const best = bestMove(p);
    text = `Good move: ${noun} ${move} ${what}.${best && best !== move ? ` The best is ${noun} ${best} (dashed on the board).` : ''}`;
  } else if (item.tries.includes(move)) {
    text = `${capitalized(noun)} ${move} again: it ${what}. Try another ${noun}.`;
  } else {
    item.tries.push(move);
    if (item.tries.length < 2) text = `Not that: ${noun} ${move} ${what}. Try again.`;
    else {
      item.result = 'missed';
      text = `Not that either: ${noun} ${move} ${what}. ${solutionWords(p)}`;
    }
  }
  document.body.dataset.practise = item.result ? 'settled' : 'find';
  showValues(c, p);
  renderPractise(c, p);
  sayPractise(text, keeps ? 'keeps' : 'loses', move);
}

// The best move of the position: the analysis' best when it keeps the
// value (the fastest win it proved), else the review's move that keeps it.
/** @param {Practise} p */
function bestMove(p) {
  const item = p.items[p.index];
  const a = p.analysis;
  if (a && outcomeOf(scoreOf(p, a.best)) === item.mistake.target) return a.best;
  return item.mistake.better || 0;
}

// "The best move: column 4 (dashed on the board); columns 4 and 6 keep the win."
/** @param {Practise} p */
function solutionWords(p) {
  const g = p.game;
  const noun = g.def.noun;
  const t = p.items[p.index].mistake.target;
  const best = bestMove(p);
  const keeping = p.analysis ? p.analysis.scores.filter((s) => s.legal && outcomeOf(s) === t).map((s) => s.move) : [];
  const list = keeping.length > 1 ? ` ${capitalized(noun)}s ${keeping.slice(0, -1).join(', ')} and ${keeping.at(-1)} keep the ${valueWord(t)}.`
    : '';
  return best ? `The best move: ${noun} ${best} (dashed on the board).${list}` : `No move found that keeps the ${valueWord(t)}.`;
}

// The board's labels: the moves tried so far; once the mistake is settled,
// every move's value and the best move (dashed).
/** @param {Controller} c @param {Practise} p */
function showValues(c, p) {
  const item = p.items[p.index];
  const g = p.game;
  if (!item || !g || !p.analysis) return;
  const labels = {};
  for (const s of p.analysis.scores) {
    if (s.legal && (item.result || item.tries.includes(s.move))) labels[s.move] = moveLabel(g.board, s, g.plies);
  }
  c.board.setLabels(labels);
  c.board.setHint(item.result ? bestMove(p) : 0);
}

// "Show": the best move, and the mistake counts as not found.
/** @param {Controller} c */
function showSolution(c) {
  const p = c.practise;
  const item = p && p.items[p.index];
  if (!item || item.result) return;
  item.result = 'shown';
  document.body.dataset.practise = 'settled';
  showValues(c, p);
  renderPractise(c, p);
  sayPractise(solutionWords(p));
  // (Show is hidden now: its keyboard focus goes on to Next)
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused.id === 'practise-show') document.getElementById('practise-next').focus();
}

// "Next" (or "Skip" before an answer, which counts as not found).
/** @param {Controller} c */
function nextMistake(c) {
  const p = c.practise;
  if (!p || p.index >= p.items.length) return;
  const item = p.items[p.index];
  if (!item.result) item.result = 'skipped';
  showMistake(c, p.index + 1);
  const next = /** @type {HTMLButtonElement} */ (document.getElementById(p.index < p.items.length ? 'practise-next' : 'practise-back'));
  if (document.activeElement === document.body || document.activeElement?.closest('#practise')) next.focus();
}

// Ends the run and shows the game as it was (nothing of it was changed):
// the board, and what the position shown had (its analysis, the computer
// to move) starts again with positionChanged. The focus goes back to the Practise button.
/** @param {Controller} c */
export function leavePractise(c) {
  if (!c.practise) return;
  endPractise(c);
  c.positionChanged(false, c.browsing);
  /** @type {HTMLElement} */ (document.getElementById('practise-start')).focus();
}

// Ends the run (a position change calls it too: the game then goes on from there).
/** @param {Controller} c */
export function endPractise(c) {
  if (!c.practise) return;
  c.practise = null;
  c.engine.cancel();
  delete document.body.dataset.practise;
  /** @type {HTMLElement} */ (document.getElementById('practise')).hidden = true;
  c.board.setLabels(null);
  c.board.setHint(0);
  c.board.setGame(c.game);
  c.onChange();
}

// The practise card's buttons, and the Practise button.
/** @param {Controller} c */
export function wirePractise(c) {
  const on = (id, run) => document.getElementById(id).addEventListener('click', run);
  on('practise-start', () => {
    if (document.getElementById('practise-start').getAttribute('aria-disabled') !== 'true') startPractise(c);
  });
  on('practise-show', () => showSolution(c));
  on('practise-next', () => nextMistake(c));
  on('practise-again', () => startPractise(c));   // (the run starts over)
  on('practise-back', () => leavePractise(c));
}

const capitalized = (word) => word[0].toUpperCase() + word.slice(1);
