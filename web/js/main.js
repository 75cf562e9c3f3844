// Entry point: wires the DOM controls, the keyboard and the URL hash to the
// controller. The engine runs in worker.js; this thread only draws and reacts.

import { BoardView } from './board-view.js';
import { Controller } from './controller.js';
import { EngineClient } from './engine-client.js';
import { Panel } from './panel.js';

const TIME_STEPS = [50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 7500, 10000];
const $ = (id) => document.getElementById(id);

function formatTime(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toLocaleString('en', { maximumFractionDigits: 2 })} s`;
}

function nearestStep(ms) {
  let best = 0;
  TIME_STEPS.forEach((t, i) => { if (Math.abs(t - ms) < Math.abs(TIME_STEPS[best] - ms)) best = i; });
  return best;
}

function start() {
  const panel = new Panel();
  const engine = new EngineClient('worker.js', {
    onError: (message) => panel.showNotice(`The engine could not run: ${message}`),
  });
  const ui = {
    game: $('game-select'), players: $('players-select'), time: $('time-range'), timeOut: $('time-value'),
    analysis: $('analysis-toggle'), newGame: $('new-game'), undo: $('undo'), redo: $('redo'), hint: $('hint'),
  };
  let controller = null;
  const board = new BoardView($('board'), { onMove: (m) => controller.playHuman(m) });

  // Reflects the controller's state in the controls.
  const sync = () => {
    const c = controller;
    ui.game.value = c.game.kind;
    ui.players.value = c.settings.ai;
    ui.time.value = String(nearestStep(c.settings.time));
    ui.timeOut.textContent = formatTime(c.settings.time);
    ui.undo.disabled = !c.canUndo;
    ui.redo.disabled = !c.canRedo;
    ui.hint.disabled = !c.canHint;
    document.documentElement.dataset.game = c.game.kind;
    const c4 = c.game.kind === 'connect4';
    $('key-help').textContent = c4 ? '1–7' : '1–9';
    $('legend-1').textContent = c4 ? 'Red (ring) moves first' : 'X moves first, then O';
    $('legend-2').textContent = c4 ? 'Yellow (diamond)' : '';
  };
  controller = new Controller({ board, panel, engine, onChange: sync });

  ui.time.max = String(TIME_STEPS.length - 1);
  ui.game.addEventListener('change', () => controller.newGame(ui.game.value));
  ui.players.addEventListener('change', () => controller.setPlayers(ui.players.value));
  ui.time.addEventListener('input', () => {
    const ms = TIME_STEPS[Number(ui.time.value)] || 1000;
    controller.setTime(ms);
    sync();
  });
  ui.analysis.addEventListener('change', () => controller.setAnalysis(ui.analysis.checked));
  ui.newGame.addEventListener('click', () => controller.newGame());
  ui.undo.addEventListener('click', () => controller.undo());
  ui.redo.addEventListener('click', () => controller.redoMoves());
  ui.hint.addEventListener('click', () => controller.requestHint());

  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || (tag === 'INPUT' && e.target.type !== 'checkbox')) return;
    const key = e.key.toLowerCase();
    if (/^[1-9]$/.test(key)) {
      if (controller.playHuman(Number(key))) e.preventDefault();
    } else if (key === 'u') {
      controller.undo();
    } else if (key === 'r') {
      controller.redoMoves();
    } else if (key === 'n') {
      controller.newGame();
    } else if (key === 'h') {
      controller.requestHint();
    }
  });
  window.addEventListener('hashchange', () => controller.load(location.hash));

  controller.load(location.hash);
  engine.ready().then((ms) => {
    document.body.dataset.engine = 'ready';
    document.body.dataset.engineLoadMs = String(Math.round(ms));
  });
}

start();
