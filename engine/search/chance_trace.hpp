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
// The nodes are kept in preorder (the order the search entered them): node
// i's subtree is [i, end), its first child i + 1 when i + 1 < end, the next
// sibling of a child c is nodes[c].end. Three kinds of node:
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
class ChanceRecorder {
 public:
  static constexpr bool kEnabled = true;
  static constexpr std::size_t kDefaultCap = 200'000;

  explicit ChanceRecorder(std::size_t cap = kDefaultCap) : cap_(cap) {}

  int nextIndex() const { return nodes_.size() < cap_ ? static_cast<int>(nodes_.size()) : -1; }

  int enter(ChanceNodeKind kind, const Game& g, int edge, int weight, std::int64_t alpha, std::int64_t beta,
            int depth) {
    if (nodes_.size() >= cap_) {
      truncated_ = true;
      stack_.push_back(-1);
      return -1;
    }
    ChanceTraceNode n;
    n.parent = stack_.empty() ? -1 : stack_.back();
    n.kind = kind;
    n.edge = static_cast<std::int8_t>(edge);
    n.weight = static_cast<std::uint8_t>(weight);
    n.alpha = alpha;
    n.beta = beta;
    n.depth = static_cast<std::uint8_t>(depth);
    nodes_.push_back(n);
    positions_.push_back(g);
    stack_.push_back(static_cast<int>(nodes_.size()) - 1);
    return stack_.back();
  }
  void leaf(int index, ChanceLeaf kind) {
    if (index >= 0) nodes_[index].leaf = kind;
  }
  void leave(int index, std::int64_t value, ChanceCut cut, int pruned) {
    stack_.pop_back();
    if (index < 0) return;
    ChanceTraceNode& n = nodes_[index];
    n.value = value;
    n.cut = cut;
    n.pruned = static_cast<std::uint8_t>(pruned);
    n.truncated = truncated_;
    n.end = static_cast<std::int32_t>(nodes_.size());
  }
  void markChosen(int index) {
    if (index >= 0) nodes_[index].chosen = true;
  }

  const std::vector<ChanceTraceNode>& nodes() const { return nodes_; }
  const Game& position(std::size_t i) const { return positions_[i]; }
  bool truncated() const { return truncated_; }

  // The value of node i (and its window) divided by this is the expected
  // result in [-1, 1] for the side to move there (see the top of the file).
  std::int64_t valueScale(std::size_t i) const {
    const ChanceTraceNode& n = nodes_[i];
    using S = ExpectimaxSearcher<Game>;
    if (n.kind != ChanceNodeKind::kChance) return S::kWin * S::power(n.depth - 1);
    return n.leaf == ChanceLeaf::kHorizon ? S::kWin : S::kWin * S::power(n.depth);
  }

 private:
  std::vector<ChanceTraceNode> nodes_;
  std::vector<Game> positions_;
  std::vector<int> stack_;
  std::size_t cap_;
  bool truncated_ = false;
};

}  // namespace gs
