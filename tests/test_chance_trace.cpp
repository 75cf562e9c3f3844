// The chance tracer (search/chance_trace.hpp): the traced expectiminimax,
// Star1 and Star2 are the untraced searches (same value, best move and node
// count) on EinStein positions rolled and at chance, a few cubes or all, and
// the recorded tree is well formed: one record per node counted, kinds
// alternating, windows and cut reasons that hold, the chosen child carrying
// its parent's value.
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "games/einstein/einstein.hpp"
#include "games/einstein/einstein_notation.hpp"
#include "search/chance_trace.hpp"
#include "search/expectimax.hpp"

using gs::ChanceAlgorithm;
using gs::ChanceCut;
using gs::ChanceNodeKind;
using gs::Einstein;

namespace {

using Plain = gs::ExpectimaxSearcher<Einstein>;
using Recorder = gs::ChanceRecorder<Einstein>;
using Traced = gs::ExpectimaxSearcher<Einstein, Recorder>;

// Positions from seeded random games: every 3rd position, rolled, and every
// 6th also before its roll (a chance root); late ones have few cubes.
std::vector<Einstein> positions(int count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Einstein> out;
  while (static_cast<int>(out.size()) < count) {
    Einstein g;
    for (int ply = 0; !g.lastMoverWon() && static_cast<int>(out.size()) < count; ++ply) {
      if (ply % 3 == 0) out.push_back(g);  // at chance
      g.applyChance(1 + static_cast<int>(rng() % 6));
      if (ply % 3 == 1) out.push_back(g);  // rolled
      int moves[Einstein::kMoveSlots], n = 0;
      for (int m = 0; m < Einstein::kMoveSlots; ++m)
        if (g.canPlay(m)) moves[n++] = m;
      g.play(moves[rng() % n]);
    }
  }
  return out;
}

struct Run {
  Plain::Value value;
  int move;
  std::uint64_t nodes;
};

Run untraced(const Einstein& g, ChanceAlgorithm a, int depth) {
  Plain s;
  s.setOptions(gs::ExpectimaxOptions{a, true});
  Run r;
  r.value = s.value(g, depth, &r.move);
  r.nodes = s.nodes();
  return r;
}

}  // namespace

TEST_CASE("chance trace: traced search = untraced search, and a well-formed tree", "[einstein][trace]") {
  const std::vector<Einstein> sample = positions(60, 11);
  std::uint64_t cuts[3][5] = {};
  for (const Einstein& g : sample) {
    for (int depth = 1; depth <= 3; ++depth) {
      for (ChanceAlgorithm a : {ChanceAlgorithm::kExpectimax, ChanceAlgorithm::kStar1, ChanceAlgorithm::kStar2}) {
        INFO("key " << g.key() << " at chance " << g.atChance() << " depth " << depth << " "
                    << gs::chanceAlgorithmName(a));
        const Run plain = untraced(g, a, depth);
        Recorder rec;
        Traced s(rec);
        s.setOptions(gs::ExpectimaxOptions{a, true});
        int move = -1;
        const Traced::Value v = s.value(g, depth, &move);
        REQUIRE(v == plain.value);
        REQUIRE(move == plain.move);
        REQUIRE(s.nodes() == plain.nodes);
        const auto& n = rec.nodes();
        REQUIRE(n.size() == plain.nodes);
        REQUIRE_FALSE(rec.truncated());
        CHECK(n[0].value == v);
        CHECK(n[0].end == static_cast<int>(n.size()));
        CHECK(n[0].kind == (g.atChance() ? ChanceNodeKind::kChance : ChanceNodeKind::kDecision));
        for (std::size_t i = 0; i < n.size(); ++i) {
          const auto& x = n[i];
          INFO("node " << i);
          REQUIRE(x.end > static_cast<int>(i));
          if (i > 0) {
            const auto& p = n[x.parent];
            // A chance node's children are decision nodes (or probes) reached
            // by an outcome; a decision node's children are chance nodes.
            CHECK((p.kind == ChanceNodeKind::kChance) == (x.kind != ChanceNodeKind::kChance));
            if (x.kind != ChanceNodeKind::kChance) CHECK((x.edge >= 1 && x.edge <= 6 && x.weight >= 1));
            else CHECK(rec.position(x.parent).canPlay(x.edge));
          }
          ++cuts[static_cast<int>(a)][static_cast<int>(x.cut)];
          if (a == ChanceAlgorithm::kExpectimax) CHECK(x.cut == ChanceCut::kNone);
          if (x.cut == ChanceCut::kStar1Low) CHECK(x.value <= x.alpha);
          if (x.cut == ChanceCut::kStar1High || x.cut == ChanceCut::kStar2Probe) CHECK(x.value >= x.beta);
          if (x.cut == ChanceCut::kBeta) CHECK(x.value >= x.beta);
          if (x.cut != ChanceCut::kNone) CHECK(x.pruned >= 0);
          // A decision node's value is its chosen child's, negated.
          if (x.kind == ChanceNodeKind::kDecision && x.end > static_cast<int>(i) + 1) {
            int chosen = -1, count = 0;
            for (int c = static_cast<int>(i) + 1; c < x.end; c = n[c].end)
              if (n[c].chosen) chosen = c, ++count;
            CHECK(count <= 1);
            if (chosen >= 0) CHECK(n[chosen].value == -x.value);
          }
          // The value as an expectation lies in [-1, 1] (a horizon leaf: below 1).
          const double e = static_cast<double>(x.value) / static_cast<double>(rec.valueScale(i));
          if (x.cut == ChanceCut::kNone) CHECK((e >= -1.0 && e <= 1.0));
        }
      }
    }
  }
  // Star1 and Star2 cut at chance nodes and alpha-beta cuts at decision nodes.
  CHECK(cuts[1][static_cast<int>(ChanceCut::kStar1Low)] + cuts[1][static_cast<int>(ChanceCut::kStar1High)] > 0);
  CHECK(cuts[1][static_cast<int>(ChanceCut::kBeta)] > 0);
  CHECK(cuts[2][static_cast<int>(ChanceCut::kStar2Probe)] > 0);
}

TEST_CASE("chance trace: the cap truncates the record, not the search", "[einstein][trace]") {
  Einstein g;
  const Run plain = untraced(g, ChanceAlgorithm::kExpectimax, 3);
  Recorder rec(100);
  Traced s(rec);
  s.setOptions(gs::ExpectimaxOptions{ChanceAlgorithm::kExpectimax, true});
  CHECK(s.value(g, 3) == plain.value);
  CHECK(s.nodes() == plain.nodes);
  CHECK(rec.nodes().size() == 100);
  CHECK(rec.truncated());
  CHECK(rec.nodes()[0].truncated);
}

TEST_CASE("chance trace: the example of docs/einstein.md at depth 2", "[einstein][trace]") {
  gs::EinsteinRecord record;
  Einstein g;
  REQUIRE(gs::parseEinstein("123456/654321:66d,44h,5", record, g).ok);
  for (ChanceAlgorithm a : {ChanceAlgorithm::kExpectimax, ChanceAlgorithm::kStar1, ChanceAlgorithm::kStar2}) {
    const Run plain = untraced(g, a, 2);
    Recorder rec;
    Traced s(rec);
    s.setOptions(gs::ExpectimaxOptions{a, true});
    CHECK(s.value(g, 2) == plain.value);
    CHECK(rec.nodes().size() == plain.nodes);
  }
}
