// The Session and the worker protocol on Connect Four's other boards
// (docs/board-sizes.md, docs/protocol.md: the `size` field): one sized board
// per process (setEngineBoardSize, what worker.js?size=WxH calls), 7x6 on
// its compiled class beside it. Each test goes back to 7x6 when it ends, so
// that the process plays no sized board for the tests after it.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/connect4/connect4.hpp"
#include "protocol/link.hpp"
#include "protocol/replies.hpp"
#include "protocol/request.hpp"
#include "session.hpp"

using namespace gs;

namespace {

// Chooses the process's sized board for a test, and 7x6 again after it.
struct SizedBoard {
  SizedBoard(int w, int h) { Connect4::setSize(w, h); }
  ~SizedBoard() { Connect4::setSize(7, 6); }
};

std::vector<std::string> run(Session& s, const std::string& request, const std::string& id = "1") {
  const Request r = checkRequest(request);
  INFO(request);
  REQUIRE(r.error.empty());
  std::vector<std::string> replies;
  runRequest(s, r, id, [&](const std::string& json) { replies.push_back(json); });
  return replies;
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The number of entries of a reply's "scores" list.
int scoreCount(const std::string& reply) {
  int n = 0;
  for (std::size_t at = reply.find(R"("move":)"); at != std::string::npos; at = reply.find(R"("move":)", at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("Sized session: the board, the moves and letters, the game's own board beside it", "[session][sizes]") {
  SizedBoard board(8, 7);
  Session s(findGame("connect4"), 16 << 20);
  CHECK(s.width() == 7);
  s.newGame(findGame("connect4"), true);
  CHECK(s.sized());
  CHECK((s.width() == 8 && s.height() == 7 && s.moveSlots() == 8));
  CHECK(s.legalMoves() == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8});
  CHECK(s.setMoves("8888888") == "");
  CHECK(s.cell(7, 6) == 1);
  CHECK_FALSE(s.canPlay(8));
  CHECK(s.setMoves("88888888") == "column 8 at position 8 is full");
  CHECK(s.setMoves("9") == "column 9 at position 1 is out of range 1-8");
  CHECK(s.setMoves("a") == "column a at position 1 is out of range 1-8");
  CHECK(s.setMoves("1212121") == "");
  CHECK(s.outcome() == Outcome::kFirstWins);
  CHECK(s.winningCells() == std::vector<int>{0, 8, 16, 24});  // col + 8 * row
  // Back on the game's own board: 7x6, as before.
  s.newGame(findGame("connect4"));
  CHECK((!s.sized() && s.width() == 7 && s.moveSlots() == 7));
  CHECK(s.setMoves("8") == "column 8 at position 1 is out of range 1-7");
}

TEST_CASE("Sized session: columns 10-12 are the letters a, b, c", "[session][sizes]") {
  SizedBoard board(12, 4);
  Session s(findGame("connect4"), 16 << 20);
  s.newGame(findGame("connect4"), true);
  REQUIRE(s.setMoves("9abc1") == "");
  CHECK(s.moves() == "9abc1");
  CHECK(s.cell(11, 0) == 2);  // c: column 12, Yellow's
  CHECK(s.play(12));
  CHECK(s.moves() == "9abc1c");
}

TEST_CASE("Sized session: think, analyze, review and solve on 5x4", "[session][sizes]") {
  SizedBoard board(5, 4);
  Session s(findGame("connect4"), 4 << 20);
  s.newGame(findGame("connect4"), true);
  REQUIRE(s.setMoves("3333") == "");
  SearchLimits lim;
  lim.timeMs = 2000;
  const SearchResult r = s.think(lim);
  CHECK((r.bestMove >= 1 && r.bestMove <= 5));
  // A board of 20 cells: the player proves its move from the first one
  // (kSolveEmptyCells), where 7x6 searches until 10 stones.
  CHECK(r.info.source == Source::kSolver);
  s.newGame(findGame("connect4"), true);
  const SearchResult first = s.think(lim);
  CHECK((first.info.source == Source::kSolver && first.info.verdict == 0));  // 5x4 is a draw
  REQUIRE(s.setMoves("3333") == "");
  const Analysis a = s.analyze(Deadline::fromNow(5000));
  REQUIRE(a.moves.size() == 5);  // the board's columns, not the widest board's 12
  CHECK(a.complete());
  CHECK(a.moves[2].kind == ValueKind::kIllegal);  // column 3 is full
  // The empty 5x4 board is a draw (docs/board-sizes.md): so is the best column.
  s.newGame(findGame("connect4"), true);
  const Session::SolveReport solved = s.solveExact(1);
  CHECK((solved.lo == 0 && solved.hi == 0));
  CHECK((solved.best >= 0 && solved.best < 5));
  REQUIRE(s.setMoves("33") == "");
  const Review rv = s.review(Deadline::fromNow(5000));
  REQUIRE(rv.moves.size() == 2);
}

TEST_CASE("Requests with a size: checked against the boards and the engine's board", "[protocol][sizes]") {
  Connect4::setSize(7, 6);  // (whatever board a test before chose)
  // An engine on the game's own board: a sized board needs an engine of its own.
  Request r = checkRequest(R"({"type":"analyze","game":"connect4","moves":"","timeMs":100,"size":"8x7"})");
  CHECK(r.error ==
        "this engine plays Connect Four on 7x6 only: a board of 8x7 needs an engine started for it "
        "(worker.js?size=8x7)");
  r = checkRequest(R"({"type":"analyze","game":"connect4","moves":"44","timeMs":100,"size":"7x6"})");
  CHECK((r.error.empty() && r.size.empty() && r.usesBook));  // the game's own board, with its book
  r = checkRequest(R"({"type":"search","game":"connect4","moves":"","timeMs":100,"size":"13x5"})");
  CHECK(has(r.error, "size 13x5 does not fit: Connect Four is played on 4x4 to 12x4, 4x5 to 10x5,"));
  r = checkRequest(R"({"type":"search","game":"connect4","moves":"","timeMs":100,"size":"8 by 7"})");
  CHECK(r.error == R"(size must be a board written WxH, columns x rows (e.g. "8x7"))");
  r = checkRequest(R"({"type":"search","game":"connect4","moves":"","timeMs":100,"size":87})");
  CHECK(r.error == R"(size must be a board written WxH, columns x rows (e.g. "8x7"))");
  r = checkRequest(R"({"type":"search","game":"tictactoe","moves":"","timeMs":100,"size":"4x4"})");
  CHECK(r.error == "size is for the games played on several boards (tictactoe has one)");
  CHECK(engineBoardSize("connect4").empty());
  CHECK(has(setEngineBoardSize("connect4", "3x3"), "size 3x3 does not fit"));
  CHECK(setEngineBoardSize("connect4", "8x") == "size must be a board written WxH, columns x rows (e.g. 8x7), not '8x'");
  CHECK(setEngineBoardSize("tictactoe", "4x4") == "Tic-Tac-Toe is played on one board only");
  CHECK(setEngineBoardSize("connect4", "7x6").empty());
  CHECK(engineBoardSize("connect4").empty());

  // An engine on 8x7 (worker.js?size=8x7): 8x7 and 7x6, no other board.
  REQUIRE(setEngineBoardSize("connect4", "8x7").empty());
  SizedBoard back(8, 7);
  CHECK(engineBoardSize("connect4") == "8x7");
  r = checkRequest(R"({"type":"search","game":"connect4","moves":"88","level":"strong","size":"8x7"})");
  CHECK((r.error.empty() && r.size == "8x7" && r.runner == "session" && !r.usesBook));
  r = checkRequest(R"({"type":"analyze","game":"connect4","moves":"9","timeMs":100,"size":"8x7"})");
  CHECK(r.error == "column 9 at position 1 is out of range 1-8");
  r = checkRequest(R"({"type":"analyze","game":"connect4","moves":"","timeMs":100,"size":"6x7"})");
  CHECK(r.error ==
        "this engine plays Connect Four on 7x6 and 8x7 only: a board of 6x7 needs an engine started for it "
        "(worker.js?size=6x7)");
  r = checkRequest(R"({"type":"trace","game":"connect4","moves":"","depth":2,"algorithm":"minimax","size":"8x7"})");
  CHECK(r.error == "'trace' requests are for the game's own board (no size 8x7)");
  r = checkRequest(R"({"type":"newgame","game":"connect4","size":"8x7"})");
  CHECK((r.error.empty() && r.size == "8x7"));
  r = checkRequest(R"({"type":"newgame","size":"8x7"})");
  CHECK(r.error == "size needs a game");
}

TEST_CASE("Replies on a sized board: the board's columns, and 7x6 beside it", "[protocol][sizes]") {
  REQUIRE(setEngineBoardSize("connect4", "8x7").empty());
  SizedBoard back(8, 7);
  Session s(0, 16 << 20);
  // 8x7 has 8 columns: the analysis lists 8 (not the widest board's 12).
  auto r = run(s, R"({"type":"analyze","game":"connect4","size":"8x7","moves":"454545","timeMs":2000})");
  INFO(r.back());
  CHECK(has(r.back(), R"({"type":"analysis","id":1,"scores":[)"));
  CHECK(scoreCount(r.back()) == 8);
  CHECK(s.sized());
  r = run(s, R"({"type":"search","game":"connect4","size":"8x7","moves":"454545","timeMs":500})");
  CHECK(has(r.back(), R"({"type":"bestmove","id":1,"move":)"));
  r = run(s, R"({"type":"search","game":"connect4","size":"8x7","moves":"1212121","timeMs":100})");
  CHECK(r.back() == R"({"type":"error","id":1,"message":"the game is over: there is no move to search"})");
  // The same session on 7x6 (no size): the game's own board again.
  r = run(s, R"({"type":"analyze","game":"connect4","moves":"454545","timeMs":500})");
  CHECK(!s.sized());
  CHECK(scoreCount(r.back()) == 7);
  r = run(s, R"({"type":"newgame","game":"connect4","size":"8x7"})");
  CHECK((r.at(0) == R"({"type":"newgameok","id":1})" && s.sized()));
}

TEST_CASE("Replies on 5x4: a solve proves the empty board's draw, a review marks the moves", "[protocol][sizes]") {
  REQUIRE(setEngineBoardSize("connect4", "5x4").empty());
  SizedBoard back(5, 4);
  Session s(0, 4 << 20);
  auto r = run(s, R"({"type":"solve","game":"connect4","size":"5x4","moves":""})");
  INFO(r.back());
  CHECK(has(r.back(), R"({"type":"solved","id":1,"score":0,"outcome":0,"lo":0,"hi":0,)"));
  r = run(s, R"({"type":"review","game":"connect4","size":"5x4","moves":"3311","timeMs":5000})");
  CHECK(has(r.back(), R"({"type":"review","id":1,"positions":[{"ply":0,"kind":"exact","score":0,)"));
}

TEST_CASE("Games: the boards a game is played on", "[protocol][sizes]") {
  const std::string games = gamesJson();
  CHECK(has(games, R"("sizedWinBase":31,"sizes":["4x4","5x4","6x4","7x4","8x4","9x4","10x4","11x4","12x4","4x5",)"));
  CHECK(has(games, R"("8x7","4x8",)"));
  CHECK(!has(games, R"("7x6")"));  // the game's own board is not among the others
  CHECK(has(games, R"("id":"tictactoe")"));
  CHECK(has(games, R"("sizedWinBase":0,"sizes":[])"));
}

TEST_CASE("Links: size=WxH, the moves read on that board", "[inputs][sizes]") {
  const std::vector<std::string> levels = {"beginner", "casual", "strong", "perfect"};
  const auto link = [&](const std::string& hash) { return parseLink(hash, levels, "casual"); };
  LinkResult r = link("#game=connect4&size=8x7&moves=8888888");
  CHECK(r.errors.empty());
  CHECK((r.settings.size == "8x7" && r.settings.moves == "8888888"));
  r = link("#game=connect4&size=12x4&moves=9abc");
  CHECK((r.errors.empty() && r.settings.size == "12x4" && r.settings.moves == "9abc"));
  r = link("#game=connect4&size=7x6&moves=4453");
  CHECK((r.errors.empty() && r.settings.size.empty() && r.settings.moves == "4453"));
  r = link("#game=connect4&moves=4453");
  CHECK((r.errors.empty() && r.settings.size.empty()));
  // Moves that do not fit the board: the message names it, the size is kept.
  r = link("#game=connect4&size=5x4&moves=447");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0] == "the moves '447' are not a valid Connect Four game on 5x4: column 7 at position 3 is out of range 1-5");
  CHECK((r.settings.size == "5x4" && r.settings.moves.empty()));
  r = link("#game=connect4&size=5x4&moves=11111");
  CHECK(r.errors.at(0) == "the moves '11111' are not a valid Connect Four game on 5x4: column 1 at position 5 is full");
  r = link("#game=connect4&size=8x7&moves=4x");
  CHECK(r.errors.at(0) == "the moves '4x' are not a valid Connect Four game on 8x7: column x at position 2 is out of range 1-8");
  r = link("#game=connect4&size=8x7&moves=4%3F");
  CHECK(r.errors.at(0) ==
        "the moves '4?' are not a valid Connect Four game on 8x7: '?' at position 2 is not a move (moves are digits 1-8)");
  // A size that does not fit, or is not a size: 7x6, and the moves read there.
  r = link("#game=connect4&size=9x9&moves=44");
  CHECK(has(r.errors.at(0), "size 9x9 does not fit: Connect Four is played on 4x4 to 12x4"));
  CHECK((r.settings.size.empty() && r.settings.moves == "44"));
  r = link("#size=big");
  CHECK(r.errors.at(0) == "size 'big' must be a board written WxH, columns x rows (e.g. 8x7)");
  r = link("#game=tictactoe&size=4x4&moves=5");
  CHECK(r.errors.at(0) == "size '4x4' is for connect4 (tictactoe is played on one board)");
  CHECK((r.settings.size.empty() && r.settings.moves == "5"));
  // 7x6 letters stay invalid characters, as before.
  r = link("#game=connect4&moves=4a");
  CHECK(r.errors.at(0) == "the moves '4a' are not a valid Connect Four game: 'a' at position 2 is not a move (moves are digits 1-7)");
  // The link parser leaves the process's board as it was.
  CHECK(engineBoardSize("connect4").empty());
}
