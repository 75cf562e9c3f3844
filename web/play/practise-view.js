// What "Practise your mistakes" shows (practise-flow.js holds the run):
// the card under the board (#practise: which mistake, the question, the
// verdict in a live region, Show / Skip-Next / Back to the review, and the
// summary with the score at the end) and the status line's question.

import { moveName } from './analysis-view.js';

/** @typedef {import('./controller.js').Controller} Controller */
/** @typedef {import('./practise-flow.js').Practise} Practise */
/** @typedef {import('./practise-flow.js').Item} Item */

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

// What the mistake did, from the mover's view.
const DID = Object.freeze({
  'win-to-draw': 'turned the win into a draw',
  'win-to-loss': 'turned the win into a loss',
  'draw-to-loss': 'turned the draw into a loss',
});

// The score of a run: "3 of 5 found, 2 on the first try".
/** @param {Item[]} items */
function practiseScore(items) {
  const found = items.filter((i) => i.result === 'first' || i.result === 'second').length;
  const first = items.filter((i) => i.result === 'first').length;
  return `${found} of ${items.length} found, ${first} on the first try`;
}

// Who played side `side`: "You" against the computer, else the side's name.
/** @param {Controller} c */
const who = (c, side) => (c.versus && !c.isComputer(side) ? 'You' : c.names[side]);

// The card for the run `p` of controller `c`: the mistake asked (or the summary).
/** @param {Controller} c @param {Practise} p */
export function renderPractise(c, p) {
  const box = $('practise');
  box.hidden = false;
  $('practise-key-help').textContent = $('key-help').textContent;   // (the game's move keys, play-controls.js)
  const item = p.items[p.index];
  const n = p.items.length;
  const noun = c.game.def.noun;
  const summary = !item;
  const done = p.items.filter((i) => i.result === 'first' || i.result === 'second').length;
  $('practise-count').textContent = summary ? `${n} of ${n} · the score` : `${p.index + 1} of ${n} · ${done} found`;
  $('practise-show').hidden = summary || Boolean(item.result);
  const next = $('practise-next');
  next.hidden = summary;
  next.textContent = !item || !item.result ? 'Skip' : p.index + 1 < n ? 'Next' : 'See the score';
  next.setAttribute('aria-label', !item || !item.result ? 'Skip this mistake' : next.textContent);
  $('practise-again').hidden = !summary;
  const list = $('practise-summary');
  list.hidden = !summary;
  if (summary) {
    const score = practiseScore(p.items);
    $('practise-prompt').textContent = `Practice over: ${score}.`;
    list.replaceChildren(...p.items.map((i) => summaryLine(c, i, noun)));
    c.panel.setStatus(`Practice over: ${score}.`);
    return;
  }
  const m = item.mistake;
  const side = (m.ply % 2) + 1;
  const name = c.names[side];
  const keep = m.target > 0 ? 'win' : 'draw';
  $('practise-prompt').textContent = `${moveName(m.ply)} ${who(c, side)} played ${noun} ${m.move} here: it ${DID[m.mark]}. `
    + `Find a better move for ${name}: one that keeps the ${keep}.`;
  if (!item.result && !item.tries.length) {
    c.panel.setStatus(`Mistake ${p.index + 1} of ${n}: find a better move for ${name}.`);
  }
}

// One line of the summary: the mistake and how it went.
/** @param {Controller} c @param {Item} i */
function summaryLine(c, i, noun) {
  const m = i.mistake;
  const li = document.createElement('li');
  li.dataset.result = i.result;
  const how = i.result === 'first' ? `found ${noun} ${i.answer} on the first try`
    : i.result === 'second' ? `found ${noun} ${i.answer} on the second try`
      : `${i.result === 'shown' ? 'shown' : i.result === 'skipped' ? 'skipped' : 'not found'}`
        + `${m.better ? `; ${noun} ${m.better} keeps the ${m.target > 0 ? 'win' : 'draw'}` : ''}`;
  li.textContent = `${moveName(m.ply)} ${c.names[(m.ply % 2) + 1]} ${noun} ${m.move}: ${how}`;
  return li;
}

// The verdict on an answer, in the card's live region: `verdict` 'keeps' or
// 'loses' and the `move` judged (data-verdict, data-move; data-count counts
// the verdicts: hooks for tests), or a message of its own.
export function sayPractise(text, verdict = '', move = 0) {
  const said = $('practise-said');
  said.textContent = text;
  said.dataset.verdict = verdict;
  said.dataset.move = move ? String(move) : '';
  if (verdict) said.dataset.count = String(Number(said.dataset.count || 0) + 1);
}
