// The explorer on its own page: web/tree/index.html#game=tictactoe&moves=1524
// (also accepts view=tree, algo=, depth=). The position lives in the hash, so a
// link shares it and a reload restores it.
import { createTreeEngine } from './engine.js';
import { mountTreeView } from './tree-view.js';

function readHash() {
  const p = new URLSearchParams(location.hash.replace(/^#/, ''));
  return {
    game: p.get('game') || 'tictactoe',
    moves: p.get('moves') || '',
    depth: p.get('depth') || 0,
    algorithm: p.get('algo') || 'alphabeta',
  };
}

function writeHash({ game, moves, depth, algorithm }) {
  const p = new URLSearchParams({ view: 'tree', game, moves });
  if (game === 'connect4' || depth) p.set('depth', String(depth));
  if (algorithm && algorithm !== 'alphabeta') p.set('algo', algorithm);
  const hash = `#${p.toString()}`;
  if (hash !== location.hash) history.replaceState(null, '', hash);
}

const engine = createTreeEngine(new URL('./trace-worker.js', import.meta.url));
const view = mountTreeView(document.getElementById('tree-view'), { ...readHash(), engine, onChange: writeHash });
window.addEventListener('hashchange', () => view.load(readHash()));
