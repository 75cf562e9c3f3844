// The exact solver: alpha-beta (every option) and the heuristic search
// searched to the end agree with plain minimax; the line bounds hold and pay;
// the quick-win check agrees with the child's moves and pays;
// exact scores follow the benchmark convention; an aborted proof leaves the
// table sound.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/searcher.hpp"
#include "search/solver.hpp"
#include "test_util.hpp"

using namespace gs;

namespace {

template <class Game>
int minimaxValue(const Game& g) {
  TranspositionTable tt(1 << 16);
  Solver<Game> s(tt);
  SolverOptions o;
  o.algorithm = Algorithm::kMinimax;
  s.setOptions(o);
  return s.solve(g);
}

template <class Game>
void checkAgainstMinimax(int positions, int minPlies, int maxPlies, std::uint32_t seed) {
  std::mt19937 rng(seed);
  TranspositionTable tt(1 << 20);
  int checked = 0;
  while (checked < positions) {
    Game g;
    std::string moves;
    int plies = minPlies + static_cast<int>(rng() % (maxPlies - minPlies + 1));
    if (!gs_test::randomPosition(rng, plies, g, &moves)) continue;
    ++checked;
    const int truth = minimaxValue(g);
    INFO(Game::kName << " position " << moves << " minimax " << truth);
    for (int mask = 0; mask < 32; ++mask) {
      SolverOptions o;
      o.ordering = mask & 1;
      o.table = mask & 2;
      o.lineBounds = mask & 4;
      o.quickWins = mask & 8;
      o.forcedMoves = mask & 16;
      tt.clear();
      Solver<Game> s(tt);
      s.setOptions(o);
      REQUIRE(s.solve(g) == truth);
    }
    // The heuristic search searched to the end is exact too, with every option.
    for (int mask = 0; mask < 16; ++mask) {
      SearchOptions so;
      so.table = mask & 1;
      so.evalOrdering = mask & 2;
      so.killers = mask & 4;
      so.history = mask & 8;
      tt.clear();
      Searcher<Game> searcher(tt);
      searcher.setOptions(so);
      SearchLimits lim;
      lim.timeMs = 0;
      SearchResult r = searcher.think(g, lim);
      REQUIRE(r.info.exact);
      REQUIRE(r.info.score == truth);
      // and the move it picks achieves that value
      Solver<Game> s(tt);
      tt.clear();
      REQUIRE(s.scoreMove(g, r.bestMove) == truth);
    }
  }
}

}  // namespace

TEST_CASE("Alpha-beta agrees with minimax: Tic-Tac-Toe", "[search][tictactoe]") {
  checkAgainstMinimax<TicTacToe>(150, 0, 7, 1);
}

TEST_CASE("Alpha-beta agrees with minimax: Connect Four endgames", "[search][connect4]") {
  checkAgainstMinimax<Connect4>(60, 32, 38, 2);
}

// Positions of a game where neither side ever allows a win at once (so the
// late middle game is reached, where the line bounds apply).
static bool quietPosition(std::mt19937& rng, int plies, Connect4& out, std::string& moves) {
  Connect4 p;
  moves.clear();
  for (int i = 0; i < plies; ++i) {
    int cand[Connect4::kWidth], k = 0;
    for (int m = 0; m < Connect4::kWidth; ++m) {
      if (!p.canPlay(m) || p.isWinningMove(m)) continue;
      Connect4 q = p;
      q.play(m);
      if (!q.canWinNext()) cand[k++] = m;
    }
    if (k == 0) return false;
    const int m = cand[rng() % k];
    p.play(m);
    moves += static_cast<char>('1' + m);
  }
  out = p;
  return true;
}

