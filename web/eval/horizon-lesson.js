// The horizon lesson of the evaluation view (docs/evaluation.md): a Connect
// Four position where a 3-move alpha-beta search without quiescence plays the
// one move that loses, and the same search with quiescence (forced blocks
// played out at the horizon) does not. horizonLesson({engine, show}) returns
// its card; "Run both searches" asks the engine worker for the two searches
// and the solver's value of every move (search with maxDepth and quiescence,
// analyze: docs/protocol.md) and shows what each found, with their lines;
// "Show the position" puts it on the view's board (show(moves)). The page
// states no result of its own: every move, score and value is the engine's.
// The position was found by bench/horizon_positions.py.
// Hooks for tests: #horizon-run, #horizon-results (rows [data-search]).

import { h } from '../lib/dom.js';

const LESSON = { game: 'connect4', moves: '3222255354', depth: 3 };
const SIDES = ['Red', 'Yellow'];

// What the solver proved of a move (an analysis score's outcome for the side
// to move: 1 win, 0 draw, -1 loss, null not proven; an estimate is no proof).
const valueWord = (s) => ({ 1: 'wins', 0: 'draws', [-1]: 'loses' })[s.outcome] || 'not proven in time';

export function horizonLesson({ engine, show }) {
  const mover = SIDES[LESSON.moves.length % 2];
  const run = h('button', { type: 'button', id: 'horizon-run', class: 'tv-primary', text: 'Run both searches' });
  const showBtn = h('button', { type: 'button', class: 'tv-ctl', text: 'Show the position' });
  const results = h('tbody', {});
  const table = h('table', { id: 'horizon-results', class: 'ev-table', hidden: true },
    h('caption', { text: `${LESSON.depth}-move searches of ${LESSON.moves}, ${mover} to move` }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Search' }), h('th', { scope: 'col', text: 'Plays' }),
      h('th', { scope: 'col', text: 'Score at the horizon' }), h('th', { scope: 'col', text: 'The solver: that move' }),
      h('th', { scope: 'col', text: 'Its line' }))), results);
  const said = h('p', { class: 'tv-note', 'aria-live': 'polite' });
  const tree = h('a', { href: `#${new URLSearchParams({ view: 'tree', game: LESSON.game, moves: LESSON.moves, depth: String(LESSON.depth) })}`,
    text: `Open this position's ${LESSON.depth}-move tree in the tree explorer` });

  let running = false;
  run.addEventListener('click', async () => {
    if (running) return;   // (one run at a time: a double click asks once)
    running = true;
    run.setAttribute('aria-disabled', 'true');
    said.textContent = 'Searching…';
    try {
      const [plain, quiet, solved] = await Promise.all([
        engine.search(LESSON.game, LESSON.moves, LESSON.depth, false),
        engine.search(LESSON.game, LESSON.moves, LESSON.depth, true),
        engine.analyze(LESSON.game, LESSON.moves, 5000)]);
      const value = (m) => valueWord(solved.scores[m - 1]);
      const row = (name, r) => h('tr', { 'data-search': name, 'data-move': String(r.move) },
        h('th', { scope: 'row', text: name }), h('td', { text: `column ${r.move}` }), h('td', { text: String(r.score) }),
        h('td', { text: value(r.move) }), h('td', { class: 'ev-line-moves', text: r.pv.join(' ') }));
      results.replaceChildren(row('without quiescence', plain), row('with quiescence', quiet));
      table.hidden = false;
      const legal = solved.scores.filter((s) => s.legal);
      const losing = legal.filter((s) => s.outcome === -1).map((s) => s.move);
      const others = legal.filter((s) => s.outcome !== -1);
      const same = others.every((s) => s.outcome === others[0]?.outcome);
      said.textContent = `The solver: ${losing.length ? `column${losing.length > 1 ? 's' : ''} ${losing.join(', ')} lose${losing.length > 1 ? '' : 's'}` : 'no move is proven to lose'}`
        + (others.length && same ? `, every other column ${valueWord(others[0])}` : '')
        + `. Without quiescence the search plays ${plain.move}, with it ${quiet.move}.`;
    } catch (err) {
      said.textContent = `The searches could not run: ${err.message || err}`;
    } finally {
      running = false;
      run.setAttribute('aria-disabled', 'false');
    }
  });
  showBtn.addEventListener('click', () => show(LESSON.game, LESSON.moves));

  return h('section', { class: 'tv-card ev-lesson', 'aria-labelledby': 'horizon-title' },
    h('h3', { id: 'horizon-title', text: 'The horizon effect' }),
    h('p', { text: `A search that stops ${LESSON.depth} moves deep scores the positions there with the evaluation above, and cannot see `
      + 'a threat that lands one move later. In this position one column loses and the others win; the search without quiescence '
      + 'picks the losing one, because the reply that punishes it lies beyond its horizon. Quiescence plays out forced moves '
      + '(a threat that must be blocked) at the horizon instead of evaluating there, and so the same search sees it.' }),
    h('div', { class: 'ev-lesson-ctl' }, run, showBtn), said, table, h('p', {}, tree));
}
