// Text notation of EinStein würfelt nicht! games: the two set-ups, then every
// turn's die roll and move, so a game can be replayed from its text.
//
//   RED/BLUE                     the start, Red to roll
//   RED/BLUE:TURN,TURN,...       after these turns
//   RED/BLUE:TURN,...,F          the same, and the side to move rolled F
//
//   RED, BLUE  a set-up: six digits, a permutation of 1-6, the cubes on the
//              side's start cells in the order of Einstein::kStartCells
//              (Red a1 b1 c1 a2 b2 a3, Blue e5 d5 c5 e4 d4 e3: each side
//              row by row from its own corner), or ? for a random set-up
//   TURN       three characters: the die face (1-6), the cube moved (1-6,
//              one the face allows) and its direction: h horizontal (Red
//              right, Blue left), v vertical (Red down, Blue up) or d
//              diagonal (towards the opponent's corner)
//   F          a die face 1-6 that has no move yet (only last), or ? to roll
//
// Example: 123456/123456:66d,55d,2 : Red rolled 6 and moved cube 6 (a3)
// diagonally to b4, Blue rolled 5 and moved its cube 5 (d4) to c3, Red has
// rolled a 2. An empty text is the standard start 123456/123456.
//
// A '?' is resolved by the caller's random generator (a set-up: a uniformly
// random permutation; a die: a uniform face); without one it is an error.
// toText() writes the resolved record, so the printed text replays the game.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/notation.hpp"
#include "games/einstein/einstein.hpp"

