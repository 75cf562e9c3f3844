// EinStein würfelt nicht! (Ingo Althöfer, 2004): a race of numbered cubes on
// a 5x5 board, where a die decides which cube moves.
//
// Board (cell = row * 5 + col; columns a-e, rows 1-5 from the top):
//
//          a   b   c   d   e
//      1   0   1   2   3   4      Red (first player) starts on a1 b1 c1 a2 b2
//      2   5   6   7   8   9      a3 (its corner triangle) and races to e5;
//      3  10  11  12  13  14      Blue starts on e5 d5 c5 e4 d4 e3 and races
//      4  15  16  17  18  19      to a1.
//      5  20  21  22  23  24
//
// Rules. Each side has cubes 1-6, placed on its six start cells as it likes
// (a set-up: kStartCells lists the cells in set-up order). Red moves first.
// Before each move the player rolls the die: face f moves cube f if it is
// still on the board, else the player picks the next lower or the next
// higher cube still on the board (whichever exist). The cube steps one cell
// towards the opponent's corner: Red right (h), down (v) or diagonally
// right-down (d); Blue left (h), up (v) or diagonally left-up (d); never off
// the board. A cube on the target cell is captured, whoever owns it. A side
// wins by moving a cube onto the opponent's corner (Red e5, Blue a1) or by
// capturing all the opponent's cubes. Every move brings a cube closer to its
// goal (the sum of its row and column distances drops), so a game ends
// within kMaxPlies moves and has no draws; a side with a cube always has a
// legal move.
//
// A game of core/game.hpp with the chance capability: a position is either
// at chance (the die is not rolled yet: atChance(), no move is legal) or
// rolled (roll() = the face). Move slots, after the roll:
//   slot = 3 * which + dir
//   which  0: the only cube the die allows, or the lower-numbered of two
//          1: the higher-numbered of two
//   dir    0 h (horizontal), 1 v (vertical), 2 d (diagonal)
// so at most 2 cubes x 3 directions = 6 slots. Chance outcomes are die faces
// 1-6; faces that allow the same cubes are merged into one outcome of summed
// weight (with cubes 2 and 3 gone, faces 2 and 3 both move 1 or 4).
//
// State: `board_[cell]` 0 empty, +n Red's cube n, -n Blue's cube n;
// `at_[side][n]` the cell of the side's cube n (-1 captured); `alive_[side]`
// bit n set while cube n is on the board. The key packs the twelve cubes'
// cells (5 bits each, 31 = captured), the side to move and the roll: 64 bits.
//
// The text notation of positions (set-ups, then die rolls and moves) is in
// einstein_notation.hpp.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace gs {

class Einstein {
 public:
  static constexpr int kSize = 5;
  static constexpr int kCells = kSize * kSize;
  static constexpr int kCubes = 6;
  static constexpr int kWidth = kSize;
  static constexpr int kHeight = kSize;
  static constexpr int kMoveSlots = 6;
  // Red needs at most 29 moves that do not win (its six cubes' distances,
  // 40 at the start, can drop to 1+1+2+2+2+3 on distinct cells) plus the
  // winning one; Blue the same: 60 plies.
  static constexpr int kMaxPlies = 60;
  static constexpr int kWinBase = 31;  // (exact scores are not used: no solver)

  // --- facts (core/game.hpp) ---------------------------------------------
  static constexpr const char* kName = "einstein";
  static constexpr const char* kDisplayName = "EinStein w\u00fcrfelt nicht!";
  static constexpr const char* kSides[2] = {"Red", "Blue"};
  static constexpr const char* kMoveNoun = "move";
  static constexpr const char* kTakenText = "is not possible";
  static constexpr const char* kNotationHelp =
      "RED/BLUE:TURNS, e.g. 123456/654321:66d,44h,5; set-ups of six digits (or ? for random), "
      "each turn a die face, a cube and h, v or d (docs/einstein.md)";
  static constexpr int kLine = 0;
  static constexpr bool kGravity = false;
  static constexpr int kCentreOrder[kMoveSlots] = {2, 5, 0, 3, 1, 4};  // diagonals first: they gain the most
  static constexpr int kTreeMaxDepth = 4;
  static constexpr const char* kBookFile = "";
  static constexpr int kSolveFromPlies = 0;

