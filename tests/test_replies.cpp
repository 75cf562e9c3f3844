// The engine's side of the worker protocol (protocol/replies.hpp): the reply
// texts the worker posts as they are, checked field by field here and
// parsed by the browser tests.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "protocol/replies.hpp"
#include "protocol/request.hpp"
#include "search/levels.hpp"
#include "session.hpp"

using namespace gs;

namespace {

std::vector<std::string> run(Session& s, const std::string& request, const std::string& id) {
  const Request r = checkRequest(request);
  REQUIRE(r.error.empty());
  std::vector<std::string> replies;
  runRequest(s, r, id, [&](const std::string& json) { replies.push_back(json); });
  return replies;
}

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST_CASE("Replies: a search streams info and ends with one bestmove, echoing the id", "[protocol]") {
  Session s(0, 1 << 20);
  const auto deepening = run(s, R"({"type":"search","game":"tictactoe","moves":"","timeMs":0,"maxDepth":3})", "5");
  REQUIRE(deepening.size() == 4);  // depths 1, 2, 3, then the answer
  for (int i = 0; i < 3; ++i) {
    INFO(deepening[i]);
    CHECK(startsWith(deepening[i], R"({"type":"info","id":5,"depth":)" + std::to_string(i + 1) + ","));
  }
  CHECK(startsWith(deepening[3], R"({"type":"bestmove","id":5,"move":)"));
  const auto replies =
      run(s, R"({"type":"search","game":"tictactoe","moves":"1524","timeMs":0,"maxDepth":3})", "\"abc\"");
  REQUIRE(replies.size() == 2);  // a proven win at depth 1 ends the search
  INFO(replies.back());
  // X wins at once in cell 3, with its 3rd mark: exact score 3, proven win.
  CHECK(startsWith(replies.back(), R"({"type":"bestmove","id":"abc","move":3,"depth":1,"score":3,"exact":true,)"
                                   R"("outcome":1,"source":"search","nodes":)"));
  CHECK(replies.back().find(R"("pv":[3])") != std::string::npos);
  CHECK(replies.back().back() == '}');
}

TEST_CASE("Replies: quiescence false switches it off for that search only (the horizon lesson)", "[protocol]") {
  // docs/evaluation.md's lesson position: at depth 3 without quiescence the
  // search plays column 4, the one move that loses (bench/horizon_positions.py);
  // with it, column 5.
  Session s(0, 1 << 20);
  const std::string ask = R"({"type":"search","game":"connect4","moves":"3222255354","timeMs":0,"maxDepth":3)";
  CHECK(startsWith(run(s, ask + R"(,"quiescence":false})", "1").back(), R"({"type":"bestmove","id":1,"move":4,)"));
  CHECK(startsWith(run(s, ask + "}", "2").back(), R"({"type":"bestmove","id":2,"move":5,)"));
  CHECK(startsWith(run(s, ask + R"(,"quiescence":true})", "3").back(), R"({"type":"bestmove","id":3,"move":5,)"));
  CHECK(checkRequest(ask + R"(,"quiescence":0})").error == "quiescence must be true or false");
  // An analysis after a search without quiescence has it again.
  run(s, ask + R"(,"quiescence":false})", "4");
  CHECK_FALSE(s.searchOptions().quiescence);
  run(s, R"({"type":"analyze","game":"connect4","moves":"4453","timeMs":50})", "5");
  CHECK(s.searchOptions().quiescence);
}

TEST_CASE("Replies: a Monte Carlo tree search reports its playouts and plays like the engine's own", "[protocol]") {
  Session s(0, 1 << 20);
  // Playouts only: no time limit, so no info (each slice is 100 ms) before the bestmove.
  auto r = run(s, R"({"type":"search","game":"connect4","moves":"4453","algorithm":"mcts","playouts":3000,"seed":4})", "2");
  REQUIRE(!r.empty());
  const std::string& best = r.back();
  INFO(best);
  CHECK(startsWith(best, R"({"type":"bestmove","id":2,"move":)"));
  CHECK(best.find(R"("algorithm":"mcts","playouts":3000,"winRate":)") != std::string::npos);
  CHECK(best.find(R"("exact":false,"outcome":null,"source":"search")") != std::string::npos);
  // The same search through the engine directly: the same move (same seed, same options).
  MctsOptions o;
  o.seed = 4;
  o.maxNodes = 1u << 19;
  MctsLimits limits;
  limits.playouts = 3000;
  REQUIRE(s.setMoves("4453").empty());
  const MctsResult direct = s.thinkMcts(o, limits, Deadline());
  CHECK(startsWith(best, R"({"type":"bestmove","id":2,"move":)" + std::to_string(direct.bestMove) + ","));
  // A win in one is proven by MCTS-Solver at once.
  r = run(s, R"({"type":"search","game":"tictactoe","moves":"1524","algorithm":"mcts","timeMs":2000})", "3");
  INFO(r.back());
  CHECK(startsWith(r.back(), R"({"type":"bestmove","id":3,"move":3,)"));
  CHECK(r.back().find(R"("outcome":1,)") != std::string::npos);
}

TEST_CASE("Replies: an MCTS level searches with its budget", "[protocol]") {
  Session s(0, 1 << 20);
  // Casual: kMctsLevels' playouts, no time limit (so no info), and the same move for the same seed.
  auto r = run(s, R"({"type":"search","game":"connect4","moves":"4453","algorithm":"mcts","level":"casual","seed":9})", "5");
  REQUIRE(r.size() == 1);
  const std::string playouts = R"("playouts":)" + std::to_string(kMctsLevels[findLevel("casual")].playouts) + ",";
  CHECK(r[0].find(playouts) != std::string::npos);
  const auto untimed = [](const std::string& reply) { return reply.substr(0, reply.find(R"("nps")")); };
  const auto again = run(s, R"({"type":"search","game":"connect4","moves":"4453","algorithm":"mcts","level":"casual","seed":9})", "5");
  CHECK(untimed(r[0]) == untimed(again.at(0)));
  // The levels reply says each level's MCTS budget.
  r = run(s, R"({"type":"levels"})", "6");
  CHECK(r.at(0).find(R"("name":"casual","timeMs":0,"maxDepth":4,"temperature":12,"mcts":{"timeMs":0,"playouts":70}})") !=
        std::string::npos);
}

TEST_CASE("Replies: a Monte Carlo tree search with a time budget streams its progress", "[protocol][speed]") {
  Session s(0, 1 << 20);
  const auto r = run(s, R"({"type":"search","game":"connect4","moves":"","algorithm":"mcts","timeMs":450})", "4");
  REQUIRE(r.size() >= 3);  // about one info per 100 ms, then the bestmove
  for (std::size_t i = 0; i + 1 < r.size(); ++i) CHECK(startsWith(r[i], R"({"type":"info","id":4,"depth":)"));
  CHECK(startsWith(r.back(), R"({"type":"bestmove","id":4,"move":)"));
}

TEST_CASE("Replies: errors, a finished game, newgame, games and levels", "[protocol]") {
  Session s(0, 1 << 20);
  auto r = run(s, R"({"type":"search","game":"connect4","moves":"1212121","timeMs":100})", "7");
  REQUIRE(r.size() == 1);
  CHECK(r[0] == R"({"type":"error","id":7,"message":"the game is over: there is no move to search"})");
  r = run(s, R"({"type":"newgame","game":"tictactoe"})", "");
  CHECK(r.at(0) == R"({"type":"newgameok"})");
  CHECK(s.info().name == std::string("tictactoe"));
  r = run(s, R"({"type":"analyze","game":"tictactoe","moves":"15","timeMs":50})", "1");
  CHECK(startsWith(r.back(), R"({"type":"analysis","id":1,"scores":[{"move":1,"legal":false,"kind":"illegal",)"));
  r = run(s, R"({"type":"analyze","game":"tictactoe","moves":"12437","timeMs":50})", "1");
  CHECK(r.at(0) == R"({"type":"error","id":1,"message":"the game is over: there is no move to analyse"})");
  r = run(s, R"({"type":"games"})", "2");
  CHECK(startsWith(r.at(0), R"({"type":"games","id":2,"games":[{"id":"connect4","name":"Connect Four","width":7,)"));
  // Every game of the registry, with its kind and one name per player.
  CHECK(r.at(0).find(R"("defaultAlgorithm":"alphabeta","kind":"two-player"})") != std::string::npos);
  CHECK(r.at(0).find(R"("id":"einstein","name":"EinStein würfelt nicht!")") != std::string::npos);
  CHECK(r.at(0).find(R"("sides":["Red","Yellow","Green"])") != std::string::npos);
  CHECK(r.at(0).find(R"("defaultAlgorithm":"maxn","kind":"players"})") != std::string::npos);
  r = run(s, R"({"type":"levels"})", "3");
  CHECK(startsWith(r.at(0), R"({"type":"levels","id":3,"levels":[{"name":"beginner","timeMs":0,"maxDepth":2,)"));
  r = run(s, R"({"type":"book"})", "4");
  CHECK(startsWith(r.at(0), R"({"type":"error","id":4,)"));
  CHECK(errorReply("", "a \"quoted\"\nline") == R"({"type":"error","message":"a \"quoted\"\nline"})");
  // The id is echoed as the page's JSON, keys in their order; an id that is not JSON is left out.
  CHECK(errorReply(R"({"b":1,"a":[2.5,"x"]})", "m") == R"({"type":"error","id":{"b":1,"a":[2.5,"x"]},"message":"m"})");
  CHECK(errorReply("{oops", "m") == R"({"type":"error","message":"m"})");
}

