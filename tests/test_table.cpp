// The transposition table (core/tt.hpp): its memory budget and clear().
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/tt.hpp"

using namespace gs;

TEST_CASE("Transposition table stays within its budget", "[tt]") {
  for (std::size_t budget : {std::size_t{1000}, std::size_t{1} << 20, (std::size_t{3} << 20) + 5}) {
    TranspositionTable tt(budget);
    CHECK(tt.bytes() <= std::max<std::size_t>(budget, 32));
    CHECK(tt.bytes() * 2 > budget);
  }
  TranspositionTable tt(4096);
  for (std::uint64_t k = 1; k < 100000; ++k) tt.store(k, 1, Bound::kExact, static_cast<int>(k % 40), 0);
  CHECK(tt.bytes() == 4096);
  tt.store(424242, 7, Bound::kLower, 50, 3);
  const TTEntry* e = tt.probe(424242);
  REQUIRE(e);
  CHECK(e->score == 7);
  CHECK(e->bound == Bound::kLower);
  CHECK(e->move == 3);
}

TEST_CASE("Transposition table: clear() empties what the search and the solver wrote", "[tt]") {
  TranspositionTable tt(4096);
  tt.store(42, 7, Bound::kExact, 3, 1);
  REQUIRE(tt.probe(42));
  tt.clear();
  CHECK(tt.probe(42) == nullptr);
  auto* w = static_cast<std::uint64_t*>(tt.words());
  auto* n = static_cast<std::uint64_t*>(tt.nearWords());
  w[tt.wordCount() - 1] = 5;
  n[TranspositionTable::kNearWords - 1] = 6;
  tt.clear();
  w = static_cast<std::uint64_t*>(tt.words());
  n = static_cast<std::uint64_t*>(tt.nearWords());
  CHECK(w[tt.wordCount() - 1] == 0);
  CHECK(n[TranspositionTable::kNearWords - 1] == 0);
  tt.clear();  // nothing written since: still all 0
  CHECK(std::all_of(w, w + tt.wordCount(), [](std::uint64_t x) { return x == 0; }));
  CHECK(tt.probe(42) == nullptr);
  // A parallel solver's helpers each have a near block of their own:
  // distinct, kept, and cleared with the rest.
  auto* n2 = static_cast<std::uint64_t*>(tt.nearWords(2));
  CHECK(n2 != n);
  CHECK(tt.nearWords(0) == n);
  CHECK(tt.nearWords(2) == n2);  // kept where it was
  CHECK(std::all_of(n2, n2 + TranspositionTable::kNearWords, [](std::uint64_t x) { return x == 0; }));
  n2[7] = 9;
  n[7] = 8;
  tt.clear();
  CHECK(n2[7] == 0);
  CHECK(n[7] == 0);
}
