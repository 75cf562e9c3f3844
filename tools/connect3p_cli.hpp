// gamesearch's front end for Connect Four for three (--game connect3p). The
// game has three players, so it is not in the registry's `Games` (core/game.hpp,
// capability e; docs/connect3p.md): gamesearch dispatches to it by its name
// and runs it here, with max^n or paranoid search (search/multiplayer.hpp).
#pragma once

#include <string>

#include "search/multiplayer.hpp"

namespace gs {

struct Connect3pCliConfig {
  std::string command;                                  // "play" (the only one)
  MultiAlgorithm algorithm = MultiAlgorithm::kMaxnShallow;
  int timeMs = 1000;
  int depth = 0;                                        // 0: no depth limit
};

// The help text's connect3p part (the notation and the play line).
std::string connect3pUsage();

// Reads positions from stdin and prints one line per position; returns the
// exit status (0 all lines ok, 1 some lines rejected).
int runConnect3p(const Connect3pCliConfig& cfg);

}  // namespace gs
