// gamesearch's front end for EinStein würfelt nicht! (--game einstein). The
// game has chance nodes, so it is not in the registry's `Games` (core/game.hpp,
// capability d; docs/einstein.md): gamesearch dispatches to it by its name
// and runs it here, with the expectiminimax searcher (search/expectimax.hpp)
// or Monte Carlo tree search with chance nodes (search/mcts.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "search/expectimax.hpp"
#include "search/mcts.hpp"

namespace gs {

struct EinsteinCliConfig {
  std::string command;             // "play" (the only one)
  ExpectimaxOptions search;        // algorithm, ordering
  int timeMs = 1000;
  int depth = 0;                   // 0: no depth limit
  std::uint32_t seed = 1;          // resolves '?' set-ups and rolls (and seeds MCTS)
  bool mcts = false;               // --algorithm mcts
  MctsOptions mctsOpt;
  std::uint64_t playouts = 0;      // mcts: 0 = the time limit only
  bool timeGiven = false;          // mcts: --time-ms given (with --playouts: both limits)
};

// The help text's EinStein part (the notation and the play line).
std::string einsteinUsage();

// Reads positions from stdin and prints one line per position; returns the
// exit status (0 all lines ok, 1 some lines rejected).
int runEinstein(const EinsteinCliConfig& cfg);

}  // namespace gs
