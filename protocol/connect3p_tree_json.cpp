#include "protocol/connect3p_tree_json.hpp"

#include <string>
#include <vector>

#include "games/connect3p/connect3p.hpp"
#include "protocol/connect3p_json.hpp"
#include "protocol/json_writer.hpp"
#include "search/multi_trace.hpp"
#include "search/multiplayer.hpp"

namespace gs {

namespace {

using Recorder = MultiRecorder<Connect3p>;

template <class F>
std::string arrayOf(std::size_t n, F&& at) {
  JsonWriter a('[');
  for (std::size_t i = 0; i < n; ++i) a.num(at(i));
  return a.done();
}

std::string cellsOf(const Connect3p& g) {
  std::string s;
  for (int row = 0; row < Connect3p::kHeight; ++row)
    for (int col = 0; col < Connect3p::kWidth; ++col) s += static_cast<char>('0' + g.cell(col, row));
  return s;
}

// One traced search as the "trees" entry of the header.
std::string treeOf(const Connect3p& g, MultiAlgorithm a, int depth) {
  Recorder rec;
  MultiSearcher<Connect3p, Recorder> search(rec, a);
  const auto r = search.searchDepth(g, depth);
  const auto& nodes = rec.nodes();
  const std::size_t n = nodes.size();
  JsonWriter o('{');
  o.key("algorithm").str(multiAlgorithmName(a));
  o.key("nodes").num(static_cast<long long>(r.nodes));
  o.key("recorded").num(static_cast<long long>(n));
  o.key("truncated").boolean(rec.truncated());
  o.key("move").num(r.bestMove + 1);
  o.key("parent").raw(arrayOf(n, [&](std::size_t i) { return nodes[i].parent; }));
  o.key("end").raw(arrayOf(n, [&](std::size_t i) { return nodes[i].end; }));
  o.key("edge").raw(arrayOf(n, [&](std::size_t i) { return nodes[i].move + 1; }));
  o.key("mover").raw(arrayOf(n, [&](std::size_t i) { return rec.position(i).toMove(); }));
  o.key("depth").raw(arrayOf(n, [&](std::size_t i) { return nodes[i].depth; }));
  o.key("leaf").raw(arrayOf(n, [&](std::size_t i) { return static_cast<int>(nodes[i].leaf); }));
  o.key("cut").raw(arrayOf(n, [&](std::size_t i) { return static_cast<int>(nodes[i].cut); }));
  o.key("pruned").raw(arrayOf(n, [&](std::size_t i) { return nodes[i].pruned; }));
  o.key("chosen").raw(arrayOf(n, [&](std::size_t i) { return nodes[i].chosen ? 1 : 0; }));
  o.key("bound").raw(arrayOf(n, [&](std::size_t i) { return nodes[i].bound; }));
  o.key("values").raw(arrayOf(n * Connect3p::kPlayers, [&](std::size_t k) {
    const auto& x = nodes[k / Connect3p::kPlayers];
    return x.hasValues ? x.values[k % Connect3p::kPlayers] : -1;
  }));
  o.key("value").raw(arrayOf(n, [&](std::size_t i) { return nodes[i].value; }));
  const bool paranoid = a == MultiAlgorithm::kParanoid;
  o.key("alpha").raw(arrayOf(n, [&](std::size_t i) { return paranoid ? nodes[i].alpha : -1; }));
  o.key("beta").raw(arrayOf(n, [&](std::size_t i) { return paranoid ? nodes[i].beta : -1; }));
  JsonWriter cells('[');
  for (std::size_t i = 0; i < n; ++i) cells.str(cellsOf(rec.position(i)));
  o.key("cells").raw(cells.done());
  return o.done();
}

}  // namespace

std::string connect3pTreeJson(const std::string& moves, int depth) {
  Connect3p g;
  std::size_t at = 0;
  if (const std::string error = readConnect3pMoves(moves, g, at); !error.empty()) return jsonFailure(error, at);
  if (g.isOver()) return jsonFailure("the game is over: there is no move to search");
  if (depth < 1 || depth > kConnect3pTreeMaxDepth)
    return jsonFailure("depth must be from 1 to " + std::to_string(kConnect3pTreeMaxDepth) + " plies");
  JsonWriter o('{');
  o.key("ok").boolean(true);
  o.key("moves").str(moves);
  o.key("depth").num(depth);
  o.key("maxDepth").num(kConnect3pTreeMaxDepth);
  o.key("toMove").num(g.toMove());
  JsonWriter names('[');
  for (const char* s : Connect3p::kSides) names.str(s);
  o.key("players").raw(names.done());
  o.key("maxSum").num(MultiSearcher<Connect3p>::kMaxSum);
  JsonWriter algorithms('[');
  for (MultiAlgorithm a : {MultiAlgorithm::kMaxnShallow, MultiAlgorithm::kParanoid, MultiAlgorithm::kMaxn}) {
    MultiSearcher<Connect3p> search(a);
    const auto r = search.searchDepth(g, depth);
    JsonWriter x('{');
    x.key("algorithm").str(multiAlgorithmName(a));
    x.key("nodes").num(static_cast<long long>(r.nodes));
    x.key("move").num(r.bestMove + 1);
    x.key("score").num(r.score);
    x.key("values");
    if (a == MultiAlgorithm::kParanoid) x.raw("null");
    else x.raw(arrayOf(r.values.size(), [&](std::size_t i) { return r.values[i]; }));
    x.key("shallowCuts").num(static_cast<long long>(r.shallowCuts));
    algorithms.raw(x.done());
  }
  o.key("algorithms").raw(algorithms.done());
  JsonWriter trees('[');
  trees.raw(treeOf(g, MultiAlgorithm::kMaxnShallow, depth));
  trees.raw(treeOf(g, MultiAlgorithm::kParanoid, depth));
  o.key("trees").raw(trees.done());
  return o.done();
}

}  // namespace gs
