// Whose turn it is in Play's game (Controller's step and finish): the
// person's status line, the computer's search and move (with the evaluation
// bar following it while the analysis is on), pausing in computer vs
// computer, and the end of the game. Functions of the controller `c`
// (controller.js), which calls them after every position change.

/** @typedef {import('./controller.js').Controller} Controller */

const DEMO_PAUSE_MS = 350;
// Depth-limited levels answer in a few ms; the computer still takes this long,
// so its move does not land before the player has seen their own.
const MIN_THINK_MS = 350;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A search report's value of the position ({kind, score, depth, source}, as
// the analysis gives them) for the evaluation bar.
function searchValue(info) {
  if (info.exact) return { kind: 'exact', score: info.score, depth: info.depth, source: info.source };
  if (info.outcome === 1 || info.outcome === 0 || info.outcome === -1) return { kind: 'wdl', score: info.outcome, source: info.source };
  return { kind: 'estimate', score: info.score, depth: info.depth, source: info.source };
}
const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

// The search request fields of a computer move, and its budget for the
// progress bar.
/** @param {Controller} c */
function moveRequest(c) {
  if (c.settings.algorithm === 'mcts') {
    const m = c.mctsLevel;
    if (m) return { fields: { algorithm: 'mcts', level: c.level.name }, budget: m.timeMs || MIN_THINK_MS, minMs: MIN_THINK_MS };
    return { fields: { algorithm: 'mcts', timeMs: c.settings.time }, budget: c.settings.time, minMs: MIN_THINK_MS };
  }
  const l = c.level;
  if (l) return { fields: { level: l.name }, budget: l.timeMs || MIN_THINK_MS, minMs: l.timeMs ? 0 : MIN_THINK_MS };
  return { fields: { timeMs: c.settings.time, randomTies: true }, budget: c.settings.time, minMs: 0 };
}

/** @param {Controller} c */
function lastMoveText(c) {
  const g = c.game;
  if (!g.plies) return '';
  const side = g.plies % 2 === 1 ? 1 : 2;
  const vs = c.versus;
  const who = !vs ? c.names[side] : c.isComputer(side) ? 'Computer' : 'You';
  return `${who} played ${g.def.noun} ${g.history[g.plies - 1]}. `;
}

// What Perfect says after a move it could not prove.
const PERFECT_UNPROVEN = ': not proven. Perfect could not prove the value of this position within its time, '
  + 'so it played its best estimate';

/** @param {Controller} c */
export async function step(c, token) {
  if (!c.active) return;
  const g = c.game;
  if (g.over) return c.finish();
  const side = g.sideToMove;
  if (!c.isComputer(side)) {
    c.setState('human-turn');
    if (c.analysisOn) c.startAnalysis(token);
    // While the last disc still falls the status says the move is being
    // played; "your turn" once it has landed.
    const vs = c.versus;
    // Looking back through a finished game: a move here starts another (said before it is played).
    const back = c.future.length > 0 && c.lineOver;
    const where = g.plies ? `move ${g.plies} of ${c.line.length}: ${lastMoveText(c)}`
      : `the start, before the game's ${c.line.length} moves. `;
    const turn = back ? `Looking back, ${where}A move here starts a new game (← → step).`
      : `${lastMoveText(c)}${vs ? `Your turn (${c.names[side]})` : `${c.names[side]} to move`}.`;
    if (c.board.animating && g.plies) {
      const mover = ((g.plies - 1) % 2) + 1;   // (against the computer: the computer)
      c.panel.setStatus(`${vs ? 'Computer' : c.names[mover]} plays ${g.def.noun} ${g.history[g.plies - 1]}…`);
      await c.landing;
      if (token !== c.token) return;
    }
    c.panel.setStatus(turn);
    return;
  }
  const who = `Computer (${c.names[side]})`;
  if (c.browsing) {
    c.setState('paused');
    // (the analysis follows the position shown, whoever is to move there)
    if (c.analysisOn) c.startAnalysis(token);
    c.panel.setStatus(`${lastMoveText(c)}Looking back through the game: the computer (${c.names[side]}) `
      + 'is to move here. Step with ← and →.');
    return;
  }
  if (c.paused && !c.stepOnce) {
    c.setState('paused');
    c.panel.setStatus(`${lastMoveText(c)}Paused: ${c.names[side]} to move. Resume, or Step for one move.`);
    return;
  }
  c.stepOnce = false;
  c.setState('thinking');
  c.panel.setStatus(`${lastMoveText(c)}${c.settings.ai === 'both' ? who : 'Computer'} is thinking…`);
  if (c.settings.ai === 'both' && g.plies) {
    await Promise.all([c.landing, sleep(DEMO_PAUSE_MS)]);
    if (token !== c.token) return;
  }
  const ctx = c.searchContext();
  const { fields, budget, minMs } = moveRequest(c);
  c.panel.startThinking(`${who} is thinking`, budget, ctx);
  // With the analysis on, the bar shows the position's value: a proven one
  // carried from the analysis of the move played, else the search's.
  const carried = c.carried && c.carried.at === `${g.board}:${ctx.moves}` ? c.carried.value : null;
  if (c.analysisOn && carried) c.evalBar.set(g.board, carried, g.plies, side, c.names);
  let reply;
  try {
    [reply] = await Promise.all([
      c.engine.request({ type: 'search', ...g.position, ...fields,
        seed: randomSeed() }, (info) => {
        if (token !== c.token) return;
        c.panel.showInfo(info, ctx);
        if (c.analysisOn && !carried) c.evalBar.set(g.board, searchValue(info), g.plies, side, c.names);
      }),
      c.landing,
      sleep(minMs),
    ]);
  } catch (e) {
    return c.engineFailed(e);
  }
  if (!reply || token !== c.token) return;
  c.panel.stopThinking();
  c.panel.showInfo(reply, ctx);
  // Perfect plays the proven best move where the solver proves it in time;
  // where it cannot (a large board early in the game), it says so.
  const unproven = c.settings.level === 'perfect' && c.settings.algorithm !== 'mcts' && !reply.exact
    && reply.outcome !== 1 && reply.outcome !== 0 && reply.outcome !== -1;
  c.panel.setWho(`${who} played ${g.def.noun} ${reply.move}${unproven ? PERFECT_UNPROVEN : ''}`);
  if (!g.canPlay(reply.move)) return c.engineFailed(new Error(`the engine chose an illegal move ${reply.move}`));
  // (its value of the position it moved from, for the evaluation graph; MCTS's is a share of playouts, not a score)
  if (c.settings.algorithm !== 'mcts') c.noteValue(g.board, ctx.moves, searchValue(reply));
  c.playOnLine(reply.move);
  c.positionChanged(true);
}

/** @param {Controller} c */
export function finish(c) {
  const g = c.game;
  c.setState('game-over');
  const vs = c.versus;
  let text;
  if (g.winner === 0) text = 'Game over: draw.';
  else if (vs) text = c.isComputer(g.winner) ? 'Game over: computer wins.' : 'Game over: you win!';
  else text = `Game over: ${c.names[g.winner]} wins!`;
  c.panel.setStatus(`${lastMoveText(c)}${text}`);
  c.panel.clearThinking(text);
  c.panel.overShown = true;
  if (c.analysisOn) c.showFinalValue();
  // The review starts by itself at the end of a game (once per line).
  if (c.canReview && !c.review) c.startReview();
}
