// Game flow: whose turn it is, asking the engine for the computer's moves,
// hints, the analysis and the game review, undo/redo and stepping through the
// game's line, and keeping the URL hash, the status line and
// document.body.dataset.state (human-turn | thinking | game-over, and paused
// in computer vs computer, or where the computer is to move in a finished
// game stepped back through) up to date;
// document.body.dataset.analysis (running | done), .review (running |
// done) and .solve (running | done | stopped) say what the analysis, the
// review and "Solve from here" are doing.
//
// The line: the moves played (game.history) and, after an undo or a step
// back, the moves ahead (the redo groups); the move list shows it all.
// Every position change cancels whatever the engine is doing (see
// engine-client.js) and bumps `token`; an answer that arrives for an older
// token is dropped, so a stale move never lands on the board.
//
// The Controller holds the game's state and its line; the methods of each
// concern live in a module of their own, as functions of the controller
// (the class keeps every method's name): turn-flow.js (whose turn, the
// computer's move, the end of the game), analysis-flow.js (the analysis and
// the hint), solve-flow.js ("Solve from here"), review-flow.js (the game
// review and the move list) and practise-flow.js ("Practise your mistakes":
// while it runs, the board's moves are its answers, and any position change
// ends it).

import { sideNames, unplayableWords } from '../lib/games.js';
import { Game, movesOf, movesText } from '../lib/rules.js';
import { parseHash, writeHash } from '../lib/url-state.js';
import { WAIT_FOR_COMPUTER, clearAnalysis, playLine, requestHint, setAnalysis, setAnalysisLines, setAnalysisTime, showAnalysis,
  showFinalValue, showHint, startAnalysis } from './analysis-flow.js';
import { endPractise, practiseMove } from './practise-flow.js';
import { showGraph, showMoves, startReview, stopReview } from './review-flow.js';
import { cancelSolve, endSolve, startSolve, stopSolve } from './solve-flow.js';
import { finish, step } from './turn-flow.js';

// How long the reason for a refused move stays in the status line.
const REFUSAL_MS = 3000;
// "column" -> "Column" (a game's move noun starting a sentence).
const capitalized = (word) => word[0].toUpperCase() + word.slice(1);

export class Controller {
  // onLanded(game): a move's piece has reached its place (the page's sound).
  // workerUrl(size): the engine worker's address for a board ('' the game's
  // own; one board per worker), which `engine` moves to with the game's board.
  constructor({ board, panel, engine, evalBar, reviewEngine, onChange, onLanded, workerUrl }) {
    this.board = board;
    this.panel = panel;
    this.engine = engine;
    this.workerUrl = workerUrl || null;
    this.evalBar = evalBar;
    // Starts a worker of its own for a review, so that stepping through the
    // game (which cancels the engine's work on the old position) goes on
    // while the review runs.
    this.makeReviewEngine = reviewEngine;
    this.reviewEngine = null;
    this.review = null;      // {line, reply, done, failed}: the review of the line `line`
    // "Practise your mistakes" running (practise-flow.js): the board shows its
    // positions and its moves are answers; null otherwise.
    /** @type {import('./practise-flow.js').Practise | null} */
    this.practise = null;
    // What the page learnt of positions while the game was played (an
    // analysis, the computer's search): "kind:moves" -> value, the side to
    // move's view; the evaluation graph reads it (eval-graph.js).
    this.values = new Map();
    this.analysis = null;    // the latest analysis reply of the current position
    this.analysisMs = 10000; // the analysis' budget per position
    this.analysisLines = 3;  // the best lines it shows (1-5)
    // The best lines' buttons (analysis-lines.js; main.js sets them).
    /** @type {{show: (lines: any, ctx: any) => void, clear: () => void}} */
    this.linesView = { show() {}, clear() {} };
    this.hintFollows = false; // the hint shows the running analysis' best move
    this.refusal = null;     // {before, timer}: the status a refused move's reason replaced
    this.onChange = onChange || (() => {});
    this.onLanded = onLanded || (() => {});
    this.paused = false;     // computer vs computer: stopped between moves
    this.stepOnce = false;   // while paused: play one move, then stop again
    // Stepping back through a finished game against the computer: a position
    // where the computer is to move is shown as it is (state paused), so that
    // the review's word on the person's own move can be read there.
    this.browsing = false;
    // {at, value}: the proven value of the position `at` (game:moves), from
    // the analysis of the move that led to it (playHuman), or null.
    this.carried = null;
    // algorithm: the computer's search, 'alphabeta' or 'mcts'; each has the levels (the
    // engine's kLevels and kMctsLevels) and Custom (the thinking time).
    this.settings = { game: 'connect4', time: 1000, ai: '2', level: 'custom', algorithm: 'alphabeta' };
    this.levels = [];        // [{name, timeMs, maxDepth, temperature}] from the engine
    this.active = true;      // false while another view (tree, study) is shown
    this.game = null;        // the game being played: set by load() and newGame(), once the games are known
    this.redo = [];          // groups of moves taken back by Undo, newest last
    this.hint = 0;
    this.analysisOn = false;
    this.token = 0;
    this.state = '';
    this.landing = Promise.resolve();
    this.solving = false;    // "Solve from here" runs on the engine
    this.threads = 1;        // the threads a solve asks for (the page's setting)
    /** @type {(event: {state: string, reply?: any, threads?: number}) => void} */
    this.onSolve = () => {};  // hears a solve start, progress, end or stop
  }