TEST_CASE("Replies: an analysis streams every change and ends with the whole analysis", "[protocol]") {
  Session s(0, 1 << 20);
  // Tic-Tac-Toe after X 1, O 5, X 9: every move is proven at once.
  const auto r = run(s, R"({"type":"analyze","game":"tictactoe","moves":"159","timeMs":1000})", "9");
  REQUIRE(r.size() >= 2);
  for (std::size_t i = 0; i + 1 < r.size(); ++i) CHECK(startsWith(r[i], R"({"type":"analysisinfo","id":9,"scores":[)"));
  INFO(r.back());
  // O to move: the edges (2, 4, 6, 8) draw; the corners 3 and 7 lose to
  // X's fork (scores from O's point of view).
  CHECK(startsWith(r.back(), R"({"type":"analysis","id":9,"scores":[)"
                             R"({"move":1,"legal":false,"kind":"illegal","score":0,"exact":false,"outcome":null,"depth":0,"source":"search"},)"
                             R"({"move":2,"legal":true,"kind":"exact","score":0,"exact":true,"outcome":0,"depth":0,"source":"solver"},)"
                             R"({"move":3,"legal":true,"kind":"exact","score":-2,"exact":true,"outcome":-1,"depth":0,"source":"solver"},)"));
  CHECK(r.back().find(R"("position":{"kind":"exact","score":0,"exact":true,"outcome":0,)") != std::string::npos);
  CHECK(r.back().find(R"("best":2,"complete":true,"nodes":)") != std::string::npos);
  CHECK(r.back().find(R"(,"threads":1})") != std::string::npos);
}

