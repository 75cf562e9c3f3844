// The game registry (engine/games/registry.hpp) for JavaScript, linked into
// both modules (the engine's and the link parser's), so the page and the
// workers read every game's facts from the engine instead of spelling them:
//
//   Module.games() -> [{id, name, width, height, moveSlots, maxPlies, line,
//                       gravity, noun, notation, sides: [first, second], winBase,
//                       hasBook, bookFile, hasSolver, treeMaxDepth}, ...]
//   in registry order. id is the game's name in links and requests
//   ('connect4'), name its display name ('Connect Four'); core/game.hpp
//   explains every field.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "games/registry.hpp"

namespace {

using emscripten::val;

val games() {
  val list = val::array();
  for (int i = 0; i < gs::kGameCount; ++i) {
    const gs::GameInfo& g = gs::gameInfo(i);
    val sides = val::array();
    sides.set(0, std::string(g.sides[0]));
    sides.set(1, std::string(g.sides[1]));
    val o = val::object();
    o.set("id", std::string(g.name));
    o.set("name", std::string(g.displayName));
    o.set("width", g.width);
    o.set("height", g.height);
    o.set("moveSlots", g.moveSlots);
    o.set("maxPlies", g.maxPlies);
    o.set("line", g.line);
    o.set("gravity", g.gravity);
    o.set("noun", std::string(g.moveNoun));
    o.set("notation", std::string(g.notationHelp));
    o.set("sides", sides);
    o.set("winBase", g.winBase);
    o.set("hasBook", *g.bookFile != '\0');
    o.set("bookFile", std::string(g.bookFile));
    o.set("hasSolver", g.hasSolver);
    o.set("treeMaxDepth", g.treeMaxDepth);
    list.set(i, o);
  }
  return list;
}

}  // namespace

EMSCRIPTEN_BINDINGS(games) { emscripten::function("games", &games); }
