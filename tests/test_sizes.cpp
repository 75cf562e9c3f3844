// Connect Four on every board size (games/connect4: Connect4Sized, the board
// chosen at run time; docs/board-sizes.md):
// - the rules and win detection against a naive W x H grid on every size
//   that fits (random games), and on 4x4 over every reachable position;
// - the sized class set to 7x6 agrees with the compiled 7x6 class on keys,
//   threats, bounds and the evaluation;
// - the notation's letters for columns 10-12;
// - the solver against a brute-force negamax on 4x4 and 5x4;
// - the values of the small boards' empty positions (the table of
//   docs/board-sizes.md; the larger boards are solved by
//   bench/board_sizes.py, outside the test suite).
#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/notation.hpp"
#include "games/connect4/connect4.hpp"
#include "search/solver.hpp"
#include "test_util.hpp"

using namespace gs;

namespace {

using Shape = Connect4RuntimeShape;

// Every board that fits the 64-bit layout.
std::vector<std::pair<int, int>> allSizes() {
  std::vector<std::pair<int, int>> out;
  for (int h = 4; h <= 16; ++h)
    for (int w = 4; w <= 16; ++w)
      if (Shape::fits(w, h)) out.push_back({w, h});
  return out;
}

// Naive reference: a W x H grid replayed from the moves.
struct Grid {
  int w, h;
  std::vector<int> cell;  // [col * h + row], row 0 at the bottom; 0 empty, 1/2 players
  std::vector<int> height;
  Grid(int w_, int h_) : w(w_), h(h_), cell(w_ * h_, 0), height(w_, 0) {}
  int at(int c, int r) const { return c >= 0 && c < w && r >= 0 && r < h ? cell[c * h + r] : -1; }
  // Cells (c + w * r) of every four of `player`.
  std::set<int> fours(int player) const {
    std::set<int> cells;
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (auto& d : dirs)
      for (int c = 0; c < w; ++c)
        for (int r = 0; r < h; ++r) {
          bool ok = true;
          for (int k = 0; k < 4 && ok; ++k) ok = at(c + k * d[0], r + k * d[1]) == player;
          if (ok)
            for (int k = 0; k < 4; ++k) cells.insert(c + k * d[0] + w * (r + k * d[1]));
        }
    return cells;
  }
  // Whether a stone of `player` on (c, r) completes a four through it.
  bool wouldWin(int player, int c, int r) {
    const int old = cell[c * h + r];
    cell[c * h + r] = player;
    const bool won = fours(player).count(c + w * r) > 0;
    cell[c * h + r] = old;
    return won;
  }
};

// One position's rules against the grid: cells, legal moves, the last
// mover's win and lines, the winning spots of both sides, the key.
void checkPosition(const Connect4Sized& g, Grid& grid, int plies) {
  const int w = grid.w, h = grid.h;
  const int mover = plies % 2 + 1, last = 3 - mover;
  REQUIRE(g.plies() == plies);
  REQUIRE(g.isFull() == (plies == w * h));
  const std::set<int> lastFours = grid.fours(last);
  REQUIRE(g.lastMoverWon() == !lastFours.empty());
  const std::vector<int> cells = g.winningCells();
  REQUIRE(std::set<int>(cells.begin(), cells.end()) == lastFours);
  REQUIRE(Connect4Sized::stonesOfKey(g.key()) == plies);
  for (int c = 0; c < Connect4Sized::kMoveSlots; ++c) {
    if (c >= w) {
      REQUIRE_FALSE(g.canPlay(c));
      REQUIRE(Connect4Sized::slotMask(c) == 0);
      continue;
    }
    for (int r = 0; r < h; ++r) REQUIRE(g.cell(c, r) == grid.at(c, r));
    REQUIRE(g.canPlay(c) == (grid.height[c] < h));
    REQUIRE(((g.legalMoves() & Connect4Sized::slotMask(c)) != 0) == g.canPlay(c));
  }
  // Winning spots: every empty cell where a stone completes four.
  Connect4Sized::Bits mine = 0, theirs = 0;
  for (int c = 0; c < w; ++c)
    for (int r = grid.height[c]; r < h; ++r) {
      const Connect4Sized::Bits b = Connect4Sized::Bits{1} << (c * (h + 1) + r);
      if (grid.wouldWin(mover, c, r)) mine |= b;
      if (grid.wouldWin(last, c, r)) theirs |= b;
    }
  REQUIRE(g.winningSpots() == mine);
  REQUIRE(g.opponentWinningSpots() == theirs);
  // The mirror image's key is the key of the mirrored game.
  Connect4Sized::Bits mirrored = 0;
  {
    const Connect4Sized::Bits k = g.key();
    for (int c = 0; c < w; ++c)
      mirrored |= ((k >> (c * (h + 1))) & ((Connect4Sized::Bits{1} << (h + 1)) - 1)) << ((w - 1 - c) * (h + 1));
  }
  REQUIRE(g.mirrorKey() == mirrored);
}

// Plays `col` on both.
void playBoth(Connect4Sized& g, Grid& grid, int col, int plies) {
  const int r = grid.height[col]++;
  grid.cell[col * grid.h + r] = plies % 2 + 1;
  g.play(col);
}

// The exact value by plain negamax over every line, remembered per key.
int bruteForce(const Connect4Sized& g, std::unordered_map<std::uint64_t, int>& memo) {
  if (g.isFull()) return 0;
  const auto it = memo.find(g.key());
  if (it != memo.end()) return it->second;
  int best = -1000;
  for (int c = 0; c < Connect4Sized::width(); ++c) {
    if (!g.canPlay(c)) continue;
    Connect4Sized child = g;
    child.play(c);
    const int v = child.lastMoverWon() ? winScoreAtPly<Connect4Sized>(g.plies()) : -bruteForce(child, memo);
    if (v > best) best = v;
  }
  memo[g.key()] = best;
  return best;
}

}  // namespace

