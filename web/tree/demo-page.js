// Demo mode on its own page: web/tree/demo.html#game=connect4&moves=&time1=500&time2=1000
import { loadLinkParser } from '../js/url-state.js';
import { mountDemoView } from './demo-view.js';

// The games' descriptions come with the link module (js/games.js).
await loadLinkParser('../engine/');

const p = new URLSearchParams(location.hash.replace(/^#/, ''));
mountDemoView(document.getElementById('demo-view'), {
  game: p.get('game') || 'connect4',
  moves: p.get('moves') || '',
  time1: p.get('time1') || 500,
  time2: p.get('time2') || 500,
  workerUrl: new URL('../worker.js', import.meta.url),
  onChange: ({ game, moves, time1, time2 }) => {
    history.replaceState(null, '', `#${new URLSearchParams({ game, moves, time1, time2 })}`);
  },
});
