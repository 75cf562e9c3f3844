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

import { sideNames } from '../lib/games.js';
import { Game } from '../lib/rules.js';
import { parseHash, writeHash } from '../lib/url-state.js';
import { scoreInWords } from '../lib/score-words.js';
import { markWords, moveLabel, moveName, valueInWords } from './analysis-view.js';

const DEMO_PAUSE_MS = 350;
// The game review's budget (it ends sooner once every position is proven).
const REVIEW_MS = 30000;
// How long the reason for a refused move stays in the status line.
const REFUSAL_MS = 3000;
// The answer to a move or a hint asked for while the computer thinks.
const WAIT_FOR_COMPUTER = 'Please wait: the computer is thinking.';
// Depth-limited levels answer in a few ms; the computer still takes this long,
// so its move does not land before the player has seen their own.
const MIN_THINK_MS = 350;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A search report's value of the position ({kind, score, depth, source}, as
// the analysis gives them) for the evaluation bar.
function searchValue(info) {
  if (info.exact) return { kind: 'exact', score: info.score, depth: info.depth, source: info.source };
  if (info.outcome === 1 || info.outcome === 0 || info.outcome === -1) return { kind: 'wdl', score: info.outcome, source: info.source };
  return { kind: 'estimate', score: info.score, depth: info.depth, source: info.source };
}
const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];
// "column" -> "Column" (a game's move noun starting a sentence).
const capitalized = (word) => word[0].toUpperCase() + word.slice(1);

