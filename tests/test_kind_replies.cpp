// The protocol's replies for the games of every kind (protocol/kind_replies.hpp):
// `state` against the rules, the errors of checkRequest and of the replies,
// the computer's move against the searcher it names, and the chance kind's
// levels. EinStein (dice) and Connect Four for three (three players) are
// served by the same checkRequest and runRequest as the two-player games.
#include <string>

#include <catch2/catch.hpp>

#include "core/notation.hpp"
#include "games/connect3p/connect3p.hpp"
#include "games/einstein/einstein_notation.hpp"
#include "protocol/replies.hpp"
#include "protocol/request.hpp"
#include "search/expectimax.hpp"
#include "search/multiplayer.hpp"
#include "session.hpp"

using namespace gs;

namespace {

bool has(const std::string& json, const std::string& part) { return json.find(part) != std::string::npos; }

// The one reply to `request`, or the checker's refusal as an error reply.
std::string answer(const std::string& request) {
  static Session session(0, 1 << 20);
  const Request r = checkRequest(request);
  if (!r.error.empty()) return errorReply("", r.error);
  std::string last;
  int count = 0;
  runRequest(session, r, "1", [&](const std::string& json) {
    last = json;
    ++count;
  });
  CHECK(count == 1);
  return last;
}

std::string state(const std::string& game, const std::string& position) {
  return answer(R"({"type":"state","game":")" + game + R"(","position":")" + position + R"("})");
}

std::string ask(const std::string& game, const std::string& position, const std::string& fields) {
  return answer(R"({"type":"search","game":")" + game + R"(","position":")" + position + "\"" + fields + "}");
}

}  // namespace

TEST_CASE("kind replies: EinStein's start position", "[einstein][protocol]") {
  const std::string s = state("einstein", "123456/654321");
  CHECK(has(s, R"({"type":"state","id":1,"game":"einstein","position":"123456/654321","width":5,"height":5,)"));
  // Red 1 2 3 on a1 b1 c1, 4 5 on a2 b2, 6 on a3; Blue's 6 5 4 on e5 d5 c5 ...
  CHECK(has(s, "\"cells\":[1,2,3,0,0,4,5,0,0,0,6,0,0,0,-1,0,0,0,-2,-3,0,0,-4,-5,-6]"));
  CHECK(has(s, "\"toMove\":0,\"plies\":0,\"over\":false,\"winner\":-1,\"draw\":false,\"winCells\":[],\"atChance\":true,\"legal\":[]"));
  CHECK(has(s, "\"side\":0,\"roll\":0"));
  CHECK(has(s, "\"movable\":[]"));
  CHECK(has(s, "\"moves\":[]"));
  CHECK(has(s, "\"turns\":[]"));
  CHECK(has(s, "\"setups\":[[1,2,3,4,5,6],[6,5,4,3,2,1]]"));
}

TEST_CASE("kind replies: a rolled EinStein position lists exactly the legal moves", "[einstein][protocol]") {
  // Red rolled 6: cube 6 on a3 moves right to b3, down to a4 or diagonally to b4.
  const std::string s = state("einstein", "123456/654321:6");
  CHECK(has(s, "\"atChance\":false,\"legal\":[1,2,3]"));
  CHECK(has(s, "\"roll\":6"));
  CHECK(has(s, "\"movable\":[6]"));
  CHECK(has(s, "{\"slot\":0,\"text\":\"6h\",\"cube\":6,\"dir\":0,\"from\":10,\"to\":11,\"capture\":0,"
               "\"words\":\"cube 6 right to b3\"}"));
  CHECK(has(s, "\"slot\":1,\"text\":\"6v\""));
  CHECK(has(s, "\"slot\":2,\"text\":\"6d\""));
  CHECK_FALSE(has(s, "\"slot\":3"));
  // After a turn, the turn is listed with its cells; Blue's cube 2 (d4) takes on c3.
  const std::string t = state("einstein", "123456/654321:66d,22d,1");
  CHECK(has(t, "\"turns\":[{\"side\":0,\"die\":6,\"text\":\"66d\",\"cube\":6,\"dir\":2,\"from\":10,\"to\":16"));
  CHECK(has(t, "{\"side\":1,\"die\":2,\"text\":\"22d\",\"cube\":2,\"dir\":2,\"from\":18,\"to\":12,\"capture\":0"));
}

