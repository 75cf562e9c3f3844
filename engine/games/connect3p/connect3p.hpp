// Connect Four for three (game id "connect3p"): Red, Yellow and Green drop
// stones in turn into a board of 9 columns and 6 rows; the first to have four
// in a row (horizontally, vertically or diagonally) wins; a full board with
// no four is a draw. docs/connect3p.md says why this game.
//
// Bit layout (one 64-bit board per player; bit index = column * 7 + row, row
// 0 at the bottom; the 7th bit of every column is a sentinel that is never
// set, so a shift never carries a line from one column into the next):
//
//     .  .  .  .  .  .  .  .  .     <- sentinel row (bits 6, 13, ..., 62)
//     5 12 19 26 33 40 47 54 61     <- top row
//     4 11 18 25 32 39 46 53 60
//     3 10 17 24 31 38 45 52 59
//     2  9 16 23 30 37 44 51 58
//     1  8 15 22 29 36 43 50 57
//     0  7 14 21 28 35 42 49 56     <- bottom row
//     1  2  3  4  5  6  7  8  9     <- columns as written (move slots 0-8)
//
// 9 x 7 = 63 bits fit one word. Four in a row is the classic shift test
// (Tromp's Fhourstones): for a direction of shift s (1 vertical, 7
// horizontal, 6 and 8 the diagonals), m = b & (b >> s) marks pairs and
// m & (m >> 2s) marks fours.
//
// Players: Red moves on plies 0, 3, 6, ... (player 0), Yellow on 1, 4, ...
// (player 1), Green on 2, 5, ... (player 2): toMove() = plies % 3.
//
// Notation: the move string of the two-player games (core/notation.hpp), one
// digit 1-9 per stone, the columns from the left, players in turn from Red:
// "5564" = Red 5, Yellow 5, Green 6, Red 4. parseMoves() reads it and names
// the bad move ("column 5 at position 7 is full").
//
// A game of core/game.hpp with the players capability (4e) instead of the
// two-player part (section 3): the max^n and paranoid searches
// (search/multiplayer.hpp) play it.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <vector>

namespace gs {

class Connect3p {
 public:
  // --- facts ------------------------------------------------------------------
  static constexpr const char* kName = "connect3p";
  static constexpr const char* kDisplayName = "Connect Four for three";
  static constexpr int kPlayers = 3;
  static constexpr const char* kSides[kPlayers] = {"Red", "Yellow", "Green"};
  static constexpr const char* kMoveNoun = "column";
  static constexpr const char* kTakenText = "is full";
  static constexpr const char* kNotationHelp = "columns 1-9, Red, Yellow and Green in turn";
  static constexpr int kWidth = 9;
  static constexpr int kHeight = 6;
  static constexpr int kLine = 4;
  static constexpr bool kGravity = true;
  static constexpr int kMoveSlots = kWidth;
  static constexpr int kMaxPlies = kWidth * kHeight;  // 54: 18 stones each
  static constexpr int kCentreOrder[kMoveSlots] = {4, 3, 5, 2, 6, 1, 7, 0, 8};
  // The tree explorer's deepest max^n / paranoid tree (9^4 = 6,561 leaves at most).
  static constexpr int kTreeMaxDepth = 4;
  // The evaluation's scale (evaluatePlayers): entries in [0, kEvalMax],
  // summing to at most kEvalSum (and at least kEvalSum - 2: rounding).
  static constexpr int kEvalSum = 1000;
  static constexpr int kEvalMax = kEvalSum * 28 / 30;  // 933

  static constexpr int kColumnBits = kHeight + 1;
  using Bits = std::uint64_t;

  // --- state ------------------------------------------------------------------
  int plies() const { return plies_; }
  int toMove() const { return plies_ % kPlayers; }
  // The player who made the last move; precondition: plies() > 0.
  int lastMover() const {
    assert(plies_ > 0);
    return (plies_ + kPlayers - 1) % kPlayers;
  }
  Bits stones(int player) const { return stones_[player]; }
  Bits occupied() const { return stones_[0] | stones_[1] | stones_[2]; }

  bool canPlay(int col) const {
    assert(col >= 0 && col < kWidth);
    return height_[col] < kHeight;
  }
  // Precondition: canPlay(col) and the game is not over.
  void play(int col) { playAs(toMove(), col); }
  // `player` drops a stone in `col`, whoever's turn it is (best-reply
  // search's trees leave the turn order, search/multiplayer.hpp). plies()
  // counts the stone and lastMoverWon() then says whether `player` has a
  // four; toMove() and lastMover() still follow plies(), so after a move out
  // of turn they no longer name the players (the search keeps track).
  // Precondition: canPlay(col) and the game is not over.
  void playAs(int player, int col) {
    assert(canPlay(col) && player >= 0 && player < kPlayers);
    stones_[player] |= Bits{1} << (col * kColumnBits + height_[col]);
    ++height_[col];
    ++plies_;
    lastWon_ = hasFour(stones_[player]);
  }
  bool lastMoverWon() const { return lastWon_; }
  bool isFull() const { return plies_ == kMaxPlies; }
  bool isOver() const { return lastWon_ || isFull(); }

