// MENACE, the matchbox learner (menace.js), as a view:
// mountMenaceView(container, {engine}) with the trace worker's engine
// (engine.js) as the perfect opponent: its values() gives the exact value of
// every move, and the minimax player picks at random among the best.
// Train MENACE against the minimax player, a random player or yourself; watch
// the matchbox of the position change; see results per 10 games plotted live.
// Hooks for tests: #menace-stats (text "games N · wins W · draws D · losses L
// · boxes B"), #menace-board (cells [data-cell]), #menace-box, #menace-curve.

import { h } from '../js/dom.js';
import { Menace, canonical, emptyCells, winner } from './menace.js';

const SVG = 'http://www.w3.org/2000/svg';
const BEAD_COLOURS = ['#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#9a6324'];
const BEAD_NAMES = ['red', 'green', 'yellow', 'blue', 'orange', 'purple', 'cyan', 'magenta', 'brown'];

function s(name, attrs = {}) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

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
  const valueCache = new Map();

  // ---- skeleton ------------------------------------------------------------
  const opponent = h('select', { id: 'menace-opponent', 'aria-label': 'Opponent' },
    h('option', { value: 'minimax', text: 'Minimax (perfect play)' }),
    h('option', { value: 'random', text: 'Random player' }),
    h('option', { value: 'human', text: 'You (click the board)' }));
  const play1 = h('button', { type: 'button', id: 'menace-play', class: 'tv-primary', text: 'Play a game' });
  const train10 = h('button', { type: 'button', id: 'menace-train10', class: 'tv-ctl', text: 'Train 10 games' });
  const train100 = h('button', { type: 'button', id: 'menace-train100', class: 'tv-ctl', text: 'Train 100 games' });
  const stopBtn = h('button', { type: 'button', id: 'menace-stop', class: 'tv-ctl', text: 'Stop', disabled: true });
  const resetBtn = h('button', { type: 'button', id: 'menace-reset', class: 'tv-ctl', text: 'New MENACE' });
  const status = h('p', { id: 'menace-status', class: 'mn-status', role: 'status', 'aria-live': 'polite', text: 'MENACE plays X and moves first.' });
  const boardBox = h('div', { id: 'menace-board', class: 'mn-board' });
  const boxTitle = h('p', { class: 'mn-boxtitle' });
  const boxView = h('div', { id: 'menace-box', class: 'mn-box' });
  const boxNote = h('p', { class: 'tv-note', id: 'menace-changes' });
  const firstBoxBtn = h('button', { type: 'button', class: 'tv-ctl', text: 'Show the first box' });
  const stats = h('p', { id: 'menace-stats', class: 'mn-stats' });
  const curve = h('div', { id: 'menace-curve', class: 'mn-curve' });

  const root = h('div', { class: 'tv mn' },
    h('header', { class: 'tv-head' }, h('div', {},
      h('h2', { text: 'MENACE: a learner made of matchboxes' }),
      h('p', { class: 'tv-sub', text: 'Donald Michie, 1961: one matchbox per Tic-Tac-Toe position, one colour of bead per move. ' +
        'MENACE draws a bead at random and plays it; after the game each box it used gets 3 more beads of that colour for a win, ' +
        '1 for a draw, and loses the bead after a loss. No search at all — compare it with the tree explorer.' }))),
    h('div', { class: 'mn-main' },
      h('section', { class: 'tv-card mn-game', 'aria-label': 'Game' },
        h('h3', { text: 'Play and train' }),
        h('label', { class: 'mn-field' }, h('span', { text: 'Opponent (O)' }), opponent),
        h('div', { class: 'tv-btnrow mn-buttons' }, play1, train10, train100, stopBtn),
        boardBox, status,
        h('div', { class: 'tv-btnrow' }, resetBtn)),
      h('section', { class: 'tv-card mn-matchbox', 'aria-label': 'Matchbox' },
        h('div', { class: 'tv-cardhead' }, h('h3', { text: 'Matchbox' }), firstBoxBtn),
        boxTitle, boxView, boxNote),
      h('section', { class: 'tv-card mn-learning', 'aria-label': 'Learning curve' },
        h('h3', { text: 'Learning curve' }), stats, curve,
        h('p', { class: 'tv-note', text: 'Results of MENACE per block of 10 games, oldest on the left. Against the perfect player a draw is the best it can do.' }))));
  container.replaceChildren(root);

  // ---- drawing -----------------------------------------------------------------
  function renderBoard(highlight = []) {
    const svg = s('svg', { viewBox: '0 0 30 30', width: 240, height: 240, class: 'tv-board mn-bigboard', role: 'img',
      'aria-label': `Board: ${board.replace(/\./g, '·')}` });
    svg.append(s('rect', { x: 0, y: 0, width: 30, height: 30, rx: 1.5, class: 'tv-paper' }));
    for (let i = 1; i < 3; i++) {
      svg.append(s('line', { x1: i * 10, y1: 1, x2: i * 10, y2: 29, class: 'tv-grid' }));
      svg.append(s('line', { x1: 1, y1: i * 10, x2: 29, y2: i * 10, class: 'tv-grid' }));
    }
    for (let c = 0; c < 9; c++) {
      const x = (c % 3) * 10 + 5;
      const y = Math.floor(c / 3) * 10 + 5;
      if (highlight.includes(c)) svg.append(s('rect', { x: x - 4.4, y: y - 4.4, width: 8.8, height: 8.8, rx: 1.2, class: 'tv-last' }));
      if (board[c] === 'X') svg.append(s('path', { d: `M${x - 2.8} ${y - 2.8}L${x + 2.8} ${y + 2.8}M${x + 2.8} ${y - 2.8}L${x - 2.8} ${y + 2.8}`, class: 'tv-x' }));
      if (board[c] === 'O') svg.append(s('circle', { cx: x, cy: y, r: 3, class: 'tv-o' }));
      const hit = s('rect', { x: x - 5, y: y - 5, width: 10, height: 10, class: 'mn-hit', 'data-cell': c + 1 });
      hit.addEventListener('click', () => {
        if (waitingForHuman && board[c] === '.') { const r = waitingForHuman; waitingForHuman = null; r(c); }
      });
      svg.append(hit);
    }
    boardBox.replaceChildren(svg);
    boardBox.classList.toggle('mn-yourturn', Boolean(waitingForHuman));
  }

  // The box of `position` (X to move), drawn in the position's own
  // orientation: the box stores the canonical image, cell k of which is the
  // position's cell perm[k].
  function renderBox(position = shownKey) {
    shownKey = position;
    const { key, perm } = canonical(position);
    const { beads: stored } = menace.box(position);
    const beads = new Int16Array(9);
    for (let k = 0; k < 9; k++) beads[perm[k]] = stored[k];
    const changed = new Map(lastChanges.filter((ch) => ch.key === key)
      .map((ch) => [perm[ch.cell], ch.delta]));
    const total = beads.reduce((a, b) => a + Math.max(0, b), 0);
    const stones = 9 - emptyCells(position).length;
    boxTitle.textContent = `${stones === 0 ? 'The first box (the empty board)' : `The box for this position (MENACE's move ${stones / 2 + 1})`}: ` +
      `${total} bead${total === 1 ? '' : 's'} · ${menace.boxes.size} of 304 boxes opened`;
    const svg = s('svg', { viewBox: '0 0 30 30', width: 240, height: 240, class: 'tv-board mn-boxboard', role: 'img',
      'aria-label': `Beads per cell: ${[...beads].map((b, c) => (position[c] === '.' ? `${c + 1}: ${b}` : '')).filter(Boolean).join(', ')}` });
    svg.append(s('rect', { x: 0, y: 0, width: 30, height: 30, rx: 1.5, class: 'mn-boxbg' }));
    for (let i = 1; i < 3; i++) {
      svg.append(s('line', { x1: i * 10, y1: 1, x2: i * 10, y2: 29, class: 'mn-boxgrid' }));
      svg.append(s('line', { x1: 1, y1: i * 10, x2: 29, y2: i * 10, class: 'mn-boxgrid' }));
    }
    for (let c = 0; c < 9; c++) {
      const x = (c % 3) * 10 + 5;
      const y = Math.floor(c / 3) * 10 + 5;
      if (position[c] === 'X') { svg.append(s('path', { d: `M${x - 2.5} ${y - 2.5}L${x + 2.5} ${y + 2.5}M${x + 2.5} ${y - 2.5}L${x - 2.5} ${y + 2.5}`, class: 'tv-x mn-faint' })); continue; }
      if (position[c] === 'O') { svg.append(s('circle', { cx: x, cy: y, r: 2.7, class: 'tv-o mn-faint' })); continue; }
      const n = Math.max(0, beads[c]);
      const shown = n > 12 ? 8 : n;  // more than 12: 8 beads and the count
      for (let k = 0; k < shown; k++) {
        const bx = x - 3.3 + (k % 4) * 2.2;
        const by = y - 1.5 + Math.floor(k / 4) * 2.2;
        svg.append(s('circle', { cx: bx, cy: by, r: 0.95, fill: BEAD_COLOURS[c], class: 'mn-bead' }));
      }
      if (n > 12) {
        const more = s('text', { x, y: y + 4.3, 'text-anchor': 'middle', class: 'mn-count' });
        more.textContent = `${n}`;
        svg.append(more);
      }
      if (changed.has(c)) {
        const d = changed.get(c);
        const t = s('text', { x: x + 4.3, y: y - 3, 'text-anchor': 'end', class: d > 0 ? 'mn-plus' : 'mn-minus' });
        t.textContent = d > 0 ? `+${d}` : `${d}`;
        svg.append(t);
      }
    }
    boxView.replaceChildren(svg);
    const counts = [...beads].map((b, c) => ({ b, c })).filter(({ c }) => position[c] === '.' && beads[c] > 0);
    boxNote.textContent = counts.length
      ? `Beads: ${counts.map(({ b, c }) => `${BEAD_NAMES[c]} (cell ${c + 1}) ${b}`).join(', ')}.` +
        (stones === 0 ? ' Cells that are the same up to symmetry share one colour: corner, edge, centre.' : ' Boxes are shared by positions that are the same up to rotation and reflection.')
      : 'This box is empty: MENACE resigns here.';
  }

  function renderCurve() {
    const blocks = menace.curve(10);
    const w = 600;
    const hgt = 170;
    const n = Math.max(blocks.length, 10);
    const bw = w / n;
    const svg = s('svg', { viewBox: `0 0 ${w} ${hgt + 22}`, class: 'mn-chart', role: 'img',
      'aria-label': `Results per 10 games: ${blocks.map((b) => `${b.win}-${b.draw}-${b.loss}`).join(', ') || 'none yet'}` });
    for (const f of [0, 0.5, 1]) {
      svg.append(s('line', { x1: 0, x2: w, y1: hgt - f * hgt + 0.5, y2: hgt - f * hgt + 0.5, class: 'mn-axis' }));
      const t = s('text', { x: w - 2, y: hgt - f * hgt - 3, 'text-anchor': 'end', class: 'mn-tick' });
      t.textContent = `${f * 10}`;
      svg.append(t);
    }
    blocks.forEach((b, i) => {
      let y = hgt;
      for (const [k, cls] of [['win', 'mn-win'], ['draw', 'mn-draw'], ['loss', 'mn-loss']]) {
        const bh = (b[k] / 10) * hgt;
        y -= bh;
        if (bh > 0) svg.append(s('rect', { x: i * bw + 1, y, width: Math.max(bw - 2, 1), height: bh, class: cls }));
      }
    });
    const label = s('text', { x: 0, y: hgt + 16, class: 'mn-tick' });
    label.textContent = blocks.length ? `${blocks.length * 10} games` : 'no complete block of 10 games yet';
    svg.append(label);
    const legend = h('p', { class: 'mn-legend' },
      h('span', { class: 'mn-lg mn-lg-win', text: 'MENACE wins' }),
      h('span', { class: 'mn-lg mn-lg-draw', text: 'draws' }),
      h('span', { class: 'mn-lg mn-lg-loss', text: 'losses' }));
    curve.replaceChildren(svg, legend);
    const count = (r) => menace.history.filter((x) => x === r).length;
    stats.textContent = `games ${menace.history.length} · wins ${count('win')} · draws ${count('draw')} · losses ${count('loss')} · boxes ${menace.boxes.size}`;
  }

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
      status.textContent = 'Your move (O): click a cell.';
    });
  }

  function put(cell, mark) {
    board = board.slice(0, cell) + mark + board.slice(cell + 1);
    moves += String(cell + 1);
  }

  // One game; `show` draws every move (a single game) or only the end (training).
  async function playGame({ show }) {
    board = '.........';
    moves = '';
    const who = opponent.value;
    const pause = (ms) => new Promise((r) => setTimeout(r, ms));
    let result;
    for (;;) {
      if (show && emptyCells(board).length > 1) renderBox(board);
      const x = menace.choose(board);
      if (x < 0) { result = 'loss'; status.textContent = 'MENACE\'s box for this position is empty: it resigns.'; break; }
      put(x, 'X');
      if (show) { renderBoard([x]); await pause(who === 'human' ? 250 : 350); }
      let w = winner(board);
      if (w) { result = w === 'X' ? 'win' : 'draw'; break; }
      const o = who === 'minimax' ? await minimaxMove() : who === 'random' ? randomMove() : await humanMove();
      if (o === undefined || o < 0 || stopRequested && who === 'human') { result = ''; break; }
      put(o, 'O');
      if (who === 'human') status.textContent = 'MENACE draws a bead from its box…';
      if (show) { renderBoard([o]); await pause(who === 'human' ? 0 : 300); }
      w = winner(board);
      if (w) { result = w === 'O' ? 'loss' : 'draw'; break; }
    }
    if (!result) { menace.moves = []; return ''; }
    lastChanges = menace.learn(result);
    if (show) {
      renderBoard();
      status.textContent = { win: 'MENACE wins: +3 beads in every box it used.', draw: 'A draw: +1 bead in every box MENACE used.',
        loss: 'MENACE loses: the beads it played are taken out.' }[result];
      renderBox(lastChanges.length ? lastChanges[lastChanges.length - 1].board : '.........');
    }
    return result;
  }

  function setBusy(b) {
    busy = b;
    for (const el of [play1, train10, train100, resetBtn, opponent]) el.disabled = b;
    stopBtn.disabled = !b;
    root.dataset.busy = b ? 'true' : 'false';
  }

  async function run(games) {
    if (busy) return;
    setBusy(true);
    stopRequested = false;
    try {
      if (games === 1) {
        await playGame({ show: true });
      } else {
        for (let g = 0; g < games && !stopRequested; g++) {
          await playGame({ show: false });
          if (g % 5 === 4 || g === games - 1) {
            renderBoard();
            renderCurve();
            status.textContent = `Training: game ${g + 1} of ${games} against the ${opponent.value === 'minimax' ? 'minimax' : 'random'} player.`;
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
      renderCurve();
    }
  }

  play1.addEventListener('click', () => run(1));
  train10.addEventListener('click', () => run(10));
  train100.addEventListener('click', () => run(100));
  stopBtn.addEventListener('click', () => {
    stopRequested = true;
    if (waitingForHuman) { const r = waitingForHuman; waitingForHuman = null; r(-1); }
  });
  resetBtn.addEventListener('click', () => {
    menace = new Menace();
    lastChanges = [];
    board = '.........';
    renderBoard();
    renderBox('.........');
    renderCurve();
    status.textContent = 'A new MENACE with 4 beads per move in its first box.';
  });
  firstBoxBtn.addEventListener('click', () => renderBox('.........'));
  opponent.addEventListener('change', () => {
    train10.hidden = train100.hidden = opponent.value === 'human';
  });

  renderBoard();
  renderBox('.........');
  renderCurve();
  root.dataset.ready = 'true';

  return {
    destroy() {
      stopRequested = true;
      if (waitingForHuman) { const r = waitingForHuman; waitingForHuman = null; r(-1); }
      container.replaceChildren();
    },
  };
}
