// Connect Four as two 64-bit bitboards, on the 7x6 board (Connect4) or on any
// board of W columns and H rows that fits the layout below: W * (H + 1) <= 64,
// W >= 4, H >= 4 (Connect4Sized, size chosen at run time; docs/board-sizes.md).
// One class template, Connect4Board<Shape>, holds the rules for both; the
// Shape gives the board's geometry and masks:
//   Connect4Shape7x6      compile-time constants: the 7x6 code is what it
//                         would be without sizes (every mask folds)
//   Connect4RuntimeShape  one size per process, set by set(W, H) before any
//                         position is made; the masks are computed there
//                         once, and the static facts (kWidth, kMoveSlots,
//                         kMaxPlies...) are the largest board's, as bounds
//
// Bit layout, drawn for 7x6 (bit index = column * 7 + row, row 0 at the bottom; the 7th bit of
// every column is a sentinel that always stays 0 so shifts never wrap):
//
//   .  .  .  .  .  .  .      <- sentinel row (bits 6, 13, 20, ...)
//   5 12 19 26 33 40 47      <- top row
//   4 11 18 25 32 39 46
//   3 10 17 24 31 38 45
//   2  9 16 23 30 37 44
//   1  8 15 22 29 36 43
//   0  7 14 21 28 35 42      <- bottom row
//   1  2  3  4  5  6  7      <- column numbers as the user writes them
//
// `mask_` has a 1 for every occupied cell, `current_` a 1 for every stone of the
// side to move. Worked examples:
//   bottomMask(c) = 1 << (7c)          lowest cell of column c
//   (mask_ + bottomMask(c)) & columnMask(c)
//                 = the cell a disc dropped in column c lands on
//   key() = current_ + mask_ is unique per position: adding mask_ sets the bit
//   just above every column's top stone, which marks each column's height.
//
// On a board of H rows a column has H + 1 bits: bit index = column * (H + 1)
// + row, the sentinel on row H.
//
// Moves are columns 0..W-1 inside the engine and 1..W in text (columns 10,
// 11, 12 of the widest boards are written a, b, c: core/notation.hpp). A move is also
// handled as a one-bit `Bits` value (the landing cell) in the search.
//
// Exact scores (see types.hpp): a win scores kWinBase - (stones the winner has
// placed), kWinBase = 22 on 7x6, so a win with the 4th stone scores 18. On
// the sized boards kWinBase = 31 whatever the size (enough for the 60 cells of
// 4x15, and what the solver table's 6-bit score fields hold).
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.hpp"

namespace gs {

// The 7x6 board: every fact and mask a compile-time constant.
struct Connect4Shape7x6 {
  using Bits = std::uint64_t;
  static constexpr bool kRuntime = false;
  static constexpr int kWidth = 7;
  static constexpr int kHeight = 6;
  static constexpr int kMoveSlots = kWidth;  // moves are columns
  static constexpr int kMaxPlies = kWidth * kHeight;
  static constexpr int kWinBase = 22;
  static constexpr int kCentreOrder[kMoveSlots] = {3, 2, 4, 1, 5, 0, 6};  // columns 4 3 5 2 6 1 7
  static constexpr const char* kNotationHelp = "columns 1-7, left to right";
  static constexpr const char* kBookFile = "book.bin";
  static constexpr int width() { return kWidth; }
  static constexpr int height() { return kHeight; }
  static constexpr int cells() { return kMaxPlies; }
  // bottom cell of every column, every playable cell, and the rows counted
  // from 0 at the bottom (people count from 1: their odd rows 1, 3, 5 are
  // rows 0, 2, 4 here)
  static constexpr Bits bottom() { return 0x0040810204081ULL; }
  static constexpr Bits board() { return bottom() * ((Bits{1} << kHeight) - 1); }
  static constexpr Bits rowsEven() { return bottom() * 0x15; }
  static constexpr Bits rowsOdd() { return bottom() * 0x2A; }
  static constexpr int centreOrder(int i) { return kCentreOrder[i]; }
};

// A board of any size that fits (fits(W, H)), chosen at run time for the whole
// process: set(W, H) computes the masks, the centre order and the
// evaluation's windows once. Precondition of set: no position of the old
// size is still in use (and no search runs). The static facts are bounds
// over every size (the widest board has 12 columns, the tallest 15 rows, the
// largest 60 cells); width(), height() and cells() are the board's.
class Connect4RuntimeShape {
 public:
  using Bits = std::uint64_t;
  static constexpr bool kRuntime = true;
  static constexpr int kMinSide = 4;
  static constexpr int kWidth = 12;   // the widest board (12x4)
  static constexpr int kHeight = 15;  // the tallest board (4x15)
  static constexpr int kMoveSlots = kWidth;
  static constexpr int kMaxPlies = 60;  // the most cells (4x15)
  static constexpr int kWinBase = 31;   // > kMaxPlies / 2, and fits the solver table's fields
  // The widest board's centre order; centreOrder(i) is the board's.
  static constexpr int kCentreOrder[kMoveSlots] = {6, 5, 7, 4, 8, 3, 9, 2, 10, 1, 11, 0};
  static constexpr const char* kNotationHelp = "columns 1-9, then a, b, c for 10-12, left to right";
  static constexpr const char* kBookFile = "";

