// Canvas rendering of the board: device-pixel-ratio aware, resizes with its
// box, drops discs with an animation, previews the move under the pointer,
// highlights the winning line, marks the last move, and overlays the hint and
// the analysis scores. It draws a Game (rules.js) and never changes it.
//
// The canvas is the board edge to edge: Connect Four's seven columns have
// equal widths across the full canvas width (a click anywhere in a column
// plays there); Tic-Tac-Toe's nine cells are equal squares filling it.
//
// Colours come from CSS custom properties (style.css), so the dark theme and
// high-contrast settings follow the system. The two sides differ by shape as
// well as colour: Connect Four discs carry a ring (first player) or a diamond
// (second player); Tic-Tac-Toe uses X and O.

import { Game } from '../lib/rules.js';

const FALL_MS = 430;      // time to fall the full Connect Four board height
const BOUNCE_MS = 140;
const APPEAR_MS = 170;    // Tic-Tac-Toe marks grow in

export class BoardView {
  // keys: an element for one focusable button per move over the board (the
  // keyboard's and screen readers' way to play), or null.
  constructor(canvas, { onMove, keys = null }) {
    this.canvas = canvas;
    this.keys = keys;
    this.ctx = canvas.getContext('2d');
    this.onMove = onMove;
    this.game = null;
    this.interactive = false;
    this.hover = 0;          // move under the pointer (0 = none)
    this.hint = 0;
    this.labels = null;     // move -> {text, tone} (analysis-view.js moveLabel)
    this.line = [];         // the engine's best line from this position, drawn numbered
    this.anim = null;
    this.frame = 0;
    this.colors = {};
    this.cssWidth = 0;
    this.readColors();
    new ResizeObserver(() => this.invalidate()).observe(canvas);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', () => { this.readColors(); this.invalidate(); });
    // No hover preview for touch: a finger has no hover, and a stale preview would stay.
    canvas.addEventListener('pointermove', (e) => this.setHover(e.pointerType === 'touch' ? 0 : this.moveAt(e)));
    canvas.addEventListener('pointerleave', () => this.setHover(0));
    canvas.addEventListener('click', (e) => {
      const m = this.moveAt(e);
      if (m) this.onMove(m);
    });
  }

  readColors() {
    const cs = getComputedStyle(document.documentElement);
    for (const name of ['board', 'board-edge', 'hole', 'p1', 'p1-dark', 'p2', 'p2-dark', 'win', 'ink',
      'paper', 'grid', 'hint', 'label-bg', 'label-ink', 'label-win', 'label-loss', 'label-estimate', 'column-hover', 'x', 'o', 'marker-fill', 'marker-ring']) {
      this.colors[name] = cs.getPropertyValue(`--${name}`).trim() || '#888';
    }
  }

  setGame(game) {
    this.game = game;
    const { width, height } = game.def;
    this.canvas.style.aspectRatio = `${width} / ${height}`;
    document.documentElement.style.setProperty('--aspect', String(width / height));
    this.canvas.dataset.game = game.kind;
    this.invalidate();
  }

  // A text version of the board for screen readers (the canvas's label).
  // The board in words, move slot by move slot (a column's discs from the
  // bottom, or a cell's mark), on the canvas and on the move buttons.
  describe(names) {
    const g = this.game;
    const { noun, moveSlots } = g.def;
    const slots = [];
    for (let m = 1; m <= moveSlots; m++) slots.push(this.slotWords(m, names));
    const keys = g.over ? 'The game is over.' : `Tab to the ${noun} buttons, or press 1 to ${moveSlots}, to play.`;
    this.canvas.setAttribute('aria-label', `${g.def.name} board: ${slots.map((s, i) => `${noun} ${i + 1} ${s}`).join('; ')}. ${keys}`);
    this.renderKeys(names);
  }

