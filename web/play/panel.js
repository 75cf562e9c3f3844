// The text side of the page: status line (aria-live), notice banner, thinking
// panel (depth, score in words, nodes, nodes/s, threads, principal variation,
// progress bar; a solve's proven interval) and move list. Pure DOM updates;
// no game logic.

import { formatCount, hasOutcome, provedDrawOrBetter, provenSoFar, scoreInWords } from '../lib/score-words.js';
import { markOf, markWords, moveName, valueInWords } from './analysis-view.js';
import { liveSentence } from '../lib/dom.js';

const $ = (id) => document.getElementById(id);

const signed = (n) => (n > 0 ? `+${n}` : String(n));
// Below this many milliseconds of work the panel shows no speed.
const kMinSpeedMs = 10;
const seconds = (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

export class Panel {
  constructor() {
    this.el = {
      status: $('status'), notice: $('notice'), noticeText: $('notice-text'), noticeAction: $('notice-action'),
      who: $('think-who'), depthLabel: $('think-depth-label'), depth: $('think-depth'), score: $('think-score'),
      nodes: $('think-nodes'), threads: $('think-threads'),
      nps: $('think-nps'), pv: $('think-pv'), progress: $('think-progress'), bar: $('think-bar'),
      statusBar: $('status-bar'),
      moves: $('moves'), list: $('move-list'), hint: $('hint-text'), legend: $('analysis-legend'),
      cols: $('analysis-cols'), reviewStatus: $('review-status'), reviewNote: $('review-note'),
    };
    this.reviewSay = liveSentence(this.el.reviewStatus, '.review-said', '.review-progress');
    this.thinking = null;
    this.solveShown = false;   // the figures are a solve's (startSolving) until others are shown
    this.overShown = false;    // the title is a finished game's result (Controller.finish)
    // The engine's best line: {at, moves} (moves from the position reached by
    // the move string `at`), or null; onLine hears every change (the board draws it).
    this.line = null;
    /** @type {(line: {at: string, moves: number[]} | null) => void} */
    this.onLine = () => {};
    $('notice-close').addEventListener('click', () => this.hideNotice());
    /** @type {((() => void) & {saved?: {game: string, moves: string, ahead: string}}) | null} */
    this.noticeRun = null;
    // Hears the notice shown or hidden (the page saves a restore offer with the game).
    this.onNotice = () => {};
    // The board's Tab stop (BoardView.tabStop), set by the page.
    /** @type {() => HTMLElement | null} */
    this.boardStop = () => null;
    this.el.noticeAction.addEventListener('click', () => {
      const run = this.noticeRun;
      this.hideNotice();
      if (run) run();
      // (the button is gone: the focus goes on to the board)
      this.boardStop()?.focus();
    });
  }

  get status() { return this.el.status.textContent; }

  setStatus(text) {
    if (this.el.status.textContent !== text) this.el.status.textContent = text;
  }

  // `kind` names what the notice is about ('link', 'book', ...), so that one
  // part of the page can take back its own notice without hiding another's.
  // `action` ({label, run}): a button beside the text that hides the notice
  // and calls run().
  /** @param {string} text @param {string} [kind] @param {{label: string, run: () => void} | null} [action] */
  showNotice(text, kind = 'other', action = null) {
    this.el.noticeText.textContent = text;
    this.el.notice.hidden = false;
    this.noticeKind = kind;
    this.noticeRun = action ? action.run : null;
    this.el.noticeAction.textContent = action ? action.label : '';
    this.el.noticeAction.hidden = !action;
    this.onNotice();
  }

  // Hides the notice; with `kind`, only a notice of that kind.
  hideNotice(kind) {
    if (this.el.notice.hidden || (kind && kind !== this.noticeKind)) return;
    this.el.notice.hidden = true;
    this.onNotice();
  }

  // The notice's offer to restore a game, as the page saves it ({text, game,
  // moves, ahead, size?}), or null: none shown.
  /** @returns {{text: string, game: string, moves: string, ahead: string, size?: string} | null} */
  get offer() {
    const saved = !this.el.notice.hidden && this.noticeRun ? this.noticeRun.saved : null;
    return saved ? { text: this.el.noticeText.textContent || '', ...saved } : null;
  }

  // A search started: `who` says who is thinking ("Computer (Red)", "Hint for Red").
  startThinking(who, budgetMs, ctx) {
    this.solveShown = false;
    this.overShown = false;
    this.thinking = { start: performance.now(), budgetMs, ctx, label: who };
    this.el.who.textContent = who;
    for (const k of ['depth', 'score', 'nodes', 'nps', 'pv']) this.el[k].textContent = '…';
    this.el.threads.textContent = '1';   // the search and the review use one thread (an analysis says how many)
    this.el.progress.hidden = false;
    this.el.bar.style.width = '0%';
    this.el.statusBar.style.width = '0%';
    const tick = () => {
      if (!this.thinking) return;
      const f = Math.min(1, (performance.now() - this.thinking.start) / this.thinking.budgetMs);
      this.el.bar.style.width = `${(f * 100).toFixed(1)}%`;
      this.el.statusBar.style.width = this.el.bar.style.width;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  // One search report (worker 'info' or 'bestmove'); ctx = {kind, plies, side, names, noun}.
  showInfo(info, ctx) {
    const c = ctx || (this.thinking && this.thinking.ctx);
    if (!c) return;
    if (info.algorithm === 'mcts') return this.showMcts(info, c);
    this.el.depthLabel.textContent = 'Depth';
    const book = info.source === 'book';
    const drawOrBetter = provedDrawOrBetter(info.exact, info.outcome, info.source);
    const proven = info.exact || hasOutcome(info.outcome) || drawOrBetter;
    this.el.depth.textContent = book ? 'book' : drawOrBetter ? '–' : String(info.depth);
    this.el.score.textContent = scoreInWords(c.kind, info.score, info.exact, c.plies, c.side, c.names, info.outcome, info.source)
      + (book ? ' (opening book)' : proven ? ' (proven)' : '');
    this.el.nodes.textContent = formatCount(info.nodes);
    this.el.nps.textContent = info.nps ? `${formatCount(info.nps)}/s` : '–';
    this.el.pv.textContent = Array.isArray(info.pv) && info.pv.length ? info.pv.join(' ') : '–';
    this.setLine(Array.isArray(info.pv) && info.pv.length ? { at: c.moves, moves: info.pv } : null);
  }

  // A Monte Carlo tree search's report: playouts instead of a depth, the best
  // move's share of won playouts (a draw counts half) instead of a score.
  showMcts(info, c) {
    const proven = info.outcome === 1 || info.outcome === 0 || info.outcome === -1;
    this.el.depthLabel.textContent = 'Playouts';
    this.el.depth.textContent = `${formatCount(info.playouts)} (MCTS)`;
    this.el.score.textContent = proven
      ? `${scoreInWords(c.kind, 0, false, c.plies, c.side, c.names, info.outcome, 'search')} (proven by MCTS-Solver)`
      : `${c.names[c.side]} wins ${Math.round(info.winRate * 100)}% of its playouts (estimate)`;
    this.el.nodes.textContent = `${formatCount(info.nodes)} in the tree`;
    this.el.nps.textContent = info.nps ? `${formatCount(info.nps)} playouts/s` : '–';
    this.el.pv.textContent = Array.isArray(info.pv) && info.pv.length ? info.pv.join(' ') : '–';
    this.setLine(Array.isArray(info.pv) && info.pv.length ? { at: c.moves, moves: info.pv } : null);
  }

  // "Solve from here" started with `threads` threads: no budget, so no
  // progress bar (the proven interval shows the progress).
  startSolving(threads, ctx) {
    this.startThinking(`Solving with ${threads === 1 ? '1 thread' : `${threads} threads`}`, Infinity, ctx);
    this.solveShown = true;
    this.el.progress.hidden = true;
    this.el.depthLabel.textContent = 'Proven';
    this.el.threads.textContent = String(threads);
    this.setLine(null);
  }

  // A solve's report (worker 'solveinfo' or 'solved'): the proven interval
  // of the exact score (the side to move's view), then the value in words:
  // while it runs, what the interval already settles (who wins: then the
  // solve goes on to find how fast; who at least draws); once solved, a
  // move that keeps the value as the best line.
  showSolving(info, c) {
    this.el.depthLabel.textContent = 'Proven';
    const done = info.type === 'solved';
    this.el.depth.textContent = done ? 'exact value' : `${signed(info.lo)} … ${signed(info.hi)} (score for ${c.names[c.side]})`;
    const known = done ? '' : provenSoFar(info.lo, info.hi, c.side, c.names);
    this.el.score.textContent = done
      ? `${scoreInWords(c.kind, info.score, true, c.plies, c.side, c.names, info.outcome, 'solver')} (proven in ${seconds(info.timeMs)})`
      : known ? `${known} (proven); ${info.lo >= 1 || info.hi <= -1 ? 'finding how fast' : 'solving'}…` : 'solving…';
    this.el.nodes.textContent = formatCount(info.nodes);
    // (a speed over a few milliseconds, say an answer from the table, means nothing)
    this.el.nps.textContent = info.nps && info.timeMs >= kMinSpeedMs ? `${formatCount(info.nps)}/s` : '–';
    this.el.threads.textContent = String(info.threads);
    // The solved reply's best move (one that keeps the value; null if none was found quickly).
    const best = done && Number.isInteger(info.best) ? info.best : 0;
    this.el.pv.textContent = best ? String(best) : '–';
    this.setLine(best ? { at: c.moves, moves: [best] } : null);
  }

  setLine(line) {
    this.line = line;
    this.onLine(line);
  }

  stopThinking() {
    this.thinking = null;
    this.el.bar.style.width = '100%';
    this.el.progress.hidden = true;
  }

  clearThinking(text) {
    this.stopThinking();
    this.solveShown = false;
    this.overShown = false;
    this.el.who.textContent = text;
    for (const k of ['depth', 'score', 'nodes', 'nps', 'threads', 'pv']) this.el[k].textContent = '–';
    this.el.depthLabel.textContent = 'Depth';
    this.setLine(null);
  }

  setWho(text) { this.el.who.textContent = text; }
  setHintText(text) { this.el.hint.textContent = text; this.el.hint.hidden = !text; }
  setLegend(text) { this.el.legend.textContent = text; this.el.legend.hidden = !text; }

  // The analysis of the position (an analyze reply or its analysisinfo) in
  // the engine panel: the position's value, proven or estimated, and the best move.
  showAnalysis(a, ctx) {
    const v = a.position || { kind: 'pending', score: 0 };
    const provenValue = v.kind === 'exact' || v.kind === 'wdl';
    const legal = a.scores.filter((s) => s.legal);
    const done = legal.filter((s) => s.kind === 'exact' || s.kind === 'wdl').length;
    this.el.depthLabel.textContent = 'Depth';
    this.el.depth.textContent = provenValue ? 'proven' : v.kind === 'estimate' ? String(v.depth) : '…';
    this.el.score.textContent = valueInWords(ctx.kind, v, ctx.plies, ctx.side, ctx.names);
    this.el.nodes.textContent = formatCount(a.nodes);
    this.el.nps.textContent = a.timeMs >= kMinSpeedMs && a.nodes > 0 ? `${formatCount(a.nodes * 1000 / a.timeMs)}/s` : '–';
    this.el.threads.textContent = String(a.threads ?? 1);
    this.el.pv.textContent = a.best ? String(a.best) : '–';
    this.setLine(a.best ? { at: ctx.moves, moves: [a.best] } : null);
    if (this.thinking) this.el.who.textContent = `${this.thinking.label || 'Analysis'}: ${done} of ${legal.length} proven`;
  }

  // The analysis of every move as a list for screen readers (and the
  // [data-analysis-col] hook: data-kind, data-score); null empties it.
  showAnalysisList(scores, game, names) {
    const list = this.el.cols;
    list.textContent = '';
    if (!scores) return;
    const side = game.sideToMove;
    for (const s of scores) {
      const li = document.createElement('li');
      li.dataset.analysisCol = String(s.move);
      li.dataset.kind = s.kind;
      li.dataset.score = String(s.score);
      li.textContent = s.legal ? `${game.def.noun} ${s.move}: ${valueInWords(game.board, s, game.plies, side, names)}`
        : `${game.def.noun} ${s.move}: not playable`;
      list.append(li);
    }
  }

  setReviewNote(text, mark) {
    // (A live region: never hidden, only emptied, and rewritten only with news.)
    if (this.el.reviewNote.textContent !== text) this.el.reviewNote.textContent = text;
    this.el.reviewNote.dataset.tone = mark ? markOf(mark).tone : '';
  }

  // The move list: every move of the line as a button (the position after
  // it), the moves ahead of the position greyed, the review's marks on them;
  // `onJump(ply)` shows the position after `ply` moves. #moves holds the
  // move string of the position.
  showMoves(game, names, future, review, onJump) {
    this.el.moves.textContent = game.moveString();
    const list = this.el.list;
    list.textContent = '';
    const line = game.history.concat(future);
    const reply = review && review.reply;
    for (let k = 0; k < line.length; k += 2) {
      const li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${k / 2 + 1}.`;
      num.setAttribute('aria-hidden', 'true');
      li.append(num);
      for (const j of [k, k + 1]) {
        if (j >= line.length) break;
        const b = document.createElement('button');
        b.type = 'button';
        const side = (j % 2) + 1;
        b.className = `mv p${side}`;
        if (j === game.plies - 1) b.classList.add('current');
        if (j >= game.plies) b.classList.add('ahead');
        b.dataset.ply = String(j + 1);
        let about = '';
        const rm = reply && reply.moves[j];
        if (rm) {
          const mark = markOf(rm.mark);
          b.dataset.mark = rm.mark;
          if (rm.better) b.dataset.better = String(rm.better);
          if (mark.symbol) {
            const sym = document.createElement('span');
            sym.className = 'mark';
            sym.textContent = mark.symbol;
            sym.setAttribute('aria-hidden', 'true');
            b.append(String(line[j]), sym);
          }
          about = `: ${markWords(rm.mark, reply.positions[j])}${rm.better ? `; better ${game.def.noun} ${rm.better}` : ''}`;
        }
        if (!b.textContent) b.textContent = String(line[j]);
        b.setAttribute('aria-label', `${moveName(j)} ${names[side]} ${game.def.noun} ${line[j]}${about}`);
        if (j === game.plies - 1) b.setAttribute('aria-current', 'step');
        b.addEventListener('click', () => onJump(j + 1));
        li.append(b);
      }
      list.append(li);
    }
    list.hidden = line.length === 0;
    // Keep the current move in view (scrolling the list only, not the page).
    const current = /** @type {HTMLElement | null} */ (list.querySelector('.current'));
    if (current) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + current.offsetHeight - list.clientHeight;
    }
    this.showReviewStatus(review, names);
  }

  // The review's progress and its summary: the marked moves of each side.
  // Only "Reviewing the game…" and the summary go to the live part (a screen
  // reader announces those); the count of positions proven, updated with
  // every report, is not live.
  showReviewStatus(review, names) {
    const say = this.reviewSay;
    const reply = review && review.reply;
    if (!review) {   // (emptied, not hidden: its live part must be there before it speaks)
      say('');
      return;
    }
    if (!reply) {
      say(review.failed ? 'The review stopped before it could prove anything.' : 'Reviewing the game…');
      return;
    }
    const provenCount = reply.positions.filter((p) => p.kind === 'exact' || p.kind === 'wdl').length;
    const counts = { 1: [], 2: [] };
    const slower = { 1: [], 2: [] };   // slower wins: not mistakes, said apart
    let unproven = 0;
    reply.moves.forEach((m, j) => {
      if (m.mark === 'unproven') unproven++;
      else if (m.mark === 'slower-win') slower[(j % 2) + 1].push(`${moveName(j)} ${m.move}`);
      else if (m.mark !== 'keeps') counts[(j % 2) + 1].push(`${moveName(j)} ${m.move}${markOf(m.mark).symbol}`);
    });
    const side = (n) => `${names[n]}: ${counts[n].length ? counts[n].join(', ') : 'no mistakes'}`
      + (slower[n].length ? ` (slower wins, not mistakes: ${slower[n].join(', ')})` : '');
    const left = review.failed ? ` · the review stopped, ${unproven} moves not proven` : unproven ? ` · ${unproven} moves not proven in time` : '';
    if (review.done) say(`Review: ${side(1)} · ${side(2)}${left}.`);
    else {
      // First every position's win/draw/loss, then the moves' exact scores
      // (how fast a win is; protocol.md, "Analysis and review").
      const n = reply.positions.length;
      const exact = reply.positions.filter((p) => p.kind === 'exact').length;
      say('Reviewing the game…', provenCount < n ? ` ${provenCount} of ${n} positions proven.`
        : ` Every position's win, draw or loss proven; now how fast: ${exact} of ${n}.`);
    }
  }
}
