// A game added by following docs/adding-a-game.md (Nim, tests/games/nim/):
// with only the minimal interface of core/game.hpp and one registry entry it
// gets the notation, minimax, alpha-beta, the transposition table, iterative
// deepening and the tree explorer's counts, all agreeing on its value.
#include <catch2/catch.hpp>

#include <functional>
#include <set>
#include <string>

#include "core/game.hpp"
#include "core/notation.hpp"
#include "core/tt.hpp"
#include "games/fixture_registry.hpp"
#include "search/player.hpp"
#include "search/searcher.hpp"
#include "search/tree_trace.hpp"

using gs_test::FixtureRegistry;
using gs_test::Nim;

static_assert(gs::checkGame<Nim>());
static_assert(!gs::hasThreats<Nim> && !gs::hasSolverBounds<Nim> && !gs::hasMirror<Nim>,
              "the fixture has none of the optional capabilities");

namespace {

// Exact value by plain recursion, independent of the engine's searches.
int bruteForce(const Nim& g) {
  if (g.lastMoverWon()) return -(Nim::kWinBase - ((g.plies() - 1) / 2 + 1));
  int best = -1000;
  for (int m = 0; m < Nim::kMoveSlots; ++m)
    if (g.canPlay(m)) {
      Nim c = g;
      c.play(m);
      best = std::max(best, -bruteForce(c));
    }
  return best;
}

}  // namespace

TEST_CASE("New game: found and dispatched by a registry that lists it", "[new-game]") {
  const int id = FixtureRegistry::find("nim");
  REQUIRE(id == 2);
  CHECK(std::string(FixtureRegistry::info(id).displayName) == "Nim");
  CHECK_FALSE(FixtureRegistry::info(id).hasSolver);
  CHECK(FixtureRegistry::names(", ", " or ") == "connect4, tictactoe or nim");
  const int slots = FixtureRegistry::dispatch(id, [](auto tag) { return decltype(tag)::type::kMoveSlots; });
  CHECK(slots == 9);
}

TEST_CASE("New game: its notation, with the game's own words in errors", "[new-game]") {
  Nim g;
  CHECK(gs::parseMoves("91", g).ok);
  CHECK((g.heap(0) == 1 && g.heap(1) == 3 && g.heap(2) == 0));
  Nim h;
  const gs::ParseError e = gs::parseMoves("99", h);
  CHECK_FALSE(e.ok);
  CHECK(e.message == "move 9 at position 2 takes more than the heap holds");
  Nim k;
  CHECK(gs::parseMoves("0", k).message == "move 0 at position 1 is out of range 1-9");
}

TEST_CASE("New game: minimax, alpha-beta and the table agree in the tree explorer", "[new-game][tree]") {
  // Nim 2-3-4 has a nonzero xor: the first player wins.
  const int truth = bruteForce(Nim{});
  CHECK(truth > 0);
  gs::TranspositionTable tt(1 << 16);
  gs::NullTracer none;
  std::uint64_t minimaxNodes = 0;
  for (int a = 0; a < gs::kTreeAlgorithmCount; ++a) {
    gs::TreeOptions o;
    o.algorithm = static_cast<gs::TreeAlgorithm>(a);
    const gs::TreeResult r = gs::treeSearch(Nim{}, o, none, &tt);
    INFO(gs::treeAlgorithmName(o.algorithm));
    CHECK(r.exactScale);
    CHECK(r.value == truth);
    if (a == 0) minimaxNodes = r.nodes;
    else CHECK(r.nodes < minimaxNodes);  // pruning and the table pay here too
  }
}

TEST_CASE("New game: iterative deepening plays a value-keeping move everywhere", "[new-game][search]") {
  gs::TranspositionTable tt(1 << 16);
  gs::Searcher<Nim> searcher(tt);
  std::set<std::uint64_t> seen;
  int checked = 0;
  std::function<void(const Nim&)> visit = [&](const Nim& g) {
    if (gs::isOver(g) || !seen.insert(g.key()).second) return;
    const int value = bruteForce(g);
    gs::SearchLimits lim;
    lim.timeMs = 0;  // to the end
    tt.clear();
    const gs::SearchResult r = searcher.think(g, lim);
    REQUIRE(g.canPlay(r.bestMove));
    REQUIRE(r.info.exact);
    REQUIRE(r.info.score == value);
    Nim child = g;
    child.play(r.bestMove);
    REQUIRE(-bruteForce(child) == value);
    ++checked;
    for (int m = 0; m < Nim::kMoveSlots; ++m)
      if (g.canPlay(m)) {
        Nim c = g;
        c.play(m);
        visit(c);
      }
  };
  visit(Nim{});
  CHECK(checked > 50);
}

TEST_CASE("New game: the time-limited player plays it without a solver or a book", "[new-game][player]") {
  gs::TranspositionTable searchTt(1 << 16), solverTt(1 << 16);
  gs::Player<Nim> player(searchTt, solverTt);
  gs::SearchLimits lim;
  lim.timeMs = 200;
  const gs::SearchResult r = player.think(Nim{}, lim);
  REQUIRE(Nim{}.canPlay(r.bestMove));
  CHECK(r.info.source == gs::Source::kSearch);
  CHECK(r.info.exact);  // 9 plies: the search reaches the end
  CHECK(r.info.score == bruteForce(Nim{}));
}