  // What is in move slot `m`: "empty", "Red, Yellow from the bottom, full", "X".
  slotWords(m, names) {
    const g = this.game;
    const { width, height, gravity } = g.def;
    if (!gravity) return g.cells[m - 1] ? names[g.cells[m - 1]] : 'empty';
    const stack = [];
    for (let r = height - 1; r >= 0; r--) {
      const v = g.cells[r * width + (m - 1)];
      if (v) stack.push(names[v]);
    }
    if (!stack.length) return 'empty';
    return `${stack.join(', ')} from the bottom${stack.length === height ? ', full' : ''}`;
  }

  // One button per move slot over the board, in the board's grid: focusable,
  // named with the slot's contents, pressed with Enter or Space. The mouse
  // goes through them to the canvas.
  renderKeys(names) {
    if (!this.keys || !this.game) return;
    const g = this.game;
    const { width, height, gravity, moveSlots, noun } = g.def;
    this.keys.style.setProperty('--cols', String(width));
    this.keys.style.setProperty('--rows', String(gravity ? 1 : height));
    if (this.keys.childElementCount !== moveSlots) {
      this.keys.textContent = '';
      for (let m = 1; m <= moveSlots; m++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.move = String(m);
        b.addEventListener('click', () => this.onMove(m));
        this.keys.append(b);
      }
    }
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (this.keys.querySelectorAll('button'))) {
      const m = Number(b.dataset.move);
      const open = this.slotOpen(m);
      b.setAttribute('aria-label', `${noun} ${m}: ${this.slotWords(m, names)}${open ? '' : ' (cannot be played)'}`);
      b.setAttribute('aria-disabled', String(!open || !this.interactive));
    }
    this.tabStops();
  }

  // A board where no move can be played now (a finished game, the computer
  // to move) is one Tab stop (the button focused last, else the first), not
  // a row of buttons that cannot be played on the way to the next control.
  tabStops() {
    if (!this.keys || !this.game) return;
    const playable = this.interactive && !this.game.over;
    const focused = /** @type {HTMLElement | null} */ (this.keys.querySelector('button:focus'));
    const stop = focused ? Number(focused.dataset.move) : 1;
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (this.keys.querySelectorAll('button'))) {
      b.tabIndex = playable || Number(b.dataset.move) === stop ? 0 : -1;
    }
  }

  // The board's button that Tab reaches (the first, when every move is
  // playable), or null: where the focus goes when what had it goes away.
  get tabStop() {
    return this.keys ? /** @type {HTMLElement | null} */ (this.keys.querySelector('button[tabindex="0"]')) : null;
  }

  // Whether move `m` can be played in the position shown (turns aside).
  slotOpen(m) {
    return Boolean(this.game) && this.game.targetCell(m) >= 0 && !this.game.over;
  }

  setInteractive(on) {
    this.interactive = on;
    this.canvas.classList.toggle('interactive', on);
    if (this.keys) {
      for (const b of this.keys.querySelectorAll('button')) {
        b.setAttribute('aria-disabled', String(!this.slotOpen(Number(b.getAttribute('data-move'))) || !on));
      }
      this.tabStops();
    }
    this.invalidate();
  }

  // The hint's move, drawn dashed (data-hint on the canvas: a hook for tests).
  setHint(move) {
    this.hint = move || 0;
    if (this.hint) this.canvas.dataset.hint = String(this.hint);
    else delete this.canvas.dataset.hint;
    this.invalidate();
  }
  setLabels(labels) { this.labels = labels; this.invalidate(); }
  // The best line (moves from the position shown), or [] for none.
  setLine(moves) {
    const next = Array.isArray(moves) ? moves.slice() : [];
    if (next.join() === this.line.join()) return;
    this.line = next;
    // data-line on the canvas: the moves drawn (a hook for tests).
    if (next.length) this.canvas.dataset.line = next.join('');
    else delete this.canvas.dataset.line;
    this.invalidate();
  }

  // The cells and sides of the best line's moves, played on a copy of the
  // game, as far as they are legal: [{cell, side, n}] (n from 1).
  linePieces() {
    const copy = Game.fromMoves(this.game.kind, this.game.moveString(), this.game.size).game;
    const out = [];
    if (!copy) return out;
    for (const m of this.line) {
      const side = copy.sideToMove;
      const cell = copy.targetCell(m);
      if (!copy.play(m)) break;
      out.push({ cell, side, n: out.length + 1 });
    }
    return out;
  }
  setHover(move) {
    if (move !== this.hover) { this.hover = move; this.invalidate(); }
  }

  // Animates the last move of the game; resolves when the piece has landed.
  // With prefers-reduced-motion the piece is in its place at once.
  animateLastMove() {
    const g = this.game;
    if (this.anim) this.anim.done();
    if (!g || !g.plies || matchMedia('(prefers-reduced-motion: reduce)').matches) {
      this.invalidate();
      return Promise.resolve();
    }
    const cell = g.lastCell;
    const row = Math.floor(cell / g.def.width);
    const duration = g.def.gravity ? FALL_MS * Math.sqrt((row + 1) / g.def.height) + BOUNCE_MS : APPEAR_MS;
    // data-animating on the canvas: a disc is falling (a hook for tests).
    this.canvas.dataset.animating = '1';
    return new Promise((resolve) => {
      this.anim = { cell, start: performance.now(), duration, done: () => {
        this.anim = null;
        delete this.canvas.dataset.animating;
        resolve();
      } };
      this.invalidate();
    });
  }

  // A move was refused: a short shake (none with reduced motion).
  refused() {
    this.canvas.classList.remove('refused');
    void this.canvas.offsetWidth;  // restarts the animation
    this.canvas.classList.add('refused');
  }

  // A disc is still falling.
  get animating() { return Boolean(this.anim); }

  finishAnimation() { if (this.anim) { this.anim.done(); this.invalidate(); } }

  moveAt(e) {
    const g = this.game;
    if (!g) return 0;
    const r = this.canvas.getBoundingClientRect();
    if (!r.width || !r.height) return 0;
    const { width, height, gravity } = g.def;
    const col = Math.min(width - 1, Math.max(0, Math.floor(((e.clientX - r.left) / r.width) * width)));
    if (gravity) return col + 1;
    const row = Math.min(height - 1, Math.max(0, Math.floor(((e.clientY - r.top) / r.height) * height)));
    return row * width + col + 1;
  }

  invalidate() {
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  resize() {
    const dpr = window.devicePixelRatio || 1;
    const rect = this.canvas.getBoundingClientRect();
    const w = Math.max(1, Math.round(rect.width * dpr));
    const h = Math.max(1, Math.round(rect.height * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.ctx.setTransform(w / Math.max(1, rect.width), 0, 0, h / Math.max(1, rect.height), 0, 0);
    return { w: rect.width, h: rect.height };
  }

  draw() {
    const g = this.game;
    if (!g) return;
    const { w, h } = this.resize();
    if (w < 2 || h < 2) return;
    const ctx = this.ctx;
    ctx.clearRect(0, 0, w, h);
    let progress = 1;
    if (this.anim) {
      progress = Math.min(1, (performance.now() - this.anim.start) / this.anim.duration);
      if (progress >= 1) this.anim.done();
      else this.invalidate();
    }
    const cell = w / g.def.width;
    if (g.def.gravity) this.drawConnect4(ctx, g, cell, progress);
    else this.drawTicTacToe(ctx, g, cell, progress);
  }

  // --- Connect Four ---------------------------------------------------------
  drawConnect4(ctx, g, cell, progress) {
    const c = this.colors;
    const W = g.def.width, H = g.def.height;
    const center = (i) => [(i % W + 0.5) * cell, (Math.floor(i / W) + 0.5) * cell];
    const rHole = cell * 0.41, rDisc = cell * 0.37;
    ctx.fillStyle = c.hole;
    ctx.fillRect(0, 0, W * cell, H * cell);
    const showPreview = this.interactive && !this.anim;
    if (showPreview && this.hover) {
      ctx.fillStyle = c['column-hover'];
      ctx.fillRect((this.hover - 1) * cell, 0, cell, H * cell);
    }
    const won = g.winner !== 0;
    const animCell = this.anim ? this.anim.cell : -1;
    for (let i = 0; i < g.cells.length; i++) {
      const side = g.cells[i];
      if (!side || i === animCell) continue;
      const [x, y] = center(i);
      const dim = won && !g.winCells.includes(i);
      this.disc(ctx, x, y, rDisc, side, dim ? 0.4 : 1);
    }
    if (animCell >= 0) {
      const [x, yEnd] = center(animCell);
      this.disc(ctx, x, this.dropY(yEnd, cell, progress), rDisc, g.cells[animCell], 1);
    }
    // The board in front, with holes punched out.
    ctx.beginPath();
    ctx.rect(0, 0, W * cell, H * cell);
    for (let i = 0; i < W * H; i++) {
      const [x, y] = center(i);
      ctx.moveTo(x + rHole, y);
      ctx.arc(x, y, rHole, 0, Math.PI * 2);
    }
    ctx.fillStyle = c.board;
    ctx.fill('evenodd');
    // Light from above: the board face a little brighter at the top, darker at the bottom.
    const shade = ctx.createLinearGradient(0, 0, 0, H * cell);
    shade.addColorStop(0, 'rgba(255, 255, 255, 0.12)');
    shade.addColorStop(0.5, 'rgba(255, 255, 255, 0)');
    shade.addColorStop(1, 'rgba(0, 0, 0, 0.14)');
    ctx.fillStyle = shade;
    ctx.fill('evenodd');
    ctx.lineWidth = Math.max(1, cell * 0.03);
    ctx.strokeStyle = c['board-edge'];
    for (let i = 0; i < W * H; i++) {
      const [x, y] = center(i);
      ctx.beginPath();
      ctx.arc(x, y, rHole, 0, Math.PI * 2);
      ctx.stroke();
    }
    if (this.anim) return;
    if (won) for (const i of g.winCells) this.ring(ctx, ...center(i), rDisc * 1.02, c.win, cell * 0.07);
    if (g.plies) this.lastMarker(ctx, ...center(g.lastCell), cell);
    const target = (m) => g.targetCell(m);
    if (this.line.length && !g.over) {
      for (const p of this.linePieces()) {
        const [x, y] = center(p.cell);
        this.disc(ctx, x, y, rDisc, p.side, 0.5);
        this.label(ctx, x, y, String(p.n), cell, c['label-ink']);
      }
    }
    if (this.labels) this.drawLabels(ctx, g, cell, target, center);
    if (this.hint && target(this.hint) >= 0) this.hintMark(ctx, ...center(target(this.hint)), rDisc, cell);
    if (showPreview && this.hover && target(this.hover) >= 0 && !(this.labels && this.labels[this.hover])) {
      const [x, y] = center(target(this.hover));
      this.disc(ctx, x, y, rDisc, g.sideToMove, 0.45);
    }
  }

  dropY(yEnd, cell, p) {
    const total = this.anim.duration;
    const fall = total - BOUNCE_MS;
    const t = p * total;
    const y0 = -cell * 0.5;
    if (t < fall) return y0 + (yEnd - y0) * (t / fall) ** 2;
    const u = (t - fall) / BOUNCE_MS;
    return yEnd - cell * 0.1 * Math.sin(Math.PI * u);
  }

  disc(ctx, x, y, r, side, alpha) {
    const c = this.colors;
    const base = side === 1 ? c.p1 : c.p2;
    const dark = side === 1 ? c['p1-dark'] : c['p2-dark'];
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = base;
    ctx.fill();
    ctx.lineWidth = r * 0.1;
    ctx.strokeStyle = dark;
    ctx.stroke();
    // The shape mark that tells the sides apart without colour.
    ctx.fillStyle = dark;
    ctx.strokeStyle = dark;
    if (side === 1) {
      ctx.lineWidth = r * 0.16;
      ctx.beginPath();
      ctx.arc(x, y, r * 0.55, 0, Math.PI * 2);
      ctx.stroke();
    } else {
      const d = r * 0.5;
      ctx.beginPath();
      ctx.moveTo(x, y - d);
      ctx.lineTo(x + d, y);
      ctx.lineTo(x, y + d);
      ctx.lineTo(x - d, y);
      ctx.closePath();
      ctx.fill();
    }
    ctx.restore();
  }

  ring(ctx, x, y, r, color, width) {
    ctx.save();
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.lineWidth = width;
    ctx.strokeStyle = color;
    ctx.stroke();
    ctx.restore();
  }

  lastMarker(ctx, x, y, cell) {
    const c = this.colors;
    ctx.save();
    ctx.beginPath();
    ctx.arc(x, y, cell * 0.085, 0, Math.PI * 2);
    ctx.fillStyle = c['marker-fill'];
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, cell * 0.03);
    ctx.strokeStyle = c['marker-ring'];
    ctx.stroke();
    ctx.restore();
  }

  hintMark(ctx, x, y, r, cell) {
    ctx.save();
    ctx.setLineDash([cell * 0.08, cell * 0.06]);
    this.ring(ctx, x, y, r * 0.95, this.colors.hint, cell * 0.07);
    ctx.restore();
    const i = this.game.targetCell(this.hint);
    if (!(this.labels && this.labels[this.hint]) && i >= 0) this.label(ctx, x, y, '?', cell, this.colors.hint);
  }

  drawLabels(ctx, g, cell, target, center) {
    for (const [move, l] of Object.entries(this.labels)) {
      const i = target(Number(move));
      if (i < 0) continue;
      const [x, y] = center(i);
      this.label(ctx, x, y, l.text, cell, this.toneColor(l.tone), l.tone === 'estimate' || l.tone === 'pending');
    }
  }

  // The ink of an analysis label: wins green, losses red, draws in the
  // normal ink, estimates grey (and drawn fainter: not proven).
  toneColor(tone) {
    const c = this.colors;
    return tone === 'win' ? c['label-win'] : tone === 'loss' ? c['label-loss']
      : tone === 'estimate' || tone === 'pending' ? c['label-estimate'] : c['label-ink'];
  }

  label(ctx, x, y, text, cell, color, faint) {
    const c = this.colors;
    ctx.save();
    if (faint) ctx.globalAlpha = 0.85;
    const size = Math.max(10, cell * 0.2);
    ctx.font = `700 ${size}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const tw = Math.min(cell * 0.86, ctx.measureText(text).width + size * 0.6);
    const th = size * 1.45;
    ctx.fillStyle = c['label-bg'];
    ctx.beginPath();
    ctx.roundRect(x - tw / 2, y - th / 2, tw, th, th / 2);
    ctx.fill();
    ctx.fillStyle = color || c['label-ink'];
    ctx.fillText(text, x, y + size * 0.04);
    ctx.restore();
  }

  // --- Tic-Tac-Toe ----------------------------------------------------------
  drawTicTacToe(ctx, g, cell, progress) {
    const c = this.colors;
    const W = g.def.width;
    const center = (i) => [(i % W + 0.5) * cell, (Math.floor(i / W) + 0.5) * cell];
    ctx.fillStyle = c.paper;
    ctx.fillRect(0, 0, W * cell, W * cell);
    const showPreview = this.interactive && !this.anim;
    if (g.plies && !this.anim) {
      const i = g.lastCell;
      ctx.fillStyle = c['column-hover'];
      ctx.fillRect((i % W) * cell, Math.floor(i / W) * cell, cell, cell);
    }
    ctx.strokeStyle = c.grid;
    ctx.lineWidth = Math.max(2, cell * 0.035);
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (let k = 1; k < W; k++) {
      ctx.moveTo(k * cell, cell * 0.08);
      ctx.lineTo(k * cell, W * cell - cell * 0.08);
      ctx.moveTo(cell * 0.08, k * cell);
      ctx.lineTo(W * cell - cell * 0.08, k * cell);
    }
    ctx.stroke();
    const won = g.winner !== 0;
    for (let i = 0; i < g.cells.length; i++) {
      const side = g.cells[i];
      if (!side) continue;
      const scale = this.anim && this.anim.cell === i ? 0.4 + 0.6 * Math.sin((progress * Math.PI) / 2) : 1;
      const dim = won && !g.winCells.includes(i);
      this.mark(ctx, ...center(i), cell * 0.3 * scale, side, dim ? 0.35 : 1, cell);
    }
    if (this.anim) return;
    if (won) {
      const cells = g.winCells;
      const [x0, y0] = center(cells[0]);
      const [x1, y1] = center(cells[cells.length - 1]);
      ctx.save();
      ctx.strokeStyle = c.win;
      ctx.lineWidth = cell * 0.09;
      ctx.lineCap = 'round';
      ctx.beginPath();
      const ex = (x1 - x0) * 0.12, ey = (y1 - y0) * 0.12;
      ctx.moveTo(x0 - ex, y0 - ey);
      ctx.lineTo(x1 + ex, y1 + ey);
      ctx.stroke();
      ctx.restore();
    }
    if (this.line.length && !g.over) {
      for (const p of this.linePieces()) {
        const [x, y] = center(p.cell);
        this.mark(ctx, x, y, cell * 0.3, p.side, 0.35, cell);
        this.label(ctx, x, y, String(p.n), cell * 0.8, c['label-ink']);
      }
    }
    if (this.labels) {
      for (const [move, l] of Object.entries(this.labels)) {
        if (g.targetCell(Number(move)) >= 0) {
          this.label(ctx, ...center(Number(move) - 1), l.text, cell * 0.8, this.toneColor(l.tone), l.tone === 'estimate');
        }
      }
    }
    if (this.hint && g.targetCell(this.hint) >= 0) {
      const [x, y] = center(this.hint - 1);
      ctx.save();
      ctx.setLineDash([cell * 0.06, cell * 0.05]);
      ctx.strokeStyle = c.hint;
      ctx.lineWidth = cell * 0.05;
      ctx.strokeRect(x - cell * 0.4, y - cell * 0.4, cell * 0.8, cell * 0.8);
      ctx.restore();
      if (!(this.labels && this.labels[this.hint])) this.label(ctx, x, y, '?', cell * 0.8, c.hint);
    }
    if (showPreview && this.hover && g.targetCell(this.hover) >= 0 && !(this.labels && this.labels[this.hover])
        && this.hover !== this.hint) {
      this.mark(ctx, ...center(this.hover - 1), cell * 0.3, g.sideToMove, 0.3, cell);
    }
  }

  mark(ctx, x, y, r, side, alpha, cell) {
    const c = this.colors;
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.lineWidth = cell * 0.1;
    ctx.lineCap = 'round';
    ctx.strokeStyle = side === 1 ? c.x : c.o;
    ctx.beginPath();
    if (side === 1) {
      ctx.moveTo(x - r, y - r);
      ctx.lineTo(x + r, y + r);
      ctx.moveTo(x + r, y - r);
      ctx.lineTo(x - r, y + r);
    } else {
      ctx.arc(x, y, r * 1.05, 0, Math.PI * 2);
    }
    ctx.stroke();
    ctx.restore();
  }
}
