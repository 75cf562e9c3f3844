// MultiRecorder: the tracer of multiplayer.hpp that keeps the tree one
// fixed-depth search of a game for more than two players made, for the
// search-tree explorer's max^n / paranoid view
// (protocol/connect3p_tree_json.hpp, web/tree/multi-view.js).
// MultiSearcher<Game, MultiRecorder<Game>>(recorder, algorithm).searchDepth(g, d)
// runs the same search as the untraced searcher (NullMultiTracer) and records
// it; tests/test_multi_trace.cpp checks that both return the same value, best
// move and node count.
//
// Precondition: searchDepth(), not think(): a search stopped by its clock
// leaves nodes unclosed, and think()'s iterations would follow one another.
//
// The nodes are kept in preorder (the order the search entered them;
// search/trace_recorder.hpp). Per node:
//   move      the move slot that led here (-1 at the root)
//   depth     plies to go (0: a horizon leaf)
//   values    max^n: the node's vector (at a shallow cut, the best child's so
//             far: its mover's entry is a lower bound, its parent's player's
//             entry at most kMaxSum minus it); paranoid: a leaf's vector only
//             (hasValues false at inner nodes)
//   value     paranoid: the root player's value (at a cut, a bound: >= at a
//             beta cut, <= at an alpha cut); max^n: -1
//   bound     max^n: the parent's player's best entry so far when this node
//             was entered (-1 before the parent's first child: no pruning)
//   alpha, beta  paranoid: the window on entry (-1 and kMaxSum + 1: open)
//   cut, pruned  why the node returned early and how many moves it left
//   chosen    its parent's value came from this child
//
// Memory: one record plus one copy of the position per node; the search
// keeps counting past the cap, the trace says it is truncated.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/multiplayer.hpp"
#include "search/trace_recorder.hpp"

namespace gs {

template <int Players>
struct MultiTraceNode {
  std::int32_t parent = -1;  // -1 for the root
  std::int32_t end = 0;      // one past the last node of the subtree
  std::array<int, Players> values{};
  bool hasValues = false;
  int value = -1;
  int bound = -1;
  int alpha = -1, beta = -1;
  MultiLeaf leaf = MultiLeaf::kNone;
  MultiCut cut = MultiCut::kNone;
  std::uint8_t pruned = 0;
  std::int8_t move = -1;
  std::uint8_t depth = 0;
  bool chosen = false;
  bool truncated = false;  // the cap was hit inside this subtree
};

template <class Game>
class MultiRecorder : public PreorderTrace<MultiTraceNode<Game::kPlayers>, Game> {
  static_assert(Game::kMoveSlots <= 127 && Game::kMaxPlies <= 255, "a node keeps its move and depth in 8 bits");
 public:
  static constexpr bool kEnabled = true;
  static constexpr std::size_t kDefaultCap = 50'000;
  using Node = MultiTraceNode<Game::kPlayers>;

  explicit MultiRecorder(std::size_t cap = kDefaultCap) : PreorderTrace<Node, Game>(cap) {}

  int enter(const Game& g, int move, int depth, int bound, int alpha, int beta) {
    Node n;
    n.move = static_cast<std::int8_t>(move);
    n.depth = static_cast<std::uint8_t>(depth);
    n.bound = bound;
    n.alpha = alpha;
    n.beta = beta;
    return this->push(n, g);
  }
  void leaf(int index, MultiLeaf kind) {
    if (index >= 0) this->nodes_[index].leaf = kind;
  }
  void values(int index, const std::array<int, Game::kPlayers>& v) {
    if (index < 0) return;
    this->nodes_[index].values = v;
    this->nodes_[index].hasValues = true;
  }
  void leave(int index, int value, MultiCut cut, int pruned) {
    if (Node* n = this->pop(index)) {
      n->value = value;
      n->cut = cut;
      n->pruned = static_cast<std::uint8_t>(pruned);
    }
  }
};

}  // namespace gs
