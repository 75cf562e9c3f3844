// Connect Four for three in the browser: Red, Yellow and Green on a 9 x 6
// board, each seat a person or a computer playing max^n, paranoid or
// best-reply search, so a class can watch how the models of the opponents
// play (docs/connect3p.md).
//
//   #game=connect3p[&moves=DIGITS][&seats=XYZ][&time=MS]
//     seats: one letter per seat, Red Yellow Green: h a person, m max^n,
//            p paranoid, b best-reply search (default hmp); time: the computers' time a move
//            (100, 300 or 1000 ms; default 300)
//   #view=demo&game=connect3p...  the same, computers only (default seats mpm)
//
// The engine (worker.js: `state` and `search`, docs/protocol.md) reads every
// position and answers with its stones, the legal columns, the end, and the
// computer's move with its value: the page spells none of the rules.
//
// Hooks for tests: document.body.dataset.connect3p = 'loading' | 'move' (a
// person to move) | 'busy' | 'thinking' | 'paused' | 'over' | 'error';
// #c3-moves (the move string), #c3-tree (the link to the position's search
// trees, #view=tree&game=connect3p&moves=...&depth=3), #c3-status, #c3-computer (the last computer
// move in words), #c3-columns button[data-col] (a column, 1-9). The board's
// columns split its width equally.

import { clip, h, group, linkNote, newGameKey, sayForAMoment, setUsable } from '../lib/dom.js';
import { gamesWorker, readState, wirePage } from './game-page.js';

const SEATS = [['h', 'Person'], ['m', 'Computer: max^n'], ['p', 'Computer: paranoid'], ['b', 'Computer: best-reply search']];
const TIMES = [['100', '0.1 s'], ['300', '0.3 s'], ['1000', '1 s']];
const ALGO = { m: 'maxn', p: 'paranoid', b: 'brs' };
const ALGO_NAME = { maxn: 'max^n', 'maxn-plain': 'max^n', paranoid: 'paranoid', brs: 'best-reply search' };
const NAMES = ['Red', 'Yellow', 'Green'];
const sleep = (ms) => new Promise((r) => { setTimeout(r, ms); });
const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

// The page's settings from its link; `errors` names each field that is
// there but cannot be used (its default is used instead).
function readHash(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const demo = p.get('view') === 'demo';
  const errors = [];
  // The demo: computers only, max^n and paranoid both at the table.
  const seatsOk = /^[hmpb]{3}$/.test(p.get('seats') || '');
  const seats = seatsOk ? p.get('seats') : demo ? 'mpm' : 'hmp';
  if (p.has('seats') && !seatsOk) {
    errors.push(`seats '${clip(p.get('seats'))}' must be three letters, one per seat: h (a person), m (max^n), p (paranoid) or b (best-reply search)`);
  }
  const timeOk = TIMES.some(([t]) => t === p.get('time'));
  const time = timeOk ? p.get('time') : '300';
  if (p.has('time') && !timeOk) errors.push(`time '${clip(p.get('time'))}' must be ${TIMES.map(([t]) => t).join(', ')} (ms)`);
  const moves = p.get('moves') || '';
  return { seats, time, moves, demo, errors };
}

