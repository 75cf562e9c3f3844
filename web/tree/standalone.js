// The explorer on its own page: web/tree/index.html#game=tictactoe&moves=1524
// (also accepts view=tree, algo=, depth=). The position lives in the hash, so a
// link shares it and a reload restores it.
import { loadLinkParser } from '../js/url-state.js';
import { createTreeEngine } from './engine.js';
import { readHash, writeHash } from './route.js';
import { mountTreeView } from './tree-view.js';

// The games' descriptions come with the link module (js/games.js).
await loadLinkParser('../engine/');
const engine = createTreeEngine(new URL('./trace-worker.js', import.meta.url));
const view = mountTreeView(document.getElementById('tree-view'), { ...readHash(), engine, onChange: writeHash });
window.addEventListener('hashchange', () => view.load(readHash()));
