// The tree explorer's traced searches, as the bindings files define them
// (tree_bindings.cpp: the two-player games; einstein_tree_bindings.cpp: the
// chance kind's), for trace_requests.cpp's runTrace, which the engine worker
// calls with a checked request. Each returns a JS object: the result, or
// {error: message}.
#pragma once

#include <emscripten/val.h>

#include <string>

namespace gs_wasm {

emscripten::val treeTrace(const std::string& game, const std::string& moves, const std::string& algorithm, int depth,
                          int cap);
emscripten::val treeCounts(const std::string& game, const std::string& moves, int depth);
emscripten::val treeDeepening(const std::string& game, const std::string& moves, int maxDepth);
emscripten::val treeMoveValues(const std::string& game, const std::string& moves, int depth);
emscripten::val mctsTrace(const std::string& game, const std::string& moves, int playouts, int seed);
emscripten::val einsteinTreeCounts(const std::string& position, int depth);
emscripten::val einsteinTreeTrace(const std::string& position, const std::string& algorithm, int depth);

}  // namespace gs_wasm