// The page's elements, by name (ui.status, ui.canvas, ...), with the
// settings `settings` selected; ui.layout holds them all.
function buildPage(settings) {
  const status = h('p', { id: 'c3-status', class: 'status', role: 'status', 'aria-live': 'polite', text: 'Loading the engine…' });
  const note = linkNote('c3-link-note');
  const canvas = h('canvas', { id: 'c3-board', class: 'c3-board', role: 'img', 'aria-label': 'Board' });
  const columns = h('div', { id: 'c3-columns', class: 'c3-columns', role: 'group', 'aria-label': 'Drop a stone in a column' },
    ...Array.from({ length: 9 }, (_, i) => h('button', { type: 'button', 'data-col': String(i + 1), text: String(i + 1), 'aria-label': `Column ${i + 1}` })));
  const newBtn = h('button', { type: 'button', id: 'c3-new', class: 'primary', title: 'New game (N)', text: 'New game' });
  const undoBtn = h('button', { type: 'button', id: 'c3-undo', title: 'Undo (U)', text: 'Undo' });
  const redoBtn = h('button', { type: 'button', id: 'c3-redo', title: 'Redo (R)', text: 'Redo' });
  const pauseBtn = h('button', { type: 'button', id: 'c3-pause', title: 'Pause or resume the computers (P)', 'aria-pressed': 'false', text: 'Pause' });
  const players = NAMES.map((name, i) => h('div', { class: 'player', id: `c3-player-${i + 1}` },
    h('span', { class: `c3-swatch c3-swatch-${i}`, 'aria-hidden': 'true' }),
    h('span', { class: 'pname' }), h('span', { class: 'pnote' }), h('span', { class: 'pturn' })));
  const computer = h('p', { id: 'c3-computer', class: 'es-computer', text: 'After each computer move, its reasoning is here.' });
  const computerDetail = h('p', { id: 'c3-computer-detail', class: 'es-computer-detail' });
  const movesOut = h('code', { id: 'c3-moves', class: 'es-position' });
  // Every move in words as it is played (a live region: the status line changes too fast to follow).
  // (a <div> of lines: a list with role=log would no longer be a list for its items)
  const log = h('div', { id: 'c3-log', class: 'c3-log', role: 'log', 'aria-label': 'Moves as they are played' });
  // The explorer's max^n and paranoid trees of the position shown (multi-view.js).
  const treeLink = h('a', { id: 'c3-tree', href: '#view=tree&game=connect3p', text: 'Search trees of this position (max^n and paranoid)' });
  const seatFields = NAMES.map((name, i) => h('label', { class: 'field' }, h('span', { text: name }),
    h('select', { id: `c3-seat-${i + 1}` }, ...SEATS.map(([v, t]) => h('option', { value: v, text: t, selected: v === settings.seats[i] })))));
  const timeSel = h('select', { id: 'c3-time' }, ...TIMES.map(([v, t]) => h('option', { value: v, text: t, selected: v === settings.time })));
  const gameSel = h('select', { id: 'c3-game' }, ...[['connect4', 'Connect Four'], ['tictactoe', 'Tic-Tac-Toe'],
    ['einstein', 'EinStein würfelt nicht! (dice)'], ['connect3p', 'Connect Four for three']].map(([v, t]) =>
    h('option', { value: v, text: t, selected: v === 'connect3p' })));
  const layout = h('div', { class: 'layout c3-layout' },
    h('section', { class: 'play', 'aria-label': 'Connect Four for three' },
      status,
      note.el,
      h('div', { class: 'c3-board-box' }, canvas, columns),
      h('div', { class: 'buttons' }, newBtn, undoBtn, redoBtn, pauseBtn),
      h('p', { class: 'keys' }, 'Keys: ', h('kbd', { text: '1' }), '–', h('kbd', { text: '9' }), ' drop · ',
        h('kbd', { text: 'U' }), ' undo · ', h('kbd', { text: 'R' }), ' redo · ', h('kbd', { text: 'N' }), ' new game · ',
        h('kbd', { text: 'P' }), ' pause')),
    h('aside', { class: 'side' },
      h('section', { class: 'card players', 'aria-label': 'Players' }, ...players),
      h('section', { class: 'card', 'aria-label': 'Computer' }, h('h2', { text: 'Computer' }), computer, computerDetail),
      h('section', { class: 'card', 'aria-label': 'Moves' }, h('h2', { text: 'Moves' }), log, h('p', { class: 'es-position-line' }, movesOut), h('p', {}, treeLink)),
      h('details', { class: 'card settings', open: true }, h('summary', {}, h('h2', { text: 'Settings' })),
        h('label', { class: 'field' }, h('span', { text: 'Game' }), gameSel),
        ...seatFields,
        h('label', { class: 'field' }, h('span', { text: "Computers' time a move" }), timeSel)),
      h('details', { class: 'card settings es-rules' }, h('summary', {}, h('h2', { text: 'Rules and the three searches' })),
        h('p', { text: 'Red, Yellow and Green drop stones in turn into 9 columns of 6. The first to make four in a row (across, down or diagonally) wins; a full board is a draw.' }),
        h('p', { text: 'max^n gives every position a value for each player (shares of 1000) and assumes each player picks what is best for itself.' }),
        h('p', { text: 'Paranoid search assumes the two others play together against it, which turns the game into a two-sided one that alpha-beta can prune.' }),
        h('p', { text: 'Best-reply search lets only the one most dangerous reply of either opponent be played between two of its own moves (the other passes), so it looks further ahead along its own moves, also with alpha-beta.' }))));
  return { status, note, canvas, columns, newBtn, undoBtn, redoBtn, pauseBtn, players, computer, log,
    computerDetail, movesOut, treeLink, seatFields, timeSel, gameSel, layout };
}

