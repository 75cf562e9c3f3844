// Embind layer of the tree explorer's chance view: EinStein würfelt nicht!'s
// expectiminimax, Star1 and Star2 (engine/search/expectimax.hpp), traced by
// ChanceRecorder (engine/search/chance_trace.hpp). Nothing but bindings, in
// their own EMSCRIPTEN_BINDINGS block, linked into the same module as
// bindings.cpp and tree_bindings.cpp. The chance kind's traces are
// EinStein's, the registry's one game with dice, so this file names it; the
// worker reaches them through runTrace (trace_requests.cpp).
//
// JS view (position: the notation of docs/einstein.md, at chance or rolled,
// no '?'; algorithm 'expectimax' | 'star1' | 'star2'; depth 1..kMaxDepth moves):
//   Module.einsteinTreeCounts(position, depth)
//     -> {error:''|message, atChance, algorithms:[{algorithm, nodes, value,
//         bestMove}, ...]}   the untraced searches; value: the expected result
//        for the side to move at the root, in [-1, 1]; bestMove: "3d" ('' at chance)
//   Module.einsteinTreeTrace(position, algorithm, depth)
//     -> {error, nodes, recorded, truncated, value, bestMove, atChance,
//         parent: Int32Array, end: Int32Array, kind: Uint8Array (0 decision,
//         1 chance, 2 Star2's probe), leaf: Uint8Array (0 none, 1 horizon,
//         2 the last mover won), cut: Uint8Array (0 none, 1 beta cut, 2 Star1
//         upper bound <= alpha, 3 Star1 lower bound >= beta, 4 Star2's probes
//         >= beta), pruned: Uint8Array, chosen: Uint8Array, side: Uint8Array
//         (0 Red, 1 Blue to move), roll: Uint8Array (0 at chance),
//         faces: Uint8Array (decision/probe: bit f set for each die face f of
//         its outcome), weight: Uint8Array (of 6), move: Array of strings
//         (chance: the move that led here, "3d"; '' otherwise),
//         values, alpha, beta: Float64Array (expected results for the side to
//         move at the node; alpha < -1 or beta > 1: open), raw: Float64Array
//         and scale: Float64Array (value = raw / scale exactly, both integers),
//         cells: Int8Array (25 per node, a1 b1 .. e5: 0, +n Red's cube n,
//         -n Blue's)}   all copies, JS-owned (web/tree/chance-trace.js reads them)
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "games/einstein/einstein.hpp"
#include "games/einstein/einstein_notation.hpp"
#include "search/chance_trace.hpp"
#include "search/expectimax.hpp"
#include "wasm/traces.hpp"

namespace {

using emscripten::val;
using gs::Einstein;

// The deepest search the explorer traces: 4 moves from the start at chance is
// about 160,000 expectiminimax nodes, a second in the worker.
constexpr int kMaxDepth = Einstein::kTreeMaxDepth;

val errorObject(const std::string& message) {
  val o = val::object();
  o.set("error", message);
  return o;
}

// Reads the position and checks the depth; "" or what is wrong.
std::string prepare(const std::string& text, int depth, Einstein& g) {
  if (text.size() > 400) return "the position is too long";
  gs::EinsteinRecord rec;
  const gs::ParseError err = gs::parseEinstein(text, rec, g);
  if (!err.ok) return "position: " + err.message;
  if (g.lastMoverWon())
    return std::string("the game is over (") + Einstein::kSides[(g.plies() - 1) % 2] + " won): there is no move to search";
  if (depth < 1 || depth > kMaxDepth) return "depth must be from 1 to " + std::to_string(kMaxDepth) + " moves";
  return "";
}

bool parseAlgorithm(const std::string& name, gs::ChanceAlgorithm* a) { return gs::parseChanceAlgorithm(name, *a); }

template <class T>
val copyOf(const char* type, const std::vector<T>& v) {
  return val::global(type).new_(emscripten::typed_memory_view(v.size(), v.data()));
}

}  // namespace

