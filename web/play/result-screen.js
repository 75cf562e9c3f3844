// Over and on Play's board: the result of a finished game (resultScreen)
// and the engine's best line (bestLineOnBoard).

import { $, computerLabel } from './play-controls.js';

// The result of a finished game over the board: who won, how, and "Play
// again", "Review the game" and "Swap sides" (against the computer). Closing
// it (×, Escape) shows the board; it comes back for the next finished game.
export function resultScreen(getController) {
  const box = $('result');
  let closedFor = '';   // the finished game whose result was closed
  const key = (c) => `${c.game.board}:${c.game.moveString()}:${c.settings.ai}`;
  // The board's button that had the focus when the box took it (update()).
  let cameFrom = /** @type {HTMLElement | null} */ (null);
  // Hides the box; with the focus inside it (Escape, ×, or a key that
  // changed the position), the focus goes back to that board button.
  const hide = () => {
    const inside = box.contains(document.activeElement);
    box.hidden = true;
    // (a mouse player's box took no focus from the board: the focus goes to the board's Tab stop)
    const back = cameFrom && cameFrom.isConnected ? cameFrom
      : getController().board.tabStop;
    if (inside && back) back.focus();
    cameFrom = null;
  };
  const close = () => {
    closedFor = key(getController());
    hide();
  };
  $('result-close').addEventListener('click', close);
  // The buttons hide the box they are in: the focus goes on to New game.
  const newGameFocus = () => $('new-game').focus();
  $('result-again').addEventListener('click', () => {
    getController().newGame();
    newGameFocus();
  });
  $('result-swap').addEventListener('click', () => {
    const c = getController();
    c.settings.ai = c.settings.ai === '1' ? '2' : '1';
    c.newGame();
    newGameFocus();
  });
  $('result-review').addEventListener('click', () => {
    const c = getController();
    close();
    if (!c.review) c.startReview();
    const current = /** @type {HTMLElement | null} */ (document.querySelector('#move-list .mv.current'));
    document.querySelector('.movelog').scrollIntoView({ block: 'nearest' });
    if (current) current.focus();
  });
  const result = {
    get shown() { return !box.hidden; },
    close,
    update() {
      const c = getController();
      const g = c.game;
      // (not over a mistake's position being practised)
      const show = c.active && !c.practise && c.state === 'game-over' && closedFor !== key(c);
      if (!show) {
        hide();
        return;
      }
      // Once the winning piece has landed (the box would hide its fall).
      if (c.board.animating) {
        hide();
        c.landing.then(() => result.update());
        return;
      }
      const vs = c.versus;
      const title = !g.winner ? 'Draw' : vs ? (c.isComputer(g.winner) ? 'The computer wins' : 'You win!') : `${c.names[g.winner]} wins`;
      box.dataset.outcome = c.resultTone;
      $('result-title').textContent = title;
      const how = g.winner ? `${lineWords(g.def.line)} in a row` : 'The board is full';
      const against = vs && computerLabel(c) ? ` against ${computerLabel(c)}` : '';
      $('result-detail').textContent = `${how} after ${g.plies} moves${against}.`;
      $('result-swap').hidden = !vs;
      $('result-review').hidden = !g.def.hasSolver;
      // A keyboard player's last move ended the game (the focus is on the
      // board's buttons): the focus goes to Play again, not on through the
      // columns that can no longer be played.
      const appearing = box.hidden;
      box.hidden = false;
      placeClear(box, c.board.canvas, g);
      const from = /** @type {HTMLElement | null} */ (document.activeElement && document.activeElement.closest('#board-keys button'));
      if (appearing && from) {
        cameFrom = from;
        $('result-again').focus();
      }
    },
  };
  return result;
}

// Puts the result card where it hides none of the winning line: over the
// board's rows above the line or below it, whichever leave more room, or
// under the board when the line leaves no room for the card (a phone, a
// vertical four). Draws go at the top.
function placeClear(box, canvas, g) {
  const { width, height } = g.def;
  const rows = g.winCells.map((i) => Math.floor(i / width));
  const above = rows.length ? Math.min(...rows) : height;
  const below = rows.length ? height - 1 - Math.max(...rows) : 0;
  const rowPx = canvas.getBoundingClientRect().height / height;
  const boardBox = /** @type {HTMLElement} */ (canvas.parentElement);
  if (box.parentElement !== boardBox) boardBox.append(box);
  box.classList.remove('result-low', 'result-under');
  if (below > above) box.classList.add('result-low');
  // The card's margin from the board's edge (4 %) and its own height, within the free rows.
  const free = Math.max(above, below) * rowPx - 0.04 * height * rowPx;
  if (box.getBoundingClientRect().height > free) {
    // Under the board and its column numbers, in the page's flow.
    box.classList.remove('result-low');
    box.classList.add('result-under');
    /** @type {HTMLElement} */ (boardBox.parentElement).append(box);
  }
}

// "Four in a row" (Connect Four), "Three in a row" (Tic-Tac-Toe): the rule's
// line, not the count of highlighted cells (two fours sharing a disc are 7).
function lineWords(n) {
  return ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'][n] || `${n}`;
}

// "Show the best line on the board": the engine's best line from the
// position shown, numbered, on the board while the button is pressed.
export function bestLineOnBoard(button, board, getGame) {
  let line = null;   // {at, moves} from the panel
  const moves = () => {
    const g = getGame();
    const now = g ? g.moveString() : '';
    if (!line || !g || g.over || !now.startsWith(line.at)) return [];
    // The line starts at an earlier position when moves of it have been played since.
    const played = now.slice(line.at.length);
    if (!line.moves.join('').startsWith(played)) return [];
    return line.moves.slice(played.length);
  };
  // aria-disabled, not disabled: a focused button keeps its focus while there is no line.
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-pressed', String(button.getAttribute('aria-pressed') !== 'true'));
    update(line);
  });
  const update = (next) => {
    line = next;
    const shown = moves();
    button.setAttribute('aria-disabled', String(shown.length === 0));
    board.setLine(button.getAttribute('aria-pressed') === 'true' ? shown.slice(0, 8) : []);
  };
  return { update };
}
