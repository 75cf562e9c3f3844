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
// far. The engine (games-worker.js over protocol/einstein_json.hpp) reads
// every position and answers with its cubes, its legal moves and the
// computer's move: the page spells none of the rules.
//
// Hooks for tests: document.body.dataset.einstein = 'loading' | 'roll' |
// 'move' | 'busy' (a roll or a move on its way) | 'thinking' | 'paused' |
// 'over' | 'error'; #es-position (the position's
// text), #es-roll (the die button), #es-moves button[data-move] (the moves,
// e.g. "6d", with data-from and data-to: cells row * 5 + col), #es-status,
// #es-computer (the computer's estimate in words). The board's cells: a 7 %
// margin (the coordinates) at the top and left, then 5 x 5 equal cells.

import { clip, h, group, linkNote, newGameKey, sayForAMoment, setUsable } from '../lib/dom.js';
import { isSeed, newSeed, rollFor, setupFor } from './einstein-dice.js';
import { gamesWorker, wirePage } from './game-page.js';

const SIDES = ['Red', 'Blue'];
const LEVELS = [
  ['beginner', 'Beginner'], ['casual', 'Casual'], ['strong', 'Strong'], ['perfect', 'Strongest'],
];
const ALGOS = [['star2', 'Expectiminimax (Star2)'], ['mcts', 'Monte Carlo tree search']];
const AI = [['2', 'You (Red) vs computer'], ['1', 'Computer vs you (Blue)'], ['none', 'Two players'],
  ['both', 'Computer vs computer']];
const SIZE = 5;
const IDLE = 'After each of its moves the computer says here what it expects.';
const cellName = (c) => `${'abcde'[c % SIZE]}${Math.floor(c / SIZE) + 1}`;
const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const sleep = (ms) => new Promise((r) => { setTimeout(r, ms); });

// The page's settings from its link; `errors` names each field that is
// there but cannot be used (its default is used instead). The search is
// `algo` (as the tree explorer's links write it) or `algorithm` (as the
// Connect Four page's do).
function readEinsteinHash(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const errors = [];
  const pick = (key, list, fallback) => {
    if (!p.has(key)) return fallback;
    if (list.some(([v]) => v === p.get(key))) return p.get(key);
    errors.push(`${key} '${clip(p.get(key))}' must be ${list.map(([v]) => v).join(', ')}`);
    return fallback;
  };
  const demo = p.get('view') === 'demo';
  if (p.has('seed') && !isSeed(p.get('seed'))) errors.push(`seed '${clip(p.get('seed'))}' must be a whole number from 1 to ${2 ** 32 - 1}`);
  return {
    seed: isSeed(p.get('seed')) ? Number(p.get('seed')) : 0,
    position: p.get('position') || '',
    ai: demo ? 'both' : pick('ai', AI, '2'),
    level: pick('level', LEVELS, 'casual'),
    algorithm: pick(p.has('algo') ? 'algo' : 'algorithm', ALGOS, 'star2'),
    demo,
    errors,
  };
}

// The text of a game: "RED/BLUE" and its turns.
const joinTurns = (setups, turns) => (turns.length ? `${setups}:${turns.join(',')}` : setups);
function splitTurns(text) {
  const i = text.indexOf(':');
  return i < 0 ? { setups: text, turns: [] } : { setups: text.slice(0, i), turns: text.slice(i + 1).split(',') };
}

