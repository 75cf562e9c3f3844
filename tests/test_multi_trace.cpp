// The max^n / paranoid tracer (search/multi_trace.hpp): the traced max^n,
// max^n with shallow pruning and paranoid are the untraced searches (same
// value, best move, node count and shallow cut-offs) on Connect Four for
// three positions from seeded random games, depths 1 to 4, and the recorded
// tree is well formed: one record per node counted, every inner node's
// value that of its chosen child (the first with the best entry for its
// mover), every cut-off's reason true of the recorded numbers, and the moves
// a cut-off left unsearched the legal moves not searched.
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "core/notation.hpp"
#include "games/connect3p/connect3p.hpp"
#include "search/multi_trace.hpp"
#include "search/multiplayer.hpp"

using gs::Connect3p;
using gs::MultiAlgorithm;
using gs::MultiCut;
using gs::MultiLeaf;

namespace {

using Plain = gs::MultiSearcher<Connect3p>;
using Recorder = gs::MultiRecorder<Connect3p>;
using Traced = gs::MultiSearcher<Connect3p, Recorder>;
constexpr int kMaxSum = Plain::kMaxSum;

// Positions of seeded random games, 0 to 30 plies, none over.
std::vector<Connect3p> positions(int count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Connect3p> out;
  while (static_cast<int>(out.size()) < count) {
    Connect3p g;
    const int plies = static_cast<int>(rng() % 31);
    for (int k = 0; k < plies && !g.isOver(); ++k) {
      int moves[Connect3p::kMoveSlots], n = 0;
      for (int m = 0; m < Connect3p::kMoveSlots; ++m)
        if (g.canPlay(m)) moves[n++] = m;
      g.play(moves[rng() % n]);
    }
    if (!g.isOver()) out.push_back(g);
  }
  return out;
}

int legalMoves(const Connect3p& g) {
  int n = 0;
  for (int m = 0; m < Connect3p::kMoveSlots; ++m) n += g.canPlay(m);
  return n;
}

const char* name(MultiAlgorithm a) { return gs::multiAlgorithmName(a); }

}  // namespace

