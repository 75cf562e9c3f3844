// MENACE, the matchbox learner (menace.js), as a view:
// mountMenaceView(container, {engine}) with the worker's trace requests
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
import { h } from '../lib/dom.js';
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

/**
 * @param {HTMLElement} container
 * @param {{engine?: any}} [options]
 */
export function mountMenaceView(container, { engine } = {}) {
  let menace = new Menace();
  let board = '.........';
  let moves = '';            // 1-based cells played, for the engine
  let busy = false;          // a game or training is running
  let stopRequested = false;
  let waitingForHuman = null;  // resolve() of the human's move
  let shownKey = '.........';
  let lastChanges = [];
  let resetArmed = 0;        // a timer while "Reset MENACE" waits for its confirming click
  const valueCache = new Map();

  const {
    opponent, play1, train10, train100, stopBtn, resetBtn, exportBtn, importInput, savedMsg, status, boardPicture, cells,
    cellGroup, moveList, boxTitle, boxView, boxNote, firstBoxBtn, stats, curve, caption, root,
  } = buildMenaceSkeleton({ introOpen: !matchMedia('(max-width: 640px)').matches });
  container.replaceChildren(root);

  // ---- drawing -----------------------------------------------------------------
  // The board's picture, and its cell buttons' names and state (updated in
  // place: a button that keeps the focus keeps it across moves).
  function renderBoard(highlight = []) {
    boardPicture.replaceChildren(drawMenaceBoard(board, highlight));
    const them = opponent.value === 'human' ? 'O (you)' : 'O';
    cells.forEach((btn, c) => {
      const mark = board[c] === 'X' ? 'X (MENACE)' : board[c] === 'O' ? them : 'empty';
      btn.setAttribute('aria-label', `${cellName(c).replace(/^r/, 'R')}, ${mark}`);
      btn.setAttribute('aria-disabled', String(!(waitingForHuman && board[c] === '.')));
    });
    boardPicture.parentElement.classList.toggle('mn-yourturn', Boolean(waitingForHuman));
  }

  function renderBox(position = shownKey) {
    shownKey = position;
    const { title, svg, note } = drawMatchbox(menace, position, lastChanges);
    boxTitle.textContent = title;
    boxView.replaceChildren(svg);
    boxNote.textContent = note;
  }

  function renderCurve() {
    const { svg, legend, text } = drawCurve(menace);
    curve.replaceChildren(svg, legend);
    stats.textContent = text;
  }

  // The controls that follow the opponent: no training against yourself, and
  // the curve's caption names what this opponent allows.
  function showOpponent() {
    train10.hidden = train100.hidden = opponent.value === 'human';
    caption.textContent = `Results of MENACE per block of 10 games, oldest on the left. ${CAPTION[opponent.value]}`;
  }

  function renderAll() {
    renderBoard();
    renderBox('.........');
    renderCurve();
    showOpponent();
  }

  // ---- kept in this browser -------------------------------------------------------
  function save() {
    if (!savedMenace.save(stateOf(menace, opponent.value))) {
      savedMsg.textContent = 'Not saved: this browser does not let the page keep MENACE (private mode or full storage). Export it to keep it.';
    }
  }

  // Puts `next` (a fresh, saved or imported MENACE) in place of MENACE, on a cleared board.
  function replaceMenace(next) {
    menace = next;
    lastChanges = [];
    board = '.........';
    moveList.replaceChildren();
  }

  const counted = (m) => `${m.history.length} game${m.history.length === 1 ? '' : 's'}, ${m.boxes.size} box${m.boxes.size === 1 ? '' : 'es'} opened`;

  // ---- players -------------------------------------------------------------------
  async function minimaxMove() {
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
  function randomMove() {
    const free = emptyCells(board);
    return free[Math.floor(Math.random() * free.length)];
  }
  function humanMove() {
    return new Promise((resolve) => {
      waitingForHuman = resolve;
      renderBoard();
      status.textContent = 'Your move (O): choose an empty cell.';
      // A game started from the keyboard goes on there: the focus, lost with
      // the disabled Play button, comes to the board (focus elsewhere is left alone).
      const at = document.activeElement;
      if (!at || at === document.body || at === play1) cells[board.indexOf('.')].focus();
    });
  }

  function put(cell, mark) {
    board = board.slice(0, cell) + mark + board.slice(cell + 1);
    moves += String(cell + 1);
  }

  // Adds a move to the game's log (a live region: a screen reader says it).
  function logMove(cell, mark, who) {
    const name = mark === 'X' ? 'MENACE' : { minimax: 'Minimax', random: 'Random player', human: 'You' }[who];
    moveList.append(h('li', { text: `${name}: ${mark} at ${cellName(cell)}` }));
  }

  // One game; `show` draws every move (a single game) or only the end (training).
  async function playGame({ show }) {
    board = '.........';
    moves = '';
    const who = opponent.value;
    const pause = (ms) => new Promise((r) => setTimeout(r, ms));
    let result;
    let resigned = false;
    for (;;) {
      if (show && emptyCells(board).length > 1) renderBox(board);
      const x = menace.choose(board);
      if (x < 0) { result = 'loss'; resigned = true; break; }
      put(x, 'X');
      if (show) { logMove(x, 'X', who); renderBoard([x]); await pause(who === 'human' ? 250 : 350); }
      let w = winner(board);
      if (w) { result = w === 'X' ? 'win' : 'draw'; break; }
      const o = who === 'minimax' ? await minimaxMove() : who === 'random' ? randomMove() : await humanMove();
      if (o === undefined || o < 0 || stopRequested && who === 'human') { result = ''; break; }
      put(o, 'O');
      if (who === 'human') status.textContent = 'MENACE draws a bead from its box…';
      if (show) { logMove(o, 'O', who); renderBoard([o]); await pause(who === 'human' ? 0 : 300); }
      w = winner(board);
      if (w) { result = w === 'O' ? 'loss' : 'draw'; break; }
    }
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
    for (const el of [play1, train10, train100, resetBtn, exportBtn, importInput, opponent]) el.disabled = b;
    stopBtn.disabled = !b;
    root.dataset.busy = b ? 'true' : 'false';
  }

  async function run(games) {
    if (busy) return;
    disarmReset();
    setBusy(true);
    stopRequested = false;
    moveList.replaceChildren();
    try {
      if (games === 1) {
        await playGame({ show: true });
      } else {
        for (let g = 0; g < games && !stopRequested; g++) {
          await playGame({ show: false });
          if (g % 5 === 4 || g === games - 1) {
            renderBoard();
            renderCurve();
            save();  // a reload during a long training loses at most 5 games
            status.textContent = `Training: game ${g + 1} of ${games} against ${OPPONENTS[opponent.value]}.`;
            await new Promise((r) => requestAnimationFrame(() => r()));
          }
        }
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
  function disarmReset() {
    clearTimeout(resetArmed);
    resetArmed = 0;
    resetBtn.textContent = 'Reset MENACE';
  }

  // A trained MENACE may be an hour of a class's work: the first click only
  // asks, a second one within 6 seconds resets (and forgets the saved copy).
  function reset() {
    if (menace.history.length > 0 && !resetArmed) {
      resetBtn.textContent = 'Confirm reset';
      savedMsg.textContent = `Reset erases MENACE's ${counted(menace)}, here and in this browser. ` +
        'Click “Confirm reset” to go on, or export it first.';
      resetArmed = setTimeout(() => { disarmReset(); savedMsg.textContent = 'Not reset: MENACE is kept.'; }, 6000);
      return;
    }
    disarmReset();
    replaceMenace(new Menace());
    savedMenace.clear();
    renderAll();
    status.textContent = 'A new MENACE with 4 beads per move in its first box.';
    savedMsg.textContent = 'MENACE was reset; its saved copy in this browser is gone.';
  }

  // Downloads the state as a file (a Blob behind an <a download>).
  function exportMenace() {
    disarmReset();
    const { name, text } = exportFile(stateOf(menace, opponent.value));
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = h('a', { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    savedMsg.textContent = `Exported ${counted(menace)} as ${name}.`;
  }

  async function importMenace() {
    disarmReset();
    const file = importInput.files?.[0];
    if (!file || busy) return;
    const { state, problem } = await readExportFile(file);
    importInput.value = '';  // the same file may be chosen again
    if (problem) {
      savedMsg.textContent = `Could not import ${file.name}: ${problem}. Your MENACE is unchanged.`;
      return;
    }
    const before = counted(menace);
    replaceMenace(menaceOf(state));
    opponent.value = state.opponent;
    renderAll();
    save();
    status.textContent = 'MENACE plays X and moves first.';
    savedMsg.textContent = `Imported ${file.name}: MENACE after ${counted(menace)}, opponent ${OPPONENTS[state.opponent]}. ` +
      `It replaced the MENACE you had (${before}).`;
  }

  play1.addEventListener('click', () => run(1));
  train10.addEventListener('click', () => run(10));
  train100.addEventListener('click', () => run(100));
  stopBtn.addEventListener('click', () => {
    stopRequested = true;
    if (waitingForHuman) { const r = waitingForHuman; waitingForHuman = null; r(-1); }
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
  cells.forEach((btn, c) => btn.addEventListener('click', () => {
    if (waitingForHuman && board[c] === '.') { const r = waitingForHuman; waitingForHuman = null; r(c); }
  }));
  // The arrow keys move the focus across the board (Tab walks it too).
  cellGroup.addEventListener('keydown', (e) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }[e.key];
    const at = cells.indexOf(/** @type {HTMLButtonElement} */ (e.target));
    if (step === undefined || at < 0) return;
    e.preventDefault();
    const to = at + step;
    const sameRow = Math.abs(step) === 3 || Math.floor(to / 3) === Math.floor(at / 3);
    if (to >= 0 && to < 9 && sameRow) cells[to].focus();
  });

  const { data, problem } = savedMenace.load();
  if (data) {
    replaceMenace(menaceOf(data));
    opponent.value = data.opponent;
    status.textContent = `Welcome back: MENACE after ${counted(menace)}, kept in this browser. It plays X and moves first.`;
  } else if (problem) {
    status.textContent = `Saved MENACE could not be used: ${problem}; starting with fresh matchboxes.`;
  }
  savedMsg.textContent = storageAvailable() ? 'MENACE is kept in this browser after every game.'
    : 'This browser does not let the page keep MENACE: export it to keep it.';
  renderAll();
  root.dataset.ready = 'true';

  return {
    destroy() {
      stopRequested = true;
      disarmReset();
      if (waitingForHuman) { const r = waitingForHuman; waitingForHuman = null; r(-1); }
      container.replaceChildren();
    },
  };
}