export class Controller {
  // onLanded(game): a move's piece has reached its place (the page's sound).
  constructor({ board, panel, engine, evalBar, reviewEngine, onChange, onLanded }) {
    this.board = board;
    this.panel = panel;
    this.engine = engine;
    this.evalBar = evalBar;
    // Starts a worker of its own for a review, so that stepping through the
    // game (which cancels the engine's work on the old position) goes on
    // while the review runs.
    this.makeReviewEngine = reviewEngine;
    this.reviewEngine = null;
    this.review = null;      // {line, reply, done, failed}: the review of the line `line`
    this.analysis = null;    // the latest analysis reply of the current position
    this.analysisMs = 10000; // the analysis' budget per position
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
  get reviewKey() { return `${this.game.kind}:${this.line.join('')}`; }
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

  // The search request fields of a computer move, and its budget for the
  // progress bar.
  moveRequest() {
    if (this.settings.algorithm === 'mcts') {
      const m = this.mctsLevel;
      if (m) return { fields: { algorithm: 'mcts', level: this.level.name }, budget: m.timeMs || MIN_THINK_MS, minMs: MIN_THINK_MS };
      return { fields: { algorithm: 'mcts', timeMs: this.settings.time }, budget: this.settings.time, minMs: MIN_THINK_MS };
    }
    const l = this.level;
    if (l) return { fields: { level: l.name }, budget: l.timeMs || MIN_THINK_MS, minMs: l.timeMs ? 0 : MIN_THINK_MS };
    return { fields: { timeMs: this.settings.time, randomTies: true }, budget: this.settings.time, minMs: 0 };
  }

  // Hints and analysis search at full strength for the selected time.
  get helpTime() {
    const l = this.level;
    return l ? Math.max(500, l.timeMs) : this.settings.time;
  }

  // Loads settings and position from a URL hash; a bad hash gives a notice
  // and a clean game. `ahead`: moves after the position (a saved game's
  // moves undone or stepped back over), kept when they are legal there.
  load(hash, ahead = []) {
    this.active = true;
    this.panel.hideNotice('line');  // (a game offered back is not the one a link or Reset brings)
    const { settings, errors } = parseHash(hash, this.levels.map((l) => l.name));
    if (errors.length && settings.moves) {
      this.panel.showNotice(`Part of this link could not be used: ${errors.join('; ')}. The rest was, the moves included.`, 'link');
    } else if (errors.length) {
      this.panel.showNotice(`This link could not be used: ${errors.join('; ')}. A new game was started instead.`, 'link');
    } else {
      this.panel.hideNotice('link');  // a good link takes back a bad one's notice, not the book's
    }
    this.settings = { game: settings.game, time: settings.time, ai: settings.ai, level: settings.level,
      algorithm: settings.algorithm === 'mcts' ? 'mcts' : 'alphabeta' };
    this.analysisOn = Boolean(settings.analysis);
    this.evalBar.show(this.analysisOn);
    this.game = Game.fromMoves(settings.game, settings.moves).game || new Game(settings.game);
    const line = Game.fromMoves(settings.game, this.game.moveString() + ahead.join('')).game;
    this.redo = line ? this.groupMoves(ahead) : [];
    this.paused = false;
    this.carried = null;
    this.board.setGame(this.game);
    this.panel.clearThinking('Engine');
    // A reload where the computer waited while you looked back through a
    // finished game (jumpTo): it waits again.
    const g = this.game;
    this.positionChanged(false, Boolean(line) && line.over && !g.over && this.isComputer(g.sideToMove));
  }

  // --- user actions ---------------------------------------------------------
  playHuman(move) {
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
    this.carried = proven ? { at: `${this.game.kind}:${this.game.moveString()}`,
      value: { kind: proven.kind, score: -proven.score, source: proven.source } } : null;
    this.positionChanged(true);
    return true;
  }

  // Says why a move cannot be played now (in the status line, which screen
  // readers announce) and shakes the board a little (not with reduced motion).
  refuse(move) {
    const g = this.game;
    if (!g || !this.active || this.state === 'loading' || !this.state) return;
    const def = g.def;
    const Noun = capitalized(def.noun);
    let why;
    if (this.state === 'thinking') why = WAIT_FOR_COMPUTER;
    else if (this.state === 'paused') {
      why = this.browsing ? 'Here the computer is to move: step on (→) to a position where you are.'
        : 'The computers play each other (paused): choose other Players to play yourself.';
    }
    else if (this.state === 'game-over') why = 'The game is over: start a new game, or step back through the moves (←).';
    else if (!Number.isInteger(move) || move < 1 || move > def.moveSlots) why = `There is no ${def.noun} ${move}: ${def.notation}.`;
    else why = `${Noun} ${move} ${def.taken}: choose another ${def.noun}.`;
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
    const overAt = (n) => Game.fromMoves(this.game.kind, line.slice(0, n).join('')).game.over;
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
    return Boolean(Game.fromMoves(this.game.kind, this.line.join('')).game?.over);
  }

  // Another game of the same kind in place of one in progress (New game, N
  // twice, Play again after stepping back) is offered back in the notice: a
  // stray click or key loses nothing.
  newGame(kind) {
    const old = this.game;
    const going = old && !old.over && this.line.length >= 2 && (!kind || kind === old.kind);
    const back = going ? this.restorer() : null;
    this.setGame(new Game(kind || this.game.kind), []);
    this.panel.hideNotice();
    this.panel.clearThinking('New game');
    this.positionChanged(false);
    if (back) this.offerBack(`A new game was started; the last one (${back.moves} moves) can be restored.`, back);
  }

  // The game `g` with the moves `ahead` of it (Redo), nothing searching.
  setGame(g, ahead) {
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
  restorer(kind = this.game.kind, played = this.game.history.join(''), ahead = this.future) {
    const run = () => {
      // The game shown now, if it has moves, is offered back in its turn.
      const back = this.line.length >= 2 ? this.restorer() : null;
      this.setGame(/** @type {Game} */ (Game.fromMoves(kind, played).game), ahead);
      this.panel.clearThinking('Engine');
      this.positionChanged(false, this.waitsHere());
      if (back) this.offerBack(`The game was restored; the one it replaced (${back.moves} moves) can be restored in turn.`, back);
    };
    run.moves = played.length + ahead.length;
    // (what the page saves with the game, to offer it again after a reload)
    run.saved = { game: kind, moves: played, ahead: ahead.join('') };
    return run;
  }

  // An offer saved with the game (Panel.offer), made again after a reload.
  offerSaved({ text, game, moves, ahead }) {
    this.offerBack(text, this.restorer(game, moves, [...ahead].map(Number)));
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
    this.active = false;
    this.engine.cancel();
    this.token++;
    if (this.solving) this.endSolve('stopped');
    if (this.panel.thinking) this.panel.stopThinking();
  }

  // Switches the analysis on or off. Switching it off stops it at once.
  setAnalysis(on) {
    if (on === this.analysisOn) return;
    if (this.solving) this.cancelSolve();
    this.analysisOn = on;
    this.saveHash();
    this.evalBar.show(on);
    if (!on) {
      if (this.state === 'human-turn' && this.engine.busy) {
        this.engine.cancel();
        this.token++;
        this.panel.stopThinking();
        this.panel.clearThinking('Engine');
      }
      this.clearAnalysis();
      delete document.body.dataset.analysis;
      this.hintFollows = false;
      if (this.hint === -1) {  // a hint being looked for was cancelled with the analysis
        this.hint = 0;
        this.panel.setHintText('');
      }
    } else if (this.state === 'human-turn' || (this.state === 'paused' && this.browsing)) {
      this.startAnalysis(this.token);
    } else if (this.state === 'game-over') {
      this.showFinalValue();
    }
    this.onChange();
  }

  // The analysis' budget per position, in ms.
  setAnalysisTime(ms) {
    this.analysisMs = ms;
    if (this.analysisOn && this.state === 'human-turn') this.positionChanged(false);
  }

  clearAnalysis() {
    this.analysis = null;
    this.board.setLabels(null);
    this.panel.setLegend('');
    this.panel.showAnalysisList(null);
    this.evalBar.clear();
  }

  // The hint: the analysis' best move. With the analysis on it is the best
  // move of the running analysis (and follows it); else a short analysis at
  // the level's time finds it. Hint, board numbers and panel read the same result.
  async requestHint() {
    if (!this.canHint) {
      // Why not (H, or the Hint button, which stays in the Tab order while unusable).
      const why = this.hint === -1 ? 'Looking for the hint…' : this.hint ? 'The hint is on the board.'
        : this.state === 'thinking' ? WAIT_FOR_COMPUTER
          : this.state === 'paused' ? (this.browsing ? 'No hint here: the computer is to move. Step on (→) to a position where you are.'
            : 'No hint while the computers play each other.')
            : this.state === 'game-over' ? 'The game is over: no hint.' : '';
      if (why && this.active) this.sayForAMoment(why);
      return;
    }
    if (this.solving) this.stopSolve();
    const token = this.token;
    const g = this.game;
    const side = g.sideToMove;
    if (this.analysisOn) {
      this.hintFollows = true;
      if (this.analysis) this.showHint(this.analysis);
      else this.panel.setHintText('Looking for the best move…');
      this.onChange();
      return;
    }
    const ctx = this.searchContext();
    this.panel.startThinking(`Hint for ${this.names[side]}`, this.helpTime, ctx);
    this.panel.setHintText('Looking for the best move…');
    this.hint = -1;  // asked for (canHint is false until the position changes)
    this.onChange();
    let reply;
    try {
      reply = await this.engine.request({ type: 'analyze', game: g.kind, moves: g.moveString(),
        timeMs: this.helpTime, threads: this.threads }, (info) => { if (token === this.token) this.panel.showAnalysis(info, ctx); });
    } catch (e) {
      return this.engineFailed(e);
    }
    if (!reply || token !== this.token) return;
    this.panel.stopThinking();
    this.panel.showAnalysis(reply, ctx);
    this.showHint(reply);
  }

  // Shows the best move of analysis `a` of the current position as the hint.
  showHint(a) {
    const g = this.game;
    const side = g.sideToMove;
    const best = a.scores.find((s) => s.move === a.best);
    if (!best || best.kind === 'pending') return;
    this.hint = a.best;
    this.board.setHint(a.best);
    const text = `Hint: ${g.def.noun} ${a.best}: ${valueInWords(g.kind, best, g.plies, side, this.names)}`;
    this.panel.setHintText(text);
    this.panel.setStatus(`${text}. Your turn, ${this.names[side]}.`);
    this.onChange();
  }

  // --- flow -----------------------------------------------------------------
  // `browsing`: jumpTo's position where the computer waits (this.browsing).
  positionChanged(animate, browsing = false) {
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
      ai: this.settings.ai, level: this.settings.level, analysis: this.analysisOn, algorithm: this.settings.algorithm });
  }

