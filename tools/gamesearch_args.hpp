// gamesearch's command line: what it asks for (Config) and its parser, one
// CLI11 declaration per option (typed, range-checked, with its help text
// and the commands it is for), so the help and the checks come from the
// same place. The game's kind (engine/games/registry.hpp) decides which
// commands, algorithms and options apply: the parser reads that from the
// game's GameInfo, and never names a game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "search/expectimax.hpp"
#include "search/mcts.hpp"
#include "search/multiplayer.hpp"
#include "search/searcher.hpp"
#include "search/solver.hpp"

namespace gs::cli {

struct Config {
  GameId game = 0;
  std::string command;            // solve, analyze, play or count
  std::vector<std::string> given;  // the options given, in order
  SolverOptions solver;
  SearchOptions search;
  int timeMs = 1000;
  bool timeGiven = false;   // --time-ms was given
  int depth = -1;           // -1: none given
  int level = -1;           // a kLevels index, -1: none
  std::uint32_t seed = 0;   // 0: none given (deterministic choice)
  bool exact = true;        // play: try the exact solver first (player.hpp)
  bool weak = false;        // solve, analyze: win/draw/loss only
  bool probes = false;      // solve: report every null-window probe on stderr
  std::string bookFile;     // play, analyze: opening book
  std::size_t ttBytes = std::size_t{64} << 20;
  int threads = 1;          // solve, analyze: the solver's threads
  int lines = 0;            // analyze: print the lines of the best this many moves (0-5)
  std::string algorithm;    // as given; "" = the game's default
  bool mcts = false;        // --algorithm mcts
  MctsOptions mctsOpt;
  long playouts = 0;        // mcts: 0 = the time limit only
  ExpectimaxOptions chance;  // a game with chance
  MultiAlgorithm multi = MultiAlgorithm::kMaxnShallow;  // a game of more players
  int width = 0, height = 0;  // --size WxH (0: none given, the game's own board)
  std::string sizeText;       // --size as given
  bool runtimeSize = false;   // --runtime-size: the class sized at run time even on the game's own board

  bool gave(const std::string& option) const;
};

// count keeps every position it finds: about 2.5 GB at depth 10 in Connect
// Four, 18 GB at 11.
constexpr int kCountMaxDepth = 10;
// count for the other kinds (tools/count_kinds.hpp): the default depth and the
// deepest, by how fast their positions grow (the dice game about x10 a move,
// 33,958 after 4; the game for three about x6 a ply, 195,741 after 6), so
// that the positions kept stay within about a gigabyte.
constexpr int kChanceCountDepth = 4, kChanceCountMaxDepth = 6;
constexpr int kPlayersCountDepth = 6, kPlayersCountMaxDepth = 8;

// Parses the command line; prints the help or the version and exits 0, or a
// usage error and exits 2.
Config parseArgs(int argc, char** argv);

// The words of a space-separated list ("alphabeta minimax mcts").
std::vector<std::string> words(const std::string& text);
// "a, b or c" with last = " or ", "a and b" with last = " and ".
std::string listed(const std::vector<std::string>& items, const char* last);

// Prints "gamesearch: <message>" and the hint to --help on stderr, exits 2.
[[noreturn]] void usageError(const std::string& message);

}  // namespace gs::cli
