// An abstract game tree, as lectures draw it: a root, its children, theirs,
// down to leaves that carry a number. A position is a node; a move is the
// index of a child (0 = leftmost); the game is over at a leaf, whose value is
// the game's result. Players alternate: MAX (the first player) moves at the
// root and at every even ply, MIN at the odd plies.
//
// The tree itself is chosen at run time, once for the whole process (as
// Connect4Sized's board): setTree() before any position is made. Its text
// form, the one links and worker requests carry (docs/tree-explorer.md,
// "Textbook trees"):
//
//   tree  := leaf | "(" tree ( "," tree )* ")"
//   leaf  := an integer from -999 to 999, values for MAX
//
//   ((3,12,8),(2,4,6),(14,5,2))      MAX root, three MIN nodes, nine leaves
//
//          MAX               ply 0
//      .----+-----.
//    MIN   MIN   MIN         ply 1
//   3 12 8 2 4 6 14 5 2      ply 2, leaves (values for MAX)
//
// Limits: at most kMoveSlots children per node, leaves at most kMaxPlies deep,
// kMaxNodes nodes (a tree a page can draw).
//
// A game of core/game.hpp (sections 1-3) with capability h (outcome values):
// outcomeValue() is the leaf's number for the side to move (negated at MIN's
// plies), so the negamax searches of search/tree_trace.hpp return MAX's
// number at MAX's nodes. It has no board (kWidth = kHeight = 1, cell() 0), no
// winner (lastMoverWon() false) and no heuristic: evaluate() is 0 at an inner
// node (only a depth limit asks for it; the explorer searches these trees to
// the end). It is listed in TeachingGames (games/registry.hpp), not in the
// product's Games: it is not a game to play.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gs {

// A tree's shape and leaf values. Node 0 is the root; children[n] lists node
// n's children left to right (empty: a leaf); value[n] is a leaf's value for MAX.
struct AbstractTreeShape {
  std::vector<std::vector<int>> children;
  std::vector<int> value;
  int size() const { return static_cast<int>(value.size()); }
};

class AbstractTree {
 public:
  static constexpr int kMoveSlots = 9;     // children per node: one digit each in a move string
  static constexpr int kMaxPlies = 10;     // the deepest leaf's ply
  static constexpr int kMaxNodes = 2000;
  static constexpr int kMaxValue = 999;    // |leaf value|
  static constexpr std::size_t kMaxText = 12000;

  // --- facts (core/game.hpp) ---------------------------------------------
  static constexpr const char* kName = "abstract";
  static constexpr const char* kDisplayName = "Abstract game tree";
  static constexpr const char* kSides[2] = {"MAX", "MIN"};
  static constexpr const char* kMoveNoun = "child";
  static constexpr const char* kTakenText = "does not exist here";
  static constexpr const char* kNotationHelp = "children 1-9, left to right";
  static constexpr int kWidth = 1;
  static constexpr int kHeight = 1;
  static constexpr int kLine = 0;
  static constexpr bool kGravity = false;
  static constexpr int kCentreOrder[kMoveSlots] = {0, 1, 2, 3, 4, 5, 6, 7, 8};  // the given order
  static constexpr int kTreeMaxDepth = 0;
  static constexpr int kWinBase = kMaxPlies;  // (no wins: section 3 asks for a base)
  static constexpr const char* kBookFile = "";
  static constexpr int kSolveFromPlies = 0;

  // The process's tree (precondition of every position: one was set).
  static void setTree(AbstractTreeShape t) { shape() = std::move(t); }
  static const AbstractTreeShape& tree() { return shape(); }

  int node() const { return node_; }
  int childCount() const { return static_cast<int>(shape().children[node_].size()); }
  bool canPlay(int m) const {
    assert(m >= 0 && m < kMoveSlots);
    return m < childCount();
  }
  void play(int m) {
    assert(canPlay(m));
    node_ = shape().children[node_][m];
    ++plies_;
  }
  int plies() const { return plies_; }
  bool lastMoverWon() const { return false; }
  bool isFull() const { return shape().children[node_].empty(); }  // a leaf
  // Capability h: the leaf's value for the side to move (MAX at even plies).
  int outcomeValue() const { return plies_ % 2 == 0 ? shape().value[node_] : -shape().value[node_]; }
  int evaluate() const { return 0; }
  std::uint64_t key() const { return static_cast<std::uint64_t>(node_) + 1; }
  int cell(int, int) const { return 0; }
  std::vector<int> winningCells() const { return {}; }

 private:
  static AbstractTreeShape& shape() {
    static AbstractTreeShape s{{{}}, {0}};  // a lone leaf until setTree()
    return s;
  }
  int node_ = 0;
  int plies_ = 0;
};

// Reads the text form into `out`: "" when done, else what is wrong and where
// ("character 7: a number or '(' expected").
std::string parseAbstractTree(std::string_view text, AbstractTreeShape& out);
// The text form of `t` (parseAbstractTree's input).
std::string abstractTreeText(const AbstractTreeShape& t);

}  // namespace gs
