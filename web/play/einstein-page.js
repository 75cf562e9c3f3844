// The EinStein page's link and its elements: the settings a link may carry
// (readEinsteinHash), the page's DOM (buildEinsteinPage: the board, the die,
// the moves, the buttons, the players, the computer's card, the move list,
// the settings and the rules) and the set-ups of the next game typed in its
// fields. No behaviour: einstein-view.js wires them.

import { clip, h, linkNote } from '../lib/dom.js';
import { isSeed, setupFor } from './einstein-dice.js';

export const SIDES = ['Red', 'Blue'];
export const LEVELS = [
  ['beginner', 'Beginner'], ['casual', 'Casual'], ['strong', 'Strong'], ['perfect', 'Strongest'],
];
const ALGOS = [['star2', 'Expectiminimax (Star2)'], ['mcts', 'Monte Carlo tree search']];
const AI = [['2', 'You (Red) vs computer'], ['1', 'Computer vs you (Blue)'], ['none', 'Two players'],
  ['both', 'Computer vs computer']];
export const IDLE = 'After each of its moves the computer says here what it expects.';
const SETUP_HELP = 'For the next new game: six digits, the cubes on a1 b1 c1 a2 b2 a3 (Red) or e5 d5 c5 e4 d4 e3 (Blue); empty for a random set-up.';
const isSetup = (v) => /^[1-6]{6}$/.test(v) && new Set(v).size === 6;

// The page's settings from its link; `errors` names each field that is
// there but cannot be used (its default is used instead). The search is
// `algo` (as the tree explorer's links write it) or `algorithm` (as the
// Connect Four page's do).
export function readEinsteinHash(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const errors = [];
  const pick = (key, list, fallback) => {
    if (!p.has(key)) return fallback;
    if (list.some(([v]) => v === p.get(key))) return p.get(key);
    errors.push(`${key} '${clip(p.get(key))}' must be ${list.map(([v]) => v).join(', ')}`);
    return fallback;
  };
  const demo = p.get('view') === 'demo';
  if (p.has('seed') && !isSeed(p.get('seed'))) errors.push(`seed '${clip(p.get('seed'))}' must be a whole number from 1 to ${2 ** 32 - 1}`);
  return {
    seed: isSeed(p.get('seed')) ? Number(p.get('seed')) : 0,
    position: p.get('position') || '',
    ai: demo ? 'both' : pick('ai', AI, '2'),
    level: pick('level', LEVELS, 'casual'),
    algorithm: pick(p.has('algo') ? 'algo' : 'algorithm', ALGOS, 'star2'),
    demo,
    errors,
  };
}

// The next game's set-ups from the page's fields where they are valid, else the seed's.
export function setupsFrom(setupInputs, seed) {
  const pick = (side) => {
    const v = setupInputs[side].value.trim();
    return isSetup(v) ? v : setupFor(seed, side);
  };
  return `${pick(0)}/${pick(1)}`;
}