  // --- chance (core/game.hpp, capability d) --------------------------------
  static constexpr int kChanceTotal = 6;
  static constexpr int kMaxChanceOutcomes = 6;

  // Start cells in set-up order: a set-up "abcdef" puts cube a on the first.
  static constexpr int kStartCells[2][kCubes] = {{0, 1, 2, 5, 6, 10}, {24, 23, 22, 19, 18, 14}};
  static constexpr int kGoal[2] = {24, 0};
  static constexpr int kRed = 0, kBlue = 1;

  // The standard set-up 123456 for both sides.
  Einstein() {
    const int standard[kCubes] = {1, 2, 3, 4, 5, 6};
    placeSetups(standard, standard);
  }
  // Precondition: red and blue are permutations of 1..6 (isSetup).
  Einstein(const int red[kCubes], const int blue[kCubes]) { placeSetups(red, blue); }

  static bool isSetup(const int s[kCubes]) {
    int seen = 0;
    for (int i = 0; i < kCubes; ++i) {
      if (s[i] < 1 || s[i] > kCubes || (seen >> s[i] & 1)) return false;
      seen |= 1 << s[i];
    }
    return true;
  }

  // A hand-made position (tests, docs): cells[c] as board_ (0, +n Red's
  // cube n, -n Blue's), `side` to move, `plies` moves played so far, `roll`
  // 0 (at chance) or 1..6. Returns "" or why the position is not one
  // (a cube twice, a number out of range).
  std::string setCells(const std::array<int, kCells>& cells, int side, int plies, int roll) {
    Einstein e;
    e.board_.fill(0);
    for (auto& a : e.at_) a.fill(-1);
    e.alive_[0] = e.alive_[1] = 0;
    for (int c = 0; c < kCells; ++c) {
      const int v = cells[c];
      if (v == 0) continue;
      if (v < -kCubes || v > kCubes) return "cell " + cellName(c) + " holds " + std::to_string(v) + ", not a cube -6..6";
      const int s = v > 0 ? kRed : kBlue, n = std::abs(v);
      if (e.alive_[s] >> n & 1) return std::string(kSides[s]) + "'s cube " + std::to_string(n) + " is on the board twice";
      e.board_[c] = static_cast<std::int8_t>(v);
      e.at_[s][n] = static_cast<std::int8_t>(c);
      e.alive_[s] = static_cast<std::uint8_t>(e.alive_[s] | 1 << n);
    }
    if ((side != kRed && side != kBlue) || plies < 0 || plies % 2 != side || plies > kMaxPlies)
      return "the side to move must be the parity of the plies played";
    if (roll < 0 || roll > kCubes) return "the roll must be 0 (not rolled) or 1-6";
    e.plies_ = plies;
    e.roll_ = 0;
    if (roll) {
      if (e.isOverNow()) return "a roll after the game has ended";
      e.roll_ = roll;
    }
    *this = e;
    return "";
  }

  // --- state ----------------------------------------------------------------
  int sideToMove() const { return plies_ % 2; }
  int roll() const { return roll_; }  // 0 before the die is rolled
  int plies() const { return plies_; }
  // Signed content of a cell: 0, +n Red's cube n, -n Blue's cube n.
  int at(int cellIndex) const { return board_[cellIndex]; }
  int cubeCell(int side, int n) const { return at_[side][n]; }  // -1: captured
  int cubesLeft(int side) const { return __builtin_popcount(alive_[side]); }