// The board on `canvas` (the engine's reading `state` of the position
// after `moves`): the stones with their letters, the winning four, the last stone.
function drawBoard(canvas, layout, state, moves) {
  const css = (name) => getComputedStyle(layout).getPropertyValue(name).trim();
  const rect = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(180, Math.round(rect.width));
  const cell = w / 9;
  const hgt = cell * 6;
  if (canvas.width !== Math.round(w * dpr)) { canvas.width = Math.round(w * dpr); canvas.height = Math.round(hgt * dpr); }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, hgt);
  ctx.fillStyle = css('--board');
  ctx.beginPath(); ctx.roundRect(0, 0, w, hgt, cell * 0.2); ctx.fill();
  const colours = [css('--c3-0'), css('--c3-1'), css('--c3-2')];
  const win = new Set(state ? state.winCells : []);
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 9; col++) {
      const v = state ? state.cells[col + 9 * row] : 0;
      const cx = (col + 0.5) * cell;
      const cy = hgt - (row + 0.5) * cell;
      ctx.fillStyle = v ? colours[v - 1] : css('--hole');
      ctx.beginPath(); ctx.arc(cx, cy, cell * 0.4, 0, Math.PI * 2); ctx.fill();
      if (v) {
        // A letter in each stone, so the colours are not the only cue.
        ctx.fillStyle = v === 2 ? '#3a2b00' : '#ffffff';
        ctx.font = `700 ${Math.round(cell * 0.32)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(NAMES[v - 1][0], cx, cy + cell * 0.02);
      }
      if (win.has(col + 9 * row)) {
        ctx.strokeStyle = css('--win');
        ctx.lineWidth = cell * 0.08;
        ctx.beginPath(); ctx.arc(cx, cy, cell * 0.34, 0, Math.PI * 2); ctx.stroke();
      }
    }
  }
  // The last stone.
  if (state && state.plies && !state.winCells.length) {
    const col = Number(moves[moves.length - 1]) - 1;
    let row = 5;
    while (row > 0 && !state.cells[col + 9 * row]) row--;
    ctx.strokeStyle = css('--text');
    ctx.lineWidth = cell * 0.04;
    ctx.beginPath(); ctx.arc((col + 0.5) * cell, hgt - (row + 0.5) * cell, cell * 0.2, 0, Math.PI * 2); ctx.stroke();
  }
}

// The board in words (the canvas's accessible name).
function describeBoard(state) {
  if (!state) return 'Board';
  const where = (p) => {
    const list = [];
    for (let i = 0; i < 54; i++) if (state.cells[i] === p + 1) list.push(`${'abcdefghi'[i % 9]}${Math.floor(i / 9) + 1}`);
    return list.join(', ') || 'none';
  };
  return `Connect Four for three, rows from the bottom. Red: ${where(0)}. Yellow: ${where(1)}. Green: ${where(2)}.`;
}

// The computer's card for its move `r` (the engine's `bestmove` reply): {text, detail}.
function computerWords(r) {
  let text;
  const who = `${NAMES[r.player]} (${ALGO_NAME[r.algorithm]})`;
  if (r.values) {
    text = `${who} played column ${r.move}. Its values, each player's share of 1000: `
      + `${r.values.map((v, i) => `${NAMES[i]} ${v}`).join(' · ')}; it takes the move best for itself.`;
  } else if (r.algorithm === 'brs') {
    text = `${who} played column ${r.move}. Against the most dangerous reply of either other player each turn it keeps ${
      r.score} of 1000${r.score === 0 ? ': if they find those replies, it cannot avoid a loss' : ''}.`;
  } else {
    text = `${who} played column ${r.move}. Against the two others playing together it keeps ${r.score} of 1000${
      r.score === 0 ? ': if they do, it cannot avoid a loss' : ''}.`;
  }
  const detail = `${r.depth} move${r.depth === 1 ? '' : 's'} deep · ${group(r.nodes)} positions`
    + `${r.values ? ` · ${group(r.shallowCuts)} shallow cut-offs` : ''} · ${(r.timeMs / 1000).toFixed(2)} s${r.exact ? ' · exact' : ''}`;
  return { text, detail };
}

