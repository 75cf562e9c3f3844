#include "protocol/connect3p_json.hpp"

#include <cmath>
#include <vector>

#include "core/notation.hpp"
#include "games/connect3p/connect3p.hpp"
#include "protocol/json_writer.hpp"
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

namespace {

std::string intArray(const std::vector<int>& v) {
  JsonWriter a('[');
  for (int x : v) a.num(x);
  return a.done();
}

}  // namespace

std::string connect3pStateJson(const std::string& moves) {
  Connect3p g;
  std::size_t at = 0;
  if (const std::string error = readConnect3pMoves(moves, g, at); !error.empty()) return jsonFailure(error, at);
  JsonWriter o('{');
  o.key("ok").boolean(true);
  o.key("moves").str(moves);
  o.key("width").num(Connect3p::kWidth);
  o.key("height").num(Connect3p::kHeight);
  JsonWriter names('[');
  for (const char* s : Connect3p::kSides) names.str(s);
  o.key("players").raw(names.done());
  std::vector<int> cells;
  for (int row = 0; row < Connect3p::kHeight; ++row)
    for (int col = 0; col < Connect3p::kWidth; ++col) cells.push_back(g.cell(col, row));
  o.key("cells").raw(intArray(cells));
  o.key("toMove").num(g.toMove());
  o.key("plies").num(g.plies());
  o.key("over").boolean(g.isOver());
  o.key("winner").num(g.lastMoverWon() ? g.lastMover() : -1);
  o.key("draw").boolean(!g.lastMoverWon() && g.isFull());
  o.key("winCells").raw(intArray(g.winningCells()));
  std::vector<int> legal;
  for (int col = 0; col < Connect3p::kWidth && !g.isOver(); ++col)
    if (g.canPlay(col)) legal.push_back(col + 1);
  o.key("legal").raw(intArray(legal));
  return o.done();
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
  JsonWriter o('{');
  o.key("ok").boolean(true);
  o.key("move").num(r.bestMove + 1);
  o.key("player").num(g.toMove());
  o.key("algorithm").str(multiAlgorithmName(a));
  o.key("score").num(r.score);
  o.key("values");
  if (a == MultiAlgorithm::kParanoid) o.raw("null");
  else o.raw(intArray(std::vector<int>(r.values.begin(), r.values.end())));
  o.key("exact").boolean(r.exact);
  o.key("depth").num(r.depth);
  o.key("nodes").num(static_cast<long long>(r.nodes));
  o.key("shallowCuts").num(static_cast<long long>(r.shallowCuts));
  o.key("timeMs").real(std::round(r.timeMs * 10) / 10);
  return o.done();
}

}  // namespace gs
