// EinStein würfelt nicht! in the browser: play the dice game against the
// engine's expectiminimax (Star2) or MCTS, watch two computers play it (the
// demo), or play it with a friend.
//
//   #game=einstein[&seed=S][&position=NOTATION][&ai=2|1|both|none]
//                 [&level=beginner|casual|strong|perfect][&algo=star2|mcts]
//   #view=demo&game=einstein...  the same, computer against computer
//
// The page owns the dice (einstein-dice.js): seed S gives the set-ups and
// the die of every ply, so a link replays the game and continues it with
// the same dice; `position` (docs/einstein.md's notation) is the game so
// far. The engine (worker.js: `state` and `search`, docs/protocol.md)
// reads every position and answers with its cubes, its legal moves and the
// computer's move: the page spells none of the rules.
//
// Here: the game's flow (EinsteinGame: rolls, moves, the computer's turns,
// undo and redo, the hint, new games) and the page's events. Its link and
// elements are einstein-page.js's, its board and die einstein-board.js's,
// its sentences einstein-words.js's.
//
// Hooks for tests: document.body.dataset.einstein = 'loading' | 'roll' |
// 'move' | 'busy' (a roll or a move on its way) | 'thinking' | 'paused' |
// 'over' | 'error'; #es-position (the position's
// text), #es-roll (the die button), #es-moves button[data-move] (the moves,
// e.g. "6d", with data-from and data-to: cells row * 5 + col), #es-status,
// #es-computer (the computer's estimate in words). The board's cells: a 7 %
// margin (the coordinates) at the top and left, then 5 x 5 equal cells.

import { h, newGameKey, sayForAMoment, setUsable } from '../lib/dom.js';
import { cellAt, describeBoard, drawBoard, showFace } from './einstein-board.js';
import { newSeed, rollFor, setupFor } from './einstein-dice.js';
import { IDLE, SIDES, buildEinsteinPage, readEinsteinHash, setupsFrom } from './einstein-page.js';
import { computerWords, levelWords, statusWords } from './einstein-words.js';
import { gamesWorker, readState, wirePage } from './game-page.js';

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const sleep = (ms) => new Promise((r) => { setTimeout(r, ms); });

// The text of a game: "RED/BLUE" and its turns.
const joinTurns = (setups, turns) => (turns.length ? `${setups}:${turns.join(',')}` : setups);
function splitTurns(text) {
  const i = text.indexOf(':');
  return i < 0 ? { setups: text, turns: [] } : { setups: text.slice(0, i), turns: text.slice(i + 1).split(',') };
}

// The game on the page: its position `text` (docs/einstein.md's notation) and
// the engine's reading of it, the dice's seed, the moves taken back, and the
// flow from one position to the next. Every change bumps `generation`; an
// answer that arrives for an older one is dropped.
class EinsteinGame {
  constructor(ui, settings, client, onChange) {
    this.ui = ui;
    this.settings = settings;
    this.client = client;
    this.onChange = onChange;
    this.fromSaved = false;   // the position is the page's saved game, not a link (mountGamePage)
    this.savedProblem = '';   // why the saved game could not be shown (mountGamePage)
    this.seed = settings.seed || newSeed();
    this.text = settings.position || `${setupFor(this.seed, 0)}/${setupFor(this.seed, 1)}`;
    this.state = null;       // the engine's reading of `text` (a `state` reply, protocol/einstein_fields.hpp)
    this.selected = 0;       // the cube the player picked (0: none)
    this.hint = null;        // the hint's move {from, to, text}
    this.redo = [];          // turns taken back, most recent last
    this.generation = 0;     // bumped by every change: a stale answer is dropped
    this.paused = false;
    this.pendingKey = '';    // a move's number typed while the player's die rolled
  }

