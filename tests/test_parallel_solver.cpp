// The parallel solver (search/parallel_solver.hpp): with one thread exactly
// Solver (answers and node counts); with 2 and 4 threads the same exact scores
// and win/draw/loss as Solver on benchmark lines (node counts vary from run
// to run); a deadline stops every thread and leaves the table sound; progress
// reports come on the calling thread with intervals that only narrow.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/parallel_solver.hpp"
#include "search/solver.hpp"
#include "test_util.hpp"

using namespace gs;

namespace {

// Every line of `lines` solved exactly and weakly by Solver and by a
// ParallelSolver with `threads` threads, cold tables for each solve.
void sameAsSolver(const std::vector<std::pair<std::string, int>>& lines, int threads) {
  TranspositionTable tt(std::size_t{16} << 20), ptt(std::size_t{16} << 20);
  Solver<Connect4> one(tt);
  ParallelSolver<Connect4> many(ptt, threads);
  REQUIRE(many.threads() == threads);
  for (const auto& [moves, expected] : lines) {
    INFO(moves << " with " << threads << " threads");
    const Connect4 g = gs_test::fromMoves<Connect4>(moves);
    tt.clear();
    ptt.clear();
    const int score = one.solve(g);
    CHECK(score == expected);
    CHECK(many.solve(g) == score);
    CHECK(!many.aborted());
    tt.clear();
    ptt.clear();
    const int sign = one.solveSign(g);
    CHECK(many.solveSign(g) == sign);
  }
}

}  // namespace

TEST_CASE("Parallel solver: one thread is Solver, node for node", "[solver][threads]") {
  TranspositionTable tt(std::size_t{16} << 20), ptt(std::size_t{16} << 20);
  Solver<Connect4> one(tt);
  ParallelSolver<Connect4> par(ptt, 1);
  CHECK(par.threads() == 1);
  auto lines = gs_test::readBenchmark("Test_L2_R1", 30);
  for (auto& l : gs_test::readBenchmark("Test_L1_R1", 10)) lines.push_back(l);
  for (const auto& [moves, expected] : lines) {
    INFO(moves);
    const Connect4 g = gs_test::fromMoves<Connect4>(moves);
    tt.clear();
    ptt.clear();
    one.resetNodes();
    par.resetNodes();
    CHECK(par.solve(g) == expected);
    CHECK(one.solve(g) == expected);
    CHECK(par.nodes() == one.nodes());
    tt.clear();
    ptt.clear();
    one.resetNodes();
    par.resetNodes();
    CHECK(par.solveSign(g) == one.solveSign(g));
    CHECK(par.nodes() == one.nodes());
  }
  // Tic-Tac-Toe (no table: every tree is small) goes through the same class.
  ParallelSolver<TicTacToe> ttt(ptt, 2);
  CHECK(ttt.solve(TicTacToe{}) == 0);
  CHECK(ttt.solve(gs_test::fromMoves<TicTacToe>("1425")) == 3);
}

TEST_CASE("Parallel solver: 2 and 4 threads give Solver's scores and signs", "[solver][threads]") {
  auto lines = gs_test::readBenchmark("Test_L2_R1", 40);
  for (auto& l : gs_test::readBenchmark("Test_L1_R1", 20)) lines.push_back(l);
  for (auto& l : gs_test::readBenchmark("Test_L2_R2", 10)) lines.push_back(l);
  sameAsSolver(lines, 2);
  sameAsSolver(lines, 4);
}

TEST_CASE("Parallel solver: a warm table shared by 4 threads gives the same scores", "[solver][threads]") {
  // No clear between positions: entries written by every thread for earlier
  // positions are read by all of them.
  TranspositionTable tt(std::size_t{1} << 20);  // small: entries are displaced all the time
  ParallelSolver<Connect4> par(tt, 4);
  for (const auto& [moves, expected] : gs_test::readBenchmark("Test_L1_R1", 30)) {
    INFO(moves);
    const Connect4 g = gs_test::fromMoves<Connect4>(moves);
    CHECK(par.solve(g) == expected);
    CHECK(par.solveSign(g) == (expected > 0) - (expected < 0));
  }
}

