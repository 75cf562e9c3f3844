// The evaluation view (#view=eval&game=connect4&moves=4453): what the engine's
// static evaluation sees in a position, the value its search gives a
// position where it stops looking deeper. mountEvalView(container, {hash,
// engine, onChange}) with the worker's `state` and `evaluate` requests
// (engine/trace-engine.js, docs/protocol.md): each feature counted for the side
// to move and for the opponent, its weight, its contribution and the total
// (the engine's own featureCounts and evaluate(): one code path, nothing is
// computed here), and the cells each feature counts drawn on the board
// (featureMarks) when its row is hovered, focused or chosen. The board is
// drawn from the state's cells; a move is played by clicking the board or a
// move button, or typed in the moves field. Under it, the horizon lesson
// (horizon-lesson.js). Returns {load(hash), destroy()}.
// Hooks for tests: #eval-board (svg), #eval-table (rows [data-feature]),
// #eval-total, #eval-moves, #eval-msg, [data-eval-move] buttons.

import { clip, h, linkNote, svgEl } from '../lib/dom.js';
import { GAMES, isGameKind } from '../lib/games.js';
import { horizonLesson } from './horizon-lesson.js';

const CELL = 10;

// A cell index of the engine (col + width x row; row 0 at the bottom for a
// game with gravity, at the top otherwise) -> its centre in the drawing.
function centreOf(game, k) {
  const g = GAMES[game];
  const col = k % g.width;
  const row = Math.floor(k / g.width);
  const y = g.gravity ? g.height - 1 - row : row;
  return [col * CELL + CELL / 2, y * CELL + CELL / 2];
}

// A cell of the engine in words: "column 4 row 1" (rows from the bottom) for
// a game with gravity, "cell 5" otherwise.
function cellWords(game, k) {
  const g = GAMES[game];
  return g.gravity ? `${g.noun} ${(k % g.width) + 1} row ${Math.floor(k / g.width) + 1}` : `${g.noun} ${k + 1}`;
}

// The board of `state` with the marks of `feature` (one of the evaluation's
// features, or null): the side to move's groups solid, the opponent's dashed.
function drawBoard(svg, game, state, feature) {
  const g = GAMES[game];
  const w = g.width * CELL;
  const hgt = g.height * CELL;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `-1 -1 ${w + 2} ${hgt + 2}`);
  const title = svgEl('title', {});
  svg.append(title);
  if (g.gravity) svg.append(svgEl('rect', { x: -1, y: -1, width: w + 2, height: hgt + 2, rx: 2, class: 'tv-frame' }));
  else svg.append(svgEl('rect', { x: -0.7, y: -0.7, width: w + 1.4, height: hgt + 1.4, rx: 1.8, class: 'tv-paper' }));
  const stones = [[], []];
  state.cells.forEach((who, k) => {
    const [cx, cy] = centreOf(game, k);
    if (g.gravity) {
      svg.append(svgEl('circle', { cx, cy, r: 4, class: who === 1 ? 'tv-d1' : who === 2 ? 'tv-d2' : 'tv-hole' }));
    } else {
      svg.append(svgEl('rect', { x: cx - CELL / 2 + 0.3, y: cy - CELL / 2 + 0.3, width: CELL - 0.6, height: CELL - 0.6, class: 'ev-square' }));
      if (who === 1) svg.append(svgEl('path', { d: `M${cx - 2.8} ${cy - 2.8}L${cx + 2.8} ${cy + 2.8}M${cx + 2.8} ${cy - 2.8}L${cx - 2.8} ${cy + 2.8}`, class: 'tv-x' }));
      if (who === 2) svg.append(svgEl('circle', { cx, cy, r: 3, class: 'tv-o' }));
    }
    if (who) stones[who - 1].push(cellWords(game, k));
  });
  const where = stones.map((list, p) => `${g.sides[p]}: ${list.length ? list.join(', ') : 'none'}`).join('; ');
  const groupWords = (groups) => groups.map((cells) => cells.map((k) => cellWords(game, k)).join(' to ')).join('; ');
  title.textContent = `${g.name}, ${state.plies} move${state.plies === 1 ? '' : 's'} played, ${g.sides[state.toMove]} to move. ${where}.`
    + (feature ? ` Marked: ${feature.name}, ${feature.mine} for ${g.sides[state.toMove]}`
      + `${feature.mine ? ` (${groupWords(feature.marks.mine)})` : ''}, ${feature.theirs} for ${g.sides[1 - state.toMove]}`
      + `${feature.theirs ? ` (${groupWords(feature.marks.theirs)})` : ''}.` : '');
  if (!feature) return;
  for (const [side, groups] of [['theirs', feature.marks.theirs], ['mine', feature.marks.mine]]) {
    groups.forEach((group, i) => {
      const points = group.map((k) => centreOf(game, k)).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const [x1, y1] = points[0];
      const [x2, y2] = points[points.length - 1];
      if (points.length === 1) {
        svg.append(svgEl('circle', { cx: x1, cy: y1, r: 4.4, class: `ev-ring ev-${side}` }));
        return;
      }
      // Lines that overlap (two windows of one row) are set apart across
      // their direction, so that each counted line can be seen.
      const len = Math.hypot(x2 - x1, y2 - y1);
      const shift = ((i % 3) - 1) * 1.3;
      const dx = (-(y2 - y1) / len) * shift;
      const dy = ((x2 - x1) / len) * shift;
      svg.append(svgEl('line', { x1: x1 + dx, y1: y1 + dy, x2: x2 + dx, y2: y2 + dy, class: `ev-line ev-${side}` }));
    });
  }
}