  get names() { return sideNames(this.game.kind); }
  isComputer(side) { return this.settings.ai === 'both' || this.settings.ai === String(side); }
  // A person plays the computer (rather than two people, or two computers).
  get versus() { return this.settings.ai === '1' || this.settings.ai === '2'; }
  // A finished game's result as the page tells it: 'draw', 'loss' (the
  // computer beat the person) or 'win' (the person won, or a side won
  // between two players or two computers).
  get resultTone() {
    const g = this.game;
    return !g.winner ? 'draw' : this.versus && this.isComputer(g.winner) ? 'loss' : 'win';
  }
  get canUndo() { return this.game.history.some((_, i) => !this.isComputer((i % 2) + 1)); }
  get canRedo() { return this.redo.length > 0; }
  get canReview() { return this.game.plies + this.redo.length > 0 && this.game.def.hasSolver; }
  // The moves ahead of the position (after an undo or a step back), in order.
  get future() { return this.redo.slice().reverse().flat(); }
  // The whole line: the moves played and the moves ahead.
  get line() { return this.game.history.concat(this.future); }
  // What a review belongs to: the game and its line.
  get reviewKey() { return `${this.game.board}:${movesText(this.line)}`; }
  get canHint() { return this.state === 'human-turn' && !this.hint; }
  // "Solve from here": a position of a game with an exact solver, not over,
  // while no computer is thinking.
  get canSolve() {
    return Boolean(this.game) && this.game.def.hasSolver && !this.game.over
      && (this.state === 'human-turn' || this.state === 'paused');
  }
  // The selected level's settings, or null for Custom (the thinking time).
  get level() {
    return this.levels.find((l) => l.name === this.settings.level) || null;
  }
  // The selected level's MCTS budget {timeMs, playouts}, or null (Custom, or
  // an engine that did not say).
  get mctsLevel() {
    const l = this.level;
    return l && l.mcts && (l.mcts.timeMs > 0 || l.mcts.playouts > 0) ? l.mcts : null;
  }

  setLevels(levels) { this.levels = Array.isArray(levels) ? levels : []; }

  // Hints and analysis search at full strength for the selected time.
  get helpTime() {
    const l = this.level;
    return l ? Math.max(500, l.timeMs) : this.settings.time;
  }