  // Whether a board of w columns and h rows fits the layout.
  static constexpr bool fits(int w, int h) { return w >= kMinSide && h >= kMinSide && w * (h + 1) <= 64; }
  // "4x4 to 12x4, 4x5 to 10x5, ...": every board that fits, for messages.
  static std::string sizesText();
  // Precondition: fits(w, h), and no position of the previous size in use.
  static void set(int w, int h);

  static int width() { return size_.width; }
  static int height() { return size_.height; }
  static int cells() { return size_.width * size_.height; }
  static Bits bottom() { return size_.bottom; }
  static Bits board() { return size_.board; }
  static Bits rowsEven() { return size_.rowsEven; }
  static Bits rowsOdd() { return size_.rowsOdd; }
  // The board's columns from the centre outwards (left of centre first on a
  // tie), then the slots beyond its width, which are never legal.
  static int centreOrder(int i) { return size_.order[i]; }

 private:
  struct Size {
    int width, height;
    Bits bottom, board, rowsEven, rowsOdd;
    int order[kMoveSlots];
  };
  static Size make(int w, int h);
  static Size size_;  // 7x6 until set() (connect4.cpp)
};

template <class Shape>
class Connect4Board {
  using S = Shape;

 public:
  using Bits = std::uint64_t;
  static constexpr int kWidth = S::kWidth;
  static constexpr int kHeight = S::kHeight;
  static constexpr int kMoveSlots = S::kMoveSlots;
  static constexpr int kMaxPlies = S::kMaxPlies;
  static constexpr int kWinBase = S::kWinBase;
  static_assert(kWidth * (kHeight + 1) <= 64 || S::kRuntime, "board must fit in 64 bits");

  // --- facts (core/game.hpp) ---------------------------------------------
  static constexpr const char* kName = "connect4";
  static constexpr const char* kDisplayName = "Connect Four";
  static constexpr const char* kSides[2] = {"Red", "Yellow"};
  static constexpr const char* kMoveNoun = "column";
  static constexpr const char* kTakenText = "is full";
  static constexpr const char* kNotationHelp = S::kNotationHelp;
  static constexpr int kLine = 4;
  static constexpr bool kGravity = true;
  static constexpr const int (&kCentreOrder)[kMoveSlots] = S::kCentreOrder;
  // The tree explorer's full trees grow about 5x per ply: 8 plies stay
  // within a second in the browser.
  static constexpr int kTreeMaxDepth = 8;
  static constexpr const char* kBookFile = S::kBookFile;
  // From 10 stones on most win/draw/loss values are proven within a few
  // hundred ms (docs/levels.md), so the player tries the solver from there.
  static constexpr int kSolveFromPlies = 10;
  // On a board sized at run time the player tries the solver from as few
  // empty cells as 7x6 has at kSolveFromPlies (32): a small board from its
  // first move, a large one later (search/player.hpp).
  static constexpr int kSolveEmptyCells = Connect4Shape7x6::kMaxPlies - kSolveFromPlies;