  // ---- who plays -------------------------------------------------------------
  get ai() { return sel(this.ui.aiField).value; }
  isComputer(side) { return this.ai === 'both' || this.ai === String(side + 1); }
  get level() { return sel(this.ui.levelField).value; }
  get algorithm() { return sel(this.ui.algoField).value; }
  sideName(side) {
    return this.ai === 'none' || this.ai === 'both' ? SIDES[side] : this.isComputer(side) ? `Computer (${SIDES[side]})` : `You (${SIDES[side]})`;
  }
  get players() { return { ai: this.ai, isComputer: (side) => this.isComputer(side) }; }
  // The moves the player to move may choose now (none while a computer moves).
  playerMoves() {
    const s = this.state;
    return s && s.roll && !s.over && !this.isComputer(s.side) ? s.moves : [];
  }

  describeLevel() { this.ui.levelInfo.textContent = levelWords(this.level, this.algorithm); }

  writeLink() {
    const p = new URLSearchParams(this.settings.demo ? { view: 'demo', game: 'einstein' } : { game: 'einstein' });
    p.set('seed', String(this.seed));
    p.set('position', this.text);
    if (!this.settings.demo && this.ai !== '2') p.set('ai', this.ai);
    if (this.level !== 'casual') p.set('level', this.level);
    if (this.algorithm !== 'star2') p.set('algo', this.algorithm);
    // (the position's / : and , need no escaping in a link's hash: it stays readable)
    const hash = `#${p.toString().replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%2C/g, ',')}`;
    if (this.onChange) this.onChange(hash);
  }

  draw() {
    drawBoard(this.ui.canvas, this.ui.layout, { state: this.state, selected: this.selected, hint: this.hint, moves: this.playerMoves() });
  }

  // ---- the position --------------------------------------------------------------
  async load(newText, gen = ++this.generation) {
    const s = await readState(this.client, 'einstein', newText);
    if (gen !== this.generation) return null;
    if (!s.ok) return s;
    this.text = s.position;
    this.state = s;
    this.selected = 0;
    const cubes = new Set(this.playerMoves().map((m) => m.cube));
    if (cubes.size === 1) this.selected = [...cubes][0];
    this.render();
    this.writeLink();
    return s;
  }

  setBusy(kind) {
    document.body.dataset.einstein = kind;
  }

  render() {
    const { ui, state } = this;
    ui.positionOut.textContent = this.text;
    showFace(ui.rollBtn, ui.pips, state.roll);
    ui.rollBtn.disabled = !(state && !state.over && !state.roll && !this.isComputer(state.side));
    ui.dieNote.textContent = state.over ? '' : state.roll ? `${SIDES[state.side]} rolled ${state.roll}`
      : this.isComputer(state.side) ? `${SIDES[state.side]} to roll` : 'Tap the die to roll (Space)';
    for (let s = 0; s < 2; s++) {
      const row = ui.players[s];
      /** @type {HTMLElement} */ (row.querySelector('.pname')).textContent = this.sideName(s);
      row.toggleAttribute('data-active', !state.over && state.side === s);
      row.toggleAttribute('data-winner', state.over && state.winner === s);
      row.querySelector('.pturn').textContent = state.over ? (state.winner === s ? 'won' : '') : state.side === s ? 'to move' : '';
      row.querySelector('.pnote').textContent = `${state.cubesLeft[s]} cube${state.cubesLeft[s] === 1 ? '' : 's'} · races to ${s ? 'a1' : 'e5'}`;
    }
    ui.moveList.replaceChildren(...state.turns.map((t) => h('li', { class: `es-turn-${t.side}` },
      h('span', { class: 'es-turn-who', text: `${SIDES[t.side]} ${t.die}` }), ` ${t.words}`)));
    ui.moveList.hidden = state.turns.length === 0;
    ui.noMoves.hidden = state.turns.length > 0;
    ui.noMoves.textContent = state.roll ? `No moves yet: Red rolled ${state.roll}.` : 'No moves yet: Red rolls first.';
    ui.moveList.scrollTop = ui.moveList.scrollHeight;
    const moves = this.playerMoves();
    ui.movesBox.hidden = this.ai === 'both';   // (computers only: no moves to choose, no room kept for them)
    ui.movesBox.replaceChildren(...moves.map((m, i) => h('button', {
      type: 'button', 'data-move': m.text, 'data-from': m.from, 'data-to': m.to, class: m.cube === this.selected ? 'es-move selected' : 'es-move',
      title: `${i + 1}`, text: `${i + 1}. ${m.words}`,
    })));
    ui.undoBtn.disabled = !this.canUndo();
    ui.redoBtn.disabled = this.redo.length === 0;
    ui.hintBtn.disabled = moves.length === 0;
    ui.pauseBtn.hidden = this.ai !== 'both';
    setUsable(ui.pauseBtn, !state.over);   // (a finished game has nothing to pause; the button keeps the focus)
    ui.pauseBtn.setAttribute('aria-pressed', String(this.paused));
    ui.pauseBtn.textContent = this.paused ? 'Resume' : 'Pause';
    ui.canvas.setAttribute('aria-label', describeBoard(state));
    this.draw();
  }

