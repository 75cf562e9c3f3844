// Play's controls (index.html): the pickers, the thinking time, the
// buttons, the player cards, the level's description and results, the
// opening book's line, all kept in step with the controller (syncControls,
// called on its every change); the controls and the game's keys acting on
// the controller (wirePlayControls, bindPlayKeys).

import { group, h, newGameKey, setUsable } from '../lib/dom.js';
import { GAMES, isGameKind, sizeLabel } from '../lib/games.js';
import { isGamePage } from '../lib/views.js';
import { leavePractise } from './practise-flow.js';
import { describeLevel, describeMctsLevel, levelLabel, resultLines } from './levels.js';

// The page's elements by id, typed.
export const $ = (id) => document.getElementById(id);
/** @type {(id: string) => HTMLSelectElement} */
export const $select = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @type {(id: string) => HTMLInputElement} */
const $input = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @type {(id: string) => HTMLButtonElement} */
export const $button = (id) => /** @type {HTMLButtonElement} */ ($(id));

// The board picker's first boards, the ones people play most (that fit the
// engine: 9 x 7 does not); the game's own board comes first.
const POPULAR_SIZES = ['8x7', '6x7', '5x4'];

// Fills the board picker of a game played on several boards (its own board,
// the popular ones, then every other in an "Other sizes" group); false for a
// game of one board.
function fillSizes(select, kind) {
  const g = GAMES[kind];
  const sizes = g.sizes || [];
  if (!sizes.length) return false;
  if (select.dataset.game === kind) return true;
  select.dataset.game = kind;
  const own = `${g.width}x${g.height}`;
  const option = (value, size) => h('option', { value, text: sizeLabel(size) });
  const popular = POPULAR_SIZES.filter((s) => sizes.includes(s));
  select.replaceChildren(
    h('optgroup', { label: 'Popular' }, option('', own), ...popular.map((s) => option(s, s))),
    h('optgroup', { label: 'Other sizes' }, ...sizes.filter((s) => !popular.includes(s)).map((s) => option(s, s))));
  return true;
}

const TIME_STEPS = [50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 7500, 10000];

// A time in ms in words: "500 ms", "1.5 s", "7.5 s" (at most two decimals).
function formatTime(ms) {
  return ms < 1000 ? `${ms} ms` : `${group(Math.round(ms / 10) / 100)} s`;
}

function nearestStep(ms) {
  let best = 0;
  TIME_STEPS.forEach((t, i) => { if (Math.abs(t - ms) < Math.abs(TIME_STEPS[best] - ms)) best = i; });
  return best;
}

// The opening book's state, under the engine panel; a missing or damaged
// book is also announced once in the notice banner (the game goes on: the
// computer searches from the first move instead).
export function bookStatus(panel) {
  let bookWarned = false;
  return (book) => {
    const el = $('book-status');
    el.dataset.status = book.status;
    if (book.status === 'ok') {
      // completePlies: every position with fewer stones is in the book.
      const every = book.completePlies > 1 ? `every position of the first ${book.completePlies - 1} moves, and `
        : '';
      el.textContent = `Opening book: ${group(book.positions)} positions: ${every}`
        + `the Perfect level's own games to move ${book.plies}`;
    } else if (book.status === 'loading') {
      el.textContent = 'Opening book: loading…';
    } else if (book.status === 'off' && /^no book on /.test(book.message || '')) {
      // (the worker of another board: worker.js?size=WxH)
      el.textContent = `Opening book: ${book.message.replace(/(\d+)x(\d+)/g, '$1 × $2')}; the computer searches from the first move.`;
    } else if (book.status === 'off') {
      el.textContent = 'Opening book: off (?book=off in the address); the computer searches from the first move.';
    } else {
      el.textContent = `Opening book not available (${book.message}); the computer searches instead.`;
      if (!bookWarned) {
        bookWarned = true;
        panel.showNotice(`The opening book could not be used (${book.message}). `
          + 'The computer still plays, by searching from the first move.', 'book');
      }
    }
  };
}

