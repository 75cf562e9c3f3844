// libFuzzer target: the worker's request validation (protocol/request.hpp, what
// web/worker.js runs through WebAssembly on the JSON text of every message).
// Checks: it never crashes, whatever the text (JSON or not, deeply nested,
// bad escapes, huge numbers); every rejection says why, briefly; an accepted
// request has a known type and, where it has a position, a known game, a
// legal move string (or a position its notation reads) and its numbers in
// range. A `state` or `evaluate` request, which any game answers at once, is
// also run (protocol/kind_replies.hpp): its one reply is a state, or an
// evaluation or the error of a finished game.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/notation.hpp"
#include "games/registry.hpp"
#include "protocol/kind_replies.hpp"
#include "protocol/request.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const gs::Request r = gs::checkRequest(text);
  if (!r.error.empty()) {
    if (r.error.size() > 300) __builtin_trap();
    return 0;
  }
  const bool twoPlayer = r.type == "search" || r.type == "analyze" || r.type == "review" || r.type == "solve" ||
                         r.type == "trace" || r.type == "counts" || r.type == "deepening" || r.type == "values" ||
                         r.type == "mcts";
  const bool kindTrace = r.type == "chanceCounts" || r.type == "chanceTrace" || r.type == "multiTree";
  const bool atOnce = r.type == "state" || r.type == "evaluate";
  if (!twoPlayer && !kindTrace && !atOnce && r.type != "newgame" && r.type != "isready" &&
      r.type != "levels" && r.type != "games" && r.type != "memory" && r.type != "book")
    __builtin_trap();
  if (r.runner != "session" && r.runner != "engine" && r.runner != "trace" && r.runner != "worker") __builtin_trap();
  if (r.depth < 0 || r.depth > 64 || r.cap < 0) __builtin_trap();
  const int game = r.game.empty() ? -1 : gs::findGame(r.game);
  if (!r.game.empty() && game < 0) __builtin_trap();
  if (atOnce || kindTrace || (r.type == "search" && gs::gameInfo(game).kind != gs::GameKind::kTwoPlayer)) {
    // A position in the game's notation.
    const bool reads = gs::withGame(game, [&](auto tag) {
      using G = typename decltype(tag)::type;
      typename gs::PositionNotation<G>::Record rec;
      G g;
      return gs::PositionNotation<G>::parse(r.position, rec, g, nullptr).ok;
    });
    if (!reads || r.position.size() > gs::kPositionMaxLength) __builtin_trap();
    if (atOnce) {
      int replies = 0;
      const std::string ok = r.type == "state" ? R"({"type":"state","id":1,)" : R"({"type":"evaluation","id":1,)";
      gs::runKindRequest(r, "1", [&](const std::string& json) {
        ++replies;
        // (an evaluation's error: a finished game has none)
        const bool refused = r.type == "evaluate" && json.rfind(R"({"type":"error","id":1,)", 0) == 0;
        if (json.rfind(ok, 0) != 0 && !refused) __builtin_trap();
      });
      if (replies != 1) __builtin_trap();
    }
  } else if (twoPlayer) {
    if (game < 0 || gs::gameInfo(game).kind != gs::GameKind::kTwoPlayer) __builtin_trap();
    const bool legal = gs::withGameOfKind<gs::GameKind::kTwoPlayer>(game, [&](auto tag) {
      typename decltype(tag)::type g;
      return gs::parseMoves(r.moves, g).ok;
    });
    if (!legal || r.moves.size() > 64) __builtin_trap();
  }
  if (r.type == "search" || r.type == "analyze" || r.type == "review") {
    if (r.timeMs < 0 || r.timeMs > gs::kMaxTimeMs || r.maxDepth < 0 || r.maxDepth > 64) __builtin_trap();
    if (r.type == "search" && r.timeMs == 0 && r.maxDepth == 0 && r.playouts == 0) __builtin_trap();
    if (r.temperature < 0 || r.temperature > 1000 || r.seed < 0 || r.seed > 4294967295.0) __builtin_trap();
  }
  if (r.type == "newgame" && game >= 0 && gs::gameInfo(game).kind != gs::GameKind::kTwoPlayer) __builtin_trap();
  return 0;
}
