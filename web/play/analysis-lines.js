// The analysis' best lines (docs/protocol.md, `analyze` with `lines`): the
// best N moves of the position (N is the "Lines" setting, 1-5), each with
// its value and its line of moves, as buttons in #analysis-lines. Hovering
// or focusing a line draws it on the board, numbered (the board's setLine,
// as "Show the best line on the board" does); pressing it plays the line
// onto the board (Controller.playLine): its moves become the game's moves,
// and the arrow keys and Undo step back through them.

import { moveLabel, valueInWords } from './analysis-view.js';

// The most moves of a line drawn on the board (as the best line's button draws).
const kPreviewMoves = 8;

/**
 * @param {HTMLOListElement} list  #analysis-lines
 * @param {{preview: (moves: number[] | null) => void, play: (moves: number[]) => void}} hooks
 *   preview(moves) draws a line on the board (null: the board's own line again);
 *   play(moves) plays it onto the board.
 */
export function analysisLines(list, { preview, play }) {
  let shown = '';   // the lines' key: a new reply with the same lines leaves the buttons (and the focus) alone
  const box = /** @type {HTMLElement} */ (list.closest('.analysis-lines-box'));
  // The focused line's preview, or none (the pointer left a line).
  const restore = () => {
    const f = document.activeElement;
    if (f instanceof HTMLElement && list.contains(f) && f.dataset.moves) {
      preview(f.dataset.moves.split(' ').map(Number).slice(0, kPreviewMoves));
    } else preview(null);
  };
  const clear = () => {
    shown = '';
    list.textContent = '';
    box.hidden = true;
    preview(null);
  };
  // lines: the reply's lines ([{move, moves, kind, score, ...}]), or null;
  // ctx: {kind (the board), plies, side, names, noun}.
  const show = (lines, ctx) => {
    if (!Array.isArray(lines) || !lines.length) return clear();
    const key = JSON.stringify(lines.map((l) => [l.moves, l.kind, l.score]));
    if (key === shown) return undefined;
    const focused = list.contains(document.activeElement)
      ? Number(/** @type {HTMLElement} */ (document.activeElement).dataset.line) : -1;
    shown = key;
    list.textContent = '';
    box.hidden = false;
    lines.forEach((l, i) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'analysis-line';
      button.dataset.line = String(i);
      button.dataset.moves = l.moves.join(' ');
      const label = moveLabel(ctx.kind, l, ctx.plies);
      const value = document.createElement('span');
      value.className = 'line-value';
      value.dataset.tone = label.tone;
      value.textContent = label.text;
      const moves = document.createElement('span');
      moves.className = 'line-moves';
      moves.textContent = l.moves.join(' ');
      // (the name is the button's text, the visible part included, with words for screen readers around it)
      const before = document.createElement('span');
      before.className = 'sr-only';
      before.textContent = `Line ${i + 1}, ${ctx.noun} ${l.move}: `;
      const after = document.createElement('span');
      after.className = 'sr-only';
      after.textContent = `. ${valueInWords(ctx.kind, l, ctx.plies, ctx.side, ctx.names)}. Press to play it onto the board.`;
      button.append(before, value, moves, after);
      button.title = 'Hover or focus to see it on the board; press to play it onto the board';
      const on = () => preview(l.moves.slice(0, kPreviewMoves));
      button.addEventListener('pointerenter', on);
      button.addEventListener('focus', on);
      button.addEventListener('pointerleave', restore);
      button.addEventListener('blur', () => preview(null));
      button.addEventListener('click', () => play(l.moves.slice()));
      li.append(button);
      list.append(li);
      if (i === focused) button.focus();
    });
    return undefined;
  };
  return { show, clear };
}