namespace gs_wasm {

val einsteinTreeCounts(const std::string& position, int depth) {
  Einstein g;
  const std::string err = prepare(position, depth, g);
  if (!err.empty()) return errorObject(err);
  using Searcher = gs::ExpectimaxSearcher<Einstein>;
  const double scale = static_cast<double>(Searcher::kWin * Searcher::power(g.atChance() ? depth : depth - 1));
  val list = val::array();
  int k = 0;
  for (gs::ChanceAlgorithm a : {gs::ChanceAlgorithm::kExpectimax, gs::ChanceAlgorithm::kStar1, gs::ChanceAlgorithm::kStar2}) {
    Searcher s;
    s.setOptions(gs::ExpectimaxOptions{a, true});
    int best = -1;
    const Searcher::Value v = s.value(g, depth, &best);
    val o = val::object();
    o.set("algorithm", std::string(gs::chanceAlgorithmName(a)));
    o.set("nodes", static_cast<double>(s.nodes()));
    o.set("value", static_cast<double>(v) / scale);
    o.set("bestMove", g.atChance() || best < 0 ? std::string() : gs::einsteinMoveText(g, best));
    list.set(k++, o);
  }
  val out = val::object();
  out.set("error", std::string());
  out.set("atChance", g.atChance());
  out.set("algorithms", list);
  return out;
}

// Bit f set for every die face f whose movable cubes are those of `face`
// (the faces merged into one outcome), in position `g` at chance.
int facesOf(const Einstein& g, int face) {
  auto setOf = [&](int f) {
    int cubes[2] = {0, 0};
    const int k = g.movableCubes(g.sideToMove(), f, cubes);
    return k == 1 ? 1 << cubes[0] : (1 << cubes[0]) | (1 << cubes[1]);
  };
  int mask = 0;
  for (int f = 1; f <= 6; ++f)
    if (setOf(f) == setOf(face)) mask |= 1 << f;
  return mask;
}

val einsteinTreeTrace(const std::string& position, const std::string& algorithm, int depth) {
  gs::ChanceAlgorithm a;
  if (!parseAlgorithm(algorithm, &a)) return errorObject("unknown algorithm '" + algorithm + "' (expectimax, star1, star2)");
  Einstein g;
  const std::string err = prepare(position, depth, g);
  if (!err.empty()) return errorObject(err);
  gs::ChanceRecorder<Einstein> rec;
  gs::ExpectimaxSearcher<Einstein, gs::ChanceRecorder<Einstein>> s(rec);
  s.setOptions(gs::ExpectimaxOptions{a, true});
  int best = -1;
  s.value(g, depth, &best);
  const auto& nodes = rec.nodes();
  const std::size_t n = nodes.size();
  std::vector<std::int32_t> parent(n), end(n);
  std::vector<std::uint8_t> kind(n), leaf(n), cut(n), pruned(n), chosen(n), side(n), roll(n), faces(n), weight(n);
  std::vector<double> value(n), alpha(n), beta(n), raw(n), scale(n);
  std::vector<std::int8_t> cells(n * Einstein::kCells);
  val moves = val::array();
  for (std::size_t i = 0; i < n; ++i) {
    const gs::ChanceTraceNode& x = nodes[i];
    const Einstein& p = rec.position(i);
    parent[i] = x.parent;
    end[i] = x.end;
    kind[i] = static_cast<std::uint8_t>(x.kind);
    leaf[i] = static_cast<std::uint8_t>(x.leaf);
    cut[i] = static_cast<std::uint8_t>(x.cut);
    pruned[i] = x.pruned;
    chosen[i] = x.chosen;
    side[i] = static_cast<std::uint8_t>(p.sideToMove());
    roll[i] = static_cast<std::uint8_t>(p.roll());
    const double sc = static_cast<double>(rec.valueScale(i));
    scale[i] = sc;
    raw[i] = static_cast<double>(x.value);
    value[i] = static_cast<double>(x.value) / sc;
    alpha[i] = static_cast<double>(x.alpha) / sc;
    beta[i] = static_cast<double>(x.beta) / sc;
    std::string move;
    if (x.parent >= 0 && x.kind != gs::ChanceNodeKind::kChance) {
      faces[i] = static_cast<std::uint8_t>(facesOf(rec.position(x.parent), x.edge));
      weight[i] = x.weight;
    } else if (x.parent >= 0) {
      move = gs::einsteinMoveText(rec.position(x.parent), x.edge);
    }
    moves.set(i, move);
    for (int c = 0; c < Einstein::kCells; ++c) cells[i * Einstein::kCells + c] = static_cast<std::int8_t>(p.at(c));
  }
  val out = val::object();
  out.set("error", std::string());
  out.set("nodes", static_cast<double>(s.nodes()));
  out.set("recorded", static_cast<double>(n));
  out.set("truncated", rec.truncated());
  out.set("atChance", g.atChance());
  out.set("value", n ? value[0] : 0.0);
  out.set("bestMove", g.atChance() || best < 0 ? std::string() : gs::einsteinMoveText(g, best));
  out.set("maxDepth", kMaxDepth);
  out.set("parent", copyOf("Int32Array", parent));
  out.set("end", copyOf("Int32Array", end));
  out.set("kind", copyOf("Uint8Array", kind));
  out.set("leaf", copyOf("Uint8Array", leaf));
  out.set("cut", copyOf("Uint8Array", cut));
  out.set("pruned", copyOf("Uint8Array", pruned));
  out.set("chosen", copyOf("Uint8Array", chosen));
  out.set("side", copyOf("Uint8Array", side));
  out.set("roll", copyOf("Uint8Array", roll));
  out.set("faces", copyOf("Uint8Array", faces));
  out.set("weight", copyOf("Uint8Array", weight));
  out.set("move", moves);
  out.set("values", copyOf("Float64Array", value));
  out.set("alpha", copyOf("Float64Array", alpha));
  out.set("beta", copyOf("Float64Array", beta));
  out.set("raw", copyOf("Float64Array", raw));
  out.set("scale", copyOf("Float64Array", scale));
  out.set("cells", copyOf("Int8Array", cells));
  return out;
}

}  // namespace gs_wasm

EMSCRIPTEN_BINDINGS(einstein_tree) {
  using namespace gs_wasm;
  emscripten::function("einsteinTreeCounts", &einsteinTreeCounts);
  emscripten::function("einsteinTreeTrace", &einsteinTreeTrace);
}
