// Entry point: wires the DOM controls, the keyboard and the URL hash to the
// controller, and switches between the app's views (Play, the search-tree
// explorer and the other views of app/router.js, Study). The engine runs in worker.js; this thread
// only draws and reacts.

import { EvalBar } from '../play/analysis-view.js';
import { BoardView } from '../play/board-view.js';
import { Controller } from '../play/controller.js';
import { EngineClient } from '../engine/engine-client.js';
import { loadLevelResults, describeLevel, describeMctsLevel, levelLabel, resultLines } from '../play/levels.js';
import { Panel } from '../play/panel.js';
import { registerOffline } from './offline.js';
import { h, newGameKey, setUsable } from '../lib/dom.js';
import { Sound } from '../play/sound.js';
import { SavedPart, storageAvailable } from '../lib/storage.js';
import { isThreadsSetting, mountSolve } from '../play/solve-view.js';
import { GAMES, gamesLoaded, isGameKind } from '../lib/games.js';
import { Game } from '../lib/rules.js';
import { formatHash, loadLinkParser, viewOf } from '../lib/url-state.js';
import { gameAlone, isGamePage, isTreeHash, viewKind } from '../lib/views.js';
import { forgetSavedPages, installTreeRoute } from './router.js';

const TIME_STEPS = [50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 7500, 10000];
const $ = (id) => document.getElementById(id);
/** @type {(id: string) => HTMLSelectElement} */
const $select = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @type {(id: string) => HTMLInputElement} */
const $input = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @type {(id: string) => HTMLButtonElement} */
const $button = (id) => /** @type {HTMLButtonElement} */ ($(id));

