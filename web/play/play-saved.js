// What Play keeps between visits (lib/storage.js): the settings (those of
// the game and those of the page's look), and the game with the moves ahead
// of its position (after an undo or a step back); restoreSaved() reads them
// back when the page starts. A link with a position takes precedence over
// the saved game. A game on another board than the game's own (Connect
// Four's 8 x 7, ...) is kept per board (savedBoards): playing one never
// overwrites the game of another board, and the board picker brings each
// board's game back.

import { Game, movesOf } from '../lib/rules.js';
import { isBoardSize, isGameKind } from '../lib/games.js';
import { SavedPart, storageAvailable } from '../lib/storage.js';
import { formatHash } from '../lib/url-state.js';
import { $ } from './play-controls.js';
import { isThreadsSetting } from './solve-view.js';

const PLAYERS = ['1', '2', 'none', 'both'];
const ANALYSIS_MS = [3000, 10000, 30000, 60000];
// The board's colour themes (style.css html[data-theme]).
const THEMES = ['classic', 'contrast', 'colorblind'];
const isBool = (v) => v === true || v === false;
const isMoves = (v) => typeof v === 'string' && /^[0-9]{0,42}$/.test(v);
export const savedSettings = new SavedPart('settings', 1, (d) => {
  if (!d || typeof d !== 'object' || !PLAYERS.includes(d.ai) || typeof d.level !== 'string' || !/^[a-z]{1,20}$/.test(d.level)
    || !Number.isInteger(d.time) || d.time < 50 || d.time > 10000 || !ANALYSIS_MS.includes(d.analysisMs)) return null;
  const flags = ['analysis', 'engine', 'numbers', 'sound', 'large', 'open'];
  if (!flags.every((k) => isBool(d[k]))) return null;
  if (d.algorithm !== undefined && d.algorithm !== 'alphabeta' && d.algorithm !== 'mcts') return null;
  if (d.threads !== undefined && !isThreadsSetting(d.threads)) return null;
  // (lines: optional, for settings saved before it; 3 then)
  if (d.lines !== undefined && !(Number.isInteger(d.lines) && d.lines >= 1 && d.lines <= 5)) return null;
  // (volume and theme: optional likewise; 70 and the classic colours then)
  if (d.volume !== undefined && !(Number.isInteger(d.volume) && d.volume >= 0 && d.volume <= 100)) return null;
  if (d.theme !== undefined && !THEMES.includes(d.theme)) return null;
  return { ai: d.ai, level: d.level, time: d.time, analysisMs: d.analysisMs, algorithm: d.algorithm || 'alphabeta',
    threads: d.threads || 'auto', lines: d.lines || 3, volume: d.volume ?? 70, theme: d.theme || 'classic',
    ...Object.fromEntries(flags.map((k) => [k, d[k]])) };
});
// A game with its moves ahead; `offer` (optional): the notice's offer to
// restore another game (Panel.offer), shown again after a reload.
const isSavedLine = (d) => d && typeof d === 'object' && typeof d.game === 'string' && isMoves(d.moves) && isMoves(d.ahead);
export const savedGame = new SavedPart('game', 1, (d) => {
  if (!isSavedLine(d)) return null;
  const o = d.offer;
  const offer = isSavedLine(o) && typeof o.text === 'string' && o.text.length <= 400
    ? { text: o.text, game: o.game, moves: o.moves, ahead: o.ahead } : null;
  return { game: d.game, moves: d.moves, ahead: d.ahead, ...(offer ? { offer } : {}) };
});

// The games on the other boards: {current, games}. games: board key
// ('connect4@8x7', rules.js's Game.board) -> {moves, ahead}; current: the
// board key of the game played last when it was one of these, else ''.
const isBoardMoves = (v) => typeof v === 'string' && /^[0-9a-c]{0,60}$/.test(v);
const boardOfKey = (key) => {
  const at = typeof key === 'string' ? key.indexOf('@') : -1;
  return at > 0 && isBoardSize(key.slice(0, at), key.slice(at + 1)) ? { kind: key.slice(0, at), size: key.slice(at + 1) } : null;
};
export const savedBoards = new SavedPart('boards', 1, (d) => {
  if (!d || typeof d !== 'object' || typeof d.current !== 'string' || !d.games || typeof d.games !== 'object') return null;
  /** @type {Record<string, {moves: string, ahead: string}>} */
  const games = {};
  for (const [key, line] of Object.entries(d.games)) {
    if (boardOfKey(key) && line && isBoardMoves(line.moves) && isBoardMoves(line.ahead)) {
      games[key] = { moves: line.moves, ahead: line.ahead };
    }
  }
  return { current: Object.hasOwn(games, d.current) ? d.current : '', games };
});

