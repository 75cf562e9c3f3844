#include "games/connect4/connect4.hpp"

#include <algorithm>
#include <cassert>
#include <array>
#include <vector>

namespace gs {

namespace {

using Bits = std::uint64_t;

// All windows of four cells that can hold a line on a board of w columns and
// h rows (69 on 7x6, at most 107: 8x7 and 7x8), and for every bit index the
// windows through that cell (at most 16).
template <int kMaxWindows>
struct Windows {
  std::array<Bits, kMaxWindows> mask{};
  int count = 0;
  std::array<std::array<std::uint8_t, 16>, 64> through{};
  std::array<std::uint8_t, 64> throughCount{};
  Windows(int w, int h) {
    const int h1 = h + 1;
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (auto& d : dirs)
      for (int c = 0; c < w; ++c)
        for (int r = 0; r < h; ++r) {
          int ec = c + 3 * d[0], er = r + 3 * d[1];
          if (ec < 0 || ec >= w || er < 0 || er >= h) continue;
          Bits m = 0;
          for (int k = 0; k < 4; ++k) m |= Bits{1} << ((c + k * d[0]) * h1 + r + k * d[1]);
          for (int k = 0; k < 4; ++k) {
            int idx = (c + k * d[0]) * h1 + r + k * d[1];
            through[idx][throughCount[idx]++] = static_cast<std::uint8_t>(count);
          }
          assert(count < kMaxWindows);
          mask[count++] = m;
        }
  }
};
using Windows7x6 = Windows<69>;
using WindowsAny = Windows<112>;

// The sized board's windows, rebuilt by Connect4RuntimeShape::set.
WindowsAny& runtimeWindows() {
  static WindowsAny w(7, 6);
  return w;
}

template <class S>
const auto& windowsOf() {
  if constexpr (S::kRuntime) {
    return runtimeWindows();
  } else {
    static const Windows7x6 w(S::kWidth, S::kHeight);
    return w;
  }
}

template <class S>
constexpr Bits bit(int col, int row) {
  return Bits{1} << (col * (S::height() + 1) + row);
}
template <class S>
constexpr Bits columnBits(int col) {
  return ((Bits{1} << S::height()) - 1) << (col * (S::height() + 1));
}
// The centre term's weight of a column: 0 1 2 3 2 1 0 on 7x6, the distance
// to the nearer edge on any width.
template <class S>
int centreWeight(int col) {
  if constexpr (S::kRuntime) {
    return std::min(col, S::width() - 1 - col);
  } else {
    constexpr int kWeight[S::kWidth] = {0, 1, 2, 3, 2, 1, 0};
    return kWeight[col];
  }
}

}  // namespace

Connect4RuntimeShape::Size Connect4RuntimeShape::size_ = Connect4RuntimeShape::make(7, 6);

Connect4RuntimeShape::Size Connect4RuntimeShape::make(int w, int h) {
  assert(fits(w, h));
  Size s{};
  s.width = w;
  s.height = h;
  for (int c = 0; c < w; ++c) s.bottom |= Bits{1} << (c * (h + 1));
  s.board = s.bottom * ((Bits{1} << h) - 1);
  Bits even = 0, odd = 0;
  for (int r = 0; r < h; ++r) (r % 2 ? odd : even) |= Bits{1} << r;
  s.rowsEven = s.bottom * even;
  s.rowsOdd = s.bottom * odd;
  // From the centre outwards, alternating (Pons' order): 3 2 4 1 5 0 6 on 7
  // columns, as Connect4Shape7x6's; 3 2 4 1 5 0 on 6.
  int n = 0;
  for (int i = 0; i < w; ++i) s.order[n++] = w / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
  for (int c = w; c < kMoveSlots; ++c) s.order[n++] = c;
  return s;
}

void Connect4RuntimeShape::set(int w, int h) {
  size_ = make(w, h);
  runtimeWindows() = WindowsAny(w, h);
}

std::string Connect4RuntimeShape::sizesText() {
  // "4x4 to 12x4, 4x5 to 10x5, ...": for each height the widths that fit.
  std::string out;
  for (int h = kMinSide; fits(kMinSide, h); ++h) {
    int maxW = kMinSide;
    while (fits(maxW + 1, h)) ++maxW;
    out += std::string(out.empty() ? "" : ", ") + std::to_string(kMinSide) + "x" + std::to_string(h);
    if (maxW > kMinSide) out += " to " + std::to_string(maxW) + "x" + std::to_string(h);
  }
  return out;
}

// Heuristic evaluation, a weighted linear sum of features, each counted for the
// side to move ("mine") minus the same feature for the opponent:
//   open three   x 6   a window of four with 3 own stones and 1 empty cell
//   open two     x 2   a window with 2 own stones and 2 empty cells
//   good threat  x 12  an empty cell completing four on a row of the right
//                      parity: odd rows (1, 3, 5 from the bottom) for the first
//                      player, even rows for the second (zugzwang control)
//   centre       own stones x 3 in column 4, x 2 in columns 3 and 5, x 1 in 2 and 6
// Open threes include the threats; the threat term rewards parity on top.
template <class S>
void Connect4Board<S>::featureCounts(int mine[kFeatures], int theirs[kFeatures]) const {
  const Bits own = current_;
  const Bits other = current_ ^ mask_;
  for (int k = 0; k < kFeatures; ++k) mine[k] = theirs[k] = 0;
  const auto& w = windowsOf<S>();
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
  const Bits myGood = firstToMove ? S::rowsEven() : S::rowsOdd();
  const Bits theirGood = firstToMove ? S::rowsOdd() : S::rowsEven();
  mine[2] = __builtin_popcountll(winningSpotsOf(own, mask_) & myGood);
  theirs[2] = __builtin_popcountll(winningSpotsOf(other, mask_) & theirGood);
  for (int c = 0; c < S::width(); ++c) {
    Bits cm = columnBits<S>(c);
    mine[3] += centreWeight<S>(c) * __builtin_popcountll(own & cm);
    theirs[3] += centreWeight<S>(c) * __builtin_popcountll(other & cm);
  }
}

template <class S>
std::vector<std::vector<int>> Connect4Board<S>::featureMarks(int k, bool mine) const {
  const Bits own = mine ? current_ : current_ ^ mask_;
  const Bits other = own ^ mask_;
  // The cells of `bits`, as winningCells numbers them.
  auto cellsOf = [](Bits bits) {
    std::vector<int> cells;
    for (int r = 0; r < S::height(); ++r)
      for (int c = 0; c < S::width(); ++c)
        if (bits & bit<S>(c, r)) cells.push_back(c + S::width() * r);
    return cells;
  };
  std::vector<std::vector<int>> groups;
  if (k == 0 || k == 1) {
    const auto& w = windowsOf<S>();
    for (int i = 0; i < w.count; ++i)
      if (!(other & w.mask[i]) && __builtin_popcountll(own & w.mask[i]) == (k == 0 ? 3 : 2))
        groups.push_back(cellsOf(w.mask[i]));
  } else if (k == 2) {
    // The same rows as featureCounts: the side's own (first player 1, 3, 5).
    const bool firstPlayer = ((plies_ % 2) == 0) == mine;
    const Bits good = firstPlayer ? S::rowsEven() : S::rowsOdd();
    for (int cell : cellsOf(winningSpotsOf(own, mask_) & good)) groups.push_back({cell});
  } else if (k == 3) {
    for (int cell : cellsOf(own)) groups.push_back({cell});
  }
  return groups;
}

template <class S>
int Connect4Board<S>::evaluate() const {
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

template <class S>
int Connect4Board<S>::moveGain(Bits move) const {
  const Bits mine = current_, theirs = current_ ^ mask_;
  const auto& w = windowsOf<S>();
  const int idx = __builtin_ctzll(move);
  int gain = 0;
  for (int i = 0; i < w.throughCount[idx]; ++i) {
    Bits m = w.mask[w.through[idx][i]];
    int a = __builtin_popcountll(mine & m), b = __builtin_popcountll(theirs & m);
    gain += windowValue(a + 1, b) - windowValue(a, b);
  }
  return gain + centreWeight<S>(moveOf(move));
}

template <class S>
int Connect4Board<S>::cell(int col, int row) const {
  Bits b = bit<S>(col, row);
  if (!(mask_ & b)) return 0;
  bool sideToMoveOwns = (current_ & b) != 0;
  bool firstToMove = (plies_ % 2) == 0;
  return (sideToMoveOwns == firstToMove) ? 1 : 2;
}

template <class S>
std::vector<int> Connect4Board<S>::winningCells() const {
  std::vector<int> cells;
  Bits p = current_ ^ mask_;
  const auto& w = windowsOf<S>();
  Bits all = 0;
  for (int i = 0; i < w.count; ++i)
    if ((p & w.mask[i]) == w.mask[i]) all |= w.mask[i];
  for (int r = 0; r < S::height(); ++r)
    for (int c = 0; c < S::width(); ++c)
      if (all & bit<S>(c, r)) cells.push_back(c + S::width() * r);
  return cells;
}

template class Connect4Board<Connect4Shape7x6>;
template class Connect4Board<Connect4RuntimeShape>;

}  // namespace gs
