// MENACE's pictures, drawn from its state (menace.js): the game board, the
// matchbox of a position with its beads, the learning curve; and the view's
// page structure. No behaviour: menace-view.js wires them.

import { h, svgEl } from '../lib/dom.js';
import { canonical, emptyCells } from './menace.js';

// One bead colour per cell: Paul Tol's "light" scheme, chosen to stay apart
// for colour-blind eyes, and light enough for at least 4.5:1 against the dark
// inside of the box (.mn-boxbg, the same in both themes). Colour is never
// the only cue: every bead carries its cell's number. Cells 1, 2 and 5 (the
// first box's corner, edge and centre) get the three most distinct colours.
const BEAD_COLOURS = ['#77AADD', '#EE8866', '#44BB99', '#FFAABB', '#EEDD88', '#99DDFF', '#BBCC33', '#AAAA00', '#DDDDDD'];
const BEAD_NAMES = ['light blue', 'orange', 'mint', 'pink', 'yellow', 'light cyan', 'lime', 'olive', 'grey'];

const s = svgEl;

// "row 1, column 2" for cell 1 (cells 0..8 in reading order).
export const cellName = (c) => `row ${Math.floor(c / 3) + 1}, column ${(c % 3) + 1}`;

// Builds the view's elements; returns them by name (`root` holds them all).
// introOpen: whether "How MENACE learns" starts open (not on a phone, where
// it would push the board off the screen).
export function buildMenaceSkeleton({ introOpen = true } = {}) {
  const opponent = h('select', { id: 'menace-opponent' },
    h('option', { value: 'minimax', text: 'Minimax (perfect play)' }),
    h('option', { value: 'random', text: 'Random player' }),
    h('option', { value: 'human', text: 'You (play O on the board)' }));
  const play1 = h('button', { type: 'button', id: 'menace-play', class: 'tv-primary', text: 'Play a game' });
  const train10 = h('button', { type: 'button', id: 'menace-train10', class: 'tv-ctl', text: 'Train 10 games' });
  const train100 = h('button', { type: 'button', id: 'menace-train100', class: 'tv-ctl', text: 'Train 100 games' });
  const stopBtn = h('button', { type: 'button', id: 'menace-stop', class: 'tv-ctl', text: 'Stop', disabled: true });
  const resetBtn = h('button', { type: 'button', id: 'menace-reset', class: 'tv-ctl', text: 'Reset MENACE' });
  const exportBtn = h('button', { type: 'button', id: 'menace-export', class: 'tv-ctl', text: 'Export MENACE' });
  // A file input has no label of its own to style: it sits, invisible but
  // focusable, inside a label drawn as a button.
  const importInput = h('input', { type: 'file', id: 'menace-import', class: 'mn-fileinput', accept: '.json,application/json' });
  const importLabel = h('label', { class: 'tv-ctl mn-file' }, 'Import MENACE…', importInput);
  const savedMsg = h('p', { id: 'menace-saved', class: 'tv-note mn-saved', role: 'status' });
  const status = h('p', { id: 'menace-status', class: 'mn-status', role: 'status', 'aria-live': 'polite', text: 'MENACE plays X and moves first.' });
  // The board: its picture, and over it one button per cell (the keyboard's
  // and the screen reader's way to play; a click lands on them too).
  const cells = Array.from({ length: 9 }, (_, c) => h('button', { type: 'button', class: 'mn-cell', 'data-cell': c + 1, 'aria-disabled': 'true' }));
  const cellGroup = h('div', { id: 'menace-cells', class: 'mn-cells', role: 'group', 'aria-label': 'Board (the arrow keys move between cells, Enter plays)' }, ...cells);
  const boardPicture = h('div', { class: 'mn-boardpic' });
  const boardBox = h('div', { id: 'menace-board', class: 'mn-board' }, h('div', { class: 'mn-boardframe' }, boardPicture, cellGroup));
  const moveList = h('ol');
  const boxTitle = h('p', { class: 'mn-boxtitle' });
  const boxView = h('div', { id: 'menace-box', class: 'mn-box' });
  const boxNote = h('p', { class: 'tv-note', id: 'menace-changes' });
  const firstBoxBtn = h('button', { type: 'button', class: 'tv-ctl', text: 'Show the first box' });
  const stats = h('p', { id: 'menace-stats', class: 'mn-stats' });
  const curve = h('div', { id: 'menace-curve', class: 'mn-curve' });
  const caption = h('p', { id: 'menace-caption', class: 'tv-note' });

  const root = h('div', { class: 'tv mn' },
    h('header', { class: 'mn-head' },
      h('h2', { text: 'MENACE: a learner made of matchboxes' }),
      h('details', { id: 'menace-intro', class: 'mn-intro', open: introOpen },
        h('summary', { text: 'How MENACE learns' }),
        h('p', { text: 'Donald Michie\'s MENACE (1961) learns without search. It plays X from matchboxes, one per position ' +
          '(304: symmetric ones share), by drawing a random bead and playing the cell numbered on it. After the game each box it ' +
          'used gets 3 more of that bead for a win, 1 for a draw, and loses it for a loss; an empty box resigns.' }))),
    h('div', { class: 'mn-main' },
      h('section', { class: 'tv-card mn-game', 'aria-label': 'Game' },
        h('h3', { text: 'Play and train' }),
        h('label', { class: 'mn-field' }, h('span', { text: 'Opponent (O)' }), opponent),
        h('div', { class: 'tv-btnrow mn-buttons' }, play1, train10, train100, stopBtn),
        boardBox, status,
        h('div', { id: 'menace-moves', class: 'mn-moves', role: 'log', 'aria-label': 'Moves of this game' }, moveList),
        h('div', { class: 'tv-btnrow mn-keep' }, exportBtn, importLabel, resetBtn),
        savedMsg),
      h('section', { class: 'tv-card mn-matchbox', 'aria-label': 'Matchbox' },
        h('div', { class: 'tv-cardhead' }, h('h3', { text: 'Matchbox' }), firstBoxBtn),
        boxTitle, boxView, boxNote),
      h('section', { class: 'tv-card mn-learning', 'aria-label': 'Learning curve' },
        h('h3', { text: 'Learning curve' }), stats, curve, caption)));
  return {
    opponent, play1, train10, train100, stopBtn, resetBtn, exportBtn, importInput, savedMsg, status, boardPicture, cells,
    cellGroup, moveList, boxTitle, boxView, boxNote, firstBoxBtn, stats, curve, caption, root,
  };
}

