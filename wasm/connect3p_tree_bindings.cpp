// Connect Four for three in the tree explorer (web/tree/multi-view.js; the
// worker reaches it through runTrace, trace_requests.cpp): nothing but bindings over
// protocol/connect3p_tree_json.hpp, which documents the JSON text.
//
//   Module.connect3pTree(moves, depth) -> JSON text: the untraced counts of
//     max^n, paranoid and plain max^n, and the traced max^n and paranoid trees
#include <emscripten/bind.h>

#include "protocol/connect3p_tree_json.hpp"

EMSCRIPTEN_BINDINGS(connect3p_tree) { emscripten::function("connect3pTree", &gs::connect3pTreeJson); }