TEST_CASE("Parallel solver: a deadline stops every thread and leaves the table sound", "[solver][threads]") {
  TranspositionTable tt(std::size_t{16} << 20);
  ParallelSolver<Connect4> par(tt, 4);
  for (int round = 0; round < 2; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    par.setDeadline(Deadline(t0, 30));
    if (round == 0)
      par.solve(Connect4{});  // the empty board takes minutes
    else
      par.solveSign(Connect4{});
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    CHECK(par.aborted());
    CHECK(ms < 30 + 250);
  }
  par.clearDeadline();
  CHECK(!par.aborted());
  for (const auto& [moves, expected] : gs_test::readBenchmark("Test_L1_R1", 15)) {
    INFO(moves);
    CHECK(par.solve(gs_test::fromMoves<Connect4>(moves)) == expected);
  }
}

TEST_CASE("Parallel solver: progress on the calling thread, intervals that narrow to the score", "[solver][threads]") {
  TranspositionTable tt(std::size_t{16} << 20);
  for (int threads : {1, 3}) {
    ParallelSolver<Connect4> par(tt, threads);
    const auto caller = std::this_thread::get_id();
    std::vector<SolveProgress> seen;
    bool otherThread = false;
    par.setOnProgress([&](const SolveProgress& p) {
      otherThread |= std::this_thread::get_id() != caller;
      seen.push_back(p);
    });
    for (const auto& [moves, expected] : gs_test::readBenchmark("Test_L1_R1", 10)) {
      INFO(moves << " with " << threads << " threads");
      tt.clear();
      par.resetNodes();
      seen.clear();
      CHECK(par.solve(gs_test::fromMoves<Connect4>(moves)) == expected);
      REQUIRE(seen.size() >= 2);  // at least one probe, then the answer
      CHECK(!otherThread);
      for (std::size_t i = 0; i < seen.size(); ++i) {
        CHECK(seen[i].lo <= expected);
        CHECK(expected <= seen[i].hi);
        if (i > 0) {
          CHECK(seen[i].lo >= seen[i - 1].lo);
          CHECK(seen[i].hi <= seen[i - 1].hi);
          CHECK(seen[i].nodes >= seen[i - 1].nodes);
          CHECK(seen[i].ms >= seen[i - 1].ms);
        }
      }
      CHECK(seen.back().lo == expected);
      CHECK(seen.back().hi == expected);
      CHECK(seen.back().nodes == par.nodes());
    }
  }
}

