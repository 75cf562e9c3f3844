// Children of an abstract game tree put in order by their minimax values, to
// show alpha-beta's best case (best-first: every cut comes as early as it
// can) and its worst (worst-first: nothing is cut). The values are the
// engine's own: one traced minimax run of search/tree_trace.hpp over the
// whole tree, whose nodes are every node of the tree, in preorder.
//
// Best-first for the side to move at a node: MAX's children by decreasing
// value for MAX, MIN's by increasing; in negamax terms, every node's children
// by increasing negamax value (the child's value for its own side to move,
// which the parent negates). Ties keep their order.
#pragma once

#include <algorithm>
#include <vector>

#include "games/abstract_tree/abstract_tree.hpp"
#include "search/tree_trace.hpp"

namespace gs {

// `t` reordered; `bestFirst` false gives the worst-first order.
inline AbstractTreeShape orderAbstractTree(const AbstractTreeShape& t, bool bestFirst) {
  AbstractTree::setTree(t);
  TraceRecorder rec(static_cast<std::size_t>(AbstractTree::kMaxNodes));
  TreeOptions o;
  o.algorithm = TreeAlgorithm::kMinimax;
  treeSearch(AbstractTree(), o, rec, nullptr);
  const std::vector<TraceNode>& nodes = rec.nodes();
  // Minimax visits every node: trace node i is tree node id[i].
  std::vector<int> id(nodes.size(), 0), value(t.value.size(), 0);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].parent >= 0) id[i] = t.children[id[nodes[i].parent]][nodes[i].move];
    value[id[i]] = nodes[i].value;
  }
  AbstractTreeShape out = t;
  for (auto& kids : out.children)
    std::stable_sort(kids.begin(), kids.end(),
                     [&](int a, int b) { return bestFirst ? value[a] < value[b] : value[a] > value[b]; });
  return out;
}

}  // namespace gs
