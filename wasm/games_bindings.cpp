// The game registry (engine/games/registry.hpp) for JavaScript, linked into
// both modules (the engine's and the link parser's), so the page and the
// workers read the games' facts from the engine instead of spelling them:
//
//   Module.games() -> [{id, name, width, height, moveSlots, maxPlies, line,
//                       gravity, noun, notation, sides: [first, second],
//                       winBase, hasBook, bookFile, hasSolver, treeMaxDepth,
//                       players, chance, algorithms, defaultAlgorithm, kind}, ...]
//   every game of the registry, in registry order, with its kind
//   ('two-player', 'chance', 'players'): the worker's `games` reply (protocol/replies.hpp,
//   docs/protocol.md), read here with JSON.parse. id is the game's name in
//   links and requests ('connect4'), name its display name ('Connect
//   Four'); core/game.hpp explains every field.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "protocol/replies.hpp"

namespace {

emscripten::val games() { return emscripten::val::global("JSON").call<emscripten::val>("parse", gs::gamesJson()); }

}  // namespace

EMSCRIPTEN_BINDINGS(games) { emscripten::function("games", &games); }
