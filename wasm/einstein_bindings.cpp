// EinStein würfelt nicht! for the page's EinStein worker
// (web/einstein/games-worker.js): nothing but bindings over
// protocol/einstein_json.hpp, which documents the JSON texts.
//
//   Module.einsteinState(text)    -> JSON text of the position (or the error)
//   Module.einsteinThink(text, level, algorithm, timeMs, maxDepth, seed, playouts)
//                                 -> JSON text of the computer's move
//   Module.einsteinLevels()       -> JSON text of the levels
#include <emscripten/bind.h>

#include "protocol/einstein_json.hpp"

EMSCRIPTEN_BINDINGS(einstein) {
  emscripten::function("einsteinState", &gs::einsteinStateJson);
  emscripten::function("einsteinThink", &gs::einsteinThinkJson);
  emscripten::function("einsteinLevels", &gs::einsteinLevelsJson);
}
