// Connect Four for three for the page's worker (web/engine/games-worker.js):
// nothing but bindings over protocol/connect3p_json.hpp, which documents the
// JSON texts.
//
//   Module.connect3pState(moves)                         -> JSON text of the position
//   Module.connect3pThink(moves, algorithm, timeMs, maxDepth) -> JSON text of the move
#include <emscripten/bind.h>

#include "protocol/connect3p_json.hpp"

EMSCRIPTEN_BINDINGS(connect3p) {
  emscripten::function("connect3pState", &gs::connect3pStateJson);
  emscripten::function("connect3pThink", &gs::connect3pThinkJson);
}
