// libFuzzer target: the worker's request validation (protocol/request.hpp, what
// web/worker.js runs through WebAssembly on the JSON text of every message).
// Checks: it never crashes, whatever the text (JSON or not, deeply nested,
// bad escapes, huge numbers); every rejection says why, briefly; an accepted
// request has a known type and, where it has a position, a known game, a
// legal move string and its numbers in range.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/notation.hpp"
#include "games/registry.hpp"
#include "protocol/request.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const gs::Request r = gs::checkRequest(text);
  if (!r.error.empty()) {
    if (r.error.size() > 300) __builtin_trap();
    return 0;
  }
  const bool positional = r.type == "search" || r.type == "analyze";
  if (!positional && r.type != "newgame" && r.type != "isready" && r.type != "levels" && r.type != "games" &&
      r.type != "memory" && r.type != "book")
    __builtin_trap();
  if (positional) {
    const int game = gs::findGame(r.game, gs::GameKind::kTwoPlayer);
    if (game < 0) __builtin_trap();
    const bool legal = gs::withGameOfKind<gs::GameKind::kTwoPlayer>(game, [&](auto tag) {
      typename decltype(tag)::type g;
      return gs::parseMoves(r.moves, g).ok;
    });
    if (!legal || r.moves.size() > 64) __builtin_trap();
    if (r.timeMs < 0 || r.timeMs > 60000 || r.maxDepth < 0 || r.maxDepth > 64) __builtin_trap();
    if (r.type == "search" && r.timeMs == 0 && r.maxDepth == 0) __builtin_trap();
    if (r.temperature < 0 || r.temperature > 1000 || r.seed < 0 || r.seed > 4294967295.0) __builtin_trap();
  }
  if (r.type == "newgame" && !r.game.empty() && gs::findGame(r.game, gs::GameKind::kTwoPlayer) < 0) __builtin_trap();
  return 0;
}
