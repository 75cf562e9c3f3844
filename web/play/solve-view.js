// "Solve from here" and the solver's threads: the button that runs the exact
// solver on the position (Controller.startSolve; the same button stops it),
// the sentence with its answer and time, the "Solver threads" setting, and
// the line that says which engine build the worker loaded.
//
// The threads: the engine reports its build in `readyok` (docs/protocol.md):
// 'threads' with up to maxThreads threads (the threaded build's pool) where
// the page is cross-origin isolated, else 'single' (1 thread). "Automatic"
// is the device's cores (navigator.hardwareConcurrency) capped at that.
// document.body.dataset.engineBuild and .threads say what was chosen (tests).

import { liveSentence, setUsable } from '../lib/dom.js';
import { provenSoFar, scoreInWords } from '../lib/score-words.js';

const SOLVE_TITLE = 'Prove the exact value of this position with the solver';
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const seconds = (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * The threads a solve uses for a setting ('auto' or a count) on an engine
 * that can use at most maxThreads.
 * @param {string} setting
 * @param {number} maxThreads
 * @param {number} cores  navigator.hardwareConcurrency (0 or undefined: unknown)
 */
export function threadsFor(setting, maxThreads, cores) {
  const wanted = setting === 'auto' ? (cores || 1) : Number(setting);
  return Math.max(1, Math.min(Number.isInteger(wanted) ? wanted : 1, maxThreads));
}

/** Whether a saved threads setting is one the page offers. */
export const isThreadsSetting = (v) => v === 'auto' || (typeof v === 'string' && /^[1-9][0-9]?$/.test(v));

/**
 * @param {object} o
 * @param {any} o.controller  the Play view's Controller
 * @param {import('../engine/engine-client.js').EngineClient} o.engine
 * @param {HTMLButtonElement} o.button  "Solve from here"
 * @param {HTMLElement} o.result  the answer in words
 * @param {HTMLSelectElement} o.select  "Solver threads"
 * @param {HTMLElement} o.buildText  which engine build runs
 * @param {() => void} o.onSetting  the setting changed (the page saves it)
 */
export function mountSolve({ controller, engine, button, result, select, buildText, onSetting }) {
  let setting = 'auto';
  let maxThreads = 1;
  let shownAt = null;   // the position (game and moves) the sentence is about
  const cores = navigator.hardwareConcurrency || 0;

  const apply = () => {
    controller.threads = threadsFor(setting, maxThreads, cores);
    document.body.dataset.threads = String(controller.threads);
  };
  const fillOptions = () => {
    select.textContent = '';
    const auto = document.createElement('option');
    auto.value = 'auto';
    auto.textContent = `Automatic (${plural(threadsFor('auto', maxThreads, cores), 'thread')})`;
    select.append(auto);
    for (let n = 1; n <= maxThreads; n++) {
      const opt = document.createElement('option');
      opt.value = String(n);
      opt.textContent = plural(n, 'thread');
      select.append(opt);
    }
    // A saved count above what this engine can use shows as Automatic (and
    // the solve is capped: apply), but stays the setting: the same site
    // isolated again (after its service worker's reload) uses it.
    select.value = setting !== 'auto' && Number(setting) > maxThreads ? 'auto' : setting;
    select.disabled = maxThreads === 1;
  };
  fillOptions();
  apply();

  engine.ready().then(() => {
    const b = engine.build;
    maxThreads = Math.max(1, b.maxThreads);
    document.body.dataset.engineBuild = b.build;
    buildText.textContent = b.build === 'threads'
      ? `The solver can use up to ${plural(maxThreads, 'thread')} here (this device has ${cores ? plural(cores, 'core') : 'an unknown number of cores'}). `
        + 'A change applies from the next solve or analysis.'
      : 'The solver uses 1 thread here: this page is not cross-origin isolated, so the browser gives it no shared memory.';
    fillOptions();
    apply();
  }, () => {});

  select.addEventListener('change', () => {
    setting = select.value;
    apply();
    onSetting();
  });
  button.addEventListener('click', () => (controller.solving ? controller.stopSolve() : controller.startSolve()));

  // The sentence has two parts: `said`, a live region, changes only when
  // there is news (the solve started, its progress settled who wins or who
  // at least draws, it ended), so that a screen reader announces those and
  // not every report; `elapsed` (not live) counts the seconds. The sentence
  // is never hidden, only emptied (a live region that appears with its
  // first text is often not announced); empty, it takes no room (style.css).
  const say = liveSentence(result, '.solve-said', '.solve-elapsed');
  controller.onSolve = ({ state, reply, threads }) => {
    if (state === 'running' && !reply) {
      shownAt = `${controller.game.board}:${controller.game.moveString()}`;
      say(`Solving with ${plural(threads, 'thread')}…`);
    } else if (state === 'running') {
      const c = controller.searchContext();
      const known = provenSoFar(reply.lo, reply.hi, c.side, c.names);
      say(`Solving with ${plural(reply.threads, 'thread')}${known ? `. Proven so far: ${known}.` : '…'}`,
        ` Running for ${plural(Math.round(reply.timeMs / 1000), 'second')}.`);
    } else if (state === 'done') {
      const c = controller.searchContext();
      const words = scoreInWords(c.kind, reply.score, true, c.plies, c.side, c.names, reply.outcome, 'solver');
      const score = reply.score > 0 ? `+${reply.score}` : String(reply.score);
      const best = Number.isInteger(reply.best) ? ` Best ${controller.game.def.noun}: ${reply.best}.` : '';
      say(`Solved: ${words} (exact score ${score} for ${c.names[c.side]}), proven in `
        + `${seconds(reply.timeMs)} with ${plural(reply.threads, 'thread')}.${best}`);
    } else {
      say('The solve was stopped.');
    }
  };

  return {
    get setting() { return setting; },
    set setting(v) {
      setting = isThreadsSetting(v) ? v : 'auto';
      fillOptions();
      apply();
    },
    // Follows the controller: the button is there for games with a solver,
    // usable when there is a position to solve, and stops a running solve.
    sync() {
      const g = controller.game;
      button.hidden = !g || !g.def.hasSolver;
      button.textContent = controller.solving ? 'Stop solving' : 'Solve from here';
      const usable = controller.solving || controller.canSolve;
      setUsable(button, usable);
      // (the tooltip says why it cannot be used now; the button keeps its
      // place in the Tab order, so a keyboard can reach it)
      button.title = usable ? (controller.solving ? 'Stop the solver' : SOLVE_TITLE)
        : g && g.over ? 'The game is over: there is no position to solve'
          : !controller.state || controller.state === 'loading' ? 'The game is still loading'
            : 'Wait until the computer has moved: then the position can be solved';
      if (!g || (shownAt !== null && shownAt !== `${g.board}:${g.moveString()}`)) {
        say('');   // (the sentence was about another position)
        shownAt = null;
      }
    },
  };
}