  // --- the board's size (core/game.hpp, capability g) ---------------------
  // On 7x6 the facts above; on a sized board what Connect4RuntimeShape::set
  // chose.
  static constexpr bool kRuntimeSize = S::kRuntime;
  // The game of every size (the CLI's --size): Connect4Sized.
  using Sized = Connect4Board<Connect4RuntimeShape>;
  // Chooses the sized board (precondition: Sized::fits(w, h); no position
  // of another size in use).
  static void setSize(int w, int h) { Connect4RuntimeShape::set(w, h); }
  static constexpr bool fits(int w, int h) { return Connect4RuntimeShape::fits(w, h); }
  static std::string sizesText() { return Connect4RuntimeShape::sizesText(); }
  static int width() { return S::width(); }
  static int height() { return S::height(); }
  static int cells() { return S::cells(); }
  static int centreOrder(int i) { return S::centreOrder(i); }
  // Bits of key(): a column and its sentinel per column.
  static int keyBits() { return S::width() * (S::height() + 1); }

  // --- moves -------------------------------------------------------------
  // Precondition: col in [0, kMoveSlots); false beyond the board's width.
  bool canPlay(int col) const {
    assert(col >= 0 && col < kWidth);
    if constexpr (S::kRuntime) {
      if (col >= S::width()) return false;
    }
    return (mask_ & topMask(col)) == 0;
  }
  Bits moveBits(int col) const { return (mask_ + bottomMask(col)) & columnMask(col); }
  // Every cell a move in `col` can ever fill: a set of moves (legalMoves(),
  // nonLosingMoves()) & slotMask(col) is that column's move, or 0 (also for
  // a slot beyond the board's width).
  static constexpr Bits slotMask(int col) {
    if constexpr (S::kRuntime) {
      if (col >= S::width()) return 0;
    }
    return columnMask(col);
  }
  static int moveOf(Bits move) { return __builtin_ctzll(move) / (S::height() + 1); }
  // Precondition: canPlay(col).
  void play(int col) { playBits(moveBits(col)); }
  // Precondition: `move` is one bit of legalMoves().
  void playBits(Bits move) {
    current_ ^= mask_;
    mask_ |= move;
    ++plies_;
  }
  Bits legalMoves() const { return (mask_ + S::bottom()) & S::board(); }

  // --- game state ----------------------------------------------------------
  int plies() const { return plies_; }
  bool isFull() const { return plies_ >= S::cells(); }
  // True when the player who made the last move has four in a row.
  bool lastMoverWon() const { return hasFour(current_ ^ mask_); }
  // Cells where the side to move would complete four (empty, maybe not playable yet).
  Bits winningSpots() const { return winningSpotsOf(current_, mask_); }
  Bits opponentWinningSpots() const { return winningSpotsOf(current_ ^ mask_, mask_); }
  bool canWinNext() const { return (winningSpots() & legalMoves()) != 0; }
  bool isWinningMove(int col) const { return (winningSpots() & moveBits(col)) != 0; }

