// Move ordering helpers: a small fixed-capacity list of moves with scores,
// sorted by insertion (at most 9 moves, so this beats std::sort), and the
// static "centre first" order used to break ties.
#pragma once

#include <cstdint>

namespace gs {

// i-th move slot in centre-first order: Connect Four columns 4 3 5 2 6 1 7,
// Tic-Tac-Toe centre, corners, edges.
template <class Game>
constexpr int centreOrder(int i) {
  if constexpr (Game::kMoveSlots == 9) {
    constexpr int kOrder[9] = {4, 0, 2, 6, 8, 1, 3, 5, 7};
    return kOrder[i];
  } else {
    return Game::kMoveSlots / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
  }
}

template <class Game>
class MoveList {
 public:
  using Bits = typename Game::Bits;
  void add(Bits move, int score) {
    moves_[n_] = move;
    scores_[n_] = score;
    ++n_;
  }
  // Highest score first; equal scores keep their insertion order.
  void sortStable() {
    for (int i = 1; i < n_; ++i) {
      Bits m = moves_[i];
      int s = scores_[i];
      int j = i;
      for (; j > 0 && scores_[j - 1] < s; --j) {
        moves_[j] = moves_[j - 1];
        scores_[j] = scores_[j - 1];
      }
      moves_[j] = m;
      scores_[j] = s;
    }
  }
  int size() const { return n_; }
  Bits move(int i) const { return moves_[i]; }
  int score(int i) const { return scores_[i]; }

 private:
  // Only the first n_ entries are ever read; not zeroing the arrays saves a
  // memset per node (4 % of the solver's negamax samples in a profile).
  Bits moves_[Game::kMoveSlots];
  int scores_[Game::kMoveSlots];
  int n_ = 0;
};

}  // namespace gs
