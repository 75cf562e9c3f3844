// Game flow: whose turn it is, asking the engine for the computer's moves,
// hints and analysis, undo/redo, and keeping the URL hash, the status line and
// document.body.dataset.state (human-turn | thinking | game-over) up to date.
//
// Every position change cancels whatever the engine is doing (see
// engine-client.js) and bumps `token`; an answer that arrives for an older
// token is dropped, so a stale move never lands on the board.

import { sideNames } from './games.js';
import { Game } from './rules.js';
import { parseHash, writeHash } from './url-state.js';
import { scoreInWords, shortScore } from './score-words.js';

const DEMO_PAUSE_MS = 350;
// Depth-limited levels answer in a few ms; the computer still takes this long,
// so its move does not land before the player has seen their own.
const MIN_THINK_MS = 350;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

export class Controller {
  constructor({ board, panel, engine, onChange }) {
    this.board = board;
    this.panel = panel;
    this.engine = engine;
    this.onChange = onChange || (() => {});
    this.settings = { game: 'connect4', time: 1000, ai: '2', level: 'custom' };
    this.levels = [];        // [{name, timeMs, maxDepth, temperature}] from the engine
    this.active = true;      // false while another view (tree, study) is shown
    this.game = null;        // the game being played: set by load() and newGame(), once the games are known
    this.redo = [];          // groups of moves taken back by Undo, newest last
    this.hint = 0;
    this.analysisOn = false;
    this.token = 0;
    this.state = '';
    this.landing = Promise.resolve();
  }

  get names() { return sideNames(this.game.kind); }
  isComputer(side) { return this.settings.ai === 'both' || this.settings.ai === String(side); }
  get canUndo() { return this.game.history.some((_, i) => !this.isComputer((i % 2) + 1)); }
  get canRedo() { return this.redo.length > 0; }
  get canHint() { return this.state === 'human-turn' && !this.hint; }
  // The selected level's settings, or null for Custom (the thinking time).
  get level() { return this.levels.find((l) => l.name === this.settings.level) || null; }

  setLevels(levels) { this.levels = Array.isArray(levels) ? levels : []; }