  setState(state) {
    this.state = state;
    document.body.dataset.state = state;
    this.board.setInteractive(state === 'human-turn');
    this.onChange();
  }

  searchContext() {
    const g = this.game;
    return { kind: g.kind, plies: g.plies, side: g.sideToMove, names: this.names, moves: g.moveString() };
  }

  lastMoveText() {
    const g = this.game;
    if (!g.plies) return '';
    const side = g.plies % 2 === 1 ? 1 : 2;
    const vs = this.versus;
    const who = !vs ? this.names[side] : this.isComputer(side) ? 'Computer' : 'You';
    return `${who} played ${g.def.noun} ${g.history[g.plies - 1]}. `;
  }

  async step(token) {
    if (!this.active) return;
    const g = this.game;
    if (g.over) return this.finish();
    const side = g.sideToMove;
    if (!this.isComputer(side)) {
      this.setState('human-turn');
      if (this.analysisOn) this.startAnalysis(token);
      // While the last disc still falls the status says the move is being
      // played; "your turn" once it has landed.
      const vs = this.versus;
      // Looking back through a finished game: a move here starts another (said before it is played).
      const back = this.future.length > 0 && this.lineOver;
      const where = g.plies ? `move ${g.plies} of ${this.line.length}: ${this.lastMoveText()}`
        : `the start, before the game's ${this.line.length} moves. `;
      const turn = back ? `Looking back, ${where}A move here starts a new game (← → step).`
        : `${this.lastMoveText()}${vs ? `Your turn (${this.names[side]})` : `${this.names[side]} to move`}.`;
      if (this.board.animating && g.plies) {
        const mover = ((g.plies - 1) % 2) + 1;   // (against the computer: the computer)
        this.panel.setStatus(`${vs ? 'Computer' : this.names[mover]} plays ${g.def.noun} ${g.history[g.plies - 1]}…`);
        await this.landing;
        if (token !== this.token) return;
      }
      this.panel.setStatus(turn);
      return;
    }
    const who = `Computer (${this.names[side]})`;
    if (this.browsing) {
      this.setState('paused');
      // (the analysis follows the position shown, whoever is to move there)
      if (this.analysisOn) this.startAnalysis(token);
      this.panel.setStatus(`${this.lastMoveText()}Looking back through the game: the computer (${this.names[side]}) `
        + 'is to move here. Step with ← and →.');
      return;
    }
    if (this.paused && !this.stepOnce) {
      this.setState('paused');
      this.panel.setStatus(`${this.lastMoveText()}Paused: ${this.names[side]} to move. Resume, or Step for one move.`);
      return;
    }
    this.stepOnce = false;
    this.setState('thinking');
    this.panel.setStatus(`${this.lastMoveText()}${this.settings.ai === 'both' ? who : 'Computer'} is thinking…`);
    if (this.settings.ai === 'both' && g.plies) {
      await Promise.all([this.landing, sleep(DEMO_PAUSE_MS)]);
      if (token !== this.token) return;
    }
    const ctx = this.searchContext();
    const { fields, budget, minMs } = this.moveRequest();
    this.panel.startThinking(`${who} is thinking`, budget, ctx);
    // With the analysis on, the bar shows the position's value: a proven one
    // carried from the analysis of the move played, else the search's.
    const carried = this.carried && this.carried.at === `${g.kind}:${ctx.moves}` ? this.carried.value : null;
    if (this.analysisOn && carried) this.evalBar.set(g.kind, carried, g.plies, side, this.names);
    let reply;
    try {
      [reply] = await Promise.all([
        this.engine.request({ type: 'search', game: g.kind, moves: g.moveString(), ...fields,
          seed: randomSeed() }, (info) => {
          if (token !== this.token) return;
          this.panel.showInfo(info, ctx);
          if (this.analysisOn && !carried) this.evalBar.set(g.kind, searchValue(info), g.plies, side, this.names);
        }),
        this.landing,
        sleep(minMs),
      ]);
    } catch (e) {
      return this.engineFailed(e);
    }
    if (!reply || token !== this.token) return;
    this.panel.stopThinking();
    this.panel.showInfo(reply, ctx);
    this.panel.setWho(`${who} played ${g.def.noun} ${reply.move}`);
    if (!g.canPlay(reply.move)) return this.engineFailed(new Error(`the engine chose an illegal move ${reply.move}`));
    this.playOnLine(reply.move);
    this.positionChanged(true);
  }

