// Tic-Tac-Toe on a 3x3 board as two 9-bit bitboards.
//
// Bit layout (bit index = cell = row * 3 + col, from the top left):
//
//   0 1 2
//   3 4 5        cells as the user writes them: 1..9 in the same order
//   6 7 8
//
// A game of core/game.hpp with every capability: `mask_` holds
// the occupied cells, `current_` the side to move's marks, a move is a cell
// 0..8 or its one-bit `Bits` value. X (the first player) moves on even plies.
// Exact scores: kWinBase = 6, so a win with the 3rd mark scores 3, with the
// 5th mark 1 (see types.hpp).
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

#include "core/types.hpp"

namespace gs {

class TicTacToe {
 public:
  using Bits = std::uint64_t;
  static constexpr int kWidth = 3;
  static constexpr int kHeight = 3;
  static constexpr int kMoveSlots = 9;
  static constexpr int kMaxPlies = 9;
  static constexpr int kWinBase = 6;

  // --- facts (core/game.hpp) ---------------------------------------------
  static constexpr const char* kName = "tictactoe";
  static constexpr const char* kDisplayName = "Tic-Tac-Toe";
  static constexpr const char* kSides[2] = {"X", "O"};
  static constexpr const char* kMoveNoun = "cell";
  static constexpr const char* kTakenText = "is already taken";
  static constexpr const char* kNotationHelp = "cells 1-9, row by row from the top left";
  static constexpr int kLine = 3;
  static constexpr bool kGravity = false;
  static constexpr int kCentreOrder[kMoveSlots] = {4, 0, 2, 6, 8, 1, 3, 5, 7};  // centre, corners, edges
  static constexpr int kTreeMaxDepth = 0;  // the whole tree fits (549,946 nodes)
  static constexpr const char* kBookFile = "";
  static constexpr int kSolveFromPlies = 0;

  bool canPlay(int cell) const {
    assert(cell >= 0 && cell < kMoveSlots);
    return !(mask_ >> cell & 1);
  }
  Bits moveBits(int cell) const { return Bits{1} << cell; }
  // A set of moves & slotMask(cell) is that cell's move, or 0.
  static constexpr Bits slotMask(int cell) { return Bits{1} << cell; }
  static int moveOf(Bits move) { return __builtin_ctzll(move); }
  void play(int cell) { playBits(moveBits(cell)); }
  void playBits(Bits move) {
    current_ ^= mask_;
    mask_ |= move;
    ++plies_;
  }
  Bits legalMoves() const { return kBoard & ~mask_; }

  int plies() const { return plies_; }
  bool isFull() const { return plies_ >= kMaxPlies; }
  bool lastMoverWon() const { return hasLine(current_ ^ mask_); }
  Bits winningSpots() const { return winningSpotsOf(current_, mask_); }
  Bits opponentWinningSpots() const { return winningSpotsOf(current_ ^ mask_, mask_); }
  bool canWinNext() const { return winningSpots() != 0; }
  bool isWinningMove(int cell) const { return (winningSpots() >> cell) & 1; }

  // Precondition: !canWinNext(). 0 when the opponent has two threats.
  Bits nonLosingMoves() const { return nonLosingMoves(opponentWinningSpots()); }
  // The same, given `forced` = opponentWinningSpots() (the solver needs both).
  Bits nonLosingMoves(Bits forced) const {
    if (forced) return (forced & (forced - 1)) ? 0 : forced;
    return legalMoves();
  }
  // Bounds on the win/draw/loss of the side to move (as in Connect4): a side
  // with no line free of the other's marks cannot win.
  int signUpperBound() const { return hasFreeLine(current_) ? 1 : 0; }
  int signLowerBound() const { return hasFreeLine(current_ ^ mask_) ? -1 : 0; }
  Bits spotsAfter(Bits move) const { return winningSpotsOf(current_ | move, mask_ | move); }
  int threatScore(Bits move) const { return __builtin_popcountll(spotsAfter(move)) * 4 + kCellValue[moveOf(move)]; }

  int moveGain(Bits move) const { return kCellValue[moveOf(move)]; }

  // threatScore(move), from the spots the solver already has (spots = spotsAfter(move)).
  int orderScore(Bits move, Bits spots, Bits /*oppSpots*/, bool /*forcing*/) const {
    return __builtin_popcountll(spots) * 4 + kCellValue[moveOf(move)];
  }
  // Whether `move` (one of nonLosingMoves(); `spots` = spotsAfter(move))
  // leaves the opponent two threats to block: the mover then wins with its
  // next mark.
  bool leavesNoDefence(Bits /*move*/, Bits spots) const { return (spots & (spots - 1)) != 0; }
  bool leavesNoDefence(Bits move) const { return leavesNoDefence(move, spotsAfter(move)); }

