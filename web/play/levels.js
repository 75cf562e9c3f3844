// Difficulty levels in the page. The levels themselves (name, thinking time,
// depth limit, temperature) come from the engine (engine/search/levels.hpp through the
// worker's `levels` request); their measured results come from levels.json,
// a copy of docs/levels.json made by scripts/build-site.sh:
//   {"levels": [{"name": "beginner", "results": [{"vs": "strong", "wins": W,
//     "draws": D, "losses": L, "games": N}, ...], "first": [...]}, ...],
//    "method": "..."}
// "first" (optional, same rows): games in which the level moved first from
// the empty board (bench/perfect_first.py for Perfect).
// A missing or malformed file shows nothing (and logs nothing).

import { group } from '../lib/dom.js';

export const levelLabel = (name) => (name === 'custom' ? 'Custom thinking time'
  : String(name).charAt(0).toUpperCase() + String(name).slice(1));

// What a person can expect of the level, from its settings, e.g. "Easy to
// beat: it sees only its own move and your reply, and often plays a merely plausible
// move. ..." (every level takes a win in one move and blocks one: the
// engine's quiescence search). The difficulty is said in words that are not
// level names ("Easy to beat", not "Easy"), so that they do not read as
// another name for the level chosen.
export function describeLevel(level, formatTime) {
  if (level.maxDepth && !level.timeMs) {
    const sees = level.maxDepth <= 2 ? 'sees only its own move and your reply'
      : `sees ${level.maxDepth} moves ahead (${level.maxDepth / 2} of its own and ${level.maxDepth / 2} of yours)`;
    if (level.temperature >= 30) {
      return `Easy to beat: it ${sees}, and often plays a merely plausible move. It takes a win in one move and blocks yours, `
        + 'but a threat two moves away gets past it.';
    }
    return `A fair fight: it ${sees} and picks among its good moves. To beat it, make two threats at once, `
      + 'or one it cannot see coming.';
  }
  const depth = level.maxDepth ? `, at most ${level.maxDepth} moves ahead` : '';
  const picks = level.temperature > 0 ? 'picks among its good moves' : 'always plays the best move it finds';
  const hard = level.timeMs >= 1000 ? 'Very hard to beat' : 'Hard to beat';
  return `${hard}: it thinks ${formatTime(level.timeMs)} a move${depth}, ${picks} and proves wins and losses `
    + 'as soon as it can. To hold it, plan your threats far ahead.';
}

// The same for a level of Monte Carlo tree search (its budget from the
// engine's kMctsLevels: a playout count or a thinking time).
export function describeMctsLevel(name, mcts, formatTime) {
  const label = levelLabel(name);
  if (mcts.playouts && !mcts.timeMs) {
    const easy = name === 'beginner' ? 'Easy to beat' : 'A fair fight';
    return `${easy}: before each move it plays out ${mcts.playouts} quick random games from the position and grows `
      + `a small tree towards the moves whose games went best; its budget was chosen to play about as well as `
      + `alpha-beta's ${label}. It takes a win in one move when it finds it, but can miss your threats.`;
  }
  return `${mcts.timeMs >= 1000 ? 'Very hard to beat' : 'Hard to beat'}: it plays out random games from the position for `
    + `${formatTime(mcts.timeMs)} a move (tens of thousands) and grows a tree towards the moves whose games go best `
    + '(UCT). No opening book and no exact solver: a different kind of opponent than alpha-beta, '
    + `and weaker than alpha-beta's ${label} at the same time.`;
}

const count = (v) => Number.isInteger(v) && v >= 0 && v < 1e9;

// Parsed and checked levels.json: {game, levels: Map name -> [{vs, wins,
// draws, losses, games, first}]}, or null (first: the level moved first from
// the empty board; game: the game the levels were measured in, a game id).
export function parseLevelResults(data) {
  if (!data || typeof data !== 'object' || !Array.isArray(data.levels)) return null;
  const out = new Map();
  for (const l of data.levels) {
    if (!l || typeof l.name !== 'string' || !Array.isArray(l.results)) continue;
    const rows = [];
    const add = (list, first) => {
      for (const r of Array.isArray(list) ? list : []) {
        if (!r || typeof r.vs !== 'string' || !count(r.wins) || !count(r.draws) || !count(r.losses)) continue;
        const games = count(r.games) && r.games > 0 ? r.games : r.wins + r.draws + r.losses;
        if (!games || r.wins + r.draws + r.losses > games) continue;
        rows.push({ vs: r.vs, wins: r.wins, draws: r.draws, losses: r.losses, games, first });
      }
    };
    add(l.results, false);
    add(l.first, true);
    if (rows.length) out.set(l.name, rows);
  }
  return out.size ? { game: typeof data.game === 'string' ? data.game : '', levels: out } : null;
}

export async function loadLevelResults(url) {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) return null;
    return parseLevelResults(JSON.parse(await response.text()));
  } catch (e) {
    return null;
  }
}

const pct = (n, d) => `${Math.round((100 * n) / d)}%`;

// Lines shown under the level picker: "wins 30% against Strong, draws 5% (40
// games)"; the games in which the level moved first from the empty board make
// one line: "moving first: wins 100 of 100 games (against Beginner, ...)".
export function resultLines(results, name) {
  if (!results || !results.levels.has(name)) return [];
  const rows = results.levels.get(name);
  const label = (vs) => (vs === name ? 'itself' : levelLabel(vs));
  const lines = rows.filter((r) => !r.first).map((r) => {
    const draws = r.draws ? `, draws ${pct(r.draws, r.games)}` : '';
    return `wins ${pct(r.wins, r.games)} against ${label(r.vs)}${draws} (${group(r.games)} games)`;
  });
  const first = rows.filter((r) => r.first);
  if (first.length) {
    const sum = (k) => first.reduce((n, r) => n + r[k], 0);
    const games = sum('games');
    const others = [sum('draws') ? `draws ${sum('draws')}` : '', sum('losses') ? `loses ${sum('losses')}` : '']
      .filter(Boolean).join(', ');
    const names = first.map((r) => label(r.vs));
    const against = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
    lines.push(`moving first: wins ${group(sum('wins'))} of ${group(games)} games${others ? `, ${others}` : ''} (against ${against})`);
  }
  return lines;
}
