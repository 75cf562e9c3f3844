// MENACE on its own page (web/tree/menace.html).
import { loadLinkParser } from '../js/url-state.js';
import { createTreeEngine } from './engine.js';
import { mountMenaceView } from './menace-view.js';

// The games' descriptions come with the link module (js/games.js).
await loadLinkParser('../engine/');
const engine = createTreeEngine(new URL('./trace-worker.js', import.meta.url));
mountMenaceView(document.getElementById('menace-view'), { engine });
