// The search-tree explorer's engine (engine/search/tree_trace.hpp): the traced search
// is the untraced one, node for node; the trace is a well-formed preorder tree
// whose cut-offs, table hits and chosen children agree with the search.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "games/connect4/connect4.hpp"
#include "test_util.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/tree_trace.hpp"

using gs::TraceNode;
using gs::TraceRecorder;
using gs::TreeAlgorithm;
using gs::TreeOptions;

namespace {

constexpr TreeAlgorithm kAll[] = {TreeAlgorithm::kMinimax, TreeAlgorithm::kAlphaBeta,
                                  TreeAlgorithm::kAlphaBetaOrdered, TreeAlgorithm::kAlphaBetaTable};

template <class Game>
gs::TreeResult untraced(const Game& g, TreeAlgorithm a, int depth = 0) {
  static gs::TranspositionTable tt(1 << 20);
  gs::NullTracer none;
  TreeOptions o;
  o.algorithm = a;
  o.depth = depth;
  return gs::treeSearch(g, o, none, &tt);
}

template <class Game>
gs::TreeResult traced(const Game& g, TreeAlgorithm a, TraceRecorder& rec, int depth = 0) {
  static gs::TranspositionTable tt(1 << 20);
  rec.clear();
  TreeOptions o;
  o.algorithm = a;
  o.depth = depth;
  return gs::treeSearch(g, o, rec, &tt);
}

// Structure of a complete trace: preorder subtrees, windows passed down as
// (-beta, -alpha), one chosen child per inner node carrying its value, flag
// counts equal to the search's counters.
template <class Game>
void checkTrace(const Game& root, const TraceRecorder& rec, const gs::TreeResult& r, TreeAlgorithm a) {
  const auto& n = rec.nodes();
  REQUIRE_FALSE(rec.truncated());
  REQUIRE(n.size() == r.nodes);
  REQUIRE(n[0].parent == -1);
  REQUIRE(n[0].end == static_cast<int>(n.size()));
  REQUIRE(n[0].value == r.value);
  std::uint64_t cutoffs = 0, hits = 0, leaves = 0;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const TraceNode& x = n[i];
    cutoffs += (x.flags & gs::kTreeCutoff) != 0;
    hits += (x.flags & gs::kTreeTableHit) != 0;
    leaves += (x.flags & (gs::kTreeTerminal | gs::kTreeHorizon)) != 0;
    REQUIRE(x.end > static_cast<int>(i));
    int chosen = 0, children = 0, alpha = x.alpha;
    for (int c = static_cast<int>(i) + 1; c < x.end; c = n[c].end) {
      ++children;
      REQUIRE(n[c].parent == static_cast<int>(i));
      REQUIRE(n[c].ply == x.ply + 1);
      if (a == TreeAlgorithm::kMinimax) {
        REQUIRE(n[c].alpha == -gs::search_score::kInfinity);
        REQUIRE(n[c].beta == gs::search_score::kInfinity);
      } else {
        REQUIRE(n[c].alpha == -x.beta);
        REQUIRE(n[c].beta == -alpha);
        alpha = std::max(alpha, -static_cast<int>(n[c].value));
      }
      if (n[c].flags & gs::kTreeChosen) {
        ++chosen;
        REQUIRE(x.value == -n[c].value);
      }
    }
    const bool leaf = x.flags & (gs::kTreeTerminal | gs::kTreeHorizon | gs::kTreeTableHit);
    REQUIRE(leaf == (children == 0));
    if (!leaf) REQUIRE(chosen == 1);
    if (x.flags & gs::kTreeCutoff) REQUIRE(x.value >= x.beta);
  }
  REQUIRE(cutoffs == r.cutoffs);
  REQUIRE(hits == r.tableHits);
  REQUIRE(leaves == r.leaves);
  // The principal variation follows the chosen children from the root.
  Game g = root;
  int i = 0;
  for (int m : r.pv) {
    int next = -1;
    for (int c = i + 1; c < n[i].end; c = n[c].end)
      if (n[c].flags & gs::kTreeChosen) next = c;
    REQUIRE(next >= 0);
    REQUIRE(n[next].move == m);
    g.play(m);
    i = next;
  }
}

}  // namespace

TEST_CASE("tree: plain minimax visits all 549,946 nodes of Tic-Tac-Toe", "[tree]") {
  gs::TicTacToe empty;
  auto r = untraced(empty, TreeAlgorithm::kMinimax);
  CHECK(r.nodes == 549946);
  CHECK(r.value == 0);
  TraceRecorder rec;
  auto t = traced(empty, TreeAlgorithm::kMinimax, rec);
  CHECK(t.nodes == 549946);
  CHECK(rec.nodes().size() == 549946);
  CHECK_FALSE(rec.truncated());
  // 255,168 finished games end in the leaves of the full tree.
  CHECK(t.leaves == 255168);
}

