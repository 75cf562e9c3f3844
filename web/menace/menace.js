// MENACE — Donald Michie's Machine Educable Noughts And Crosses Engine (1961):
// a learner made of matchboxes. MENACE plays X (it moves first). Every
// position it meets with X to move has a matchbox (positions that are the same
// up to rotation and reflection share one: 304 boxes suffice); a box holds
// beads, one colour per empty cell. To move, MENACE draws a bead at random
// from the box and plays that cell. After the game every box it used is
// reinforced: win +3 beads of the colour it played, draw +1, loss −1 (the bead
// is kept out). A box that runs empty means MENACE resigns.
//
// Pure logic, no DOM; the board is a 9-character string of '.', 'X', 'O'
// (cells 0..8 from the top left).

import { winnerOf } from '../lib/rules.js';

// The 8 symmetries of the square as cell permutations: image[i] = the cell
// that cell i moves to.
const SYMMETRIES = (() => {
  const rot = [6, 3, 0, 7, 4, 1, 8, 5, 2];   // rotate 90° clockwise: new cell k comes from rot[k]
  const mirror = [2, 1, 0, 5, 4, 3, 8, 7, 6];
  const compose = (a, b) => a.map((x) => b[x]);
  const id = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const out = [];
  let r = id;
  for (let i = 0; i < 4; i++) {
    out.push(r, compose(mirror, r));
    r = compose(rot, r);
  }
  return out;  // each p maps: transformed[k] = board[p[k]]
})();

// 'X' or 'O' with three in a row, 'draw' on a full board, else ''.
export function winner(board) {
  const w = winnerOf('tictactoe', [...board].map((c) => (c === 'X' ? 1 : c === 'O' ? 2 : 0)));
  if (w) return w === 1 ? 'X' : 'O';
  return board.includes('.') ? '' : 'draw';
}

export function emptyCells(board) {
  const out = [];
  for (let i = 0; i < 9; i++) if (board[i] === '.') out.push(i);
  return out;
}

// The box's board (the smallest of the 8 images) and the permutation used.
export function canonical(board) {
  let best = null;
  let perm = null;
  for (const p of SYMMETRIES) {
    const t = p.map((k) => board[k]).join('');
    if (best === null || t < best) { best = t; perm = p; }
  }
  return { key: best, perm };
}

const DEFAULT_BEADS = [4, 3, 2, 1];  // per box, by MENACE's move number (1st, 2nd, 3rd, 4th)
const DEFAULT_REWARD = { win: 3, draw: 1, loss: -1 };
// The most beads of one colour a box holds. The counts live in an Int16Array
// (at most 32,767): without a cap, hours of training (+3 per win) would wrap a
// count round to a negative number and lose MENACE's best move.
export const MAX_BEADS = 30000;

export class Menace {
  constructor({ beads = DEFAULT_BEADS, reward = DEFAULT_REWARD, random = Math.random } = {}) {
    this.initial = beads;
    this.reward = reward;
    this.random = random;
    this.boxes = new Map();  // canonical board -> Int16Array(9) of bead counts
    this.moves = [];         // this game: [{key, cell (in the box's frame)}]
    this.history = [];       // results of every game: 'win' | 'draw' | 'loss'
  }

  // The box for `board` (X to move), opened with the starting beads if new.
  box(board) {
    const { key } = canonical(board);
    let beads = this.boxes.get(key);
    if (!beads) {
      beads = new Int16Array(9);
      const stones = 9 - emptyCells(key).length;
      const n = this.initial[Math.min(stones >> 1, this.initial.length - 1)];
      // One colour per distinct move: cells equivalent under the box's own
      // symmetries share the beads of the first of them.
      const seen = new Set();
      for (const c of emptyCells(key)) {
        const rep = this.representative(key, c);
        if (seen.has(rep)) continue;
        seen.add(rep);
        beads[c] = n;
      }
      this.boxes.set(key, beads);
    }
    return { key, beads };
  }

  // The smallest cell equivalent to `cell` under the symmetries fixing `key`.
  representative(key, cell) {
    let best = cell;
    for (const p of SYMMETRIES) {
      const t = p.map((k) => key[k]).join('');
      if (t !== key) continue;
      const image = p.indexOf(cell);  // where `cell` goes under p
      if (image < best) best = image;
    }
    return best;
  }

  // Draws a bead for `board` (X to move): the cell to play, or -1 (resign:
  // the box is empty). Remembers the draw for learn().
  choose(board) {
    const free = emptyCells(board);
    if (free.length === 1) return free[0];  // the last cell: forced, no box (Michie had none)
    const { key, perm } = canonical(board);
    const { beads } = this.box(board);
    let total = 0;
    for (let c = 0; c < 9; c++) total += Math.max(0, beads[c]);
    if (total <= 0) return -1;
    let r = Math.floor(this.random() * total);
    let cell = 0;
    for (; cell < 9; cell++) {
      r -= Math.max(0, beads[cell]);
      if (r < 0) break;
    }
    this.moves.push({ key, cell, board });
    return perm[cell];  // the box's cell `cell` is the board's cell perm[cell]
  }

  // Reinforces every box of this game. Returns [{key, cell, board, delta,
  // after}]: `cell` in the box's frame, `board` the position as it was played.
  learn(result) {
    const delta = this.reward[result];
    const changes = this.moves.map(({ key, cell, board }) => {
      const beads = this.boxes.get(key);
      beads[cell] = Math.min(MAX_BEADS, Math.max(0, beads[cell] + delta));
      return { key, cell, board, delta, after: beads[cell] };
    });
    this.moves = [];
    this.history.push(result);
    return changes;
  }

  // Results per block of `size` games: [{win, draw, loss}].
  curve(size = 10) {
    const out = [];
    for (let i = 0; i + size <= this.history.length; i += size) {
      const block = { win: 0, draw: 0, loss: 0 };
      for (const r of this.history.slice(i, i + size)) block[r]++;
      out.push(block);
    }
    return out;
  }
}
