// MctsRecorder: the tracer of mcts.hpp that keeps every iteration of one
// search, for the search-tree explorer's MCTS view (wasm/tree_bindings.cpp,
// web/tree/mcts-trace.js). Mcts::think(root, limits, deadline, recorder)
// calls it; with NullMctsTracer the same search records nothing.
//
// Precondition: the search starts from a fresh tree (Mcts::clear(), or
// reuseTree off): the records describe the tree from its bare root.
//
// Iteration k (0-based) is described by flat arrays, each with a start
// offset per iteration (the next iteration's offset, or the array's size,
// ends it):
//   path[pathStart[k] ..]        the nodes selection stepped into, from the
//                                root's child down (the root itself is not
//                                listed); score[] beside it: the UCB1 score
//                                that chose each (+infinity: an unvisited
//                                child, taken first)
//   expandedNode[k]              the node whose children were created in this
//                                iteration, or -1
//   playout[playoutStart[k] ..]  the random playout's moves (0-based)
//   winner[k], leaf[k]           the playout's winner (0, 1; -1 a draw) and
//                                how it was found (MctsLeaf: a playout, the
//                                game over at the leaf, a proven leaf)
//   updates[updateStart[k] ..]   node states after the iteration: the new
//                                children (visits 0) and every node of the
//                                path after backpropagation, leaf first.
// Replaying the updates from a bare root (visits 0, bounds [-1, 1]) gives the
// tree after any iteration; after the last one it is Mcts::tree() field for
// field (tests/test_mcts_trace.cpp).
//
// Memory: about (path + 16 bytes per update + playout moves) per iteration,
// so the caller caps the budget (the wasm layer: kMaxTracedPlayouts).
#pragma once

#include <cstdint>
#include <vector>

#include "search/mcts.hpp"

namespace gs {

// 16 bytes; the wasm layer hands the array to JavaScript as raw bytes.
struct MctsUpdate {
  std::uint32_t node = 0;
  std::uint32_t visits = 0;
  std::uint32_t halfPoints = 0;
  std::int8_t lower = -1, upper = 1;
  std::uint16_t reserved = 0;
};
static_assert(sizeof(MctsUpdate) == 16, "MctsUpdate is read by JavaScript as 16-byte records");

class MctsRecorder {
 public:
  static constexpr bool kEnabled = true;

  void beginIteration() {
    pathStart.push_back(static_cast<std::uint32_t>(path.size()));
    playoutStart.push_back(static_cast<std::uint32_t>(playout.size()));
    updateStart.push_back(static_cast<std::uint32_t>(updates.size()));
    expandedNode.push_back(-1);
    winner.push_back(-1);
    leaf.push_back(0);
  }
  void selected(std::uint32_t child, double ucb) {
    path.push_back(child);
    score.push_back(ucb);
  }
  void expanded(std::uint32_t node) { expandedNode.back() = static_cast<std::int32_t>(node); }
  void created(std::uint32_t child, int lower, int upper) { updated(child, 0, 0, lower, upper); }
  void playoutMove(int move) { playout.push_back(static_cast<std::uint8_t>(move)); }
  void result(int w, MctsLeaf kind) {
    winner.back() = static_cast<std::int8_t>(w);
    leaf.back() = static_cast<std::uint8_t>(kind);
  }
  void updated(std::uint32_t node, std::uint32_t visits, std::uint32_t halfPoints, int lower, int upper) {
    MctsUpdate u;
    u.node = node;
    u.visits = visits;
    u.halfPoints = halfPoints;
    u.lower = static_cast<std::int8_t>(lower);
    u.upper = static_cast<std::int8_t>(upper);
    updates.push_back(u);
  }

  std::size_t iterations() const { return expandedNode.size(); }

  std::vector<std::uint32_t> path, pathStart, playoutStart, updateStart;
  std::vector<double> score;
  std::vector<std::int32_t> expandedNode;
  std::vector<std::uint8_t> playout, leaf;
  std::vector<std::int8_t> winner;
  std::vector<MctsUpdate> updates;
};

}  // namespace gs
