// ChanceRecorder: the tracer of expectimax.hpp that keeps the tree one
// search of a game with chance made, for the search-tree explorer's chance
// view (wasm/einstein_tree_bindings.cpp, web/tree/chance-trace.js).
// ExpectimaxSearcher<Game, ChanceRecorder<Game>>(recorder).value(root, depth)
// runs the same search as the untraced searcher (NullChanceTracer) and
// records it; tests/test_chance_trace.cpp checks that both return the same
// value, best move and node count.
//
// Precondition: a search without a deadline (value(), not think()): a search
// stopped by its clock leaves nodes unclosed.
//
// The nodes are kept in preorder (the order the search entered them;
// search/trace_recorder.hpp). Three kinds of node:
//   decision  a rolled position: its side picks a move; its edge from the
//             parent (a chance node) is the outcome: the first face and the
//             outcome's weight (merged faces share one outcome)
//   chance    a position before the roll (also a finished game or a horizon
//             leaf: `leaf` says so); its edge is the move that led here
//   probe     Star2's probe of a decision node: only its first move searched,
//             so its value is a lower bound of that decision node
// Values, alpha and beta are the searcher's exact integers for the side to
// move at the node, in its units (expectimax.hpp: a chance node of depth d
// in 1 / T^d, a decision node in 1 / T^(d-1), a horizon leaf in units of 1);
// valueScale() turns them into an expected result in [-1, 1].
//
// Memory: one record plus one copy of the position per node; the search
// keeps counting past the cap, the trace says it is truncated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/expectimax.hpp"
#include "search/trace_recorder.hpp"

namespace gs {

struct ChanceTraceNode {
  std::int32_t parent = -1;  // -1 for the root
  std::int32_t end = 0;      // one past the last node of the subtree
  std::int64_t alpha = 0, beta = 0;  // window on entry
  std::int64_t value = 0;            // returned (a bound when `cut` is a Star cut)
  ChanceNodeKind kind = ChanceNodeKind::kChance;
  ChanceLeaf leaf = ChanceLeaf::kNone;
  ChanceCut cut = ChanceCut::kNone;
  std::uint8_t pruned = 0;  // children (moves or outcomes) the cut left unsearched
  std::int8_t edge = -1;    // decision/probe: the outcome's face; chance: the move slot (-1 at the root)
  std::uint8_t weight = 0;  // decision/probe: the outcome's weight
  std::uint8_t depth = 0;   // moves to go
  bool chosen = false;      // its parent's value came from this child (a decision node's best move)
  bool truncated = false;   // the cap was hit inside this subtree
};

template <class Game>
class ChanceRecorder : public PreorderTrace<ChanceTraceNode, Game> {
  static_assert(Game::kMoveSlots <= 127 && Game::kMaxPlies <= 255, "a node keeps its edge and depth in 8 bits");
 public:
  static constexpr bool kEnabled = true;
  static constexpr std::size_t kDefaultCap = 200'000;

  explicit ChanceRecorder(std::size_t cap = kDefaultCap) : PreorderTrace<ChanceTraceNode, Game>(cap) {}

  int enter(ChanceNodeKind kind, const Game& g, int edge, int weight, std::int64_t alpha, std::int64_t beta,
            int depth) {
    ChanceTraceNode n;
    n.kind = kind;
    n.edge = static_cast<std::int8_t>(edge);
    n.weight = static_cast<std::uint8_t>(weight);
    n.alpha = alpha;
    n.beta = beta;
    n.depth = static_cast<std::uint8_t>(depth);
    return this->push(n, g);
  }
  void leaf(int index, ChanceLeaf kind) {
    if (index >= 0) this->nodes_[index].leaf = kind;
  }
  void leave(int index, std::int64_t value, ChanceCut cut, int pruned) {
    if (ChanceTraceNode* n = this->pop(index)) {
      n->value = value;
      n->cut = cut;
      n->pruned = static_cast<std::uint8_t>(pruned);
    }
  }

  // The value of node i (and its window) divided by this is the expected
  // result in [-1, 1] for the side to move there (see the top of the file).
  std::int64_t valueScale(std::size_t i) const {
    const ChanceTraceNode& n = this->nodes_[i];
    using S = ExpectimaxSearcher<Game>;
    if (n.kind != ChanceNodeKind::kChance) return S::kWin * S::power(n.depth - 1);
    return n.leaf == ChanceLeaf::kHorizon ? S::kWin : S::kWin * S::power(n.depth);
  }
};

}  // namespace gs