// An empty 3x3 board of 30x30 units (cells of 10) drawn at 240 px: its
// class, accessible name, and the classes of its background and grid lines.
function board3x3(cls, label, background, grid) {
  const svg = s('svg', { viewBox: '0 0 30 30', width: 240, height: 240, class: cls, role: 'img', 'aria-label': label });
  svg.append(s('rect', { x: 0, y: 0, width: 30, height: 30, rx: 1.5, class: background }));
  for (let i = 1; i < 3; i++) {
    svg.append(s('line', { x1: i * 10, y1: 1, x2: i * 10, y2: 29, class: grid }));
    svg.append(s('line', { x1: 1, y1: i * 10, x2: 29, y2: i * 10, class: grid }));
  }
  return svg;
}

// The board in words for a screen reader, its cells named as the cells'
// buttons and the move list name them: "Board: X at row 1, column 1 and
// row 2, column 2. O at row 1, column 3."
function boardWords(board) {
  const part = (mark) => {
    const at = [...board].map((c, i) => (c === mark ? cellName(i) : '')).filter(Boolean);
    return at.length ? `${mark} at ${at.length > 1 ? `${at.slice(0, -1).join('; ')} and ${at[at.length - 1]}` : at[0]}` : '';
  };
  const parts = [part('X'), part('O')].filter(Boolean);
  return parts.length ? `Board: ${parts.join('. ')}.` : 'Board: empty.';
}

// The game board's picture (the cells' buttons lie over it, see the
// skeleton): the marks, the last move lit, and each free cell's number in its
// corner, the number its beads carry in the matchbox.
export function drawMenaceBoard(board, highlight) {
  const svg = board3x3('tv-board mn-bigboard', boardWords(board), 'tv-paper', 'tv-grid');
  for (let c = 0; c < 9; c++) {
    const x = (c % 3) * 10 + 5;
    const y = Math.floor(c / 3) * 10 + 5;
    if (highlight.includes(c)) svg.append(s('rect', { x: x - 4.4, y: y - 4.4, width: 8.8, height: 8.8, rx: 1.2, class: 'tv-last' }));
    if (board[c] === 'X') svg.append(s('path', { d: `M${x - 2.8} ${y - 2.8}L${x + 2.8} ${y + 2.8}M${x + 2.8} ${y - 2.8}L${x - 2.8} ${y + 2.8}`, class: 'tv-x' }));
    if (board[c] === 'O') svg.append(s('circle', { cx: x, cy: y, r: 3, class: 'tv-o' }));
    if (board[c] === '.') {
      const no = s('text', { x: x - 4.1, y: y - 2.9, class: 'mn-cellno' });
      no.textContent = String(c + 1);
      svg.append(no);
    }
  }
  return svg;
}