TEST_CASE("Board sizes: every size that fits, and no other", "[sizes][rules]") {
  CHECK(allSizes().size() == 42);
  CHECK(Shape::fits(7, 6));
  CHECK(Shape::fits(12, 4));
  CHECK(Shape::fits(4, 15));
  CHECK(Shape::fits(8, 7));
  CHECK_FALSE(Shape::fits(13, 4));
  CHECK_FALSE(Shape::fits(9, 7));
  CHECK_FALSE(Shape::fits(3, 6));
  CHECK_FALSE(Shape::fits(7, 3));
  CHECK(Shape::sizesText().rfind("4x4 to 12x4, 4x5 to 10x5, 4x6 to 9x6, 4x7 to 8x7", 0) == 0);
}

TEST_CASE("Board sizes: rules and wins agree with a naive grid on every size", "[sizes][rules]") {
  std::mt19937 rng(41);
  for (auto [w, h] : allSizes()) {
    Shape::set(w, h);
    INFO("board " << w << "x" << h);
    REQUIRE(Connect4Sized::width() == w);
    REQUIRE(Connect4Sized::height() == h);
    for (int game = 0; game < 60; ++game) {
      Connect4Sized g;
      Grid grid(w, h);
      for (int ply = 0;; ++ply) {
        checkPosition(g, grid, ply);
        if (g.lastMoverWon() || g.isFull()) break;
        int col;
        do col = static_cast<int>(rng() % w);
        while (!g.canPlay(col));
        REQUIRE(g.isWinningMove(col) == grid.wouldWin(ply % 2 + 1, col, grid.height[col]));
        playBoth(g, grid, col, ply);
      }
    }
  }
  Shape::set(7, 6);
}

TEST_CASE("Board sizes: every position of 4x4 and of 5x4 up to 8 stones follows the rules", "[sizes][rules]") {
  for (auto [w, h, maxPlies, expected] : {std::tuple{4, 4, 16, 0}, std::tuple{5, 4, 8, 0}}) {
    Shape::set(w, h);
    INFO("board " << w << "x" << h);
    std::set<std::uint64_t> seen;
    // Depth-first over every line, each position checked once.
    std::function<void(Connect4Sized&, Grid&, int)> visit = [&](Connect4Sized& g, Grid& grid, int ply) {
      if (!seen.insert(g.key()).second) return;
      checkPosition(g, grid, ply);
      if (ply == maxPlies || g.lastMoverWon() || g.isFull()) return;
      for (int c = 0; c < w; ++c) {
        if (!g.canPlay(c)) continue;
        Connect4Sized child = g;
        Grid childGrid = grid;
        REQUIRE(child.isWinningMove(c) == childGrid.wouldWin(ply % 2 + 1, c, childGrid.height[c]));
        playBoth(child, childGrid, c, ply);
        visit(child, childGrid, ply + 1);
      }
    };
    Connect4Sized g;
    Grid grid(w, h);
    visit(g, grid, 0);
    (void)expected;
    // 4x4: 161,029 positions with the finished ones (John Tromp's count).
    if (w == 4) CHECK(seen.size() == 161029);
  }
  Shape::set(7, 6);
}

TEST_CASE("Board sizes: the sized class on 7x6 is the compiled 7x6 class", "[sizes][rules]") {
  Shape::set(7, 6);
  std::mt19937 rng(7);
  for (int game = 0; game < 2000; ++game) {
    Connect4 a;
    Connect4Sized b;
    while (!a.lastMoverWon() && !a.isFull()) {
      REQUIRE(a.key() == b.key());
      REQUIRE(a.mirrorKey() == b.mirrorKey());
      REQUIRE(a.winningSpots() == b.winningSpots());
      REQUIRE(a.opponentWinningSpots() == b.opponentWinningSpots());
      REQUIRE(a.legalMoves() == b.legalMoves());
      REQUIRE(a.signUpperBound() == b.signUpperBound());
      REQUIRE(a.signLowerBound() == b.signLowerBound());
      REQUIRE(Connect4::stonesOfKey(a.key()) == Connect4Sized::stonesOfKey(b.key()));
      REQUIRE(a.evaluate() == b.evaluate());
      for (int c = 0; c < 7; ++c) {
        REQUIRE(Connect4::centreOrder(c) == Connect4Sized::centreOrder(c));
        if (!a.canPlay(c)) continue;
        REQUIRE(a.moveGain(a.moveBits(c)) == b.moveGain(b.moveBits(c)));
        REQUIRE(a.threatScore(a.moveBits(c)) == b.threatScore(b.moveBits(c)));
      }
      if (!a.canWinNext()) REQUIRE(a.nonLosingMoves() == b.nonLosingMoves());
      int col;
      do col = static_cast<int>(rng() % 7);
      while (!a.canPlay(col));
      a.play(col);
      b.play(col);
    }
    REQUIRE(b.lastMoverWon() == a.lastMoverWon());
    REQUIRE(b.isFull() == a.isFull());
  }
}

