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
//   Module.mctsTrace(game, moves, playouts, seed)
//     -> {error, playouts, nodes, rootVisits, bestMove, proven, value, treeFull,
//         exploration, pv:[...], moves:[{move, visits, mean, lower, upper, proven}],
//         tree: Uint8Array, path: Uint32Array, pathStart: Uint32Array,
//         score: Float64Array, expanded: Int32Array, playout: Uint8Array,
//         playoutStart: Uint32Array, winner: Int8Array, leaf: Uint8Array,
//         updates: Uint8Array, updateStart: Uint32Array}
//        the engine's Mcts (default options, a fresh tree, the seed given) for
//        1..kMaxTracedPlayouts playouts, traced (search/mcts_trace.hpp):
//        `tree` is the final node pool as 16-byte Mcts::Node records, `updates`
//        16-byte MctsUpdate records, the rest one entry per iteration or per
//        step as mcts_trace.hpp lists them (web/tree/mcts-trace.js reads them);
//        all copies, JS-owned. bestMove and pv are 1-based.
// game may also be one of the tree explorer's own games (TeachingRegistry,
// for treeTrace and treeCounts: the abstract game tree, whose tree
// trace_requests.cpp sets first).
// Node counts are JS numbers.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "games/registry.hpp"
#include "search/mcts.hpp"
#include "search/mcts_trace.hpp"
#include "search/tree_trace.hpp"
#include "wasm/traces.hpp"

namespace {

using emscripten::val;

constexpr std::size_t kTableBytes = std::size_t{2} << 20;
// A traced MCTS keeps every iteration: about 0.5 KB each in Connect Four, so
// the budget is capped to stay far inside the module's fixed 64 MiB heap.
constexpr int kMaxTracedPlayouts = 20000;

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

// A typed array (Uint8Array, Int32Array, ...) holding a copy of `v`.
template <class T>
val copyOf(const char* type, const std::vector<T>& v) {
  return val::global(type).new_(emscripten::typed_memory_view(v.size(), v.data()));
}
// A Uint8Array holding a copy of the records of `v` (their raw bytes).
template <class T>
val bytesOf(const std::vector<T>& v) {
  return val::global("Uint8Array")
      .new_(emscripten::typed_memory_view(v.size() * sizeof(T), reinterpret_cast<const unsigned char*>(v.data())));
}

template <class Game>
val mctsTraceOf(const std::string& moves, int playouts, int seed) {
  Game g;
  std::string err = prepare(moves, Game::kTreeMaxDepth > 0 ? 1 : 0, g);
  if (!err.empty()) return errorObject(err);
  if (gs::isOver(g)) return errorObject("the game is over: there is no move to search");
  if (playouts < 1 || playouts > kMaxTracedPlayouts)
    return errorObject("playouts must be from 1 to " + std::to_string(kMaxTracedPlayouts) + " (each one is kept for stepping)");
  gs::MctsOptions o;
  o.seed = static_cast<std::uint32_t>(seed);
  o.reuseTree = false;
  gs::Mcts<Game> mcts(o);
  gs::MctsLimits lim;
  lim.playouts = static_cast<std::uint64_t>(playouts);
  gs::MctsRecorder rec;
  const gs::MctsResult r = mcts.think(g, lim, gs::Deadline::fromNow(0), rec);
  val out = val::object();
  out.set("error", std::string());
  out.set("playouts", static_cast<double>(r.playouts));
  out.set("nodes", static_cast<double>(r.nodes));
  out.set("rootVisits", static_cast<double>(r.rootVisits));
  out.set("bestMove", r.bestMove + 1);
  out.set("proven", r.proven);
  out.set("value", r.value);
  out.set("treeFull", r.treeFull);
  out.set("exploration", o.exploration);
  out.set("pv", toArray1(r.pv));
  val list = val::array();
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const gs::MctsMove& m = r.moves[i];
    val v = val::object();
    v.set("move", m.move + 1);
    v.set("visits", static_cast<double>(m.visits));
    v.set("mean", m.mean);
    v.set("lower", m.lower);
    v.set("upper", m.upper);
    v.set("proven", m.proven);
    list.set(i, v);
  }
  out.set("moves", list);
  out.set("tree", bytesOf(mcts.tree()));
  out.set("path", copyOf("Uint32Array", rec.path));
  out.set("pathStart", copyOf("Uint32Array", rec.pathStart));
  out.set("score", copyOf("Float64Array", rec.score));
  out.set("expanded", copyOf("Int32Array", rec.expandedNode));
  out.set("playout", copyOf("Uint8Array", rec.playout));
  out.set("playoutStart", copyOf("Uint32Array", rec.playoutStart));
  out.set("winner", copyOf("Int8Array", rec.winner));
  out.set("leaf", copyOf("Uint8Array", rec.leaf));
  out.set("updates", bytesOf(rec.updates));
  out.set("updateStart", copyOf("Uint32Array", rec.updateStart));
  return out;
}

}  // namespace

namespace gs_wasm {

// Calls f(GameType<Game>{}) for the game called `game` (a two-player game
// without chance: these traces are negamax trees), or returns an error.
template <class F>
val forGame(const std::string& game, F&& f) {
  const int id = gs::findGame(game, gs::GameKind::kTwoPlayer);
  if (id < 0) return errorObject("unknown game '" + game + "'");
  return gs::withGameOfKind<gs::GameKind::kTwoPlayer>(id, f);
}

val treeMoveValues(const std::string& game, const std::string& moves, int depth) {
  return forGame(game, [&](auto tag) { return moveValues<typename decltype(tag)::type>(moves, depth); });
}

// The same for trace and counts, which also search the tree explorer's own
// games (TeachingRegistry: the abstract game tree, its tree set by the caller).
template <class F>
val forTreeGame(const std::string& game, F&& f) {
  const int id = gs::TeachingRegistry::find(game);
  if (id >= 0) return gs::TeachingRegistry::dispatch(id, f);
  return forGame(game, f);
}

val treeTrace(const std::string& game, const std::string& moves, const std::string& algorithm, int depth,
              int cap) {
  gs::TreeAlgorithm a;
  if (!parseAlgorithm(algorithm, &a)) return errorObject("unknown algorithm '" + algorithm + "'");
  return forTreeGame(game, [&](auto tag) { return trace<typename decltype(tag)::type>(moves, a, depth, cap); });
}

val treeCounts(const std::string& game, const std::string& moves, int depth) {
  return forTreeGame(game, [&](auto tag) { return counts<typename decltype(tag)::type>(moves, depth); });
}

val mctsTrace(const std::string& game, const std::string& moves, int playouts, int seed) {
  return forGame(game, [&](auto tag) { return mctsTraceOf<typename decltype(tag)::type>(moves, playouts, seed); });
}

val treeDeepening(const std::string& game, const std::string& moves, int maxDepth) {
  return forGame(game, [&](auto tag) { return deepening<typename decltype(tag)::type>(moves, maxDepth); });
}

}  // namespace gs_wasm

EMSCRIPTEN_BINDINGS(tree) {
  using namespace gs_wasm;
  emscripten::function("treeTrace", &treeTrace);
  emscripten::function("treeCounts", &treeCounts);
  emscripten::function("treeDeepening", &treeDeepening);
  emscripten::function("treeMoveValues", &treeMoveValues);
  emscripten::function("mctsTrace", &mctsTrace);
}