  // The search request fields of a computer move, and its budget for the
  // progress bar.
  moveRequest() {
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
  // and a clean game.
  load(hash) {
    this.active = true;
    const { settings, errors } = parseHash(hash, this.levels.map((l) => l.name));
    if (errors.length) {
      this.panel.showNotice(`This link could not be used: ${errors.join('; ')}. A new game was started instead.`, 'link');
    } else {
      this.panel.hideNotice('link');  // a good link takes back a bad one's notice, not the book's
    }
    this.settings = { game: settings.game, time: settings.time, ai: settings.ai, level: settings.level };
    this.game = Game.fromMoves(settings.game, settings.moves).game || new Game(settings.game);
    this.redo = [];
    this.board.setGame(this.game);
    this.panel.clearThinking('Engine');
    this.positionChanged(false);
  }

  // --- user actions ---------------------------------------------------------
  playHuman(move) {
    if (this.state !== 'human-turn' || !this.game.canPlay(move)) return false;
    this.game.play(move);
    this.redo = [];
    this.positionChanged(true);
    return true;
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
    this.positionChanged(false);
  }

  redoMoves() {
    const group = this.redo.pop();
    if (!group) return;
    for (const m of group) this.game.play(m);
    this.positionChanged(true);
  }

  newGame(kind) {
    this.engine.cancel();
    this.game = new Game(kind || this.game.kind);
    this.settings.game = this.game.kind;
    this.redo = [];
    this.board.setGame(this.game);
    this.panel.hideNotice();
    this.panel.clearThinking('New game');
    this.positionChanged(false);
  }

  setPlayers(ai) {
    this.settings.ai = ai;
    this.positionChanged(false);
  }

  // The free thinking time: the Custom level. A computer move being thought
  // about starts again with the new setting.
  setTime(ms) {
    this.settings.time = ms;
    this.settings.level = 'custom';
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
    if (this.panel.thinking) this.panel.stopThinking();
  }

  setAnalysis(on) {
    this.analysisOn = on;
    if (!on) {
      this.board.setLabels(null);
      this.panel.setLegend('');
    } else if (this.state === 'human-turn') {
      this.startAnalysis(this.token);
    }
  }

  async requestHint() {
    if (!this.canHint) return;
    const token = this.token;
    const g = this.game;
    const side = g.sideToMove;
    const ctx = this.searchContext();
    this.panel.startThinking(`Hint for ${this.names[side]}`, this.helpTime, ctx);
    this.panel.setHintText('Looking for the best move…');
    let reply;
    try {
      reply = await this.engine.request({ type: 'search', game: g.kind, moves: g.moveString(),
        timeMs: this.helpTime }, (info) => this.panel.showInfo(info, ctx));
    } catch (e) {
      return this.engineFailed(e);
    }
    if (!reply || token !== this.token) return;
    this.panel.stopThinking();
    this.panel.showInfo(reply, ctx);
    this.hint = reply.move;
    this.board.setHint(reply.move);
    const words = scoreInWords(g.kind, reply.score, reply.exact, g.plies, side, this.names, reply.outcome, reply.source);
    const text = `Hint: ${g.def.noun} ${reply.move} (${words})`;
    this.panel.setHintText(text);
    this.panel.setStatus(`${text}. Your turn, ${this.names[side]}.`);
    this.onChange();
  }

  // --- flow -----------------------------------------------------------------
  positionChanged(animate) {
    this.engine.cancel();
    this.token++;
    this.hint = 0;
    this.board.setHint(0);
    this.board.setLabels(null);
    this.panel.setHintText('');
    this.panel.setLegend('');
    if (this.panel.thinking) this.panel.stopThinking();
    this.panel.showMoves(this.game, this.names);
    this.board.describe(this.names);
    this.landing = animate ? this.board.animateLastMove() : Promise.resolve();
    if (!animate) this.board.finishAnimation();
    this.saveHash();
    this.step(this.token);
  }

  saveHash() {
    if (!this.active) return;
    writeHash({ game: this.game.kind, moves: this.game.moveString(), time: this.settings.time,
      ai: this.settings.ai, level: this.settings.level });
  }

  setState(state) {
    this.state = state;
    document.body.dataset.state = state;
    this.board.setInteractive(state === 'human-turn');
    this.onChange();
  }

  searchContext() {
    const g = this.game;
    return { kind: g.kind, plies: g.plies, side: g.sideToMove, names: this.names };
  }

  lastMoveText() {
    const g = this.game;
    if (!g.plies) return '';
    const side = g.plies % 2 === 1 ? 1 : 2;
    const vs = this.settings.ai === '1' || this.settings.ai === '2';
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
      const vs = this.settings.ai === '1' || this.settings.ai === '2';
      this.panel.setStatus(`${this.lastMoveText()}${vs ? `Your turn (${this.names[side]})`
        : `${this.names[side]} to move`}.`);
      if (this.analysisOn) this.startAnalysis(token);
      return;
    }
    this.setState('thinking');
    const who = `Computer (${this.names[side]})`;
    this.panel.setStatus(`${this.lastMoveText()}${this.settings.ai === 'both' ? who : 'Computer'} is thinking…`);
    if (this.settings.ai === 'both' && g.plies) {
      await Promise.all([this.landing, sleep(DEMO_PAUSE_MS)]);
      if (token !== this.token) return;
    }
    const ctx = this.searchContext();
    const { fields, budget, minMs } = this.moveRequest();
    this.panel.startThinking(`${who} is thinking`, budget, ctx);
    let reply;
    try {
      [reply] = await Promise.all([
        this.engine.request({ type: 'search', game: g.kind, moves: g.moveString(), ...fields,
          seed: randomSeed() }, (info) => {
          if (token === this.token) this.panel.showInfo(info, ctx);
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
    if (!g.play(reply.move)) return this.engineFailed(new Error(`the engine chose an illegal move ${reply.move}`));
    this.redo = [];
    this.positionChanged(true);
  }

  finish() {
    const g = this.game;
    this.setState('game-over');
    const vs = this.settings.ai === '1' || this.settings.ai === '2';
    let text;
    if (g.winner === 0) text = 'Game over: draw.';
    else if (vs) text = this.isComputer(g.winner) ? 'Game over: computer wins.' : 'Game over: you win!';
    else text = `Game over: ${this.names[g.winner]} wins!`;
    this.panel.setStatus(`${this.lastMoveText()}${text}`);
  }

  async startAnalysis(token) {
    const g = this.game;
    const side = g.sideToMove;
    this.panel.setLegend(`Analysing every ${g.def.noun}…`);
    let reply;
    try {
      reply = await this.engine.request({ type: 'analyze', game: g.kind, moves: g.moveString(),
        timeMs: Math.max(300, this.helpTime) });
    } catch (e) {
      return this.engineFailed(e);
    }
    if (!reply || token !== this.token || !this.analysisOn) return;
    const labels = {};
    let proven = 0;
    for (const s of reply.scores) {
      if (!s.legal) continue;
      labels[s.move] = shortScore(g.kind, s.score, s.exact, g.plies);
      if (s.exact) proven++;
    }
    this.board.setLabels(labels);
    const name = this.names[side];
    this.panel.setLegend(`Board scores are from the point of view of ${name}, the side to move: `
      + `W3 = ${name} wins in 3 of its own moves, L3 = ${name} loses (the opponent wins in 3), `
      + `= draw (all proven); +0.5 / −0.5 are estimates, positive is good for ${name}. `
      + `${proven} of ${Object.keys(labels).length} moves proven.`);
  }

  engineFailed(e) {
    this.panel.showNotice(`The engine failed: ${e && e.message ? e.message : e}. Start a new game to retry.`);
    this.panel.stopThinking();
    this.setState(this.game.over ? 'game-over' : 'human-turn');
  }
}