// The page's elements, by name (ui.status, ui.canvas, ...), with the
// settings `settings` selected; ui.layout holds them all.
export function buildEinsteinPage(settings) {
  const pips = h('span', { class: 'es-pips', 'aria-hidden': 'true' });
  const ui = {
    status: h('p', { id: 'es-status', class: 'status', role: 'status', 'aria-live': 'polite', text: 'Loading the engine…' }),
    note: linkNote('es-link-note'),
    canvas: h('canvas', { id: 'es-board', class: 'es-board', role: 'img', 'aria-label': 'EinStein board' }),
    pips,
    rollBtn: h('button', { type: 'button', id: 'es-roll', class: 'es-die', 'aria-label': 'Roll the die (Space)', disabled: true }, pips),
    dieNote: h('p', { class: 'es-die-note', id: 'es-die-note' }),
    movesBox: h('div', { id: 'es-moves', class: 'es-moves', role: 'group', 'aria-label': 'Your moves' }),
    newBtn: h('button', { type: 'button', id: 'es-new', class: 'primary', title: 'New game (N)', text: 'New game' }),
    undoBtn: h('button', { type: 'button', id: 'es-undo', title: 'Undo (U)', text: 'Undo' }),
    redoBtn: h('button', { type: 'button', id: 'es-redo', title: 'Redo (R)', text: 'Redo' }),
    hintBtn: h('button', { type: 'button', id: 'es-hint', title: 'Hint (H)', text: 'Hint' }),
    pauseBtn: h('button', { type: 'button', id: 'es-pause', title: 'Pause or resume the computers (P)', 'aria-pressed': 'false', text: 'Pause' }),
    // (a live region: never hidden, only emptied; empty, it takes no room)
    hintText: h('p', { id: 'es-hint-text', class: 'hint-text', 'aria-live': 'polite' }),
    players: [playerRow(0), playerRow(1)],
    computer: h('p', { id: 'es-computer', class: 'es-computer', text: IDLE }),
    computerDetail: h('p', { id: 'es-computer-detail', class: 'es-computer-detail' }),
    // (it scrolls in a long game: focusable, so that a keyboard can scroll it)
    moveList: h('ol', { id: 'es-move-list', class: 'es-move-list', 'aria-label': 'Moves of the game', tabindex: '0' }),
    noMoves: h('p', { class: 'es-no-moves', text: 'No moves yet: Red rolls first.' }),
    positionOut: h('code', { id: 'es-position', class: 'es-position' }),
    gameField: select('es-game', 'Game', [['connect4', 'Connect Four'], ['tictactoe', 'Tic-Tac-Toe'],
      ['einstein', 'EinStein würfelt nicht! (dice)'], ['connect3p', 'Connect Four for three']], 'einstein'),
    aiField: select('es-ai', 'Players', AI, settings.ai),
    levelField: select('es-level', 'Level', LEVELS, settings.level),
    algoField: select('es-algo', "Computer's search", ALGOS, settings.algorithm),
    levelInfo: h('p', { class: 'level-info', id: 'es-level-info' }),
    // The set-ups of the next game: six digits each (the cubes on the start
    // cells, Red a1 b1 c1 a2 b2 a3, Blue e5 d5 c5 e4 d4 e3), or empty: random.
    setupInputs: [setupInput(0), setupInput(1)],
    setupHelp: h('p', { id: 'es-setup-help', class: 'level-info', text: SETUP_HELP }),
  };
  const setupFields = h('fieldset', { class: 'es-setups' }, h('legend', { text: 'Set-ups' }),
    h('label', { class: 'field' }, h('span', { text: 'Red' }), ui.setupInputs[0]),
    h('label', { class: 'field' }, h('span', { text: 'Blue' }), ui.setupInputs[1]), ui.setupHelp);
  for (const input of ui.setupInputs) {
    input.addEventListener('input', () => {
      const v = input.value.trim();
      const ok = v === '' || isSetup(v);
      input.setAttribute('aria-invalid', String(!ok));
      ui.setupHelp.textContent = ok ? SETUP_HELP : `"${v}" is not a set-up: six different digits 1-6 (a random set-up is used instead).`;
    });
  }
  const layout = h('div', { class: 'layout es-layout' },
    h('section', { class: 'play', 'aria-label': 'EinStein würfelt nicht!' },
      ui.status,
      ui.note.el,
      h('div', { class: 'es-table' },
        h('div', { class: 'es-board-box' }, ui.canvas),
        h('div', { class: 'es-die-box' }, ui.rollBtn, ui.dieNote)),
      ui.movesBox,
      h('div', { class: 'buttons' }, ui.newBtn, ui.undoBtn, ui.redoBtn, ui.hintBtn, ui.pauseBtn),
      ui.hintText,
      h('p', { class: 'keys' }, 'Keys: ', h('kbd', { text: 'Space' }), ' roll · ', h('kbd', { text: '1' }), '–',
        h('kbd', { text: '6' }), ' pick a move · ', h('kbd', { text: 'U' }), ' undo · ', h('kbd', { text: 'R' }), ' redo · ',
        h('kbd', { text: 'H' }), ' hint · ', h('kbd', { text: 'N' }), ' new game')),
    h('aside', { class: 'side' },
      h('section', { class: 'card players', 'aria-label': 'Players' }, ...ui.players),
      h('section', { class: 'card', 'aria-label': 'Computer' }, h('h2', { text: 'Computer' }), ui.computer, ui.computerDetail),
      h('section', { class: 'card movelog', 'aria-label': 'Moves' }, h('h2', { text: 'Moves' }), ui.noMoves, ui.moveList,
        h('p', { class: 'es-position-line' }, 'Position ', ui.positionOut)),
      h('details', { class: 'card settings', open: true }, h('summary', {}, h('h2', { text: 'Settings' })),
        ui.gameField, ui.aiField, ui.levelField, ui.algoField, ui.levelInfo, setupFields),
      h('details', { class: 'card settings es-rules' }, h('summary', {}, h('h2', { text: 'Rules' })),
        h('p', { text: 'Each side has six cubes numbered 1–6 in its corner. Roll the die, then move the cube with that number one step towards the opposite corner: Red right, down or diagonally; Blue left, up or diagonally.' }),
        h('p', { text: 'If that cube is gone, move the next lower or the next higher one. A cube landing on another captures it — your own cubes too.' }),
        h('p', { text: 'Reach the opposite corner (Red e5, Blue a1) or capture all the other side\'s cubes to win. There are no draws.' }))));
  return { ...ui, layout };
}

const playerRow = (side) => h('div', { class: 'player', 'data-side': String(side + 1), id: `es-player-${side + 1}` },
  h('span', { class: `es-swatch es-swatch-${side}`, 'aria-hidden': 'true' }),
  h('span', { class: 'pname', id: `es-player-${side + 1}-name` }),
  h('span', { class: 'pnote', id: `es-player-${side + 1}-note`, text: side ? 'races to a1' : 'moves first, races to e5' }),
  h('span', { class: 'pturn', id: `es-player-${side + 1}-turn` }));
const select = (id, label, list, value) => h('label', { class: 'field' }, h('span', { text: label }),
  h('select', { id }, ...list.map(([v, t]) => h('option', { value: v, text: t, selected: v === value }))));
const setupInput = (side) => h('input', { id: `es-setup-${side + 1}`, type: 'text', inputmode: 'numeric', maxlength: '6',
  autocomplete: 'off', spellcheck: 'false', placeholder: 'random', 'aria-describedby': 'es-setup-help' });
