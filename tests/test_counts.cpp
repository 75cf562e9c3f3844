// Known facts: distinct Connect Four positions per ply, the Tic-Tac-Toe game tree.
#include <catch2/catch.hpp>
#include <algorithm>
#include <vector>

#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace {

template <class Game>
void collect(const Game& g, int depth, std::vector<std::vector<std::uint64_t>>& keys, int ply) {
  keys[ply].push_back(g.key());
  if (ply == depth || g.lastMoverWon() || g.isFull()) return;
  for (int m = 0; m < Game::kMoveSlots; ++m)
    if (g.canPlay(m)) {
      Game c = g;
      c.play(m);
      collect(c, depth, keys, ply + 1);
    }
}

struct TreeCount {
  long nodes = 0, games = 0, firstWins = 0, secondWins = 0, draws = 0;
};
void walk(const gs::TicTacToe& g, TreeCount& t) {
  ++t.nodes;
  if (g.lastMoverWon()) {
    ++t.games;
    (g.plies() % 2 == 1 ? t.firstWins : t.secondWins)++;
    return;
  }
  if (g.isFull()) {
    ++t.games;
    ++t.draws;
    return;
  }
  for (int m = 0; m < 9; ++m)
    if (g.canPlay(m)) {
      gs::TicTacToe c = g;
      c.play(m);
      walk(c, t);
    }
}

}  // namespace

TEST_CASE("Connect Four: distinct positions after 0..8 plies", "[counts][connect4]") {
  const long expected[] = {1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275};
  std::vector<std::vector<std::uint64_t>> keys(9);
  collect(gs::Connect4{}, 8, keys, 0);
  for (int ply = 0; ply <= 8; ++ply) {
    auto& v = keys[ply];
    std::sort(v.begin(), v.end());
    long distinct = std::unique(v.begin(), v.end()) - v.begin();
    INFO("ply " << ply);
    CHECK(distinct == expected[ply]);
  }
}

TEST_CASE("Tic-Tac-Toe: the full game tree", "[counts][tictactoe]") {
  TreeCount t;
  walk(gs::TicTacToe{}, t);
  CHECK(t.nodes == 549946);
  CHECK(t.games == 255168);
  CHECK(t.firstWins == 131184);
  CHECK(t.secondWins == 77904);
  CHECK(t.draws == 46080);
}

TEST_CASE("Position keys are unique and mirror keys are symmetric", "[counts]") {
  gs::Connect4 a, b;
  for (int m : {3, 2, 4}) a.play(m);
  for (int m : {3, 4, 2}) b.play(m);
  CHECK(a.key() == b.mirrorKey());
  CHECK(a.mirrorKey() == b.key());
  gs::TicTacToe t, u;
  t.play(0);
  u.play(2);
  CHECK(t.mirrorKey() == u.key());
}