  finish() {
    const g = this.game;
    this.setState('game-over');
    const vs = this.versus;
    let text;
    if (g.winner === 0) text = 'Game over: draw.';
    else if (vs) text = this.isComputer(g.winner) ? 'Game over: computer wins.' : 'Game over: you win!';
    else text = `Game over: ${this.names[g.winner]} wins!`;
    this.panel.setStatus(`${this.lastMoveText()}${text}`);
    this.panel.clearThinking(text);
    this.panel.overShown = true;
    if (this.analysisOn) this.showFinalValue();
    // The review starts by itself at the end of a game (once per line).
    if (this.canReview && !this.review) this.startReview();
  }

  // The evaluation bar of a finished game: its result.
  showFinalValue() {
    const g = this.game;
    delete document.body.dataset.analysis;
    this.evalBar.set(g.kind, { kind: 'wdl', score: g.winner ? -1 : 0, source: 'solver' }, g.plies, g.sideToMove, this.names);
  }

  // "Solve from here": the exact solver on the position, with this.threads
  // threads, in the engine's worker (whatever the engine was doing is
  // dropped); its progress (the proven interval) and its answer go to the
  // panel and to onSolve. A move, undo, new game or stopSolve() cancels it
  // as they cancel a search.
  async startSolve() {
    if (!this.canSolve || this.solving) return;
    this.engine.cancel();
    const token = ++this.token;
    const g = this.game;
    const ctx = this.searchContext();
    this.solving = true;
    document.body.dataset.solve = 'running';
    this.panel.startSolving(this.threads, ctx);
    this.onSolve({ state: 'running', threads: this.threads });
    this.onChange();
    let reply;
    try {
      reply = await this.engine.request({ type: 'solve', game: g.kind, moves: g.moveString(), threads: this.threads },
        (info) => {
          if (token !== this.token) return;
          this.panel.showSolving(info, ctx);
          this.onSolve({ state: 'running', reply: info });
        });
    } catch (e) {
      this.endSolve('stopped');
      return this.engineFailed(e);
    }
    if (!reply || token !== this.token) return;
    this.panel.stopThinking();
    this.panel.showSolving(reply, ctx);
    this.panel.setWho(`Solved with ${reply.threads === 1 ? '1 thread' : `${reply.threads} threads`}`);
    this.onSolve({ state: 'done', reply });
    this.endSolve('done');
    if (this.analysisOn) this.evalBar.set(g.kind, { kind: 'exact', score: reply.score, source: 'solver' }, g.plies,
      g.sideToMove, this.names);
  }