  canUndo() {
    if (!this.state) return false;
    const { turns } = splitTurns(this.text);
    const played = turns.filter((t) => t.length === 3);
    if (this.ai === 'none') return played.length > 0;
    // vs the computer: back to the player's own earlier move.
    return played.some((_, i) => !this.isComputer(i % 2));
  }

  // ---- the flow --------------------------------------------------------------------
  // Plays on from the current position: rolls or moves for the computer,
  // waits for a person.
  async step() {
    const gen = this.generation;
    const state = this.state;
    this.ui.status.textContent = statusWords(state, this.players);
    if (state.over) { this.setBusy('over'); return; }
    if (!state.roll) {
      if (!this.isComputer(state.side)) { this.setBusy('roll'); return; }
      if (this.paused) { this.setBusy('paused'); return; }
      this.setBusy('thinking');
      await sleep(this.settings.demo || this.ai === 'both' ? 350 : 250);
      if (gen === this.generation) await this.roll();
      return;
    }
    if (!this.isComputer(state.side)) { this.setBusy('move'); return; }
    if (this.paused) { this.setBusy('paused'); return; }
    this.setBusy('thinking');
    const side = state.side;
    let r;
    try {
      r = await this.client.request({ type: 'search', game: 'einstein', position: this.text, level: this.level, algorithm: this.algorithm, seed: this.seed });
    } catch (e) {
      if (gen === this.generation) this.showError(`The engine failed: ${e.message}`);
      return;
    }
    if (gen !== this.generation) return;
    const words = computerWords({ ...r, side });
    this.ui.computer.textContent = words.estimate;
    this.ui.computerDetail.textContent = words.detail;
    this.hint = { from: r.from, to: r.to, text: r.move };
    this.draw();
    await sleep(reducedMotion() ? 150 : 550);
    if (gen !== this.generation) return;
    this.hint = null;
    await this.play(r.move, false);
  }

  async animateRoll(face, gen) {
    const { rollBtn, pips } = this.ui;
    if (!reducedMotion()) {
      rollBtn.classList.add('rolling');
      for (let i = 0; i < 7 && gen === this.generation; i++) {
        showFace(rollBtn, pips, 1 + ((face + i * 5) % 6));
        await sleep(55 + i * 12);
      }
      rollBtn.classList.remove('rolling');
    }
    showFace(rollBtn, pips, face);
  }

  async roll() {
    const state = this.state;
    if (!state || state.over || state.roll) return;
    const gen = ++this.generation;
    this.setBusy('busy');
    this.ui.rollBtn.disabled = true;
    const face = rollFor(this.seed, state.plies);
    const mine = !this.isComputer(state.side);
    this.pendingKey = '';
    await this.animateRoll(face, gen);
    if (gen !== this.generation) return;
    const next = `${this.text}${state.turns.length ? ',' : ':'}${face}`;
    const s = await this.load(next, gen);
    if (s && s.ok) await this.step();
    // A move's number typed while the die rolled (Space, then 1 at once) is
    // played now, rather than lost.
    const key = this.pendingKey;
    this.pendingKey = '';
    if (mine && key && gen === this.generation) {
      const m = this.playerMoves()[Number(key) - 1];
      if (m) this.play(m.text);
    }
  }

