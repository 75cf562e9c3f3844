// Demo mode on its own page (web/demo/demo.html, served as tree/demo.html): tree/demo.html#game=connect4&moves=&time1=500&time2=1000
import { loadLinkParser } from '../lib/url-state.js';
import { mountDemoView } from './demo-view.js';
import { GAME_PAGE_IDS } from '../lib/views.js';

// The games' descriptions come with the link module (lib/games.js).
await loadLinkParser('../engine/');

const p = new URLSearchParams(location.hash.replace(/^#/, ''));
// The dice and three-player games' demos are their pages in the main page.
if (GAME_PAGE_IDS.includes(p.get('game') ?? '')) {
  p.set('view', 'demo');
  location.replace(new URL(`../index.html#${p}`, import.meta.url).href);
} else mountDemoView(document.getElementById('demo-view'), {
  game: p.get('game') || 'connect4',
  moves: p.get('moves') || '',
  hasMoves: p.has('moves'),
  time1: p.get('time1') || 500,
  time2: p.get('time2') || 500,
  workerUrl: new URL('../worker.js', import.meta.url),
  onChange: ({ game, moves, time1, time2 }) => {
    history.replaceState(null, '', `#${new URLSearchParams({ game, moves, time1, time2 })}`);
  },
});