TEST_CASE("Replies: an analysis asked for lines gives the best moves' lines, best first", "[protocol]") {
  Session s(0, 1 << 20);
  // O to move after 159: the edges draw; the final reply has two lines, the
  // first the best move's (2), each from its move to the game's end.
  const auto r = run(s, R"({"type":"analyze","game":"tictactoe","moves":"159","timeMs":1000,"lines":2})", "3");
  INFO(r.back());
  const auto at = r.back().find(R"("lines":[{"move":2,"moves":[2,)");
  REQUIRE(at != std::string::npos);
  CHECK(r.back().find(R"("kind":"exact","score":0,"exact":true,"outcome":0,)", at) != std::string::npos);
  CHECK(r.back().find(R"(},{"move":4,"moves":[4,)", at) != std::string::npos);
  // Without `lines`, no such field.
  CHECK(run(s, R"({"type":"analyze","game":"tictactoe","moves":"159","timeMs":1000})", "4").back().find("lines") ==
        std::string::npos);
}

TEST_CASE("Replies: an analysis with 2 threads proves what one thread proves", "[protocol][threads]") {
  // Connect Four after 44533444 (issue 17's example): every column exact
  // within the budget, the solver's proofs searched by 1 and by 2 threads.
  auto scores = [](const std::string& reply) {
    const auto from = reply.find(R"("scores":)"), to = reply.find(R"(,"nodes":)");
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    return reply.substr(from, to - from);
  };
  Session one(0, 4 << 20), two(0, 4 << 20);
  const auto a = run(one, R"({"type":"analyze","game":"connect4","moves":"44533444","timeMs":30000})", "1");
  const auto b = run(two, R"({"type":"analyze","game":"connect4","moves":"44533444","timeMs":30000,"threads":2})", "1");
  INFO(a.back() << "\n" << b.back());
  CHECK(a.back().find(R"("complete":true)") != std::string::npos);
  CHECK(scores(a.back()) == scores(b.back()));
  CHECK(a.back().find(R"(,"threads":1})") != std::string::npos);
  CHECK(b.back().find(R"(,"threads":2})") != std::string::npos);
}