  async play(move, byPlayer = true) {
    if (!this.state || !this.state.roll) return;
    this.setBusy('busy');
    if (byPlayer) this.redo = [];
    this.hint = null;
    this.ui.hintText.textContent = '';
    const s = await this.load(this.text + move);
    if (s && s.ok) await this.step();
  }

  async undo() {
    if (!this.canUndo()) return;
    this.setBusy('busy');
    let { setups, turns } = splitTurns(this.text);
    if (turns.length && turns[turns.length - 1].length === 1) turns = turns.slice(0, -1);   // the pending roll
    const taken = [];
    do taken.push(turns.pop());
    while (this.ai !== 'none' && this.isComputer(turns.length % 2));
    this.redo.push(...taken);
    // The player rolled that die before: the position waits for their move again.
    const back = taken[taken.length - 1];
    await this.load(`${setups}:${[...turns, back[0]].join(',')}`.replace(/:$/, ''));
    await this.step();
  }

  async redoMove() {
    if (!this.redo.length) return;
    this.setBusy('busy');
    let { setups, turns } = splitTurns(this.text);
    if (turns.length && turns[turns.length - 1].length === 1) turns = turns.slice(0, -1);
    const t = this.redo.pop();
    const rest = [];
    // Replay the player's turn and the computer's answers up to the next turn of the player's.
    rest.push(t);
    while (this.redo.length && this.ai !== 'none' && this.isComputer((turns.length + rest.length) % 2)) rest.push(this.redo.pop());
    const next = [...turns, ...rest];
    const s = await this.load(joinTurns(setups, next));
    if (s && s.ok) await this.step();
  }

  async showHint() {
    const { hintBtn, hintText } = this.ui;
    const moves = this.playerMoves();
    if (!moves.length) return;
    const gen = this.generation;
    hintBtn.disabled = true;
    hintText.textContent = 'Thinking about your move…';
    try {
      const r = await this.client.request({ type: 'search', game: 'einstein', position: this.text, level: 'strong', algorithm: 'star2', seed: this.seed });
      if (gen !== this.generation) return;
      this.hint = { from: r.from, to: r.to, text: r.move };
      hintText.textContent = `Hint: ${r.words} — you win ${r.winPct} % of games from there by the engine's estimate.`;
      this.draw();
    } catch (e) {
      if (gen === this.generation) hintText.textContent = `No hint: ${e.message}`;
    } finally {
      if (gen === this.generation) hintBtn.disabled = this.playerMoves().length === 0;
    }
  }

  showError(message) {
    this.setBusy('error');
    this.ui.status.textContent = message;
  }

  async newGame(keepSeed = false) {
    this.generation++;
    this.client.cancel();
    this.setBusy('loading');   // (the old game's state is not the page's until the new one is there)
    if (!keepSeed) this.seed = newSeed();
    this.redo = [];
    this.hint = null;
    this.ui.hintText.textContent = '';
    this.ui.computer.textContent = IDLE;
    this.ui.computerDetail.textContent = '';
    const s = await this.load(setupsFrom(this.ui.setupInputs, this.seed));
    if (s && s.ok) await this.step();
  }

  async start() {
    this.setBusy('loading');
    this.describeLevel();
    const s = await this.load(this.text);
    this.ui.note.say(this.settings.errors);   // (once the page is there: the live region announces it)
    if (this.savedProblem) this.ui.note.el.textContent = this.savedProblem;
    if (s && !s.ok) {
      const linkError = `${this.fromSaved ? 'Your saved game' : 'This link'}'s position cannot be read: ${s.error}. A new game started instead.`;
      await this.newGame(true);
      this.ui.status.textContent = linkError;
      return;
    }
    if (s) await this.step();
  }