TEST_CASE("tree: every algorithm finds the minimax value; traced counts equal untraced", "[tree]") {
  std::mt19937 rng(6);
  std::vector<std::string> positions = {"", "5", "1524", "15243", "5137", "91"};
  for (int i = 0; i < 20; ++i) {
    gs::TicTacToe g;
    std::string s;
    if (gs_test::randomPosition(rng, 1 + static_cast<int>(rng() % 6), g, &s)) positions.push_back(s);
  }
  TraceRecorder rec;
  for (const std::string& moves : positions) {
    INFO("position '" << moves << "'");
    const auto g = gs_test::fromMoves<gs::TicTacToe>(moves);
    const int truth = untraced(g, TreeAlgorithm::kMinimax).value;
    std::uint64_t previous = ~std::uint64_t{0};
    for (TreeAlgorithm a : kAll) {
      INFO(gs::treeAlgorithmName(a));
      auto u = untraced(g, a);
      auto t = traced(g, a, rec);
      CHECK(u.value == truth);
      CHECK(t.value == truth);
      CHECK(t.nodes == u.nodes);
      CHECK(t.cutoffs == u.cutoffs);
      CHECK(t.pv == u.pv);
      checkTrace(g, rec, t, a);
      if (moves.empty()) CHECK(u.nodes < previous);  // each refinement pays off here
      previous = u.nodes;
    }
  }
}

TEST_CASE("tree: Connect Four at a small depth", "[tree]") {
  gs::Connect4 empty;
  // Depth 4 from the empty board: 1 + 7 + 49 + 343 + 2401 nodes, no game ends.
  auto mm = untraced(empty, TreeAlgorithm::kMinimax, 4);
  CHECK(mm.nodes == 2801);
  CHECK_FALSE(mm.exactScale);
  TraceRecorder rec;
  for (const char* moves : {"", "4453", "444435"}) {
    INFO("position '" << moves << "'");
    const auto g = gs_test::fromMoves<gs::Connect4>(moves);
    const int truth = untraced(g, TreeAlgorithm::kMinimax, 4).value;
    for (TreeAlgorithm a : kAll) {
      INFO(gs::treeAlgorithmName(a));
      auto u = untraced(g, a, 4);
      auto t = traced(g, a, rec, 4);
      CHECK(t.nodes == u.nodes);
      CHECK(t.value == u.value);
      // The table may answer from a deeper search of a transposition; the
      // other three compute the depth-4 minimax value exactly.
      if (a != TreeAlgorithm::kAlphaBetaTable) CHECK(u.value == truth);
      checkTrace(g, rec, t, a);
    }
  }
}

TEST_CASE("tree: the node cap bounds memory and the count stays exact", "[tree]") {
  TraceRecorder rec(1000);
  auto t = traced(gs::TicTacToe(), TreeAlgorithm::kMinimax, rec);
  CHECK(t.nodes == 549946);
  CHECK(rec.truncated());
  REQUIRE(rec.nodes().size() == 1000);
  CHECK((rec.nodes()[0].flags & gs::kTreeTruncated) != 0);
  for (const TraceNode& n : rec.nodes()) CHECK(n.end <= 1000);
}

TEST_CASE("tree: alpha-beta cuts off below a win at once", "[tree]") {
  // X: 1 2, O: 5 4 -> X to move with cells 3 6 7 8 9 empty; X wins at once
  // with 3, and the other moves are cut short below O's replies. (The
  // explorer's words for a cut-off are the page's, web/tree/.)
  const auto g = gs_test::fromMoves<gs::TicTacToe>("1524");
  TraceRecorder rec;
  auto t = traced(g, TreeAlgorithm::kAlphaBeta, rec);
  CHECK(t.value == 3);  // a win with the 3rd mark
  CHECK(t.bestMove == 2);
  int cuts = 0;
  for (const TraceNode& n : rec.nodes())
    if (n.flags & gs::kTreeCutoff) {
      ++cuts;
      CHECK(n.value >= n.beta);
    }
  CHECK(cuts > 0);
}

TEST_CASE("tree: iterative deepening, and the kept table shrinks later iterations", "[tree]") {
  gs::TranspositionTable kept(1 << 20), fresh(1 << 20);
  auto steps = gs::treeDeepening(gs::TicTacToe(), 0, kept, fresh);
  REQUIRE(steps.size() == 9);
  CHECK(steps.back().proven == false);  // a draw is not a proven win or loss
  CHECK(steps.back().value == 0);
  std::uint64_t keptTotal = 0, freshTotal = 0;
  for (const auto& s : steps) {
    CHECK(s.pv.size() >= 1);
    CHECK(s.bestMove == s.pv.front());
    keptTotal += s.nodesKeptTable;
    freshTotal += s.nodesFreshTable;
  }
  CHECK(keptTotal < freshTotal);
  auto c4 = gs::treeDeepening(gs::Connect4(), 5, kept, fresh);
  REQUIRE(c4.size() == 5);
  CHECK(c4.back().bestMove == 3);  // the centre column
}
