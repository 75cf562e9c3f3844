// Entry point: wires the DOM controls, the keyboard and the URL hash to the
// controller, and switches between the app's views (Play, the search-tree
// explorer and the other views of app/router.js, Study). The engine runs in worker.js; this thread
// only draws and reacts.

import { EvalBar } from '../play/analysis-view.js';
import { BoardView } from '../play/board-view.js';
import { Controller } from '../play/controller.js';
import { EngineClient } from '../engine/engine-client.js';
import { loadLevelResults, levelLabel } from '../play/levels.js';
import { Panel } from '../play/panel.js';
import { registerOffline } from './offline.js';
import { Sound } from '../play/sound.js';
import { mountSolve } from '../play/solve-view.js';
import { gamesLoaded, isGameKind } from '../lib/games.js';
import { Game, movesText } from '../lib/rules.js';
import { loadLinkParser, viewOf } from '../lib/url-state.js';
import { gameAlone, isGamePage, isTreeHash, viewKind } from '../lib/views.js';
import { $, $button, $select, bindPlayKeys, bookStatus, playControls, renderLevel, syncControls, wirePlayControls } from '../play/play-controls.js';
import { restoreSaved, saveBoardLine, savedBoards, savedGame, savedLine, savedSettings } from '../play/play-saved.js';
import { bestLineOnBoard, resultScreen } from '../play/result-screen.js';
import { analysisLines } from '../play/analysis-lines.js';
import { syncPractiseStart, wirePractise } from '../play/practise-flow.js';
import { forgetSavedPages, installTreeRoute } from './router.js';

// The view a hash asks for: the explorer's views (tree, and whatever else
// app/router.js mounts, the own pages of 'einstein' and 'connect3p' too), 'study', or 'play'.
function viewFor(hash) {
  if (isTreeHash(hash)) return viewKind(hash);
  return viewOf(hash) === 'study' ? 'study' : 'play';
}

