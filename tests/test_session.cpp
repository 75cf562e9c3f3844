// The Session facade used by the front ends.
#include <catch2/catch.hpp>

#include "session.hpp"

using namespace gs;

TEST_CASE("Session: moves, undo, outcome, errors", "[session]") {
  Session s(findGame("connect4"), 1 << 20);
  CHECK(s.legalMoves().size() == 7);
  CHECK(s.setMoves("4453") == "");
  CHECK(s.moves() == "4453");
  CHECK(s.sideToMove() == 1);
  CHECK(s.cell(3, 0) == 1);
  CHECK(s.cell(3, 1) == 2);
  CHECK(s.setMoves("448") == "column 8 at position 3 is out of range 1-7");
  CHECK(s.moves() == "4453");  // unchanged after an error
  CHECK_FALSE(s.play(0));
  CHECK_FALSE(s.play(8));
  CHECK(s.play(5));
  CHECK(s.undo());
  CHECK(s.moves() == "4453");
  CHECK(s.setMoves("1212121") == "");
  CHECK(s.outcome() == Outcome::kFirstWins);
  CHECK(s.legalMoves().empty());
  CHECK_FALSE(s.canPlay(3));
  CHECK(s.winningCells() == std::vector<int>{0, 7, 14, 21});
  s.newGame(findGame("tictactoe"));
  CHECK(s.info().moveSlots == 9);
  CHECK(s.setMoves("1425") == "");
  CHECK(s.outcome() == Outcome::kOngoing);
  CHECK(s.play(3));
  CHECK(s.outcome() == Outcome::kFirstWins);
  CHECK(s.setMoves("519328467") == "");
  CHECK(s.outcome() == Outcome::kDraw);
  CHECK_FALSE(s.undo() == false);
}

TEST_CASE("Session: think, analyze and solve report 1-based moves", "[session]") {
  Session s(findGame("tictactoe"), 1 << 20);
  REQUIRE(s.setMoves("1425") == "");
  int infos = 0;
  SearchLimits lim;
  lim.timeMs = 500;
  SearchResult r = s.think(lim, [&](const SearchInfo& i) {
    ++infos;
    CHECK(i.pv.front() >= 1);
  });
  CHECK(r.bestMove == 3);
  CHECK(r.info.exact);
  CHECK(r.info.score == 3);
  CHECK(infos >= 1);
  const Analysis a = s.analyze(Deadline::fromNow(300));
  REQUIRE(a.moves.size() == 9);
  CHECK(a.moves[0].kind == ValueKind::kIllegal);
  CHECK(a.moves[2].kind == ValueKind::kExact);
  CHECK(a.moves[2].score == 3);
  CHECK(a.complete());
  for (const Value& m : a.moves)
    if (m.kind != ValueKind::kIllegal) CHECK(m.score <= 3);
  CHECK(s.solve() == 3);
}
