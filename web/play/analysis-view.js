// What the analysis and the game review look like: each move's label on the
// board, its sentence for the accessible list ([data-analysis-col] elements,
// a hook other tools read), the evaluation bar beside the board, and the
// review's marks. Values come from the engine (docs/protocol.md, `analyze`
// and `review`): {kind, score, exact, outcome, depth, source}, always from the
// point of view of the side to move of the position they belong to.
//   kind exact     score is the exact score (score-words.js)
//   kind wdl       score is the proven win/draw/loss: 1, 0, -1
//   kind estimate  score is the heuristic value (not proven)
//   kind pending   nothing known yet; kind illegal: not a move

import { movesToWin, scoreInWords } from '../lib/score-words.js';

/** @typedef {{kind: string, score: number, exact?: boolean, outcome?: number | null, depth?: number, source?: string}} Value */

// Win/draw/loss of a proven value (1 / 0 / -1), else null.
function proven(v) {
  return v && (v.kind === 'exact' || v.kind === 'wdl') ? Math.sign(v.score) : null;
}

// The board label of a move's value: "W6" (wins in 6 of the mover's own
// moves), "W" (a proven win, speed unknown yet), "D", "L9", "L", "≈+0.6"
// (an estimate, in tenths of the evaluation unit), "…" (pending); `tone`
// says how to colour it: win, draw, loss, estimate or pending.
export function moveLabel(gameKind, v, plies) {
  const sign = proven(v);
  if (sign !== null) {
    const tone = sign > 0 ? 'win' : sign < 0 ? 'loss' : 'draw';
    if (sign === 0) return { text: 'D', tone };
    const letter = sign > 0 ? 'W' : 'L';
    return { text: v.kind === 'exact' ? `${letter}${movesToWin(gameKind, v.score, plies)}` : letter, tone };
  }
  if (v && v.kind === 'estimate') {
    const t = v.score / 10;
    return { text: `≈${t > 0 ? '+' : t < 0 ? '−' : '±'}${Math.abs(t).toFixed(1)}`, tone: 'estimate' };
  }
  return { text: '…', tone: 'pending' };
}

// A value in words for the side to move `side` of a position after `plies`
// moves, with what it rests on: "Red wins in 6 moves (proven)".
export function valueInWords(gameKind, v, plies, side, names) {
  if (!v || v.kind === 'pending' || v.kind === 'illegal') return 'not analysed yet';
  const outcome = proven(v);
  const exact = v.kind === 'exact';
  const words = scoreInWords(gameKind, v.score, exact, plies, side, names, outcome === null ? null : outcome, v.source);
  if (outcome === null) return `${words} (estimate, depth ${v.depth || 0}, not proven)`;
  return `${words} (proven${v.source === 'book' ? ' by the opening book' : ''})`;
}

// The first player's share of the evaluation bar, 0..1, for a value of the
// position seen by `side` (1 or 2, who is to move).
export function firstPlayerShare(v, side) {
  if (!v || v.kind === 'pending' || v.kind === 'illegal') return 0.5;
  const forFirst = side === 1 ? v.score : -v.score;
  const sign = proven(v);
  if (sign !== null) return sign === 0 ? 0.5 : (side === 1 ? sign : -sign) > 0 ? 1 : 0;
  return 0.5 + 0.45 * Math.tanh(forFirst / 30);
}

// The evaluation bar: the first player's share from the bottom; the value's
// short text ("W6": the favoured side wins in 6 of its moves, "D", "≈0.6")
// at the end of the side it favours. `el` is #eval-bar.
export class EvalBar {
  constructor(el) {
    this.el = el;
    this.fill = /** @type {HTMLElement} */ (el.querySelector('.eval-fill'));
    this.text = /** @type {HTMLElement} */ (el.querySelector('.eval-text'));
  }

  show(on) { this.el.hidden = !on; }

  // v: the position's value for the side to move `side`; names: {1, 2}.
  set(gameKind, v, plies, side, names) {
    const share = firstPlayerShare(v, side);
    this.fill.style.height = `${(share * 100).toFixed(1)}%`;
    const label = v ? moveLabel(gameKind, v, plies) : { text: '', tone: 'pending' };
    let text = label.text;
    if (label.tone === 'loss') text = `W${text.slice(1)}`;  // the favoured side wins
    if (label.tone === 'estimate') text = `≈${text.slice(2)}`;
    // A proven win names its winner: the board's labels are the side to
    // move's (L18), the bar's the favoured side's ("Yellow W18").
    if ((label.tone === 'win' || label.tone === 'loss') && share !== 0.5) text = `${names[share > 0.5 ? 1 : 2]} ${text}`;
    this.text.textContent = text;
    this.el.dataset.tone = label.tone;
    this.el.dataset.favours = share > 0.5 ? '1' : share < 0.5 ? '2' : '0';
    this.el.dataset.share = share.toFixed(3);
    this.el.setAttribute('aria-label', `Evaluation: ${valueInWords(gameKind, v, plies, side, names)}`);
  }

  clear() {
    this.fill.style.height = '50%';
    this.text.textContent = '';
    this.el.dataset.tone = 'pending';
    this.el.dataset.favours = '0';
    this.el.dataset.share = '0.500';
    this.el.setAttribute('aria-label', 'Evaluation: not analysed yet');
  }
}

// The review's mark of a move: a symbol, a tone and a sentence.
const MARKS = Object.freeze({
  'keeps': { symbol: '', tone: 'good', words: 'kept the value' },
  // (not a mistake: left unmarked in the move list and the graph, named in words)
  'slower-win': { symbol: '', tone: 'slow', words: 'a slower win: it still wins, more slowly than it could (not a mistake)' },
  'win-to-draw': { symbol: '?', tone: 'mistake', words: 'threw the win away: now a draw' },
  'draw-to-loss': { symbol: '?', tone: 'mistake', words: 'turned a draw into a loss' },
  'win-to-loss': { symbol: '??', tone: 'blunder', words: 'threw the win away: now a loss' },
  'unproven': { symbol: '·', tone: 'unproven', words: 'not proven within the review’s time' },
});

export function markOf(name) {
  return MARKS[/** @type {keyof typeof MARKS} */ (name)] || MARKS.unproven;
}

// What the review says of a move: its mark's sentence; for a move that kept
// the value, which value (from the mover's side: the review's position
// before the move, `before`, has it).
export function markWords(name, before) {
  const outcome = before && (before.kind === 'exact' || before.kind === 'wdl') ? Math.sign(before.score) : null;
  if (name !== 'keeps' || outcome === null) return markOf(name).words;
  return outcome > 0 ? 'kept the win' : outcome === 0 ? 'kept the draw' : 'the game was already lost: no move saves it';
}

// A move's name as the move list shows it: "4." for the first player's
// fourth move, "4…" for the second player's (`j` is the 0-based ply).
export function moveName(j) {
  return `${Math.floor(j / 2) + 1}${j % 2 ? '…' : '.'}`;
}
