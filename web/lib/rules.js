// Game rules on the main thread: just enough to draw the board, validate
// clicks and links, and detect the end of a game. The main thread never
// searches; the engine (in the worker) has its own, faster rules.
//
// Cells are numbered in display order: index = row * width + col, row 0 at the
// top. Moves are 1-based as users write them: a column 1..7 for Connect Four,
// a cell 1..9 (row by row from the top left) for Tic-Tac-Toe. A game played
// on several boards (Connect Four) may be on another board than its own
// (`size`, 'WxH': games.js's boardDef); columns 10-12 of the widest boards
// are the letters a, b, c in move strings (the engine's notation).

import { GAMES, boardDef, isBoardSize, isGameKind } from './games.js';

/** A move as a move string writes it: 1-9, then a, b, c ... for 10, 11, 12.
 * @param {number} move */
const moveSymbol = (move) => (move <= 9 ? String(move) : String.fromCharCode(96 + move - 9));
/** A list of moves as a move string. @param {number[]} moves */
export const movesText = (moves) => moves.map(moveSymbol).join('');
/** The moves of a move string (letters a-z are 10-35; any other character
 * is NaN, which no board plays). @param {string} text @returns {number[]} */
export const movesOf = (text) => [...text].map((ch) => (ch >= 'a' && ch <= 'z' ? ch.charCodeAt(0) - 87 : Number(ch)));

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
  // size: 'WxH', a board of the game's sizes other than its own ('' its own).
  constructor(kind, size = '') {
    if (!isGameKind(kind)) throw new Error(`unknown game ${kind}`);
    if (!isBoardSize(kind, size)) throw new Error(`${kind} is not played on ${size}`);
    this.kind = kind;
    this.size = size;
    this.def = boardDef(kind, size);
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
  moveString() { return movesText(this.history); }
  // The game and its board, as a key: 'connect4', 'connect4@8x7'.
  get board() { return this.size ? `${this.kind}@${this.size}` : this.kind; }
  // The fields of an engine request that name the position (docs/protocol.md).
  get position() {
    return { game: this.kind, moves: this.moveString(), ...(this.size ? { size: this.size } : {}) };
  }

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
  static fromMoves(kind, text, size = '') {
    if (!isGameKind(kind)) return { error: `unknown game '${String(kind).slice(0, 20)}'` };
    if (!isBoardSize(kind, size)) return { error: `${GAMES[kind].name} is not played on ${String(size).slice(0, 20)}` };
    const game = new Game(kind, size);
    const { moveSlots: slots, noun } = game.def;
    if (typeof text !== 'string') return { error: 'the moves are missing' };
    if (text.length > game.cells.length) {
      return { error: `${text.length} moves is more than a ${game.def.name} game can have` };
    }
    const letters = slots > 9;
    for (let k = 0; k < text.length; k++) {
      const ch = text[k];
      const at = `at position ${k + 1}`;
      const letter = letters && ch >= 'a' && ch <= 'z';
      if ((ch < '0' || ch > '9') && !letter) {
        return { error: `'${ch}' ${at} is not a move (moves are ${letters ? `1-9 and a-${moveSymbol(slots)}` : `digits 1-${slots}`})` };
      }
      const m = movesOf(ch)[0];
      if (m < 1 || m > slots) return { error: `${noun} ${ch} ${at} is out of range 1-${moveSymbol(slots)}` };
      if (game.over) return { error: `move ${ch} ${at} comes after the game has ended` };
      if (!game.play(m)) {
        return { error: `${noun} ${ch} ${at} ${game.def.gravity ? 'is full' : 'is already taken'}` };
      }
    }
    return { game };
  }
}
