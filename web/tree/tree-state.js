// The explorer's shared state: the shown position, the shown algorithm's
// trace and the form of the values, one object that tree-view.js owns and
// changes, and that the tree pane (tree-pane.js) and the step-through
// (step-panel.js) read. With the questions both of them ask about a node of
// the trace.

import { GAMES } from '../lib/games.js';
import { parseMoves } from '../lib/boards.js';
import { minimaxView } from './trace.js';

/**
 * @typedef {object} TreeViewState
 * @property {{game: string, moves: string, depth: number, error: string}} pos
 *   the position searched: game id, move string from the start, depth limit
 * @property {(import('./trace.js').Trace & {algorithm: string}) | null} trace
 *   the shown algorithm's trace (its `algorithm` id given to new Trace), null while it loads
 * @property {'negamax' | 'minimax'} values
 *   how values are shown: negamax (for the side to move, as the engine
 *   searched) or minimax (for MAX, the first player, with MAX and MIN levels)
 */

/**
 * The moves from the start of the game to node i of the trace.
 * @param {TreeViewState} view
 * @param {number} i
 */
export function pathMoves(view, i) {
  return parseMoves(view.pos.moves).concat(view.trace.path(i));
}

/**
 * The side to move at node i (at the searched position when i < 0 or no trace is shown).
 * @param {TreeViewState} view
 * @param {number} i
 */
export function sideToMove(view, i) {
  return GAMES[view.pos.game].sides[pliesAt(view, i) % 2];
}

// Plies from the start of the game to node i (to the searched position when
// i < 0 or no trace is shown).
function pliesAt(view, i) {
  return view.pos.moves.length + (i >= 0 && view.trace ? view.trace.ply(i) : 0);
}

/**
 * True when MAX (the first player) is to move at node i (at the searched
 * position when i < 0 or no trace is shown).
 * @param {TreeViewState} view
 * @param {number} i
 */
export function maxToMove(view, i) {
  return pliesAt(view, i) % 2 === 0;
}

/**
 * Node i's value and window as the view shows them ({value, alpha, beta,
 * minNode}): the engine's negamax numbers, or in the minimax view MAX's
 * (minNode: MIN is to move there, so they were negated).
 * @param {TreeViewState} view
 * @param {number} i
 */
export function shownNode(view, i) {
  const t = view.trace;
  const minNode = view.values === 'minimax' && !maxToMove(view, i);
  return { ...minimaxView({ value: t.val(i), alpha: t.alpha(i), beta: t.beta(i) }, !minNode), minNode };
}