// The table's rows: one per feature (a focusable row that shows its marks),
// then the total.
function fillTable(tbody, game, ev, show) {
  const g = GAMES[game];
  tbody.replaceChildren();
  for (const f of ev.features) {
    const sign = f.contribution > 0 ? '+' : '';
    const row = h('tr', { 'data-feature': f.name, tabindex: '0', title: f.help },
      h('th', { scope: 'row' }, h('span', { class: 'ev-name', text: f.name }), h('span', { class: 'ev-help', text: f.help })),
      h('td', { text: String(f.weight) }),
      h('td', { text: String(f.mine) }),
      h('td', { text: String(f.theirs) }),
      h('td', { class: 'ev-contrib', text: `${sign}${f.contribution}` }));
    const pick = () => show(f);
    row.addEventListener('mouseenter', pick);
    row.addEventListener('focus', pick);
    row.addEventListener('click', pick);
    tbody.append(row);
  }
  const mover = g.sides[ev.toMove];
  tbody.append(h('tr', { class: 'ev-totalrow' },
    h('th', { scope: 'row', text: 'Total' }), h('td', { colspan: '3', class: 'tv-muted', text: `for ${mover}, the side to move` }),
    h('td', { id: 'eval-total', class: 'ev-contrib', text: String(ev.total) })));
}

/**
 * @param {HTMLElement} container
 * @param {{hash: string, engine: any, onChange: (hash: string) => void}} opts
 */
