// "Solve from here" in Play's game (Controller's startSolve, stopSolve, ...):
// the exact solver on the position, in the engine's worker; its progress and
// answer go to the panel and to the controller's onSolve. Functions of the
// controller `c` (controller.js), which calls them.

/** @typedef {import('./controller.js').Controller} Controller */

// "Solve from here": the exact solver on the position, with this.threads
// threads, in the engine's worker (whatever the engine was doing is
// dropped); its progress (the proven interval) and its answer go to the
// panel and to onSolve. A move, undo, new game or stopSolve() cancels it
// as they cancel a search.
/** @param {Controller} c */
export async function startSolve(c) {
  if (!c.canSolve || c.solving) return;
  c.engine.cancel();
  const token = ++c.token;
  const g = c.game;
  const ctx = c.searchContext();
  c.solving = true;
  document.body.dataset.solve = 'running';
  c.panel.startSolving(c.threads, ctx);
  c.onSolve({ state: 'running', threads: c.threads });
  c.onChange();
  let reply;
  try {
    reply = await c.engine.request({ type: 'solve', ...g.position, threads: c.threads },
      (info) => {
        if (token !== c.token) return;
        c.panel.showSolving(info, ctx);
        c.onSolve({ state: 'running', reply: info });
      });
  } catch (e) {
    c.endSolve('stopped');
    return c.engineFailed(e);
  }
  if (!reply || token !== c.token) return;
  c.panel.stopThinking();
  c.panel.showSolving(reply, ctx);
  c.panel.setWho(`Solved with ${reply.threads === 1 ? '1 thread' : `${reply.threads} threads`}`);
  c.onSolve({ state: 'done', reply });
  c.endSolve('done');
  if (c.analysisOn) c.evalBar.set(g.board, { kind: 'exact', score: reply.score, source: 'solver' }, g.plies,
    g.sideToMove, c.names);
}

// Stops a running solve; the position's analysis (when it is on) starts again.
/** @param {Controller} c */
export function stopSolve(c) {
  if (!c.solving) return;
  c.cancelSolve();
  if (c.analysisOn && c.state === 'human-turn') c.startAnalysis(c.token);
}

// Stops a running solve, nothing else.
/** @param {Controller} c */
export function cancelSolve(c) {
  c.engine.cancel();
  c.token++;
  if (c.panel.thinking) c.panel.stopThinking();
  c.panel.clearThinking('Engine');
  c.endSolve('stopped');
}

/** @param {Controller} c */
export function endSolve(c, state) {
  c.solving = false;
  document.body.dataset.solve = state;
  if (state === 'stopped') c.onSolve({ state });
  c.onChange();
}
