// The position and settings in the URL hash, so a link shares a position and a
// reload restores it:  #game=connect4&moves=4453&time=1000&ai=2&level=custom
//   game  connect4 | tictactoe
//   moves move string from the empty board (digits, 1-based)
//   time  thinking time per computer move in ms, 50..10000 (the Custom level)
//   ai    which side the computer plays: 1, 2, none, both
//   level a difficulty level of the engine (engine/search/levels.hpp: beginner,
//         casual, strong, perfect) or custom (= the thinking time above).
//         Without it, a link with a time is Custom and one without is the
//         default level.
//   analysis  1: the analysis is on (every move's value on the board)
//   algorithm  mcts: the computer searches by Monte Carlo tree search (absent: alpha-beta)
//   size  the board WxH of Connect Four (absent: 7x6; docs/board-sizes.md)
// Other views of the app: #view=tree&... (the search-tree explorer, web/tree/, shown by app/router.js)
// (and #view=menace, same module), and #view=study; viewOf(hash) tells which.
// Parsing never throws: every problem becomes a sentence in `errors`, and the
// caller starts a clean game with the defaults for anything invalid.

import { setGames } from './games.js';
import { GAME_PAGE_IDS, TREE_VIEWS } from './views.js';

const DEFAULTS = Object.freeze({ game: 'connect4', moves: '', time: 1000, ai: '2', level: 'custom', analysis: false,
  algorithm: 'alphabeta', size: '' });
const DEFAULT_LEVEL = 'casual';
const VIEWS = ['play', 'tree', 'menace', 'study'];  // tree, menace: lib/views.js
// Every view besides play (lib/views.js's, and Study), and the games with
// pages of their own, for the link parser's messages about an unknown view or game.
const OTHER_VIEWS = [...TREE_VIEWS, 'study'];

// The view a hash asks for: 'play' (no view key), 'tree', 'study', or 'play'
// for an unknown view.
export function viewOf(hash) {
  const text = typeof hash === 'string' ? hash.replace(/^#/, '') : '';
  if (!/(^|&)view=/.test(text)) return 'play';
  let view;
  try { view = new URLSearchParams(text).get('view'); } catch (e) { view = null; }
  return VIEWS.includes(view) ? view : 'play';
}

// The link parser: protocol/link.cpp compiled to WebAssembly (the small module
// engine/link.js, loaded by main.js with loadLinkParser() before the first
// parseHash), so the page runs the very code the libFuzzer target
// fuzz/fuzz_link.cpp fuzzes.
let linkParser = null;
// Takes the loaded link module; its game descriptions become the page's (games.js).
export function setLinkParser(module) {
  linkParser = module;
  setGames(module.games());
}

// Loads engine/link.js (+ .wasm) next to the page; resolves when ready.
export function loadLinkParser(base = 'engine/') {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${base}link.js`;
    script.onload = () => {
      /* global createLinkParser */
      createLinkParser({ locateFile: (path) => `${base}${path}` }).then((m) => { setLinkParser(m); resolve(m); }, reject);
    };
    script.onerror = () => reject(new Error(`could not load ${base}link.js`));
    document.head.append(script);
  });
}

// Returns {settings: {game, moves, time, ai, level, analysis, algorithm, size}, errors: [sentence...]}
// (size: 'WxH' of a board other than the game's own, else '').
// An invalid field keeps its default and the rest is used (moves too, unless
// the game is unknown: protocol/link.hpp). `levels` is
// the list of level names the engine knows (without it only custom is valid).
// Never throws.
export function parseHash(hash, levels = []) {
  const text = typeof hash === 'string' ? hash : '';
  if (!linkParser) {
    /** @type {{game: string, moves: string, time: number, ai: string, level: string, analysis: boolean, algorithm: string,
     *   size: string}} */
    const settings = { ...DEFAULTS };
    if (levels.includes(DEFAULT_LEVEL)) settings.level = DEFAULT_LEVEL;
    return { settings, errors: text.replace(/^#/, '') ? ['the link could not be read (its parser did not load)'] : [] };
  }
  const r = linkParser.parseLink(text, Array.isArray(levels) ? levels.map(String) : [], DEFAULT_LEVEL, OTHER_VIEWS, GAME_PAGE_IDS);
  return { settings: { ...r.settings, size: r.settings.size || '' }, errors: r.errors };
}

export function formatHash({ game, moves, time, ai, level, analysis, algorithm = 'alphabeta', size = '' }) {
  return `#game=${game}${size ? `&size=${size}` : ''}&moves=${moves}&time=${time}&ai=${ai}${level ? `&level=${level}` : ''}`
    + `${analysis ? '&analysis=1' : ''}${algorithm === 'mcts' ? '&algorithm=mcts' : ''}`;
}

// Replaces the hash without adding a history entry or firing hashchange.
export function writeHash(settings) {
  const hash = formatHash(settings);
  if (location.hash === hash) return;
  try {
    history.replaceState(null, '', hash);
  } catch (e) {
    location.hash = hash;
  }
}
