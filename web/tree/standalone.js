// The explorer on its own page: tree/index.html#game=tictactoe&moves=1524
// (also accepts view=tree, algo=, depth=). The position lives in the hash, so a
// link shares it and a reload restores it.
import { loadLinkParser } from '../lib/url-state.js';
import { createTreeEngine } from '../engine/trace-engine.js';
import { hasGameTree } from '../lib/views.js';
import { readHash, writeHash } from './tree-hash.js';
import { mountTreeView } from './tree-view.js';

// A game outside the registry (#game=einstein&position=..., #game=connect3p&moves=...)
// has its own view in the main page: the same link there.
const toMainPage = () => location.replace(`../index.html#${new URLSearchParams({ ...Object.fromEntries(
  new URLSearchParams(location.hash.replace(/^#/, ''))), view: 'tree' })}`);
if (hasGameTree(readHash().game)) toMainPage();

// The games' descriptions come with the link module (lib/games.js).
await loadLinkParser('../engine/');
const engine = createTreeEngine(new URL('../worker.js?book=off', import.meta.url));
const view = mountTreeView(document.getElementById('tree-view'), { ...readHash(), engine, onChange: writeHash });
window.addEventListener('hashchange', () => (hasGameTree(readHash().game) ? toMainPage() : view.load(readHash())));