TEST_CASE("multi trace: traced search = untraced search, and a well-formed tree", "[multiplayer][trace]") {
  const std::vector<Connect3p> sample = positions(40, 7);
  std::uint64_t cuts[3][4] = {};
  for (const Connect3p& g : sample) {
    for (int depth = 1; depth <= 4; ++depth) {
      for (MultiAlgorithm a : {MultiAlgorithm::kMaxn, MultiAlgorithm::kMaxnShallow, MultiAlgorithm::kParanoid}) {
        INFO("plies " << g.plies() << " depth " << depth << " " << name(a));
        Plain plain(a);
        const auto want = plain.searchDepth(g, depth);
        Recorder rec;
        Traced traced(rec, a);
        const auto got = traced.searchDepth(g, depth);
        REQUIRE(got.bestMove == want.bestMove);
        REQUIRE(got.values == want.values);
        REQUIRE(got.score == want.score);
        REQUIRE(got.nodes == want.nodes);
        REQUIRE(got.shallowCuts == want.shallowCuts);
        const auto& n = rec.nodes();
        REQUIRE(n.size() == want.nodes);
        REQUIRE_FALSE(rec.truncated());
        CHECK(n[0].end == static_cast<int>(n.size()));
        CHECK(n[0].move == -1);
        const int root = g.toMove();
        std::uint64_t shallow = 0;
        for (std::size_t i = 0; i < n.size(); ++i) {
          const auto& x = n[i];
          const Connect3p& p = rec.position(i);
          const int me = p.toMove();
          INFO("node " << i);
          REQUIRE(x.end > static_cast<int>(i));
          ++cuts[static_cast<int>(a)][static_cast<int>(x.cut)];
          if (i > 0) CHECK(rec.position(x.parent).canPlay(x.move));
          std::vector<int> kids;
          for (int c = static_cast<int>(i) + 1; c < x.end; c = n[c].end) kids.push_back(c);
          // Leaves: an ended game or the horizon, and nothing else.
          CHECK((x.leaf != MultiLeaf::kNone) == kids.empty());
          if (x.leaf == MultiLeaf::kHorizon) CHECK(x.depth == 0);
          if (x.leaf == MultiLeaf::kWon) CHECK(p.lastMoverWon());
          // Searched children and pruned moves are the legal moves (a
          // cut-off leaves only moves after it unsearched).
          if (!kids.empty()) CHECK(static_cast<int>(kids.size()) + x.pruned == legalMoves(p));
          if (x.cut == MultiCut::kNone) CHECK(x.pruned == 0);
          int chosen = -1, count = 0;
          for (int c : kids)
            if (n[c].chosen) chosen = c, ++count;
          if (!kids.empty()) REQUIRE(count == 1);
          if (a == MultiAlgorithm::kParanoid) {
            CHECK(x.cut != MultiCut::kShallow);
            if (x.leaf != MultiLeaf::kNone) {
              REQUIRE(x.hasValues);
              CHECK(x.value == x.values[root]);
            } else {
              CHECK_FALSE(x.hasValues);
              CHECK(n[chosen].value == x.value);
              // The first child with the best value for the node's side.
              for (int c : kids) {
                if (c == chosen) break;
                CHECK((me == root ? n[c].value < x.value : n[c].value > x.value));
              }
              for (int c : kids) CHECK((me == root ? n[c].value <= x.value : n[c].value >= x.value));
            }
            if (x.cut == MultiCut::kBeta) CHECK((me == root && x.value >= x.beta && x.pruned > 0));
            if (x.cut == MultiCut::kAlpha) CHECK((me != root && x.value <= x.alpha && x.pruned > 0));
          } else {
            REQUIRE(x.hasValues);
            CHECK(x.value == -1);
            if (a == MultiAlgorithm::kMaxn) CHECK(x.cut == MultiCut::kNone);
            if (x.leaf == MultiLeaf::kNone) {
              CHECK(n[chosen].values == x.values);
              for (int c : kids) {
                if (c == chosen) break;
                CHECK(n[c].values[me] < x.values[me]);
              }
              for (int c : kids) CHECK(n[c].values[me] <= x.values[me]);
            }
            if (x.cut == MultiCut::kShallow) {
              ++shallow;
              // The reason: the mover has at least kMaxSum - b, so the
              // parent's player gets at most b, no more than it has.
              const int parentPlayer = rec.position(x.parent).toMove();
              REQUIRE(x.bound >= 0);
              CHECK(x.values[me] >= kMaxSum - x.bound);
              CHECK(x.values[parentPlayer] <= x.bound);
            }
          }
        }
        CHECK(shallow == want.shallowCuts);
      }
    }
  }
  // Shallow cut-offs in max^n with pruning, both kinds of alpha-beta cut in paranoid.
  CHECK(cuts[static_cast<int>(MultiAlgorithm::kMaxnShallow)][static_cast<int>(MultiCut::kShallow)] > 0);
  CHECK(cuts[static_cast<int>(MultiAlgorithm::kParanoid)][static_cast<int>(MultiCut::kBeta)] > 0);
  CHECK(cuts[static_cast<int>(MultiAlgorithm::kParanoid)][static_cast<int>(MultiCut::kAlpha)] > 0);
}