// The view. options: {hash, workerUrl, onChange(hash)}.
export function mountGamePage(container, options = {}) {
  const settings = readEinsteinHash(options.hash ?? location.hash);
  let seed = settings.seed || newSeed();
  let text = settings.position || `${setupFor(seed, 0)}/${setupFor(seed, 1)}`;
  let state = null;        // the engine's reading of `text` (protocol/einstein_json.hpp)
  let selected = 0;        // the cube the player picked (0: none)
  let hint = null;         // the hint's move {from, to, text}
  let redo = [];           // turns taken back, most recent last
  let generation = 0;      // bumped by every change: a stale answer is dropped
  let paused = false;
  let pendingKey = '';     // a move's number typed while the player's die rolled
  const client = gamesWorker(options.workerUrl);
  const ask = (msg) => client.request(msg);

  // ---- skeleton ---------------------------------------------------------------
  const status = h('p', { id: 'es-status', class: 'status', role: 'status', 'aria-live': 'polite', text: 'Loading the engine…' });
  const note = linkNote('es-link-note');
  const canvas = h('canvas', { id: 'es-board', class: 'es-board', role: 'img', 'aria-label': 'EinStein board' });
  const pips = h('span', { class: 'es-pips', 'aria-hidden': 'true' });
  const rollBtn = h('button', { type: 'button', id: 'es-roll', class: 'es-die', 'aria-label': 'Roll the die (Space)', disabled: true }, pips);
  const dieNote = h('p', { class: 'es-die-note', id: 'es-die-note' });
  const movesBox = h('div', { id: 'es-moves', class: 'es-moves', role: 'group', 'aria-label': 'Your moves' });
  const newBtn = h('button', { type: 'button', id: 'es-new', class: 'primary', title: 'New game (N)', text: 'New game' });
  const undoBtn = h('button', { type: 'button', id: 'es-undo', title: 'Undo (U)', text: 'Undo' });
  const redoBtn = h('button', { type: 'button', id: 'es-redo', title: 'Redo (R)', text: 'Redo' });
  const hintBtn = h('button', { type: 'button', id: 'es-hint', title: 'Hint (H)', text: 'Hint' });
  const pauseBtn = h('button', { type: 'button', id: 'es-pause', title: 'Pause or resume the computers (P)', 'aria-pressed': 'false', text: 'Pause' });
  // (a live region: never hidden, only emptied; empty, it takes no room)
  const hintText = h('p', { id: 'es-hint-text', class: 'hint-text', 'aria-live': 'polite' });
  const playerRow = (side) => h('div', { class: 'player', 'data-side': String(side + 1), id: `es-player-${side + 1}` },
    h('span', { class: `es-swatch es-swatch-${side}`, 'aria-hidden': 'true' }),
    h('span', { class: 'pname', id: `es-player-${side + 1}-name` }),
    h('span', { class: 'pnote', id: `es-player-${side + 1}-note`, text: side ? 'races to a1' : 'moves first, races to e5' }),
    h('span', { class: 'pturn', id: `es-player-${side + 1}-turn` }));
  const players = [playerRow(0), playerRow(1)];
  const computer = h('p', { id: 'es-computer', class: 'es-computer', text: IDLE });
  const computerDetail = h('p', { id: 'es-computer-detail', class: 'es-computer-detail' });
  // (it scrolls in a long game: focusable, so that a keyboard can scroll it)
  const moveList = h('ol', { id: 'es-move-list', class: 'es-move-list', 'aria-label': 'Moves of the game', tabindex: '0' });
  const noMoves = h('p', { class: 'es-no-moves', text: 'No moves yet: Red rolls first.' });
  const positionOut = h('code', { id: 'es-position', class: 'es-position' });
  const select = (id, label, list, value) => h('label', { class: 'field' }, h('span', { text: label }),
    h('select', { id }, ...list.map(([v, t]) => h('option', { value: v, text: t, selected: v === value }))));
  const gameField = select('es-game', 'Game', [['connect4', 'Connect Four'], ['tictactoe', 'Tic-Tac-Toe'],
    ['einstein', 'EinStein würfelt nicht! (dice)'], ['connect3p', 'Connect Four for three']], 'einstein');
  const aiField = select('es-ai', 'Players', AI, settings.ai);
  const levelField = select('es-level', 'Level', LEVELS, settings.level);
  const algoField = select('es-algo', "Computer's search", ALGOS, settings.algorithm);
  const levelInfo = h('p', { class: 'level-info', id: 'es-level-info' });
  // The set-ups of the next game: six digits each (the cubes on the start
  // cells, Red a1 b1 c1 a2 b2 a3, Blue e5 d5 c5 e4 d4 e3), or empty: random.
  const setupInput = (side) => h('input', { id: `es-setup-${side + 1}`, type: 'text', inputmode: 'numeric', maxlength: '6',
    autocomplete: 'off', spellcheck: 'false', placeholder: 'random', 'aria-describedby': 'es-setup-help' });
  const setupInputs = [setupInput(0), setupInput(1)];
  const setupHelp = h('p', { id: 'es-setup-help', class: 'level-info',
    text: 'For the next new game: six digits, the cubes on a1 b1 c1 a2 b2 a3 (Red) or e5 d5 c5 e4 d4 e3 (Blue); empty for a random set-up.' });
  const setupFields = h('fieldset', { class: 'es-setups' }, h('legend', { text: 'Set-ups' }),
    h('label', { class: 'field' }, h('span', { text: 'Red' }), setupInputs[0]),
    h('label', { class: 'field' }, h('span', { text: 'Blue' }), setupInputs[1]), setupHelp);
  const sel = (field) => /** @type {HTMLSelectElement} */ (field.querySelector('select'));

  const layout = h('div', { class: 'layout es-layout' },
    h('section', { class: 'play', 'aria-label': 'EinStein würfelt nicht!' },
      status,
      note.el,
      h('div', { class: 'es-table' },
        h('div', { class: 'es-board-box' }, canvas),
        h('div', { class: 'es-die-box' }, rollBtn, dieNote)),
      movesBox,
      h('div', { class: 'buttons' }, newBtn, undoBtn, redoBtn, hintBtn, pauseBtn),
      hintText,
      h('p', { class: 'keys' }, 'Keys: ', h('kbd', { text: 'Space' }), ' roll · ', h('kbd', { text: '1' }), '–',
        h('kbd', { text: '6' }), ' pick a move · ', h('kbd', { text: 'U' }), ' undo · ', h('kbd', { text: 'R' }), ' redo · ',
        h('kbd', { text: 'H' }), ' hint · ', h('kbd', { text: 'N' }), ' new game')),
    h('aside', { class: 'side' },
      h('section', { class: 'card players', 'aria-label': 'Players' }, ...players),
      h('section', { class: 'card', 'aria-label': 'Computer' }, h('h2', { text: 'Computer' }), computer, computerDetail),
      h('section', { class: 'card movelog', 'aria-label': 'Moves' }, h('h2', { text: 'Moves' }), noMoves, moveList,
        h('p', { class: 'es-position-line' }, 'Position ', positionOut)),
      h('details', { class: 'card settings', open: true }, h('summary', {}, h('h2', { text: 'Settings' })),
        gameField, aiField, levelField, algoField, levelInfo, setupFields),
      h('details', { class: 'card settings es-rules' }, h('summary', {}, h('h2', { text: 'Rules' })),
        h('p', { text: 'Each side has six cubes numbered 1–6 in its corner. Roll the die, then move the cube with that number one step towards the opposite corner: Red right, down or diagonally; Blue left, up or diagonally.' }),
        h('p', { text: 'If that cube is gone, move the next lower or the next higher one. A cube landing on another captures it — your own cubes too.' }),
        h('p', { text: 'Reach the opposite corner (Red e5, Blue a1) or capture all the other side\'s cubes to win. There are no draws.' }))));
  container.replaceChildren(layout);

  // ---- who plays -----------------------------------------------------------------
  const ai = () => sel(aiField).value;
  const isComputer = (side) => ai() === 'both' || ai() === String(side + 1);
  const level = () => sel(levelField).value;
  const algorithm = () => sel(algoField).value;
  const sideName = (side) => (ai() === 'none' || ai() === 'both' ? SIDES[side] : isComputer(side) ? `Computer (${SIDES[side]})` : `You (${SIDES[side]})`);

  function describeLevel() {
    const l = level();
    const mcts = algorithm() === 'mcts';
    const words = {
      beginner: mcts ? 'plays out 10 random games before each move' : 'looks one move ahead and often takes a merely plausible move',
      casual: mcts ? 'plays out 70 random games before each move' : 'looks two moves ahead, averaging over every roll in between',
      strong: mcts ? 'plays out random games for 0.3 s' : 'thinks 0.3 s, deeper and deeper (expectiminimax with Star2 pruning)',
      perfect: mcts ? 'plays out random games for 1 s' : 'thinks 1 s, deeper and deeper (expectiminimax with Star2 pruning)',
    };
    levelInfo.textContent = `${LEVELS.find(([v]) => v === l)[1]}: ${words[l]}.`;
  }

  function writeLink() {
    const p = new URLSearchParams(settings.demo ? { view: 'demo', game: 'einstein' } : { game: 'einstein' });
    p.set('seed', String(seed));
    p.set('position', text);
    if (!settings.demo && ai() !== '2') p.set('ai', ai());
    if (level() !== 'casual') p.set('level', level());
    if (algorithm() !== 'star2') p.set('algo', algorithm());
    // (the position's / : and , need no escaping in a link's hash: it stays readable)
    const hash = `#${p.toString().replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%2C/g, ',')}`;
    if (options.onChange) options.onChange(hash);
  }

  // ---- drawing ---------------------------------------------------------------------
  const css = (name) => getComputedStyle(layout).getPropertyValue(name).trim();
  function draw() {
    const rect = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const px = Math.max(120, Math.round(rect.width));
    if (canvas.width !== Math.round(px * dpr)) { canvas.width = Math.round(px * dpr); canvas.height = Math.round(px * dpr); }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const margin = px * 0.07;
    const cell = (px - margin) / SIZE;
    const x0 = margin;
    const y0 = margin;
    ctx.clearRect(0, 0, px, px);
    ctx.fillStyle = css('--es-board');
    ctx.beginPath();
    ctx.roundRect(x0, y0, cell * SIZE, cell * SIZE, cell * 0.12);
    ctx.fill();
    // Start triangles and goal corners.
    const start = [[0, 1, 2, 5, 6, 10], [24, 23, 22, 19, 18, 14]];
    for (let s = 0; s < 2; s++) {
      ctx.fillStyle = css(s ? '--es-blue-zone' : '--es-red-zone');
      for (const c of start[s]) ctx.fillRect(x0 + (c % SIZE) * cell, y0 + Math.floor(c / SIZE) * cell, cell, cell);
    }
    ctx.strokeStyle = css('--es-grid');
    ctx.lineWidth = 1;
    for (let i = 1; i < SIZE; i++) {
      ctx.beginPath(); ctx.moveTo(x0 + i * cell, y0); ctx.lineTo(x0 + i * cell, y0 + SIZE * cell); ctx.stroke();
      ctx.beginPath(); ctx.moveTo(x0, y0 + i * cell); ctx.lineTo(x0 + SIZE * cell, y0 + i * cell); ctx.stroke();
    }
    const centre = (c) => [x0 + (c % SIZE + 0.5) * cell, y0 + (Math.floor(c / SIZE) + 0.5) * cell];
    // The goals: a flag-like ring in the colour of the side racing there.
    for (const [c, s] of [[24, 0], [0, 1]]) {
      const [cx, cy] = centre(c);
      ctx.strokeStyle = css(s ? '--es-blue' : '--es-red');
      ctx.setLineDash([cell * 0.08, cell * 0.06]);
      ctx.lineWidth = cell * 0.05;
      ctx.beginPath(); ctx.arc(cx, cy, cell * 0.4, 0, Math.PI * 2); ctx.stroke();
      ctx.setLineDash([]);
    }
    // Coordinates.
    ctx.fillStyle = css('--muted');
    ctx.font = `600 ${Math.round(margin * 0.55)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < SIZE; i++) {
      ctx.fillText('abcde'[i], x0 + (i + 0.5) * cell, margin * 0.5);
      ctx.fillText(String(i + 1), margin * 0.5, y0 + (i + 0.5) * cell);
    }
    if (!state) return;
    // The last move: its start cell outlined.
    const last = state.turns[state.turns.length - 1];
    if (last) {
      ctx.strokeStyle = css(last.side ? '--es-blue' : '--es-red');
      ctx.lineWidth = cell * 0.04;
      ctx.setLineDash([cell * 0.07, cell * 0.05]);
      ctx.strokeRect(x0 + (last.from % SIZE) * cell + cell * 0.1, y0 + Math.floor(last.from / SIZE) * cell + cell * 0.1, cell * 0.8, cell * 0.8);
      ctx.setLineDash([]);
    }
    const movable = new Set(playerMoves().map((m) => m.cube));
    for (let c = 0; c < SIZE * SIZE; c++) {
      const v = state.cells[c];
      if (!v) continue;
      const side = v > 0 ? 0 : 1;
      const [cx, cy] = centre(c);
      const r = cell * 0.36;
      ctx.fillStyle = css(side ? '--es-blue' : '--es-red');
      ctx.beginPath(); ctx.roundRect(cx - r, cy - r, 2 * r, 2 * r, r * 0.3); ctx.fill();
      if (last && last.to === c) {
        ctx.strokeStyle = css('--text');
        ctx.lineWidth = cell * 0.03;
        ctx.stroke();
      }
      if (side === state.side && movable.has(Math.abs(v))) {
        ctx.strokeStyle = css('--focus');
        ctx.lineWidth = cell * (selected === Math.abs(v) ? 0.09 : 0.05);
        ctx.beginPath(); ctx.roundRect(cx - r - cell * 0.06, cy - r - cell * 0.06, 2 * r + cell * 0.12, 2 * r + cell * 0.12, r * 0.4); ctx.stroke();
      }
      ctx.fillStyle = '#ffffff';
      ctx.font = `800 ${Math.round(cell * 0.4)}px system-ui, sans-serif`;
      ctx.fillText(String(Math.abs(v)), cx, cy + cell * 0.02);
    }
    // The selected cube's targets (a capture: a ring around the victim).
    for (const m of playerMoves().filter((mv) => mv.cube === selected)) {
      const [cx, cy] = centre(m.to);
      ctx.strokeStyle = css('--focus');
      ctx.fillStyle = css('--focus');
      ctx.lineWidth = cell * 0.06;
      ctx.beginPath();
      if (m.capture) { ctx.arc(cx, cy, cell * 0.45, 0, Math.PI * 2); ctx.stroke(); } else { ctx.arc(cx, cy, cell * 0.13, 0, Math.PI * 2); ctx.fill(); }
    }
    if (hint) {
      // An arrow from the cube to a ring around its target, clear of both
      // cubes' numbers (a line from centre to centre covered them).
      const [ax, ay] = centre(hint.from);
      const [bx, by] = centre(hint.to);
      const len = Math.hypot(bx - ax, by - ay);
      const [ux, uy] = [(bx - ax) / len, (by - ay) / len];
      const [sx, sy] = [ax + ux * cell * 0.27, ay + uy * cell * 0.27];
      const [tx, ty] = [bx - ux * cell * 0.27, by - uy * cell * 0.27];
      const head = cell * 0.16;
      ctx.strokeStyle = ctx.fillStyle = css('--hint');
      ctx.lineWidth = cell * 0.07;
      ctx.beginPath(); ctx.moveTo(sx, sy); ctx.lineTo(tx - ux * head * 0.8, ty - uy * head * 0.8); ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(tx, ty);
      ctx.lineTo(tx - ux * head - uy * head * 0.7, ty - uy * head + ux * head * 0.7);
      ctx.lineTo(tx - ux * head + uy * head * 0.7, ty - uy * head - ux * head * 0.7);
      ctx.closePath(); ctx.fill();
      ctx.lineWidth = cell * 0.05;
      ctx.beginPath(); ctx.arc(bx, by, cell * 0.46, 0, Math.PI * 2); ctx.stroke();
    }
    for (const c of state.winCells) {
      const [cx, cy] = centre(c);
      ctx.strokeStyle = css('--win');
      ctx.lineWidth = cell * 0.07;
      ctx.beginPath(); ctx.arc(cx, cy, cell * 0.47, 0, Math.PI * 2); ctx.stroke();
    }
  }

  function cellAt(ev) {
    const rect = canvas.getBoundingClientRect();
    const margin = rect.width * 0.07;
    const cell = (rect.width - margin) / SIZE;
    const col = Math.floor((ev.clientX - rect.left - margin) / cell);
    const row = Math.floor((ev.clientY - rect.top - margin) / cell);
    return col >= 0 && col < SIZE && row >= 0 && row < SIZE ? row * SIZE + col : -1;
  }

  function describeBoard() {
    if (!state) return 'EinStein board';
    const where = (side) => state.cells.map((v, c) => ((side ? v < 0 : v > 0) ? `${Math.abs(v)} on ${cellName(c)}` : ''))
      .filter(Boolean).join(', ') || 'no cubes';
    return `EinStein board. Red: ${where(0)}. Blue: ${where(1)}.`;
  }

  // ---- the die --------------------------------------------------------------------
  const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
  function showFace(face) {
    pips.replaceChildren(...Array.from({ length: 9 }, (_, i) => h('span', { class: face && PIPS[face].includes(i) ? 'pip on' : 'pip' })));
    rollBtn.dataset.face = String(face || 0);
  }
  async function animateRoll(face, gen) {
    if (!reducedMotion()) {
      rollBtn.classList.add('rolling');
      for (let i = 0; i < 7 && gen === generation; i++) {
        showFace(1 + ((face + i * 5) % 6));
        await sleep(55 + i * 12);
      }
      rollBtn.classList.remove('rolling');
    }
    showFace(face);
  }

  // ---- the game --------------------------------------------------------------------
  // The moves the player to move may choose now (none while a computer moves).
  const playerMoves = () => (state && state.roll && !state.over && !isComputer(state.side) ? state.moves : []);

  async function load(newText, gen = ++generation) {
    const s = await ask({ type: 'state', position: newText });
    if (gen !== generation) return null;
    if (!s.ok) return s;
    text = s.position;
    state = s;
    selected = 0;
    const cubes = new Set(playerMoves().map((m) => m.cube));
    if (cubes.size === 1) selected = [...cubes][0];
    render();
    writeLink();
    return s;
  }

  function setBusy(kind) {
    document.body.dataset.einstein = kind;
  }

  function render() {
    positionOut.textContent = text;
    showFace(state.roll);
    rollBtn.disabled = !(state && !state.over && !state.roll && !isComputer(state.side));
    dieNote.textContent = state.over ? '' : state.roll ? `${SIDES[state.side]} rolled ${state.roll}`
      : isComputer(state.side) ? `${SIDES[state.side]} to roll` : 'Tap the die to roll (Space)';
    for (let s = 0; s < 2; s++) {
      /** @type {HTMLElement} */ (players[s].querySelector('.pname')).textContent = sideName(s);
      players[s].toggleAttribute('data-active', !state.over && state.side === s);
      players[s].toggleAttribute('data-winner', state.over && state.winner === s);
      players[s].querySelector('.pturn').textContent = state.over ? (state.winner === s ? 'won' : '') : state.side === s ? 'to move' : '';
      players[s].querySelector('.pnote').textContent = `${state.cubesLeft[s]} cube${state.cubesLeft[s] === 1 ? '' : 's'} · races to ${s ? 'a1' : 'e5'}`;
    }
    moveList.replaceChildren(...state.turns.map((t) => h('li', { class: `es-turn-${t.side}` },
      h('span', { class: 'es-turn-who', text: `${SIDES[t.side]} ${t.die}` }), ` ${t.words}`)));
    moveList.hidden = state.turns.length === 0;
    noMoves.hidden = state.turns.length > 0;
    noMoves.textContent = state.roll ? `No moves yet: Red rolled ${state.roll}.` : 'No moves yet: Red rolls first.';
    moveList.scrollTop = moveList.scrollHeight;
    const moves = playerMoves();
    movesBox.hidden = ai() === 'both';   // (computers only: no moves to choose, no room kept for them)
    movesBox.replaceChildren(...moves.map((m, i) => h('button', {
      type: 'button', 'data-move': m.text, 'data-from': m.from, 'data-to': m.to, class: m.cube === selected ? 'es-move selected' : 'es-move',
      title: `${i + 1}`, text: `${i + 1}. ${m.words}`,
    })));
    undoBtn.disabled = !canUndo();
    redoBtn.disabled = redo.length === 0;
    hintBtn.disabled = moves.length === 0;
    pauseBtn.hidden = ai() !== 'both';
    setUsable(pauseBtn, !state.over);   // (a finished game has nothing to pause; the button keeps the focus)
    pauseBtn.setAttribute('aria-pressed', String(paused));
    pauseBtn.textContent = paused ? 'Resume' : 'Pause';
    canvas.setAttribute('aria-label', describeBoard());
    draw();
  }

  // The status line (a live region): the last turn, so that a screen reader
  // hears the computer's (or the other player's) move, then what comes next.
  function statusFor() {
    const t = state.turns[state.turns.length - 1];
    const vs = ai() !== 'none' && ai() !== 'both';
    const last = t ? `${!vs ? SIDES[t.side] : isComputer(t.side) ? 'The computer' : 'You'} rolled ${t.die} and moved ${t.words}. ` : '';
    return last + nextFor();
  }

  // What comes next: whose turn and what to do, or who won.
  function nextFor() {
    if (state.over) {
      const w = state.winner;
      const how = state.winCells.length ? `reached ${w ? 'a1' : 'e5'}` : `captured all of ${SIDES[1 - w]}'s cubes`;
      const who = ai() === 'none' || ai() === 'both' ? `${SIDES[w]} wins` : isComputer(w) ? 'The computer wins' : 'You win';
      return `${who}: ${SIDES[w]} ${how}.`;
    }
    const who = ai() === 'none' || ai() === 'both' ? SIDES[state.side] : isComputer(state.side) ? `The computer (${SIDES[state.side]})` : `Your turn (${SIDES[state.side]})`;
    if (!state.roll) return isComputer(state.side) ? `${who} rolls…` : `${who}: roll the die.`;
    if (isComputer(state.side)) return `${who} rolled ${state.roll} and is thinking…`;
    const cubes = state.movable.length === 2 ? `cube ${state.movable[0]} or ${state.movable[1]}` : `cube ${state.movable[0]}`;
    return `${who}: you rolled ${state.roll}, move ${cubes}.`;
  }

  function canUndo() {
    if (!state) return false;
    const { turns } = splitTurns(text);
    const played = turns.filter((t) => t.length === 3);
    if (ai() === 'none') return played.length > 0;
    // vs the computer: back to the player's own earlier move.
    return played.some((_, i) => !isComputer(i % 2));
  }

  // Plays on from the current position: rolls or moves for the computer,
  // waits for a person.
  async function step() {
    const gen = generation;
    status.textContent = statusFor();
    if (state.over) { setBusy('over'); return; }
    if (!state.roll) {
      if (!isComputer(state.side)) { setBusy('roll'); return; }
      if (paused) { setBusy('paused'); return; }
      setBusy('thinking');
      await sleep(settings.demo || ai() === 'both' ? 350 : 250);
      if (gen === generation) await roll();
      return;
    }
    if (!isComputer(state.side)) { setBusy('move'); return; }
    if (paused) { setBusy('paused'); return; }
    setBusy('thinking');
    const side = state.side;
    let r;
    try {
      r = await ask({ type: 'think', position: text, level: level(), algorithm: algorithm(), seed });
    } catch (e) {
      if (gen === generation) showError(`The engine failed: ${e.message}`);
      return;
    }
    if (gen !== generation) return;
    explain({ ...r, side });
    hint = { from: r.from, to: r.to, text: r.move };
    draw();
    await sleep(reducedMotion() ? 150 : 550);
    if (gen !== generation) return;
    hint = null;
    await play(r.move, false);
  }

  async function roll() {
    if (!state || state.over || state.roll) return;
    const gen = ++generation;
    setBusy('busy');
    rollBtn.disabled = true;
    const face = rollFor(seed, state.plies);
    const mine = !isComputer(state.side);
    pendingKey = '';
    await animateRoll(face, gen);
    if (gen !== generation) return;
    const next = `${text}${state.turns.length ? ',' : ':'}${face}`;
    const s = await load(next, gen);
    if (s && s.ok) await step();
    // A move's number typed while the die rolled (Space, then 1 at once) is
    // played now, rather than lost.
    const key = pendingKey;
    pendingKey = '';
    if (mine && key && gen === generation) {
      const m = playerMoves()[Number(key) - 1];
      if (m) play(m.text);
    }
  }

  async function play(move, byPlayer = true) {
    if (!state || !state.roll) return;
    setBusy('busy');
    if (byPlayer) redo = [];
    hint = null;
    hintText.textContent = '';
    const s = await load(text + move);
    if (s && s.ok) await step();
  }

  async function undo() {
    if (!canUndo()) return;
    setBusy('busy');
    let { setups, turns } = splitTurns(text);
    if (turns.length && turns[turns.length - 1].length === 1) turns = turns.slice(0, -1);   // the pending roll
    const taken = [];
    do taken.push(turns.pop());
    while (ai() !== 'none' && isComputer(turns.length % 2));
    redo.push(...taken);
    // The player rolled that die before: the position waits for their move again.
    const back = taken[taken.length - 1];
    await load(`${setups}:${[...turns, back[0]].join(',')}`.replace(/:$/, ''));
    await step();
  }

  async function redoMove() {
    if (!redo.length) return;
    setBusy('busy');
    let { setups, turns } = splitTurns(text);
    if (turns.length && turns[turns.length - 1].length === 1) turns = turns.slice(0, -1);
    const t = redo.pop();
    const rest = [];
    // Replay the player's turn and the computer's answers up to the next turn of the player's.
    rest.push(t);
    while (redo.length && ai() !== 'none' && isComputer((turns.length + rest.length) % 2)) rest.push(redo.pop());
    const next = [...turns, ...rest];
    const s = await load(joinTurns(setups, next));
    if (s && s.ok) await step();
  }

  async function showHint() {
    const moves = playerMoves();
    if (!moves.length) return;
    const gen = generation;
    hintBtn.disabled = true;
    hintText.textContent = 'Thinking about your move…';
    try {
      const r = await ask({ type: 'think', position: text, level: 'strong', algorithm: 'star2', seed });
      if (gen !== generation) return;
      hint = { from: r.from, to: r.to, text: r.move };
      hintText.textContent = `Hint: ${r.words} — you win ${r.winPct} % of games from there by the engine's estimate.`;
      draw();
    } catch (e) {
      if (gen === generation) hintText.textContent = `No hint: ${e.message}`;
    } finally {
      if (gen === generation) hintBtn.disabled = playerMoves().length === 0;
    }
  }

  function explain(r) {
    const who = SIDES[r.side];
    const est = r.exact ? `${who} wins ${r.winPct} % of games from here: computed exactly, every roll to the end of the game`
      : `${who} expects to win ${r.winPct} % of games from here (its estimate)`;
    computer.textContent = `${est}. It played ${r.words}.`;
    const how = r.algorithm === 'mcts'
      ? `Monte Carlo tree search · ${group(r.playouts)} playouts`
      : `Expectiminimax with ${r.algorithm === 'star2' ? 'Star2' : r.algorithm === 'star1' ? 'Star1' : 'no'} pruning · ${r.depth} move${r.depth === 1 ? '' : 's'} deep`;
    computerDetail.textContent = `${how} · ${group(r.nodes)} positions · ${(r.timeMs / 1000).toFixed(2)} s`;
  }

  function showError(message) {
    setBusy('error');
    status.textContent = message;
  }

  // The next game's set-ups: the fields' where they are valid, else the seed's.
  function setups() {
    const pick = (side) => {
      const v = setupInputs[side].value.trim();
      return /^[1-6]{6}$/.test(v) && new Set(v).size === 6 ? v : setupFor(seed, side);
    };
    return `${pick(0)}/${pick(1)}`;
  }
  for (const input of setupInputs) {
    input.addEventListener('input', () => {
      const v = input.value.trim();
      const ok = v === '' || (/^[1-6]{6}$/.test(v) && new Set(v).size === 6);
      input.setAttribute('aria-invalid', String(!ok));
      setupHelp.textContent = ok ? 'For the next new game: six digits, the cubes on a1 b1 c1 a2 b2 a3 (Red) or e5 d5 c5 e4 d4 e3 (Blue); empty for a random set-up.'
        : `"${v}" is not a set-up: six different digits 1-6 (a random set-up is used instead).`;
    });
  }

  async function newGame(keepSeed = false) {
    generation++;
    client.cancel();
    setBusy('loading');   // (the old game's state is not the page's until the new one is there)
    if (!keepSeed) seed = newSeed();
    redo = [];
    hint = null;
    hintText.textContent = '';
    computer.textContent = IDLE;
    computerDetail.textContent = '';
    const s = await load(setups());
    if (s && s.ok) await step();
  }

  async function start() {
    setBusy('loading');
    describeLevel();
    const s = await load(text);
    note.say(settings.errors);   // (once the page is there: the live region announces it)
    if (s && !s.ok) {
      const linkError = `This link's position cannot be read (${s.error}); a new game started instead.`;
      await newGame(true);
      status.textContent = linkError;
      return;
    }
    if (s) await step();
  }

  // ---- events ---------------------------------------------------------------------
  rollBtn.addEventListener('click', () => { roll(); });
  movesBox.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('button[data-move]');
    if (b) play(/** @type {HTMLElement} */ (b).dataset.move);
  });
  canvas.addEventListener('click', (ev) => {
    const c = cellAt(ev);
    const moves = playerMoves();
    if (c < 0 || !moves.length) return;
    const target = moves.find((m) => m.cube === selected && m.to === c);
    if (target) { play(target.text); return; }
    const v = state.cells[c];
    const cube = Math.abs(v);
    if (v && (v > 0 ? 0 : 1) === state.side && moves.some((m) => m.cube === cube)) {
      selected = cube;
      render();
      return;
    }
    // A cell that only one movable cube reaches.
    const reach = moves.filter((m) => m.to === c);
    if (reach.length === 1) play(reach[0].text);
  });
  // New game by the person (the button, N): the link's note goes too.
  const userNewGame = () => { note.say([]); newGame(); };
  newBtn.addEventListener('click', userNewGame);
  // (a game is going on from the first roll)
  const onNewGameKey = newGameKey(() => Boolean(state && !state.over && (state.turns.length || state.roll)), userNewGame,
    sayForAMoment(status));
  undoBtn.addEventListener('click', () => { undo(); });
  redoBtn.addEventListener('click', () => { redoMove(); });
  hintBtn.addEventListener('click', () => { showHint(); });
  pauseBtn.addEventListener('click', () => {
    if (pauseBtn.getAttribute('aria-disabled') === 'true') return;
    paused = !paused;
    render();
    if (!paused) step();
  });
  sel(gameField).addEventListener('change', () => {
    const g = sel(gameField).value;
    if (g !== 'einstein') location.hash = settings.demo ? `#view=demo&game=${g}` : `#game=${g}`;
  });
  for (const f of [aiField, levelField, algoField]) {
    sel(f).addEventListener('change', () => {
      describeLevel();
      generation++;
      client.cancel();
      hint = null;
      if (state) { render(); writeLink(); step(); }
    });
  }
  const onKey = (e) => {
    const t = /** @type {HTMLElement} */ (e.target);
    if (e.key === ' ' && t && t.tagName === 'BUTTON' && t !== rollBtn) return;   // Space presses a focused button
    const k = e.key.toLowerCase();
    if (e.key === ' ' && !rollBtn.disabled) { e.preventDefault(); roll(); } else if (/^[1-6]$/.test(e.key)) {
      const m = playerMoves()[Number(e.key) - 1];
      if (m) play(m.text);
      else if (rollBtn.classList.contains('rolling') || document.body.dataset.einstein === 'busy') pendingKey = e.key;   // (roll() plays it)
    } else if (k === 'u') undo();
    else if (k === 'r') redoMove();
    else if (k === 'h') showHint();
    else if (k === 'n') onNewGameKey();
    else if (k === 'p' && ai() === 'both') pauseBtn.click();
  };
  const destroy = wirePage({ canvas, draw, onKey, client, hook: 'einstein', stop: () => { generation++; } });

  start();
  return { destroy };
}
