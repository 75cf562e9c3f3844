// The position and settings in the URL hash, so a link shares a position and a
// reload restores it:  #game=connect4&moves=4453&time=1000&ai=2&level=custom
//   game  connect4 | tictactoe
//   moves move string from the empty board (digits, 1-based)
//   time  thinking time per computer move in ms, 50..10000 (the Custom level)
//   ai    which side the computer plays: 1, 2, none, both
//   level a difficulty level of the engine (engine/levels.hpp: beginner,
//         casual, strong, perfect) or custom (= the thinking time above).
//         Without it, a link with a time is Custom and one without is the
//         default level.
// Other views of the app: #view=tree&... (the search-tree explorer, web/tree/)
// (and #view=menace, same module), and #view=study; viewOf(hash) tells which.
// Parsing never throws: every problem becomes a sentence in `errors`, and the
// caller starts a clean game with the defaults for anything invalid.

import { Game, GAMES, isGameKind } from './rules.js';

export const DEFAULTS = Object.freeze({ game: 'connect4', moves: '', time: 1000, ai: '2', level: 'custom' });
export const DEFAULT_LEVEL = 'casual';
export const VIEWS = ['play', 'tree', 'menace', 'study'];  // tree, menace: web/tree/route.js
export const AI_VALUES = ['1', '2', 'none', 'both'];
export const MIN_TIME = 50;
export const MAX_TIME = 10000;

function clip(s) {
  const t = String(s);
  return t.length > 24 ? `${t.slice(0, 24)}…` : t;
}

// The view a hash asks for: 'play' (no view key), 'tree', 'study', or 'play'
// for an unknown view.
export function viewOf(hash) {
  const text = typeof hash === 'string' ? hash.replace(/^#/, '') : '';
  if (!/(^|&)view=/.test(text)) return 'play';
  let view = null;
  try { view = new URLSearchParams(text).get('view'); } catch (e) { view = null; }
  return VIEWS.includes(view) ? view : 'play';
}

// Returns {settings: {game, moves, time, ai, level}, errors: [sentence...]}.
// When any field is invalid, moves is reset to '' (a clean game). `levels` is
// the list of level names the engine knows (without it only custom is valid).
export function parseHash(hash, levels = []) {
  const settings = { ...DEFAULTS };
  if (levels.includes(DEFAULT_LEVEL)) settings.level = DEFAULT_LEVEL;
  const errors = [];
  let text = typeof hash === 'string' ? hash : '';
  if (text.startsWith('#')) text = text.slice(1);
  if (!text) return { settings, errors };
  let params;
  try {
    params = new URLSearchParams(text);
  } catch (e) {
    return { settings, errors: ['the link could not be read'] };
  }
  const view = params.get('view');
  if (view !== null && view !== 'play') errors.push(`unknown view '${clip(view)}' (use play, tree or study)`);
  const game = params.get('game');
  if (game !== null) {
    if (isGameKind(game)) settings.game = game;
    else errors.push(`unknown game '${clip(game)}' (use connect4 or tictactoe)`);
  }
  const time = params.get('time');
  if (time !== null) {
    const n = /^\d{1,6}$/.test(time) ? Number(time) : NaN;
    if (n >= MIN_TIME && n <= MAX_TIME) settings.time = n;
    else errors.push(`thinking time '${clip(time)}' must be a whole number of ms from ${MIN_TIME} to ${MAX_TIME}`);
  }
  const level = params.get('level');
  if (level !== null) {
    if (level === 'custom' || levels.includes(level)) settings.level = level;
    else errors.push(`unknown level '${clip(level)}' (use ${[...levels, 'custom'].join(', ')})`);
  } else if (time !== null) {
    settings.level = 'custom';
  }
  const ai = params.get('ai');
  if (ai !== null) {
    if (AI_VALUES.includes(ai)) settings.ai = ai;
    else errors.push(`ai '${clip(ai)}' must be 1, 2, none or both`);
  }
  const moves = params.get('moves');
  if (moves !== null && moves !== '') {
    const r = Game.fromMoves(settings.game, moves);
    if (r.error) errors.push(`the moves '${clip(moves)}' are not a valid ${GAMES[settings.game].name} game: ${r.error}`);
    else settings.moves = moves;
  }
  if (errors.length) settings.moves = '';
  return { settings, errors };
}

export function formatHash({ game, moves, time, ai, level }) {
  return `#game=${game}&moves=${moves}&time=${time}&ai=${ai}${level ? `&level=${level}` : ''}`;
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
