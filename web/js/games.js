// The games the page knows, one description each, in the fields the engine
// uses to describe them (Module.games() of engine/gamesearch.js and
// engine/link.js, the worker's `games` reply; see GameInfo in web/types.d.ts):
//   id, name, width, height, moveSlots, maxPlies, line, gravity, noun,
//   sides, winBase, hasBook, treeMaxDepth
// Every view reads a game's facts from here (rules, boards, score words, the
// tree explorer, the demo). The sides' colours are presentation (style.css).

/** @typedef {import('../types').GameInfo} GameInfo */

/** @type {Readonly<Record<string, GameInfo>>} */
export const GAMES = Object.freeze({
  connect4: { id: 'connect4', name: 'Connect Four', width: 7, height: 6, moveSlots: 7, maxPlies: 42, line: 4,
    gravity: true, noun: 'column', sides: ['Red', 'Yellow'], winBase: 22, hasBook: true, treeMaxDepth: 8 },
  tictactoe: { id: 'tictactoe', name: 'Tic-Tac-Toe', width: 3, height: 3, moveSlots: 9, maxPlies: 9, line: 3,
    gravity: false, noun: 'cell', sides: ['X', 'O'], winBase: 6, hasBook: false, treeMaxDepth: 0 },
});

/** True for a game id only (not for '__proto__' and friends). @param {unknown} kind */
export const isGameKind = (kind) => typeof kind === 'string' && Object.hasOwn(GAMES, kind);

/** The sides' names as {1: first, 2: second}. @param {string} kind */
export const sideNames = (kind) => ({ 1: GAMES[kind].sides[0], 2: GAMES[kind].sides[1] });