// The level's description and measured results under the level picker.
export function renderLevel(ui, controller, results) {
  const mcts = controller.settings.algorithm === 'mcts';
  const level = controller.level;
  const mctsLevel = mcts ? controller.mctsLevel : null;
  const about = mctsLevel ? describeMctsLevel(level.name, mctsLevel, formatTime)
    : mcts ? 'Monte Carlo tree search: for the time below it plays thousands of quick random games from the position, '
      + 'grows a tree towards the moves whose games go best (UCT), and plays the move it tried most. '
      + 'No opening book and no exact solver: a different kind of opponent than alpha-beta.'
    : level ? describeLevel(level, formatTime) : 'It thinks for the time below on every move and always plays the best move it finds.';
  // (a live region: written only when it changes, not on every move)
  if (ui.levelAbout.textContent !== about) ui.levelAbout.textContent = about;
  // The results belong to the game they were measured in (and to alpha-beta's levels).
  const measured = !mcts && results && isGameKind(results.game) && results.game === controller.game.kind;
  const lines = level && measured ? resultLines(results, level.name) : [];
  if (!mcts && level && results && !measured && isGameKind(results.game)) {
    lines.push(`measured in ${GAMES[results.game].name} only, not yet in ${controller.game.def.name}`);
  }
  if (ui.levelResults.dataset.lines !== lines.join('\n')) {
    ui.levelResults.dataset.lines = lines.join('\n');
    ui.levelResults.replaceChildren(...lines.map((line) => h('li', { text: line })));
  }
  ui.levelResults.hidden = lines.length === 0;
}

// Reflects the controller's state in the controls.
export function syncControls(ui, c, results) {
  ui.game.value = c.game.kind;
  const sized = fillSizes(ui.size, c.game.kind);
  ui.size.closest('.field').hidden = !sized;
  if (sized) ui.size.value = c.game.size;
  ui.players.value = c.settings.ai;
  ui.level.value = c.settings.level;
  ui.time.value = String(nearestStep(c.settings.time));
  const mcts = c.settings.algorithm === 'mcts';
  const level = mcts ? c.mctsLevel && c.level : c.level;
  const budget = mcts ? c.mctsLevel : level;   // {timeMs, ...} of the level in use
  ui.timeOut.textContent = mcts && budget && !budget.timeMs ? `${budget.playouts} playouts, no clock`
    : level && !budget.timeMs ? `depth ${level.maxDepth}, no clock` : formatTime(level ? budget.timeMs : c.settings.time);
  // Screen readers speak the slider's value in its unit, not its step number.
  ui.time.setAttribute('aria-valuetext', ui.timeOut.textContent || '');
  ui.time.closest('.field').classList.toggle('by-level', Boolean(level));
  ui.time.title = level ? `Set by the ${levelLabel(level.name)} level; moving it switches to a custom time` : '';
  setUsable(ui.undo, c.canUndo);
  setUsable(ui.redo, c.canRedo);
  setUsable(ui.hint, c.canHint);
  ui.analysis.checked = c.analysisOn;
  ui.analysisTime.closest('.field').hidden = !c.analysisOn;
  ui.analysisLines.closest('.field').hidden = !c.analysisOn;
  // Two people playing: no computer, so no level or thinking time.
  const computer = c.settings.ai !== 'none';
  ui.algorithm.value = c.settings.algorithm;
  ui.algorithm.closest('.field').hidden = !computer;
  ui.level.closest('.field').hidden = !computer;
  ui.time.closest('.field').hidden = !computer;
  ui.levelAbout.closest('.level-info').hidden = !computer;
  setUsable(ui.review, c.canReview && !(c.review && c.review.line === c.reviewKey && !c.review.failed));
  ui.review.textContent = c.review && !c.review.done ? 'Reviewing…' : c.review && c.review.failed ? 'Review again'
    : c.review ? 'Reviewed' : 'Review';
  document.documentElement.dataset.game = c.game.kind;
  const c4 = c.game.kind === 'connect4';
  const slots = c.game.def.moveSlots;
  $('key-help').textContent = slots > 9 ? `1–9, a–${String.fromCharCode(96 + slots - 9)}` : `1–${slots}`;
  $('legend-1').textContent = c4 ? 'Red (ring) moves first' : 'X moves first, then O';
  $('legend-2').textContent = c4 ? 'Yellow (diamond)' : '';
  const cvc = c.settings.ai === 'both';
  ui.pause.hidden = !cvc;
  ui.stepMove.hidden = !cvc || !c.paused;
  setUsable(ui.stepMove, c.state === 'paused');
  ui.pause.textContent = c.paused ? 'Resume' : 'Pause';
  ui.pause.setAttribute('aria-pressed', String(c.paused));
  $('key-pause').hidden = !cvc;
  renderNumbers(c.game);
  renderPlayers(c);
  renderLevel(ui, c, results);
}