// The saved line of game `kind` on board `size` ('' its own board):
// {moves, ahead: number[]}, or null when none is kept (or it is no game there).
export function savedLine(kind, size) {
  let line;
  if (!size) {
    const g = savedGame.load().data;
    line = g && g.game === kind ? g : null;
  } else {
    const b = savedBoards.load().data;
    line = b ? b.games[`${kind}@${size}`] || null : null;
  }
  if (!line || !Game.fromMoves(kind, line.moves + line.ahead, size).game) return null;
  return { moves: line.moves, ahead: movesOf(line.ahead) };
}

// Keeps the line of a game on another board than its own (board key `key`),
// and that it was played last; key '' says the game played last is the own
// board's (savedGame's).
export function saveBoardLine(key, moves, ahead) {
  const b = savedBoards.load().data || { current: '', games: {} };
  if (key) b.games[key] = { moves, ahead };
  b.current = key;
  if (key || Object.keys(b.games).length) savedBoards.save(b);
}

// Reads the saved settings and game: the settings go into the controls and
// the controller at once; the game comes back as {hash, game, moves, ahead}
// for the first Play view (null: nothing saved). A saved part
// that cannot be used is reported in the notice banner and dropped.
export function restoreSaved(ui, controller, panel, solve) {
  const settings = savedSettings.load();
  const game = savedGame.load();
  const boards = savedBoards.load();
  const problems = [];
  if (boards.problem) problems.push(`your games on the other boards could not be used (${boards.problem})`);
  if (settings.problem) problems.push(`your saved settings could not be used (${settings.problem})`);
  if (settings.data && settings.data.level !== 'custom' && !controller.levels.some((l) => l.name === settings.data.level)) {
    savedSettings.clear();
    settings.data = null;
    problems.push('your saved settings could not be used (they name a level this page does not have)');
  }
  let g = game.data;
  const isLine = (l) => isGameKind(l.game) && Boolean(Game.fromMoves(l.game, l.moves + l.ahead).game);
  if (g && g.offer && !isLine(g.offer)) delete g.offer;   // (only the offer is lost)
  if (g && !isLine(g)) {
    savedGame.clear();
    g = null;
    problems.push('your saved game could not be used (it was damaged: its moves are not a game)');
  } else if (game.problem) {
    problems.push(`your saved game could not be used (${game.problem})`);
  }
  if (problems.length) {
    const text = problems.join('; and ');
    panel.showNotice(`${text[0].toUpperCase()}${text.slice(1)}. The page starts afresh with its defaults.`, 'saved');
  }
  $('saved-status').textContent = storageAvailable() ? 'Your settings and game are kept in this browser.'
    : 'This browser does not let the page keep anything: settings and game are lost on a reload.';
  const s = settings.data;
  if (s) {
    ui.engine.checked = s.engine;
    document.body.toggleAttribute('data-engine-hidden', !s.engine);
    ui.numbers.checked = s.numbers;
    ui.sound.checked = s.sound;
    ui.volume.value = String(s.volume);
    ui.theme.value = s.theme;
    ui.large.checked = s.large;
    ui.settings.open = s.open;
    ui.analysisTime.value = String(s.analysisMs);
    controller.setAnalysisTime(s.analysisMs);
    ui.analysisLines.value = String(s.lines);
    controller.setAnalysisLines(s.lines);
    solve.setting = s.threads;
  } else {
    // Settings folded at first on a phone, where they would push the game away.
    ui.settings.open = matchMedia('(min-width: 861px)').matches;
  }
  // The game played last on another board, when it was one.
  const current = boards.data && boards.data.current ? boardOfKey(boards.data.current) : null;
  const sizedLine = current ? savedLine(current.kind, current.size) : null;
  if (!s && !g && !sizedLine) return null;
  const kind = sizedLine ? current.kind : g ? g.game : 'connect4';
  const size = sizedLine ? current.size : '';
  const moves = sizedLine ? sizedLine.moves : g ? g.moves : '';
  const ahead = sizedLine ? sizedLine.ahead : g ? movesOf(g.ahead) : [];
  // Without saved settings the link's defaults apply.
  const hash = s ? formatHash({ game: kind, moves, time: s.time, ai: s.ai, level: s.level, analysis: s.analysis,
    algorithm: s.algorithm, size })
    : `#game=${kind}${size ? `&size=${size}` : ''}&moves=${moves}`;
  return { hash, game: kind, size, moves, ahead, offer: sizedLine ? null : g?.offer || null };
}
