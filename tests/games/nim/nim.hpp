// Nim with three heaps of 2, 3 and 4 counters, as a game of core/game.hpp:
// the test fixture of docs/adding-a-game.md, a game unlike the k-in-a-row
// ones (a move takes counters instead of filling a cell; no threats, no
// lines, no symmetry), to show that the engine's generic searches need only
// the minimal interface.
//
// Rules (normal play): a move takes 1 or more counters from one heap; who
// takes the last counter wins.
//
// Moves: nine slots, one per (heap, count):
//   slot  0 1 | 2 3 4 | 5 6 7 8        written 1..9
//   heap  1 1 | 2 2 2 | 3 3 3 3
//   take  1 2 | 1 2 3 | 1 2 3 4
// so "91" takes all 4 counters of heap 3, then 1 of heap 1 (kHeapOf,
// kTakeOf). Display: row r shows heap r + 1, one cell per counter left (1)
// or taken (0).
//
// Exact scores (core/types.hpp): a game lasts at most 9 moves, kWinBase = 6,
// so a win with the winner's 5th move scores 1. Keys hold the heaps and the
// number of moves played (the exact score depends on it).
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

namespace gs_test {

class Nim {
 public:
  static constexpr const char* kName = "nim";
  static constexpr const char* kDisplayName = "Nim";
  static constexpr const char* kSides[2] = {"First", "Second"};
  static constexpr const char* kMoveNoun = "move";
  static constexpr const char* kTakenText = "takes more than the heap holds";
  static constexpr const char* kNotationHelp = "1-2 take 1-2 from heap 1, 3-5 take 1-3 from heap 2, 6-9 take 1-4 from heap 3";
  static constexpr int kWidth = 4;   // the largest heap
  static constexpr int kHeight = 3;  // one row per heap
  static constexpr int kLine = 0;
  static constexpr bool kGravity = false;
  static constexpr int kMoveSlots = 9;
  static constexpr int kMaxPlies = 9;
  static constexpr int kWinBase = 6;
  static constexpr int kCentreOrder[kMoveSlots] = {8, 4, 1, 7, 3, 0, 6, 2, 5};  // big takes first
  static constexpr int kTreeMaxDepth = 0;
  static constexpr const char* kBookFile = "";
  static constexpr int kSolveFromPlies = 0;

  static constexpr int kHeapOf[kMoveSlots] = {0, 0, 1, 1, 1, 2, 2, 2, 2};
  static constexpr int kTakeOf[kMoveSlots] = {1, 2, 1, 2, 3, 1, 2, 3, 4};

  bool canPlay(int m) const {
    assert(m >= 0 && m < kMoveSlots);
    return heaps_[kHeapOf[m]] >= kTakeOf[m];
  }
  void play(int m) {
    assert(canPlay(m));
    heaps_[kHeapOf[m]] -= kTakeOf[m];
    ++plies_;
  }
  int plies() const { return plies_; }
  bool isFull() const { return heaps_[0] + heaps_[1] + heaps_[2] == 0; }
  bool lastMoverWon() const { return plies_ > 0 && isFull(); }
  // The side to move wins with best play iff the heaps' xor is not 0.
  int evaluate() const { return (heaps_[0] ^ heaps_[1] ^ heaps_[2]) ? 100 : -100; }
  std::uint64_t key() const {
    return static_cast<std::uint64_t>(heaps_[0] | heaps_[1] << 3 | heaps_[2] << 6 | plies_ << 9);
  }
  int cell(int col, int row) const { return col < heaps_[row] ? 1 : 0; }
  std::vector<int> winningCells() const { return {}; }
  int heap(int i) const { return heaps_[i]; }

 private:
  int heaps_[3] = {2, 3, 4};
  int plies_ = 0;
};

}  // namespace gs_test