  // 0 empty, 1 + player (1 Red, 2 Yellow, 3 Green); row 0 at the bottom.
  int cell(int col, int row) const {
    const Bits b = Bits{1} << (col * kColumnBits + row);
    for (int p = 0; p < kPlayers; ++p)
      if (stones_[p] & b) return 1 + p;
    return 0;
  }

  // Cells (col + kWidth * row, row 0 at the bottom) of the last mover's fours.
  std::vector<int> winningCells() const {
    std::vector<int> out;
    if (!lastWon_) return out;
    const Bits b = stones_[lastMover()];
    for (int s : {1, kColumnBits, kColumnBits - 1, kColumnBits + 1}) {
      Bits m = b & (b >> s);
      m &= m >> (2 * s);  // bit i set: stones at i, i+s, i+2s, i+3s
      for (; m; m &= m - 1) {
        const int i = __builtin_ctzll(m);
        for (int k = 0; k < kLine; ++k) {
          const int bit = i + k * s, cellIndex = bit / kColumnBits + kWidth * (bit % kColumnBits);
          bool seen = false;
          for (int c : out) seen = seen || c == cellIndex;
          if (!seen) out.push_back(cellIndex);
        }
      }
    }
    return out;
  }

  // The heuristic value of a position not over, one entry per player, each
  // in [0, kEvalMax], summing to kEvalSum (up to rounding): a player's raw
  // score h is 1 plus, for every window of four cells (a possible line, 99
  // on this board) that holds its stones and no other player's, 1, 4 or 16
  // for one, two or three of its stones. Its entry is a tenth of an equal
  // share plus nine tenths of its share of the raw scores,
  //     kEvalSum x (H + 27 h) / (30 H),   H = h0 + h1 + h2,
  // so the entries sum to kEvalSum (what one player gains the others lose,
  // as in a game that one of them wins) and none exceeds 28/30 of it: a won
  // game (worth kEvalSum - plies to the winner, search/multiplayer.hpp) is
  // always worth more.
  std::array<int, kPlayers> evaluatePlayers() const {
    static constexpr int kWeight[kLine] = {0, 1, 4, 16};
    const Windows& w = windows();
    int h[kPlayers] = {1, 1, 1};
    const Bits all = occupied();
    for (int i = 0; i < w.count; ++i) {
      const Bits win = w.mask[i];
      if (!(all & win)) continue;
      for (int p = 0; p < kPlayers; ++p) {
        const Bits mine = stones_[p] & win;
        if (mine && mine == (all & win)) {
          h[p] += kWeight[__builtin_popcountll(mine)];
          break;
        }
      }
    }
    const int total = h[0] + h[1] + h[2];
    std::array<int, kPlayers> out{};
    for (int p = 0; p < kPlayers; ++p) out[p] = kEvalSum * (total + 27 * h[p]) / (30 * total);
    return out;
  }

  // Every window of four cells, as a bit mask (for the evaluation and tests).
  struct Windows {
    Bits mask[128];
    int count = 0;
  };
  static const Windows& windows() {
    static const Windows w = [] {
      Windows r;
      const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};  // (dcol, drow)
      for (const auto& d : dirs)
        for (int c = 0; c < kWidth; ++c)
          for (int row = 0; row < kHeight; ++row) {
            const int ec = c + 3 * d[0], er = row + 3 * d[1];
            if (ec < 0 || ec >= kWidth || er < 0 || er >= kHeight) continue;
            Bits m = 0;
            for (int k = 0; k < kLine; ++k) m |= Bits{1} << ((c + k * d[0]) * kColumnBits + row + k * d[1]);
            r.mask[r.count++] = m;
          }
      return r;
    }();
    return w;
  }

 private:
  static bool hasFour(Bits b) {
    for (int s : {1, kColumnBits, kColumnBits - 1, kColumnBits + 1}) {
      const Bits m = b & (b >> s);
      if (m & (m >> (2 * s))) return true;
    }
    return false;
  }

  std::array<Bits, kPlayers> stones_{};
  std::array<std::int8_t, kWidth> height_{};
  int plies_ = 0;
  bool lastWon_ = false;
};

}  // namespace gs
