// The main page's views besides Play (lib/views.js says which hash asks for
// which): installTreeRoute({hide}) watches the hash; for a view it hides the
// elements in `hide` (the game's layout), shows the view in its own
// <section id="tree-view-root">, and loads the views' stylesheet (views.css),
// the view's module and its engine worker (worker.js, engine/trace-engine.js) only then;
// any other hash shows the game again and stops the view. isTreeHash(hash)
// (lib/views.js) tells the game's own hash handling to leave such a hash alone.
//   #view=tree      tree/tree-view.js, or a game's own tree (GAME_TREES)
//   #view=menace    menace/menace-view.js
//   #view=demo      demo/demo-view.js (a game with a page of its own: that page, computers only)
//   #view=eval      eval/eval-view.js
//   #view=quiz      tree/quiz-view.js
//   #game=einstein, #game=connect3p   the game's play page (GAME_PAGES)
//
// In app/main.js:
//   installTreeRoute({ hide: [document.querySelector('main.layout')] });
//   window.addEventListener('hashchange', () => { if (!isTreeHash(location.hash)) controller.load(location.hash); });
//   controller.load(isTreeHash(location.hash) ? '' : location.hash);
// and first in the game's keydown handler (its keys must not act on the hidden game):
//   if (document.body.dataset.view) return;
// The explorer puts its own hash back once it is mounted.

import { gamesLoaded } from '../lib/games.js';
import { SavedPart } from '../lib/storage.js';
import { gameAlone, hasGameTree, isGamePage as hasGamePage, isTreeHash, viewKind } from '../lib/views.js';
import { readHash, writeHash } from '../tree/tree-hash.js';

// The games played outside the registry's two-player games
// (docs/einstein.md, docs/connect3p.md): each has a play page of its own, a
// module exporting mountGamePage(container, {hash, onChange}).
const GAME_PAGES = { einstein: '../play/einstein-view.js', connect3p: '../play/connect3p-view.js' };
// (their names as the title shows them before the engine's descriptions have loaded)
const GAME_PAGE_NAMES = { einstein: 'EinStein würfelt nicht!', connect3p: 'Connect Four for three' };
const VIEW_NAMES = { tree: 'Search tree explorer', menace: 'MENACE', demo: 'Demo', eval: 'What the evaluation sees', quiz: 'Quiz' };
// Games of the other kinds (chance, more players; their kind in
// Module.games()): #view=tree shows them with their own view
// module, which exports mountGameTree(container, {hash, engine, onChange}) and
// reads and writes its hash.
const GAME_TREES = { einstein: '../tree/chance-view.js', connect3p: '../tree/multi-view.js', abstract: '../tree/abstract-view.js' };
// Each game page's game in progress, kept in the browser as its last hash
// (the page's link holds the whole game: its settings, seed and moves), so
// that opening the game again without a position of its own (the game
// pickers, #game=einstein) goes on with it instead of starting a new one;
// its New game starts one.
const savedPages = Object.fromEntries(Object.keys(GAME_PAGES).map((game) => [game,
  new SavedPart(`page.${game}`, 1, (d) => (typeof d === 'string' && viewKind(d) === game && d.length <= 4000 ? d : null))]));
// Forgets the game pages' saved games (Play's "Reset settings and game").
export function forgetSavedPages() {
  for (const part of Object.values(savedPages)) part.clear();
}

// The hash to show for a game page's `hash`: its saved game when the hash
// names the game alone; {hash, problem}: a saved game that cannot be used
// (damaged, another version) is named in `problem`, as Play names its own.
function withSavedGame(kind, hash) {
  if (!gameAlone(hash)) return { hash, problem: '' };
  const { data, problem } = savedPages[kind].load();
  return { hash: data || hash,
    problem: problem ? `Your saved game could not be used (${problem}). A new game was started.` : '' };
}
// The moves played in a game page's hash (EinStein's turns after the set-ups,
// the three-player game's stones): a link to another game is kept only once
// a move is played in it, so that opening someone's link does not replace
// the game in progress.
function playedIn(kind, hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  return kind === 'einstein' ? (p.get('position') || '').split(':')[1] || '' : p.get('moves') || '';
}
const viewOf = () => viewKind(location.hash);