  // Bounds on the win/draw/loss of the side to move from the lines of four
  // still open, without search (docs/solver.md, "Bounds from the lines
  // still open").
  //   signUpperBound(): 1 (no bound), 0 (the mover cannot win), -1 (it loses).
  //   signLowerBound(): -1 (no bound), 0 (the mover cannot lose), 1 (it wins).
  // A side cannot win without a line free of the other's stones. Beyond that,
  // the follow-up (Allis's "claimeven"): once every column has an even number
  // of empty cells, the second player can answer every move on top of it in
  // the same column, so the first player only ever gets the empty cells of
  // rows 0, 2 and 4 (counting from 0 at the bottom) and the second player
  // those of rows 1, 3 and 5. A column with an odd number of empty cells has
  // its lowest empty cell on row 1, 3 or 5; those cells are paired: whenever
  // the first player takes one, the second player takes another (there is
  // one: the first player moves with an even number of odd columns), after
  // which both columns are even again. With the second player to move (an
  // odd number of odd columns) it takes one of them first, its choice. So
  // the first player's cells are at most its stones, the empty cells of
  // rows 0, 2, 4 and the lowest cells of the odd columns; if no line fits
  // in them, it cannot win. If in addition the second player's sure cells
  // (rows 1, 3, 5 above the odd columns' lowest cells) hold a line, it wins.
  // The argument holds for any width and any even height (rows 0, 2, 4, ...
  // and 1, 3, 5, ...); on a board of odd height a full column has an odd
  // number of cells and no such pairing exists, so there only the first
  // sentence's bound is used.
  int signUpperBound() const {
    const Bits empty = S::board() & ~mask_;
    if constexpr (S::kRuntime) {
      if (S::height() & 1) return hasFour(current_ | empty) ? 1 : 0;
    }
    if (plies_ & 1) return hasFour(current_ | empty) ? 1 : 0;  // the mover plays second
    const Bits odd = (mask_ + S::bottom()) & S::rowsOdd();  // lowest empty cell of each odd column
    if (hasFour(current_ | (empty & S::rowsEven()) | odd)) return 1;
    return hasFour((current_ ^ mask_) | (empty & S::rowsOdd() & ~odd)) ? -1 : 0;
  }
  int signLowerBound() const {
    const Bits empty = S::board() & ~mask_;
    const Bits opponent = current_ ^ mask_;
    if constexpr (S::kRuntime) {
      if (S::height() & 1) return hasFour(opponent | empty) ? -1 : 0;
    }
    if (!(plies_ & 1)) return hasFour(opponent | empty) ? -1 : 0;  // the mover plays first
    const Bits odd = (mask_ + S::bottom()) & S::rowsOdd();
    const Bits firstCells = opponent | (empty & S::rowsEven()) | odd;
    const Bits secondCells = current_ | (empty & S::rowsOdd() & ~odd);
    int bound = -1;
    for (Bits rest = odd; rest; rest &= rest - 1) {  // the odd column the mover takes first
      const Bits taken = rest & (0 - rest);
      if (hasFour(firstCells & ~taken)) continue;
      if (hasFour(secondCells | taken)) return 1;
      bound = 0;
    }
    if (bound < 0 && !hasFour(opponent | empty)) bound = 0;
    return bound;
  }

  // Moves that do not let the opponent win at once. 0 when every move loses
  // (two open threats, or a threat directly above the only blocking cell).
  // Precondition: !canWinNext().
  Bits nonLosingMoves() const { return nonLosingMoves(opponentWinningSpots()); }
  // The same, given `oppWin` = opponentWinningSpots() (the solver needs both).
  Bits nonLosingMoves(Bits oppWin) const {
    Bits possible = legalMoves();
    Bits forced = possible & oppWin;
    if (forced) {
      if (forced & (forced - 1)) return 0;  // two threats to block
      possible = forced;
    }
    return possible & ~(oppWin >> 1);  // never play just below an opponent's threat
  }
  // Winning spots `move` leaves the mover (empty cells, maybe not playable
  // yet): what the solver's quick-win test and ordering below are written over,
  // computed once per move, and the child's opponentWinningSpots(), which the
  // solver hands to it.
  Bits spotsAfter(Bits move) const { return winningSpotsOf(current_ | move, mask_ | move); }
  // Whether `move` (one of nonLosingMoves(); `spots` = spotsAfter(move))
  // leaves the opponent no move that does not lose at once (two threats to
  // block, or a threat right above the only block, or every move under a
  // threat): the mover then wins with its next stone. The same as
  // nonLosingMoves() == 0 after the move.
  bool leavesNoDefence(Bits move, Bits spots) const {
    const Bits legal = ((mask_ | move) + S::bottom()) & S::board();
    const Bits forced = legal & spots;
    if (forced & (forced - 1)) return true;
    return ((forced ? forced : legal) & ~(spots >> 1)) == 0;
  }
  bool leavesNoDefence(Bits move) const { return leavesNoDefence(move, spotsAfter(move)); }
  // Ordering score of a move: how many winning spots it leaves the mover.
  int threatScore(Bits move) const { return countSparse(spotsAfter(move)); }
  // Solver ordering score of `move` (`spots` = spotsAfter(move), `oppSpots`
  // = opponentWinningSpots() before it). With `forcing` (a probe about a
  // short game): the spots, those playable at once (the opponent must
  // answer) three times. Otherwise only the useful spots count, those not
  // right above an opponent's spot (the opponent wins below them first), and
  // a useful spot right above a playable cell four times: the opponent can no
  // longer play that column, the strongest hold on the board in a long game.
  // (docs/solver.md, "Move ordering".)
  int orderScore(Bits move, Bits spots, Bits oppSpots, bool forcing) const {
    const Bits legal = ((mask_ | move) + S::bottom()) & S::board();
    if (forcing) return countSparse(spots) + 2 * countSparse(spots & legal);
    const Bits useful = spots & ~(oppSpots << 1);
    return countSparse(useful) + 3 * countSparse(useful & (legal << 1));
  }

