// libFuzzer target: a line of outside input as the CLI and the page read it
// (a move string, then anything), for every game. Checks the parser's
// contract: it never crashes, accepts exactly the legal move sequences, and a
// parsed position is consistent (solved where cheap).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/notation.hpp"
#include "search/solver.hpp"
#include "games/fixture_registry.hpp"
#include "core/tt.hpp"

namespace {

gs::TranspositionTable& table() {
  static gs::TranspositionTable tt(1 << 20);
  return tt;
}

template <class Game>
void check(const std::string& moves) {
  Game g;
  gs::ParseError err = gs::parseMoves(moves, g);
  if (!err.ok) {
    if (err.message.empty() || err.position < 1 || err.position > moves.size()) __builtin_trap();
    if (g.plies() != static_cast<int>(err.position) - 1) __builtin_trap();
    return;
  }
  if (g.plies() != static_cast<int>(moves.size())) __builtin_trap();
  if (g.plies() > Game::kMaxPlies) __builtin_trap();
  // Solve where it is cheap; the score must be in the legal range.
  if constexpr (gs::hasSolverBounds<Game>) {
  if (Game::kMaxPlies - g.plies() <= 12) {
    table().clear();
    gs::Solver<Game> solver(table());
    int s = solver.solve(g);
    if (s > Game::kWinBase || s < -Game::kWinBase) __builtin_trap();
  }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > gs::kMaxLineLength) return 0;
  std::string line(reinterpret_cast<const char*>(data), size);
  std::string token = line.substr(0, line.find_first_of(" \t\r\n"));
  // Every game of the product, and the test fixture games (tests/games/).
  gs_test::FixtureRegistry::forEach([&](auto tag) { check<typename decltype(tag)::type>(token); });
  return 0;
}
