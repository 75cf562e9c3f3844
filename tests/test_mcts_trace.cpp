// The MCTS tracer (search/mcts_trace.hpp): a traced search grows the same
// tree as the untraced one (same seed), and its records replay into that
// tree: the selection paths, the UCB1 scores that chose each step, the
// playouts' moves and winners, the back-propagated visits and proofs.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/mcts.hpp"
#include "search/mcts_trace.hpp"

using namespace gs;

namespace {

template <class Game>
Game position(const std::string& moves) {
  Game g;
  REQUIRE(parseMoves(moves, g).ok);
  return g;
}

template <class Node>
void requireSameTree(const std::vector<Node>& a, const std::vector<Node>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    INFO("node " << i);
    REQUIRE(a[i].firstChild == b[i].firstChild);
    REQUIRE(a[i].childCount == b[i].childCount);
    REQUIRE(a[i].move == b[i].move);
    REQUIRE(a[i].visits == b[i].visits);
    REQUIRE(a[i].halfPoints == b[i].halfPoints);
    REQUIRE(a[i].lower == b[i].lower);
    REQUIRE(a[i].upper == b[i].upper);
  }
}

// Traces one search and checks it against an untraced one and against its
// own records, replayed iteration by iteration.
template <class Game>
void checkTrace(const std::string& moves, std::uint64_t playouts, std::uint32_t seed, bool solver) {
  INFO("moves '" << moves << "', " << playouts << " playouts, seed " << seed << (solver ? "" : ", no solver"));
  const Game root = position<Game>(moves);
  MctsOptions o;
  o.seed = seed;
  o.solver = solver;
  MctsLimits lim;
  lim.playouts = playouts;

  Mcts<Game> plain(o), traced(o);
  const MctsResult a = plain.think(root, lim);
  MctsRecorder rec;
  const MctsResult b = traced.think(root, lim, Deadline::fromNow(0), rec);

  // Same seed: the same search.
  REQUIRE(a.bestMove == b.bestMove);
  REQUIRE(a.playouts == b.playouts);
  REQUIRE(a.nodes == b.nodes);
  REQUIRE(a.moves.size() == b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    REQUIRE(a.moves[i].move == b.moves[i].move);
    REQUIRE(a.moves[i].visits == b.moves[i].visits);
  }
  requireSameTree(plain.tree(), traced.tree());
  REQUIRE(rec.iterations() == b.playouts);

  // Replay: a bare root, then each iteration's records.
  using Node = typename Mcts<Game>::Node;
  const auto& tree = traced.tree();
  std::vector<Node> state(tree.size());
  std::vector<bool> exists(tree.size(), false);
  exists[0] = true;
  const auto end = [&](const std::vector<std::uint32_t>& starts, std::size_t k, std::size_t size) {
    return k + 1 < starts.size() ? starts[k + 1] : size;
  };
  const double c = o.exploration;
  for (std::size_t k = 0; k < rec.iterations(); ++k) {
    INFO("iteration " << k);
    REQUIRE(state[0].visits == k);
    // Selection: a chain of existing children, each chosen by the UCB1 score recorded.
    Game g = root;
    std::uint32_t parent = 0;
    for (std::uint32_t p = rec.pathStart[k]; p < end(rec.pathStart, k, rec.path.size()); ++p) {
      const std::uint32_t n = rec.path[p];
      REQUIRE(tree[parent].firstChild <= n);
      REQUIRE(n < tree[parent].firstChild + tree[parent].childCount);
      const bool createdNow = rec.expandedNode[k] == static_cast<std::int32_t>(parent);
      REQUIRE((exists[n] || createdNow));
      const Node& s = state[n];
      if (s.visits == 0 || createdNow) {
        REQUIRE(std::isinf(rec.score[p]));
      } else {
        const double logN = std::log(static_cast<double>(std::max<std::uint32_t>(state[parent].visits, 1)));
        REQUIRE(rec.score[p] == Approx(s.halfPoints / (2.0 * s.visits) + c * std::sqrt(logN / s.visits)));
        // No visited sibling scored more (those the solver skips aside).
        for (std::uint32_t sib = tree[parent].firstChild; sib < tree[parent].firstChild + tree[parent].childCount; ++sib) {
          const Node& t = state[sib];
          if (sib == n || t.visits == 0 || (solver && t.lower == t.upper)) continue;
          const double other = t.halfPoints / (2.0 * t.visits) + c * std::sqrt(logN / t.visits);
          if (!solver) REQUIRE(other <= rec.score[p]);
        }
      }
      g.play(tree[n].move);
      parent = n;
    }
    // Playout: its moves from the leaf end the game with the recorded winner.
    const auto leaf = static_cast<MctsLeaf>(rec.leaf[k]);
    const std::uint32_t p0 = rec.playoutStart[k], p1 = end(rec.playoutStart, k, rec.playout.size());
    if (leaf == MctsLeaf::kPlayout) {
      REQUIRE(!isOver(g));
      for (std::uint32_t p = p0; p < p1; ++p) {
        REQUIRE(!isOver(g));
        REQUIRE(g.canPlay(rec.playout[p]));
        g.play(rec.playout[p]);
      }
      REQUIRE(isOver(g));
    } else {
      REQUIRE(p0 == p1);
      if (leaf == MctsLeaf::kGameOver) REQUIRE(isOver(g));
    }
    if (leaf != MctsLeaf::kProven) {
      const int winner = g.lastMoverWon() ? (g.plies() + 1) % 2 : -1;
      REQUIRE(rec.winner[k] == winner);
    }
    // Backpropagation: the root's visit is the last update; apply them all.
    const std::uint32_t u0 = rec.updateStart[k], u1 = end(rec.updateStart, k, rec.updates.size());
    REQUIRE(u1 > u0);
    REQUIRE(rec.updates[u1 - 1].node == 0);
    for (std::uint32_t u = u0; u < u1; ++u) {
      const MctsUpdate& up = rec.updates[u];
      REQUIRE(up.node < state.size());
      if (!exists[up.node]) REQUIRE(up.visits == 0);
      exists[up.node] = true;
      state[up.node].visits = up.visits;
      state[up.node].halfPoints = up.halfPoints;
      state[up.node].lower = up.lower;
      state[up.node].upper = up.upper;
    }
  }
  // After the last iteration the replayed state is the tree.
  for (std::size_t i = 0; i < tree.size(); ++i) {
    INFO("node " << i);
    REQUIRE(exists[i]);
    REQUIRE(state[i].visits == tree[i].visits);
    REQUIRE(state[i].halfPoints == tree[i].halfPoints);
    REQUIRE(state[i].lower == tree[i].lower);
    REQUIRE(state[i].upper == tree[i].upper);
  }
}

}  // namespace