  // Change of the evaluation's window and centre terms (for the mover) that
  // playing `move` makes: a cheap, incremental evaluation for move ordering.
  int moveGain(Bits move) const;

  std::uint64_t key() const { return current_ + mask_; }
  // The column that mirrors `col` left-right.
  static constexpr int mirrorMove(int col) { return S::width() - 1 - col; }
  // Key of the left-right mirror image; min(key, mirrorKey) is symmetric.
  std::uint64_t mirrorKey() const {
    const std::uint64_t k = key();
    if constexpr (S::kRuntime) {
      const int s = S::height() + 1, w = S::width();
      const std::uint64_t c = (Bits{1} << s) - 1;  // one column
      std::uint64_t m = 0;
      for (int col = 0; col < w; ++col) m |= ((k >> (col * s)) & c) << ((w - 1 - col) * s);
      return m;
    } else {
      constexpr std::uint64_t c = (Bits{1} << (kHeight + 1)) - 1;  // one column
      constexpr int s = kHeight + 1;
      static_assert(kWidth == 7, "mirrorKey is written for 7 columns");
      return ((k & c) << 6 * s) | ((k & c << s) << 4 * s) | ((k & c << 2 * s) << 2 * s) | (k & c << 3 * s) |
             ((k >> 2 * s) & c << 2 * s) | ((k >> 4 * s) & c << s) | ((k >> 6 * s) & c);
    }
  }
  // Stones on the board of the position whose key() is `key`. In every column
  // key + 1 has its highest bit at the column's height (mask = 2^h - 1 plus
  // stones below 2^h), so smearing that bit down counts height + 1.
  static int stonesOfKey(std::uint64_t key) {
    if constexpr (S::kRuntime) {
      const int s = S::height() + 1;
      const std::uint64_t c = (Bits{1} << s) - 1;
      int stones = 0;
      for (int col = 0; col < S::width(); ++col) stones += 63 - __builtin_clzll(((key >> (col * s)) & c) + 1);
      return stones;
    } else {
      constexpr Bits kBottom = S::bottom();
      std::uint64_t t = key + kBottom;
      t |= (t >> 1) & ~(kBottom << 6);
      t |= (t >> 2) & ~(kBottom * 0x60);
      t |= (t >> 4) & ~(kBottom * 0x78);
      return __builtin_popcountll(t) - kWidth;
    }
  }