TEST_CASE("Line bounds: never contradict the solver, each kind occurs", "[search][connect4]") {
  // Hand-checked examples (the solver without the bounds agrees):
  // the first player to move loses by the follow-up,
  CHECK(gs_test::fromMoves<Connect4>("43447414433116736233").signUpperBound() == -1);
  // the second player to move takes the one odd column and wins by it,
  CHECK(gs_test::fromMoves<Connect4>("346554117611144333646").signLowerBound() == 1);
  // the first player cannot win (it loses, but the bounds only know "not a win").
  CHECK(gs_test::fromMoves<Connect4>("7721544417723323417334").signUpperBound() == 0);

  TranspositionTable tt(1 << 20);
  Solver<Connect4> plain(tt), bounded(tt);
  SolverOptions off;
  off.lineBounds = false;
  plain.setOptions(off);
  std::mt19937 rng(11);
  int kinds[4] = {0, 0, 0, 0};  // upper 0, upper -1, lower 0, lower 1
  int checked = 0, exact = 0;
  while (checked < 400) {
    Connect4 p;
    std::string moves;
    if (!quietPosition(rng, 20 + static_cast<int>(rng() % 19), p, moves)) continue;
    const int u = p.signUpperBound(), l = p.signLowerBound();
    REQUIRE(l <= u);
    if (u == 1 && l == -1 && checked % 4 != 0) continue;  // mostly positions where a bound says something
    ++checked;
    tt.clear();
    const int v = plain.solveSign(p);
    INFO("position " << moves << " sign " << v << " bounds [" << l << ", " << u << "]");
    REQUIRE(l <= v);
    REQUIRE(v <= u);
    if (u < 1) ++kinds[u == 0 ? 0 : 1];
    if (l > -1) ++kinds[l == 0 ? 2 : 3];
    tt.clear();
    REQUIRE(bounded.solveSign(p) == v);
    if (p.plies() >= 26) {  // exact scores too, with and without
      ++exact;
      tt.clear();
      const int score = plain.solve(p);
      tt.clear();
      REQUIRE(bounded.solve(p) == score);
    }
  }
  CHECK(exact > 100);
  for (int k : kinds) CHECK(k >= 10);
}

TEST_CASE("Line bounds: Tic-Tac-Toe bounds hold in every position", "[search][tictactoe]") {
  // Every position reachable from the empty board, against minimax.
  std::vector<TicTacToe> todo{TicTacToe{}};
  std::set<std::uint64_t> seen;
  int checked = 0, fired = 0;
  while (!todo.empty()) {
    TicTacToe g = todo.back();
    todo.pop_back();
    if (g.lastMoverWon() || g.isFull() || !seen.insert(g.key()).second) continue;
    const int v = minimaxValue(g);
    const int sign = (v > 0) - (v < 0);
    REQUIRE(g.signLowerBound() <= sign);
    REQUIRE(sign <= g.signUpperBound());
    fired += g.signUpperBound() < 1 || g.signLowerBound() > -1;
    ++checked;
    for (int m = 0; m < 9; ++m)
      if (g.canPlay(m)) {
        TicTacToe c = g;
        c.play(m);
        todo.push_back(c);
      }
  }
  CHECK(checked == 4520);  // the positions with a move to make
  CHECK(fired > 100);
}

TEST_CASE("Line bounds save nodes in win/draw/loss solves", "[search][connect4]") {
  TranspositionTable tt(1 << 22);
  Solver<Connect4> plain(tt), bounded(tt);
  SolverOptions off;
  off.lineBounds = false;
  plain.setOptions(off);
  for (const auto& [moves, score] : gs_test::readBenchmark("Test_L2_R2", 30)) {
    const Connect4 p = gs_test::fromMoves<Connect4>(moves);
    tt.clear();
    const int v = plain.solveSign(p);
    tt.clear();
    REQUIRE(bounded.solveSign(p) == v);
    REQUIRE(v == (score > 0) - (score < 0));
  }
  CHECK(bounded.nodes() < plain.nodes() * 9 / 10);
}

// leavesNoDefence(move) is the child's nonLosingMoves() == 0, asked of the
// parent: checked against the child in positions of both games. So is
// spotsAfter(move) the child's opponentWinningSpots(), which the solver
// passes down instead of computing it again in the child.
template <class Game>
static void checkNoDefence(const Game& g, int& noDefence, int& checked) {
  if (g.lastMoverWon() || g.isFull() || g.canWinNext()) return;
  const auto next = g.nonLosingMoves();
  for (int m = 0; m < Game::kMoveSlots; ++m) {
    const auto b = next & Game::slotMask(m);
    if (!b) continue;
    Game child = g;
    child.playBits(b);
    if (child.isFull()) continue;
    const bool none = child.nonLosingMoves() == 0;
    INFO(Game::kName << " key " << g.key() << " move " << m);
    REQUIRE(g.spotsAfter(b) == child.opponentWinningSpots());
    REQUIRE(g.leavesNoDefence(b) == none);
    noDefence += none;
    ++checked;
  }
}