export function mountEvalView(container, { hash, engine, onChange }) {
  const games = Object.values(GAMES);
  const gameSel = h('select', { id: 'eval-game' }, ...games.map((g) => h('option', { value: g.id, text: g.name })));
  const movesIn = h('input', { id: 'eval-moves', type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false' });
  const showBtn = h('button', { type: 'submit', class: 'tv-primary', text: 'Show' });
  const undoBtn = h('button', { type: 'button', class: 'tv-ctl', text: 'Take back' });
  const clearBtn = h('button', { type: 'button', class: 'tv-ctl', text: 'Empty board' });
  const form = h('form', { class: 'tv-pos' },
    h('label', {}, 'Game', gameSel), h('label', {}, 'Moves', movesIn), showBtn, undoBtn, clearBtn);
  const msg = h('p', { id: 'eval-msg', class: 'tv-msg', role: 'status' });
  const note = linkNote('eval-link-note');
  const board = svgEl('svg', { id: 'eval-board', role: 'img', class: 'ev-board' });
  const moveRow = h('div', { class: 'ev-moves', role: 'group', 'aria-label': 'Play a move' });
  const tbody = h('tbody', {});
  const caption = h('caption', {});
  const table = h('table', { id: 'eval-table', class: 'ev-table' }, caption,
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Feature' }), h('th', { scope: 'col', text: 'Weight' }),
      h('th', { scope: 'col', class: 'ev-mine-h' }), h('th', { scope: 'col', class: 'ev-theirs-h' }),
      h('th', { scope: 'col', text: 'Contribution' }))), tbody);
  const marked = h('p', { class: 'tv-note', 'aria-live': 'polite' });
  const links = h('p', { class: 'ev-links' });
  const root = h('div', { class: 'tv ev' },
    h('header', { class: 'tv-head' }, h('div', { class: 'tv-title' }, h('h2', { text: 'What the evaluation sees' }),
      h('p', { class: 'tv-sub', text: 'A search cannot look to the end of the game: where it stops (its horizon) it scores the position '
        + 'with a static evaluation, a weighted sum of features counted for each side. Here is that sum, from the engine itself, '
        + 'for any position: hover or focus a feature to see on the board what it counts.' })), form),
    msg, note.el,
    h('div', { class: 'ev-main' },
      h('section', { class: 'tv-card', 'aria-label': 'Board' }, board, moveRow, links),
      h('section', { class: 'tv-card', 'aria-label': 'The evaluation' }, table, marked,
        h('p', { class: 'tv-note', text: 'Each contribution is weight × (the side to move’s count − the opponent’s). A positive total '
          + 'favours the side to move; the search (negamax) negates it for the other side.' }))));
  root.append(horizonLesson({ engine, show: (g, m) => showPosition(g, m) }));
  container.append(root);

  let game = 'connect4';
  let moves = '';
  let asked = 0;          // the latest request's number: older replies are dropped
  let state = null;
  let ev = null;

  const show = (f) => {
    for (const r of tbody.querySelectorAll('tr[data-feature]')) r.classList.toggle('ev-on', r.getAttribute('data-feature') === f.name);
    drawBoard(board, game, state, f);
    const g = GAMES[game];
    marked.textContent = `Marked: ${f.name}, ${f.help}: ${f.mine} for ${g.sides[state.toMove]} (solid green), `
      + `${f.theirs} for ${g.sides[1 - state.toMove]} (dashed purple).`;
  };

  function render() {
    const g = GAMES[game];
    gameSel.value = game;
    movesIn.value = moves;
    table.querySelector('.ev-mine-h').textContent = `${g.sides[state.toMove]} (to move)`;
    table.querySelector('.ev-theirs-h').textContent = g.sides[1 - state.toMove];
    caption.textContent = `${g.name} after ${moves ? moves : 'no moves'}: the static evaluation for ${g.sides[state.toMove]}`;
    fillTable(tbody, game, ev, show);
    drawBoard(board, game, state, null);
    marked.textContent = '';
    // (a move button pressed keeps the keyboard's place: the same column's, or the first)
    const pressed = /** @type {HTMLElement | null} */ (document.activeElement)?.getAttribute?.('data-eval-move');
    moveRow.replaceChildren(...state.legal.map((m) => h('button', { type: 'button', class: 'tv-ctl', 'data-eval-move': String(m),
      'aria-label': `Play ${g.noun} ${m}`, text: String(m) })));
    if (pressed) {
      const again = /** @type {HTMLElement | null} */ (moveRow.querySelector(`[data-eval-move="${pressed}"]`) || moveRow.firstElementChild);
      again?.focus();
    }
    links.replaceChildren(h('a', { href: `#${new URLSearchParams({ game, moves })}`, text: 'Play from here' }), ' · ',
      h('a', { href: `#${new URLSearchParams({ view: 'tree', game, moves })}`, text: 'Search tree of this position' }));
  }

  // Shows `nextMoves` of `nextGame`: the state and the evaluation from the
  // worker; a position it refuses keeps the last one shown, with its message.
  async function showPosition(nextGame, nextMoves) {
    const mine = ++asked;
    try {
      const [s, e] = await Promise.all([engine.state(nextGame, nextMoves), engine.evaluate(nextGame, nextMoves)]);
      if (mine !== asked) return;
      game = nextGame;
      moves = nextMoves;
      state = s;
      ev = e;
      msg.textContent = '';
      msg.classList.remove('tv-error');
      render();
      onChange(`#${new URLSearchParams({ view: 'eval', game, moves })}`);
    } catch (err) {
      if (mine !== asked) return;
      msg.textContent = `${clip(nextMoves) || 'This position'}: ${err.message || err}`;
      msg.classList.add('tv-error');
      // The first position of a link that could not be shown: the empty
      // board of its game instead, under the message.
      if (!state && nextMoves) {
        const said = msg.textContent;
        await showPosition(nextGame, '');
        msg.textContent = said;
        msg.classList.add('tv-error');
      }
    }
  }

  form.addEventListener('submit', (e) => { e.preventDefault(); showPosition(gameSel.value, movesIn.value.trim()); });
  gameSel.addEventListener('change', () => showPosition(gameSel.value, ''));
  undoBtn.addEventListener('click', () => { if (moves) showPosition(game, moves.slice(0, -1)); });
  clearBtn.addEventListener('click', () => showPosition(game, ''));
  moveRow.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('[data-eval-move]');
    if (b) showPosition(game, moves + b.getAttribute('data-eval-move'));
  });
  board.addEventListener('click', (e) => {
    const g = GAMES[game];
    // (the click in the drawing's own units: its margin and scale taken out)
    const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(board.getScreenCTM().inverse());
    const col = Math.floor(at.x / CELL);
    const row = Math.floor(at.y / CELL);
    const slot = g.gravity ? col + 1 : row * g.width + col + 1;
    if (state && state.legal.includes(slot)) showPosition(game, moves + String(slot));
  });

  function load(h2) {
    const p = new URLSearchParams(String(h2 || '').replace(/^#/, ''));
    const errors = [];
    let g = p.get('game') || 'connect4';
    if (!isGameKind(g)) {
      errors.push(`game "${clip(g)}" is not one of ${games.map((x) => x.id).join(', ')}`);
      g = 'connect4';
    }
    // (the engine's evaluate reads the game's own board: Connect Four's 7x6)
    const size = p.get('size');
    const otherBoard = size !== null && size !== '7x6';
    if (otherBoard) errors.push(`size "${clip(size)}": this view shows the 7x6 board only, so the moves were not used`);
    note.say(errors);
    showPosition(g, otherBoard ? '' : p.get('moves') || '');
  }
  load(hash);
  return { load, destroy: () => { asked = -1; root.remove(); } };
}