TEST_CASE("Replies: a review marks the moves of the game played so far", "[protocol]") {
  Session s(0, 1 << 20);
  // X 1, O 2 (O's mistake: X now wins), X 5, O 9, X 3.
  const auto r = run(s, R"({"type":"review","game":"tictactoe","moves":"12593","timeMs":1000})", "4");
  REQUIRE(r.size() >= 2);
  CHECK(startsWith(r.front(), R"({"type":"reviewinfo","id":4,"positions":[)"));
  INFO(r.back());
  CHECK(startsWith(r.back(), R"({"type":"review","id":4,"positions":[{"ply":0,"kind":"exact","score":0,)"));
  // O's 2 throws the draw away; better: O 5 (the centre).
  CHECK(r.back().find(R"({"ply":1,"move":2,"mark":"draw-to-loss","better":5})") != std::string::npos);
  CHECK(r.back().find(R"({"ply":0,"move":1,"mark":"keeps","better":null})") != std::string::npos);
}

TEST_CASE("Replies: a solve reports the proven interval, then the exact score", "[protocol]") {
  const std::string moves = "5455174361263362";  // Test_L2_R2's second line: 26 cells left, score -1
  Session reference(0, 1 << 20);
  REQUIRE(reference.setMoves(moves).empty());
  const int score = reference.solve();
  REQUIRE(score == -1);
  Session s(0, 1 << 20);
  const auto replies = run(s, R"({"type":"solve","game":"connect4","moves":")" + moves + R"(","threads":1})", "4");
  REQUIRE(replies.size() >= 2);
  INFO(replies.front());
  INFO(replies.back());
  // The first report is the interval the solve starts from: every score a game of 16 stones can still end with.
  CHECK(startsWith(replies.front(), R"({"type":"solveinfo","id":4,"lo":-)"));
  for (std::size_t i = 0; i + 1 < replies.size(); ++i) CHECK(startsWith(replies[i], R"({"type":"solveinfo","id":4,)"));
  const std::string sign = std::to_string((score > 0) - (score < 0));
  CHECK(startsWith(replies.back(), R"({"type":"solved","id":4,"score":)" + std::to_string(score) + R"(,"outcome":)" +
                                       sign + R"(,"lo":)" + std::to_string(score) + R"(,"hi":)" +
                                       std::to_string(score) + R"(,"nodes":)"));
  CHECK(replies.back().find(R"("threads":1,"best":)") != std::string::npos);
  // The best move (1-based) keeps the score: after it, the opponent's score is -score.
  const std::size_t at = replies.back().find(R"("best":)");
  REQUIRE(at != std::string::npos);
  const std::string best = replies.back().substr(at + 7, 1);
  REQUIRE(best >= "1");
  REQUIRE(best <= "7");
  Session after(0, 1 << 20);
  REQUIRE(after.setMoves(moves + best).empty());
  CHECK(after.solve() == -score);
  // Two threads (search/parallel_solver.hpp): the same score, and the reply says two searched.
  Session two(0, 1 << 20);
  const auto parallel = run(two, R"({"type":"solve","game":"connect4","moves":")" + moves + R"(","threads":2})", "6");
  INFO(parallel.back());
  CHECK(startsWith(parallel.back(), R"({"type":"solved","id":6,"score":-1,)"));
  CHECK(parallel.back().find(R"("threads":2,"best":)") != std::string::npos);
  // Games without a solver, and finished games, are refused.
  CHECK(run(s, R"({"type":"solve","game":"connect4","moves":"1212121"})", "5").back() ==
        R"({"type":"error","id":5,"message":"the game is over: there is no position to solve"})");
}
