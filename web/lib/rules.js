// Game rules on the main thread: just enough to draw the board, validate
// clicks and links, and detect the end of a game. The main thread never
// searches; the engine (in the worker) has its own, faster rules.
//
// Cells are numbered in display order: index = row * width + col, row 0 at the
// top. Moves are 1-based as users write them: a column 1..7 for Connect Four,
// a cell 1..9 (row by row from the top left) for Tic-Tac-Toe.

import { GAMES, isGameKind } from './games.js';

const DIRECTIONS = [[1, 0], [0, 1], [1, 1], [1, -1]];

// Cells of every complete line of `side` through cell i (empty if none), on
// `cells` of a board of game `def` (display order, 0 empty). The page's one
// win detector: Game.play uses it, and winnerOf() for any board.
function linesThrough(def, cells, i, side) {
  const { width, height, line } = def;
  const col = i % width, row = Math.floor(i / width);
  const out = new Set();
  for (const [dc, dr] of DIRECTIONS) {
    const run = [i];
    for (const s of [1, -1]) {
      let c = col + s * dc, r = row + s * dr;
      while (c >= 0 && c < width && r >= 0 && r < height && cells[r * width + c] === side) {
        run.push(r * width + c);
        c += s * dc;
        r += s * dr;
      }
    }
    if (run.length >= line) run.forEach((x) => out.add(x));
  }
  return [...out].sort((a, b) => a - b);
}

// The side (1 or 2) with a complete line on `cells` of game `kind`, else 0.
export function winnerOf(kind, cells) {
  const def = GAMES[kind];
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] && linesThrough(def, cells, i, cells[i]).length) return cells[i];
  }
  return 0;
}

export class Game {
  constructor(kind) {
    if (!isGameKind(kind)) throw new Error(`unknown game ${kind}`);
    this.kind = kind;
    this.def = GAMES[kind];
    this.history = [];      // 1-based moves
    this.placed = [];       // cell index of every move
    this.cells = new Array(this.def.width * this.def.height).fill(0);
    this.winner = 0;
    this.winCells = [];
  }

  get plies() { return this.history.length; }
  get sideToMove() { return this.history.length % 2 === 0 ? 1 : 2; }
  get full() { return this.history.length === this.cells.length; }
  get over() { return this.winner !== 0 || this.full; }
  // 0 ongoing, 1 first player won, 2 second player won, 3 draw (as the engine).
  get outcome() { return this.winner || (this.full ? 3 : 0); }
  get lastCell() { return this.placed.length ? this.placed[this.placed.length - 1] : -1; }
  moveString() { return this.history.join(''); }

  // Cell a move would fill, or -1 if the move is not possible on this board.
  targetCell(move) {
    const { width, height, moveSlots, gravity } = this.def;
    if (!Number.isInteger(move) || move < 1 || move > moveSlots) return -1;
    if (!gravity) return this.cells[move - 1] === 0 ? move - 1 : -1;
    for (let row = height - 1; row >= 0; row--) {
      const i = row * width + (move - 1);
      if (this.cells[i] === 0) return i;
    }
    return -1;
  }

  canPlay(move) { return !this.over && this.targetCell(move) >= 0; }

  legalMoves() {
    const out = [];
    for (let m = 1; m <= this.def.moveSlots; m++) if (this.canPlay(m)) out.push(m);
    return out;
  }

  play(move) {
    if (!this.canPlay(move)) return false;
    const i = this.targetCell(move);
    const side = this.sideToMove;
    this.cells[i] = side;
    this.history.push(move);
    this.placed.push(i);
    const line = linesThrough(this.def, this.cells, i, side);
    if (line.length) {
      this.winner = side;
      this.winCells = line;
    }
    return true;
  }

  undo() {
    if (!this.history.length) return false;
    const moves = this.history.slice(0, -1);
    this.reset();
    for (const m of moves) this.play(m);
    return true;
  }

  reset() {
    this.history = [];
    this.placed = [];
    this.cells.fill(0);
    this.winner = 0;
    this.winCells = [];
  }

  // Builds a game from a move string. Returns {game} or {error} (a sentence
  // saying what is wrong); never throws.
  static fromMoves(kind, text) {
    if (!isGameKind(kind)) return { error: `unknown game '${String(kind).slice(0, 20)}'` };
    const game = new Game(kind);
    const { moveSlots: slots, noun } = game.def;
    if (typeof text !== 'string') return { error: 'the moves are missing' };
    if (text.length > game.cells.length) {
      return { error: `${text.length} moves is more than a ${game.def.name} game can have` };
    }
    for (let k = 0; k < text.length; k++) {
      const ch = text[k];
      const at = `at position ${k + 1}`;
      if (ch < '0' || ch > '9') return { error: `'${ch}' ${at} is not a move (moves are digits 1-${slots})` };
      const m = Number(ch);
      if (m < 1 || m > slots) return { error: `${noun} ${m} ${at} is out of range 1-${slots}` };
      if (game.over) return { error: `move ${m} ${at} comes after the game has ended` };
      if (!game.play(m)) {
        return { error: `${noun} ${m} ${at} ${game.def.gravity ? 'is full' : 'is already taken'}` };
      }
    }
    return { game };
  }
}