// The views' <section id="tree-view-root"> (with its "Back to the game"
// link and the element a view mounts in, its last child), after the first
// element of `hide` or in `parent`; loads the views' stylesheet (views.css)
// the first time.
function createSection(hide, parent) {
  if (!document.querySelector('link[data-tree-css]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL('views.css', import.meta.url).href;
    link.dataset.treeCss = '';
    document.head.append(link);
  }
  const section = document.createElement('section');
  section.id = 'tree-view-root';
  // The page's main content while it is shown (the game's <main> is hidden
  // then), unless it goes inside a parent of the caller's.
  if (!parent) section.setAttribute('role', 'main');
  const back = document.createElement('p');
  back.className = 'tv-back';
  const a = document.createElement('a');
  a.href = '#';
  a.textContent = '← Back to the game';
  back.append(a);
  const mount = document.createElement('div');
  section.append(back, mount);
  const anchor = hide.find(Boolean);
  if (parent) parent.append(section);
  else if (anchor) anchor.after(section);
  else document.body.append(section);
  return section;
}

export function installTreeRoute({ hide = [], parent = null } = {}) {
  let section = null;
  let view = null;
  let engine = null;
  let loading = null;
  const pageTitle = document.title;   // the page's own ("Four in a Row — play the engine")
  const baseTitle = pageTitle.split(' — ')[0];

  const ensureSection = () => (section = section || createSection(hide, parent));

  async function show() {
    const kind = viewOf();
    // A game page opened with the game alone shows the kept game (or a new
    // one) and keeps it from the start; one opened from a full link, only
    // once a move is played in it.
    let keeping = false;
    let fromSaved = false;   // the game page shows its saved game
    let savedProblem = '';   // why the saved game could not be shown
    if (hasGamePage(kind)) {
      const asked = location.hash;
      const saved = withSavedGame(kind, asked);
      fromSaved = saved.hash !== asked;
      savedProblem = saved.problem;
      if (fromSaved) history.replaceState(null, '', saved.hash);
      keeping = Boolean(gameAlone(asked));
    }
    const want = readHash();  // now: the game's own start-up may rewrite the hash meanwhile
    const hash = location.hash;
    // The module: the search tree of a game outside the registry, a game's own play page (its
    // demo too: the page with computers only), or the view's own.
    const ownTree = kind === 'tree' && hasGameTree(want.game);
    const gamePage = hasGamePage(kind) || (kind === 'demo' && hasGamePage(want.game));
    const module = ownTree ? `tree:${want.game}` : gamePage ? `page:${want.game}` : kind;
    ensureSection();
    for (const el of hide) if (el) el.hidden = true;
    section.hidden = false;
    document.body.dataset.view = kind;
    // Its name, as the landmark and in the window's title.
    const name = hasGamePage(kind) ? GAME_PAGE_NAMES[kind] : VIEW_NAMES[kind] || 'Search tree explorer';
    section.setAttribute('aria-label', name);
    document.title = `${name} — ${baseTitle}`;
    // A game's page is a game, not a view beside one.
    section.querySelector('.tv-back').hidden = hasGamePage(kind);
    if (view && view.kind === module) {
      if (ownTree || kind === 'eval' || kind === 'quiz') { view.load(hash); return; }
      if (kind === 'tree') { view.load(want); writeHash(view.state()); return; }
      if ((!gamePage && kind !== 'demo') || view.hash === hash) return;
      // The demo's own link without a position (the navigation's Demo, the
      // game it shows): it goes on.
      const asked = new URLSearchParams(hash.slice(1));
      if (kind === 'demo' && !gamePage && [...asked.keys()].every((k) => k === 'view' || k === 'game')
        && [null, new URLSearchParams(view.hash.slice(1)).get('game')].includes(asked.get('game'))) {
        history.replaceState(null, '', view.hash);
        return;
      }
      // Another link to the game (or the demo): its page starts again from the link.
    }
    if (loading) {
      await loading;
      if (view && view.kind === module) return;
    }
    if (view) { view.destroy(); view = null; }
    const modules = { tree: '../tree/tree-view.js', menace: '../menace/menace-view.js', demo: '../demo/demo-view.js',
      eval: '../eval/eval-view.js', quiz: '../tree/quiz-view.js',
      [`page:${want.game}`]: GAME_PAGES[want.game], [`tree:${want.game}`]: GAME_TREES[want.game] };
    // The games come from the link module main.js loads (games.js).
    loading = Promise.all([import(modules[module]), import('../engine/trace-engine.js'), gamesLoaded()]).then(([mod, en]) => {
      if (ownTree) {
        engine = engine || en.createTreeEngine();
        view = mod.mountGameTree(section.lastChild, { hash, engine,
          onChange: (h) => { if (viewOf() === kind && h !== location.hash) history.replaceState(null, '', h); } });
      } else if (gamePage) {
        // (the demo's games, computers only, are not kept)
        const keep = (h) => {
          if (!hasGamePage(kind)) return;
          keeping = keeping || playedIn(kind, h) !== playedIn(kind, hash);
          if (keeping) savedPages[kind].save(h);
        };
        view = mod.mountGamePage(section.lastChild, {
          hash,
          fromSaved,
          savedProblem,
          onChange: (h) => {
            // (a late change of a page the hash has already left, before the
            // hashchange took it down, must not write the hash back)
            if (viewOf() !== kind) return;
            if (h !== location.hash) history.replaceState(null, '', h);
            view.hash = h;
            keep(h);
          },
        });
        view.hash = hash;
      } else if (kind === 'tree') {
        engine = engine || en.createTreeEngine();
        view = mod.mountTreeView(section.lastChild, { ...want, engine, onChange: writeHash });
        writeHash(view.state());
      } else if (kind === 'eval' || kind === 'quiz') {
        engine = engine || en.createTreeEngine();
        const mount = kind === 'eval' ? mod.mountEvalView : mod.mountQuizView;
        view = mount(section.lastChild, { hash, engine,
          onChange: (h) => { if (viewOf() === kind && h !== location.hash) history.replaceState(null, '', h); } });
      } else if (kind === 'menace') {
        engine = engine || en.createTreeEngine();
        view = mod.mountMenaceView(section.lastChild, { engine, hash: location.hash });
        if (viewOf() !== 'menace') history.replaceState(null, '', '#view=menace');
      } else {
        const p = new URLSearchParams(location.hash.replace(/^#/, ''));
        const opts = { game: p.get('game') || 'connect4', moves: p.get('moves') || '', hasMoves: p.has('moves'),
          time1: p.get('time1') || 500, time2: p.get('time2') || 500 };
        view = mod.mountDemoView(section.lastChild, {
          ...opts,
          workerUrl: new URL('../worker.js', import.meta.url),
          onChange: (o) => {
            // (a late change after the hash left this demo for another view or link)
            if (view ? location.hash !== view.hash : viewOf() !== kind) return;
            const h = `#${new URLSearchParams({ view: 'demo', ...o })}`;
            history.replaceState(null, '', h);
            if (view) view.hash = h;
          },
        });
        view.hash = location.hash;
      }
      view.kind = module;
    }).finally(() => { loading = null; });
    await loading;
  }

  function hideView() {
    document.title = pageTitle;
    for (const el of hide) if (el) el.hidden = false;
    if (section) section.hidden = true;
    if (view) { view.destroy(); view = null; }
    delete document.body.dataset.view;
  }

  const route = () => (isTreeHash(location.hash) ? show() : hideView());
  window.addEventListener('hashchange', route);
  route();
  return { isActive: () => isTreeHash(location.hash) };
}
