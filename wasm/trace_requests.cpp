// The tree explorer's requests for the engine worker (web/worker.js,
// docs/protocol.md "The tree explorer's requests"):
//
//   Module.runTrace(request) -> the JS object of the traced search, or
//     {error: message}; `request` is checkRequest's reading of the message
//     (runner "trace"), so the worker passes it on without knowing its type.
//
// trace, counts, deepening, values and mcts trace a two-player game
// (tree_bindings.cpp), chanceCounts and chanceTrace a game with dice
// (einstein_tree_bindings.cpp), multiTree a game of more players
// (protocol/connect3p_tree_json.hpp, JSON text parsed here); with game
// "abstract", trace, counts and treeOrder an abstract game tree given in the
// request (runAbstractTree).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <utility>

#include "games/abstract_tree/abstract_tree_order.hpp"
#include "protocol/connect3p_tree_json.hpp"
#include "protocol/request.hpp"
#include "wasm/traces.hpp"

namespace {

using emscripten::val;

val errorObject(const std::string& message) {
  val o = val::object();
  o.set("error", message);
  return o;
}

// The abstract game tree's requests: its tree (checked by checkRequest) is
// set for the process, then traced and counted as any game's, or reordered.
val runAbstractTree(const gs::Request& r) {
  gs::AbstractTreeShape shape;
  if (std::string err = gs::parseAbstractTree(r.tree, shape); !err.empty()) return errorObject("tree: " + err);
  if (r.type == "treeOrder") {
    val o = val::object();
    o.set("error", std::string());
    o.set("tree", gs::abstractTreeText(gs::orderAbstractTree(shape, r.algorithm == "best")));
    return o;
  }
  gs::AbstractTree::setTree(std::move(shape));
  if (r.type == "trace") return gs_wasm::treeTrace(r.game, r.moves, r.algorithm, 0, r.cap);
  return gs_wasm::treeCounts(r.game, r.moves, 0);
}

val runTrace(const gs::Request& r) {
  using namespace gs_wasm;
  const std::string& t = r.type;
  if (r.game == gs::AbstractTree::kName) return runAbstractTree(r);
  if (t == "trace") return treeTrace(r.game, r.moves, r.algorithm, r.depth, r.cap);
  if (t == "counts") return treeCounts(r.game, r.moves, r.depth);
  if (t == "deepening") return treeDeepening(r.game, r.moves, r.depth);
  if (t == "values") return treeMoveValues(r.game, r.moves, r.depth);
  if (t == "mcts")
    return mctsTrace(r.game, r.moves, static_cast<int>(r.playouts),
                     static_cast<int>(static_cast<std::uint32_t>(r.seed)));
  if (t == "chanceCounts") return einsteinTreeCounts(r.position, r.depth);
  if (t == "chanceTrace") return einsteinTreeTrace(r.position, r.algorithm, r.depth);
  if (t == "multiTree") {
    val o = val::global("JSON").call<val>("parse", gs::connect3pTreeJson(r.position, r.depth));
    return o["ok"].as<bool>() ? o : errorObject(o["error"].as<std::string>());
  }
  return errorObject("'" + t + "' is not a trace request");
}

}  // namespace

EMSCRIPTEN_BINDINGS(trace_requests) { emscripten::function("runTrace", &runTrace); }