  // The evaluation's features (core/game.hpp, capability f), each counted
  // for the side to move ("mine") and the opponent ("theirs"):
  //   three   windows of four cells holding three of the side's stones and
  //           none of the other's (one stone from a line)
  //   two     such windows holding two of the side's stones
  //   threat  the side's winning spots (empty cells that complete a four) on
  //           the rows it can hope to claim: rows 1, 3, 5 (counted from 1 at
  //           the bottom) for the first player, 2, 4, 6 for the second
  //   centre  the side's stones weighted by column: 0 1 2 3 2 1 0 (on any
  //           width: the distance to the nearer edge)
  static constexpr int kFeatures = 4;
  static constexpr const char* kFeatureNames[kFeatures] = {"three", "two", "threat", "centre"};
  static constexpr const char* kFeatureHelp[kFeatures] = {
      "lines of four with three of the side's discs and room for the fourth",
      "lines of four with two of the side's discs and room for two more",
      ("empty cells that would complete the side's four, on the rows it can hope to claim (odd rows for the first "
       "player, even rows for the second, counted from the bottom)"),
      "the side's discs, each worth its distance from the nearer edge (0 1 2 3 2 1 0 on seven columns)"};
  static constexpr int kFeatureWeights[kFeatures] = {6, 2, 12, 1};
  void featureCounts(int mine[kFeatures], int theirs[kFeatures]) const;
  // The cells each feature counts (core/game.hpp, capability f): three and
  // two, each window's four cells; threat, each spot; centre, each stone
  // (counted with its column's weight, so its groups are the stones).
  std::vector<std::vector<int>> featureMarks(int k, bool mine) const;

  // Heuristic value for the side to move: the features' weighted sum,
  // sum of kFeatureWeights[k] x (mine[k] - theirs[k]). Only for positions
  // that are not over.
  int evaluate() const;

  // 0 = empty, 1 = first player, 2 = second player. Row 0 is the bottom.
  int cell(int col, int row) const;
  // Cells of the last mover's four in a row (every cell of every line if
  // more than one), as col + width() * row with row 0 at the bottom; empty if none.
  std::vector<int> winningCells() const;

 private:
  static constexpr Bits bottomMask(int col) { return Bits{1} << (col * (S::height() + 1)); }
  static constexpr Bits topMask(int col) { return Bits{1} << (S::height() - 1 + col * (S::height() + 1)); }
  static constexpr Bits columnMask(int col) {
    return ((Bits{1} << S::height()) - 1) << (col * (S::height() + 1));
  }

  // Number of set bits, fast for the few bits of a threat set (a single
  // instruction where the target has one).
  static int countSparse(Bits b) {
#if defined(__POPCNT__)
    return __builtin_popcountll(b);
#else
    int n = 0;
    for (; b; b &= b - 1) ++n;
    return n;
#endif
  }
  static bool hasFour(Bits p) {
    if constexpr (S::kRuntime) {
      const int h = S::height();
      const int shifts[4] = {1, h, h + 1, h + 2};  // |, \, -, /
      for (int s : shifts) {
        Bits m = p & (p >> s);
        if (m & (m >> (2 * s))) return true;
      }
      return false;
    } else {
      constexpr int kShifts[4] = {1, kHeight, kHeight + 1, kHeight + 2};  // |, \, -, /
      for (int s : kShifts) {
        Bits m = p & (p >> s);
        if (m & (m >> (2 * s))) return true;
      }
      return false;
    }
  }
  // Empty cells (maybe not playable yet) where stones `p` would complete four.
  // Always inline: the solver calls it for every node and every move it
  // orders, and GCC would keep it out of line (docs/benchmarks.md has the
  // measurement).
  __attribute__((always_inline)) static Bits winningSpotsOf(Bits p, Bits mask) {
    const int H = S::height(), H1 = S::height() + 1;
    Bits r = (p << 1) & (p << 2) & (p << 3);  // vertical: three stacked stones, the spot above
    for (int s : {H1, H, H + 2}) {            // horizontal, and the two diagonals
      Bits t = (p << s) & (p << 2 * s);
      r |= t & (p << 3 * s);
      r |= t & (p >> s);
      t = (p >> s) & (p >> 2 * s);
      r |= t & (p << s);
      r |= t & (p >> 3 * s);
    }
    return r & (S::board() ^ mask);
  }

  Bits current_ = 0;
  Bits mask_ = 0;
  int plies_ = 0;
};

// Connect Four on 7x6, with its opening book: the game of the registry.
using Connect4 = Connect4Board<Connect4Shape7x6>;
// Connect Four on the board Connect4RuntimeShape::set chose.
using Connect4Sized = Connect4Board<Connect4RuntimeShape>;

}  // namespace gs
