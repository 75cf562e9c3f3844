// Boards of the tree explorer as SVG: small thumbnails for tree rows and the
// larger board of the step-through. Only replays moves to draw them (the rules
// that matter for the search live in the wasm engine).

import { svgEl } from './dom.js';
import { GAMES } from './games.js';


// Cells after 0-based `moves`: {cells, last} where cells[row * cols + col] is
// 0 empty, 1 first player, 2 second player (row 0 at the top), `last` the
// index of the last move's cell or -1. Illegal moves are ignored.
export function replay(game, moves) {
  const g = GAMES[game];
  const cells = new Uint8Array(g.width * g.height);
  let last = -1;
  moves.forEach((m, i) => {
    const who = (i % 2) + 1;
    if (!g.gravity) {
      if (m >= 0 && m < g.moveSlots && !cells[m]) { cells[m] = who; last = m; }
      return;
    }
    for (let row = g.height - 1; row >= 0; row--) {
      const k = row * g.width + m;
      if (!cells[k]) { cells[k] = who; last = k; break; }
    }
  });
  return { cells, last };
}

// 0-based move string digits ("1524" -> [0, 4, 1, 3]).
export function parseMoves(text) {
  return [...(text || '')].map((ch) => Number(ch) - 1);
}

const el = svgEl;

// An <svg> of the position. `size`: width in CSS pixels; `highlight`: cell
// indexes to ring (the current path's newest move); `win`: the cells of the
// winning line, drawn with a line through them.
export function boardSvg(game, moves, { size = 36, highlight = -1, title = '', win = [] } = {}) {
  const g = GAMES[game];
  const { cells, last } = replay(game, moves);
  const mark = highlight === -1 ? last : highlight;
  const cell = 10;
  const w = g.width * cell;
  const h = g.height * cell;
  // A board with a title is an image; a thumbnail beside words that say the
  // same (a tree row) is hidden from screen readers.
  const svg = el('svg', { viewBox: `-1 -1 ${w + 2} ${h + 2}`, width: size, height: Math.round((size * (h + 2)) / (w + 2)),
    class: `tv-board tv-board-${game}`, ...(title ? { role: 'img' } : { 'aria-hidden': 'true' }) });
  if (title) {
    const t = el('title', {});
    t.textContent = title;
    svg.appendChild(t);
  }
  if (game === 'tictactoe') {
    svg.appendChild(el('rect', { x: -0.7, y: -0.7, width: w + 1.4, height: h + 1.4, rx: 1.8, class: 'tv-paper' }));
    for (let i = 1; i < 3; i++) {
      svg.appendChild(el('line', { x1: i * cell, y1: 0.6, x2: i * cell, y2: h - 0.6, class: 'tv-grid' }));
      svg.appendChild(el('line', { x1: 0.6, y1: i * cell, x2: w - 0.6, y2: i * cell, class: 'tv-grid' }));
    }
    cells.forEach((who, k) => {
      const cx = (k % 3) * cell + cell / 2;
      const cy = Math.floor(k / 3) * cell + cell / 2;
      if (k === mark && who) svg.appendChild(el('rect', { x: cx - 4.6, y: cy - 4.6, width: 9.2, height: 9.2, rx: 1.5, class: 'tv-last' }));
      if (who === 1) {
        svg.appendChild(el('path', { d: `M${cx - 2.8} ${cy - 2.8}L${cx + 2.8} ${cy + 2.8}M${cx + 2.8} ${cy - 2.8}L${cx - 2.8} ${cy + 2.8}`, class: 'tv-x' }));
      } else if (who === 2) {
        svg.appendChild(el('circle', { cx, cy, r: 3, class: 'tv-o' }));
      }
    });
  } else {
    svg.appendChild(el('rect', { x: -1, y: -1, width: w + 2, height: h + 2, rx: 2, class: 'tv-frame' }));
    cells.forEach((who, k) => {
      const cx = (k % g.width) * cell + cell / 2;
      const cy = Math.floor(k / g.width) * cell + cell / 2;
      svg.appendChild(el('circle', { cx, cy, r: 4, class: who === 1 ? 'tv-d1' : who === 2 ? 'tv-d2' : 'tv-hole' }));
      if (who === 2) svg.appendChild(el('path', { d: `M${cx} ${cy - 1.8}L${cx + 1.8} ${cy}L${cx} ${cy + 1.8}L${cx - 1.8} ${cy}Z`, class: 'tv-d2mark' }));
      if (who === 1) svg.appendChild(el('circle', { cx, cy, r: 2, class: 'tv-d1mark' }));
      if (k === mark && who) svg.appendChild(el('circle', { cx, cy, r: 4.6, class: 'tv-lastring' }));
    });
  }
  if (win.length > 1) {
    const at = (k) => [(k % g.width) * cell + cell / 2, Math.floor(k / g.width) * cell + cell / 2];
    const line = [...win].sort((a, b) => a - b);  // along the line: its ends first and last
    const [x1, y1] = at(line[0]);
    const [x2, y2] = at(line[line.length - 1]);
    svg.appendChild(el('line', { x1, y1, x2, y2, class: 'tv-winline' }));
    for (const k of line) svg.appendChild(el('circle', { cx: at(k)[0], cy: at(k)[1], r: 4.6, class: 'tv-winring' }));
  }
  return svg;
}

// Words for a 0-based move at ply `ply` ("X 5", "Red col 4").
export function moveText(game, move, ply) {
  const g = GAMES[game];
  return `${g.sides[ply % 2]} ${move + 1}`;
}

// Legal 0-based moves after `moves` (for the pruned moves of a cut-off node).
export function legalMoves(game, moves) {
  const g = GAMES[game];
  const { cells } = replay(game, moves);
  const out = [];
  // Without gravity a move is a cell; with it, a column open at the top row.
  for (let k = 0; k < g.moveSlots; k++) if (!cells[k]) out.push(k);
  return out;
}
