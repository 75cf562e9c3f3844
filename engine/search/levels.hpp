// Difficulty levels: named settings of the time-limited player. Weaker levels
// see less far (a depth limit) and pick among moves by a softmax over their
// scores (a temperature), so their mistakes are the human kind — missing a
// deeper threat, preferring a plausible but worse move — not random blunders:
// every level still sees an immediate win or a needed block (quiescence).
//
// The levels' measured results against each other are in docs/levels.md.
#pragma once

#include <cstdint>
#include <string>

#include "search/searcher.hpp"

namespace gs {

struct Level {
  const char* name;
  int timeMs;       // thinking time per move (0 = depth only)
  int maxDepth;     // 0 = no depth limit
  int temperature;  // 0 = always the best move found
};

// Beginner: looks 2 plies ahead, often picks a merely plausible move.
// Casual:   4 plies, picks among good moves.
// Strong:   0.3 s, always its best move.
// Perfect:  1 s, always its best move.
// Strong and Perfect are the full player of player.hpp: opening book first
// (Connect Four), then the solver when a proof fits in the budget, else
// iterative deepening (as every setting without a depth limit or a
// temperature does).
constexpr Level kLevels[] = {
    {"beginner", 0, 2, 40},
    {"casual", 0, 4, 12},
    {"strong", 300, 0, 0},
    {"perfect", 1000, 0, 0},
};
constexpr int kLevelCount = sizeof(kLevels) / sizeof(kLevels[0]);

// Index of the level called `name` (case-sensitive, lower case), or -1.
inline int findLevel(const std::string& name) {
  for (int i = 0; i < kLevelCount; ++i)
    if (name == kLevels[i].name) return i;
  return -1;
}

// The same four levels for Monte Carlo tree search (search/mcts.hpp, default
// options): a playout budget for the weak ones, chosen so that each scores
// about even against the alpha-beta level of its name (Beginner: 10 playouts
// a move, Casual: 70; docs/mcts.md, "Levels"), and the alpha-beta level's
// thinking time for the strong ones (which plays without the book and the
// solver, so it is weaker than alpha-beta's level of that name).
struct MctsLevel {
  const char* name;
  int timeMs;    // 0: the playouts only
  int playouts;  // 0: the time only
};
constexpr MctsLevel kMctsLevels[] = {
    {"beginner", 0, 10},
    {"casual", 0, 70},
    {"strong", 300, 0},
    {"perfect", 1000, 0},
};
static_assert(sizeof(kMctsLevels) / sizeof(kMctsLevels[0]) == kLevelCount, "every level has an MCTS budget");

constexpr bool sameName(const char* a, const char* b) {
  return *a == *b && (*a == 0 || sameName(a + 1, b + 1));
}
constexpr bool mctsLevelsMatch() {
  for (int i = 0; i < kLevelCount; ++i)
    if (!sameName(kLevels[i].name, kMctsLevels[i].name) || (kMctsLevels[i].timeMs == 0 && kMctsLevels[i].playouts == 0))
      return false;
  return true;
}
static_assert(mctsLevelsMatch(), "kMctsLevels lists kLevels' names in their order, each with a budget");

// The same four levels for the games with chance (kind kChance: the Star2
// expectiminimax of search/expectimax.hpp), measured on EinStein würfelt
// nicht!, the registry's game with dice. Beginner looks one move
// ahead and draws among the moves by their evaluation (softmaxMove: a
// plausible move, not always the best); Casual looks two moves ahead (also
// the opponent's reply to each roll) and plays its best; Strong and the
// strongest deepen for the time. Their results against each other and
// against random play: docs/einstein.md, "Levels".
struct ChanceLevel {
  const char* name;
  int timeMs;       // 0: the depth only
  int maxDepth;     // 0: no depth limit
  int temperature;  // > 0: a move drawn by search/expectimax.hpp's softmaxMove (depth 1)
};
constexpr ChanceLevel kChanceLevels[] = {
    {"beginner", 0, 1, 150},
    {"casual", 0, 2, 0},
    {"strong", 300, 0, 0},
    {"perfect", 1000, 0, 0},
};
constexpr bool chanceLevelsMatch() {
  for (int i = 0; i < kLevelCount; ++i)
    if (!sameName(kLevels[i].name, kChanceLevels[i].name) ||
        (kChanceLevels[i].timeMs == 0 && kChanceLevels[i].maxDepth == 0))
      return false;
  return true;
}
static_assert(sizeof(kChanceLevels) / sizeof(kChanceLevels[0]) == kLevelCount && chanceLevelsMatch(),
              "kChanceLevels lists kLevels' names in their order, each with a budget");

inline SearchLimits levelLimits(const Level& level, std::uint32_t seed) {
  SearchLimits lim;
  lim.timeMs = level.timeMs;
  lim.maxDepth = level.maxDepth;
  lim.temperature = level.temperature;
  lim.randomTies = true;
  lim.seed = seed;
  return lim;
}

}  // namespace gs