  // Loads settings and position from a URL hash; a bad hash gives a notice
  // and a clean game. `ahead`: moves after the position (a saved game's
  // moves undone or stepped back over), kept when they are legal there.
  // `replaced`: a restorer() of the game in progress the hash may replace
  // (by default the one shown; main.js passes the saved game on the first
  // load, null for Reset): a link to another position offers it back, so a
  // link never takes a game away without "Restore the game".
  load(hash, ahead = [], replaced = this.inProgress()) {
    this.active = true;
    this.panel.hideNotice('line');  // (a game offered back is not the one a link or Reset brings)
    const { settings, errors } = parseHash(hash, this.levels.map((l) => l.name));
    const linkNote = !errors.length ? ''
      : settings.moves ? `Part of this link could not be used: ${errors.join('; ')}. The rest was, the moves included.`
        : `This link could not be used: ${errors.join('; ')}. It shows a new game.`;
    this.settings = { game: settings.game, time: settings.time, ai: settings.ai, level: settings.level,
      algorithm: settings.algorithm === 'mcts' ? 'mcts' : 'alphabeta' };
    this.analysisOn = Boolean(settings.analysis);
    this.evalBar.show(this.analysisOn);
    const size = settings.size || '';
    this.game = Game.fromMoves(settings.game, settings.moves, size).game || new Game(settings.game, size);
    const line = Game.fromMoves(settings.game, this.game.moveString() + movesText(ahead), size).game;
    this.redo = line ? this.groupMoves(ahead) : [];
    this.paused = false;
    this.carried = null;
    this.useBoard(this.game);
    this.board.setGame(this.game);
    this.panel.clearThinking('Engine');
    // A reload where the computer waited while you looked back through a
    // finished game (jumpTo): it waits again.
    const g = this.game;
    this.positionChanged(false, Boolean(line) && line.over && !g.over && this.isComputer(g.sideToMove));
    const kept = replaced && replaced.saved.game === g.kind && replaced.saved.moves === g.moveString()
      && (replaced.saved.size || '') === g.size;   // (the same moves on another board are another game)
    if (replaced && !kept) {
      this.offerBack(`${linkNote || 'Another position was opened.'} `
        + `The game you were playing (${replaced.moves} moves) can be restored.`, replaced);
    } else if (linkNote) this.panel.showNotice(linkNote, 'link');
    else this.panel.hideNotice('link');  // a good link takes back a bad one's notice, not the book's
  }

  // A restorer() of the game shown if it is in progress (two moves or more,
  // not over), else null; or of the game `kind` on board `size` with
  // `played` and `ahead` (a saved one).
  inProgress(kind = this.game?.kind, played = this.game?.moveString(), ahead = this.game ? this.future : [],
    size = this.game?.size ?? '') {
    const g = kind && Game.fromMoves(kind, played, size).game;
    if (!g || g.over || g.plies + ahead.length < 2) return null;
    return this.restorer(kind, played, ahead, size);
  }

  // --- user actions ---------------------------------------------------------
  playHuman(move) {
    if (this.practise) return practiseMove(this, move);
    if (this.state !== 'human-turn' || !this.game.canPlay(move)) {
      this.refuse(move);
      return false;
    }
    // The analysis' proven value of the move is the next position's: the bar
    // keeps it while the computer thinks there (its search only estimates).
    const proven = this.analysisOn && this.analysis
      ? this.analysis.scores.find((s) => s.move === move && (s.kind === 'exact' || s.kind === 'wdl')) : null;
    // A new move in a finished game, looking back through it, drops the
    // game's later moves: said, not done silently.
    const ahead = this.future;
    if (ahead.length && ahead[0] !== move && this.lineOver) {
      const n = ahead.length;
      // (counted as the result counts them: "after 24 moves")
      this.offerBack(`${capitalized(this.game.def.noun)} ${move} starts a new game `
        + `from this position (after ${this.game.plies} moves): the finished game's `
        + `${n === 1 ? 'last move was' : `last ${n} moves were`} dropped.`);
    }
    this.playOnLine(move);
    this.carried = proven ? { at: `${this.game.board}:${this.game.moveString()}`,
      value: { kind: proven.kind, score: -proven.score, source: proven.source } } : null;
    this.positionChanged(true);
    return true;
  }

  // Says why a move cannot be played now (in the status line, which screen
  // readers announce) and shakes the board a little (not with reduced motion).
  refuse(move) {
    const g = this.game;
    if (!g || !this.active || this.state === 'loading' || !this.state) return;
    let why;
    if (this.state === 'thinking') why = WAIT_FOR_COMPUTER;
    else if (this.state === 'paused') {
      why = this.browsing ? 'Here the computer is to move: step on (→) to a position where you are.'
        : 'The computers play each other (paused): choose other Players to play yourself.';
    }
    else if (this.state === 'game-over') why = 'The game is over: start a new game, or step back through the moves (←).';
    else why = unplayableWords(g.def, move);
    this.sayForAMoment(why);
    this.board.refused();
  }

  // Says `why` in the status line (which screen readers announce); the status
  // says what it said before after a moment, unless it changed meanwhile
  // (one saved status and one timer, however many times).
  sayForAMoment(why) {
    if (!this.refusal) this.refusal = { before: this.panel.status, timer: 0 };
    clearTimeout(this.refusal.timer);
    this.panel.setStatus(why);
    const refusal = this.refusal;
    refusal.timer = setTimeout(() => {
      if (this.panel.status === why) this.panel.setStatus(refusal.before);
      if (this.refusal === refusal) this.refusal = null;
    }, REFUSAL_MS);
  }