  // --- the die --------------------------------------------------------------
  bool atChance() const { return roll_ == 0 && !isOverNow(); }
  void applyChance(int face) {
    assert(atChance() && face >= 1 && face <= kCubes);
    roll_ = face;
  }
  // The cubes `side` may move after rolling `face`, lower first; returns how
  // many (1 or 2; 0 only if the side has no cube left).
  int movableCubes(int side, int face, int out[2]) const {
    const unsigned alive = alive_[side];
    if (alive >> face & 1) {
      out[0] = face;
      return 1;
    }
    int k = 0;
    for (int n = face - 1; n >= 1; --n)
      if (alive >> n & 1) {
        out[k++] = n;
        break;
      }
    for (int n = face + 1; n <= kCubes; ++n)
      if (alive >> n & 1) {
        out[k++] = n;
        break;
      }
    return k;
  }
  int chanceOutcomes(ChanceOutcome out[]) const {
    assert(atChance());
    int count = 0, setOf[kCubes + 1] = {};
    for (int f = 1; f <= kCubes; ++f) {
      int cubes[2] = {0, 0};
      const int k = movableCubes(sideToMove(), f, cubes);
      setOf[f] = k == 1 ? 1 << cubes[0] : 1 << cubes[0] | 1 << cubes[1];
      int same = 0;
      while (same < count && setOf[out[same].outcome] != setOf[f]) ++same;
      if (same < count) {
        ++out[same].weight;
      } else {
        out[count++] = ChanceOutcome{f, 1};
      }
    }
    return count;
  }

  // --- moves (after the roll) -----------------------------------------------
  // The cube of slot `m` after this roll, or 0 if the slot names no cube.
  int slotCube(int m) const {
    if (roll_ == 0) return 0;
    int cubes[2] = {0, 0};
    const int k = movableCubes(sideToMove(), roll_, cubes);
    return m / 3 < k ? cubes[m / 3] : 0;
  }
  // The slot that moves `cube` in direction `dir` (0 h, 1 v, 2 d) after this
  // roll, or -1 if the die does not allow that cube.
  int slotOf(int cube, int dir) const {
    if (roll_ == 0) return -1;
    int cubes[2] = {0, 0};
    const int k = movableCubes(sideToMove(), roll_, cubes);
    for (int i = 0; i < k; ++i)
      if (cubes[i] == cube) return 3 * i + dir;
    return -1;
  }
  // The target cell of a cube of `side` on `from` stepping in `dir`, or -1
  // off the board.
  static int target(int side, int from, int dir) {
    const int step = side == kRed ? 1 : -1;
    int col = from % kSize + (dir != 1 ? step : 0), row = from / kSize + (dir != 0 ? step : 0);
    if (col < 0 || col >= kSize || row < 0 || row >= kSize) return -1;
    return row * kSize + col;
  }
  bool canPlay(int m) const {
    assert(m >= 0 && m < kMoveSlots);
    const int cube = slotCube(m);
    return cube && target(sideToMove(), at_[sideToMove()][cube], m % 3) >= 0;
  }
  void play(int m) {
    assert(canPlay(m));
    const int side = sideToMove(), cube = slotCube(m);
    const int from = at_[side][cube], to = target(side, from, m % 3);
    if (const int hit = board_[to]) {  // a capture, of either side's cube
      const int hs = hit > 0 ? kRed : kBlue, hn = std::abs(hit);
      at_[hs][hn] = -1;
      alive_[hs] = static_cast<std::uint8_t>(alive_[hs] & ~(1 << hn));
    }
    board_[from] = 0;
    board_[to] = static_cast<std::int8_t>(side == kRed ? cube : -cube);
    at_[side][cube] = static_cast<std::int8_t>(to);
    roll_ = 0;
    ++plies_;
  }

  // --- the end ----------------------------------------------------------------
  bool lastMoverWon() const {
    if (plies_ == 0) return false;
    const int mover = (plies_ - 1) % 2;
    const int onGoal = board_[kGoal[mover]];
    return (mover == kRed ? onGoal > 0 : onGoal < 0) || alive_[1 - mover] == 0;
  }
  // No draws: the game ends only by a win (lastMoverWon).
  bool isFull() const { return false; }