// Column numbers under a Connect Four board (one per column).
function renderNumbers(game) {
  const list = $('col-numbers');
  const n = game.def.gravity ? game.def.width : 0;
  if (list.children.length === n) return;
  list.textContent = '';
  list.style.setProperty('--cols', String(n));
  for (let i = 1; i <= n; i++) list.append(h('li', { text: String(i) }));
}

// The computer's level as a person reads it: "Strong", "MCTS Casual",
// "MCTS, 1 s a move"; '' for alpha-beta's Custom thinking time.
export function computerLabel(c) {
  if (c.settings.algorithm === 'mcts') {
    return c.mctsLevel ? `MCTS ${levelLabel(c.level.name)}` : `MCTS, ${formatTime(c.settings.time)} a move`;
  }
  return c.level ? levelLabel(c.level.name) : '';
}

// The player cards: who plays which side (and at which level), who is to
// move, who won.
function renderPlayers(c) {
  const g = c.game;
  const vs = c.versus;
  const level = computerLabel(c) || `${formatTime(c.settings.time)} a move`;
  const c4 = g.kind === 'connect4';
  for (const side of [1, 2]) {
    const card = $(`player-${side}`);
    const computer = c.isComputer(side);
    $(`player-${side}-name`).textContent = computer ? `Computer · ${level}` : vs ? 'You' : c.names[side];
    const look = c4 ? `${c.names[side]} (${side === 1 ? 'ring' : 'diamond'})` : c.names[side];
    $(`player-${side}-note`).textContent = side === 1 ? `${look}, moves first` : look;
    card.querySelector('.swatch').textContent = c4 ? '' : c.names[side];
    const over = c.state === 'game-over';
    const toMove = !over && g.sideToMove === side && ['human-turn', 'thinking', 'paused'].includes(c.state);
    card.toggleAttribute('data-active', toMove);
    card.toggleAttribute('data-winner', over && g.winner === side);
    $(`player-${side}-turn`).textContent = over ? (g.winner === side ? 'wins' : g.winner ? '' : 'draw')
      : !toMove ? '' : c.state === 'thinking' ? 'thinking…' : c.state === 'paused' && !c.browsing ? 'paused' : 'to move';
  }
}

// The game's keys: 1-9 play, U undo, R redo, N new game, H hint, ←/→ step
// through the game's line (Play view only).
export function bindPlayKeys(root, controller, result) {
  // (in a game going on, N asks to be pressed again; the button does not)
  const onNewGameKey = newGameKey(() => controller.game.plies > 0 && !controller.game.over,
    () => controller.newGame(), (text) => controller.sayForAMoment(text));
  document.addEventListener('keydown', (e) => {
    if (root.dataset.view !== 'play' || !controller.active) return;
    if (e.key === 'Escape' && result.shown) {   // closes the result to show the board
      result.close();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = /** @type {HTMLInputElement | null} */ (e.target);
    const tag = target && target.tagName;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || (tag === 'INPUT' && target.type !== 'checkbox')) return;
    const key = e.key.toLowerCase();
    if (controller.practise && !/^[1-9a-c]$/.test(key)) {
      // Practising (practise-flow.js): the moves are answers; Escape goes
      // back to the review; the game's own keys would change the game.
      if (e.key === 'Escape') leavePractise(controller);
      else if (/^[urhnps]$/.test(key)) controller.sayForAMoment('Practising: play a move on the board, or press Escape to go back to the review.');
      return;
    }
    if (/^[1-9]$/.test(key)) {
      if (controller.playHuman(Number(key))) e.preventDefault();
    } else if (/^[a-c]$/.test(key) && controller.game.def.moveSlots > 9) {
      // columns 10-12 of the widest boards
      if (controller.playHuman(key.charCodeAt(0) - 87)) e.preventDefault();
    } else if (key === 'u') {
      controller.undo();
    } else if (key === 'r') {
      controller.redoMoves();
    } else if (key === 'n') {
      onNewGameKey();
    } else if (key === 'h') {
      controller.requestHint();
    } else if (key === 'p') {
      controller.setPaused(!controller.paused);
    } else if (key === 's') {
      controller.stepMove();
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      if (tag === 'INPUT') return;   // a focused checkbox keeps its keys
      controller.jumpTo(controller.game.plies + (e.key === 'ArrowLeft' ? -1 : 1));
      e.preventDefault();
    } else if (e.key === 'Home' || e.key === 'End') {
      if (tag === 'INPUT') return;
      // The start and the end of the game (as on a chess site's move list).
      controller.jumpTo(e.key === 'Home' ? 0 : controller.line.length);
      e.preventDefault();
    }
  });
}