  // Plays `move`; the moves ahead are kept when it is the next of them (a
  // game replayed along its line), else they are dropped.
  playOnLine(move) {
    const ahead = this.future;
    this.game.play(move);
    this.redo = ahead[0] === move ? this.groupMoves(ahead.slice(1)) : [];
  }

  // Redo groups (newest last) of the moves `ahead` of the position: each
  // group ends where a person is to move (or the game ends), as Undo makes them.
  groupMoves(ahead) {
    const groups = [];
    let group = [];
    ahead.forEach((m, i) => {
      group.push(m);
      const side = ((this.game.plies + i + 1) % 2) + 1;   // to move after m
      if (!this.isComputer(side) || i === ahead.length - 1) {
        groups.push(group);
        group = [];
      }
    });
    return groups.reverse();
  }

  // Shows the position after `ply` moves of the line (the move list, the
  // arrow keys). Against the computer, a position where the computer would be
  // to move: in a finished game, shown as it is, the computer waiting
  // (browsing); in a game still going on, its recorded reply is shown too (or
  // the position before the person's move). So stepping never makes it play;
  // computer vs computer becomes two players, so the game stands still while
  // you look.
  jumpTo(ply) {
    if (!this.game || this.state === 'loading') return;
    const line = this.line;
    let p = Math.max(0, Math.min(line.length, ply));
    if (this.settings.ai === 'both') {
      if (p === this.game.plies) return;
      this.settings.ai = 'none';
    }
    const overAt = (n) => Game.fromMoves(this.game.kind, movesText(line.slice(0, n)), this.game.size).game.over;
    const computerToMove = this.isComputer((p % 2) + 1) && !overAt(p);
    const browsing = computerToMove && this.lineOver;
    if (computerToMove && !browsing) {
      const forward = (p > this.game.plies || p === 0) && p < line.length;
      p += forward ? 1 : -1;
      if (p < 0 || (p === 0 && this.isComputer(1))) return;
    }
    if (p === this.game.plies) return;
    while (this.game.plies > p) this.game.undo();
    while (this.game.plies < p) this.game.play(line[this.game.plies]);
    this.redo = this.groupMoves(line.slice(p));
    // The engine card's figures are another position's (as a chess site's
    // evaluation follows the move shown; the analysis fills it again).
    this.panel.clearThinking('Engine');
    this.positionChanged(false, browsing);
  }

  undo() {
    if (!this.canUndo) return;
    const group = [];
    for (;;) {
      const side = this.game.sideToMove === 1 ? 2 : 1;   // who made the last move
      group.unshift(this.game.history[this.game.history.length - 1]);
      this.game.undo();
      if (!this.isComputer(side) || !this.game.plies) break;
    }
    this.redo.push(group);
    // (a search of the undone position is abandoned: its figures go too)
    if (this.panel.thinking) this.panel.clearThinking('Engine');
    this.positionChanged(false);
  }

  redoMoves() {
    const group = this.redo.pop();
    if (!group) return;
    for (const m of group) this.game.play(m);
    this.positionChanged(group.length === 1, this.waitsHere());
  }

  // Whether the computer waits at this position: it is to move in a finished
  // game looked back on (its recorded move is ahead; jumpTo's browsing).
  waitsHere() {
    const g = this.game;
    return this.future.length > 0 && !g.over && this.isComputer(g.sideToMove) && this.lineOver;
  }

  // Whether the game's whole line (the position and the moves ahead of it)
  // ends finished: with moves ahead, a finished game looked back on.
  get lineOver() {
    return Boolean(Game.fromMoves(this.game.kind, movesText(this.line), this.game.size).game?.over);
  }

  // Another game of the same kind in place of one in progress (New game, N
  // twice, Play again after stepping back) is offered back in the notice: a
  // stray click or key loses nothing. `size`: the board ('WxH', '' the
  // game's own); without it the board stays, unless the game changes.
  newGame(kind, size) {
    const old = this.game;
    const k = kind || old.kind;
    const board = size !== undefined ? size : k === old.kind ? old.size : '';
    const going = old && !old.over && this.line.length >= 2 && k === old.kind && board === old.size;
    const back = going ? this.restorer() : null;
    this.setGame(new Game(k, board), []);
    this.panel.hideNotice();
    this.panel.clearThinking('New game');
    this.positionChanged(false);
    if (back) this.offerBack(`A new game was started; the last one (${back.moves} moves) can be restored.`, back);
  }

