// Exact solver: the true game value of a position (exact scores, types.hpp).
//
// Two algorithms, selectable so they can be compared:
//   kMinimax    plain minimax (written as negamax), no pruning, no table, visits
//               the whole game tree including every finished position. The
//               reference: from the empty Tic-Tac-Toe board it visits 549,946 nodes.
//   kAlphaBeta  negamax alpha-beta inside a null-window driver that narrows the
//               score interval [min, max] step by step. Each node
//               1. counts itself, 2. generates only moves that do not lose at
//               once (a node with none is a loss), 3. clamps the window to the
//               best and worst scores still possible, 4. probes the table,
//               5. orders moves by the winning spots they create (centre first on
//               ties), 6. searches them, 7. stores the result as a bound.
//               Ordering and the table can be switched off separately.
//
// `nodes` counts every position the search visits, the root included.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "move_order.hpp"
#include "tt.hpp"
#include "types.hpp"

namespace gs {

enum class Algorithm { kMinimax, kAlphaBeta };

struct SolverOptions {
  Algorithm algorithm = Algorithm::kAlphaBeta;
  bool ordering = true;
  bool table = true;
};

template <class Game>
class Solver {
 public:
  using Bits = typename Game::Bits;

  explicit Solver(TranspositionTable& tt) : tt_(tt) {}

  void setOptions(const SolverOptions& o) { opt_ = o; }
  const SolverOptions& options() const { return opt_; }
  std::uint64_t nodes() const { return nodes_; }
  void resetNodes() { nodes_ = 0; }

  // Exact score of `pos` for the side to move. Finished positions are allowed:
  // a position won by the last mover scores as that loss, a full board 0.
  int solve(const Game& pos) {
    if (pos.lastMoverWon()) {
      ++nodes_;
      return -winScoreAtPly<Game>(pos.plies() - 1);
    }
    if (pos.isFull()) {
      ++nodes_;
      return 0;
    }
    if (opt_.algorithm == Algorithm::kMinimax) return minimax(pos);
    if (pos.canWinNext()) {
      ++nodes_;
      return winScoreAtPly<Game>(pos.plies());
    }
    // Null-window driver: every probe halves the interval (biased towards 0,
    // where most values lie and where proofs are cheapest).
    int lo = -winScoreAtPly<Game>(pos.plies() + 1);
    int hi = winScoreAtPly<Game>(pos.plies() + 2);
    if (pos.plies() + 1 >= Game::kMaxPlies) {  // one move left, and it does not win
      ++nodes_;
      return 0;
    }
    while (lo < hi) {
      int med = lo + (hi - lo) / 2;
      if (med <= 0 && lo / 2 < med)
        med = lo / 2;
      else if (med >= 0 && hi / 2 > med)
        med = hi / 2;
      int r = negamax(pos, med, med + 1);
      if (r <= med)
        hi = r;
      else
        lo = r;
    }
    return lo;
  }

  // Exact score of playing move `m` (0-based) for the side to move, or
  // kIllegal if it cannot be played. Precondition: the game is not over.
  static constexpr int kIllegal = -1000;
  int scoreMove(const Game& pos, int m) {
    if (!pos.canPlay(m)) return kIllegal;
    if (pos.isWinningMove(m)) return winScoreAtPly<Game>(pos.plies());
    Game child = pos;
    child.play(m);
    return -solve(child);
  }

 private:
  int minimax(const Game& pos) {
    ++nodes_;
    if (pos.lastMoverWon()) return -winScoreAtPly<Game>(pos.plies() - 1);
    if (pos.isFull()) return 0;
    int best = -search_score::kInfinity;
    for (int m = 0; m < Game::kMoveSlots; ++m) {
      if (!pos.canPlay(m)) continue;
      Game child = pos;
      child.play(m);
      best = std::max(best, -minimax(child));
    }
    return best;
  }

  // Precondition: the side to move cannot win at once, the game is not over.
  int negamax(const Game& pos, int alpha, int beta) {
    ++nodes_;  // Step 1
    const int plies = pos.plies();
    Bits next = pos.nonLosingMoves();  // Step 2
    if (next == 0) return -winScoreAtPly<Game>(plies + 1);
    if (plies >= Game::kMaxPlies - 2) return 0;

    int lo = -winScoreAtPly<Game>(plies + 3);  // Step 3
    if (alpha < lo) {
      alpha = lo;
      if (alpha >= beta) return alpha;
    }
    int hi = winScoreAtPly<Game>(plies + 2);

    const std::uint64_t key = pos.key();  // Step 4
    if (opt_.table) {
      if (const TTEntry* e = tt_.probe(key)) {
        if (e->bound == Bound::kUpper) hi = std::min<int>(hi, e->score);
        else if (e->bound == Bound::kLower) lo = std::max<int>(lo, e->score);
        else if (e->bound == Bound::kExact) return e->score;
        if (alpha < lo) alpha = lo;
      }
    }
    if (beta > hi) beta = hi;
    if (alpha >= beta) return alpha;

    MoveList<Game> moves;  // Step 5
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      int m = opt_.ordering ? centreOrder<Game>(i) : i;
      if (!pos.canPlay(m)) continue;
      Bits b = pos.moveBits(m);
      if (!(next & b)) continue;
      moves.add(b, opt_.ordering ? pos.threatScore(b) : 0);
    }
    if (opt_.ordering) moves.sortStable();

    for (int i = 0; i < moves.size(); ++i) {  // Step 6
      Game child = pos;
      child.playBits(moves.move(i));
      int score = -negamax(child, -beta, -alpha);
      if (score >= beta) {
        if (opt_.table) tt_.store(key, score, Bound::kLower, Game::kMaxPlies - plies, -1);  // Step 7
        return score;
      }
      if (score > alpha) alpha = score;
    }
    if (opt_.table) tt_.store(key, alpha, Bound::kUpper, Game::kMaxPlies - plies, -1);
    return alpha;
  }

  TranspositionTable& tt_;
  SolverOptions opt_;
  std::uint64_t nodes_ = 0;
};

}  // namespace gs
