// The EinStein page's JSON (protocol/einstein_json.hpp): the position's
// fields against the rules, errors, the computer's move against the searcher
// it names, and the levels' budgets.
#include <string>

#include <catch2/catch.hpp>

#include "games/einstein/einstein_notation.hpp"
#include "protocol/einstein_json.hpp"
#include "search/expectimax.hpp"
#include "search/levels.hpp"

namespace {

bool has(const std::string& json, const std::string& part) { return json.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("einstein json: the start position", "[einstein]") {
  const std::string s = gs::einsteinStateJson("123456/654321");
  CHECK(has(s, "\"ok\":true"));
  CHECK(has(s, "\"position\":\"123456/654321\""));
  // Red 1 2 3 on a1 b1 c1, 4 5 on a2 b2, 6 on a3; Blue's 6 5 4 on e5 d5 c5 ...
  CHECK(has(s, "\"cells\":[1,2,3,0,0,4,5,0,0,0,6,0,0,0,-1,0,0,0,-2,-3,0,0,-4,-5,-6]"));
  CHECK(has(s, "\"side\":0,\"roll\":0,\"plies\":0,\"over\":false,\"winner\":-1"));
  CHECK(has(s, "\"movable\":[]"));
  CHECK(has(s, "\"moves\":[]"));
  CHECK(has(s, "\"turns\":[]"));
  CHECK(has(s, "\"setups\":[[1,2,3,4,5,6],[6,5,4,3,2,1]]"));
}

TEST_CASE("einstein json: a rolled position lists exactly the legal moves", "[einstein]") {
  // Red rolled 6: cube 6 on a3 moves right to b3, down to a4 or diagonally to b4.
  const std::string s = gs::einsteinStateJson("123456/654321:6");
  CHECK(has(s, "\"roll\":6"));
  CHECK(has(s, "\"movable\":[6]"));
  CHECK(has(s, "{\"slot\":0,\"text\":\"6h\",\"cube\":6,\"dir\":0,\"from\":10,\"to\":11,\"capture\":0,"
               "\"words\":\"cube 6 right to b3\"}"));
  CHECK(has(s, "\"slot\":1,\"text\":\"6v\""));
  CHECK(has(s, "\"slot\":2,\"text\":\"6d\""));
  CHECK_FALSE(has(s, "\"slot\":3"));
  // After a turn, the turn is listed with its cells; Blue's cube 2 (d4) takes on c3.
  const std::string t = gs::einsteinStateJson("123456/654321:66d,22d,1");
  CHECK(has(t, "\"turns\":[{\"side\":0,\"die\":6,\"text\":\"66d\",\"cube\":6,\"dir\":2,\"from\":10,\"to\":16"));
  CHECK(has(t, "{\"side\":1,\"die\":2,\"text\":\"22d\",\"cube\":2,\"dir\":2,\"from\":18,\"to\":12,\"capture\":0"));
}

TEST_CASE("einstein json: captures and the end of the game", "[einstein]") {
  // Red's cube 6 went a3-b4; diagonally on it meets Blue's 4 on c5.
  const std::string s = gs::einsteinStateJson("123456/654321:66d,11v,6");
  CHECK(has(s, "\"text\":\"6d\",\"cube\":6,\"dir\":2,\"from\":16,\"to\":22,\"capture\":-4,"
               "\"words\":\"cube 6 down-right to c5, takes Blue's 4\""));
  // A finished game (every roll a 1, the first legal move): over, the
  // winner, no moves, and no search.
  gs::EinsteinRecord rec;
  gs::Einstein g;
  REQUIRE(gs::parseEinstein("123456/123456", rec, g).ok);
  while (!g.lastMoverWon()) {
    g.applyChance(1);
    int slot = 0;
    while (!g.canPlay(slot)) ++slot;
    rec.turns.push_back({1, g.slotCube(slot), slot % 3});
    g.play(slot);
  }
  const std::string over = gs::einsteinStateJson(gs::toText(rec));
  CHECK(has(over, "\"over\":true"));
  CHECK(has(over, "\"winner\":" + std::to_string((g.plies() - 1) % 2)));
  CHECK(has(over, "\"moves\":[]"));
  CHECK(has(gs::einsteinThinkJson(gs::toText(rec), "beginner", "", 0, 0, 1, 0), "the game is over"));
}

TEST_CASE("einstein json: errors name the problem", "[einstein]") {
  CHECK(has(gs::einsteinStateJson("123456/654321:63d"), "die 6 lets Red move only cube 6, not cube 3"));
  CHECK(has(gs::einsteinStateJson("123456/654321:63d"), "\"position\":16"));
  CHECK(has(gs::einsteinStateJson("?/654321"), "nothing here draws it"));
  CHECK(has(gs::einsteinStateJson(std::string(500, '1')), "too long"));
  CHECK(has(gs::einsteinStateJson("12\"3"), "\\\""));  // the message quotes the bad character as JSON
  const std::string atChance = gs::einsteinThinkJson("123456/654321", "casual", "", 0, 0, 1, 0);
  CHECK(has(atChance, "\"ok\":false"));
  CHECK(has(atChance, "not rolled"));
  CHECK(has(gs::einsteinThinkJson("123456/654321:6", "grandmaster", "", 0, 0, 1, 0), "unknown level 'grandmaster'"));
  CHECK(has(gs::einsteinThinkJson("123456/654321:6", "", "minimax", 100, 0, 1, 0), "unknown algorithm"));
  CHECK(has(gs::einsteinThinkJson("123456/654321:6", "", "", 0, 0, 1, 0), "give the search a budget"));
  CHECK(has(gs::einsteinThinkJson("123456/654321:6", "", "star2", 0, 99, 1, 0), "maxDepth must be"));
}

TEST_CASE("einstein json: the computer's move is the searcher's", "[einstein]") {
  const std::string text = "123456/654321:66d,22d,5";
  gs::EinsteinRecord rec;
  gs::Einstein g;
  REQUIRE(gs::parseEinstein(text, rec, g).ok);
  for (const char* algo : {"expectimax", "star1", "star2"}) {
    gs::ChanceAlgorithm a = gs::ChanceAlgorithm::kStar2;
    REQUIRE(gs::parseChanceAlgorithm(algo, a));
    gs::ExpectimaxSearcher<gs::Einstein> s;
    s.setOptions(gs::ExpectimaxOptions{a, true});
    const gs::ExpectimaxResult r = s.think(g, gs::ExpectimaxLimits{0, 3});
    const std::string j = gs::einsteinThinkJson(text, "", algo, 0, 3, 1, 0);
    CHECK(has(j, "\"slot\":" + std::to_string(r.bestMove)));
    CHECK(has(j, "\"score\":" + std::to_string(r.score)));
    CHECK(has(j, "\"depth\":3"));
    CHECK(has(j, "\"nodes\":" + std::to_string(r.nodes)));
    CHECK(has(j, std::string("\"algorithm\":\"") + algo + "\""));
  }
  // A level sets the budget: Casual searches exactly two moves deep.
  CHECK(has(gs::einsteinThinkJson(text, "casual", "", 0, 0, 1, 0), "\"depth\":2"));
  CHECK(has(gs::einsteinThinkJson(text, "beginner", "", 5000, 9, 1, 0), "\"depth\":1"));
  CHECK(has(gs::einsteinThinkJson(text, "strong", "", 0, 0, 1, 0), "\"algorithm\":\"star2\""));
  // MCTS with a playout budget.
  const std::string m = gs::einsteinThinkJson(text, "", "mcts", 0, 0, 7, 200);
  CHECK(has(m, "\"algorithm\":\"mcts\""));
  CHECK(has(m, "\"playouts\":200"));
}

TEST_CASE("einstein json: the levels", "[einstein]") {
  const std::string l = gs::einsteinLevelsJson();
  CHECK(l == "[{\"name\":\"beginner\",\"timeMs\":0,\"maxDepth\":1,\"temperature\":150},{\"name\":\"casual\",\"timeMs\":0,\"maxDepth\":2,\"temperature\":0},"
             "{\"name\":\"strong\",\"timeMs\":300,\"maxDepth\":0,\"temperature\":0},"
             "{\"name\":\"perfect\",\"timeMs\":1000,\"maxDepth\":0,\"temperature\":0}]");
}

TEST_CASE("einstein json: the Beginner level draws plausible moves", "[einstein]") {
  // Over many seeds Beginner plays more than one move, and mostly the best.
  const std::string text = "123456/654321:66d,22d,5";
  gs::EinsteinRecord rec;
  gs::Einstein g;
  REQUIRE(gs::parseEinstein(text, rec, g).ok);
  gs::ExpectimaxSearcher<gs::Einstein> s;
  const int best = s.think(g, gs::ExpectimaxLimits{0, 1}).bestMove;
  int bestCount = 0, other = 0;
  for (unsigned seed = 1; seed <= 200; ++seed) {
    const std::string j = gs::einsteinThinkJson(text, "beginner", "", 0, 0, seed, 0);
    REQUIRE(has(j, "\"ok\":true"));
    (has(j, "\"slot\":" + std::to_string(best) + ",") ? bestCount : other)++;
    // A seed replays its move (the move, not the whole answer: timeMs varies).
    const auto slotOf = [](const std::string& json) { return json.substr(json.find("\"slot\":"), 9); };
    CHECK(slotOf(j) == slotOf(gs::einsteinThinkJson(text, "beginner", "", 0, 0, seed, 0)));
  }
  CHECK(bestCount > 100);
  CHECK(other > 0);
}
