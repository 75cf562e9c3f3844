// The games the page knows, one description each, as the engine describes
// them: Module.games() of the link module (engine/link.js, loaded on the main
// thread by url-state.js's loadLinkParser(), which hands them to setGames()).
// Fields (GameInfo in web/types.d.ts): id, name, width, height, moveSlots,
// maxPlies, line, gravity, noun, sides, winBase, hasBook, treeMaxDepth, kind,
// sizes (the other boards a game is played on: Connect Four's, 'WxH') and
// sizedWinBase; boardDef() is a game's description on one of those boards.
// GAMES holds the two-player games (kind 'two-player': the Play page's, the
// alpha-beta explorer's); otherGames() the games of the other kinds (dice,
// more players), which have play pages and tree views of their own.
// Every view reads a game's facts from here (rules, boards, score words, the
// tree explorer, the demo); the page spells none. The sides' colours are
// presentation (style.css).

/** @typedef {import('../types').GameInfo} GameInfo */

/** Game id -> description of the two-player games, in the engine's registry order
 * (empty until setGames()).
 * @type {Record<string, GameInfo>} */
export const GAMES = {};
/** @type {GameInfo[]} */
const OTHERS = [];

let markLoaded;
const loaded = new Promise((resolve) => { markLoaded = resolve; });

/** Takes the engine's game descriptions (Module.games()); the first call counts.
 * @param {GameInfo[]} list */
export function setGames(list) {
  if (Object.keys(GAMES).length) return;
  for (const g of list) {
    /** @type {GameInfo} */
    const game = Object.freeze({ ...g, sides: [...g.sides] });   // a plain copy of the Embind value
    if (g.kind === 'two-player' || g.kind === undefined) GAMES[g.id] = game;
    else OTHERS.push(game);
  }
  Object.freeze(OTHERS);
  Object.freeze(GAMES);
  markLoaded(GAMES);
}

/** The games of the other kinds (dice, more players), in registry order. @returns {readonly GameInfo[]} */
export const otherGames = () => OTHERS;

/** Resolves once the games are known. @returns {Promise<Record<string, GameInfo>>} */
export const gamesLoaded = () => loaded;

/** True for a game id only (not for '__proto__' and friends). @param {unknown} kind */
export const isGameKind = (kind) => typeof kind === 'string' && Object.hasOwn(GAMES, kind);

/** Whether `size` is a board `kind` is played on besides its own ('' is its own).
 * @param {string} kind @param {unknown} size */
export const isBoardSize = (kind, size) => size === ''
  || (isGameKind(kind) && typeof size === 'string' && (GAMES[kind].sizes || []).includes(size));

/** @type {Map<string, GameInfo>} */
const SIZED = new Map();
/** The description of game `kind` on the board `size` ('WxH' of its sizes;
 * '' its own board): the board's width, height, moves and win base, and no
 * opening book (the book is the own board's).
 * @param {string} kind @param {string} [size] @returns {GameInfo} */
export function boardDef(kind, size = '') {
  const g = GAMES[kind];
  if (!size || !isBoardSize(kind, size)) return g;
  const key = `${kind}@${size}`;
  if (!SIZED.has(key)) {
    const [width, height] = size.split('x').map(Number);
    const last = width <= 9 ? String(width) : `9, then ${'abc'.slice(0, width - 9).split('').join(', ')} for 10-${width}`;
    SIZED.set(key, Object.freeze({ ...g, sides: g.sides, width, height, moveSlots: width, maxPlies: width * height,
      winBase: g.sizedWinBase || g.winBase, hasBook: false, bookFile: '',
      notation: `${g.noun}s 1-${last}, left to right` }));
  }
  return /** @type {GameInfo} */ (SIZED.get(key));
}

/** The description of a game on a board, by its key: 'connect4' (its own
 * board), 'connect4@8x7' (rules.js's Game.board). @param {string} key */
export function defOf(key) {
  const at = key.indexOf('@');
  return at < 0 ? GAMES[key] : boardDef(key.slice(0, at), key.slice(at + 1));
}

// Why `move` cannot be played in a game of `def` where it is not legal:
// there is no such move slot, or it is taken (a full column, a marked cell).
/** @param {{noun: string, notation: string, taken: string, moveSlots: number}} def @param {number} move */
export function unplayableWords(def, move) {
  if (!Number.isInteger(move) || move < 1 || move > def.moveSlots) return `There is no ${def.noun} ${move}: ${def.notation}.`;
  return `${def.noun[0].toUpperCase()}${def.noun.slice(1)} ${move} ${def.taken}: choose another ${def.noun}.`;
}

/** A board size for people: '8x7' -> '8 × 7'. @param {string} size */
export const sizeLabel = (size) => size.replace('x', ' × ');

/** The sides' names as {1: first, 2: second}. @param {string} kind */
export const sideNames = (kind) => ({ 1: GAMES[kind].sides[0], 2: GAMES[kind].sides[1] });