  // The game `g` with the moves `ahead` of it (Redo), nothing searching.
  setGame(g, ahead) {
    this.useBoard(g);
    this.engine.cancel();
    this.stopReview();
    this.game = g;
    this.settings.game = g.kind;
    this.redo = this.groupMoves(ahead);
    this.paused = false;
    this.board.setGame(g);
    if (this.solving) this.endSolve('stopped');
  }

  // A function that brings back the game as it is now (its position and the
  // moves ahead of it), as a finished game looked back on waits for you; or
  // the game `kind` with the moves `played` and `ahead` (a saved offer).
  // The game `kind` on the board `size` ('' its own) with the moves `played`
  // and `ahead` (the board picker: each board's game is kept, and comes back).
  openBoard(kind, size, played = '', ahead = []) {
    const g = Game.fromMoves(kind, played, size).game || new Game(kind, size);
    const line = Game.fromMoves(kind, g.moveString() + movesText(ahead), size).game;
    this.setGame(g, line ? ahead : []);
    this.panel.hideNotice('line');
    this.panel.clearThinking('New game');
    this.positionChanged(false, this.waitsHere());
  }

  // The engine's worker for the board of `g` (a worker plays one board).
  useBoard(g) {
    if (this.workerUrl && this.engine.setUrl) this.engine.setUrl(this.workerUrl(g.size));
  }

  restorer(kind = this.game.kind, played = this.game.moveString(), ahead = this.future, size = this.game.size) {
    const run = () => {
      // The game shown now, if it has moves, is offered back in its turn.
      const back = this.line.length >= 2 ? this.restorer() : null;
      this.setGame(/** @type {Game} */ (Game.fromMoves(kind, played, size).game), ahead);
      this.panel.clearThinking('Engine');
      this.positionChanged(false, this.waitsHere());
      if (back) this.offerBack(`The game was restored; the one it replaced (${back.moves} moves) can be restored in turn.`, back);
    };
    run.moves = played.length + ahead.length;
    // (what the page saves with the game, to offer it again after a reload)
    run.saved = { game: kind, moves: played, ahead: movesText(ahead), ...(size ? { size } : {}) };
    return run;
  }

  // An offer saved with the game (Panel.offer), made again after a reload.
  offerSaved({ text, game, moves, ahead, size = '' }) {
    this.offerBack(text, this.restorer(game, moves, movesOf(ahead), size));
  }

  // The notice `text`, with a button that restores the game as it is now
  // (or `back`, a restorer() made before).
  offerBack(text, back = this.restorer()) {
    this.panel.showNotice(text, 'line', { label: 'Restore the game', run: back });
  }

  setPlayers(ai) {
    this.settings.ai = ai;
    this.paused = false;
    this.positionChanged(false);
  }

  // Computer vs computer: stop between moves, or go on. Pausing while a
  // computer thinks abandons that search (the move is thought again on resume).
  setPaused(on) {
    if (this.settings.ai !== 'both' || on === this.paused || this.game.over) return;
    this.paused = on;
    this.stepOnce = false;
    this.positionChanged(false);
  }

  // While paused: the computer to move plays one move.
  stepMove() {
    if (!this.paused || this.state !== 'paused') return;
    this.stepOnce = true;
    this.step(this.token);
  }

  // The free thinking time: the Custom level. A computer move being thought
  // about starts again with the new setting.
  setTime(ms) {
    this.settings.time = ms;
    this.settings.level = 'custom';
    this.settingsChanged();
  }

  // The computer's search: 'alphabeta' or 'mcts' (Monte Carlo tree search).
  setAlgorithm(name) {
    this.settings.algorithm = name === 'mcts' ? 'mcts' : 'alphabeta';
    this.settingsChanged();
  }

  // A named level (or 'custom'); a level with a thinking time moves the time to it.
  setLevel(name) {
    this.settings.level = name === 'custom' || this.levels.some((l) => l.name === name) ? name : 'custom';
    const l = this.level;
    if (l && l.timeMs) this.settings.time = Math.min(10000, Math.max(50, l.timeMs));
    this.settingsChanged();
  }

  settingsChanged() {
    if (this.state === 'thinking') this.positionChanged(false);
    else this.saveHash();
    this.onChange();
  }

  // Another view is shown: abandon any search, stop writing the hash.
  suspend() {
    if (this.practise) endPractise(this);
    this.active = false;
    this.engine.cancel();
    this.token++;
    if (this.solving) this.endSolve('stopped');
    if (this.panel.thinking) this.panel.stopThinking();
  }

