// libFuzzer target: a line of outside input as the CLI and the page read it
// (a position, then anything), for every game in its own notation
// (core/notation.hpp's PositionNotation). Checks the parser's contract: it
// never crashes, accepts exactly the legal move sequences, a parsed position
// is consistent (what the notation writes replays it; solved where cheap).
// Connect Four is also read on three other board sizes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <random>
#include <utility>

#include "core/notation.hpp"
#include "search/solver.hpp"
#include "games/fixture_registry.hpp"
#include "games/registry.hpp"
#include "core/tt.hpp"

namespace {

gs::TranspositionTable& table() {
  static gs::TranspositionTable tt(1 << 20);
  return tt;
}

template <class Game>
void check(const std::string& text) {
  using Notation = gs::PositionNotation<Game>;
  constexpr bool kDigits = Notation::kMoveString;
  typename Notation::Record rec;
  Game g;
  std::mt19937 rng(1);  // resolves random parts ('?'), as the CLI does
  gs::ParseError err = Notation::parse(text, rec, g, &rng);
  if (!err.ok) {
    // The error names a character of the text (or its end).
    if (err.message.empty() || err.position < 1 || err.position > text.size() + 1) __builtin_trap();
    // A move string stops at the bad move: the moves before it are played.
    if (kDigits && (err.position > text.size() || g.plies() != static_cast<int>(err.position) - 1)) __builtin_trap();
    return;
  }
  if (g.plies() > Game::kMaxPlies) __builtin_trap();
  if constexpr (kDigits) {
    if (g.plies() != static_cast<int>(text.size())) __builtin_trap();
  } else {
    // Another notation: what it writes replays the same position.
    typename Notation::Record again;
    Game h;
    const std::string written = Notation::text(rec);
    if (!Notation::parse(written, again, h, nullptr).ok || Notation::text(again) != written) __builtin_trap();
    if (h.plies() != g.plies()) __builtin_trap();
    if constexpr (gs::hasTwoPlayerSearch<Game>)
      if (h.key() != g.key()) __builtin_trap();
  }
  // Solve where it is cheap; the score must be in the legal range.
  if constexpr (gs::hasSolverBounds<Game>) {
    if (gs::maxPliesOf<Game>() - g.plies() <= 12) {
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
  // Every game of the product, each in its own notation, and the test
  // fixture games (tests/games/).
  gs::forEachGame([&](auto tag) { check<typename decltype(tag)::type>(token); });
  gs_test::FixtureRegistry::forEach([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if (gs::findGame(Game::kName) < 0) check<Game>(token);  // the fixtures that are not products
  });
  // Connect Four on other boards (Connect4Sized, docs/board-sizes.md): the
  // widest (letters a-c), the tallest and a small one.
  for (const auto& [w, h] : {std::pair{12, 4}, std::pair{4, 15}, std::pair{5, 4}}) {
    gs::Connect4RuntimeShape::set(w, h);
    check<gs::Connect4Sized>(token);
  }
  gs::Connect4RuntimeShape::set(7, 6);
  return 0;
}
