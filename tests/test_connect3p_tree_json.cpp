// The tree explorer's JSON for Connect Four for three
// (protocol/connect3p_tree_json.hpp): the counts are the untraced
// searchers', the trees as many nodes, errors.
#include <string>

#include <catch2/catch.hpp>

#include "core/notation.hpp"
#include "games/connect3p/connect3p.hpp"
#include "protocol/connect3p_tree_json.hpp"
#include "search/multiplayer.hpp"

namespace {

bool has(const std::string& json, const std::string& part) { return json.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("connect3p tree json: the engine's counts and traces", "[connect3p][trace]") {
  gs::Connect3p g;
  REQUIRE(gs::parseMoves("996997118", g).ok);
  const std::string j = gs::connect3pTreeJson("996997118", 3);
  CHECK(has(j, "\"ok\":true,\"moves\":\"996997118\",\"depth\":3,\"maxDepth\":4,\"toMove\":0,"));
  for (const char* name : {"maxn", "paranoid", "maxn-plain", "brs"}) {
    gs::MultiAlgorithm a = gs::MultiAlgorithm::kMaxn;
    REQUIRE(gs::parseMultiAlgorithm(name, a));
    gs::MultiSearcher<gs::Connect3p> s(a);
    const auto r = s.searchDepth(g, 3);
    INFO(name);
    const std::string head = std::string("{\"algorithm\":\"") + name + "\",\"nodes\":" + std::to_string(r.nodes) +
                             ",\"move\":" + std::to_string(r.bestMove + 1) + ",\"score\":" + std::to_string(r.score);
    CHECK(has(j, head));
    // The traced tree has the same count, one record per node.
    if (a != gs::MultiAlgorithm::kMaxn)
      CHECK(has(j, std::string("{\"algorithm\":\"") + name + "\",\"nodes\":" + std::to_string(r.nodes) +
                       ",\"recorded\":" + std::to_string(r.nodes) + ",\"truncated\":false,\"move\":" +
                       std::to_string(r.bestMove + 1)));
  }
  // The root: no edge, Red to move, the root board's first row.
  CHECK(has(j, "\"edge\":[0,"));
  CHECK(has(j, "\"mover\":[0,1,"));
  CHECK(has(j, "\"cells\":[\"100003331200000002"));
  // Who placed each edge's stone: Red at the root's children, then Yellow.
  CHECK(has(j, "\"by\":[-1,0,1,"));
  // BRS's tree: the root (Red) at even plies, the opponents' layer (-1) at
  // odd ones, and its first reply Yellow's (the next player's moves first).
  const std::size_t brs = j.find("{\"algorithm\":\"brs\",\"nodes\"", j.find("\"trees\""));
  REQUIRE(brs != std::string::npos);
  CHECK(j.find("\"mover\":[0,-1,0,", brs) != std::string::npos);
  CHECK(j.find("\"by\":[-1,0,1,", brs) != std::string::npos);
  CHECK(has(gs::connect3pTreeJson("996997118", 0), "depth must be from 1 to 4 plies"));
  CHECK(has(gs::connect3pTreeJson("996997118", 5), "depth must be from 1 to 4 plies"));
  CHECK(has(gs::connect3pTreeJson("1111111", 2), "column 1 at position 7 is full"));
  CHECK(has(gs::connect3pTreeJson("1231231231", 2), "the game is over"));
}