  // --- flow -----------------------------------------------------------------
  // `browsing`: jumpTo's position where the computer waits (this.browsing).
  positionChanged(animate, browsing = false) {
    if (this.practise) endPractise(this);
    this.browsing = browsing;
    this.engine.cancel();
    this.token++;
    // A solve's figures (running or done) are the old position's.
    // So is the result of a finished game, stepping back from its end.
    if (this.solving || this.panel.solveShown || (this.panel.overShown && !this.game.over)) this.panel.clearThinking('Engine');
    if (this.solving) this.endSolve('stopped');
    this.hint = 0;
    this.hintFollows = false;
    if (this.refusal) {  // a refused move's reason belongs to the old position
      clearTimeout(this.refusal.timer);
      this.refusal = null;
    }
    this.board.setHint(0);
    this.panel.setHintText('');
    this.clearAnalysis();
    if (!this.analysisOn) delete document.body.dataset.analysis;
    if (this.panel.thinking) this.panel.stopThinking();
    if (this.review && this.review.line !== this.reviewKey) this.stopReview();
    this.showMoves();
    this.board.describe(this.names);
    this.landing = animate ? this.board.animateLastMove() : Promise.resolve();
    if (!animate) this.board.finishAnimation();
    else this.landing.then(() => this.onLanded(this.game));
    this.saveHash();
    this.step(this.token);
  }

  saveHash() {
    if (!this.active) return;
    writeHash({ game: this.game.kind, moves: this.game.moveString(), time: this.settings.time,
      ai: this.settings.ai, level: this.settings.level, analysis: this.analysisOn, algorithm: this.settings.algorithm,
      size: this.game.size });
  }

  setState(state) {
    this.state = state;
    document.body.dataset.state = state;
    this.board.setInteractive(state === 'human-turn');
    this.onChange();
  }

  searchContext() {
    const g = this.game;
    return { kind: g.board, plies: g.plies, side: g.sideToMove, names: this.names, moves: g.moveString() };
  }

  // --- the turn (turn-flow.js): the person's status, the computer's move, the end
  step(token) { return step(this, token); }
  finish() { return finish(this); }

  // --- the analysis and the hint (analysis-flow.js)
  setAnalysis(on) { return setAnalysis(this, on); }
  setAnalysisTime(ms) { return setAnalysisTime(this, ms); }
  setAnalysisLines(n) { return setAnalysisLines(this, n); }
  playLine(moves) { return playLine(this, moves); }
  startAnalysis(token) { return startAnalysis(this, token); }
  showAnalysis(a, done) { return showAnalysis(this, a, done); }
  clearAnalysis() { return clearAnalysis(this); }
  showFinalValue() { return showFinalValue(this); }
  requestHint() { return requestHint(this); }
  showHint(a) { return showHint(this, a); }

  // --- "Solve from here" (solve-flow.js)
  startSolve() { return startSolve(this); }
  stopSolve() { return stopSolve(this); }
  cancelSolve() { return cancelSolve(this); }
  endSolve(state) { return endSolve(this, state); }

  // --- the game review and the move list (review-flow.js)
  startReview() { return startReview(this); }
  stopReview() { return stopReview(this); }
  showMoves() { return showMoves(this); }
  // A value of the position after `moves` (not a pending one) for the evaluation graph.
  noteValue(kind, moves, v) {
    if (!v || (v.kind !== 'exact' && v.kind !== 'wdl' && v.kind !== 'estimate')) return;
    const key = `${kind}:${moves}`;
    const had = this.values.get(key);
    // (a proven value is not replaced by an estimate)
    if (had && (had.kind === 'exact' || (had.kind === 'wdl' && v.kind === 'estimate'))) return;
    if (this.values.size > 2000) this.values.clear();
    this.values.set(key, v);
    showGraph(this);
  }

  engineFailed(e) {
    this.panel.showNotice(`The engine failed: ${e && e.message ? e.message : e}. Start a new game to retry.`);
    this.panel.stopThinking();
    // (where a computer waits, looking back through a game or between the
    // computers' moves while paused, it still waits: the person does not get its move)
    const waits = this.browsing || (this.paused && this.isComputer(this.game.sideToMove));
    this.setState(this.game.over ? 'game-over' : waits ? 'paused' : 'human-turn');
  }
}
