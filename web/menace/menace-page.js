// MENACE on its own page (tree/menace.html, from web/menace/menace.html).
import { loadLinkParser } from '../lib/url-state.js';
import { createTreeEngine } from '../engine/trace-engine.js';
import { mountMenaceView } from './menace-view.js';

// The games' descriptions come with the link module (lib/games.js).
await loadLinkParser('../engine/');
const engine = createTreeEngine(new URL('../worker.js?book=off', import.meta.url));
mountMenaceView(document.getElementById('menace-view'), { engine, hash: location.hash });