namespace gs {

struct EinsteinTurn {
  int die = 0;   // 1-6
  int cube = 0;  // 1-6
  int dir = 0;   // 0 h, 1 v, 2 d
};

struct EinsteinRecord {
  int setup[2][Einstein::kCubes] = {{1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}};
  std::vector<EinsteinTurn> turns;
  int pendingRoll = 0;  // 0: none
};

inline constexpr char kEinsteinDirLetters[3] = {'h', 'v', 'd'};

// "right", "down", "down-right" for Red; "left", "up", "up-left" for Blue.
inline const char* einsteinDirWord(int side, int dir) {
  static const char* const kWords[2][3] = {{"right", "down", "down-right"}, {"left", "up", "up-left"}};
  return kWords[side][dir];
}

// A move as the notation writes it after the roll: cube and direction, "3d".
inline std::string einsteinMoveText(const Einstein& g, int slot) {
  return std::to_string(g.slotCube(slot)) + kEinsteinDirLetters[slot % 3];
}

inline std::string toText(const EinsteinRecord& r) {
  std::string s;
  for (int side = 0; side < 2; ++side) {
    if (side) s += '/';
    for (int n : r.setup[side]) s += static_cast<char>('0' + n);
  }
  if (r.turns.empty() && !r.pendingRoll) return s;
  s += ':';
  for (std::size_t i = 0; i < r.turns.size(); ++i) {
    if (i) s += ',';
    const EinsteinTurn& t = r.turns[i];
    s += static_cast<char>('0' + t.die);
    s += static_cast<char>('0' + t.cube);
    s += kEinsteinDirLetters[t.dir];
  }
  if (r.pendingRoll) s += std::string(r.turns.empty() ? "" : ",") + static_cast<char>('0' + r.pendingRoll);
  return s;
}

namespace einstein_detail {
// A uniform number in [0, n) from the generator's raw 32-bit outputs, by
// rejection: the same on every standard library (std::shuffle and the
// distributions are not specified exactly), so a seed means the same game
// natively and in WebAssembly.
inline int drawBelow(std::mt19937& rng, int n) {
  const std::uint32_t limit = 0xFFFFFFFFu - 0xFFFFFFFFu % static_cast<std::uint32_t>(n);
  std::uint32_t x;
  do x = static_cast<std::uint32_t>(rng());
  while (x >= limit);
  return static_cast<int>(x % static_cast<std::uint32_t>(n));
}
inline std::string shown(std::string_view text, std::size_t i) {
  if (i >= text.size()) return "the end of the text";
  const char ch = text[i];
  return (ch >= 33 && ch < 127) ? std::string("'") + ch + "'" : "byte " + std::to_string(static_cast<unsigned char>(ch));
}
}  // namespace einstein_detail

// Reads `text` into `rec` and plays it on `game`. On the first error stops and
// returns it (position: the 1-based index of the offending character); `game`
// then holds the position before the bad turn. `rng` resolves '?' (may be null).
inline ParseError parseEinstein(std::string_view text, EinsteinRecord& rec, Einstein& game,
                                std::mt19937* rng = nullptr) {
  using einstein_detail::shown;
  ParseError err;
  rec = EinsteinRecord{};
  game = Einstein();
  auto fail = [&](std::size_t at, std::string msg) {
    err.ok = false;
    err.position = at + 1;
    err.message = std::move(msg);
    return err;
  };
  if (text.empty()) return err;
  std::size_t i = 0;
  // Step 1. The two set-ups.
  for (int side = 0; side < 2; ++side) {
    const std::string who = std::string(Einstein::kSides[side]) + "'s set-up";
    if (side == 1) {
      if (i >= text.size() || text[i] != '/')
        return fail(i, "expected '/' after Red's set-up at position " + std::to_string(i + 1) + ", found " +
                           shown(text, i) + " (a set-up is six digits 1-6 or ?)");
      ++i;
    }
    if (i < text.size() && text[i] == '?') {
      if (!rng) return fail(i, who + " is '?' (random), but nothing here draws it");
      int perm[Einstein::kCubes] = {1, 2, 3, 4, 5, 6};
      for (int k = Einstein::kCubes - 1; k > 0; --k) std::swap(perm[k], perm[einstein_detail::drawBelow(*rng, k + 1)]);
      for (int k = 0; k < Einstein::kCubes; ++k) rec.setup[side][k] = perm[k];
      ++i;
      continue;
    }
    int seen = 0;
    for (int k = 0; k < Einstein::kCubes; ++k, ++i) {
      const char ch = i < text.size() ? text[i] : '\0';
      if (ch < '1' || ch > '6')
        return fail(i, who + " needs six digits 1-6 (or ?): found " + shown(text, i) + " at position " +
                           std::to_string(i + 1));
      const int n = ch - '0';
      if (seen >> n & 1)
        return fail(i, who + " has cube " + std::to_string(n) + " twice (position " + std::to_string(i + 1) +
                           "): it is a permutation of 1-6");
      seen |= 1 << n;
      rec.setup[side][k] = n;
    }
  }
  game = Einstein(rec.setup[0], rec.setup[1]);
  if (i == text.size()) return err;
  if (text[i] != ':')
    return fail(i, "expected ':' before the turns at position " + std::to_string(i + 1) + ", found " + shown(text, i));
  ++i;
  // Step 2. The turns: die, cube, direction, separated by commas.
  for (int turn = 1;; ++turn) {
    const std::size_t start = i;
    const std::string where = "turn " + std::to_string(turn) + " at position " + std::to_string(start + 1);
    if (game.lastMoverWon())
      return fail(start, where + " comes after the game has ended (" +
                             Einstein::kSides[(game.plies() - 1) % 2] + " won)");
    const int side = game.sideToMove();
    const char d = i < text.size() ? text[i] : '\0';
    int die = 0;
    if (d == '?') {
      if (!rng) return fail(i, where + ": the die is '?' (roll it), but nothing here rolls it");
      die = 1 + einstein_detail::drawBelow(*rng, 6);
    } else if (d >= '1' && d <= '6') {
      die = d - '0';
    } else {
      return fail(i, where + ": expected a die face 1-6 (or ?), found " + shown(text, i));
    }
    ++i;
    game.applyChance(die);
    if (i == text.size()) {  // the last turn: a roll without its move yet
      rec.pendingRoll = die;
      return err;
    }
    if (d == '?') return fail(start, where + ": a '?' roll comes only last (the move depends on the face)");
    if (text[i] == ',')
      return fail(i, where + ": the roll " + std::to_string(die) +
                         " has no move (only the last turn may be a roll alone; write e.g. " + std::to_string(die) +
                         std::to_string(die) + "d)");
    int allowed[2] = {0, 0};
    const int k = game.movableCubes(side, die, allowed);
    const std::string allowedText = k == 1 ? "only cube " + std::to_string(allowed[0])
                                           : "cube " + std::to_string(allowed[0]) + " or " + std::to_string(allowed[1]);
    const char c = text[i];
    if (c < '1' || c > '6') return fail(i, where + ": expected the cube moved (1-6), found " + shown(text, i));
    const int cube = c - '0';
    if (game.slotOf(cube, 0) < 0)
      return fail(i, where + ": die " + std::to_string(die) + " lets " + Einstein::kSides[side] + " move " +
                         allowedText + ", not cube " + std::to_string(cube) +
                         (game.cubeCell(side, cube) < 0 ? " (captured)" : ""));
    ++i;
    const char r = i < text.size() ? text[i] : '\0';
    int dir = -1;
    for (int k2 = 0; k2 < 3; ++k2)
      if (r == kEinsteinDirLetters[k2]) dir = k2;
    if (dir < 0) return fail(i, where + ": expected a direction h, v or d, found " + shown(text, i));
    const int slot = game.slotOf(cube, dir);
    if (!game.canPlay(slot))
      return fail(i, where + ": " + Einstein::kSides[side] + "'s cube " + std::to_string(cube) + " on " +
                         Einstein::cellName(game.cubeCell(side, cube)) + " cannot move " + r + " (" +
                         einsteinDirWord(side, dir) + "): it would leave the board");
    ++i;
    game.play(slot);
    rec.turns.push_back(EinsteinTurn{die, cube, dir});
    if (i == text.size()) return err;
    if (text[i] != ',')
      return fail(i, "expected ',' after " + where + ", found " + shown(text, i));
    ++i;
    if (i == text.size()) return fail(i, "a ',' at the end: a turn (die, cube, direction) must follow");
  }
}

// Reads a move written after the roll ("3d") for the rolled position `game`:
// its slot, or -1 with `why` set.
inline int parseEinsteinMove(const Einstein& game, std::string_view move, std::string* why) {
  auto bad = [&](std::string msg) {
    if (why) *why = std::move(msg);
    return -1;
  };
  if (game.roll() == 0) return bad("the die is not rolled yet");
  if (move.size() != 2 || move[0] < '1' || move[0] > '6')
    return bad("a move is a cube 1-6 and a direction h, v or d, e.g. 3d, not '" + std::string(move) + "'");
  int dir = -1;
  for (int k = 0; k < 3; ++k)
    if (move[1] == kEinsteinDirLetters[k]) dir = k;
  if (dir < 0) return bad("a direction is h, v or d, not '" + std::string(1, move[1]) + "'");
  const int slot = game.slotOf(move[0] - '0', dir);
  if (slot < 0) return bad("die " + std::to_string(game.roll()) + " does not let cube " + move[0] + " move");
  if (!game.canPlay(slot)) return bad("cube " + std::string(1, move[0]) + " cannot move " + move[1] + ": off the board");
  return slot;
}

// The notation for the front ends (core/notation.hpp's PositionNotation).
template <>
struct PositionNotation<Einstein> {
  static constexpr bool kMoveString = false;
  using Record = EinsteinRecord;
  static ParseError parse(std::string_view text, Record& rec, Einstein& g, std::mt19937* rng = nullptr) {
    return parseEinstein(text, rec, g, rng);
  }
  static std::string text(const Record& rec) { return toText(rec); }
  static std::string moveText(const Einstein& g, int slot) { return einsteinMoveText(g, slot); }
  static std::string notReady(const Einstein& g, const Record& rec) {
    return std::string(Einstein::kSides[g.sideToMove()]) +
           " has not rolled: end the position with the die face (1-6, or ? to roll it), e.g. " + toText(rec) +
           (rec.turns.empty() ? ":" : ",") + "4";
  }
};

}  // namespace gs
