// Move ordering helpers: a small fixed-capacity list of moves with scores,
// sorted by insertion (at most 9 moves, so this beats std::sort), and the
// static order each game gives its move slots (Game::kCentreOrder) to break
// ties.
#pragma once

#include "core/game.hpp"

namespace gs {

// i-th move slot in the game's static order: Connect Four columns 4 3 5 2 6
// 1 7, Tic-Tac-Toe centre, corners, edges; a game sized at run time gives
// its board's (core/game.hpp, capability g).
template <class Game>
constexpr int centreOrder(int i) {
  if constexpr (hasRuntimeSize<Game>) return Game::centreOrder(i);
  else return Game::kCentreOrder[i];
}

// Up to N moves (a slot number, a game's one-bit move, or the solver's
// Candidate: a move and its spots) with their scores.
template <class Move, int N>
class MoveList {
 public:
  void add(Move move, int score) {
    moves_[n_] = move;
    scores_[n_] = score;
    ++n_;
  }
  // Highest score first; equal scores keep their insertion order.
  void sortStable() {
    for (int i = 1; i < n_; ++i) {
      Move m = moves_[i];
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
  Move move(int i) const { return moves_[i]; }
  int score(int i) const { return scores_[i]; }

 private:
  // Only the first n_ entries are ever read, so the arrays are left
  // uninitialised: the solver builds one list per node, and zeroing them
  // would be a memset per node.
  Move moves_[N];
  int scores_[N];
  int n_ = 0;
};

}  // namespace gs