TEST_CASE("MCTS tracer: Tic-Tac-Toe, the same tree as the untraced search, replayed", "[mcts][trace]") {
  for (std::uint32_t seed : {1u, 2u, 7u}) {
    checkTrace<TicTacToe>("1659", 1000, seed, true);
    checkTrace<TicTacToe>("", 1000, seed, true);
    checkTrace<TicTacToe>("15", 500, seed, false);
  }
}

TEST_CASE("MCTS tracer: Connect Four, the same tree as the untraced search, replayed", "[mcts][trace]") {
  for (std::uint32_t seed : {1u, 3u}) {
    checkTrace<Connect4>("", 2000, seed, true);
    checkTrace<Connect4>("4453", 2000, seed, true);
    checkTrace<Connect4>("44", 1000, seed, false);
  }
}

TEST_CASE("MCTS tracer: a proven root stops the search, and the records say how", "[mcts][trace]") {
  // X to move wins at once: the win in one is proven at the root's expansion.
  Mcts<TicTacToe> mcts;
  MctsRecorder rec;
  MctsLimits lim;
  lim.playouts = 1000;
  const MctsResult r = mcts.think(position<TicTacToe>("1524"), lim, Deadline::fromNow(0), rec);
  REQUIRE(r.proven);
  REQUIRE(r.value == 1);
  REQUIRE(r.bestMove == 2);
  REQUIRE(rec.iterations() == r.playouts);
  REQUIRE(rec.iterations() < 1000);
  REQUIRE(rec.expandedNode[0] == 0);
}
