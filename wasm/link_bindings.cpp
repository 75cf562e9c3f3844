// The page's link parser (protocol/link.hpp) as a small WebAssembly module of
// its own, loaded on the page's main thread (the engine itself lives in the
// worker, with a 64 MiB heap the main thread does not need):
//
//   const m = await createLinkParser();
//   m.parseLink('#game=connect4&moves=4453', ['beginner', ...], 'casual')
//     -> {settings: {game, moves, time, ai, level}, errors: [sentence, ...]}
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "protocol/link.hpp"

namespace {

using emscripten::val;

val parseLink(const std::string& hash, val levels, const std::string& defaultLevel) {
  std::vector<std::string> names;
  if (levels.isArray()) {
    const unsigned n = levels["length"].as<unsigned>();
    for (unsigned i = 0; i < n && i < 64; ++i)
      if (levels[i].isString()) names.push_back(levels[i].as<std::string>());
  }
  const gs::LinkResult r = gs::parseLink(hash, names, defaultLevel);
  val settings = val::object();
  settings.set("game", r.settings.game);
  settings.set("moves", r.settings.moves);
  settings.set("time", r.settings.time);
  settings.set("ai", r.settings.ai);
  settings.set("level", r.settings.level);
  val errors = val::array();
  for (std::size_t i = 0; i < r.errors.size(); ++i) errors.set(i, r.errors[i]);
  val out = val::object();
  out.set("settings", settings);
  out.set("errors", errors);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(link) { emscripten::function("parseLink", &parseLink); }
