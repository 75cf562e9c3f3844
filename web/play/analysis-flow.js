// The analysis and the hint of Play's game (Controller's setAnalysis,
// startAnalysis, requestHint, ...): the analysis searches every move of the
// position (the engine's `analyze` request) and shows each result at once on
// the board (labels), in the accessible list, the engine panel and the
// evaluation bar; the hint is its best move (with the analysis off, a short
// analysis at the level's time finds it). Functions of the controller `c`
// (controller.js), which calls them.

import { moveLabel, valueInWords } from './analysis-view.js';
import { Game, movesText } from '../lib/rules.js';

/** @typedef {import('./controller.js').Controller} Controller */

// The answer to a move or a hint asked for while the computer thinks.
export const WAIT_FOR_COMPUTER = 'Please wait: the computer is thinking.';

// Switches the analysis on or off. Switching it off stops it at once.
/** @param {Controller} c */
export function setAnalysis(c, on) {
  if (on === c.analysisOn) return;
  if (c.solving) c.cancelSolve();
  c.analysisOn = on;
  c.saveHash();
  c.evalBar.show(on);
  if (!on) {
    if (c.state === 'human-turn' && c.engine.busy) {
      c.engine.cancel();
      c.token++;
      c.panel.stopThinking();
      c.panel.clearThinking('Engine');
    }
    c.clearAnalysis();
    delete document.body.dataset.analysis;
    c.hintFollows = false;
    if (c.hint === -1) {  // a hint being looked for was cancelled with the analysis
      c.hint = 0;
      c.panel.setHintText('');
    }
  } else if (c.state === 'human-turn' || (c.state === 'paused' && c.browsing)) {
    c.startAnalysis(c.token);
  } else if (c.state === 'game-over') {
    c.showFinalValue();
  }
  c.onChange();
}

// The analysis' budget per position, in ms.
/** @param {Controller} c */
export function setAnalysisTime(c, ms) {
  c.analysisMs = ms;
  if (c.analysisOn && c.state === 'human-turn') c.positionChanged(false);
}

// How many best lines the analysis shows (1-5; the engine's `lines`).
/** @param {Controller} c */
export function setAnalysisLines(c, n) {
  c.analysisLines = n;
  if (c.analysisOn && c.state === 'human-turn') c.positionChanged(false);
}

// Plays one of the analysis' lines onto the board: its moves become the
// moves ahead of the position, and the board steps to its end (as the move
// list's steps do: against the computer, to the last position where a person
// is to move). Undo and ← step back. A finished game's later moves that the
// line replaces are offered back, as a new move there does.
/** @param {Controller} c */
export function playLine(c, moves) {
  const g = c.game;
  const usable = c.state === 'human-turn' || (c.state === 'paused' && c.browsing);
  const text = movesText(moves);
  if (!usable || !moves.length || !Game.fromMoves(g.kind, g.moveString() + text, g.size).game) {
    c.sayForAMoment(c.state === 'thinking' ? WAIT_FOR_COMPUTER : 'This line cannot be played here.');
    return false;
  }
  const ahead = movesText(c.future);
  if (!ahead.startsWith(text)) {
    if (ahead && c.lineOver) {
      const n = c.future.length;
      c.offerBack(`The line replaced the finished game's ${n === 1 ? 'last move' : `last ${n} moves`} `
        + `after move ${g.plies}.`);
    }
    c.redo = c.groupMoves(moves);
  }
  c.jumpTo(g.plies + moves.length);
  return true;
}

/** @param {Controller} c */
export function clearAnalysis(c) {
  c.analysis = null;
  c.linesView.clear();
  c.board.setLabels(null);
  c.panel.setLegend('');
  c.panel.showAnalysisList(null);
  c.evalBar.clear();
}