  // A click on the board: a target of the selected cube moves it there; a
  // cube that may move is selected; a cell only one movable cube reaches
  // moves that cube there.
  clickCell(c) {
    const moves = this.playerMoves();
    if (c < 0 || !moves.length) return;
    const target = moves.find((m) => m.cube === this.selected && m.to === c);
    if (target) { this.play(target.text); return; }
    const v = this.state.cells[c];
    const cube = Math.abs(v);
    if (v && (v > 0 ? 0 : 1) === this.state.side && moves.some((m) => m.cube === cube)) {
      this.selected = cube;
      this.render();
      return;
    }
    const reach = moves.filter((m) => m.to === c);
    if (reach.length === 1) this.play(reach[0].text);
  }
}

const sel = (field) => /** @type {HTMLSelectElement} */ (field.querySelector('select'));

// The view. options: {hash, workerUrl, onChange(hash), fromSaved (the hash is the saved game, not a link),
// savedProblem (why the saved game could not be shown: said in the note)}.
export function mountGamePage(container, options = {}) {
  const settings = readEinsteinHash(options.hash ?? location.hash);
  const ui = buildEinsteinPage(settings);
  container.replaceChildren(ui.layout);
  const client = gamesWorker(options.workerUrl);
  const game = new EinsteinGame(ui, settings, client, options.onChange);
  game.fromSaved = Boolean(options.fromSaved);   // (the router's saved game, not a link)
  game.savedProblem = options.savedProblem || '';
  const { rollBtn, movesBox, canvas, newBtn, undoBtn, redoBtn, hintBtn, pauseBtn, gameField, aiField, levelField, algoField } = ui;

  rollBtn.addEventListener('click', () => { game.roll(); });
  movesBox.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('button[data-move]');
    if (b) game.play(/** @type {HTMLElement} */ (b).dataset.move);
  });
  canvas.addEventListener('click', (ev) => game.clickCell(cellAt(canvas, ev)));
  // New game by the person (the button, N): the link's note goes too.
  const userNewGame = () => { ui.note.say([]); game.newGame(); };
  newBtn.addEventListener('click', userNewGame);
  // (a game is going on from the first roll)
  const onNewGameKey = newGameKey(() => Boolean(game.state && !game.state.over && (game.state.turns.length || game.state.roll)),
    userNewGame, sayForAMoment(ui.status));
  undoBtn.addEventListener('click', () => { game.undo(); });
  redoBtn.addEventListener('click', () => { game.redoMove(); });
  hintBtn.addEventListener('click', () => { game.showHint(); });
  pauseBtn.addEventListener('click', () => {
    if (pauseBtn.getAttribute('aria-disabled') === 'true') return;
    game.paused = !game.paused;
    game.render();
    if (!game.paused) game.step();
  });
  sel(gameField).addEventListener('change', () => {
    const g = sel(gameField).value;
    if (g !== 'einstein') location.hash = settings.demo ? `#view=demo&game=${g}` : `#game=${g}`;
  });
  for (const f of [aiField, levelField, algoField]) {
    sel(f).addEventListener('change', () => {
      game.describeLevel();
      game.generation++;
      client.cancel();
      game.hint = null;
      if (game.state) { game.render(); game.writeLink(); game.step(); }
    });
  }
  const onKey = (e) => {
    const t = /** @type {HTMLElement} */ (e.target);
    if (e.key === ' ' && t && t.tagName === 'BUTTON' && t !== rollBtn) return;   // Space presses a focused button
    const k = e.key.toLowerCase();
    if (e.key === ' ' && !rollBtn.disabled) { e.preventDefault(); game.roll(); } else if (/^[1-6]$/.test(e.key)) {
      const m = game.playerMoves()[Number(e.key) - 1];
      if (m) game.play(m.text);
      else if (rollBtn.classList.contains('rolling') || document.body.dataset.einstein === 'busy') game.pendingKey = e.key;   // (roll() plays it)
    } else if (k === 'u') game.undo();
    else if (k === 'r') game.redoMove();
    else if (k === 'h') game.showHint();
    else if (k === 'n') onNewGameKey();
    else if (k === 'p' && game.ai === 'both') pauseBtn.click();
  };
  const destroy = wirePage({ canvas, draw: () => game.draw(), onKey, client, hook: 'einstein', stop: () => { game.generation++; } });

  game.start();
  return { destroy };
}
