// MENACE on its own page (web/tree/menace.html).
import { createTreeEngine } from './engine.js';
import { mountMenaceView } from './menace-view.js';

const engine = createTreeEngine(new URL('./trace-worker.js', import.meta.url));
mountMenaceView(document.getElementById('menace-view'), { engine });
