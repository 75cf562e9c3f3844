// The three-player page's JSON (protocol/connect3p_json.hpp): the position's
// fields against the rules, errors, and the computer's move against the
// searcher it names; the tree explorer's JSON (protocol/connect3p_tree_json.hpp):
// the counts are the untraced searchers', the trees as many nodes, errors.
#include <string>

#include <catch2/catch.hpp>

#include "core/notation.hpp"
#include "games/connect3p/connect3p.hpp"
#include "protocol/connect3p_json.hpp"
#include "protocol/connect3p_tree_json.hpp"
#include "search/multiplayer.hpp"

namespace {

bool has(const std::string& json, const std::string& part) { return json.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("connect3p json: positions", "[connect3p]") {
  const std::string empty = gs::connect3pStateJson("");
  CHECK(has(empty, "\"ok\":true,\"moves\":\"\",\"width\":9,\"height\":6,\"players\":[\"Red\",\"Yellow\",\"Green\"]"));
  CHECK(has(empty, "\"toMove\":0,\"plies\":0,\"over\":false,\"winner\":-1,\"draw\":false,\"winCells\":[],"
                   "\"legal\":[1,2,3,4,5,6,7,8,9]"));
  // Red 5, Yellow 5, Green 6: cells col + 9 * row from the bottom.
  const std::string s = gs::connect3pStateJson("556");
  CHECK(has(s, "\"cells\":[0,0,0,0,1,3,0,0,0,0,0,0,0,2,0,0,0,0,"));
  CHECK(has(s, "\"toMove\":0,\"plies\":3"));
  // Red stacks four in column 1 while the others play elsewhere.
  const std::string won = gs::connect3pStateJson("1231231231");
  CHECK(has(won, "\"over\":true,\"winner\":0,\"draw\":false,\"winCells\":[0,9,18,27]"));
  CHECK(has(won, "\"legal\":[]"));
  CHECK(has(gs::connect3pThinkJson("1231231231", "maxn", 0, 2), "the game is over"));
  // A full column is not legal.
  CHECK(has(gs::connect3pStateJson("111111"), "\"legal\":[2,3,4,5,6,7,8,9]"));
}

TEST_CASE("connect3p json: errors", "[connect3p]") {
  CHECK(has(gs::connect3pStateJson("55x"), "invalid character 'x' at position 3"));
  CHECK(has(gs::connect3pStateJson("55x"), "\"position\":3"));
  CHECK(has(gs::connect3pStateJson("1111111"), "column 1 at position 7 is full"));
  CHECK(has(gs::connect3pStateJson(std::string(80, '1')), "too long"));
  CHECK(has(gs::connect3pThinkJson("5", "minimax", 100, 0), "unknown algorithm 'minimax'"));
  CHECK(has(gs::connect3pThinkJson("5", "maxn", 0, 0), "give the search a budget"));
  CHECK(has(gs::connect3pThinkJson("5", "maxn", 0, 99), "maxDepth must be"));
}

TEST_CASE("connect3p json: the computer's move is the searcher's", "[connect3p]") {
  gs::Connect3p g;
  REQUIRE(gs::parseMoves("5564", g).ok);
  for (const char* name : {"maxn", "maxn-plain", "paranoid"}) {
    gs::MultiAlgorithm a = gs::MultiAlgorithm::kMaxn;
    REQUIRE(gs::parseMultiAlgorithm(name, a));
    gs::MultiSearcher<gs::Connect3p> s(a);
    const auto r = s.think(g, gs::MultiLimits{0, 3});
    const std::string j = gs::connect3pThinkJson("5564", name, 0, 3);
    CHECK(has(j, "\"move\":" + std::to_string(r.bestMove + 1) + ",\"player\":1"));
    CHECK(has(j, "\"score\":" + std::to_string(r.score)));
    CHECK(has(j, "\"nodes\":" + std::to_string(r.nodes)));
    CHECK(has(j, std::string("\"algorithm\":\"") + name + "\""));
    if (a == gs::MultiAlgorithm::kParanoid) CHECK(has(j, "\"values\":null"));
    else CHECK(has(j, "\"values\":[" + std::to_string(r.values[0]) + "," + std::to_string(r.values[1]) + "," +
                          std::to_string(r.values[2]) + "]"));
  }
}

TEST_CASE("connect3p tree json: the engine's counts and traces", "[connect3p][trace]") {
  gs::Connect3p g;
  REQUIRE(gs::parseMoves("996997118", g).ok);
  const std::string j = gs::connect3pTreeJson("996997118", 3);
  CHECK(has(j, "\"ok\":true,\"moves\":\"996997118\",\"depth\":3,\"maxDepth\":4,\"toMove\":0,"));
  for (const char* name : {"maxn", "paranoid", "maxn-plain"}) {
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
  CHECK(has(gs::connect3pTreeJson("996997118", 0), "depth must be from 1 to 4 plies"));
  CHECK(has(gs::connect3pTreeJson("996997118", 5), "depth must be from 1 to 4 plies"));
  CHECK(has(gs::connect3pTreeJson("1111111", 2), "column 1 at position 7 is full"));
  CHECK(has(gs::connect3pTreeJson("1231231231", 2), "the game is over"));
}
