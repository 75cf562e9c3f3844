// The explorer's page structure: the position form, the lesson line, the
// values switch, the algorithms card, the tree card, the step-through card
// and the iterative-deepening card, with the ids the tests and the hash hooks
// use (#tree-stats, #tree-code, ...). No behaviour: tree-view.js (form,
// lesson, switch, algorithms, deepening), tree-pane.js (the tree) and
// step-panel.js (the step-through) fill and wire these elements.
//
// The order is the classroom's (tree.css lays it out): at 1280x720 the form,
// the algorithms, the tree and the step-through's controls, board and
// narration are on screen at once; the step buttons head their card.

import { foldable, h, svgEl } from '../lib/dom.js';
import { GAMES, otherGames } from '../lib/games.js';

const ICONS = {
  first: 'M5 4h2v16H5zM19 4v16L8 12z',
  back: 'M17 4v16L6 12z',
  play: 'M7 4v16l13-8z',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  forward: 'M7 4v16l11-8z',
  last: 'M17 4h2v16h-2zM5 4v16l11-8z',
};
export function iconSvg(name) {
  const svg = svgEl('svg', { viewBox: '0 0 24 24', width: 16, height: 16, 'aria-hidden': 'true' });
  svg.append(svgEl('path', { d: ICONS[name], fill: 'currentColor' }));
  return svg;
}

