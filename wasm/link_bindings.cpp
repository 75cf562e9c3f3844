// The page's link parser (protocol/link.hpp) as a small WebAssembly module of
// its own, loaded on the page's main thread (the engine itself lives in the
// worker, with a 64 MiB heap the main thread does not need):
//
//   const m = await createLinkParser();
//   m.parseLink('#game=connect4&moves=4453', ['beginner', ...], 'casual')
//     -> {settings: {game, moves, time, ai, level, analysis, algorithm, size}, errors: [sentence, ...]}
//        (size: "WxH" of a board other than the game's own, else "")
//   m.parseLink(hash, levels, defaultLevel, ['tree', 'study', ...], ['einstein', ...])
//     the same; the page's other views and the games it plays on pages of
//     their own are named in the messages about an unknown view or game
//   m.games() -> the game registry (games_bindings.cpp)
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "protocol/link.hpp"

namespace {

using emscripten::val;

// The strings of a JS array (at most 64; anything else is skipped).
std::vector<std::string> strings(const val& list) {
  std::vector<std::string> out;
  if (!list.isArray()) return out;
  const unsigned n = list["length"].as<unsigned>();
  for (unsigned i = 0; i < n && i < 64; ++i)
    if (list[i].isString()) out.push_back(list[i].as<std::string>());
  return out;
}

val parseLinkAll(const std::string& hash, val levels, const std::string& defaultLevel, val otherViews, val otherGames) {
  const gs::LinkResult r = gs::parseLink(hash, strings(levels), defaultLevel, strings(otherViews), strings(otherGames));
  val settings = val::object();
  settings.set("game", r.settings.game);
  settings.set("moves", r.settings.moves);
  settings.set("time", r.settings.time);
  settings.set("ai", r.settings.ai);
  settings.set("level", r.settings.level);
  settings.set("analysis", r.settings.analysis);
  settings.set("algorithm", r.settings.algorithm);
  settings.set("size", r.settings.size);
  val errors = val::array();
  for (std::size_t i = 0; i < r.errors.size(); ++i) errors.set(i, r.errors[i]);
  val out = val::object();
  out.set("settings", settings);
  out.set("errors", errors);
  return out;
}

val parseLink(const std::string& hash, val levels, const std::string& defaultLevel) {
  return parseLinkAll(hash, levels, defaultLevel, val::array(), val::array());
}

val parseLinkViews(const std::string& hash, val levels, const std::string& defaultLevel, val otherViews) {
  return parseLinkAll(hash, levels, defaultLevel, otherViews, val::array());
}

}  // namespace

EMSCRIPTEN_BINDINGS(link) {
  emscripten::function("parseLink", &parseLink);
  emscripten::function("parseLink", &parseLinkViews);
  emscripten::function("parseLink", &parseLinkAll);
}
