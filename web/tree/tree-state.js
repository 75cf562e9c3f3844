// The explorer's shared state: the shown position and the shown algorithm's
// trace, one object that tree-view.js owns and changes, and that the tree
// pane (tree-pane.js) and the step-through (step-panel.js) read. With the
// two questions both of them ask about a node of the trace.

import { GAMES } from '../js/games.js';
import { parseMoves } from './boards.js';

/**
 * @typedef {object} TreeViewState
 * @property {{game: string, moves: string, depth: number, error: string}} pos
 *   the position searched: game id, move string from the start, depth limit
 * @property {(import('./trace.js').Trace & {algorithm: string}) | null} trace
 *   the shown algorithm's trace (its `algorithm` id given to new Trace), null while it loads
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
  const ply = view.pos.moves.length + (i >= 0 && view.trace ? view.trace.ply(i) : 0);
  return GAMES[view.pos.game].sides[ply % 2];
}
