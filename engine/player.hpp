// The time-limited computer player: exact when it can be, heuristic otherwise.
//
// For each move, within one time budget:
//   1. If the position is late enough that a proof is likely to fit
//      (kSolveFromStones stones on the board, or always in Tic-Tac-Toe), the
//      exact solver runs with a deadline of kSolveShare of the budget. If it
//      proves the value, every move is scored exactly (same deadline) and one
//      that keeps the value is played (at random among them with random ties).
//   2. Otherwise, or if the proof did not finish in time, iterative deepening
//      (search.hpp) uses the rest of the budget.
// Levels with a depth limit or a temperature (weaker play on purpose) skip
// step 1. The solver has its own table, kept between moves (its entries are
// exact bounds, valid in any later position).
#pragma once

#include <chrono>
#include <random>
#include <vector>

#include "search.hpp"
#include "solver.hpp"
#include "tt.hpp"

namespace gs {

template <class Game>
class Player {
 public:
  using Clock = std::chrono::steady_clock;
  using InfoCallback = typename Searcher<Game>::InfoCallback;

  // Try the solver from this many stones on (Connect Four; measured: from 12
  // stones most positions are proven within a few hundred ms natively).
  static constexpr int kSolveFromStones = Game::kMaxPlies == 42 ? 12 : 0;
  static constexpr double kSolveShare = 0.5;

  Player(TranspositionTable& searchTable, TranspositionTable& solverTable)
      : searcher_(searchTable), solver_(solverTable) {}

  void setSearchOptions(const SearchOptions& o) { searcher_.setOptions(o); }
  // false: never try the solver, iterative deepening only (for comparisons).
  void setExactAttempts(bool on) { exactAttempts_ = on; }
  void setInfoCallback(InfoCallback cb) {
    onInfo_ = cb;
    searcher_.setInfoCallback(std::move(cb));
  }

  // Precondition: the game is not over.
  SearchResult think(const Game& pos, const SearchLimits& limits) {
    const auto start = Clock::now();
    const bool tryExact = exactAttempts_ && limits.timeMs > 0 && limits.maxDepth == 0 && limits.temperature == 0 &&
                          pos.plies() >= kSolveFromStones;
    if (tryExact) {
      SearchResult r;
      auto deadline = start + std::chrono::microseconds(static_cast<long long>(limits.timeMs * 1000.0 * kSolveShare));
      if (solveExactly(pos, limits, deadline, r)) {
        r.info.timeMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (onInfo_) onInfo_(r.info);
        return r;
      }
    }
    SearchLimits rest = limits;
    if (limits.timeMs > 0) {
      int used = static_cast<int>(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
      rest.timeMs = std::max(1, limits.timeMs - used);
    }
    SearchResult r = searcher_.think(pos, rest);
    r.info.nodes += solverNodes_;
    r.info.timeMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return r;
  }

 private:
  bool solveExactly(const Game& pos, const SearchLimits& limits, Clock::time_point deadline, SearchResult& out) {
    solver_.resetNodes();
    solver_.setDeadline(deadline);
    solverNodes_ = 0;
    const int value = solver_.solve(pos);
    std::vector<int> best;
    bool ok = !solver_.aborted();
    for (int i = 0; ok && i < Game::kMoveSlots; ++i) {
      int m = centreOrder<Game>(i);
      if (!pos.canPlay(m)) continue;
      int s = solver_.scoreMove(pos, m);
      if (solver_.aborted()) ok = false;
      else if (s == value) best.push_back(m);
    }
    solverNodes_ = solver_.nodes();
    solver_.clearDeadline();
    if (!ok || best.empty()) return false;
    std::mt19937 rng(limits.seed);
    int move = limits.randomTies ? best[rng() % best.size()] : best.front();
    out.bestMove = move;
    out.info.depth = Game::kMaxPlies - pos.plies();
    out.info.score = value;
    out.info.exact = true;
    out.info.nodes = solverNodes_;
    out.info.pv.assign(1, move);
    return true;
  }

  Searcher<Game> searcher_;
  Solver<Game> solver_;
  InfoCallback onInfo_;
  bool exactAttempts_ = true;
  std::uint64_t solverNodes_ = 0;
};

}  // namespace gs