function formatTime(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toLocaleString('en', { maximumFractionDigits: 2 })} s`;
}

function nearestStep(ms) {
  let best = 0;
  TIME_STEPS.forEach((t, i) => { if (Math.abs(t - ms) < Math.abs(TIME_STEPS[best] - ms)) best = i; });
  return best;
}

// What the page keeps between visits (storage.js): the settings (those of
// the game and those of the page's look), and the game with the moves ahead
// of its position (after an undo or a step back). A link with a position
// takes precedence over the saved game.
const PLAYERS = ['1', '2', 'none', 'both'];
const ANALYSIS_MS = [3000, 10000, 30000, 60000];
const isBool = (v) => v === true || v === false;
const isMoves = (v) => typeof v === 'string' && /^[0-9]{0,42}$/.test(v);
const savedSettings = new SavedPart('settings', 1, (d) => {
  if (!d || typeof d !== 'object' || !PLAYERS.includes(d.ai) || typeof d.level !== 'string' || !/^[a-z]{1,20}$/.test(d.level)
    || !Number.isInteger(d.time) || d.time < 50 || d.time > 10000 || !ANALYSIS_MS.includes(d.analysisMs)) return null;
  const flags = ['analysis', 'engine', 'numbers', 'sound', 'large', 'open'];
  if (!flags.every((k) => isBool(d[k]))) return null;
  if (d.algorithm !== undefined && d.algorithm !== 'alphabeta' && d.algorithm !== 'mcts') return null;
  if (d.threads !== undefined && !isThreadsSetting(d.threads)) return null;
  return { ai: d.ai, level: d.level, time: d.time, analysisMs: d.analysisMs, algorithm: d.algorithm || 'alphabeta',
    threads: d.threads || 'auto',
    ...Object.fromEntries(flags.map((k) => [k, d[k]])) };
});
// A game with its moves ahead; `offer` (optional): the notice's offer to
// restore another game (Panel.offer), shown again after a reload.
const isSavedLine = (d) => d && typeof d === 'object' && typeof d.game === 'string' && isMoves(d.moves) && isMoves(d.ahead);
const savedGame = new SavedPart('game', 1, (d) => {
  if (!isSavedLine(d)) return null;
  const o = d.offer;
  const offer = isSavedLine(o) && typeof o.text === 'string' && o.text.length <= 400
    ? { text: o.text, game: o.game, moves: o.moves, ahead: o.ahead } : null;
  return { game: d.game, moves: d.moves, ahead: d.ahead, ...(offer ? { offer } : {}) };
});

// The view a hash asks for: the explorer's views (tree, and whatever else
// app/router.js mounts, the own pages of 'einstein' and 'connect3p' too), 'study', or 'play'.
function viewFor(hash) {
  if (isTreeHash(hash)) return viewKind(hash);
  return viewOf(hash) === 'study' ? 'study' : 'play';
}

// The opening book's state, under the engine panel; a missing or damaged
// book is also announced once in the notice banner (the game goes on: the
// computer searches from the first move instead).
function bookStatus(panel) {
  let bookWarned = false;
  return (book) => {
    const el = $('book-status');
    el.dataset.status = book.status;
    if (book.status === 'ok') {
      // completePlies: every position with fewer stones is in the book.
      const every = book.completePlies > 1 ? `every position of the first ${book.completePlies - 1} moves, and `
        : '';
      el.textContent = `Opening book: ${book.positions.toLocaleString('en')} positions: ${every}`
        + `the Perfect level's own games to move ${book.plies}`;
    } else if (book.status === 'loading') {
      el.textContent = 'Opening book: loading…';
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
function renderLevel(ui, controller, results) {
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
function syncControls(ui, c, results) {
  ui.game.value = c.game.kind;
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
  $('key-help').textContent = `1–${c.game.def.moveSlots}`;
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
function computerLabel(c) {
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
function bindPlayKeys(root, controller, result) {
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
    if (/^[1-9]$/.test(key)) {
      if (controller.playHuman(Number(key))) e.preventDefault();
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

// A Play hash `hash` switched to `game`: the same hash for its own game,
// else its settings with that game's empty board.
function withGame(hash, game) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (p.get('game') === game) return hash;
  p.set('game', game);
  p.set('moves', '');
  return `#${p}`;
}

// The app's views: Play, the router's views (they mount themselves on
// their hashes; app/router.js hides main.layout meanwhile) and Study. Returns
// showView(view), route(oldHash) (shows the hash's view; loads the game from
// it in Play), started() (the game has been loaded once) and setReady() (the
// games and the link parser are loaded: a hash change may load a game).
function installViews(root, controller) {
  // The tree explorer (and the router's other views) mount themselves on
  // their hashes (app/router.js hides main.layout meanwhile); Study is ours.
  installTreeRoute({ hide: [document.querySelector('main.layout')] });
  const studySection = $('study-view');
  let study = null;
  let started = false;      // the game has been loaded once
  let playHash = '';        // the game's hash when another view was opened
  let saved = null;         // {hash, game, moves, ahead, offer}: the saved game, for the first Play view
  const navLinks = [...document.querySelectorAll('nav.views a')].map((a) => /** @type {HTMLAnchorElement} */ (a));

  const showView = (view) => {
    root.dataset.view = view;
    for (const a of navLinks) {
      // A game's own page (the dice game's, the three-player game's) is a Play page.
      if (a.dataset.view === view || (isGamePage(view) && a.dataset.view === 'play')) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    /** @type {HTMLAnchorElement} */ ($('nav-play')).href = playHash || '#';
    // From the dice or three-player game, the explorer opens that game's trees
    // (else the Tic-Tac-Toe lesson); a view of the router keeps the link it had.
    const treeLink = /** @type {HTMLAnchorElement} */ ($('nav-tree'));
    if (isGamePage(view)) treeLink.setAttribute('href', `#view=tree&game=${view}`);
    else if (view === 'play' || view === 'study') treeLink.setAttribute('href', '#view=tree&game=tictactoe');
    studySection.hidden = view !== 'study';
    if (view === 'study') {
      if (!study) {
        study = import('../study/study.js').then((m) => m.createStudyView(studySection));
      }
      study.then((s) => { if (root.dataset.view === 'study') s.show(); });
    } else if (study) {
      study.then((s) => s.hide());
    }
  };

  const route = (oldHash) => {
    const view = viewFor(location.hash);
    const before = root.dataset.view;
    if (before === 'play' && view !== 'play') {
      playHash = oldHash || '';
      controller.suspend();
    }
    showView(view);
    if (view !== 'play') return;
    // "Back to the game" (an empty hash) keeps the game; so does another
    // page's game picker (a hash with the game alone), which keeps the
    // settings too and, for the same game, its moves. (Not on the page's
    // first load, 'loading': a link to a game starts that game.)
    const empty = location.hash === '' || location.hash === '#';
    const picked = before !== 'play' && before !== 'loading' && !empty ? gameAlone(location.hash) : null;
    const back = playHash || (!started && saved ? saved.hash : '');
    if (before !== 'play' && back && (empty || picked)) {
      history.replaceState(null, '', picked ? withGame(back, picked) : back);
    }
    let ahead = [];
    let offer = null;
    if (!started && saved) {
      if (location.hash === '' || location.hash === '#') history.replaceState(null, '', saved.hash);
      // A reload keeps the saved game's moves ahead, and the offer to restore
      // the game before it, when the address shows its position.
      const link = new URLSearchParams(location.hash.replace(/^#/, ''));
      if (link.get('game') === saved.game && link.get('moves') === saved.moves) ({ ahead, offer } = saved);
    }
    saved = null;
    started = true;
    controller.load(location.hash, ahead);
    if (offer) controller.offerSaved(offer);
  };

  // Until the games and the link parser are there (setReady), a new hash
  // only changes the view shown: the first route, once they are, loads the
  // game from the hash as it is then.
  let ready = false;
  window.addEventListener('hashchange', (e) => {
    const old = e.oldURL && e.oldURL.includes('#') ? e.oldURL.slice(e.oldURL.indexOf('#')) : '';
    if (!ready) {
      const view = viewFor(location.hash);
      if (view !== 'play' && viewFor(old) === 'play' && old !== '' && old !== '#') playHash = old;   // "Play" goes back to it
      showView(view);
      if (view === 'play') root.dataset.view = 'loading';   // no keys before the game is loaded
      return;
    }
    route(old);
  });
  return { showView, route, started: () => started, setSaved: (s) => { saved = s; }, setReady: () => { ready = true; } };
}

// Reads the saved settings and game: the settings go into the controls and
// the controller at once; the game comes back as {hash, game, moves, ahead}
// for the first Play view (null: nothing saved). A saved part
// that cannot be used is reported in the notice banner and dropped.
function restoreSaved(ui, controller, panel, solve) {
  const settings = savedSettings.load();
  const game = savedGame.load();
  const problems = [];
  if (settings.problem) problems.push(`your saved settings could not be used (${settings.problem})`);
  if (settings.data && settings.data.level !== 'custom' && !controller.levels.some((l) => l.name === settings.data.level)) {
    savedSettings.clear();
    settings.data = null;
    problems.push('your saved settings could not be used (they name a level this page does not have)');
  }
  let g = game.data;
  const isLine = (l) => isGameKind(l.game) && Boolean(Game.fromMoves(l.game, l.moves + l.ahead).game);
  if (g && g.offer && !isLine(g.offer)) delete g.offer;   // (only the offer is lost)
  if (g && !isLine(g)) {
    savedGame.clear();
    g = null;
    problems.push('your saved game could not be used (it was damaged: its moves are not a game)');
  } else if (game.problem) {
    problems.push(`your saved game could not be used (${game.problem})`);
  }
  if (problems.length) {
    const text = problems.join('; and ');
    panel.showNotice(`${text[0].toUpperCase()}${text.slice(1)}. The page starts afresh with its defaults.`, 'saved');
  }
  $('saved-status').textContent = storageAvailable() ? 'Your settings and game are kept in this browser.'
    : 'This browser does not let the page keep anything: settings and game are lost on a reload.';
  const s = settings.data;
  if (s) {
    ui.engine.checked = s.engine;
    document.body.toggleAttribute('data-engine-hidden', !s.engine);
    ui.numbers.checked = s.numbers;
    ui.sound.checked = s.sound;
    ui.large.checked = s.large;
    ui.settings.open = s.open;
    ui.analysisTime.value = String(s.analysisMs);
    controller.setAnalysisTime(s.analysisMs);
    solve.setting = s.threads;
  } else {
    // Settings folded at first on a phone, where they would push the game away.
    ui.settings.open = matchMedia('(min-width: 861px)').matches;
  }
  if (!s && !g) return null;
  const kind = g ? g.game : 'connect4';
  const moves = g ? g.moves : '';
  // Without saved settings the link's defaults apply.
  const hash = s ? formatHash({ game: kind, moves, time: s.time, ai: s.ai, level: s.level, analysis: s.analysis,
    algorithm: s.algorithm })
    : `#game=${kind}&moves=${moves}`;
  return { hash, game: kind, moves, ahead: g ? [...g.ahead].map(Number) : [], offer: g?.offer || null };
}

// The result of a finished game over the board: who won, how, and "Play
// again", "Review the game" and "Swap sides" (against the computer). Closing
// it (×, Escape) shows the board; it comes back for the next finished game.
function resultScreen(getController) {
  const box = $('result');
  let closedFor = '';   // the finished game whose result was closed
  const key = (c) => `${c.game.kind}:${c.game.moveString()}:${c.settings.ai}`;
  // The board's button that had the focus when the box took it (update()).
  let cameFrom = /** @type {HTMLElement | null} */ (null);
  // Hides the box; with the focus inside it (Escape, ×, or a key that
  // changed the position), the focus goes back to that board button.
  const hide = () => {
    const inside = box.contains(document.activeElement);
    box.hidden = true;
    // (a mouse player's box took no focus from the board: the focus goes to the board's Tab stop)
    const back = cameFrom && cameFrom.isConnected ? cameFrom
      : getController().board.tabStop;
    if (inside && back) back.focus();
    cameFrom = null;
  };
  const close = () => {
    closedFor = key(getController());
    hide();
  };
  $('result-close').addEventListener('click', close);
  // The buttons hide the box they are in: the focus goes on to New game.
  const newGameFocus = () => $('new-game').focus();
  $('result-again').addEventListener('click', () => {
    getController().newGame();
    newGameFocus();
  });
  $('result-swap').addEventListener('click', () => {
    const c = getController();
    c.settings.ai = c.settings.ai === '1' ? '2' : '1';
    c.newGame();
    newGameFocus();
  });
  $('result-review').addEventListener('click', () => {
    const c = getController();
    close();
    if (!c.review) c.startReview();
    const current = /** @type {HTMLElement | null} */ (document.querySelector('#move-list .mv.current'));
    document.querySelector('.movelog').scrollIntoView({ block: 'nearest' });
    if (current) current.focus();
  });
  const result = {
    get shown() { return !box.hidden; },
    close,
    update() {
      const c = getController();
      const g = c.game;
      const show = c.active && c.state === 'game-over' && closedFor !== key(c);
      if (!show) {
        hide();
        return;
      }
      // Once the winning piece has landed (the box would hide its fall).
      if (c.board.animating) {
        hide();
        c.landing.then(() => result.update());
        return;
      }
      const vs = c.versus;
      const title = !g.winner ? 'Draw' : vs ? (c.isComputer(g.winner) ? 'The computer wins' : 'You win!') : `${c.names[g.winner]} wins`;
      box.dataset.outcome = c.resultTone;
      $('result-title').textContent = title;
      const how = g.winner ? `${g.winCells.length} in a row` : 'The board is full';
      const against = vs && computerLabel(c) ? ` against ${computerLabel(c)}` : '';
      $('result-detail').textContent = `${how} after ${g.plies} moves${against}.`;
      $('result-swap').hidden = !vs;
      $('result-review').hidden = !g.def.hasSolver;
      // A keyboard player's last move ended the game (the focus is on the
      // board's buttons): the focus goes to Play again, not on through the
      // columns that can no longer be played.
      const appearing = box.hidden;
      box.hidden = false;
      const from = /** @type {HTMLElement | null} */ (document.activeElement && document.activeElement.closest('#board-keys button'));
      if (appearing && from) {
        cameFrom = from;
        $('result-again').focus();
      }
    },
  };
  return result;
}

// "Show the best line on the board": the engine's best line from the
// position shown, numbered, on the board while the button is pressed.
function bestLineOnBoard(button, board, getGame) {
  let line = null;   // {at, moves} from the panel
  const moves = () => {
    const g = getGame();
    const now = g ? g.moveString() : '';
    if (!line || !g || g.over || !now.startsWith(line.at)) return [];
    // The line starts at an earlier position when moves of it have been played since.
    const played = now.slice(line.at.length);
    if (!line.moves.join('').startsWith(played)) return [];
    return line.moves.slice(played.length);
  };
  // aria-disabled, not disabled: a focused button keeps its focus while there is no line.
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-pressed', String(button.getAttribute('aria-pressed') !== 'true'));
    update(line);
  });
  const update = (next) => {
    line = next;
    const shown = moves();
    button.setAttribute('aria-disabled', String(shown.length === 0));
    board.setLine(button.getAttribute('aria-pressed') === 'true' ? shown.slice(0, 8) : []);
  };
  return { update };
}

// Builds the page; returns its engine panel.
function start() {
  const root = document.documentElement;
  const panel = new Panel();
  // ?book=off (in the page's address, before the #): no opening book, the
  // computer searches from the first move.
  const bookOff = new URLSearchParams(location.search).get('book') === 'off';
  const workerUrl = bookOff ? 'worker.js?book=off' : 'worker.js';
  const engine = new EngineClient(workerUrl, {
    onError: (message) => panel.showNotice(`The engine could not run: ${message}`),
    onBook: (book) => showBook(book),
  });
  const showBook = bookStatus(panel);
  const ui = {
    game: $select('game-select'), players: $select('players-select'), level: $select('level-select'), time: $input('time-range'),
    timeOut: $('time-value'), levelAbout: $('level-about'), levelResults: $('level-results'),
    analysis: $input('analysis-toggle'), engine: $input('engine-toggle'), analysisTime: $select('analysis-time'), newGame: $button('new-game'),
    undo: $button('undo'), redo: $button('redo'), hint: $button('hint'), review: $button('review'),
    algorithm: $select('algorithm-select'), pause: $button('pause'), stepMove: $button('step-move'), pvShow: $button('pv-show'),
    numbers: $input('numbers-toggle'), sound: $input('sound-toggle'), large: $input('large-toggle'),
    settings: /** @type {HTMLDetailsElement} */ ($('settings')),
  };
  const sound = new Sound();
  let controller = null;
  let results = null;   // measured level results (levels.json), or null
  const board = new BoardView($('board'), { onMove: (m) => controller.playHuman(m), keys: $('board-keys') });

  const result = resultScreen(() => controller);
  let restored = false;   // the saved state has been read (saving before would overwrite it)
  // A link opened over a saved game: the saved game is kept until the linked
  // one is played or its settings changed (the hash then differs from this);
  // a change of the page's look saves the settings meanwhile.
  let keepSavedGame = false;
  let linkedHash = '';   // set once the linked game is loaded
  const save = (force = false) => {
    if (!restored || !controller.game) return;
    if (keepSavedGame && linkedHash && location.hash !== linkedHash) keepSavedGame = false;
    if (keepSavedGame && !force) return;
    savedSettings.save({ ai: controller.settings.ai, level: controller.settings.level, time: controller.settings.time,
      algorithm: controller.settings.algorithm, threads: solve.setting,
      analysis: controller.analysisOn, analysisMs: controller.analysisMs, engine: ui.engine.checked,
      numbers: ui.numbers.checked, sound: ui.sound.checked, large: ui.large.checked, open: ui.settings.open });
    if (!keepSavedGame) {
      const offer = panel.offer;
      savedGame.save({ game: controller.game.kind, moves: controller.game.moveString(), ahead: controller.future.join(''),
        ...(offer ? { offer } : {}) });
    }
  };
  const bestLine = bestLineOnBoard(ui.pvShow, board, () => controller.game);
  panel.onLine = bestLine.update;
  panel.boardStop = () => board.tabStop;
  panel.onNotice = () => { if (controller && controller.active) save(); };
  const sync = () => {
    syncControls(ui, controller, results);
    solve.sync();
    result.update();
    bestLine.update(panel.line);
    if (controller.active) save();
  };
  controller = new Controller({
    board, panel, engine, onChange: sync, evalBar: new EvalBar($('eval-bar')),
    onLanded: (g) => {
      sound.landed(((g.plies - 1) % 2) + 1);
      if (g.over) sound.ended(controller.resultTone);
    },
    // The review's own worker (no spare: it is started for one review and stopped after it).
    reviewEngine: () => new EngineClient(workerUrl, { spare: false }),
  });

  const solve = mountSolve({ controller, engine, button: $button('solve'), result: $('solve-result'),
    select: $select('threads-select'), buildText: $('engine-build'), onSetting: () => save(true) });

  ui.time.max = String(TIME_STEPS.length - 1);
  ui.game.addEventListener('change', () => {
    // The dice game and the three-player game have pages of their own (app/router.js).
    if (ui.game.value === 'einstein' || ui.game.value === 'connect3p') {
      const g = ui.game.value;
      ui.game.value = controller.game.kind;
      location.hash = `#game=${g}`;
      return;
    }
    controller.newGame(ui.game.value);
  });
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
  ui.review.addEventListener('click', () => controller.startReview());
  ui.newGame.addEventListener('click', () => controller.newGame());
  ui.undo.addEventListener('click', () => controller.undo());
  ui.redo.addEventListener('click', () => controller.redoMoves());
  ui.hint.addEventListener('click', () => controller.requestHint());
  ui.pause.addEventListener('click', () => controller.setPaused(!controller.paused));
  ui.stepMove.addEventListener('click', () => controller.stepMove());

  // The page's look: column numbers, sound, large text; and the settings card open or folded.
  const applyLook = () => {
    root.toggleAttribute('data-numbers', ui.numbers.checked);
    if (ui.large.checked) root.dataset.type = 'large';
    else delete root.dataset.type;
    sound.setOn(ui.sound.checked);
  };
  for (const box of [ui.numbers, ui.sound, ui.large]) box.addEventListener('change', () => { applyLook(); save(true); });
  ui.engine.addEventListener('change', () => save(true));
  ui.settings.addEventListener('toggle', () => save(true));
  $('forget').addEventListener('click', () => {
    savedSettings.clear();
    savedGame.clear();
    forgetSavedPages();   // (the dice and three-player games in progress too)
    // The defaults are the page's own (index.html's checked and selected).
    for (const box of [ui.numbers, ui.sound, ui.large, ui.engine]) box.checked = box.defaultChecked;
    document.body.toggleAttribute('data-engine-hidden', !ui.engine.checked);
    applyLook();
    const first = [...ui.analysisTime.options].find((o) => o.defaultSelected) || ui.analysisTime.options[0];
    ui.analysisTime.value = first.value;
    controller.setAnalysisTime(Number(first.value));
    solve.setting = 'auto';
    controller.load('');
    panel.hideNotice('saved');
    $('saved-status').textContent = 'Back to the defaults: a new game with the first settings.';
  });

  bindPlayKeys(root, controller, result);

  const { showView, route, started, setSaved, setReady } = installViews(root, controller);

  // Until the engine has told its levels, the board of the linked game is drawn.
  const firstView = viewFor(location.hash);
  showView(firstView);
  if (firstView === 'play') root.dataset.view = 'loading';   // no keys before the game is loaded
  const linked = new URLSearchParams(location.hash.replace(/^#/, '')).get('game');
  gamesLoaded().then(() => board.setGame(new Game(isGameKind(linked) ? linked : 'connect4')));

  loadLevelResults('levels.json').then((r) => { results = r; if (started()) renderLevel(ui, controller, results); });
  // The game is loaded from the hash once the engine has told its levels and
  // the link parser (engine/link.js) is ready; without the parser, links are
  // not read (the page says so) and a clean game starts.
  const linkParser = loadLinkParser().catch((e) => {
    panel.showNotice(`Links cannot be read: ${e && e.message ? e.message : e}`);
  });
  engine.request({ type: 'levels' }).then((r) => (r && Array.isArray(r.levels) ? r.levels : []), () => [])
    .then((levels) => linkParser.then(() => levels))
    .then((levels) => {
      controller.setLevels(levels);
      for (const l of levels) {
        const opt = document.createElement('option');
        opt.value = l.name;
        opt.textContent = levelLabel(l.name);
        ui.level.insertBefore(opt, ui.level.lastElementChild);
      }
      const savedGameAt = restoreSaved(ui, controller, panel, solve);
      setSaved(savedGameAt);
      applyLook();
      restored = true;
      setReady();
      if (viewFor(location.hash) === 'play') {
        keepSavedGame = Boolean(savedGameAt) && location.hash.replace(/^#/, '') !== '';
        route('');
        linkedHash = location.hash;
      } else {
        controller.active = false;
      }
      return engine.ready();
    })
    .then((ms) => {
      document.body.dataset.engine = 'ready';
      document.body.dataset.engineLoadMs = String(Math.round(ms));
    });
  return panel;
}

// Whether reloading the page now would drop work or a result on screen: a
// solve's sentence shown (running or done), the engine panel's search,
// hint, analysis or solve running (`panel.thinking`), the computer
// thinking, computers playing each other paused (a reload would go on),
// a review running, or another view than Play open (the tree explorer,
// Study's experiment). The service worker's one reload for
// cross-origin isolation waits until none of these holds (offline.js).
function reloadWouldDrop(panel) {
  const d = document.body.dataset;
  return document.documentElement.dataset.view !== 'play' || Boolean(panel.thinking) || d.solve === 'running'
    || $('solve-result').textContent !== '' || d.state === 'thinking' || d.state === 'paused' || d.review === 'running';
}

const enginePanel = start();
registerOffline(() => reloadWouldDrop(enginePanel));
