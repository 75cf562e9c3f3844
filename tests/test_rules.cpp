// Rules of both games: wins in every direction at every place, draws, full
// columns, taken cells, and the move-string parser's errors.
#include <catch2/catch.hpp>
#include <random>
#include <set>

#include "games/connect4/connect4.hpp"
#include "test_util.hpp"
#include "games/tictactoe/tictactoe.hpp"

using gs::Connect4;
using gs::TicTacToe;
using gs_test::fromMoves;

namespace {

// Naive reference: a 2-D grid replayed from the move list.
struct Grid {
  int cell[7][6] = {};  // [col][row], row 0 at the bottom; 0 empty, 1/2 players
  int height[7] = {};
  bool fourAt(int player, std::set<int>* cells) const {
    bool any = false;
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (auto& d : dirs)
      for (int c = 0; c < 7; ++c)
        for (int r = 0; r < 6; ++r) {
          bool ok = true;
          for (int k = 0; k < 4 && ok; ++k) {
            int cc = c + k * d[0], rr = r + k * d[1];
            ok = cc >= 0 && cc < 7 && rr >= 0 && rr < 6 && cell[cc][rr] == player;
          }
          if (ok) {
            any = true;
            for (int k = 0; k < 4; ++k) cells->insert(c + k * d[0] + 7 * (r + k * d[1]));
          }
        }
    return any;
  }
};

}  // namespace

TEST_CASE("Connect Four: win detection agrees with a naive grid, every line seen", "[rules][connect4]") {
  std::mt19937 rng(12345);
  std::set<std::set<int>> linesSeen;  // single winning lines observed
  for (int game = 0; game < 30000; ++game) {
    Connect4 g;
    Grid grid;
    for (int ply = 0; ply < 42; ++ply) {
      int col;
      do col = rng() % 7;
      while (!g.canPlay(col));
      int player = ply % 2 + 1;
      bool predicted = g.isWinningMove(col);
      REQUIRE(grid.height[col] < 6);
      g.play(col);
      grid.cell[col][grid.height[col]++] = player;
      std::set<int> cells;
      bool won = grid.fourAt(player, &cells);
      REQUIRE(g.lastMoverWon() == won);
      REQUIRE(predicted == won);
      for (int c = 0; c < 7; ++c)
        for (int r = 0; r < 6; ++r) REQUIRE(g.cell(c, r) == grid.cell[c][r]);
      if (won) {
        auto wc = g.winningCells();
        REQUIRE(std::set<int>(wc.begin(), wc.end()) == cells);
        if (cells.size() == 4) linesSeen.insert(cells);
        break;
      }
    }
  }
  // All 69 possible lines (24 horizontal, 21 vertical, 24 diagonal) were seen
  // as the winning line of some game: wins are detected at every place.
  CHECK(linesSeen.size() == 69);
}

TEST_CASE("Connect Four: each direction", "[rules][connect4]") {
  CHECK(fromMoves<Connect4>("4455667").lastMoverWon());         // horizontal
  CHECK(fromMoves<Connect4>("1212121").lastMoverWon());         // vertical
  CHECK(fromMoves<Connect4>("543461253147355").lastMoverWon());  // / diagonal
  CHECK(fromMoves<Connect4>("7654657432544").lastMoverWon());    // \ diagonal
  CHECK(fromMoves<Connect4>("54346125314735").isWinningMove(4));
  CHECK_FALSE(fromMoves<Connect4>("445566").lastMoverWon());
}