  std::uint64_t key() const { return mask_ | (current_ << 9); }
  static constexpr int mirrorMove(int cell) { return cell - cell % 3 + 2 - cell % 3; }
  std::uint64_t mirrorKey() const { return mirror(mask_) | (mirror(current_) << 9); }
  static int stonesOfKey(std::uint64_t key) { return __builtin_popcountll(key & kBoard); }

  // The evaluation's features (core/game.hpp, capability f), each counted
  // for the side to move ("mine") and the opponent ("theirs"):
  //   open  lines (rows, columns, diagonals) the other side has no mark on
  //   two   such lines holding two of the side's marks (a win next move)
  static constexpr int kFeatures = 2;
  static constexpr const char* kFeatureNames[kFeatures] = {"open", "two"};
  static constexpr const char* kFeatureHelp[kFeatures] = {
      "lines (rows, columns, diagonals) with none of the opponent's marks: lines the side can still complete",
      "open lines holding two of the side's marks: one move from three in a row"};
  static constexpr int kFeatureWeights[kFeatures] = {1, 4};
  void featureCounts(int mine[kFeatures], int theirs[kFeatures]) const {
    const Bits own = current_, other = current_ ^ mask_;
    mine[0] = mine[1] = theirs[0] = theirs[1] = 0;
    for (Bits l : kLines) {
      int a = __builtin_popcountll(own & l), b = __builtin_popcountll(other & l);
      if (b == 0) mine[0] += 1, mine[1] += (a == 2);
      if (a == 0) theirs[0] += 1, theirs[1] += (b == 2);
    }
  }
  // The cells each feature counts (core/game.hpp, capability f): each open
  // line's three cells, each two's.
  std::vector<std::vector<int>> featureMarks(int k, bool mine) const {
    const Bits own = mine ? current_ : current_ ^ mask_, other = own ^ mask_;
    std::vector<std::vector<int>> groups;
    for (Bits l : kLines) {
      if ((other & l) || (k == 1 && __builtin_popcountll(own & l) != 2)) continue;
      std::vector<int> cells;
      for (int c = 0; c < 9; ++c)
        if (l & (Bits{1} << c)) cells.push_back(c);
      groups.push_back(cells);
    }
    return groups;
  }
  // Heuristic for the side to move: the features' weighted sum, 1 x (open
  // lines, mine - theirs) + 4 x (twos, mine - theirs). Only for positions
  // that are not over.
  int evaluate() const {
    int mine[kFeatures], theirs[kFeatures];
    featureCounts(mine, theirs);
    return kFeatureWeights[0] * (mine[0] - theirs[0]) + kFeatureWeights[1] * (mine[1] - theirs[1]);
  }

  // 0 = empty, 1 = X (first player), 2 = O. `col`, `row` from the top left.
  int cell(int col, int row) const {
    Bits b = Bits{1} << (row * 3 + col);
    if (!(mask_ & b)) return 0;
    bool sideToMoveOwns = (current_ & b) != 0;
    return (sideToMoveOwns == (plies_ % 2 == 0)) ? 1 : 2;
  }
  // Cells (0..8) of the last mover's completed line(s); empty if none.
  std::vector<int> winningCells() const {
    Bits p = current_ ^ mask_, all = 0;
    for (Bits l : kLines)
      if ((p & l) == l) all |= l;
    std::vector<int> cells;
    for (int i = 0; i < 9; ++i)
      if (all >> i & 1) cells.push_back(i);
    return cells;
  }

 private:
  static constexpr Bits kBoard = 0x1FF;
  static constexpr Bits kLines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
  static constexpr int kCellValue[9] = {2, 1, 2, 1, 3, 1, 2, 1, 2};
  static bool hasLine(Bits p) {
    for (Bits l : kLines)
      if ((p & l) == l) return true;
    return false;
  }
  bool hasFreeLine(Bits side) const {
    const Bits other = mask_ & ~side;
    for (Bits l : kLines)
      if (!(other & l)) return true;
    return false;
  }
  static Bits winningSpotsOf(Bits p, Bits mask) {
    Bits r = 0;
    for (Bits l : kLines)
      if (__builtin_popcountll(p & l) == 2) r |= l & ~mask & ~p;
    return r & kBoard & ~mask;
  }
  static Bits mirror(Bits b) {
    Bits m = 0;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        if (b >> (r * 3 + c) & 1) m |= Bits{1} << (r * 3 + 2 - c);
    return m;
  }

  Bits current_ = 0;
  Bits mask_ = 0;
  int plies_ = 0;
};

}  // namespace gs
