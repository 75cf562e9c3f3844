// Connect Four for three in the search-tree explorer (web/tree/multi-view.js):
// one fixed-depth search of a position by max^n with shallow pruning, by
// paranoid search and by best-reply search, traced (search/multi_trace.hpp),
// and the untraced node counts of all four algorithms, as JSON text for the engine worker's
// multiTree request (wasm/trace_requests.cpp; Module.connect3pTree,
// wasm/connect3p_tree_bindings.cpp, for tests). The page searches nothing
// and spells none of the rules.
//
// connect3pTreeJson(moves, depth): moves a move string (docs/connect3p.md), depth 1 to
// kConnect3pTreeMaxDepth plies.
//   {"ok":true, "moves", "depth", "maxDepth", "toMove": 0-2,
//    "players": ["Red","Yellow","Green"], "maxSum": 1000 (a vector's entries
//    are >= 0 and sum to at most this),
//    "algorithms": [{"algorithm": "maxn" | "paranoid" | "maxn-plain" | "brs",
//       "nodes", "move": column 1-9, "score": the mover's value, "values":
//       [3 entries] (max^n) or null (paranoid, brs), "shallowCuts"}, ...]
//       (the untraced searches, in this order),
//    "trees": [{"algorithm": "maxn" | "paranoid" | "brs", "nodes": the traced
//       search's count, "recorded", "truncated", "move": column 1-9, and one
//       array entry per recorded node, in preorder (node i's subtree is
//       [i, end[i])):
//       "parent" (-1 root), "end", "edge" (the column 1-9 that led here, 0 at
//       the root), "mover" (0-2: the player to move at the node; brs: the
//       root player at its layers, -1 at the opponents' layers, where either
//       may reply), "by" (0-2: who placed the edge's stone, -1 at the root), "depth"
//       (plies to go), "leaf" (0 inner, 1 horizon, 2 the last mover won,
//       3 a full board), "cut" (0 none, 1 shallow cut, 2 paranoid or brs beta cut
//       at the root player's node, 3 alpha cut at a coalition (brs: replies) node),
//       "pruned" (moves the cut left), "chosen" (1: the parent's value came
//       from this node), "bound" (max^n: the parent's player's best entry
//       when the node was entered, -1 none), "values" (3 per node, flat: the
//       node's vector; -1s where there is none: paranoid inner nodes),
//       "value" (paranoid, brs: the root player's value, a bound at a cut; max^n
//       -1), "alpha", "beta" (paranoid, brs: the window on entry, -1 and
//       maxSum + 1 open; max^n -1), "cells" (a string of 54 digits per node:
//       0 empty, 1 Red, 2 Yellow, 3 Green; index col + 9 * row, row 0 at
//       the bottom)}, ...]}
//   or {"ok":false, "error", "position"?}
#pragma once

#include <string>

#include "games/connect3p/connect3p.hpp"

namespace gs {

// The deepest tree the explorer traces (the game's kTreeMaxDepth): 7,381
// nodes for plain max^n from an open position.
constexpr int kConnect3pTreeMaxDepth = Connect3p::kTreeMaxDepth;

std::string connect3pTreeJson(const std::string& moves, int depth);

}  // namespace gs
