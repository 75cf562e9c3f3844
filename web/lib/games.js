// The games the page knows, one description each, as the engine describes
// them: Module.games() of the link module (engine/link.js, loaded on the main
// thread by url-state.js's loadLinkParser(), which hands them to setGames()).
// Fields (GameInfo in web/types.d.ts): id, name, width, height, moveSlots,
// maxPlies, line, gravity, noun, sides, winBase, hasBook, treeMaxDepth, kind.
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

/** The sides' names as {1: first, 2: second}. @param {string} kind */
export const sideNames = (kind) => ({ 1: GAMES[kind].sides[0], 2: GAMES[kind].sides[1] });
