// MENACE, the matchbox learner (menace.js), as a view:
// mountMenaceView(container, {engine, hash}) (hash: the link, whose opponent=minimax|random|human
// picks the opponent) with the worker's trace requests
// (engine/trace-engine.js) as the perfect opponent: its values() gives the exact value of
// every move, and the minimax player picks at random among the best.
// Train MENACE against the minimax player, a random player or yourself (with
// the mouse, or the keyboard and a screen reader: a button per cell, every
// move in a log); watch the matchbox of the position change; see results per
// 10 games plotted live. MENACE is kept in this browser after every game and
// training batch (menace-saved.js), and can be exported to a file and
// imported again.
// Hooks for tests: #menace-stats (text "games N · wins W · draws D · losses L
// · boxes B"), #menace-board (cell buttons [data-cell], 1-based), #menace-box,
// #menace-curve, #menace-moves (the game's moves), #menace-saved (what
// happened to the saved copy), .mn[data-busy].

import { Menace, emptyCells, winner } from './menace.js';
import { buildMenaceSkeleton, cellName, drawCurve, drawMatchbox, drawMenaceBoard } from './menace-drawing.js';
import { OPPONENTS, exportFile, menaceOf, readExportFile, savedMenace, stateOf } from './menace-saved.js';
import { clip, h, linkNote } from '../lib/dom.js';
import { storageAvailable } from '../lib/storage.js';

const RESULT_TEXT = {
  win: 'MENACE wins: +3 beads in every box it used.',
  draw: 'A draw: +1 bead in every box MENACE used.',
  loss: 'MENACE loses: the beads it played are taken out.',
};
// Under the learning curve: what the chosen opponent lets MENACE reach.
const CAPTION = {
  minimax: 'Against the perfect player a draw is the best it can do.',
  random: 'Against the random player it can learn to win most games.',
  human: 'Against you it learns the replies that beat your habits.',
};

// "12 games, 40 boxes opened": what a MENACE has learnt.
const counted = (m) => `${m.history.length} game${m.history.length === 1 ? '' : 's'}, ${m.boxes.size} box${m.boxes.size === 1 ? '' : 'es'} opened`;

// The minimax player's move (0-based cell) after `moves` (1-based cells): one
// of the engine's best, at random; each position's values asked once (valueCache).
async function minimaxMove(engine, valueCache, moves) {
  let values = valueCache.get(moves);
  if (!values) {
    const r = await engine.values('tictactoe', moves, 0);
    values = r.moves;
    valueCache.set(moves, values);
  }
  const best = Math.max(...values.map((v) => v.value));
  const top = values.filter((v) => v.value === best);
  return top[Math.floor(Math.random() * top.length)].move - 1;
}

function randomMove(board) {
  const free = emptyCells(board);
  return free[Math.floor(Math.random() * free.length)];
}

// A move in the game's log (a live region: a screen reader says it).
function moveLogItem(cell, mark, who) {
  const name = mark === 'X' ? 'MENACE' : { minimax: 'Minimax', random: 'Random player', human: 'You' }[who];
  return h('li', { text: `${name}: ${mark} at ${cellName(cell)}` });
}

// The arrow keys move the focus across the board's cells (Tab walks them too).
function wireBoardKeys(cellGroup, cells) {
  cellGroup.addEventListener('keydown', (e) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }[e.key];
    const at = cells.indexOf(/** @type {HTMLButtonElement} */ (e.target));
    if (step === undefined || at < 0) return;
    e.preventDefault();
    const to = at + step;
    const sameRow = Math.abs(step) === 3 || Math.floor(to / 3) === Math.floor(at / 3);
    if (to >= 0 && to < 9 && sameRow) cells[to].focus();
  });
}