// Builds the explorer's elements; returns them by name (`root` holds them all).
export function buildTreeSkeleton() {
  const gameSel = h('select', { id: 'tree-game', 'aria-label': 'Game' },
    // The smallest game (the smallest tree) first.
    ...Object.values(GAMES).sort((a, b) => a.maxPlies - b.maxPlies).map((g) => h('option', { value: g.id, text: g.name })),
    // The other kinds' trees have views of their own (chance-view.js,
    // multi-view.js): choosing one follows a link there.
    ...otherGames().map((g) => h('option', { value: g.id, text: `${g.name} (${g.kind === 'chance' ? 'dice' : 'max^n'})` })),
    // The textbook trees (abstract-view.js), also a view of their own.
    h('option', { value: 'abstract', text: 'Textbook tree (abstract)' }));
  const movesIn = h('input', { id: 'tree-moves', type: 'text', inputmode: 'numeric', spellcheck: 'false', autocomplete: 'off',
    placeholder: 'empty board', 'aria-label': 'Moves from the empty board' });
  const depthIn = h('input', { id: 'tree-depth', type: 'number', min: '0', max: '9', 'aria-label': 'Depth limit' });
  const depthHelp = h('span', { class: 'tv-hint' });
  const goBtn = h('button', { type: 'submit', class: 'tv-primary', text: 'Explore' });
  const form = h('form', { class: 'tv-pos' },
    h('label', {}, h('span', { text: 'Game' }), gameSel),
    h('label', {}, h('span', { text: 'Moves' }), movesIn),
    h('label', {}, h('span', { text: 'Depth' }), depthIn), depthHelp, goBtn);
  const msg = h('p', { class: 'tv-msg', role: 'status', 'aria-live': 'polite' });
  // The two forms of values: negamax (the engine's) and minimax with MAX and MIN.
  const valueRadio = (value, text) => h('label', {},
    h('input', { type: 'radio', name: 'tree-values', value }), h('span', { text }));
  const valuesSwitch = h('fieldset', { id: 'tree-values', class: 'tv-values' },
    h('legend', { text: 'Values' }), valueRadio('negamax', 'negamax'), valueRadio('minimax', 'minimax (MAX/MIN)'));
  // Why the lesson position was chosen; the ways to the empty board and back.
  const lesson = h('p', { id: 'tree-lesson', class: 'tv-lesson' });
  const emptyBtn = h('button', { type: 'button', id: 'tree-empty', text: 'Start from the empty board' });
  const lessonBtn = h('button', { type: 'button', id: 'tree-lesson-open', text: 'Lesson position' });

  const stats = h('div', { id: 'tree-stats', class: 'tv-stats', role: 'group', 'aria-label': 'Algorithms and their node counts' });
  const statsNote = h('p', { class: 'tv-note' });
  // Why ordering needed more nodes than natural order, when it did (tree-figures.js orderingNote).
  const orderNote = h('p', { id: 'tree-ordering', class: 'tv-note tv-why', hidden: true });
  const algosCard = h('section', { class: 'tv-card tv-algos', 'aria-label': 'Algorithms side by side' },
    h('h3', { text: 'Algorithms side by side' }), stats, statsNote, orderNote);

  const treeTitle = h('span', { class: 'tv-tree-title' });
  const expandPvBtn = h('button', { type: 'button', text: 'Show best line' });
  const collapseBtn = h('button', { type: 'button', text: 'Collapse all' });
  const treeBox = h('div', { id: 'tree-tree', class: 'tv-tree', role: 'tree', 'aria-label': 'Search tree', 'aria-describedby': 'tree-keys' });
  // (tree-pane.js: a row's keys; step-panel.js: the steps')
  const treeKeys = h('p', { id: 'tree-keys', class: 'tv-note' }, 'On a node: ', h('kbd', { text: 'Enter' }), ' shows its step · ',
    h('kbd', { text: 'Space' }), ', ', h('kbd', { text: '+' }), ' or ', h('kbd', { text: '−' }), ' opens or closes it · ',
    h('kbd', { text: '←' }), ' ', h('kbd', { text: '→' }), ' step through the search.');
  const legend = h('p', { class: 'tv-legend' },
    h('span', { class: 'tv-lg tv-lg-chosen', text: 'chosen move' }),
    h('span', { class: 'tv-lg tv-lg-cut', text: 'β-cut' }),
    h('span', { class: 'tv-lg tv-lg-pruned', text: 'pruned (never searched)' }),
    h('span', { class: 'tv-lg tv-lg-table', text: 'table hit' }),
    h('span', { class: 'tv-lg tv-lg-leaf', text: 'game over / horizon' }));
  // What the values in the rows mean in the chosen form (tree-view.js).
  const valuesNote = h('p', { id: 'tree-values-note', class: 'tv-note tv-valuesnote' });
  const treeCard = h('section', { class: 'tv-card tv-treecard', 'aria-label': 'Search tree' },
    h('div', { class: 'tv-cardhead' }, h('h3', {}, 'Tree ', treeTitle), h('div', { class: 'tv-tools' }, expandPvBtn, collapseBtn)),
    legend, valuesNote, treeBox, treeKeys);

  const stepBoard = h('div', { class: 'tv-stepboard' });
  const stepPath = h('p', { id: 'tree-path', class: 'tv-path' });
  const btn = (icon, title, id) => {
    const b = h('button', { type: 'button', class: 'tv-ctl', title, 'aria-label': title, id });
    b.append(iconSvg(icon));
    return b;
  };
  const firstBtn = btn('first', 'First step (Home)', 'tree-first');
  const backBtn = btn('back', 'Step back (←)', 'tree-back');
  const playBtn = btn('play', 'Play / pause (space)', 'tree-play');
  const fwdBtn = btn('forward', 'Step forward (→)', 'tree-forward');
  const lastBtn = btn('last', 'Last step (End)', 'tree-last');
  const speed = h('input', { id: 'tree-speed', type: 'range', min: '0', max: '10', value: '4', 'aria-label': 'Auto-play speed' });
  const speedOut = h('output', { for: 'tree-speed' });
  const rewind = h('input', { id: 'tree-rewind', type: 'range', min: '0', max: '0', value: '0', 'aria-label': 'Step (rewind)' });
  const stepOut = h('span', { id: 'tree-step', class: 'tv-stepno' });
  const vars = h('dl', { id: 'tree-vars', class: 'tv-vars' });
  // (Scrollable on a phone: focusable, so the keyboard can scroll it.)
  const code = h('ol', { id: 'tree-code', class: 'tv-code', 'aria-label': 'Pseudocode', tabindex: '0' });
  const narration = h('p', { id: 'tree-narration', class: 'tv-narration', 'aria-live': 'polite' });
  const codeNote = h('p', { class: 'tv-note tv-codenote' });
  const stepCard = h('section', { class: 'tv-card tv-stepcard', 'aria-label': 'Step through the search' },
    h('div', { class: 'tv-cardhead tv-stephead' }, h('h3', { text: 'Step through the search' }),
      h('div', { class: 'tv-btnrow' }, firstBtn, backBtn, playBtn, fwdBtn, lastBtn, stepOut)),
    h('div', { class: 'tv-stepgrid' },
      h('div', { class: 'tv-boardcol' }, stepBoard, stepPath),
      h('div', { class: 'tv-varcol' }, vars, narration)),
    code, codeNote,
    h('div', { class: 'tv-controls' },
      h('label', { class: 'tv-slider' }, h('span', { text: 'Speed' }), speed, speedOut),
      h('label', { class: 'tv-slider tv-rewind' }, h('span', { text: 'Step' }), rewind)));

  const deepBody = h('tbody');
  const deepNote = h('p', { class: 'tv-note' });
  const deepCard = h('section', { class: 'tv-card tv-deep', 'aria-label': 'Iterative deepening' },
    h('h3', { text: 'Iterative deepening' }),
    h('p', { class: 'tv-note', text: 'Alpha-beta with ordering, run at depth 1, 2, 3, …: the best move and principal variation of each iteration, ' +
      'and its nodes without a table, with a fresh table, and with the table kept from the previous iterations (its best moves are tried first).' }),
    h('div', { class: 'tv-scroll', tabindex: '0', role: 'region', 'aria-label': 'Iterative deepening, depth by depth' }, h('table', { class: 'tv-table', id: 'tree-deepening' },
      h('thead', {}, h('tr', {}, ...['Depth', 'Best', 'Value', 'Principal variation', 'No table', 'Fresh table', 'Kept table']
        .map((t) => h('th', { scope: 'col', text: t })))), deepBody)), deepNote);

  const root = h('div', { class: 'tv' },
    h('header', { class: 'tv-head' }, h('div', { class: 'tv-title' }, h('h2', { text: 'Watch it think: the search tree' }),
      foldable('About this view', { class: 'tv-about' },
        h('p', { class: 'tv-sub', text: 'The tree the engine explores from a position — traced by the same WebAssembly search that plays, node for node.' }))), form),
    h('div', { class: 'tv-statusrow' }, msg, h('div', { class: 'tv-jump' }, emptyBtn, lessonBtn, h('a', { id: 'tree-quiz', href: '#view=quiz&game=tictactoe', text: 'Quiz' })), valuesSwitch), lesson,
    algosCard, h('div', { class: 'tv-main' }, treeCard, stepCard), deepCard);
  return {
    gameSel, movesIn, depthIn, depthHelp, form, msg, valuesSwitch, lesson, emptyBtn, lessonBtn,
    stats, statsNote, orderNote, treeTitle, expandPvBtn, collapseBtn, valuesNote, treeBox, stepBoard, stepPath,
    firstBtn, backBtn, playBtn, fwdBtn, lastBtn, speed, speedOut, rewind, stepOut, vars, code, narration, codeNote,
    deepBody, deepNote, deepCard, root, treeCard, stepCard,
  };
}
