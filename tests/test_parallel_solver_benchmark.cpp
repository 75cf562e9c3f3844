// The parallel solver on long solves (optimised build only, label "slow"):
// Test_L1_R3's first lines and three early positions, exact and win/draw/loss,
// with 2 and 4 threads, against the scores Solver gives (the benchmark file's,
// and those of test_solver_benchmark.cpp's kind for the three positions), and
// the threads split the moves of nodes between them and return to a node
// another thread proved.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "games/connect4/connect4.hpp"
#include "search/parallel_solver.hpp"
#include "test_util.hpp"

using namespace gs;

TEST_CASE("Parallel solver: Test_L1_R3 and early positions with 2 and 4 threads", "[solver][threads]") {
  auto lines = gs_test::readBenchmark("Test_L1_R3", 4);
  // Solver's exact scores of three positions early in the game.
  lines.emplace_back("444444", 1);
  lines.emplace_back("4453", -2);
  lines.emplace_back("44444", -1);
  TranspositionTable tt(std::size_t{64} << 20);
  for (int threads : {2, 4}) {
    ParallelSolver<Connect4> par(tt, threads);
    for (const auto& [moves, expected] : lines) {
      INFO(moves << " with " << threads << " threads");
      const Connect4 g = gs_test::fromMoves<Connect4>(moves);
      tt.clear();
      CHECK(par.solve(g) == expected);
      tt.clear();
      CHECK(par.solveSign(g) == (expected > 0) - (expected < 0));
    }
    // The threads did split nodes' moves between them (Solver step 6) on
    // these solves of thousands of probes' worth of nodes each, and a thread
    // returned at once to a node another thread had proved above it, below
    // the probe's root (Solver::checkLine), the scores above exact all the
    // same.
    INFO(threads << " threads");
    CHECK(par.deferrals() > 0);
    CHECK(par.unwinds() > 0);
  }
}