// Reset, export and import, with their messages in savedMsg. hooks: menace()
// (the MENACE now), replace(next) (puts another in its place on a cleared
// board), isBusy(), renderAll(), save(). Returns {reset, exportMenace,
// importMenace, disarmReset}.
function createMenaceFiles({ resetBtn, savedMsg, status, importInput, opponent }, hooks) {
  let resetArmed = 0;        // a timer while "Reset MENACE" waits for its confirming click
  function disarmReset() {
    clearTimeout(resetArmed);
    resetArmed = 0;
    resetBtn.textContent = 'Reset MENACE';
  }
  // A trained MENACE may be an hour of a class's work: the first click only
  // asks, a second one within 6 seconds resets (and forgets the saved copy).
  function reset() {
    if (hooks.menace().history.length > 0 && !resetArmed) {
      resetBtn.textContent = 'Confirm reset';
      savedMsg.textContent = `Reset erases MENACE's ${counted(hooks.menace())}, here and in this browser. ` +
        'Click “Confirm reset” to go on, or export it first.';
      resetArmed = setTimeout(() => { disarmReset(); savedMsg.textContent = 'Not reset: MENACE is kept.'; }, 6000);
      return;
    }
    disarmReset();
    hooks.replace(new Menace());
    savedMenace.clear();
    hooks.renderAll();
    status.textContent = 'A new MENACE with 4 beads per move in its first box.';
    savedMsg.textContent = 'MENACE was reset; its saved copy in this browser is gone.';
  }
  // Downloads the state as a file (a Blob behind an <a download>).
  function exportMenace() {
    disarmReset();
    const { name, text } = exportFile(stateOf(hooks.menace(), opponent.value));
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = h('a', { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    savedMsg.textContent = `Exported ${counted(hooks.menace())} as ${name}.`;
  }
  async function importMenace() {
    disarmReset();
    const file = importInput.files?.[0];
    if (!file || hooks.isBusy()) return;
    const { state, problem } = await readExportFile(file);
    importInput.value = '';  // the same file may be chosen again
    if (problem) {
      savedMsg.textContent = `Could not import ${file.name}: ${problem}. Your MENACE is unchanged.`;
      return;
    }
    const before = counted(hooks.menace());
    hooks.replace(menaceOf(state));
    opponent.value = state.opponent;
    hooks.renderAll();
    hooks.save();
    status.textContent = 'MENACE plays X and moves first.';
    savedMsg.textContent = `Imported ${file.name}: MENACE after ${counted(hooks.menace())}, opponent ${OPPONENTS[state.opponent]}. ` +
      `It replaced the MENACE you had (${before}).`;
  }
  return { reset, exportMenace, importMenace, disarmReset };
}

// The moves of one game on `game` (cleared), MENACE (X) first, until it
// ends, MENACE resigns (an empty box) or the person stops: {result: 'win' |
// 'draw' | 'loss' for MENACE, or '' (stopped), resigned}. io: show (draw
// every move), renderBox, renderBoard, logMove, put(cell, mark), reply()
// (the opponent's cell, a promise; < 0: none), stopped(), status.
async function playMoves(game, menace, who, io) {
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  for (;;) {
    if (io.show && emptyCells(game.board).length > 1) io.renderBox(game.board);
    const x = menace.choose(game.board);
    if (x < 0) return { result: 'loss', resigned: true };
    io.put(x, 'X');
    if (io.show) { io.logMove(x, 'X', who); io.renderBoard([x]); await pause(who === 'human' ? 250 : 350); }
    let w = winner(game.board);
    if (w) return { result: w === 'X' ? 'win' : 'draw', resigned: false };
    const o = await io.reply();
    if (o === undefined || o < 0 || io.stopped() && who === 'human') return { result: '', resigned: false };
    io.put(o, 'O');
    if (who === 'human') io.status.textContent = 'MENACE draws a bead from its box…';
    if (io.show) { io.logMove(o, 'O', who); io.renderBoard([o]); await pause(who === 'human' ? 0 : 300); }
    w = winner(game.board);
    if (w) return { result: w === 'O' ? 'loss' : 'draw', resigned: false };
  }
}

// The learning curve and its summary.
function drawCurveInto({ curve, stats }, menace) {
  const { svg, legend, text } = drawCurve(menace);
  curve.replaceChildren(svg, legend);
  stats.textContent = text;
}

// Keeps MENACE in this browser, or says that it cannot.
function saveMenace({ savedMsg, opponent }, menace) {
  if (!savedMenace.save(stateOf(menace, opponent.value))) {
    savedMsg.textContent = 'Not saved: this browser does not let the page keep MENACE (private mode or full storage). Export it to keep it.';
  }
}

// The person is to move: the board drawn for it (renderBoard), the status,
// and the focus on the board for a game started from the keyboard (the
// focus, lost with the disabled Play button, comes to the board; focus
// elsewhere is left alone).
function askHuman({ status, play1, cells }, board, renderBoard) {
  renderBoard();
  status.textContent = 'Your move (O): choose an empty cell.';
  const at = document.activeElement;
  if (!at || at === document.body || at === play1) cells[board.indexOf('.')].focus();
}

// Play, train and reset buttons off while a game or a training runs; Stop on.
function showBusy({ play1, train10, train100, resetBtn, exportBtn, importInput, opponent, stopBtn, root }, b) {
  for (const el of [play1, train10, train100, resetBtn, exportBtn, importInput, opponent]) el.disabled = b;
  stopBtn.disabled = !b;
  root.dataset.busy = b ? 'true' : 'false';
}

// Trains: `games` games without drawing them, until stopped(); after every
// fifth and the last, onBlock() (the board, the curve and the saved copy:
// a reload during a long training loses at most 5 games), the status, and a
// frame for the page to draw.
async function train(games, { playGame, stopped, onBlock, status, opponent }) {
  for (let g = 0; g < games && !stopped(); g++) {
    await playGame({ show: false });
    if (g % 5 === 4 || g === games - 1) {
      onBlock();
      status.textContent = `Training: game ${g + 1} of ${games} against ${OPPONENTS[opponent.value]}.`;
      await new Promise((r) => requestAnimationFrame(() => r()));
    }
  }
}

// The board's picture, and its cell buttons' names and state (updated in
// place: a button that keeps the focus keeps it across moves); `waiting`:
// the person is to move.
function drawBoard({ boardPicture, cells, opponent }, board, waiting, highlight) {
  boardPicture.replaceChildren(drawMenaceBoard(board, highlight));
  const them = opponent.value === 'human' ? 'O (you)' : 'O';
  cells.forEach((btn, c) => {
    const mark = board[c] === 'X' ? 'X (MENACE)' : board[c] === 'O' ? them : 'empty';
    btn.setAttribute('aria-label', `${cellName(c).replace(/^r/, 'R')}, ${mark}`);
    btn.setAttribute('aria-disabled', String(!(waiting && board[c] === '.')));
  });
  boardPicture.parentElement.classList.toggle('mn-yourturn', waiting);
}

// The controls that follow the opponent: no training against yourself, and
// the curve's caption names what this opponent allows.
function showOpponentControls({ train10, train100, caption, opponent }) {
  train10.hidden = train100.hidden = opponent.value === 'human';
  caption.textContent = `Results of MENACE per block of 10 games, oldest on the left. ${CAPTION[opponent.value]}`;
}

// The MENACE kept in this browser, if any, put in place (replace(next)),
// with its opponent; the messages say what was found and whether it is kept.
function restoreSaved({ opponent, status, savedMsg }, replace) {
  const { data, problem } = savedMenace.load();
  if (data) {
    const m = menaceOf(data);
    replace(m);
    opponent.value = data.opponent;
    status.textContent = `Welcome back: MENACE after ${counted(m)}, kept in this browser. It plays X and moves first.`;
  } else if (problem) {
    status.textContent = `Saved MENACE could not be used: ${problem}; starting with fresh matchboxes.`;
  }
  savedMsg.textContent = storageAvailable() ? 'MENACE is kept in this browser after every game.'
    : 'This browser does not let the page keep MENACE: export it to keep it.';
}

// The link's opponent (#view=menace&opponent=random) chosen over the kept
// one; one the view does not have is named in a note under the status, as
// the other views name a link's bad fields.
function linkOpponent({ opponent, status }, hash) {
  const note = linkNote('menace-link-note');
  status.after(note.el);
  const asked = new URLSearchParams(String(hash || '').replace(/^#/, '')).get('opponent');
  if (asked === null) return;
  if (Object.hasOwn(OPPONENTS, asked)) opponent.value = asked;
  else {
    const ids = Object.keys(OPPONENTS);
    note.say([`opponent '${clip(asked)}' must be ${ids.slice(0, -1).join(', ')} or ${ids.at(-1)}: keeping ${OPPONENTS[opponent.value]}`]);
  }
}

/**
 * @param {HTMLElement} container
 * @param {{engine?: any, hash?: string}} [options]
 */
export function mountMenaceView(container, { engine, hash = '' } = {}) {
  let menace = new Menace();
  // The game on the board: its cells ('.', 'X', 'O', row by row) and its
  // moves as 1-based cells (for the engine).
  const game = { board: '.........', moves: '' };
  let busy = false;          // a game or training is running
  let stopRequested = false;
  let waitingForHuman = null;  // resolve() of the human's move
  let shownKey = '.........';
  let lastChanges = [];
  const valueCache = new Map();

  const ui = buildMenaceSkeleton({ introOpen: !matchMedia('(max-width: 640px)').matches });
  const { opponent, play1, train10, train100, stopBtn, resetBtn, exportBtn, importInput, status, cells, cellGroup, moveList,
    boxTitle, boxView, boxNote, firstBoxBtn, root } = ui;
  container.replaceChildren(root);

  // ---- drawing -----------------------------------------------------------------
  // The board's picture, and its cell buttons' names and state (updated in
  // place: a button that keeps the focus keeps it across moves).
  const renderBoard = (highlight = []) => drawBoard(ui, game.board, Boolean(waitingForHuman), highlight);

  function renderBox(position = shownKey) {
    shownKey = position;
    const { title, svg, note } = drawMatchbox(menace, position, lastChanges);
    boxTitle.textContent = title;
    boxView.replaceChildren(svg);
    boxNote.textContent = note;
  }
  const renderCurve = () => drawCurveInto(ui, menace);
  const showOpponent = () => showOpponentControls(ui);

  function renderAll() {
    renderBoard();
    renderBox('.........');
    renderCurve();
    showOpponent();
  }

  // ---- kept in this browser -------------------------------------------------------
  const save = () => saveMenace(ui, menace);

  // Puts `next` (a fresh, saved or imported MENACE) in place of MENACE, on a cleared board.
  function replaceMenace(next) {
    menace = next;
    lastChanges = [];
    game.board = '.........';
    moveList.replaceChildren();
  }

  // ---- players -------------------------------------------------------------------
  const humanMove = () => new Promise((resolve) => {
    waitingForHuman = resolve;
    askHuman(ui, game.board, renderBoard);
  });
  // The person's answer (a cell, or -1: stopped), if the game waits for one.
  const answerHuman = (cell) => { if (waitingForHuman) { const r = waitingForHuman; waitingForHuman = null; r(cell); } };

  function put(cell, mark) {
    game.board = game.board.slice(0, cell) + mark + game.board.slice(cell + 1);
    game.moves += String(cell + 1);
  }

  const logMove = (cell, mark, who) => moveList.append(moveLogItem(cell, mark, who));

  // One game; `show` draws every move (a single game) or only the end (training).
  async function playGame({ show }) {
    game.board = '.........';
    game.moves = '';
    const who = opponent.value;
    const { result, resigned } = await playMoves(game, menace, who, {
      show, renderBox, renderBoard, logMove, put, stopped: () => stopRequested, status,
      reply: () => (who === 'minimax' ? minimaxMove(engine, valueCache, game.moves) : who === 'random' ? randomMove(game.board) : humanMove()),
    });
    if (!result) { menace.moves = []; return ''; }
    lastChanges = menace.learn(result);
    if (show) {
      renderBoard();
      status.textContent = (resigned ? 'MENACE\'s box for this position is empty: it resigns. ' : '') + RESULT_TEXT[result];
      renderBox(lastChanges.length ? lastChanges[lastChanges.length - 1].board : '.........');
    }
    return result;
  }

  function setBusy(b) {
    busy = b;
    showBusy(ui, b);
  }

  async function run(games) {
    if (busy) return;
    disarmReset();
    setBusy(true);
    stopRequested = false;
    moveList.replaceChildren();
    try {
      if (games === 1) await playGame({ show: true });
      else await train(games, { playGame, stopped: () => stopRequested, status, opponent,
        onBlock: () => { renderBoard(); renderCurve(); save(); } });
      if (games > 1) {
        renderBox('.........');
        status.textContent = `Trained ${games} games. The first box now holds ${menace.box('.........').beads.reduce((a, b) => a + b, 0)} beads.`;
      }
    } catch (e) {
      status.textContent = `The engine could not answer: ${e.message}`;
    } finally {
      waitingForHuman = null;
      setBusy(false);
      renderBoard();
      renderCurve();
      save();
    }
  }

  // ---- reset, export, import ------------------------------------------------------
  const { reset, exportMenace, importMenace, disarmReset } = createMenaceFiles(ui, {
    menace: () => menace, replace: replaceMenace, isBusy: () => busy, renderAll, save,
  });

  play1.addEventListener('click', () => run(1));
  train10.addEventListener('click', () => run(10));
  train100.addEventListener('click', () => run(100));
  stopBtn.addEventListener('click', () => {
    stopRequested = true;
    answerHuman(-1);
  });
  resetBtn.addEventListener('click', reset);
  exportBtn.addEventListener('click', exportMenace);
  importInput.addEventListener('change', importMenace);
  firstBoxBtn.addEventListener('click', () => renderBox('.........'));
  opponent.addEventListener('change', () => {
    showOpponent();
    renderBoard();
    save();
  });
  cells.forEach((btn, c) => btn.addEventListener('click', () => { if (game.board[c] === '.') answerHuman(c); }));
  wireBoardKeys(cellGroup, cells);

  restoreSaved(ui, replaceMenace);
  linkOpponent(ui, hash);
  renderAll();
  root.dataset.ready = 'true';

  return {
    destroy() {
      stopRequested = true;
      disarmReset();
      answerHuman(-1);
      container.replaceChildren();
    },
  };
}
