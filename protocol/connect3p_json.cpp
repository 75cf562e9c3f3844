#include "protocol/connect3p_json.hpp"

#include <cmath>
#include <vector>

#include "core/notation.hpp"
#include "games/connect3p/connect3p.hpp"
#include "protocol/json.hpp"
#include "search/multiplayer.hpp"

namespace gs {

namespace {

constexpr std::size_t kMovesMax = Connect3p::kMaxPlies + 8;

}  // namespace

std::string readConnect3pMoves(const std::string& moves, Connect3p& g, std::size_t& position) {
  position = 0;
  if (moves.size() > kMovesMax)
    return "the move string is too long (" + std::to_string(moves.size()) + " moves, a game has at most " +
           std::to_string(Connect3p::kMaxPlies) + ")";
  const ParseError err = parseMoves(moves, g);
  if (err.ok) return "";
  position = err.position;
  return err.message;
}

std::string connect3pStateJson(const std::string& moves) {
  Connect3p g;
  std::size_t at = 0;
  if (const std::string error = readConnect3pMoves(moves, g, at); !error.empty()) return jsonFailure(error, at);
  Json o;
  o["ok"] = true;
  o["moves"] = moves;
  o["width"] = Connect3p::kWidth;
  o["height"] = Connect3p::kHeight;
  o["players"] = Connect3p::kSides;
  std::vector<int> cells;
  for (int row = 0; row < Connect3p::kHeight; ++row)
    for (int col = 0; col < Connect3p::kWidth; ++col) cells.push_back(g.cell(col, row));
  o["cells"] = cells;
  o["toMove"] = g.toMove();
  o["plies"] = g.plies();
  o["over"] = g.isOver();
  o["winner"] = g.lastMoverWon() ? g.lastMover() : -1;
  o["draw"] = !g.lastMoverWon() && g.isFull();
  o["winCells"] = g.winningCells();
  std::vector<int> legal;
  for (int col = 0; col < Connect3p::kWidth && !g.isOver(); ++col)
    if (g.canPlay(col)) legal.push_back(col + 1);
  o["legal"] = legal;
  return jsonText(o);
}

std::string connect3pThinkJson(const std::string& moves, const std::string& algorithm, int timeMs, int maxDepth) {
  Connect3p g;
  std::size_t at = 0;
  if (const std::string error = readConnect3pMoves(moves, g, at); !error.empty()) return jsonFailure(error, at);
  if (g.isOver()) return jsonFailure("the game is over: there is no move to search");
  MultiAlgorithm a = MultiAlgorithm::kMaxnShallow;
  if (!algorithm.empty() && !parseMultiAlgorithm(algorithm, a))
    return jsonFailure("unknown algorithm '" + algorithm.substr(0, 24) + "' (maxn, maxn-plain or paranoid)");
  if (timeMs < 0 || timeMs > 60000) return jsonFailure("timeMs must be 0-60000");
  if (maxDepth < 0 || maxDepth > Connect3p::kMaxPlies) return jsonFailure("maxDepth must be 0-54");
  if (timeMs == 0 && maxDepth == 0) return jsonFailure("give the search a budget: timeMs or maxDepth");
  MultiSearcher<Connect3p> search(a);
  MultiLimits lim;
  lim.timeMs = timeMs;
  lim.maxDepth = maxDepth;
  const auto r = search.think(g, lim);
  Json o;
  o["ok"] = true;
  o["move"] = r.bestMove + 1;
  o["player"] = g.toMove();
  o["algorithm"] = multiAlgorithmName(a);
  o["score"] = r.score;
  o["values"] =
      a == MultiAlgorithm::kParanoid ? Json(nullptr) : Json(std::vector<int>(r.values.begin(), r.values.end()));
  o["exact"] = r.exact;
  o["depth"] = r.depth;
  o["nodes"] = r.nodes;
  o["shallowCuts"] = r.shallowCuts;
  o["timeMs"] = jsonNumber(std::round(r.timeMs * 10) / 10);
  return jsonText(o);
}

}  // namespace gs