  // Stops a running solve; the position's analysis (when it is on) starts again.
  stopSolve() {
    if (!this.solving) return;
    this.cancelSolve();
    if (this.analysisOn && this.state === 'human-turn') this.startAnalysis(this.token);
  }

  // Stops a running solve, nothing else.
  cancelSolve() {
    this.engine.cancel();
    this.token++;
    if (this.panel.thinking) this.panel.stopThinking();
    this.panel.clearThinking('Engine');
    this.endSolve('stopped');
  }

  endSolve(state) {
    this.solving = false;
    document.body.dataset.solve = state;
    if (state === 'stopped') this.onSolve({ state });
    this.onChange();
  }

  // Analyses the position (every move: book, solver, estimates; the engine's
  // analyze request) until every move is exact or the budget is spent; each
  // streamed result is shown at once.
  async startAnalysis(token) {
    const g = this.game;
    const ctx = this.searchContext();
    document.body.dataset.analysis = 'running';
    this.evalBar.show(true);
    this.panel.setLegend(`Analysing every ${g.def.noun}…`);
    this.panel.startThinking('Analysis', this.analysisMs, ctx);
    let reply;
    try {
      reply = await this.engine.request({ type: 'analyze', game: g.kind, moves: g.moveString(), timeMs: this.analysisMs,
        threads: this.threads },
        (info) => { if (token === this.token && this.analysisOn) this.showAnalysis(info, false); });
    } catch (e) {
      return this.engineFailed(e);
    }
    if (!reply || token !== this.token || !this.analysisOn) return;
    this.panel.stopThinking();
    this.showAnalysis(reply, true);
  }

