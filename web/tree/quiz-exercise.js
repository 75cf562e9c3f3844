// One exercise of the quiz (quiz-view.js shows it): the answers read from
// the engine's traces (quiz-logic.js answersOf), what the student gave so
// far — the values typed, the branches marked, α and β — each question's
// items with their tries, and the sentences the last check says. No DOM:
// the view draws it, the node test drives it (tests/web/quiz-logic.test.mjs).

import { checkPrune, checkValue, checkWindow, fmt, grade, parseAnswer, pruneAnswer, reveal, windowNode } from './quiz-logic.js';

/** @typedef {import('./quiz-logic.js').Answers} Answers @typedef {import('./quiz-logic.js').Item} Item
 *  @typedef {import('./quiz-logic.js').Score} Score */

// The prune question's answer beside the student's marks, and how the tree shows them.
function pruneShownText(a, c) {
  const marks = [c.missed.length ? `Missed (ringed in blue): ${c.missedText}.` : '', c.wrong.length ? `Marked but searched (dashed red): ${c.wrongText}.` : ''];
  return [...marks, pruneAnswer(a)].filter(Boolean).join(' ');
}

export class Exercise {
  /**
   * @param {Answers} answers
   * @param {number} seed  picks the node of the α/β question
   * @param {string} moves  the Tic-Tac-Toe position ('' for a tree)
   */
  constructor(answers, seed, moves) {
    this.answers = answers;
    this.windowKey = windowNode(answers, seed).key;
    this.moves = moves;
    /** @type {Map<string, Item>} 'v:<node key>' (a value), 'prune', 'window' */
    this.items = new Map();
    /** @type {Map<string, string>} the values typed, by node key */
    this.texts = new Map();
    /** @type {Set<string>} the value fields whose last check missed */
    this.wrong = new Set();
    /** @type {Set<string>} the branches marked pruned (by the key of the node each leads to) */
    this.marks = new Set();
    this.alpha = '';
    this.beta = '';
    /** @type {{missed: string[], wrong: string[]} | null} the prune answer shown, beside the student's marks */
    this.pruneShown = null;
    /** @type {string[]} what the last check said */
    this.lines = [];
  }

  /** @param {string} key */
  item(key) { return this.items.get(key) || /** @type {Item} */ ({ tries: 0, state: 'open' }); }
  /** The items of question `ask`. @param {string} ask */
  itemsOf(ask) { return ask === 'values' ? this.answers.nodes.filter((n) => !n.leaf).map((n) => `v:${n.key}`) : [ask]; }
  /** Whether every item of `ask` is finished (right or shown). @param {string} ask */
  done(ask) { return this.itemsOf(ask).every((k) => this.item(k).state !== 'open'); }

  /** Marks or unmarks the branch into `key` while the prune question is open. @param {string} key */
  toggle(key) {
    if (this.item('prune').state !== 'open') return;
    if (this.marks.has(key)) this.marks.delete(key); else this.marks.add(key);
  }

  // Grades one item; the sentence for it: right, the hint, or the answer.
  #grade(key, right, score, rightText, hint, answer) {
    const r = grade(this.item(key), right, score);
    this.items.set(key, r.item);
    return { score: r.score, line: r.say === 'right' ? rightText : r.say === 'hint' ? hint : answer };
  }

  /**
   * Checks the answers given to question `ask`; the sentences go to `lines`.
   * @param {string} ask @param {Score} score
   * @returns {Score} the score after it
   */
  check(ask, score) {
    if (this.done(ask)) return score;
    const a = this.answers;
    const lines = [];
    const add = (r) => { score = r.score; lines.push(r.line); };
    if (ask === 'values') {
      this.wrong.clear();
      for (const n of a.nodes) {
        if (n.leaf || this.item(`v:${n.key}`).state !== 'open') continue;
        const text = this.texts.get(n.key) || '';
        const c = checkValue(a, n.key, text);
        if (c.status === 'empty') continue;
        if (c.status === 'unreadable') { lines.push(`${n.name}: ${c.hint}`); this.wrong.add(n.key); continue; }
        add(this.#grade(`v:${n.key}`, c.status === 'right', score, `${n.name}: ${fmt(n.value)} is right.`,
          `${n.name}: not ${fmt(Number(parseAnswer(text)))}. Hint: ${c.hint}`, `${n.name}: the value is ${fmt(n.value)}.`));
        if (this.item(`v:${n.key}`).state === 'open') this.wrong.add(n.key);
      }
      if (!lines.length) lines.push('Type a value in a field first.');
    } else if (ask === 'prune') {
      const c = checkPrune(a, this.marks);
      const firstMiss = `Not yet: ${c.wrong.length ? `marked but searched: ${c.wrongText}` : ''}${c.wrong.length && c.missed.length ? '; ' : ''}` +
        `${c.missed.length ? `${c.missed.length} pruned branch${c.missed.length > 1 ? 'es' : ''} not marked` : ''}. Hint: ${c.hint}`;
      add(this.#grade('prune', c.right, score, `Right. ${pruneAnswer(a)}`, firstMiss, pruneShownText(a, c)));
      if (this.item('prune').state === 'shown') this.#showPrune(c);
    } else {
      const c = checkWindow(a, this.windowKey, this.alpha, this.beta);
      if (c.status === 'empty' || c.status === 'unreadable') lines.push(c.hint);
      else {
        add(this.#grade('window', c.status === 'right', score, `Right: ${this.#windowAnswer()}`,
          `Not yet (${c.alphaRight ? 'α is right' : c.betaRight ? 'β is right' : 'neither is right'}). Hint: ${c.hint}`, `The answer: ${this.#windowAnswer()}`));
      }
    }
    this.lines = lines;
    return score;
  }

  /**
   * "Show the answers": every open item of `ask` finished, its answer said.
   * @param {string} ask @param {Score} score
   * @returns {Score}
   */
  showAll(ask, score) {
    const a = this.answers;
    for (const key of this.itemsOf(ask)) {
      const r = reveal(this.item(key), score);
      this.items.set(key, r.item);
      score = r.score;
    }
    this.wrong.clear();
    const mine = checkPrune(a, this.marks);
    if (ask === 'prune') this.#showPrune(mine);
    this.lines = [ask === 'values' ? `The values: ${a.nodes.filter((n) => !n.leaf).map((n) => `${n.name} ${fmt(n.value)}`).join(', ')}.`
      : ask === 'prune' ? pruneShownText(a, mine) : `The answer: ${this.#windowAnswer()}`];
    return score;
  }

  // The prune question's answer on the tree: the engine's pruned branches marked.
  #showPrune(c) {
    this.pruneShown = { missed: c.missed, wrong: c.wrong };
    this.marks = new Set(this.answers.pruned);
  }

  #windowAnswer() {
    const w = this.answers.windows.get(this.windowKey);
    return `alpha-beta enters ${this.answers.byKey.get(this.windowKey).name} with α = ${fmt(w.alpha)}, β = ${fmt(w.beta)}.`;
  }
}
