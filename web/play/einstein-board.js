// EinStein's board and die as the page draws them: the 5 x 5 board on a
// canvas (start zones, goals, coordinates, cubes, the last move, the
// selected cube's targets, the hint's arrow, the winning cube), the cell under
// a pointer, the board in words for a screen reader, and the die's face.
// Drawing only: einstein-view.js owns the game and calls these.
//
// The board's cells: a 7 % margin (the coordinates) at the top and left, then
// 5 x 5 equal cells; cell c is row * 5 + col, a1 at the top left.

import { h } from '../lib/dom.js';

const SIZE = 5;
const cellName = (c) => `${'abcde'[c % SIZE]}${Math.floor(c / SIZE) + 1}`;

// Draws `view` ({state, selected, hint, moves}: the engine's reading of the
// position, the cube the player picked, the hint's move {from, to}, the
// moves the player may choose) on `canvas`, in the colours of `layout`'s
// custom properties.
export function drawBoard(canvas, layout, { state, selected, hint, moves }) {
  const css = (name) => getComputedStyle(layout).getPropertyValue(name).trim();
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
  const centre = (c) => [x0 + (c % SIZE + 0.5) * cell, y0 + (Math.floor(c / SIZE) + 0.5) * cell];
  drawGround(ctx, css, { px, margin, cell, x0, y0, centre });
  if (!state) return;
  drawCubes(ctx, css, { cell, x0, y0, centre }, state, selected, moves);
  // The selected cube's targets (a capture: a ring around the victim).
  for (const m of moves.filter((mv) => mv.cube === selected)) {
    const [cx, cy] = centre(m.to);
    ctx.strokeStyle = css('--focus');
    ctx.fillStyle = css('--focus');
    ctx.lineWidth = cell * 0.06;
    ctx.beginPath();
    if (m.capture) { ctx.arc(cx, cy, cell * 0.45, 0, Math.PI * 2); ctx.stroke(); } else { ctx.arc(cx, cy, cell * 0.13, 0, Math.PI * 2); ctx.fill(); }
  }
  if (hint) drawHint(ctx, css, cell, centre, hint);
  for (const c of state.winCells) {
    const [cx, cy] = centre(c);
    ctx.strokeStyle = css('--win');
    ctx.lineWidth = cell * 0.07;
    ctx.beginPath(); ctx.arc(cx, cy, cell * 0.47, 0, Math.PI * 2); ctx.stroke();
  }
}

// The empty board: its squares, the start triangles, the goals and the coordinates.
function drawGround(ctx, css, { px, margin, cell, x0, y0, centre }) {
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
}

// The cubes, the last move (its start cell outlined, its cube ringed) and
// the cubes the side to move may move (ringed; the selected one thicker).
function drawCubes(ctx, css, { cell, x0, y0, centre }, state, selected, moves) {
  const last = state.turns[state.turns.length - 1];
  if (last) {
    ctx.strokeStyle = css(last.side ? '--es-blue' : '--es-red');
    ctx.lineWidth = cell * 0.04;
    ctx.setLineDash([cell * 0.07, cell * 0.05]);
    ctx.strokeRect(x0 + (last.from % SIZE) * cell + cell * 0.1, y0 + Math.floor(last.from / SIZE) * cell + cell * 0.1, cell * 0.8, cell * 0.8);
    ctx.setLineDash([]);
  }
  const movable = new Set(moves.map((m) => m.cube));
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
}

// The hint: an arrow from the cube to a ring around its target, clear of
// both cubes' numbers (a line from centre to centre covered them).
function drawHint(ctx, css, cell, centre, hint) {
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

// The cell under a pointer event on `canvas`, or -1 outside the cells.
export function cellAt(canvas, ev) {
  const rect = canvas.getBoundingClientRect();
  const margin = rect.width * 0.07;
  const cell = (rect.width - margin) / SIZE;
  const col = Math.floor((ev.clientX - rect.left - margin) / cell);
  const row = Math.floor((ev.clientY - rect.top - margin) / cell);
  return col >= 0 && col < SIZE && row >= 0 && row < SIZE ? row * SIZE + col : -1;
}

// The board in words (the canvas's accessible name).
export function describeBoard(state) {
  if (!state) return 'EinStein board';
  const where = (side) => state.cells.map((v, c) => ((side ? v < 0 : v > 0) ? `${Math.abs(v)} on ${cellName(c)}` : ''))
    .filter(Boolean).join(', ') || 'no cubes';
  return `EinStein board. Red: ${where(0)}. Blue: ${where(1)}.`;
}

// The die button's face: `face` pips (0: none).
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
export function showFace(rollBtn, pips, face) {
  pips.replaceChildren(...Array.from({ length: 9 }, (_, i) => h('span', { class: face && PIPS[face].includes(i) ? 'pip on' : 'pip' })));
  rollBtn.dataset.face = String(face || 0);
}
