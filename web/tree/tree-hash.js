// The explorer's position in the hash, read and written by the explorer's
// own page (standalone.js) and by the router (app/router.js) in the main page:
//   #view=tree&game=tictactoe&moves=1524   (Connect Four: &depth=4;
//   &algo=minimax|ordered|table|mcts; &values=minimax; with algo=mcts
//   &playouts=N&seed=S; without moves= the lesson position)

import { GAMES } from '../lib/games.js';

// Without `moves` the moves are undefined: the explorer opens the game's lesson
// position (tree-view.js); `moves=` (empty) is the empty board. `values=minimax`
// shows MAX's values with MAX and MIN levels (default negamax). `playouts`
// and `seed`: MCTS's budget (default: the game's) and seed (default 1).
export function readHash() {
  const p = new URLSearchParams(location.hash.replace(/^#/, ''));
  // (tree=...: a textbook tree, the abstract game tree's own view, tree/abstract-view.js)
  return { game: p.get('game') || (p.has('tree') ? 'abstract' : 'tictactoe'), moves: p.has('moves') ? p.get('moves') : undefined, depth: p.get('depth') || 0,
    algorithm: p.get('algo') || 'alphabeta', values: p.get('values') || 'negamax',
    playouts: p.get('playouts') ?? undefined, seed: p.get('seed') ?? undefined };
}

// The explorer's state (its onChange, its state()) into the hash; it always
// names its moves, so a reload opens exactly the position shown.
export function writeHash({ game, moves, depth, algorithm, values, playouts, seed }) {
  const p = new URLSearchParams({ view: 'tree', game, moves });
  if (GAMES[game]?.treeMaxDepth || depth) p.set('depth', String(depth));   // a depth-limited game always has one
  if (algorithm && algorithm !== 'alphabeta') p.set('algo', algorithm);
  if (values === 'minimax') p.set('values', values);
  // MCTS's run, so the link reproduces it.
  if (algorithm === 'mcts' && playouts) { p.set('playouts', String(playouts)); p.set('seed', String(seed ?? 1)); }
  const hash = `#${p.toString()}`;
  if (hash !== location.hash) history.replaceState(null, '', hash);
}

// A link's depth for a view whose trees go 1 to `max` deep (`unit`: 'moves'
// or 'plies'): {depth, note}. Absent: `fallback`; deeper than max: max; what
// the link asked for that could not be used is said in `note` ('' if none).
export function linkDepth(asked, max, fallback, unit) {
  if (asked === null || asked === undefined || asked === '') return { depth: fallback, note: '' };
  const d = Number(asked);
  if (!Number.isInteger(d) || d < 1) return { depth: fallback, note: `depth “${asked}” is not a number of ${unit} from 1 to ${max}: depth ${fallback}` };
  if (d > max) return { depth: max, note: `depth ${d} is capped at ${max} (deeper trees would not fit the page)` };
  return { depth: d, note: '' };
}