TEST_CASE("Board sizes: columns 10-12 are written a, b, c", "[sizes][notation]") {
  Shape::set(12, 4);
  Connect4Sized g;
  REQUIRE(parseMoves("9abc1", g).ok);
  CHECK(g.cell(8, 0) == 1);
  CHECK(g.cell(9, 0) == 2);
  CHECK(g.cell(11, 0) == 2);
  CHECK(moveSymbol(9) == "a");
  CHECK(moveSymbol(11) == "c");
  CHECK(moveSymbol(6) == "7");
  Connect4Sized bad;
  ParseError e = parseMoves("12d", bad);
  CHECK_FALSE(e.ok);
  CHECK(e.message == "column d at position 3 is out of range 1-c");
  Connect4Sized bad2;
  e = parseMoves("12A", bad2);
  CHECK(e.message == "invalid character 'A' at position 3 (moves are 1-9 and a-c)");
  Shape::set(10, 4);
  Connect4Sized narrow;
  e = parseMoves("ab", narrow);
  CHECK(e.message == "column b at position 2 is out of range 1-a");
  Shape::set(5, 4);
  Connect4Sized five;
  e = parseMoves("16", five);
  CHECK(e.message == "column 6 at position 2 is out of range 1-5");
  Connect4Sized five2;
  e = parseMoves("1a", five2);
  CHECK(e.message == "column a at position 2 is out of range 1-5");
  Connect4Sized five4;
  e = parseMoves("1!", five4);
  CHECK(e.message == "invalid character '!' at position 2 (moves are digits 1-5)");
  Connect4Sized five3;
  e = parseMoves("11111", five3);
  CHECK(e.message == "column 1 at position 5 is full");
  // 7x6's own notation has no letters.
  Connect4 c;
  e = parseMoves("4a", c);
  CHECK(e.message == "invalid character 'a' at position 2 (moves are digits 1-7)");
  Shape::set(7, 6);
}

TEST_CASE("Board sizes: the solver agrees with brute-force negamax on 4x4 and 5x4", "[sizes][solver]") {
  for (auto [w, h, plies] : {std::tuple{4, 4, 16}, std::tuple{5, 4, 6}}) {
    Shape::set(w, h);
    INFO("board " << w << "x" << h);
    std::unordered_map<std::uint64_t, int> memo;
    TranspositionTable tt(1 << 20);
    Solver<Connect4Sized> solver(tt);
    std::set<std::uint64_t> seen;
    int checked = 0;
    // Every position up to `plies` stones (4x4: all of them) that is not over.
    std::function<void(const Connect4Sized&)> visit = [&](const Connect4Sized& g) {
      if (!seen.insert(g.key()).second || g.lastMoverWon() || g.isFull()) return;
      tt.clear();
      REQUIRE(solver.solve(g) == bruteForce(g, memo));
      REQUIRE(solver.solveSign(g) == (bruteForce(g, memo) > 0) - (bruteForce(g, memo) < 0));
      ++checked;
      if (g.plies() == plies) return;
      for (int c = 0; c < w; ++c)
        if (g.canPlay(c)) {
          Connect4Sized child = g;
          child.play(c);
          visit(child);
        }
    };
    visit(Connect4Sized());
    CHECK(checked > 1000);
  }
  Shape::set(7, 6);
}

TEST_CASE("Board sizes: the small boards' values (docs/board-sizes.md)", "[sizes][solver]") {
  // Empty board, first player's exact score: 0 = draw. kWinBase is 31 on
  // every sized board, so a win with the n-th stone scores 31 - n: on 6x4
  // the second player wins with its 12th stone, the board's last cell (-19;
  // an independent brute force agrees).
  for (auto [w, h, value] : {std::tuple{4, 4, 0}, std::tuple{5, 4, 0}, std::tuple{6, 4, -19}, std::tuple{4, 5, 0},
                             std::tuple{4, 6, 0}, std::tuple{5, 5, 0}}) {
    Shape::set(w, h);
    INFO("board " << w << "x" << h);
    TranspositionTable tt(std::size_t{16} << 20);
    Solver<Connect4Sized> solver(tt);
    CHECK(solver.solve(Connect4Sized()) == value);
  }
  Shape::set(7, 6);
}