// Shows the position (the engine's reading `state` of `moves`): the move
// line, the players' cards, the columns a person may play, the buttons and
// the board. `page`: {seat(i), redo (moves to redo), paused}.
function renderPage(ui, state, moves, { seat, redo, paused }) {
  const { movesOut, players, columns, undoBtn, redoBtn, pauseBtn, canvas, layout } = ui;
  const isComputer = (i) => seat(i) !== 'h';
  const seatLabel = (i) => (isComputer(i) ? `Computer (${ALGO_NAME[ALGO[seat(i)]]})` : 'Person');
  movesOut.textContent = moves || '(none yet)';
  for (let i = 0; i < 3; i++) {
    players[i].querySelector('.pname').textContent = `${NAMES[i]} · ${seatLabel(i)}`;
    players[i].querySelector('.pnote').textContent = i === 0 ? 'moves first' : i === 1 ? 'moves second' : 'moves third';
    players[i].toggleAttribute('data-active', !state.over && state.toMove === i);
    players[i].toggleAttribute('data-winner', state.over && state.winner === i);
    players[i].querySelector('.pturn').textContent = state.over ? (state.winner === i ? 'won' : '') : state.toMove === i ? 'to move' : '';
  }
  const person = !state.over && !isComputer(state.toMove);
  for (const b of columns.querySelectorAll('button')) {
    /** @type {HTMLButtonElement} */ (b).disabled = !person || !state.legal.includes(Number(/** @type {HTMLElement} */ (b).dataset.col));
  }
  undoBtn.disabled = moves.length === 0;
  redoBtn.disabled = redo === 0;
  pauseBtn.hidden = [0, 1, 2].some((i) => !isComputer(i));
  setUsable(pauseBtn, !state.over);   // (a finished game has nothing to pause; the button keeps the focus)
  pauseBtn.textContent = paused ? 'Resume' : 'Pause';
  pauseBtn.setAttribute('aria-pressed', String(paused));
  canvas.setAttribute('aria-label', describeBoard(state));
  drawBoard(canvas, layout, state, moves);
}

// The move log (ui.log, a live region), from the moves `before` to `moves`
// (the engine's reading `state`): a move played is one line, and the game's
// end another; undo and redo say where the game is now; a new game starts
// the log again. The last LOG_LINES lines are kept.
const LOG_LINES = 9;
function logMoves(log, before, moves, state, seat) {
  const line = (text) => log.append(h('p', { text }));
  if (!moves) log.replaceChildren();
  else if (moves.length === before.length + 1 && moves.startsWith(before)) {
    line(`${NAMES[(moves.length - 1) % 3]} played column ${moves[moves.length - 1]}.`);
  } else if (moves !== before) line(`Back to the position after ${moves.length} move${moves.length === 1 ? '' : 's'}.`);
  if (moves !== before && state.over) line(nextWords(state, seat));
  while (log.children.length > LOG_LINES) log.firstElementChild?.remove();
}

