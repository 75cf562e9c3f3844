#include "games/connect4/connect4.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace gs {

namespace {

using Bits = Connect4::Bits;
constexpr int W = Connect4::kWidth;
constexpr int H = Connect4::kHeight;
constexpr int H1 = H + 1;

constexpr Bits bit(int col, int row) { return Bits{1} << (col * H1 + row); }

// All 69 windows of four cells that can hold a line.
struct Windows {
  std::array<Bits, 69> mask{};
  int count = 0;
  // For every bit index, the windows through that cell (at most 16).
  std::array<std::array<std::uint8_t, 16>, 64> through{};
  std::array<std::uint8_t, 64> throughCount{};
  Windows() {
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (auto& d : dirs)
      for (int c = 0; c < W; ++c)
        for (int r = 0; r < H; ++r) {
          int ec = c + 3 * d[0], er = r + 3 * d[1];
          if (ec < 0 || ec >= W || er < 0 || er >= H) continue;
          Bits m = 0;
          for (int k = 0; k < 4; ++k) m |= bit(c + k * d[0], r + k * d[1]);
          for (int k = 0; k < 4; ++k) {
            int idx = (c + k * d[0]) * H1 + r + k * d[1];
            through[idx][throughCount[idx]++] = static_cast<std::uint8_t>(count);
          }
          mask[count++] = m;
        }
  }
};
const Windows& windows() {
  static const Windows w;
  return w;
}

constexpr Bits columnBits(int col) { return ((Bits{1} << H) - 1) << (col * H1); }

}  // namespace

// Heuristic evaluation, a weighted linear sum of features, each counted for the
// side to move ("mine") minus the same feature for the opponent:
//   open three   x 6   a window of four with 3 own stones and 1 empty cell
//   open two     x 2   a window with 2 own stones and 2 empty cells
//   good threat  x 12  an empty cell completing four on a row of the right
//                      parity: odd rows (1, 3, 5 from the bottom) for the first
//                      player, even rows for the second (zugzwang control)
//   centre       own stones x 3 in column 4, x 2 in columns 3 and 5, x 1 in 2 and 6
// Open threes include the threats; the threat term rewards parity on top.
void Connect4::featureCounts(int mine[kFeatures], int theirs[kFeatures]) const {
  const Bits own = current_;
  const Bits other = current_ ^ mask_;
  for (int k = 0; k < kFeatures; ++k) mine[k] = theirs[k] = 0;
  const Windows& w = windows();
  for (int i = 0; i < w.count; ++i) {
    Bits m = w.mask[i];
    int a = __builtin_popcountll(own & m), b = __builtin_popcountll(other & m);
    if (b == 0) {
      mine[0] += (a == 3);
      mine[1] += (a == 2);
    } else if (a == 0) {
      theirs[0] += (b == 3);
      theirs[1] += (b == 2);
    }
  }
  const bool firstToMove = (plies_ % 2) == 0;
  // Rows 1, 3, 5 as people count them (from 1 at the bottom) are rows 0, 2, 4 here.
  const Bits myGood = firstToMove ? kRows024 : kRows135;
  const Bits theirGood = firstToMove ? kRows135 : kRows024;
  mine[2] = __builtin_popcountll(winningSpotsOf(own, mask_) & myGood);
  theirs[2] = __builtin_popcountll(winningSpotsOf(other, mask_) & theirGood);
  const int colWeight[W] = {0, 1, 2, 3, 2, 1, 0};
  for (int c = 0; c < W; ++c) {
    Bits cm = columnBits(c);
    mine[3] += colWeight[c] * __builtin_popcountll(own & cm);
    theirs[3] += colWeight[c] * __builtin_popcountll(other & cm);
  }
}

int Connect4::evaluate() const {
  int mine[kFeatures], theirs[kFeatures];
  featureCounts(mine, theirs);
  int total = 0;
  for (int k = 0; k < kFeatures; ++k) total += kFeatureWeights[k] * (mine[k] - theirs[k]);
  return total;
}

namespace {
// Window term of evaluate() for a window with a own and b opposing stones.
int windowValue(int a, int b) {
  if (b == 0) return a == 3 ? 6 : a == 2 ? 2 : 0;
  if (a == 0) return b == 3 ? -6 : b == 2 ? -2 : 0;
  return 0;
}
}  // namespace

int Connect4::moveGain(Bits move) const {
  const Bits mine = current_, theirs = current_ ^ mask_;
  const Windows& w = windows();
  const int idx = __builtin_ctzll(move);
  int gain = 0;
  for (int i = 0; i < w.throughCount[idx]; ++i) {
    Bits m = w.mask[w.through[idx][i]];
    int a = __builtin_popcountll(mine & m), b = __builtin_popcountll(theirs & m);
    gain += windowValue(a + 1, b) - windowValue(a, b);
  }
  const int colWeight[W] = {0, 1, 2, 3, 2, 1, 0};
  return gain + colWeight[moveOf(move)];
}

int Connect4::cell(int col, int row) const {
  Bits b = bit(col, row);
  if (!(mask_ & b)) return 0;
  bool sideToMoveOwns = (current_ & b) != 0;
  bool firstToMove = (plies_ % 2) == 0;
  return (sideToMoveOwns == firstToMove) ? 1 : 2;
}

std::vector<int> Connect4::winningCells() const {
  std::vector<int> cells;
  Bits p = current_ ^ mask_;
  const Windows& w = windows();
  Bits all = 0;
  for (int i = 0; i < w.count; ++i)
    if ((p & w.mask[i]) == w.mask[i]) all |= w.mask[i];
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c)
      if (all & bit(c, r)) cells.push_back(c + W * r);
  return cells;
}

}  // namespace gs