TEST_CASE("Connect Four: full columns and a drawn full board", "[rules][connect4]") {
  Connect4 g = fromMoves<Connect4>("444444");
  CHECK_FALSE(g.canPlay(3));
  CHECK((g.legalMoves() & g.moveBits(0)) != 0);
  Connect4 h;
  auto err = gs::parseMoves("4444444", h);
  CHECK_FALSE(err.ok);
  CHECK(err.position == 7);
  CHECK(err.message.find("column 4 at position 7 is full") != std::string::npos);

  // Find a drawn game by random play that never completes four.
  std::mt19937 rng(7);
  bool found = false;
  for (int attempt = 0; attempt < 200000 && !found; ++attempt) {
    Connect4 p;
    std::string moves;
    bool dead = false;
    while (!p.isFull() && !dead) {
      std::vector<int> ok;
      for (int c = 0; c < 7; ++c)
        if (p.canPlay(c) && !p.isWinningMove(c)) ok.push_back(c);
      if (ok.empty()) dead = true;
      else {
        int c = ok[rng() % ok.size()];
        p.play(c);
        moves += char('1' + c);
      }
    }
    if (!dead) {
      found = true;
      Connect4 q = fromMoves<Connect4>(moves);
      CHECK(q.isFull());
      CHECK_FALSE(q.lastMoverWon());
      CHECK(q.legalMoves() == 0);
      Connect4 r;
      CHECK_FALSE(gs::parseMoves(moves + "1", r).ok);
    }
  }
  CHECK(found);
}

TEST_CASE("Move strings: clear errors", "[rules][notation]") {
  Connect4 g;
  auto e = gs::parseMoves("44a", g);
  CHECK_FALSE(e.ok);
  CHECK(e.message == "invalid character 'a' at position 3 (moves are digits 1-7)");
  Connect4 g2;
  e = gs::parseMoves("48", g2);
  CHECK(e.message == "column 8 at position 2 is out of range 1-7");
  Connect4 g3;
  e = gs::parseMoves("0", g3);
  CHECK(e.message == "column 0 at position 1 is out of range 1-7");
  Connect4 g4;
  e = gs::parseMoves("12121211", g4);
  CHECK(e.message == "move 1 at position 8 comes after the game has ended");
  TicTacToe t;
  e = gs::parseMoves("55", t);
  CHECK(e.message == "cell 5 at position 2 is already taken");
  TicTacToe t2;
  e = gs::parseMoves("1425367", t2);  // X: 1 2 3 wins at ply 5
  CHECK(e.message == "move 6 at position 6 comes after the game has ended");
}

TEST_CASE("Tic-Tac-Toe: all eight lines, draws, taken cells", "[rules][tictactoe]") {
  // X completes each line; O plays elsewhere.
  const char* wins[] = {"14253", "41526", "74859", "12437", "21548", "32659", "12549", "32547"};
  for (const char* w : wins) {
    INFO(w);
    TicTacToe g = fromMoves<TicTacToe>(w);
    CHECK(g.lastMoverWon());
    CHECK(g.winningCells().size() == 3);
  }
  TicTacToe d = fromMoves<TicTacToe>("519328467");
  CHECK(d.isFull());
  CHECK_FALSE(d.lastMoverWon());
  TicTacToe t = fromMoves<TicTacToe>("5");
  CHECK_FALSE(t.canPlay(4));
  CHECK(t.cell(1, 1) == 1);
}

TEST_CASE("Connect Four: the evaluation's values stay as documented", "[rules][connect4][eval]") {
  // Golden values of Connect4::evaluate (connect4.cpp: open threes x6, open
  // twos x2, threats on the rows of the right parity x12, centre stones) on
  // positions with threats of both parities. Any change of a weight or a
  // feature shows here; so did a row-parity mask that a new class constant
  // of the same name once shadowed (the threat term then had the wrong sign).
  const std::pair<const char*, int> golden[] = {
      {"2252576253462244111563365343671351441", -33},
      {"5554443", -5},
      {"1337551566313373", -26},
      {"1625217274353537415677", 31},
      {"27162663426115541", -5},
  };
  for (const auto& [moves, value] : golden) {
    INFO(moves);
    const Connect4 g = fromMoves<Connect4>(moves);
    REQUIRE(!g.lastMoverWon());
    CHECK(g.evaluate() == value);
  }
}
