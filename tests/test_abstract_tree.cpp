// The abstract game tree (engine/games/abstract_tree): its text form, and the
// tree explorer's minimax and alpha-beta (search/tree_trace.hpp) on it,
// against values and node counts worked out by hand.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/abstract_tree/abstract_tree.hpp"
#include "games/abstract_tree/abstract_tree_order.hpp"
#include "games/registry.hpp"
#include "protocol/request.hpp"
#include "search/tree_trace.hpp"

using gs::AbstractTree;
using gs::AbstractTreeShape;
using gs::TraceRecorder;
using gs::TreeAlgorithm;

namespace {

// The lectures' 3x3 example: MAX over three MIN nodes.
const char* const kTextbook = "((3,12,8),(2,4,6),(14,5,2))";

AbstractTreeShape parsed(const std::string& text) {
  AbstractTreeShape t;
  const std::string err = gs::parseAbstractTree(text, t);
  INFO(text << ": " << err);
  REQUIRE(err.empty());
  return t;
}

gs::TreeResult run(const std::string& text, TreeAlgorithm a, TraceRecorder& rec) {
  AbstractTree::setTree(parsed(text));
  rec.clear();
  gs::TreeOptions o;
  o.algorithm = a;
  static gs::TranspositionTable tt(1 << 16);
  return gs::treeSearch(AbstractTree(), o, rec, &tt);
}

// The leaves the search evaluated, as their values for MAX, in order.
std::vector<int> leavesSeen(const TraceRecorder& rec) {
  std::vector<int> out;
  for (const gs::TraceNode& n : rec.nodes())
    if (n.flags & gs::kTreeTerminal) out.push_back(n.ply % 2 == 0 ? n.value : -n.value);
  return out;
}

}  // namespace

TEST_CASE("abstract tree: the registry checks and finds it, the product's games do not list it", "[abstract]") {
  CHECK(gs::TeachingRegistry::find("abstract") == 0);
  CHECK(gs::findGame("abstract") < 0);
  CHECK(gs::TeachingRegistry::info(0).kind == gs::GameKind::kTwoPlayer);
}

TEST_CASE("abstract tree: the text form reads and writes back", "[abstract]") {
  const AbstractTreeShape t = parsed(kTextbook);
  CHECK(t.size() == 13);
  CHECK(t.children[0].size() == 3);
  CHECK(gs::abstractTreeText(t) == kTextbook);
  CHECK(gs::abstractTreeText(parsed(" ( -5 , (1,-999) ) ")) == "(-5,(1,-999))");
  CHECK(gs::abstractTreeText(parsed("7")) == "7");
}

TEST_CASE("abstract tree: a bad text says what and where", "[abstract]") {
  auto error = [](const std::string& text) {
    AbstractTreeShape t;
    return gs::parseAbstractTree(text, t);
  };
  CHECK(error("") == "at the end: a number or '(' expected");
  CHECK(error("(1,2") == "at the end: ',' or ')' expected");
  CHECK(error("(1;2)") == "character 3: ',' or ')' expected");
  CHECK(error("(1,x)") == "character 4: a number or '(' expected");
  CHECK(error("(1,1000)") == "character 4: a leaf's value must be from -999 to 999");
  CHECK(error("(1,2))") == "character 6: the tree ends before this (')')");
  CHECK(error("(1,2,3,4,5,6,7,8,9,10)") == "character 20: more than 9 children in one node");
  CHECK(error("((((((((((((1))))))))))))").find("deeper than 10 plies") != std::string::npos);
}

TEST_CASE("abstract tree: the textbook tree, minimax and alpha-beta", "[abstract]") {
  TraceRecorder rec;
  // Minimax: every node, 1 + 3 + 9; the MIN nodes are worth 3, 2, 2.
  gs::TreeResult m = run(kTextbook, TreeAlgorithm::kMinimax, rec);
  CHECK(m.value == 3);
  CHECK(m.bestMove == 0);
  CHECK(m.nodes == 13);
  CHECK(m.leaves == 9);
  CHECK(m.cutoffs == 0);
  // Alpha-beta: after the first MIN node (3), the second's first leaf (2)
  // makes it worth at most 2 < 3: its leaves 4 and 6 are pruned. The third's
  // leaves 14, 5 come before its 2, so nothing more is cut.
  gs::TreeResult ab = run(kTextbook, TreeAlgorithm::kAlphaBeta, rec);
  CHECK(ab.value == 3);
  CHECK(ab.bestMove == 0);
  CHECK(ab.leaves == 7);
  CHECK(ab.nodes == 11);
  CHECK(ab.cutoffs == 1);
  CHECK(leavesSeen(rec) == std::vector<int>{3, 12, 8, 2, 14, 5, 2});
  // The cut is at the second MIN node (node 5 in preorder: root, MIN 1, its
  // three leaves, MIN 2), with the window (3, +inf) for MAX: -3 as its β.
  const gs::TraceNode& min2 = rec.nodes()[5];
  CHECK(min2.ply == 1);
  CHECK(min2.move == 1);
  CHECK((min2.flags & gs::kTreeCutoff) != 0);
  CHECK(min2.beta == -3);
  CHECK(min2.end == 7);  // one child searched
  // Ordered alpha-beta keeps the given order; the table finds no transpositions.
  for (TreeAlgorithm a : {TreeAlgorithm::kAlphaBetaOrdered, TreeAlgorithm::kAlphaBetaTable}) {
    gs::TreeResult r = run(kTextbook, a, rec);
    CHECK(r.value == 3);
    CHECK(r.nodes == 11);
  }
}