// What comes next: whose turn, or how the game ended.
function nextWords(state, seat) {
  const isComputer = (i) => seat(i) !== 'h';
  if (state.over) {
    if (state.draw) return 'A draw: the board is full.';
    const w = state.winner;
    return `${NAMES[w]} wins with four in a row${isComputer(w) ? ` (${ALGO_NAME[ALGO[seat(w)]]})` : ''}.`;
  }
  const p = state.toMove;
  return isComputer(p) ? `${NAMES[p]} (${ALGO_NAME[ALGO[seat(p)]]}) is thinking…` : `${NAMES[p]} to move: choose a column.`;
}

// The page's controls call `act`: a column (the board or its buttons) plays
// it, the buttons undo, redo, start a new game or pause, the pickers change
// the game or the players and their time.
function wireControls(ui, settings, act) {
  const { canvas, columns, newBtn, undoBtn, redoBtn, pauseBtn, gameSel, seatFields, timeSel } = ui;
  canvas.addEventListener('click', (ev) => {
    const rect = canvas.getBoundingClientRect();
    act.play(1 + Math.floor(((ev.clientX - rect.left) / rect.width) * 9));
  });
  columns.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('button[data-col]');
    if (b) act.play(Number(/** @type {HTMLElement} */ (b).dataset.col));
  });
  newBtn.addEventListener('click', act.newGame);
  undoBtn.addEventListener('click', () => { act.undo(); });
  redoBtn.addEventListener('click', () => { act.redoMove(); });
  pauseBtn.addEventListener('click', () => {
    if (pauseBtn.getAttribute('aria-disabled') === 'true') return;
    act.togglePause();
  });
  gameSel.addEventListener('change', () => {
    const g = gameSel.value;
    if (g !== 'connect3p') location.hash = g === 'einstein' || !settings.demo ? `#game=${g}` : `#view=demo&game=${g}`;
  });
  for (const sel of [...seatFields.map((f) => f.querySelector('select')), timeSel]) sel.addEventListener('change', act.settingsChanged);
}

// The page's link: the game's moves, its seats and the computers' time
// (those that are not the defaults), `demo` for computers only.
function linkOf(demo, moves, seats, time) {
  const p = new URLSearchParams(demo ? { view: 'demo', game: 'connect3p' } : { game: 'connect3p' });
  p.set('moves', moves);
  if (seats !== 'hmp') p.set('seats', seats);
  if (time !== '300') p.set('time', time);
  return `#${p.toString()}`;
}