TEST_CASE("Parallel solver: probe reports on the calling thread with bounds that hold and nodes that add up", "[solver][threads]") {
  TranspositionTable tt(std::size_t{16} << 20);
  const auto lines = gs_test::readBenchmark("Test_L1_R2", 3);
  for (int threads : {1, 2}) {
    ParallelSolver<Connect4> par(tt, threads);
    const auto caller = std::this_thread::get_id();
    std::vector<ParallelSolver<Connect4>::ProbeReport> seen;
    bool otherThread = false;
    par.setOnProbe([&](const ParallelSolver<Connect4>::ProbeReport& p) {
      otherThread |= std::this_thread::get_id() != caller;
      seen.push_back(p);
    });
    bool helped = false;  // some probe with nodes of a helper in it
    bool failSoft = false;  // some bound beyond the window (alpha, alpha + 1)
    for (const bool weak : {false, true}) {
      for (const auto& [moves, expected] : lines) {
        INFO(moves << " with " << threads << " threads" << (weak ? ", weak" : ""));
        tt.clear();
        par.resetNodes();
        seen.clear();
        const int value = weak ? par.solveSign(gs_test::fromMoves<Connect4>(moves)) : par.solve(gs_test::fromMoves<Connect4>(moves));
        const int want = weak ? (expected > 0) - (expected < 0) : expected;
        CHECK(value == want);
        REQUIRE(!seen.empty());
        CHECK(!otherThread);
        std::uint64_t sum = 0;
        for (const auto& p : seen) {
          // "Is the value above alpha?" answered with a fail-soft bound. The
          // sign's probes are on the exact score's scale (a win is >= 1).
          if (p.bound <= p.alpha)
            CHECK(expected <= p.bound);
          else
            CHECK(expected >= p.bound);
          CHECK(p.callerNodes <= p.nodes);
          if (threads == 1) CHECK(p.callerNodes == p.nodes);
          helped |= p.nodes > p.callerNodes;
          failSoft |= p.bound < p.alpha || p.bound > p.alpha + 1;
          CHECK(p.ms >= 0);
          sum += p.nodes;
        }
        CHECK(sum == par.nodes());  // every node of the solve is in some probe
      }
    }
    CHECK(helped == (threads > 1));
    if (threads == 1) CHECK(failSoft);  // the bound is the probe's, not its window's edge
  }
  // A deadline: the probe it cuts short is not reported (its result means
  // nothing: the first probe, "a win within 10 moves?", would answer "at
  // most 0"), and the solve ends. The empty board's value is +1.
  for (int threads : {1, 2}) {
    ParallelSolver<Connect4> par(tt, threads);
    std::vector<ParallelSolver<Connect4>::ProbeReport> seen;
    par.setOnProbe([&](const ParallelSolver<Connect4>::ProbeReport& p) { seen.push_back(p); });
    tt.clear();
    const auto t0 = std::chrono::steady_clock::now();
    par.setDeadline(Deadline(t0, 30));
    par.solve(Connect4{});  // the empty board takes far longer
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    CHECK(par.aborted());
    CHECK(ms < 30 + 250);
    for (const auto& p : seen) CHECK((p.bound <= p.alpha ? 1 <= p.bound : 1 >= p.bound));
    par.clearDeadline();
  }
  // A small tree: solve() searches it with one full window (no probe);
  // solveSign() still asks its probes.
  ParallelSolver<Connect4> par(tt, 1);
  int probes = 0;
  par.setOnProbe([&](const ParallelSolver<Connect4>::ProbeReport&) { ++probes; });
  const auto [moves, expected] = gs_test::readBenchmark("Test_L3_R1", 1)[0];
  const Connect4 g = gs_test::fromMoves<Connect4>(moves);
  REQUIRE(Connect4::kMaxPlies - g.plies() <= Solver<Connect4>::kFullWindowEmpty);
  CHECK(par.solve(g) == expected);
  CHECK(probes == 0);
  CHECK(par.solveSign(g) == (expected > 0) - (expected < 0));
  CHECK(probes >= 1);
}

TEST_CASE("Parallel solver: the best move after a solve scores the solve's value", "[solver][threads]") {
  // Early lines (the table's move, checked with a probe), short ones (small
  // trees, no table: every move in turn) and quick wins (no move stored).
  auto lines = gs_test::readBenchmark("Test_L2_R1", 40);
  for (auto& l : gs_test::readBenchmark("Test_L1_R1", 20)) lines.push_back(l);
  for (auto& l : gs_test::readBenchmark("Test_L2_R2", 20)) lines.push_back(l);
  for (auto& l : gs_test::readBenchmark("Test_L3_R1", 20)) lines.push_back(l);
  TranspositionTable tt(std::size_t{16} << 20), ptt(std::size_t{16} << 20);
  Solver<Connect4> check(tt);
  for (int threads : {1, 2}) {
    ParallelSolver<Connect4> par(ptt, threads);
    int found = 0;
    for (const auto& [moves, expected] : lines) {
      INFO(moves << " with " << threads << " threads");
      const Connect4 g = gs_test::fromMoves<Connect4>(moves);
      ptt.clear();
      const int score = par.solve(g);
      REQUIRE(score == expected);
      const int best = par.bestMove(g, score, 60000);
      if (best < 0) continue;
      ++found;
      tt.clear();
      CHECK(check.scoreMove(g, best) == score);
    }
    INFO(threads << " threads");
    CHECK(found == static_cast<int>(lines.size()));
  }
  TranspositionTable small(std::size_t{1} << 20);
  ParallelSolver<TicTacToe> ttt(small, 2);
  for (const std::string moves : {"", "1425", "15"}) {
    INFO(moves);
    const TicTacToe g = gs_test::fromMoves<TicTacToe>(moves);
    const int score = ttt.solve(g);
    const int best = ttt.bestMove(g, score, 60000);
    REQUIRE(best >= 0);
    Solver<TicTacToe> one(small);
    CHECK(one.scoreMove(g, best) == score);
  }
}