// A Play hash `hash` switched to `game`: the same hash for its own game,
// else its settings with that game's empty board (its own board).
function withGame(hash, game) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (p.get('game') === game) return hash;
  p.set('game', game);
  p.set('moves', '');
  p.delete('size');   // (the board is the game's own)
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
  const pageTitle = document.title;   // the page's own ("Four in a Row — play the engine")
  const STUDY_TITLE = `Study: strength and thinking time — ${pageTitle.split(' — ')[0]}`;
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
      // A game's own page (the dice game's, the three-player game's) is a Play page;
      // the quiz is part of the tree explorer.
      const current = a.dataset.view === view || (isGamePage(view) && a.dataset.view === 'play') || (view === 'quiz' && a.dataset.view === 'tree');
      if (current) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    /** @type {HTMLAnchorElement} */ ($('nav-play')).href = playHash || '#';
    // From the dice or three-player game, the explorer opens that game's trees
    // (else the Tic-Tac-Toe lesson); a view of the router keeps the link it had.
    const treeLink = /** @type {HTMLAnchorElement} */ ($('nav-tree'));
    if (isGamePage(view)) treeLink.setAttribute('href', `#view=tree&game=${view}`);
    else if (view === 'play' || view === 'study') treeLink.setAttribute('href', '#view=tree&game=tictactoe');
    studySection.hidden = view !== 'study';
    // The Study view's own title; the router's views set theirs, and Play
    // gets the page's back (the router restores it on every hash not its own).
    if (view === 'study') document.title = STUDY_TITLE;
    else if (document.title === STUDY_TITLE) document.title = pageTitle;
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
    // The game in progress a link may replace: on the first load, the saved one.
    let replaced = controller.inProgress();
    if (!started && saved) {
      replaced = controller.inProgress(saved.game, saved.moves, saved.ahead, saved.size);
      if (location.hash === '' || location.hash === '#') history.replaceState(null, '', saved.hash);
      // A reload keeps the saved game's moves ahead, and the offer to restore
      // the game before it, when the address shows its position.
      const link = new URLSearchParams(location.hash.replace(/^#/, ''));
      if (link.get('game') === saved.game && link.get('moves') === saved.moves
        && (link.get('size') || '') === saved.size) ({ ahead, offer } = saved);
    }
    saved = null;
    started = true;
    controller.load(location.hash, ahead, replaced);
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

// "Why this score?": the evaluation view of the position on the board (the
// game's link has its game and moves).
/** @param {HTMLElement} link */
function wireWhyScore(link) {
  const update = () => {
    const p = new URLSearchParams(location.hash.replace(/^#/, ''));
    const to = new URLSearchParams({ view: 'eval', game: p.get('game') || 'connect4', moves: p.get('moves') || '' });
    if (p.get('size')) to.set('size', p.get('size'));   // (the view names a board it cannot show)
    /** @type {HTMLAnchorElement} */ (link).href = `#${to}`;
  };
  // On a click, and ahead of it for "open in a new tab" and "copy link"
  // (the game rewrites its hash without a hashchange, so also on focus and hover).
  for (const event of ['click', 'focus', 'mouseenter', 'contextmenu']) link.addEventListener(event, update);
}

// "Forget": every saved part goes, and the settings are index.html's own
// (its checked and selected) again, with a new game.
function forget(ui, controller, panel, solve, applyLook) {
  savedSettings.clear();
  savedGame.clear();
  savedBoards.clear();
  forgetSavedPages();   // (the dice and three-player games in progress too)
  // (a select's default: its option marked selected in index.html, else its first)
  const byDefault = (select) => {
    select.value = ([...select.options].find((o) => o.defaultSelected) || select.options[0]).value;
    return select.value;
  };
  for (const box of [ui.numbers, ui.sound, ui.large, ui.engine]) box.checked = box.defaultChecked;
  ui.volume.value = ui.volume.defaultValue;
  byDefault(ui.theme);
  document.body.toggleAttribute('data-engine-hidden', !ui.engine.checked);
  applyLook();
  controller.setAnalysisTime(Number(byDefault(ui.analysisTime)));
  controller.setAnalysisLines(Number(byDefault(ui.analysisLines)));
  solve.setting = 'auto';
  controller.load('', [], null);
  panel.hideNotice('saved');
  $('saved-status').textContent = 'Back to the defaults: a new game with the first settings.';
}

// The page's look: column numbers, sound and its volume, large text, the
// board's colours (html[data-theme], every canvas of the site reads them).
// Wires the settings' controls (each change is applied, then saved by
// `save`); returns the function that applies them all (after a restore or a
// reset).
/**
 * @param {HTMLElement} root @param {ReturnType<typeof playControls>} ui @param {BoardView} board
 * @param {Sound} sound @param {() => void} save
 */
function wireLook(root, ui, board, sound, save) {
  const applyLook = () => {
    root.toggleAttribute('data-numbers', ui.numbers.checked);
    if (ui.large.checked) root.dataset.type = 'large';
    else delete root.dataset.type;
    sound.setOn(ui.sound.checked);
    sound.setVolume(Number(ui.volume.value) / 100);
    ui.volumeOut.textContent = `${ui.volume.value}%`;
    ui.volume.setAttribute('aria-valuetext', `${ui.volume.value}%`);
    if (root.dataset.theme !== ui.theme.value) {
      root.dataset.theme = ui.theme.value;
      board.readColors();
      board.invalidate();
    }
  };
  for (const box of [ui.numbers, ui.sound, ui.large, ui.theme]) box.addEventListener('change', () => { applyLook(); save(); });
  ui.volume.addEventListener('input', applyLook);
  // (the volume's new loudness heard once it is set, if sound is on)
  ui.volume.addEventListener('change', () => { applyLook(); save(); sound.landed(1); });
  return applyLook;
}

// Builds the page; returns its engine panel and engineReady, settled once
// the engine has answered and the first game is drawn (or it failed).
function start() {
  const root = document.documentElement;
  const panel = new Panel();
  // ?book=off (in the page's address, before the #): no opening book, the
  // computer searches from the first move.
  const bookOff = new URLSearchParams(location.search).get('book') === 'off';
  // The engine worker of a board ('' the game's own, else 'WxH': a worker
  // plays one other board, worker.js?size=WxH).
  const workerUrl = (size = '') => {
    const query = [bookOff ? 'book=off' : '', size ? `size=${size}` : ''].filter(Boolean).join('&');
    return query ? `worker.js?${query}` : 'worker.js';
  };
  const engine = new EngineClient(workerUrl(), {
    onError: (message) => panel.showNotice(`The engine could not run: ${message}`),
    onBook: (book) => showBook(book),
  });
  const showBook = bookStatus(panel);
  const ui = playControls();
  const sound = new Sound();
  let controller = null;
  let results = null;   // measured level results (levels.json), or null
  wireWhyScore($('why-score'));
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
      analysis: controller.analysisOn, analysisMs: controller.analysisMs, lines: controller.analysisLines, engine: ui.engine.checked,
      numbers: ui.numbers.checked, sound: ui.sound.checked, large: ui.large.checked, open: ui.settings.open,
      volume: Number(ui.volume.value), theme: ui.theme.value });
    if (!keepSavedGame) {
      const g = controller.game;
      const offer = panel.offer;
      if (g.size) {
        // (a game on another board is kept for its board: the own board's game stays)
        saveBoardLine(g.board, g.moveString(), movesText(controller.future));
      } else {
        savedGame.save({ game: g.kind, moves: g.moveString(), ahead: movesText(controller.future),
          ...(offer && !offer.size ? { offer } : {}) });
        saveBoardLine('', '', '');
      }
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
    syncPractiseStart(controller);
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
    reviewEngine: () => new EngineClient(workerUrl(controller.game.size), { spare: false }),
    workerUrl,
  });
  // The analysis' best lines: a line hovered or focused is drawn on the board
  // in place of the engine's best line, which comes back after.
  controller.linesView = analysisLines(/** @type {HTMLOListElement} */ ($('analysis-lines')), {
    preview: (moves) => (moves ? board.setLine(moves) : bestLine.update(panel.line)),
    play: (moves) => controller.playLine(moves),
  });

  wirePractise(controller);

  const solve = mountSolve({ controller, engine, button: $button('solve'), result: $('solve-result'),
    select: $select('threads-select'), buildText: $('engine-build'), onSetting: () => save(true) });

  // The board picker: each board's game comes back as it was left.
  wirePlayControls(ui, controller, (size) => {
    const kind = controller.game.kind;
    const line = savedLine(kind, size);
    controller.openBoard(kind, size, line ? line.moves : '', line ? line.ahead : []);
  });

  const applyLook = wireLook(root, ui, board, sound, () => save(true));
  ui.engine.addEventListener('change', () => save(true));
  ui.settings.addEventListener('toggle', () => save(true));
  $('forget').addEventListener('click', () => forget(ui, controller, panel, solve, applyLook));

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
  const engineReady = engine.request({ type: 'levels' }).then((r) => (r && Array.isArray(r.levels) ? r.levels : []), () => [])
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
  return { panel, engineReady };
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

const { panel: enginePanel, engineReady } = start();
registerOffline(() => reloadWouldDrop(enginePanel), engineReady);