TEST_CASE("abstract tree: best-first and worst-first orders", "[abstract]") {
  TraceRecorder rec;
  const AbstractTreeShape best = gs::orderAbstractTree(parsed(kTextbook), true);
  CHECK(gs::abstractTreeText(best) == "((3,8,12),(2,4,6),(2,5,14))");
  gs::TreeResult b = run(gs::abstractTreeText(best), TreeAlgorithm::kAlphaBeta, rec);
  CHECK(b.value == 3);
  CHECK(b.leaves == 5);  // 3 12 8, then one leaf of each other MIN node
  const AbstractTreeShape worst = gs::orderAbstractTree(parsed(kTextbook), false);
  CHECK(gs::abstractTreeText(worst) == "((6,4,2),(14,5,2),(12,8,3))");
  gs::TreeResult w = run(gs::abstractTreeText(worst), TreeAlgorithm::kAlphaBeta, rec);
  CHECK(w.value == 3);
  CHECK(w.leaves == 9);
  CHECK(w.cutoffs == 0);
}

TEST_CASE("abstract tree: deep cut-offs", "[abstract]") {
  // The root's α = 5 (its left subtree) reaches the MIN nodes of ply 3 in the
  // right subtree, which cut after one leaf (3 <= 5, 2 <= 5); MIN at ply 1
  // then cuts its second MAX node. Minimax: 1 + 2 + 4 + 8 + 16 nodes.
  const char* deep = "((((5,7),(4,6)),((8,9),(6,9))),(((3,9),(2,9)),((9,9),(9,9))))";
  TraceRecorder rec;
  gs::TreeResult m = run(deep, TreeAlgorithm::kMinimax, rec);
  CHECK(m.value == 5);
  CHECK(m.nodes == 31);
  gs::TreeResult ab = run(deep, TreeAlgorithm::kAlphaBeta, rec);
  CHECK(ab.value == 5);
  CHECK(ab.nodes == 18);
  CHECK(leavesSeen(rec) == std::vector<int>{5, 7, 4, 8, 9, 3, 2});
  int deepCuts = 0;
  for (const gs::TraceNode& n : rec.nodes()) deepCuts += n.ply == 3 && (n.flags & gs::kTreeCutoff) && n.move >= 0;
  CHECK(deepCuts == 3);  // (4, 6) on the left by the MAX above it; (3, 9) and (2, 9) by the root
}

TEST_CASE("abstract tree: uneven depths, MIN's leaves and a lone leaf", "[abstract]") {
  TraceRecorder rec;
  // MAX chooses between a leaf 4 and a MIN node over (7, (1, 9)): MIN picks
  // min(7, max(1, 9)) = 7, so MAX's value is 7, the second child.
  gs::TreeResult r = run("(4,(7,(1,9)))", TreeAlgorithm::kMinimax, rec);
  CHECK(r.value == 7);
  CHECK(r.bestMove == 1);
  CHECK(r.nodes == 7);
  CHECK(run("(4,(7,(1,9)))", TreeAlgorithm::kAlphaBeta, rec).value == 7);
  gs::TreeResult lone = run("-5", TreeAlgorithm::kMinimax, rec);
  CHECK(lone.value == -5);
  CHECK(lone.nodes == 1);
}

TEST_CASE("abstract tree: the worker's requests carry the tree, checked", "[abstract]") {
  gs::Request r = gs::checkRequest(R"J({"type":"counts","game":"abstract","tree":"((3,12,8),(2,4,6),(14,5,2))"})J");
  CHECK(r.error.empty());
  CHECK(r.runner == "trace");
  CHECK(r.tree == kTextbook);
  r = gs::checkRequest(R"J({"type":"trace","game":"abstract","algorithm":"alphabeta","moves":"2","tree":"(1,(2,3))"})J");
  CHECK(r.error.empty());
  CHECK(r.moves == "2");
  CHECK(gs::checkRequest(R"J({"type":"counts","game":"abstract","tree":"(1,(2,3)"})J").error ==
        "tree: at the end: ',' or ')' expected");
  CHECK(gs::checkRequest(R"J({"type":"counts","game":"abstract","moves":"3","tree":"(1,2)"})J").error ==
        "moves: no child '3' at position 1");
  CHECK(gs::checkRequest(R"J({"type":"treeOrder","game":"abstract","algorithm":"best","tree":"(1,2)"})J").error.empty());
  CHECK(gs::checkRequest(R"J({"type":"treeOrder","game":"abstract","algorithm":"up","tree":"(1,2)"})J").error ==
        "treeOrder's algorithm must be best or worst");
  CHECK(!gs::checkRequest(R"J({"type":"mcts","game":"abstract","tree":"(1,2)","playouts":5,"seed":1})J").error.empty());
  CHECK(!gs::checkRequest(R"J({"type":"treeOrder","game":"tictactoe","algorithm":"best","moves":""})J").error.empty());
}
