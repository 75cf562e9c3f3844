// Embind layer of the search-tree explorer (engine/search/tree_trace.hpp): nothing but
// bindings, in their own EMSCRIPTEN_BINDINGS block, linked into the same module
// as bindings.cpp.
//
// JS view (moves 1-based as users write them; game: a game's id from
// Module.games(); algorithm 'minimax' | 'alphabeta' | 'ordered' | 'table';
// depth 0 = to the end, a game with a treeMaxDepth needs a depth of 1 to it):
//   Module.treeTrace(game, moves, algorithm, depth, cap)
//     -> {error:''|message, nodes, recorded, truncated, value, exactScale,
//         bestMove, pv:[...], cutoffs, tableHits, leaves, bytes: Uint8Array}
//        `bytes` is a copy (JS-owned) of `recorded` 20-byte TraceNode records
//        (layout in tree_trace.hpp, read by web/tree/trace.js); cap <= 0 means
//        the default (1,000,000 nodes).
//   Module.treeCounts(game, moves, depth)
//     -> {error, exactScale, algorithms:[{algorithm, nodes, value, bestMove,
//         cutoffs, tableHits}, ...]}   the untraced search, all four algorithms
//   Module.treeDeepening(game, moves, maxDepth)
//     -> {error, steps:[{depth, value, proven, bestMove, pv, nodesNoTable,
//         nodesFreshTable, nodesKeptTable}, ...]}   values on the search_score scale
//   Module.treeMoveValues(game, moves, depth)
//     -> {error, moves:[{move, value}, ...]}   value of each legal move for the
//        side to move (exact at depth 0; MENACE's perfect opponent)
// Node counts are JS numbers.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "games/registry.hpp"
#include "search/tree_trace.hpp"

namespace {

using emscripten::val;

constexpr std::size_t kTableBytes = std::size_t{2} << 20;

// Tables allocated on first use, once (the module's memory does not grow).
gs::TranspositionTable& table(int which) {
  static std::unique_ptr<gs::TranspositionTable> tables[3];
  if (!tables[which]) tables[which] = std::make_unique<gs::TranspositionTable>(kTableBytes);
  return *tables[which];
}

val toArray1(const std::vector<int>& moves) {  // 0-based moves -> 1-based JS array
  val a = val::array();
  for (std::size_t i = 0; i < moves.size(); ++i) a.set(i, moves[i] + 1);
  return a;
}

val errorObject(const std::string& message) {
  val o = val::object();
  o.set("error", message);
  return o;
}

bool parseAlgorithm(const std::string& name, gs::TreeAlgorithm* a) {
  for (int i = 0; i < gs::kTreeAlgorithmCount; ++i)
    if (name == gs::treeAlgorithmName(static_cast<gs::TreeAlgorithm>(i))) {
      *a = static_cast<gs::TreeAlgorithm>(i);
      return true;
    }
  return false;
}

// Checks the request and sets up the position; "" or an error message.
template <class Game>
std::string prepare(const std::string& moves, int depth, Game& g) {
  if (moves.size() > 64) return "moves is too long";
  gs::ParseError err = gs::parseMoves(moves, g);
  if (!err.ok) return err.message;
  if (depth < 0 || depth > Game::kMaxPlies) return "depth must be 0 (to the end) or a positive number of plies";
  if (Game::kTreeMaxDepth > 0 && (depth < 1 || depth > Game::kTreeMaxDepth))
    return std::string(Game::kDisplayName) + " needs a depth limit from 1 to " + std::to_string(Game::kTreeMaxDepth);
  return "";
}

template <class Game>
val trace(const std::string& moves, gs::TreeAlgorithm algorithm, int depth, int cap) {
  Game g;
  std::string err = prepare(moves, depth, g);
  if (!err.empty()) return errorObject(err);
  gs::TraceRecorder rec(cap > 0 ? static_cast<std::size_t>(cap) : gs::TraceRecorder::kDefaultCap);
  gs::TreeOptions o;
  o.algorithm = algorithm;
  o.depth = depth;
  gs::TreeResult r = gs::treeSearch(g, o, rec, &table(0));
  const auto& nodes = rec.nodes();
  val view(emscripten::typed_memory_view(nodes.size() * sizeof(gs::TraceNode),
                                         reinterpret_cast<const unsigned char*>(nodes.data())));
  val o2 = val::object();
  o2.set("error", std::string());
  o2.set("nodes", static_cast<double>(r.nodes));
  o2.set("recorded", static_cast<double>(nodes.size()));
  o2.set("truncated", rec.truncated());
  o2.set("value", r.value);
  o2.set("exactScale", r.exactScale);
  o2.set("bestMove", r.bestMove + 1);
  o2.set("pv", toArray1(r.pv));
  o2.set("cutoffs", static_cast<double>(r.cutoffs));
  o2.set("tableHits", static_cast<double>(r.tableHits));
  o2.set("leaves", static_cast<double>(r.leaves));
  o2.set("bytes", val::global("Uint8Array").new_(view));  // a copy: `rec` is freed on return
  return o2;
}

template <class Game>
val counts(const std::string& moves, int depth) {
  Game g;
  std::string err = prepare(moves, depth, g);
  if (!err.empty()) return errorObject(err);
  val list = val::array();
  bool exact = true;
  gs::NullTracer none;
  for (int i = 0; i < gs::kTreeAlgorithmCount; ++i) {
    gs::TreeOptions o;
    o.algorithm = static_cast<gs::TreeAlgorithm>(i);
    o.depth = depth;
    gs::TreeResult r = gs::treeSearch(g, o, none, &table(0));
    exact = r.exactScale;
    val a = val::object();
    a.set("algorithm", std::string(gs::treeAlgorithmName(o.algorithm)));
    a.set("nodes", static_cast<double>(r.nodes));
    a.set("value", r.value);
    a.set("bestMove", r.bestMove + 1);
    a.set("cutoffs", static_cast<double>(r.cutoffs));
    a.set("tableHits", static_cast<double>(r.tableHits));
    list.set(i, a);
  }
  val out = val::object();
  out.set("error", std::string());
  out.set("exactScale", exact);
  out.set("algorithms", list);
  return out;
}

template <class Game>
val deepening(const std::string& moves, int maxDepth) {
  Game g;
  std::string err = prepare(moves, maxDepth, g);
  if (!err.empty()) return errorObject(err);
  val list = val::array();
  auto steps = gs::treeDeepening(g, maxDepth, table(1), table(2));
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const gs::DeepeningStep& s = steps[i];
    val o = val::object();
    o.set("depth", s.depth);
    o.set("value", s.value);
    o.set("proven", s.proven);
    o.set("bestMove", s.bestMove + 1);
    o.set("pv", toArray1(s.pv));
    o.set("nodesNoTable", static_cast<double>(s.nodesNoTable));
    o.set("nodesFreshTable", static_cast<double>(s.nodesFreshTable));
    o.set("nodesKeptTable", static_cast<double>(s.nodesKeptTable));
    list.set(i, o);
  }
  val out = val::object();
  out.set("error", std::string());
  out.set("steps", list);
  return out;
}