// The hint: the analysis' best move. With the analysis on it is the best
// move of the running analysis (and follows it); else a short analysis at
// the level's time finds it. Hint, board numbers and panel read the same result.
/** @param {Controller} c */
export async function requestHint(c) {
  if (!c.canHint) {
    // Why not (H, or the Hint button, which stays in the Tab order while unusable).
    const why = c.hint === -1 ? 'Looking for the hint…' : c.hint ? 'The hint is on the board.'
      : c.state === 'thinking' ? WAIT_FOR_COMPUTER
        : c.state === 'paused' ? (c.browsing ? 'No hint here: the computer is to move. Step on (→) to a position where you are.'
          : 'No hint while the computers play each other.')
          : c.state === 'game-over' ? 'The game is over: no hint.' : '';
    if (why && c.active) c.sayForAMoment(why);
    return;
  }
  if (c.solving) c.stopSolve();
  const token = c.token;
  const g = c.game;
  const side = g.sideToMove;
  if (c.analysisOn) {
    c.hintFollows = true;
    if (c.analysis) c.showHint(c.analysis);
    else c.panel.setHintText('Looking for the best move…');
    c.onChange();
    return;
  }
  const ctx = c.searchContext();
  c.panel.startThinking(`Hint for ${c.names[side]}`, c.helpTime, ctx);
  c.panel.setHintText('Looking for the best move…');
  c.hint = -1;  // asked for (canHint is false until the position changes)
  c.onChange();
  let reply;
  try {
    reply = await c.engine.request({ type: 'analyze', ...g.position,
      timeMs: c.helpTime, threads: c.threads }, (info) => { if (token === c.token) c.panel.showAnalysis(info, ctx); });
  } catch (e) {
    return c.engineFailed(e);
  }
  if (!reply || token !== c.token) return;
  c.panel.stopThinking();
  c.panel.showAnalysis(reply, ctx);
  c.showHint(reply);
}

// Shows the best move of analysis `a` of the current position as the hint.
/** @param {Controller} c */
export function showHint(c, a) {
  const g = c.game;
  const side = g.sideToMove;
  const best = a.scores.find((s) => s.move === a.best);
  if (!best || best.kind === 'pending') return;
  c.hint = a.best;
  c.board.setHint(a.best);
  const text = `Hint: ${g.def.noun} ${a.best}: ${valueInWords(g.board, best, g.plies, side, c.names)}`;
  c.panel.setHintText(text);
  c.panel.setStatus(`${text}. Your turn, ${c.names[side]}.`);
  c.onChange();
}

// Analyses the position (every move: book, solver, estimates; the engine's
// analyze request) until every move is exact or the budget is spent; each
// streamed result is shown at once.
/** @param {Controller} c */
export async function startAnalysis(c, token) {
  // (not while practising mistakes: it would give the answers away; leaving
  // the practice starts it again)
  if (c.practise) return;
  const g = c.game;
  const ctx = c.searchContext();
  document.body.dataset.analysis = 'running';
  c.evalBar.show(true);
  c.panel.setLegend(`Analysing every ${g.def.noun}…`);
  c.panel.startThinking('Analysis', c.analysisMs, ctx);
  let reply;
  try {
    reply = await c.engine.request({ type: 'analyze', ...g.position, timeMs: c.analysisMs,
      threads: c.threads, lines: c.analysisLines },
      (info) => { if (token === c.token && c.analysisOn) c.showAnalysis(info, false); });
  } catch (e) {
    return c.engineFailed(e);
  }
  if (!reply || token !== c.token || !c.analysisOn) return;
  c.panel.stopThinking();
  c.showAnalysis(reply, true);
}

// One analysis result of the current position: the board's labels, the
// accessible list, the engine panel, the evaluation bar (and the hint, if
// it follows the analysis).
/** @param {Controller} c */
export function showAnalysis(c, a, done) {
  const g = c.game;
  const side = g.sideToMove;
  c.analysis = a;
  const labels = {};
  let legal = 0, provenCount = 0;
  for (const s of a.scores) {
    if (!s.legal) continue;
    legal++;
    if (s.kind === 'exact' || s.kind === 'wdl') provenCount++;
    labels[s.move] = moveLabel(g.board, s, g.plies);
  }
  c.board.setLabels(labels);
  c.panel.showAnalysisList(a.scores, g, c.names);
  c.linesView.show(a.lines, { kind: g.board, plies: g.plies, side, names: c.names, noun: g.def.noun });
  c.panel.showAnalysis(a, c.searchContext());
  c.evalBar.set(g.board, a.position, g.plies, side, c.names);
  c.noteValue(g.board, g.moveString(), a.position);
  if (c.hintFollows) c.showHint(a);
  document.body.dataset.analysis = done ? 'done' : 'running';
  const name = c.names[side];
  const other = c.names[side === 1 ? 2 : 1];
  c.panel.setLegend(`For ${name}, to move: W6 = ${name} wins in 6 of its moves · D = draw · L9 = ${name} loses, `
    + `${other} wins in 9 · W or L alone: proven, speed not known yet · grey ≈ = estimate, not proven `
    + `(+ is good for ${name}). ${provenCount} of ${legal} ${g.def.noun}s proven${done ? '' : ' so far'}.`);
}

// The evaluation bar of a finished game: its result.
/** @param {Controller} c */
export function showFinalValue(c) {
  const g = c.game;
  delete document.body.dataset.analysis;
  c.evalBar.set(g.board, { kind: 'wdl', score: g.winner ? -1 : 0, source: 'solver' }, g.plies, g.sideToMove, c.names);
}