TEST_CASE("Quick wins: a move leaves no defence exactly when the child has no non-losing move", "[search]") {
  int noDefence = 0, checked = 0;
  std::mt19937 rng(5);
  for (int i = 0; i < 8000; ++i) {
    Connect4 g;
    if (!gs_test::randomPosition(rng, 6 + static_cast<int>(rng() % 34), g)) continue;
    checkNoDefence(g, noDefence, checked);
  }
  CHECK(noDefence >= 100);
  CHECK(checked >= 10000);
  int tttNoDefence = 0, tttChecked = 0;
  std::vector<TicTacToe> todo{TicTacToe{}};
  std::set<std::uint64_t> seen;
  while (!todo.empty()) {
    TicTacToe g = todo.back();
    todo.pop_back();
    if (g.lastMoverWon() || g.isFull() || !seen.insert(g.key()).second) continue;
    checkNoDefence(g, tttNoDefence, tttChecked);
    for (int m = 0; m < 9; ++m)
      if (g.canPlay(m)) {
        TicTacToe c = g;
        c.play(m);
        todo.push_back(c);
      }
  }
  CHECK(tttNoDefence >= 100);
}

TEST_CASE("Quick wins save nodes in exact and win/draw/loss solves", "[search][connect4]") {
  TranspositionTable tt(1 << 22);
  Solver<Connect4> plain(tt), quick(tt);
  SolverOptions off;
  off.quickWins = false;
  plain.setOptions(off);
  for (const auto& [moves, score] : gs_test::readBenchmark("Test_L1_R1", 100)) {
    const Connect4 p = gs_test::fromMoves<Connect4>(moves);
    tt.clear();
    REQUIRE(plain.solve(p) == score);
    tt.clear();
    REQUIRE(quick.solve(p) == score);
  }
  CHECK(quick.nodes() < plain.nodes() * 7 / 10);
  plain.resetNodes();
  quick.resetNodes();
  for (const auto& [moves, score] : gs_test::readBenchmark("Test_L2_R2", 30)) {
    const Connect4 p = gs_test::fromMoves<Connect4>(moves);
    tt.clear();
    REQUIRE(plain.solveSign(p) == (score > 0) - (score < 0));
    tt.clear();
    REQUIRE(quick.solveSign(p) == (score > 0) - (score < 0));
  }
  CHECK(quick.nodes() < plain.nodes() * 9 / 10);
}

TEST_CASE("Minimax from the empty Tic-Tac-Toe board", "[search][tictactoe]") {
  TranspositionTable tt(1 << 16);
  Solver<TicTacToe> s(tt);
  s.setOptions({Algorithm::kMinimax, false, false});
  CHECK(s.solve(TicTacToe{}) == 0);
  CHECK(s.nodes() == 549946);
  Solver<TicTacToe> ab(tt);
  CHECK(ab.solve(TicTacToe{}) == 0);
  CHECK(ab.nodes() < 2000);
}

TEST_CASE("Exact scores follow the benchmark convention", "[search]") {
  TranspositionTable tt(1 << 20);
  Solver<Connect4> s(tt);
  // First player wins with its 4th stone: the side to move (first) scores 18.
  CHECK(s.solve(gs_test::fromMoves<Connect4>("121212")) == 18);
  // Position already won by the last mover: a loss of -18 for the side to move.
  CHECK(s.solve(gs_test::fromMoves<Connect4>("1212121")) == -18);
  Solver<TicTacToe> t(tt);
  CHECK(t.solve(gs_test::fromMoves<TicTacToe>("1425")) == 3);   // X wins with its 3rd mark
  CHECK(t.solve(gs_test::fromMoves<TicTacToe>("14253")) == -3);
}

TEST_CASE("Solver deadline: an unfinished proof aborts in time and leaves the table sound", "[search][player]") {
  TranspositionTable tt(std::size_t{16} << 20);
  Solver<Connect4> solver(tt);
  auto t0 = std::chrono::steady_clock::now();
  solver.setDeadline(Deadline(t0, 30));
  solver.solve(Connect4{});  // the empty board takes minutes
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  CHECK(solver.aborted());
  CHECK(ms < 30 + 250);
  solver.clearDeadline();
  // The same table, after the abort, still gives exact values.
  for (auto& [moves, expected] : gs_test::readBenchmark("Test_L2_R1", 30)) {
    INFO(moves);
    CHECK(solver.solve(gs_test::fromMoves<Connect4>(moves)) == expected);
  }
}
