// The position and settings in the URL hash, so a link shares a position and a
// reload restores it:  #game=connect4&moves=4453&time=1000&ai=2
//   game  connect4 | tictactoe
//   moves move string from the empty board (digits, 1-based)
//   time  thinking time per computer move in ms, 50..10000
//   ai    which side the computer plays: 1, 2, none, both
// Parsing never throws: every problem becomes a sentence in `errors`, and the
// caller starts a clean game with the defaults for anything invalid.

import { Game, GAMES, isGameKind } from './rules.js';

export const DEFAULTS = Object.freeze({ game: 'connect4', moves: '', time: 1000, ai: '2' });
export const AI_VALUES = ['1', '2', 'none', 'both'];
export const MIN_TIME = 50;
export const MAX_TIME = 10000;

function clip(s) {
  const t = String(s);
  return t.length > 24 ? `${t.slice(0, 24)}…` : t;
}

// Returns {settings: {game, moves, time, ai}, errors: [sentence...]}. When any
// field is invalid, moves is reset to '' (a clean game).
export function parseHash(hash) {
  const settings = { ...DEFAULTS };
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

export function formatHash({ game, moves, time, ai }) {
  return `#game=${game}&moves=${moves}&time=${time}&ai=${ai}`;
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