// Play's controls in index.html, by name.
export function playControls() {
  return {
    game: $select('game-select'), size: $select('size-select'), players: $select('players-select'), level: $select('level-select'), time: $input('time-range'),
    timeOut: $('time-value'), levelAbout: $('level-about'), levelResults: $('level-results'),
    analysis: $input('analysis-toggle'), engine: $input('engine-toggle'), analysisTime: $select('analysis-time'), newGame: $button('new-game'),
    analysisLines: $select('analysis-lines-select'),
    undo: $button('undo'), redo: $button('redo'), hint: $button('hint'), review: $button('review'),
    algorithm: $select('algorithm-select'), pause: $button('pause'), stepMove: $button('step-move'), pvShow: $button('pv-show'),
    numbers: $input('numbers-toggle'), sound: $input('sound-toggle'), large: $input('large-toggle'),
    volume: $input('sound-volume'), volumeOut: $('sound-volume-value'), theme: $select('theme-select'),
    settings: /** @type {HTMLDetailsElement} */ ($('settings')),
  };
}

// The game's controls act on the controller: the pickers, the thinking
// time, the analysis, and the buttons under the board.
// onSize(size): another board was picked ('WxH', '' the game's own).
export function wirePlayControls(ui, controller, onSize = (size) => controller.newGame(controller.game.kind, size)) {
  ui.time.max = String(TIME_STEPS.length - 1);
  ui.game.addEventListener('change', () => {
    // The games of the other kinds have pages of their own (app/router.js).
    if (isGamePage(ui.game.value)) {
      const g = ui.game.value;
      ui.game.value = controller.game.kind;
      location.hash = `#game=${g}`;
      return;
    }
    controller.newGame(ui.game.value);
  });
  ui.size.addEventListener('change', () => onSize(ui.size.value));
  ui.players.addEventListener('change', () => controller.setPlayers(ui.players.value));
  ui.level.addEventListener('change', () => controller.setLevel(ui.level.value));
  ui.algorithm.addEventListener('change', () => controller.setAlgorithm(ui.algorithm.value));
  ui.time.addEventListener('input', () => {
    const ms = TIME_STEPS[Number(ui.time.value)] || 1000;
    controller.setTime(ms);
  });
  ui.analysis.addEventListener('change', () => controller.setAnalysis(ui.analysis.checked));
  // Hiding the engine's thoughts keeps the game unspoilt for someone looking for the win alone.
  ui.engine.addEventListener('change', () => {
    document.body.toggleAttribute('data-engine-hidden', !ui.engine.checked);
  });
  ui.analysisTime.addEventListener('change', () => controller.setAnalysisTime(Number(ui.analysisTime.value)));
  ui.analysisLines.addEventListener('change', () => controller.setAnalysisLines(Number(ui.analysisLines.value)));
  ui.review.addEventListener('click', () => controller.startReview());
  ui.newGame.addEventListener('click', () => controller.newGame());
  ui.undo.addEventListener('click', () => controller.undo());
  ui.redo.addEventListener('click', () => controller.redoMoves());
  ui.hint.addEventListener('click', () => controller.requestHint());
  ui.pause.addEventListener('click', () => controller.setPaused(!controller.paused));
  ui.stepMove.addEventListener('click', () => controller.stepMove());
}