TEST_CASE("multi trace: traced BRS = untraced BRS, and its cut-offs' reasons hold", "[multiplayer][trace][brs]") {
  // BRS's positions leave the turn order, so whose layer a node is comes
  // from its distance to the root: the root player's (MAX) at even plies,
  // the opponents' (MIN, both of them) at odd ones.
  const std::vector<Connect3p> sample = positions(30, 11);
  std::uint64_t cuts[4] = {};
  for (const Connect3p& g : sample) {
    for (int depth = 1; depth <= 4; ++depth) {
      INFO("plies " << g.plies() << " depth " << depth);
      Plain plain(MultiAlgorithm::kBrs);
      const auto want = plain.searchDepth(g, depth);
      Recorder rec;
      Traced traced(rec, MultiAlgorithm::kBrs);
      const auto got = traced.searchDepth(g, depth);
      REQUIRE(got.bestMove == want.bestMove);
      REQUIRE(got.score == want.score);
      REQUIRE(got.nodes == want.nodes);
      const auto& n = rec.nodes();
      REQUIRE(n.size() == want.nodes);
      const int root = g.toMove();
      for (std::size_t i = 0; i < n.size(); ++i) {
        const auto& x = n[i];
        const Connect3p& p = rec.position(i);
        const bool maxTurn = (depth - x.depth) % 2 == 0;
        INFO("node " << i);
        ++cuts[static_cast<int>(x.cut)];
        std::vector<int> kids;
        for (int c = static_cast<int>(i) + 1; c < x.end; c = n[c].end) kids.push_back(c);
        CHECK((x.leaf != MultiLeaf::kNone) == kids.empty());
        // A MAX node tries the root player's moves, a MIN node both opponents'.
        if (!kids.empty()) CHECK(static_cast<int>(kids.size()) + x.pruned == legalMoves(p) * (maxTurn ? 1 : 2));
        for (int c : kids) {
          const Connect3p& q = rec.position(c);
          int top = Connect3p::kHeight - 1;
          while (top > 0 && q.cell(n[c].move, top) == 0) --top;
          const int by = q.cell(n[c].move, top) - 1;  // who placed the edge's stone
          CHECK((by == root) == maxTurn);
          CHECK(q.plies() == p.plies() + 1);
        }
        if (x.leaf != MultiLeaf::kNone) {
          REQUIRE(x.hasValues);
          CHECK(x.value == x.values[root]);
        } else {
          int chosen = -1;
          for (int c : kids)
            if (n[c].chosen) chosen = c;
          REQUIRE(chosen >= 0);
          CHECK(n[chosen].value == x.value);
          for (int c : kids) CHECK((maxTurn ? n[c].value <= x.value : n[c].value >= x.value));
        }
        CHECK(x.cut != MultiCut::kShallow);
        if (x.cut == MultiCut::kBeta) CHECK((maxTurn && x.value >= x.beta && x.pruned > 0));
        if (x.cut == MultiCut::kAlpha) CHECK((!maxTurn && x.value <= x.alpha && x.pruned > 0));
      }
    }
  }
  CHECK(cuts[static_cast<int>(MultiCut::kBeta)] > 0);
  CHECK(cuts[static_cast<int>(MultiCut::kAlpha)] > 0);
}

TEST_CASE("multi trace: the cap truncates the record, not the search", "[multiplayer][trace]") {
  const Connect3p g;
  Plain plain(MultiAlgorithm::kMaxn);
  const auto want = plain.searchDepth(g, 3);
  Recorder rec(100);
  Traced traced(rec, MultiAlgorithm::kMaxn);
  const auto got = traced.searchDepth(g, 3);
  CHECK(got.values == want.values);
  CHECK(got.nodes == want.nodes);
  CHECK(rec.nodes().size() == 100);
  CHECK(rec.truncated());
  CHECK(rec.nodes()[0].truncated);
}

TEST_CASE("multi trace: docs/connect3p.md's small tree, where max^n and paranoid differ", "[multiplayer][trace]") {
  Connect3p g;
  REQUIRE(gs::parseMoves("996997118", g).ok);
  Recorder maxnRec, paranoidRec;
  Traced maxn(maxnRec, MultiAlgorithm::kMaxnShallow), paranoid(paranoidRec, MultiAlgorithm::kParanoid);
  const auto m = maxn.searchDepth(g, 3);
  const auto p = paranoid.searchDepth(g, 3);
  CHECK(m.bestMove == 3);  // column 4: Yellow is trusted to block Green's 5
  CHECK(p.bestMove == 4);  // column 5: Red blocks it itself
  CHECK(m.shallowCuts > 0);
}
