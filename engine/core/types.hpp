// Score conventions shared by every game and search.
//
// Exact scores (the convention of the Connect Four benchmark files), always from
// the point of view of the side to move:
//   0            draw
//   > 0          the side to move wins; score = kWinBase - (stones the winner has
//                placed when its line is completed). Connect Four: kWinBase = 22,
//                so a win with the 4th stone scores 18 and one with the 21st scores 1.
//                Tic-Tac-Toe: kWinBase = 6, a win with the 3rd mark scores 3,
//                with the 5th mark 1.
//   < 0          the side to move loses; the negative of the opponent's win score.
// Faster wins score higher, slower losses score higher.
//
// The heuristic search works on a wider internal scale (SearchScore): a proven
// result with exact score s is stored as +-(kProvenBase + |s|), a heuristic value
// h stays in [-kHeuristicLimit, kHeuristicLimit], so a proven win always beats
// any heuristic value and exact results survive the search unchanged.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace gs {

// Exact score of a win by the player who places the stone of 0-based ply `ply`.
template <class Game>
constexpr int winScoreAtPly(int ply) {
  return Game::kWinBase - (ply / 2 + 1);
}

namespace search_score {
constexpr int kInfinity = 32000;
constexpr int kProvenBase = 20000;
constexpr int kHeuristicLimit = 10000;

constexpr int fromExact(int exact) {
  return exact > 0 ? kProvenBase + exact : exact < 0 ? -kProvenBase + exact : 0;
}
constexpr bool isProven(int s) { return s > kProvenBase || s < -kProvenBase; }
constexpr int toExact(int s) {
  return s > kProvenBase ? s - kProvenBase : s < -kProvenBase ? s + kProvenBase : 0;
}
}  // namespace search_score

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

// Game result as seen from outside the search.
enum class Outcome : int { kOngoing = 0, kFirstWins = 1, kSecondWins = 2, kDraw = 3 };

// The value of a position for the side to move as win/draw/loss: 1, 0, -1.
constexpr int signOf(int exactScore) { return (exactScore > 0) - (exactScore < 0); }

// Where a move and its value came from.
enum class Source : int { kSearch = 0, kSolver = 1, kBook = 2 };
constexpr const char* sourceName(Source s) {
  return s == Source::kBook ? "book" : s == Source::kSolver ? "solver" : "search";
}

}  // namespace gs
