// The text side of the page: status line (aria-live), notice banner, thinking
// panel (depth, score in words, nodes, nodes/s, principal variation, progress
// bar) and move list. Pure DOM updates; no game logic.

import { formatCount, hasOutcome, provedDrawOrBetter, scoreInWords } from './score-words.js';

const $ = (id) => document.getElementById(id);

export class Panel {
  constructor() {
    this.el = {
      status: $('status'), notice: $('notice'), noticeText: $('notice-text'),
      who: $('think-who'), depth: $('think-depth'), score: $('think-score'), nodes: $('think-nodes'),
      nps: $('think-nps'), pv: $('think-pv'), progress: $('think-progress'), bar: $('think-bar'),
      statusBar: $('status-bar'),
      moves: $('moves'), list: $('move-list'), hint: $('hint-text'), legend: $('analysis-legend'),
    };
    this.thinking = null;
    $('notice-close').addEventListener('click', () => this.hideNotice());
  }

  setStatus(text) {
    if (this.el.status.textContent !== text) this.el.status.textContent = text;
  }

  // `kind` names what the notice is about ('link', 'book', ...), so that one
  // part of the page can take back its own notice without hiding another's.
  showNotice(text, kind = 'other') {
    this.el.noticeText.textContent = text;
    this.el.notice.hidden = false;
    this.noticeKind = kind;
  }

  // Hides the notice; with `kind`, only a notice of that kind.
  hideNotice(kind) {
    if (!kind || kind === this.noticeKind) this.el.notice.hidden = true;
  }

  // A search started: `who` says who is thinking ("Computer (Red)", "Hint for Red").
  startThinking(who, budgetMs, ctx) {
    this.thinking = { start: performance.now(), budgetMs, ctx };
    this.el.who.textContent = who;
    for (const k of ['depth', 'score', 'nodes', 'nps', 'pv']) this.el[k].textContent = '…';
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
    const book = info.source === 'book';
    const drawOrBetter = provedDrawOrBetter(info.exact, info.outcome, info.source);
    const proven = info.exact || hasOutcome(info.outcome) || drawOrBetter;
    this.el.depth.textContent = book ? 'book' : drawOrBetter ? '–' : String(info.depth);
    this.el.score.textContent = scoreInWords(c.kind, info.score, info.exact, c.plies, c.side, c.names, info.outcome, info.source)
      + (book ? ' (opening book)' : proven ? ' (proven)' : '');
    this.el.nodes.textContent = formatCount(info.nodes);
    this.el.nps.textContent = info.nps ? `${formatCount(info.nps)}/s` : '–';
    this.el.pv.textContent = Array.isArray(info.pv) && info.pv.length ? info.pv.join(' ') : '–';
  }

  stopThinking() {
    this.thinking = null;
    this.el.bar.style.width = '100%';
    this.el.progress.hidden = true;
  }

  clearThinking(text) {
    this.stopThinking();
    this.el.who.textContent = text;
    for (const k of ['depth', 'score', 'nodes', 'nps', 'pv']) this.el[k].textContent = '–';
  }

  setWho(text) { this.el.who.textContent = text; }
  setHintText(text) { this.el.hint.textContent = text; this.el.hint.hidden = !text; }
  setLegend(text) { this.el.legend.textContent = text; this.el.legend.hidden = !text; }

  // Move list: one row per pair of moves; the move string in #moves.
  showMoves(game, names) {
    this.el.moves.textContent = game.moveString();
    const list = this.el.list;
    list.textContent = '';
    const h = game.history;
    for (let k = 0; k < h.length; k += 2) {
      const li = document.createElement('li');
      for (const j of [k, k + 1]) {
        if (j >= h.length) break;
        const span = document.createElement('span');
        span.className = `mv p${(j % 2) + 1}${j === h.length - 1 ? ' last' : ''}`;
        span.textContent = String(h[j]);
        span.title = `${names[(j % 2) + 1]}: ${game.def.noun} ${h[j]}`;
        li.append(span);
      }
      list.append(li);
    }
    list.hidden = h.length === 0;
    list.scrollTop = list.scrollHeight;
  }
}
