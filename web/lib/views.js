// Which view a hash asks for, for every view besides Play: the search-tree
// explorer, MENACE, the demo, and the games with a play page of their own
// (outside the registry's two-player games). The table only: the router
// (app/router.js) loads and shows the views, the link parser (url-state.js)
// names them in its messages, the standalone pages send a link of one of
// these games to the main page.
//   index.html#view=tree&game=tictactoe&moves=1524      the search tree (tree/)
//   index.html#view=tree&game=einstein&position=...     a game's own tree view
//   index.html#view=menace                              MENACE (menace/)
//   index.html#view=demo&game=connect4&time1=500        the demo (demo/)
//   index.html#view=eval&game=connect4&moves=4453       what the evaluation sees (eval/)
//   index.html#view=quiz&seed=N                         the minimax and alpha-beta quiz (tree/quiz-view.js)
//   index.html#game=einstein&seed=S, #game=connect3p    a game's play page (play/);
//                                                       with view=demo computers only

const VIEWS = ['tree', 'menace', 'demo', 'eval', 'quiz'];
// The games played outside the registry's two-player games
// (docs/einstein.md, docs/connect3p.md): each has a play page of its own
// (play/einstein-view.js, play/connect3p-view.js) and a search-tree view of
// its own (tree/chance-view.js, tree/multi-view.js).
const PAGE_GAMES = ['einstein', 'connect3p'];
// (abstract: the textbook trees, #view=tree&tree=..., tree/abstract-view.js.)
const TREE_GAMES = ['einstein', 'connect3p', 'abstract'];

// The games with pages of their own, and the views besides the game that the
// router shows (for the link parser's messages about an unknown game or view).
export const GAME_PAGE_IDS = PAGE_GAMES;
export const TREE_VIEWS = VIEWS;
const hasGamePage = (game) => PAGE_GAMES.includes(game);
// True for a view kind that is a game's play page (for the Play link).
export const isGamePage = (kind) => hasGamePage(kind);
// True for a game whose #view=tree is a view of its own (not the alpha-beta explorer).
export const hasGameTree = (game) => TREE_GAMES.includes(game);

// The game of a hash that names a game and nothing else (`#game=einstein`, as
// the game pickers write it), or null.
export function gameAlone(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  if (p.get('view') === 'play') p.delete('view');   // (the view every game page is)
  return [...p.keys()].join() === 'game' ? p.get('game') : null;
}

// The view a hash asks for: 'tree' (the search tree), 'menace' (the matchbox
// learner), 'demo' (computer vs computer for a classroom), the id of a game
// with a page of its own (#game=einstein: its play page), or null (Play, Study).
export function viewKind(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const view = p.get('view');
  if (VIEWS.includes(view)) return view;
  return (!view || view === 'play') && hasGamePage(p.get('game')) ? p.get('game') : null;
}
export const isTreeHash = (hash) => viewKind(hash) !== null;
