// The time-limited player (search/player.hpp) and the levels: solver answers
// keep the value, the drawing move when the win probe runs out, wins at once,
// late positions proven and early ones searched; weak levels still see wins
// and blocks.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/deadline.hpp"
#include "games/connect4/connect4.hpp"
#include "search/levels.hpp"
#include "search/player.hpp"
#include "search/solver.hpp"
#include "test_util.hpp"

using namespace gs;

TEST_CASE("Levels: weak levels vary their moves but never miss a win or a block", "[search][levels]") {
  TranspositionTable tt(1 << 20);
  Searcher<Connect4> searcher(tt);
  for (int level = 0; level < 2; ++level) {
    std::set<int> openings;
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
      SearchLimits lim = levelLimits(kLevels[level], seed);
      tt.clear();
      // X to move can win at once in column 3 or 7.
      SearchResult win = searcher.think(gs_test::fromMoves<Connect4>("445566"), lim);
      CHECK((win.bestMove == 2 || win.bestMove == 6));
      // O to move must block X's vertical three in column 1.
      tt.clear();
      SearchResult block = searcher.think(gs_test::fromMoves<Connect4>("12131"), lim);
      CHECK(block.bestMove == 0);
      tt.clear();
      openings.insert(searcher.think(Connect4{}, lim).bestMove);
    }
    INFO("level " << kLevels[level].name);
    CHECK(openings.size() > 1);
  }
}

TEST_CASE("Player: a solver answer keeps the value, or at least the draw, whatever the budget",
          "[search][player][speed]") {
  // Positions of 10-11 stones whose proofs take about half a second
  // natively (bench/value_keeping.py --seed 2), with the win/draw/loss of
  // every move (-1 loses ... 1 wins, from the judge). Depending on the
  // budget (and the machine) the player answers from the heuristic search,
  // with a move proven to keep at least the draw (the win not proven in
  // time: no verdict reported), or with the proven value and a move that
  // keeps it. A solver answer must never be a losing move when a draw is there.
  // At least one answer must come from the solver, so the test needs an
  // optimised build ([speed]: not run in the sanitizer build, tests/CMakeLists.txt).
  const std::vector<std::pair<std::string, std::vector<int>>> cases = {
      {"7732333224", {-1, -1, -1, 0, -1, -1, -1}},
      {"37743334445", {-1, -1, 0, -1, -1, 1, 1}},
      {"7732444664", {-1, -1, -1, -1, -1, -1, -1}},
  };
  int solverAnswers = 0;
  for (int budget : {50, 250, 1000}) {
    TranspositionTable searchTt(std::size_t{8} << 20), solverTt(std::size_t{16} << 20);
    Player<Connect4> player(searchTt, solverTt);
    for (const auto& [moves, values] : cases) {
      const Connect4 g = gs_test::fromMoves<Connect4>(moves);
      const int value = *std::max_element(values.begin(), values.end());
      SearchLimits lim;
      lim.timeMs = budget;
      const SearchResult r = player.think(g, lim);
      INFO(moves << " at " << budget << " ms: move " << r.bestMove + 1 << " verdict "
                  << (r.info.verdict ? std::to_string(*r.info.verdict) : "none"));
      REQUIRE(g.canPlay(r.bestMove));
      if (r.info.source != Source::kSolver) continue;
      ++solverAnswers;
      if (!r.info.verdict) {  // at least a draw, proven
        CHECK(value >= 0);
        CHECK(values[r.bestMove] >= 0);
        CHECK(!r.info.exact);
      } else {
        CHECK(*r.info.verdict == value);
        CHECK(values[r.bestMove] == value);
      }
    }
  }
  // How many answers come from the solver depends on the machine; the next
  // test takes the drawing-move path on purpose, whatever the speed.
  CHECK(solverAnswers > 0);
}

TEST_CASE("Player: when the win probe runs out, the proven drawing move is played", "[search][player]") {
  // No time for "a win?" (its deadline is the start): the draw probe
  // finishes (0.1-0.5 s natively, far below the 18 s it may take), the win
  // probe stops at its first clock check, and the move that keeps the draw
  // is played, without a verdict: a win is not ruled out.
  TranspositionTable searchTt(std::size_t{8} << 20), solverTt(std::size_t{16} << 20);
  Player<Connect4> player(searchTt, solverTt);
  player.setDeadlineShares(0.9, 0.0, 0.0);
  SearchLimits lim;
  lim.timeMs = 20000;
  // A win (columns 6 and 7; 3 draws), and a draw that only column 4 keeps.
  for (const auto& [moves, keeps] : {std::pair<std::string, std::set<int>>{"37743334445", {2, 5, 6}},
                                     std::pair<std::string, std::set<int>>{"7732333224", {3}}}) {
    INFO(moves);
    const SearchResult r = player.think(gs_test::fromMoves<Connect4>(moves), lim);
    CHECK(r.info.source == Source::kSolver);
    CHECK(!r.info.verdict);
    CHECK(!r.info.exact);
    CHECK(r.info.depth == 0);
    CHECK(keeps.count(r.bestMove) == 1);
  }
}

TEST_CASE("Player: a win at once is played, with its verdict, at any budget", "[search][player]") {
  // The side to move (first player) wins in column 1; the opponent threatens
  // column 2, so every other move loses. (The player's move checks put such
  // a move first, before any probe.)
  TranspositionTable searchTt(std::size_t{8} << 20), solverTt(std::size_t{8} << 20);
  Player<Connect4> player(searchTt, solverTt);
  const Connect4 g = gs_test::fromMoves<Connect4>("1212127777");
  REQUIRE(g.isWinningMove(0));
  for (int budget : {1, 50, 1000}) {
    SearchLimits lim;
    lim.timeMs = budget;
    const SearchResult r = player.think(g, lim);
    INFO(budget << " ms");
    CHECK(r.bestMove == 0);
    CHECK(r.info.verdict == 1);
  }
}

TEST_CASE("Player: proves late positions and keeps their value, searches early ones", "[search][player]") {
  TranspositionTable searchTt(std::size_t{8} << 20), solverTt(std::size_t{8} << 20);
  Player<Connect4> player(searchTt, solverTt);
  TranspositionTable judgeTt(std::size_t{8} << 20);
  Solver<Connect4> judge(judgeTt);
  SearchLimits lim;
  lim.timeMs = 1000;
  for (auto& [moves, expected] : gs_test::readBenchmark("Test_L2_R1", 20)) {
    Connect4 g = gs_test::fromMoves<Connect4>(moves);
    SearchResult r = player.think(g, lim);
    INFO(moves);
    REQUIRE(g.canPlay(r.bestMove));
    CHECK(r.info.exact);
    CHECK(r.info.score == expected);
    CHECK(r.info.verdict == signOf(expected));
    CHECK(r.info.source == Source::kSolver);
    CHECK(judge.scoreMove(g, r.bestMove) == expected);
  }
  // Early (below Connect4::kSolveFromPlies): the heuristic search answers in time.
  lim.timeMs = 60;
  Connect4 early = gs_test::fromMoves<Connect4>("4453");
  auto t0 = std::chrono::steady_clock::now();
  SearchResult r = player.think(early, lim);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  CHECK(early.canPlay(r.bestMove));
  CHECK(ms < 60 + 250);
  CHECK(r.info.source == Source::kSearch);
}