  // --- evaluation --------------------------------------------------------------
  // Heuristic value for the side to move in about +-900 (core/game.hpp),
  // read as 1000 x the expected result (+1 win, -1 loss); it ignores a roll
  // already made. Each side's race pressure is
  //   pressure = sum over its cubes of faces(cube) x 2^(5 - distance(cube))
  // where faces(cube) is how many die faces (1-6) let that cube move (its own
  // face, plus the faces of missing cubes it is the next lower or higher of)
  // and distance(cube) the moves it still needs to reach the goal corner
  // (max of its row and column distances, 1-4). A cube next to the goal
  // that the die picks with probability q wins on the next move with
  // probability q: the weights halve per step away. The side to move counts
  // 5/4 of its pressure (it moves first), and
  //   value = 900 x diff / (|diff| + 64),  diff = 5/4 x mine - theirs
  // squashes the difference into +-900, below the +-1000 of a proven result.
  int evaluate() const {
    const int me = sideToMove();
    const int diff = pressure(me) * 5 / 4 - pressure(1 - me);
    return 900 * diff / (std::abs(diff) + 64);
  }
  int pressure(int side) const {
    int total = 0;
    for (int n = 1; n <= kCubes; ++n) {
      if (!(alive_[side] >> n & 1)) continue;
      total += facesOf(side, n) * (1 << (5 - distance(side, at_[side][n])));
    }
    return total;
  }
  // How many die faces let `side` move its cube n (precondition: on board).
  int facesOf(int side, int n) const {
    int faces = 0;
    for (int f = 1; f <= kCubes; ++f) {
      int cubes[2] = {0, 0};
      const int k = movableCubes(side, f, cubes);
      faces += (cubes[0] == n) || (k == 2 && cubes[1] == n);
    }
    return faces;
  }
  // Moves a cube of `side` on `cellIndex` needs to reach the goal corner.
  static int distance(int side, int cellIndex) {
    const int col = cellIndex % kSize, row = cellIndex / kSize;
    const int dc = side == kRed ? kSize - 1 - col : col, dr = side == kRed ? kSize - 1 - row : row;
    return dc > dr ? dc : dr;
  }

  // --- keys and display -----------------------------------------------------------
  std::uint64_t key() const {
    std::uint64_t k = 0;
    for (int s = 0; s < 2; ++s)
      for (int n = 1; n <= kCubes; ++n) k = k << 5 | static_cast<std::uint64_t>(at_[s][n] < 0 ? 31 : at_[s][n]);
    return k << 4 | static_cast<std::uint64_t>(sideToMove()) << 3 | static_cast<std::uint64_t>(roll_);
  }
  // 0 empty, 1 Red (first player), 2 Blue (core/game.hpp); cube() has the number.
  int cell(int col, int row) const {
    const int v = board_[row * kSize + col];
    return v == 0 ? 0 : v > 0 ? 1 : 2;
  }
  int cube(int col, int row) const { return std::abs(board_[row * kSize + col]); }
  // The goal corner the last mover reached; none for a win by capturing all.
  std::vector<int> winningCells() const {
    if (!lastMoverWon()) return {};
    const int mover = (plies_ - 1) % 2;
    if (board_[kGoal[mover]] != 0 && (board_[kGoal[mover]] > 0) == (mover == kRed)) return {kGoal[mover]};
    return {};
  }

  // "a1".."e5".
  static std::string cellName(int c) {
    return std::string(1, static_cast<char>('a' + c % kSize)) + static_cast<char>('1' + c / kSize);
  }

 private:
  void placeSetups(const int red[kCubes], const int blue[kCubes]) {
    assert(isSetup(red) && isSetup(blue));
    board_.fill(0);
    for (auto& a : at_) a.fill(-1);
    const int* setup[2] = {red, blue};
    for (int s = 0; s < 2; ++s) {
      for (int i = 0; i < kCubes; ++i) {
        const int n = setup[s][i], c = kStartCells[s][i];
        board_[c] = static_cast<std::int8_t>(s == kRed ? n : -n);
        at_[s][n] = static_cast<std::int8_t>(c);
      }
      alive_[s] = 0x7E;  // cubes 1-6
    }
    plies_ = 0;
    roll_ = 0;
  }
  bool isOverNow() const { return lastMoverWon(); }

  std::array<std::int8_t, kCells> board_{};
  std::array<std::array<std::int8_t, kCubes + 1>, 2> at_{};
  std::uint8_t alive_[2] = {0, 0};
  int plies_ = 0;
  int roll_ = 0;
};

}  // namespace gs