TEST_CASE("kind replies: EinStein's captures and the end of the game", "[einstein][protocol]") {
  // Red's cube 6 went a3-b4; diagonally on it meets Blue's 4 on c5.
  const std::string s = state("einstein", "123456/654321:66d,11v,6");
  CHECK(has(s, "\"text\":\"6d\",\"cube\":6,\"dir\":2,\"from\":16,\"to\":22,\"capture\":-4,"
               "\"words\":\"cube 6 down-right to c5, takes Blue's 4\""));
  // A finished game (every roll a 1, the first legal move): over, the
  // winner, no moves, and no search.
  EinsteinRecord rec;
  Einstein g;
  REQUIRE(parseEinstein("123456/123456", rec, g).ok);
  while (!g.lastMoverWon()) {
    g.applyChance(1);
    int slot = 0;
    while (!g.canPlay(slot)) ++slot;
    rec.turns.push_back({1, g.slotCube(slot), slot % 3});
    g.play(slot);
  }
  const std::string over = state("einstein", toText(rec));
  CHECK(has(over, "\"over\":true,\"winner\":" + std::to_string((g.plies() - 1) % 2) + ",\"draw\":false"));
  CHECK(has(over, "\"moves\":[]"));
  CHECK(has(ask("einstein", toText(rec), R"(,"level":"beginner")"), "the game is over"));
}