// Value of every legal move for the side to move (1-based moves), searched
// with ordered alpha-beta and the table: exact scores when the search reaches
// the end (Tic-Tac-Toe), else on the search_score scale.
template <class Game>
val moveValues(const std::string& moves, int depth) {
  Game g;
  std::string err = prepare(moves, depth, g);
  if (!err.empty()) return errorObject(err);
  if (gs::isOver(g)) return errorObject("the game is over: there is no move to value");
  val list = val::array();
  gs::NullTracer none;
  int n = 0;
  for (int m = 0; m < Game::kMoveSlots; ++m) {
    if (!g.canPlay(m)) continue;
    Game child = g;
    child.play(m);
    gs::TreeOptions o;
    o.algorithm = gs::TreeAlgorithm::kAlphaBetaTable;
    o.depth = depth > 0 ? depth - 1 : 0;
    o.exactScale = depth > 0 ? 0 : 1;
    gs::TreeResult r = gs::treeSearch(child, o, none, &table(0));
    val v = val::object();
    v.set("move", m + 1);
    v.set("value", -r.value);
    list.set(n++, v);
  }
  val out = val::object();
  out.set("error", std::string());
  out.set("moves", list);
  return out;
}

// Calls f(GameType<Game>{}) for the game called `game`, or returns an error.
template <class F>
val forGame(const std::string& game, F&& f) {
  const int id = gs::findGame(game);
  if (id < 0) return errorObject("unknown game '" + game + "'");
  return gs::withGame(id, f);
}

val treeMoveValues(const std::string& game, const std::string& moves, int depth) {
  return forGame(game, [&](auto tag) { return moveValues<typename decltype(tag)::type>(moves, depth); });
}

val treeTrace(const std::string& game, const std::string& moves, const std::string& algorithm, int depth,
              int cap) {
  gs::TreeAlgorithm a;
  if (!parseAlgorithm(algorithm, &a)) return errorObject("unknown algorithm '" + algorithm + "'");
  return forGame(game, [&](auto tag) { return trace<typename decltype(tag)::type>(moves, a, depth, cap); });
}

val treeCounts(const std::string& game, const std::string& moves, int depth) {
  return forGame(game, [&](auto tag) { return counts<typename decltype(tag)::type>(moves, depth); });
}

val treeDeepening(const std::string& game, const std::string& moves, int maxDepth) {
  return forGame(game, [&](auto tag) { return deepening<typename decltype(tag)::type>(moves, maxDepth); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(tree) {
  emscripten::function("treeTrace", &treeTrace);
  emscripten::function("treeCounts", &treeCounts);
  emscripten::function("treeDeepening", &treeDeepening);
  emscripten::function("treeMoveValues", &treeMoveValues);
}
