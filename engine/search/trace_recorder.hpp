// PreorderTrace: what the search-tree explorer's recorders share
// (chance_trace.hpp's ChanceRecorder, multi_trace.hpp's MultiRecorder): the
// nodes in preorder, a copy of each node's position, the path from the root,
// and a cap on the nodes kept.
//
// Preorder: node i's subtree is [i, end), its first child i + 1 when
// i + 1 < end, the next sibling of a child c is nodes[c].end. A recorder
// calls push() when the search enters a node and pop() when it leaves it.
// Past the cap nothing more is kept (push() returns -1 and pop() null), the
// search goes on counting, and every node left open then is marked
// truncated.
//
// Node needs the fields parent, end, chosen and truncated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gs {

template <class Node, class Game>
class PreorderTrace {
 public:
  explicit PreorderTrace(std::size_t cap) : cap_(cap) {}

  // The index the next node entered will get, or -1 past the cap.
  int nextIndex() const { return nodes_.size() < cap_ ? static_cast<int>(nodes_.size()) : -1; }
  void markChosen(int index) {
    if (index >= 0) nodes_[index].chosen = true;
  }

  const std::vector<Node>& nodes() const { return nodes_; }
  const Game& position(std::size_t i) const { return positions_[i]; }
  bool truncated() const { return truncated_; }

 protected:
  // Keeps `n` (its parent set here) and `g`: the node's index, or -1 past the cap.
  int push(Node n, const Game& g) {
    if (nodes_.size() >= cap_) {
      truncated_ = true;
      stack_.push_back(-1);
      return -1;
    }
    n.parent = stack_.empty() ? -1 : stack_.back();
    nodes_.push_back(n);
    positions_.push_back(g);
    stack_.push_back(static_cast<int>(nodes_.size()) - 1);
    return stack_.back();
  }
  // Closes the node `index` push() returned: the node, its subtree's end and
  // truncation set, for the recorder to fill in; null when it was not kept.
  Node* pop(int index) {
    stack_.pop_back();
    if (index < 0) return nullptr;
    Node& n = nodes_[index];
    n.truncated = truncated_;
    n.end = static_cast<std::int32_t>(nodes_.size());
    return &n;
  }

  std::vector<Node> nodes_;

 private:
  std::vector<Game> positions_;
  std::vector<int> stack_;
  std::size_t cap_;
  bool truncated_ = false;
};

}  // namespace gs
