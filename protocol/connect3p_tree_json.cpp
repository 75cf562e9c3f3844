#include "protocol/connect3p_tree_json.hpp"

#include <string>
#include <vector>

#include "games/connect3p/connect3p.hpp"
#include "core/notation.hpp"
#include "protocol/json.hpp"
#include "search/multi_trace.hpp"
#include "search/multiplayer.hpp"

namespace gs {

namespace {

using Recorder = MultiRecorder<Connect3p>;

template <class F>
Json arrayOf(std::size_t n, F&& at) {
  Json a = Json::array();
  for (std::size_t i = 0; i < n; ++i) a.push_back(at(i));
  return a;
}

std::string cellsOf(const Connect3p& g) {
  std::string s;
  for (int row = 0; row < Connect3p::kHeight; ++row)
    for (int col = 0; col < Connect3p::kWidth; ++col) s += static_cast<char>('0' + g.cell(col, row));
  return s;
}

// One traced search as the "trees" entry of the header.
Json treeOf(const Connect3p& g, MultiAlgorithm a, int depth) {
  Recorder rec;
  MultiSearcher<Connect3p, Recorder> search(rec, a);
  const auto r = search.searchDepth(g, depth);
  const auto& nodes = rec.nodes();
  const std::size_t n = nodes.size();
  Json o;
  o["algorithm"] = multiAlgorithmName(a);
  o["nodes"] = r.nodes;
  o["recorded"] = n;
  o["truncated"] = rec.truncated();
  o["move"] = r.bestMove + 1;
  o["parent"] = arrayOf(n, [&](std::size_t i) { return nodes[i].parent; });
  o["end"] = arrayOf(n, [&](std::size_t i) { return nodes[i].end; });
  o["edge"] = arrayOf(n, [&](std::size_t i) { return nodes[i].move + 1; });
  // BRS's positions leave the turn order (toMove() means nothing there): a
  // node's layer is its distance to the root, the root player's at even
  // plies, the opponents' (-1: both of them) at odd ones.
  const bool brs = a == MultiAlgorithm::kBrs;
  const int root = g.toMove();
  o["mover"] = arrayOf(n, [&](std::size_t i) {
    if (!brs) return rec.position(i).toMove();
    return (depth - nodes[i].depth) % 2 == 0 ? root : -1;
  });
  // Who placed the edge's stone (-1 at the root): the stone on top of the
  // edge's column.
  o["by"] = arrayOf(n, [&](std::size_t i) {
    if (nodes[i].move < 0) return -1;
    const Connect3p& p = rec.position(i);
    int row = Connect3p::kHeight - 1;
    while (row > 0 && p.cell(nodes[i].move, row) == 0) --row;
    return p.cell(nodes[i].move, row) - 1;
  });
  o["depth"] = arrayOf(n, [&](std::size_t i) { return nodes[i].depth; });
  o["leaf"] = arrayOf(n, [&](std::size_t i) { return static_cast<int>(nodes[i].leaf); });
  o["cut"] = arrayOf(n, [&](std::size_t i) { return static_cast<int>(nodes[i].cut); });
  o["pruned"] = arrayOf(n, [&](std::size_t i) { return nodes[i].pruned; });
  o["chosen"] = arrayOf(n, [&](std::size_t i) { return nodes[i].chosen ? 1 : 0; });
  o["bound"] = arrayOf(n, [&](std::size_t i) { return nodes[i].bound; });
  o["values"] = arrayOf(n * Connect3p::kPlayers, [&](std::size_t k) {
    const auto& x = nodes[k / Connect3p::kPlayers];
    return x.hasValues ? x.values[k % Connect3p::kPlayers] : -1;
  });
  o["value"] = arrayOf(n, [&](std::size_t i) { return nodes[i].value; });
  const bool twoSided = isTwoSided(a);
  o["alpha"] = arrayOf(n, [&](std::size_t i) { return twoSided ? nodes[i].alpha : -1; });
  o["beta"] = arrayOf(n, [&](std::size_t i) { return twoSided ? nodes[i].beta : -1; });
  Json cells = Json::array();
  for (std::size_t i = 0; i < n; ++i) cells.push_back(cellsOf(rec.position(i)));
  o["cells"] = std::move(cells);
  return o;
}

}  // namespace

std::string connect3pTreeJson(const std::string& moves, int depth) {
  Connect3p g;
  if (moves.size() > Connect3p::kMaxPlies) return jsonFailure("the move string is too long");
  if (const ParseError err = parseMoves(moves, g); !err.ok) return jsonFailure(err.message, err.position);
  if (g.isOver()) return jsonFailure("the game is over: there is no move to search");
  if (depth < 1 || depth > kConnect3pTreeMaxDepth)
    return jsonFailure("depth must be from 1 to " + std::to_string(kConnect3pTreeMaxDepth) + " plies");
  Json o;
  o["ok"] = true;
  o["moves"] = moves;
  o["depth"] = depth;
  o["maxDepth"] = kConnect3pTreeMaxDepth;
  o["toMove"] = g.toMove();
  o["players"] = Connect3p::kSides;
  o["maxSum"] = MultiSearcher<Connect3p>::kMaxSum;
  Json algorithms = Json::array();
  for (MultiAlgorithm a :
       {MultiAlgorithm::kMaxnShallow, MultiAlgorithm::kParanoid, MultiAlgorithm::kMaxn, MultiAlgorithm::kBrs}) {
    MultiSearcher<Connect3p> search(a);
    const auto r = search.searchDepth(g, depth);
    Json x;
    x["algorithm"] = multiAlgorithmName(a);
    x["nodes"] = r.nodes;
    x["move"] = r.bestMove + 1;
    x["score"] = r.score;
    x["values"] = isTwoSided(a) ? Json(nullptr)
                                : arrayOf(r.values.size(), [&](std::size_t i) { return r.values[i]; });
    x["shallowCuts"] = r.shallowCuts;
    algorithms.push_back(std::move(x));
  }
  o["algorithms"] = std::move(algorithms);
  o["trees"] = Json::array();
  o["trees"].push_back(treeOf(g, MultiAlgorithm::kMaxnShallow, depth));
  o["trees"].push_back(treeOf(g, MultiAlgorithm::kParanoid, depth));
  o["trees"].push_back(treeOf(g, MultiAlgorithm::kBrs, depth));
  return jsonText(o);
}

}  // namespace gs
