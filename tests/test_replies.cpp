// The engine's side of the worker protocol (protocol/replies.hpp): the reply
// texts the worker posts as they are, checked field by field here and
// parsed by the browser tests.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "protocol/replies.hpp"
#include "protocol/request.hpp"
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

TEST_CASE("Replies: errors, a finished game, newgame, games and levels", "[protocol]") {
  Session s(0, 1 << 20);
  auto r = run(s, R"({"type":"search","game":"connect4","moves":"1212121","timeMs":100})", "7");
  REQUIRE(r.size() == 1);
  CHECK(r[0] == R"({"type":"error","id":7,"message":"the game is over: there is no move to search"})");
  r = run(s, R"({"type":"newgame","game":"tictactoe"})", "");
  CHECK(r.at(0) == R"({"type":"newgameok"})");
  CHECK(s.info().name == std::string("tictactoe"));
  r = run(s, R"({"type":"analyze","game":"tictactoe","moves":"15","timeMs":50})", "1");
  CHECK(startsWith(r.at(0), R"({"type":"analysis","id":1,"scores":[{"move":1,"legal":false,)"));
  r = run(s, R"({"type":"games"})", "2");
  CHECK(startsWith(r.at(0), R"({"type":"games","id":2,"games":[{"id":"connect4","name":"Connect Four","width":7,)"));
  r = run(s, R"({"type":"levels"})", "3");
  CHECK(startsWith(r.at(0), R"({"type":"levels","id":3,"levels":[{"name":"beginner","timeMs":0,"maxDepth":2,)"));
  r = run(s, R"({"type":"book"})", "4");
  CHECK(startsWith(r.at(0), R"({"type":"error","id":4,)"));
  CHECK(errorReply("", "a \"quoted\"\nline") == R"({"type":"error","message":"a \"quoted\"\u000aline"})");
}