  // One analysis result of the current position: the board's labels, the
  // accessible list, the engine panel, the evaluation bar (and the hint, if
  // it follows the analysis).
  showAnalysis(a, done) {
    const g = this.game;
    const side = g.sideToMove;
    this.analysis = a;
    const labels = {};
    let legal = 0, provenCount = 0;
    for (const s of a.scores) {
      if (!s.legal) continue;
      legal++;
      if (s.kind === 'exact' || s.kind === 'wdl') provenCount++;
      labels[s.move] = moveLabel(g.kind, s, g.plies);
    }
    this.board.setLabels(labels);
    this.panel.showAnalysisList(a.scores, g, this.names);
    this.panel.showAnalysis(a, this.searchContext());
    this.evalBar.set(g.kind, a.position, g.plies, side, this.names);
    if (this.hintFollows) this.showHint(a);
    document.body.dataset.analysis = done ? 'done' : 'running';
    const name = this.names[side];
    const other = this.names[side === 1 ? 2 : 1];
    this.panel.setLegend(`For ${name}, to move: W6 = ${name} wins in 6 of its moves · D = draw · L9 = ${name} loses, `
      + `${other} wins in 9 · W or L alone: proven, speed not known yet · grey ≈ = estimate, not proven `
      + `(+ is good for ${name}). ${provenCount} of ${legal} ${g.def.noun}s proven${done ? '' : ' so far'}.`);
  }

  // --- game review ------------------------------------------------------------
  // Reviews the whole line (moves played and ahead) in a worker of its own;
  // the marks appear in the move list as they are proven.
  async startReview() {
    if (!this.canReview) return;
    const line = this.line.join('');
    if (this.review && this.review.line === this.reviewKey && !this.review.failed) return;
    this.stopReview();
    const client = this.makeReviewEngine();
    this.reviewEngine = client;
    const review = { line: this.reviewKey, reply: null, done: false, failed: false };
    this.review = review;
    document.body.dataset.review = 'running';
    this.showMoves();
    let reply;
    try {
      reply = await client.request({ type: 'review', game: this.game.kind, moves: line, timeMs: REVIEW_MS }, (info) => {
        if (this.review !== review) return;
        review.reply = info;
        this.showMoves();
      });
    } catch (e) {
      if (this.review !== review) return;
      review.failed = true;
      this.panel.showNotice(`The game review failed: ${e && e.message ? e.message : e}.`);
    }
    if (this.review !== review) return;
    if (reply) review.reply = reply;
    review.done = true;
    document.body.dataset.review = review.failed ? 'failed' : 'done';
    client.terminate();
    this.reviewEngine = null;
    this.showMoves();
    this.onChange();
  }

  stopReview() {
    if (this.reviewEngine) this.reviewEngine.terminate();
    this.reviewEngine = null;
    this.review = null;
    delete document.body.dataset.review;
  }

  // The move list (with the review's marks) and, for the move that led to
  // the position, what the review says of it, with its better move on the board.
  showMoves() {
    const g = this.game;
    const reply = this.review && this.review.reply;
    this.panel.showMoves(g, this.names, this.future, this.review, (ply) => this.jumpTo(ply));
    this.board.setHint(this.hint > 0 ? this.hint : 0);
    if (!reply || !g.plies) {
      this.panel.setReviewNote('');
      return;
    }
    const rm = reply.moves[g.plies - 1];
    if (!rm) return;
    // While the review runs, a move not proven yet has nothing to say (the
    // live note would announce "not proven" and then its verdict).
    if (rm.mark === 'unproven' && !this.review.done) {
      this.panel.setReviewNote('');
      return;
    }
    const mover = ((g.plies - 1) % 2) + 1;
    const before = reply.positions[g.plies - 1];
    let text = `${moveName(g.plies - 1)} ${this.names[mover]} ${g.def.noun} ${rm.move}: ${markWords(rm.mark, before)}.`;
    if (rm.better) {
      text += ` Better: ${g.def.noun} ${rm.better} (dashed on the board).`;
      if (!this.hint) this.board.setHint(rm.better);
    }
    if (before && (before.kind === 'exact' || before.kind === 'wdl')) {
      text += ` Before it: ${scoreInWords(g.kind, before.score, before.kind === 'exact', g.plies - 1, mover, this.names,
        before.kind === 'wdl' || before.kind === 'exact' ? Math.sign(before.score) : null, before.source)}.`;
    }
    this.panel.setReviewNote(text, rm.mark);
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