TEST_CASE("kind replies: EinStein's errors name the problem", "[einstein][protocol]") {
  CHECK(has(state("einstein", "123456/654321:63d"), "die 6 lets Red move only cube 6, not cube 3"));
  CHECK(has(state("einstein", "?/654321"), "nothing here draws it"));
  CHECK(has(state("einstein", std::string(500, '1')), "position is too long (500 characters, at most 400)"));
  CHECK(has(state("einstein", "12\\\"3"), "\\\""));  // the message quotes the bad character as JSON
  const std::string atChance = ask("einstein", "123456/654321", R"(,"level":"casual")");
  CHECK(has(atChance, R"({"type":"error","id":1,"message":"Red has not rolled)"));
  CHECK(has(ask("einstein", "123456/654321:6", R"(,"level":"grandmaster")"), "unknown level 'grandmaster'"));
  CHECK(has(ask("einstein", "123456/654321:6", R"(,"algorithm":"minimax","timeMs":100)"),
            "unknown algorithm 'minimax' (use expectimax, star1, star2 or mcts)"));
  CHECK(has(ask("einstein", "123456/654321:6", ""), "timeMs must be an integer from 1 to 60000"));
  CHECK(has(ask("einstein", "123456/654321:6", R"(,"timeMs":60001)"), "timeMs must be an integer from 1 to 60000"));
  CHECK(has(ask("einstein", "123456/654321:6", R"(,"maxDepth":99)"), "maxDepth must be an integer from 0 to 18"));
  CHECK(has(ask("einstein", "123456/654321:6", R"(,"level":"casual","timeMs":5)"), "level sets the budget"));
  CHECK(has(answer(R"({"type":"analyze","game":"einstein","position":"","timeMs":100})"),
            "game 'einstein' (a game with dice) has no 'analyze' requests: it answers state, search and levels"));
}

TEST_CASE("kind replies: EinStein's move is the searcher's", "[einstein][protocol]") {
  const std::string text = "123456/654321:66d,22d,5";
  EinsteinRecord rec;
  Einstein g;
  REQUIRE(parseEinstein(text, rec, g).ok);
  for (const char* algo : {"expectimax", "star1", "star2"}) {
    ChanceAlgorithm a = ChanceAlgorithm::kStar2;
    REQUIRE(parseChanceAlgorithm(algo, a));
    ExpectimaxSearcher<Einstein> s;
    s.setOptions(ExpectimaxOptions{a, true});
    const ExpectimaxResult r = s.think(g, ExpectimaxLimits{0, 3});
    const std::string j = ask("einstein", text, std::string(R"(,"maxDepth":3,"algorithm":")") + algo + "\"");
    INFO(j);
    CHECK(has(j, "{\"type\":\"bestmove\",\"id\":1,\"slot\":" + std::to_string(r.bestMove) + ",\"move\":\""));
    CHECK(has(j, "\"score\":" + std::to_string(r.score)));
    CHECK(has(j, "\"depth\":3"));
    CHECK(has(j, "\"nodes\":" + std::to_string(r.nodes)));
    CHECK(has(j, std::string("\"algorithm\":\"") + algo + "\""));
  }
  // A level sets the budget: Casual searches exactly two moves deep.
  CHECK(has(ask("einstein", text, R"(,"level":"casual")"), "\"depth\":2"));
  CHECK(has(ask("einstein", text, R"(,"level":"beginner")"), "\"depth\":1"));
  CHECK(has(ask("einstein", text, R"(,"level":"strong")"), "\"algorithm\":\"star2\""));
  // MCTS with a playout budget.
  const std::string m = ask("einstein", text, R"(,"algorithm":"mcts","playouts":200,"seed":7)");
  CHECK(has(m, "\"algorithm\":\"mcts\""));
  CHECK(has(m, "\"playouts\":200"));
}

TEST_CASE("kind replies: the chance kind's levels", "[einstein][protocol]") {
  const std::string l = answer(R"({"type":"levels","game":"einstein"})");
  CHECK(has(l, R"({"type":"levels","id":1,"levels":[{"name":"beginner","timeMs":0,"maxDepth":1,"temperature":150,)"));
  CHECK(has(l, R"({"name":"casual","timeMs":0,"maxDepth":2,"temperature":0,)"));
  CHECK(has(l, R"({"name":"strong","timeMs":300,"maxDepth":0,"temperature":0,)"));
  CHECK(has(l, R"({"name":"perfect","timeMs":1000,"maxDepth":0,"temperature":0,)"));
  CHECK(has(answer(R"({"type":"levels","game":"connect3p"})"), "game 'connect3p' (a game of three players) has no levels"));
}

TEST_CASE("kind replies: EinStein's Beginner level draws plausible moves", "[einstein][protocol]") {
  // Over many seeds Beginner plays more than one move, and mostly the best.
  const std::string text = "123456/654321:66d,22d,5";
  EinsteinRecord rec;
  Einstein g;
  REQUIRE(parseEinstein(text, rec, g).ok);
  ExpectimaxSearcher<Einstein> s;
  const int best = s.think(g, ExpectimaxLimits{0, 1}).bestMove;
  int bestCount = 0, other = 0;
  const auto slotOf = [](const std::string& json) { return json.substr(json.find("\"slot\":"), 9); };
  for (unsigned seed = 1; seed <= 200; ++seed) {
    const std::string fields = R"(,"level":"beginner","seed":)" + std::to_string(seed);
    const std::string j = ask("einstein", text, fields);
    REQUIRE(has(j, "\"type\":\"bestmove\""));
    (has(j, "\"slot\":" + std::to_string(best) + ",") ? bestCount : other)++;
    // A seed replays its move (the move, not the whole answer: timeMs varies).
    CHECK(slotOf(j) == slotOf(ask("einstein", text, fields)));
  }
  CHECK(bestCount > 100);
  CHECK(other > 0);
}

TEST_CASE("kind replies: Connect Four for three's positions", "[connect3p][protocol]") {
  const std::string empty = state("connect3p", "");
  CHECK(has(empty, R"({"type":"state","id":1,"game":"connect3p","position":"","moves":"","width":9,"height":6,)"
                   R"("players":["Red","Yellow","Green"])"));
  CHECK(has(empty, "\"toMove\":0,\"plies\":0,\"over\":false,\"winner\":-1,\"draw\":false,\"winCells\":[],"
                   "\"legal\":[1,2,3,4,5,6,7,8,9]"));
  // Red 5, Yellow 5, Green 6: cells col + 9 * row from the bottom.
  const std::string s = state("connect3p", "556");
  CHECK(has(s, "\"cells\":[0,0,0,0,1,3,0,0,0,0,0,0,0,2,0,0,0,0,"));
  CHECK(has(s, "\"toMove\":0,\"plies\":3"));
  // Red stacks four in column 1 while the others play elsewhere.
  const std::string won = state("connect3p", "1231231231");
  CHECK(has(won, "\"over\":true,\"winner\":0,\"draw\":false,\"winCells\":[0,9,18,27]"));
  CHECK(has(won, "\"legal\":[]"));
  CHECK(has(ask("connect3p", "1231231231", R"(,"algorithm":"maxn","maxDepth":2)"), "the game is over"));
  // A full column is not legal.
  CHECK(has(state("connect3p", "111111"), "\"legal\":[2,3,4,5,6,7,8,9]"));
  // Every game answers state: a two-player game's move string too.
  CHECK(has(state("connect4", "44"), R"("game":"connect4","position":"44","moves":"44","width":7,"height":6,)"));
}

TEST_CASE("kind replies: Connect Four for three's errors", "[connect3p][protocol]") {
  CHECK(has(state("connect3p", "55x"), "invalid character 'x' at position 3"));
  CHECK(has(state("connect3p", "1111111"), "column 1 at position 7 is full"));
  CHECK(has(state("connect3p", std::string(80, '1')), "column 1 at position 7 is full"));
  CHECK(has(ask("connect3p", "5", R"(,"algorithm":"minimax","timeMs":100)"),
            "unknown algorithm 'minimax' (use maxn, maxn-plain, paranoid or brs)"));
  CHECK(has(ask("connect3p", "5", R"(,"algorithm":"maxn")"), "timeMs must be an integer from 1 to 60000"));
  CHECK(has(ask("connect3p", "5", R"(,"maxDepth":99)"), "maxDepth must be an integer from 0 to 54"));
  CHECK(has(ask("connect3p", "5", R"(,"level":"casual")"), "level is not for a game of three players"));
  CHECK(has(answer(R"({"type":"state","game":"chess","position":""})"), "unknown game 'chess'"));
  CHECK(has(answer(R"({"type":"state","game":"connect3p","position":5})"), "position must be a string"));
}

TEST_CASE("kind replies: Connect Four for three's move is the searcher's", "[connect3p][protocol]") {
  Connect3p g;
  REQUIRE(parseMoves("5564", g).ok);
  for (const char* name : {"maxn", "maxn-plain", "paranoid", "brs"}) {
    MultiAlgorithm a = MultiAlgorithm::kMaxn;
    REQUIRE(parseMultiAlgorithm(name, a));
    MultiSearcher<Connect3p> s(a);
    const auto r = s.think(g, MultiLimits{0, 3});
    const std::string j = ask("connect3p", "5564", std::string(R"(,"maxDepth":3,"algorithm":")") + name + "\"");
    INFO(j);
    CHECK(has(j, "{\"type\":\"bestmove\",\"id\":1,\"move\":" + std::to_string(r.bestMove + 1) + ",\"player\":1"));
    CHECK(has(j, "\"score\":" + std::to_string(r.score)));
    CHECK(has(j, "\"nodes\":" + std::to_string(r.nodes)));
    CHECK(has(j, std::string("\"algorithm\":\"") + name + "\""));
    if (isTwoSided(a)) CHECK(has(j, "\"values\":null"));
    else CHECK(has(j, "\"values\":[" + std::to_string(r.values[0]) + "," + std::to_string(r.values[1]) + "," +
                          std::to_string(r.values[2]) + "]"));
  }
}

TEST_CASE("kind replies: evaluate, the breakdown the search uses, for every game", "[protocol][evaluation]") {
  const auto evaluate = [](const std::string& game, const std::string& position) {
    return answer(R"({"type":"evaluate","game":")" + game + R"(","position":")" + position + R"("})");
  };
  // Connect Four: every feature with its counts, weight, contribution and cells; the total is evaluate().
  Connect4 g;
  REQUIRE(parseMoves("44556", g).ok);
  const std::string c4 = evaluate("connect4", "44556");
  CHECK(has(c4, R"({"type":"evaluation","id":1,"game":"connect4","position":"44556","toMove":1,"total":)" +
                    std::to_string(g.evaluate()) + ","));
  CHECK(has(c4, R"("weight":12,"mine":0,"theirs":2,"contribution":-24,"marks":{"mine":[],"theirs":[[2],[6]]}})"));
  CHECK(has(c4, R"("weight":6,"mine":0,"theirs":2,"contribution":-12,)"));
  // Tic-Tac-Toe: its two features; the empty board's eight open lines each.
  CHECK(has(evaluate("tictactoe", ""), R"("total":0,"features":[{"name":"open","help":"lines (rows, columns, diagonals) with none of the opponent's marks: lines the side can still complete","weight":1,"mine":8,"theirs":8,"contribution":0,)"));
  // The game for three: one value per player, the mover's as the total; no features.
  Connect3p t;
  REQUIRE(parseMoves("4", t).ok);
  const auto v = t.evaluatePlayers();
  CHECK(has(evaluate("connect3p", "4"), "\"toMove\":1,\"values\":[" + std::to_string(v[0]) + "," + std::to_string(v[1]) +
                                            "," + std::to_string(v[2]) + "],\"total\":" + std::to_string(v[1]) +
                                            ",\"features\":[]"));
  // EinStein: its evaluation for the side to move, no features.
  CHECK(has(evaluate("einstein", "123456/654321:4"), R"("toMove":0,"total":)"));
  // Errors: a finished game, a bad position, an unknown game.
  CHECK(has(evaluate("connect4", "4455667"), "the game is over: a finished position has no evaluation"));
  CHECK(has(evaluate("connect4", "48"), R"("type":"error")"));
  CHECK(has(evaluate("chess", ""), R"("type":"error")"));
}
