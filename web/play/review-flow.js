// The game review of Play's game (Controller's startReview, stopReview) and
// the move list with the review's marks (showMoves): the whole line is
// reviewed in a worker of its own, so that stepping through the game goes on
// while it runs. Functions of the controller `c` (controller.js), which calls them.

import { Game, movesText } from '../lib/rules.js';
import { scoreInWords } from '../lib/score-words.js';
import { markWords, moveName } from './analysis-view.js';
import { createEvalGraph } from './eval-graph.js';

/** @typedef {import('./controller.js').Controller} Controller */

// The game review's budget (it ends sooner once every position is proven).
const REVIEW_MS = 30000;

// Reviews the whole line (moves played and ahead) in a worker of its own;
// the marks appear in the move list as they are proven.
/** @param {Controller} c */
export async function startReview(c) {
  if (!c.canReview) return;
  const line = movesText(c.line);
  if (c.review && c.review.line === c.reviewKey && !c.review.failed) return;
  c.stopReview();
  const client = c.makeReviewEngine();
  c.reviewEngine = client;
  const review = { line: c.reviewKey, reply: null, done: false, failed: false };
  c.review = review;
  document.body.dataset.review = 'running';
  c.showMoves();
  let reply;
  try {
    reply = await client.request({ type: 'review', ...c.game.position, moves: line, timeMs: REVIEW_MS }, (info) => {
      if (c.review !== review) return;
      review.reply = info;
      c.showMoves();
    });
  } catch (e) {
    if (c.review !== review) return;
    review.failed = true;
    c.panel.showNotice(`The game review failed: ${e && e.message ? e.message : e}.`);
  }
  if (c.review !== review) return;
  if (reply) review.reply = reply;
  review.done = true;
  document.body.dataset.review = review.failed ? 'failed' : 'done';
  client.terminate();
  c.reviewEngine = null;
  c.showMoves();
  c.onChange();
}

/** @param {Controller} c */
export function stopReview(c) {
  if (c.reviewEngine) c.reviewEngine.terminate();
  c.reviewEngine = null;
  c.review = null;
  delete document.body.dataset.review;
}

// The evaluation graph under the move list (#eval-graph, eval-graph.js),
// made the first time it is shown.
let graph = null;
/** @param {Controller} c */
export function showGraph(c) {
  const box = document.getElementById('eval-graph');
  if (!box || !c.game) return;
  graph ??= createEvalGraph(box);
  const kind = c.game.board;   // (the game on its board: 'connect4@8x7', lib/games.js defOf)
  const line = c.line;
  const over = /** @type {import('../lib/rules.js').Game} */ (Game.fromMoves(c.game.kind, movesText(line), c.game.size).game);
  graph.update({
    kind, line, plies: c.game.plies, names: c.names, onJump: (ply) => c.jumpTo(ply),
    review: c.review && c.review.line === c.reviewKey ? c.review : null,
    winner: over && over.over ? over.winner : null,
    valueOf: (moves) => c.values.get(`${kind}:${moves}`),   // (noteValue's keys: the board's)
  });
}

// The move list (with the review's marks) and, for the move that led to
// the position, what the review says of it, with its better move on the board.
/** @param {Controller} c */
export function showMoves(c) {
  const g = c.game;
  const reply = c.review && c.review.reply;
  c.panel.showMoves(g, c.names, c.future, c.review, (ply) => c.jumpTo(ply));
  showGraph(c);
  c.board.setHint(c.hint > 0 ? c.hint : 0);
  if (!reply || !g.plies) {
    c.panel.setReviewNote('');
    return;
  }
  const rm = reply.moves[g.plies - 1];
  if (!rm) return;
  // While the review runs, a move not proven yet has nothing to say (the
  // live note would announce "not proven" and then its verdict).
  if (rm.mark === 'unproven' && !c.review.done) {
    c.panel.setReviewNote('');
    return;
  }
  const mover = ((g.plies - 1) % 2) + 1;
  const before = reply.positions[g.plies - 1];
  let text = `${moveName(g.plies - 1)} ${c.names[mover]} ${g.def.noun} ${rm.move}: ${markWords(rm.mark, before)}.`;
  if (rm.better) {
    text += ` Better: ${g.def.noun} ${rm.better} (dashed on the board).`;
    if (!c.hint) c.board.setHint(rm.better);
  }
  if (before && (before.kind === 'exact' || before.kind === 'wdl')) {
    text += ` Before it: ${scoreInWords(g.board, before.score, before.kind === 'exact', g.plies - 1, mover, c.names,
      before.kind === 'wdl' || before.kind === 'exact' ? Math.sign(before.score) : null, before.source)}.`;
  }
  c.panel.setReviewNote(text, rm.mark);
}