// The page. options: {hash, workerUrl, onChange(hash), fromSaved (the hash is the saved game, not a link),
// savedProblem (why the saved game could not be shown: said in the note)}.
export function mountGamePage(container, options = {}) {
  const settings = readHash(options.hash ?? location.hash);
  let moves = settings.moves;
  let state = null;
  let generation = 0;
  let paused = false;
  let redo = [];
  const client = gamesWorker(options.workerUrl);
  const ask = (msg) => client.request({ game: 'connect3p', ...msg });

  const ui = buildPage(settings);
  const { status, note, canvas, pauseBtn, computer, computerDetail, treeLink, seatFields, timeSel, layout } = ui;
  container.replaceChildren(layout);

  const seat = (i) => /** @type {HTMLSelectElement} */ (seatFields[i].querySelector('select')).value;
  const isComputer = (i) => seat(i) !== 'h';
  const anyPerson = () => [0, 1, 2].some((i) => !isComputer(i));

  function writeLink() {
    treeLink.setAttribute('href', `#${new URLSearchParams({ view: 'tree', game: 'connect3p', moves, depth: '3' })}`);
    if (options.onChange) options.onChange(linkOf(settings.demo, moves, [0, 1, 2].map(seat).join(''), timeSel.value));
  }

  const draw = () => drawBoard(canvas, layout, state, moves);

  // ---- the game --------------------------------------------------------------------
  const setPhase = (p) => { document.body.dataset.connect3p = p; };

  async function load(next, gen = ++generation) {
    const s = await readState(client, 'connect3p', next);
    if (gen !== generation) return null;
    if (!s.ok) return s;
    logMoves(ui.log, state ? moves : s.moves, s.moves, s, seat);
    moves = s.moves;
    state = s;
    render();
    writeLink();
    return s;
  }

  const render = () => renderPage(ui, state, moves, { seat, redo: redo.length, paused });

  async function step() {
    const gen = generation;
    status.textContent = nextWords(state, seat);
    if (state.over) { setPhase('over'); return; }
    const p = state.toMove;
    if (!isComputer(p)) { setPhase('move'); return; }
    if (paused) { setPhase('paused'); status.textContent = `Paused: ${NAMES[p]} (${ALGO_NAME[ALGO[seat(p)]]}) moves next.`; return; }
    setPhase('thinking');
    let r;
    try {
      r = await ask({ type: 'search', position: moves, algorithm: ALGO[seat(p)], timeMs: Number(timeSel.value) });
    } catch (e) {
      if (gen === generation) { setPhase('error'); status.textContent = `The engine failed: ${e.message}`; }
      return;
    }
    if (gen !== generation) return;
    ({ text: computer.textContent, detail: computerDetail.textContent } = computerWords(r));
    if (!anyPerson()) await sleep(reducedMotion() ? 100 : 350);
    if (gen !== generation) return;
    const s = await load(moves + String(r.move));
    if (s && s.ok) step();
  }

  async function play(col) {
    if (!state || state.over || isComputer(state.toMove) || !state.legal.includes(col)) return;
    setPhase('busy');
    redo = [];
    const s = await load(moves + String(col));
    if (s && s.ok) step();
  }

  async function undo() {
    if (!moves.length) return;
    setPhase('busy');
    generation++;
    client.cancel();
    let next = moves;
    do {
      redo.push(next[next.length - 1]);
      next = next.slice(0, -1);
    } while (next.length && anyPerson() && isComputer(next.length % 3));
    if (!anyPerson()) paused = true;
    const s = await load(next);
    if (s && s.ok) step();
  }

  async function redoMove() {
    if (!redo.length) return;
    setPhase('busy');
    generation++;
    client.cancel();
    let next = moves + redo.pop();
    while (redo.length && anyPerson() && isComputer(next.length % 3)) next += redo.pop();
    const s = await load(next);
    if (s && s.ok) step();
  }

  async function newGame() {
    generation++;
    client.cancel();
    redo = [];
    computer.textContent = 'After each computer move, its reasoning is here.';
    computerDetail.textContent = '';
    const s = await load('');
    if (s && s.ok) step();
  }

  async function start() {
    setPhase('loading');
    const s = await load(moves);
    note.say(settings.errors);   // (once the page is there: the live region announces it)
    if (options.savedProblem) note.el.textContent = options.savedProblem;
    if (s && !s.ok) {
      await newGame();
      status.textContent = `${options.fromSaved ? 'Your saved game' : 'This link'}'s moves cannot be read: ${s.error}. A new game started instead.`;
      return;
    }
    if (s) step();
  }

  // New game by the person (the button, N): the link's note goes too.
  const userNewGame = () => { note.say([]); newGame(); };
  const onNewGameKey = newGameKey(() => Boolean(state && !state.over && moves.length), userNewGame, sayForAMoment(status));
  wireControls(ui, settings, {
    play, undo, redoMove, newGame: userNewGame,
    togglePause: () => { paused = !paused; render(); if (!paused) step(); },
    // (a seat or the time changed: what was asked of the computer is dropped)
    settingsChanged: () => {
      generation++;
      client.cancel();
      if (anyPerson()) paused = false;
      if (state) { render(); writeLink(); step(); }
    },
  });
  const onKey = (e) => {
    const k = e.key.toLowerCase();
    if (/^[1-9]$/.test(e.key)) play(Number(e.key));
    else if (k === 'u') undo();
    else if (k === 'r') redoMove();
    else if (k === 'n') onNewGameKey();
    else if (k === 'p' && !anyPerson()) pauseBtn.click();
  };
  const destroy = wirePage({ canvas, draw, onKey, client, hook: 'connect3p', stop: () => { generation++; } });

  start();
  return { destroy };
}