// The box of `position` (X to move) as {title, svg, note}, drawn in the position's own
// orientation: the box stores the canonical image, cell k of which is the
// position's cell perm[k].
export function drawMatchbox(menace, position, lastChanges) {
  const { key, perm } = canonical(position);
  const { beads: stored } = menace.box(position);
  const beads = new Int16Array(9);
  for (let k = 0; k < 9; k++) beads[perm[k]] = stored[k];
  const changed = new Map(lastChanges.filter((ch) => ch.key === key)
    .map((ch) => [perm[ch.cell], ch.delta]));
  const total = beads.reduce((a, b) => a + Math.max(0, b), 0);
  const stones = 9 - emptyCells(position).length;
  const title = `${stones === 0 ? 'The first box (the empty board)' : `The box for this position (MENACE's move ${stones / 2 + 1})`}: ` +
    `${total} bead${total === 1 ? '' : 's'} · ${menace.boxes.size} of 304 boxes opened`;
  const svg = board3x3('tv-board mn-boxboard',
    `Beads per cell: ${[...beads].map((b, c) => (position[c] === '.' ? `${c + 1}: ${b}` : '')).filter(Boolean).join(', ')}`,
    'mn-boxbg', 'mn-boxgrid');
  for (let c = 0; c < 9; c++) {
    const x = (c % 3) * 10 + 5;
    const y = Math.floor(c / 3) * 10 + 5;
    if (position[c] === 'X') { svg.append(s('path', { d: `M${x - 2.5} ${y - 2.5}L${x + 2.5} ${y + 2.5}M${x + 2.5} ${y - 2.5}L${x - 2.5} ${y + 2.5}`, class: 'mn-boxmark' })); continue; }
    if (position[c] === 'O') { svg.append(s('circle', { cx: x, cy: y, r: 2.7, class: 'mn-boxmark' })); continue; }
    const n = Math.max(0, beads[c]);
    const shown = n > 12 ? 8 : n;  // more than 12: 8 beads and the count
    for (let k = 0; k < shown; k++) {
      const bx = x - 3.375 + (k % 4) * 2.25;
      const by = y - 1.5 + Math.floor(k / 4) * 2.25;
      svg.append(s('circle', { cx: bx, cy: by, r: 1, fill: BEAD_COLOURS[c], class: 'mn-bead' }));
      const no = s('text', { x: bx, y: by + 0.47, 'text-anchor': 'middle', class: 'mn-beadno' });
      no.textContent = String(c + 1);
      svg.append(no);
    }
    if (n > 12) {
      const more = s('text', { x, y: y + 4.3, 'text-anchor': 'middle', class: 'mn-count' });
      more.textContent = `${n}`;
      svg.append(more);
    }
    if (changed.has(c)) {
      const d = changed.get(c);
      const t = s('text', { x: x + 4.4, y: y - 2.65, 'text-anchor': 'end', class: d > 0 ? 'mn-plus' : 'mn-minus' });
      t.textContent = d > 0 ? `+${d}` : `${d}`;
      svg.append(t);
    }
  }
  const counts = [...beads].map((b, c) => ({ b, c })).filter(({ c }) => position[c] === '.' && beads[c] > 0);
  const note = counts.length
    ? `Beads: ${counts.map(({ b, c }) => `${b} for cell ${c + 1} (${BEAD_NAMES[c]})`).join(', ')}.` +
      (stones === 0 ? ' Cells that are the same up to symmetry share one set of beads: corner (1), edge (2), centre (5).'
        : ' Boxes are shared by positions that are the same up to rotation and reflection.')
    : 'This box is empty: MENACE resigns here.';
  return { title, svg, note };
}

// The learning curve ({svg, legend}) and the #menace-stats line ({text}).
export function drawCurve(menace) {
  const blocks = menace.curve(10);
  const w = 600;
  const hgt = 170;
  const n = Math.max(blocks.length, 10);
  const bw = w / n;
  // The view starts 14 units above the top line: room for the top tick's label.
  const svg = s('svg', { viewBox: `0 -14 ${w} ${hgt + 36}`, class: 'mn-chart', role: 'img',
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
  const count = (r) => menace.history.filter((x) => x === r).length;
  const text = `games ${menace.history.length} · wins ${count('win')} · draws ${count('draw')} · losses ${count('loss')} · boxes ${menace.boxes.size}`;
  return { svg, legend, text };
}
