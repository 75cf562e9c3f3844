// The exact solver against the benchmark files (bench/data): all of Test_L3_R1
// and Test_L2_R1, a sample of the harder files.
#include <catch2/catch.hpp>

#include "connect4.hpp"
#include "solver.hpp"
#include "test_util.hpp"

using namespace gs;

namespace {
void solveFile(const std::string& name, std::size_t limit) {
  TranspositionTable tt(std::size_t{64} << 20);
  Solver<Connect4> solver(tt);
  auto positions = gs_test::readBenchmark(name, limit);
  REQUIRE(!positions.empty());
  for (auto& [moves, expected] : positions) {
    tt.clear();
    INFO(name << ": " << moves);
    REQUIRE(solver.solve(gs_test::fromMoves<Connect4>(moves)) == expected);
  }
}
}  // namespace

TEST_CASE("Solver: Test_L3_R1 (all)", "[solver]") { solveFile("Test_L3_R1", 1000); }
TEST_CASE("Solver: Test_L2_R1 (all)", "[solver]") { solveFile("Test_L2_R1", 1000); }
TEST_CASE("Solver: Test_L1_R1 (first 300)", "[solver]") { solveFile("Test_L1_R1", 300); }
TEST_CASE("Solver: Test_L2_R2 (first 100)", "[solver]") { solveFile("Test_L2_R2", 100); }
TEST_CASE("Solver: Test_L1_R2 (first 10)", "[solver]") { solveFile("Test_L1_R2", 10); }
TEST_CASE("Solver: Test_L1_R3 (first 2)", "[solver]") { solveFile("Test_L1_R3", 2); }

TEST_CASE("Solver: every move's score is consistent with the position's", "[solver]") {
  TranspositionTable tt(std::size_t{16} << 20);
  Solver<Connect4> solver(tt);
  for (auto& [moves, expected] : gs_test::readBenchmark("Test_L2_R1", 40)) {
    Connect4 g = gs_test::fromMoves<Connect4>(moves);
    int best = -1000;
    for (int m = 0; m < 7; ++m) {
      int s = solver.scoreMove(g, m);
      if (s != Solver<Connect4>::kIllegal) best = std::max(best, s);
    }
    INFO(moves);
    CHECK(best == expected);
  }
}
