// Entry point: wires the DOM controls, the keyboard and the URL hash to the
// controller, and switches between the app's views (Play, the search-tree
// explorer of web/tree/, Study). The engine runs in worker.js; this thread
// only draws and reacts.

import { EvalBar } from './analysis-view.js';
import { BoardView } from './board-view.js';
import { Controller } from './controller.js';
import { EngineClient } from './engine-client.js';
import { loadLevelResults, describeLevel, levelLabel, resultLines } from './levels.js';
import { Panel } from './panel.js';
import { registerOffline } from './offline.js';
import { GAMES, gamesLoaded, isGameKind } from './games.js';
import { Game } from './rules.js';
import { loadLinkParser, viewOf } from './url-state.js';
import { installTreeRoute, isTreeHash } from '../tree/route.js';

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

// The view a hash asks for: the explorer's views (tree, and whatever else
// tree/route.js mounts), 'study', or 'play'.
function viewFor(hash) {
  if (isTreeHash(hash)) return new URLSearchParams(hash.replace(/^#/, '')).get('view');
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
  const level = controller.level;
  ui.levelAbout.textContent = level ? describeLevel(level, formatTime) : 'Thinks for the time below on every move, always plays its best move.';
  // The results belong to the game they were measured in.
  const measured = results && isGameKind(results.game) && results.game === controller.game.kind;
  const lines = level && measured ? resultLines(results, level.name) : [];
  if (level && results && !measured && isGameKind(results.game)) {
    lines.push(`measured in ${GAMES[results.game].name} only, not yet in ${controller.game.def.name}`);
  }
  ui.levelResults.textContent = '';
  for (const line of lines) {
    const li = document.createElement('li');
    li.textContent = line;
    ui.levelResults.append(li);
  }
  ui.levelResults.hidden = lines.length === 0;
}

// Reflects the controller's state in the controls.
function syncControls(ui, c, results) {
  ui.game.value = c.game.kind;
  ui.players.value = c.settings.ai;
  ui.level.value = c.settings.level;
  ui.time.value = String(nearestStep(c.settings.time));
  const level = c.level;
  ui.timeOut.textContent = level && !level.timeMs ? `depth ${level.maxDepth}, no clock` : formatTime(level ? level.timeMs : c.settings.time);
  // Screen readers speak the slider's value in its unit, not its step number.
  ui.time.setAttribute('aria-valuetext', ui.timeOut.textContent || '');
  ui.time.closest('.field').classList.toggle('by-level', Boolean(level));
  ui.time.title = level ? `Set by the ${levelLabel(level.name)} level; moving it switches to a custom time` : '';
  ui.undo.disabled = !c.canUndo;
  ui.redo.disabled = !c.canRedo;
  ui.hint.disabled = !c.canHint;
  ui.analysis.checked = c.analysisOn;
  ui.analysisTime.closest('.field').hidden = !c.analysisOn;
  // Two people playing: no computer, so no level or thinking time.
  const computer = c.settings.ai !== 'none';
  ui.level.closest('.field').hidden = !computer;
  ui.time.closest('.field').hidden = !computer;
  ui.levelAbout.closest('.level-info').hidden = !computer;
  ui.review.disabled = !c.canReview || Boolean(c.review && c.review.line === c.reviewKey && !c.review.failed);
  ui.review.textContent = c.review && !c.review.done ? 'Reviewing…' : c.review ? 'Reviewed' : 'Review';
  document.documentElement.dataset.game = c.game.kind;
  const c4 = c.game.kind === 'connect4';
  $('key-help').textContent = `1–${c.game.def.moveSlots}`;
  $('legend-1').textContent = c4 ? 'Red (ring) moves first' : 'X moves first, then O';
  $('legend-2').textContent = c4 ? 'Yellow (diamond)' : '';
  renderLevel(ui, c, results);
}

// The game's keys: 1-9 play, U undo, R redo, N new game, H hint, ←/→ step
// through the game's line (Play view only).
function bindPlayKeys(root, controller) {
  document.addEventListener('keydown', (e) => {
    if (root.dataset.view !== 'play' || !controller.active) return;
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
      controller.newGame();
    } else if (key === 'h') {
      controller.requestHint();
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      if (tag === 'INPUT') return;   // a focused checkbox keeps its keys
      controller.jumpTo(controller.game.plies + (e.key === 'ArrowLeft' ? -1 : 1));
      e.preventDefault();
    }
  });
}

// The app's views: Play, the views of web/tree/ (they mount themselves on
// their hashes; tree/route.js hides main.layout meanwhile) and Study. Returns
// showView(view), route(oldHash) (shows the hash's view; loads the game from
// it in Play) and started() (the game has been loaded once).
function installViews(root, controller) {
  // The tree explorer (and the other views of web/tree/) mount themselves on
  // their hashes (tree/route.js hides main.layout meanwhile); Study is ours.
  installTreeRoute({ hide: [document.querySelector('main.layout')] });
  const studySection = $('study-view');
  let study = null;
  let started = false;      // the game has been loaded once
  let playHash = '';        // the game's hash when another view was opened
  const navLinks = [...document.querySelectorAll('nav.views a')].map((a) => /** @type {HTMLAnchorElement} */ (a));

  const showView = (view) => {
    root.dataset.view = view;
    for (const a of navLinks) {
      if (a.dataset.view === view) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    /** @type {HTMLAnchorElement} */ ($('nav-play')).href = playHash || '#';
    studySection.hidden = view !== 'study';
    if (view === 'study') {
      if (!study) {
        study = import('./study.js').then((m) => m.createStudyView(studySection));
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
    if (before !== 'play' && playHash && (location.hash === '' || location.hash === '#')) {
      history.replaceState(null, '', playHash);   // "back to the game" keeps the game
    }
    started = true;
    controller.load(location.hash);
  };

  window.addEventListener('hashchange', (e) => {
    const old = e.oldURL && e.oldURL.includes('#') ? e.oldURL.slice(e.oldURL.indexOf('#')) : '';
    route(old);
  });
  return { showView, route, started: () => started };
}

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
  };
  let controller = null;
  let results = null;   // measured level results (levels.json), or null
  const board = new BoardView($('board'), { onMove: (m) => controller.playHuman(m), keys: $('board-keys') });

  const sync = () => syncControls(ui, controller, results);
  controller = new Controller({
    board, panel, engine, onChange: sync, evalBar: new EvalBar($('eval-bar')),
    // The review's own worker (no spare: it is started for one review and stopped after it).
    reviewEngine: () => new EngineClient(workerUrl, { spare: false }),
  });

  ui.time.max = String(TIME_STEPS.length - 1);
  ui.game.addEventListener('change', () => controller.newGame(ui.game.value));
  ui.players.addEventListener('change', () => controller.setPlayers(ui.players.value));
  ui.level.addEventListener('change', () => controller.setLevel(ui.level.value));
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

  bindPlayKeys(root, controller);

  const { showView, route, started } = installViews(root, controller);

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
      if (viewFor(location.hash) === 'play') {
        route('');
      } else {
        controller.active = false;
      }
      return engine.ready();
    })
    .then((ms) => {
      document.body.dataset.engine = 'ready';
      document.body.dataset.engineLoadMs = String(Math.round(ms));
    });
}

start();
registerOffline();
