// Textbook game-tree search, instrumented: the search-tree explorer's engine.
//
// One negamax search, templated on the Game and on a Tracer policy, runs four
// algorithms of the lectures so they can be compared on the same position:
//   kMinimax           plain minimax (negamax form): every node, finished ones
//                      included; from the empty Tic-Tac-Toe board 549,946 nodes
//                      (the same count as Solver's kMinimax).
//   kAlphaBeta         alpha-beta, moves in their natural order (1, 2, 3, ...).
//   kAlphaBetaOrdered  alpha-beta, moves ordered as searcher.hpp orders them:
//                      winning spots created (threatScore), then the incremental
//                      evaluation gain (moveGain), centre first on ties (a game
//                      without the threats capability: the game's static order).
//   kAlphaBetaTable    the same plus a transposition table: its bounds cut
//                      (exact / lower >= beta / upper <= alpha, when searched at
//                      least as deep) and its best move is searched first.
// No shortcuts the lecture pseudocode does not have: a node is terminal only
// when the game is over (the last mover won or the board is full; an abstract
// game tree's leaf, games/abstract_tree, scores its own value); an optional
// depth limit evaluates the horizon with Game::evaluate().
//
// Tracer policy: `NullTracer` has empty inline members and compiles away, so the
// untraced search (node counts for the statistics) and the traced one (the tree
// the explorer draws) are the same code. `TraceRecorder` keeps a flat array of
// TraceNode in preorder (depth-first, the order the search enters nodes):
//   node i's subtree is [i, nodes[i].end); its first child is i + 1 when
//   i + 1 < end; the next sibling of a child c is nodes[c].end.
// It stops recording at a node cap (memory stays bounded) and says so; the
// search keeps counting, so nodes() is always the search's own count.
//
// Values are negamax values, from the point of view of the side to move at the
// node. Scale: when the search reaches the end of every line (no depth limit,
// or a limit at least the plies left) values are exact scores (types.hpp:
// Tic-Tac-Toe +3 = a win with the 3rd mark, 0 draw); with a horizon they are on
// the search_score scale (heuristic within +-kHeuristicLimit, proven results
// +-(kProvenBase + exact)). +-kInfinity (32000) is the open window.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/game.hpp"
#include "core/move_list.hpp"
#include "core/tt.hpp"
#include "core/types.hpp"

namespace gs {

enum class TreeAlgorithm : int { kMinimax = 0, kAlphaBeta = 1, kAlphaBetaOrdered = 2, kAlphaBetaTable = 3 };
constexpr int kTreeAlgorithmCount = 4;

inline const char* treeAlgorithmName(TreeAlgorithm a) {
  switch (a) {
    case TreeAlgorithm::kMinimax: return "minimax";
    case TreeAlgorithm::kAlphaBeta: return "alphabeta";
    case TreeAlgorithm::kAlphaBetaOrdered: return "ordered";
    case TreeAlgorithm::kAlphaBetaTable: return "table";
  }
  return "?";
}

// --- the trace --------------------------------------------------------------

// Node flags (TraceNode::flags).
enum TreeFlag : std::uint16_t {
  kTreeTerminal = 1,      // the game is over here (a win for the last mover, or a full board)
  kTreeHorizon = 2,       // depth limit reached: value = evaluate()
  kTreeTableHit = 4,      // value taken from the table (bound in the next three bits)
  kTreeCutoff = 8,        // beta cut-off: value >= beta with moves left, which were pruned
  kTreeChosen = 16,       // its parent's value came from this child (the parent's best move)
  kTreeTruncated = 32,    // the node cap was hit inside this subtree: it is incomplete
  kTreeTableMove = 64,    // the first child searched was the table's best move
  kTreeBoundExact = 128,  // table hit with an exact value
  kTreeBoundLower = 256,  // table hit with a lower bound >= beta
  kTreeBoundUpper = 512,  // table hit with an upper bound <= alpha
};

// 20 bytes; the wasm layer hands the array to JavaScript as raw bytes, so the
// layout is part of the interface (web/tree/trace.js reads it).
struct TraceNode {
  std::int32_t parent = -1;  // index of the parent, -1 for the root
  std::int32_t end = 0;      // one past the last node of this subtree
  std::int16_t alpha = 0;    // window on entry
  std::int16_t beta = 0;
  std::int16_t value = 0;    // value returned (negamax, side to move at this node)
  std::int8_t move = -1;     // 0-based move that led here, -1 for the root
  std::uint8_t ply = 0;      // distance from the root
  std::uint16_t flags = 0;   // TreeFlag bits
  std::uint16_t reserved = 0;
};
static_assert(sizeof(TraceNode) == 20, "TraceNode is read by JavaScript as 20-byte records");

// Records nothing; every call compiles away.
struct NullTracer {
  static constexpr bool kEnabled = false;
  int nextIndex() const { return -1; }
  int enter(int, int, int, int, int) { return -1; }
  void leave(int, int, std::uint16_t) {}
  void markChosen(int) {}
};

class TraceRecorder {
 public:
  static constexpr bool kEnabled = true;
  static constexpr std::size_t kDefaultCap = 1'000'000;  // 20 MB

  explicit TraceRecorder(std::size_t cap = kDefaultCap) : cap_(cap) {}

  // Index the next entered node will get (-1 once the cap is reached).
  int nextIndex() const { return nodes_.size() < cap_ ? static_cast<int>(nodes_.size()) : -1; }

  // A node is entered with its window; returns its index, or -1 (not recorded).
  int enter(int parent, int move, int ply, int alpha, int beta) {
    if (nodes_.size() >= cap_) {
      truncated_ = true;
      return -1;
    }
    if (nodes_.size() == nodes_.capacity())  // grow by doubling, never past the cap
      nodes_.reserve(std::min(cap_, std::max<std::size_t>(1024, nodes_.capacity() * 2)));
    TraceNode n;
    n.parent = parent;
    n.move = static_cast<std::int8_t>(move);
    n.ply = static_cast<std::uint8_t>(ply);
    n.alpha = static_cast<std::int16_t>(alpha);
    n.beta = static_cast<std::int16_t>(beta);
    nodes_.push_back(n);
    return static_cast<int>(nodes_.size()) - 1;
  }
  void leave(int index, int value, std::uint16_t flags) {
    if (index < 0) return;
    TraceNode& n = nodes_[index];
    n.value = static_cast<std::int16_t>(value);
    n.flags |= flags;
    if (truncated_) n.flags |= kTreeTruncated;  // still on the stack when the cap was hit
    n.end = static_cast<std::int32_t>(nodes_.size());
  }
  void markChosen(int index) {
    if (index >= 0) nodes_[index].flags |= kTreeChosen;
  }

  const std::vector<TraceNode>& nodes() const { return nodes_; }
  bool truncated() const { return truncated_; }
  std::size_t cap() const { return cap_; }
  void clear() {
    nodes_.clear();
    truncated_ = false;
  }

 private:
  std::vector<TraceNode> nodes_;
  std::size_t cap_;
  bool truncated_ = false;
};

// --- the search ---------------------------------------------------------------

struct TreeOptions {
  TreeAlgorithm algorithm = TreeAlgorithm::kAlphaBeta;
  int depth = 0;           // 0: search to the end of the game
  bool clearTable = true;  // kAlphaBetaTable: start from an empty table
  // -1: exact scale when the search reaches the end of every line (see the top
  // of the file); 0/1 force the search_score / exact scale (iterative
  // deepening keeps one scale for every iteration sharing a table).
  int exactScale = -1;
};

struct TreeResult {
  int value = 0;        // root value (scale: `exactScale`)
  bool exactScale = true;
  int bestMove = -1;    // 0-based; -1 if the root is over
  std::vector<int> pv;  // 0-based moves
  std::uint64_t nodes = 0;
  std::uint64_t cutoffs = 0;    // nodes with kTreeCutoff
  std::uint64_t tableHits = 0;  // nodes with kTreeTableHit
  std::uint64_t leaves = 0;     // terminal + horizon nodes
};

template <class Game, class Tracer = NullTracer>
class TreeSearch {
  static_assert(Game::kMoveSlots <= 127 && Game::kMaxPlies <= 255,
                "TraceNode keeps a move in 8 signed bits and a ply in 8 bits");
 public:
  // `tt` is needed only by kAlphaBetaTable.
  TreeSearch(Tracer& tracer, TranspositionTable* tt) : tracer_(tracer), tt_(tt) {}

  TreeResult run(const Game& root, const TreeOptions& opt) {
    using namespace search_score;
    opt_ = opt;
    const int left = maxPliesOf<Game>() - root.plies();
    const int depth = opt.depth > 0 ? std::min(opt.depth, left) : left;
    exact_ = opt.exactScale >= 0 ? opt.exactScale == 1 : depth >= left;
    useTable_ = opt.algorithm == TreeAlgorithm::kAlphaBetaTable && tt_ != nullptr;
    if (useTable_) {
      if (opt.clearTable) tt_->clear();
      tt_->newSearch();
    }
    result_ = TreeResult();
    result_.exactScale = exact_;
    result_.value = search(root, depth, -kInfinity, kInfinity, 0, -1, -1);
    result_.pv.assign(pv_[0], pv_[0] + pvLen_[0]);
    result_.bestMove = pvLen_[0] > 0 ? pv_[0][0] : -1;
    return result_;
  }

 private:
  static constexpr int kMaxPly = Game::kMaxPlies + 1;

  bool pruning() const { return opt_.algorithm != TreeAlgorithm::kMinimax; }
  bool ordered() const {
    return opt_.algorithm == TreeAlgorithm::kAlphaBetaOrdered || opt_.algorithm == TreeAlgorithm::kAlphaBetaTable;
  }
  int winValue(int exact) const { return exact_ ? exact : search_score::fromExact(exact); }

  int leave(int self, int value, std::uint16_t flags) {
    if (flags & kTreeCutoff) ++result_.cutoffs;
    if (flags & kTreeTableHit) ++result_.tableHits;
    if (flags & (kTreeTerminal | kTreeHorizon)) ++result_.leaves;
    tracer_.leave(self, value, flags);
    return value;
  }

  // Ordering key as in searcher.hpp (table move, threats, evaluation gain);
  // the stable sort keeps centre-first order on ties.
  int orderScore(const Game& pos, int m, int ttMove) const {
    if (m == ttMove) return 1 << 28;
    if constexpr (hasThreats<Game>) {
      const auto b = pos.moveBits(m);
      return (pos.threatScore(b) << 20) + ((std::clamp(pos.moveGain(b), -511, 511) + 512) << 8);
    } else {
      (void)pos;
      return 0;
    }
  }

  int search(const Game& pos, int depth, int alpha, int beta, int ply, int parent, int move) {
    using namespace search_score;
    // Step 1. Count the node; the tracer records it with its window.
    ++result_.nodes;
    const int self = tracer_.enter(parent, move, ply, alpha, beta);
    pvLen_[ply] = 0;

    // Step 2. Game over: the last mover won, or the board is full (a draw;
    // an abstract tree's leaf: its value, core/game.hpp capability h).
    if (pos.lastMoverWon()) return leave(self, -winValue(winScoreAtPly<Game>(pos.plies() - 1)), kTreeTerminal);
    if (pos.isFull()) return leave(self, fullValue(pos), kTreeTerminal);

    // Step 3. Horizon: the evaluation.
    if (depth <= 0)
      return leave(self, std::clamp(pos.evaluate(), -kHeuristicLimit, kHeuristicLimit), kTreeHorizon);

    // Step 4. Table: a bound searched at least this deep may answer at once.
    int ttMove = -1;
    const int alphaOrig = alpha;
    if (useTable_) {
      if (const TTEntry* e = tt_->probe(pos.key())) {
        if (e->move != 0xFF) ttMove = e->move;
        if (e->depth >= depth) {
          const int s = e->score;
          if (e->bound == Bound::kExact) return leave(self, s, kTreeTableHit | kTreeBoundExact);
          if (e->bound == Bound::kLower && s >= beta) return leave(self, s, kTreeTableHit | kTreeBoundLower);
          if (e->bound == Bound::kUpper && s <= alpha) return leave(self, s, kTreeTableHit | kTreeBoundUpper);
        }
      }
    }

    // Step 5. The moves: natural order, or ordered.
    MoveList<int, Game::kMoveSlots> moves;
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      const int m = ordered() ? centreOrder<Game>(i) : i;
      if (!pos.canPlay(m)) continue;
      moves.add(m, ordered() ? orderScore(pos, m, ttMove) : 0);
    }
    if (ordered()) moves.sortStable();
    std::uint16_t flags = 0;
    if (ttMove >= 0 && moves.size() > 0 && moves.move(0) == ttMove) flags |= kTreeTableMove;

    // Step 6. Search the children: value = max(value, -child); alpha-beta
    // raises alpha and stops once alpha >= beta.
    int best = -kInfinity, bestMove = -1, bestChild = -1;
    for (int i = 0; i < moves.size(); ++i) {
      const int m = moves.move(i);
      Game child = pos;
      child.play(m);
      const int childIndex = tracer_.nextIndex();
      const int score = -search(child, depth - 1, -beta, -alpha, ply + 1, self, m);
      if (score > best) {
        best = score;
        bestMove = m;
        bestChild = childIndex;
        pv_[ply][0] = m;
        for (int k = 0; k < pvLen_[ply + 1]; ++k) pv_[ply][k + 1] = pv_[ply + 1][k];
        pvLen_[ply] = pvLen_[ply + 1] + 1;
      }
      if (pruning()) {
        if (best > alpha) alpha = best;
        if (alpha >= beta) {
          if (i + 1 < moves.size()) flags |= kTreeCutoff;
          break;
        }
      }
    }
    tracer_.markChosen(bestChild);

    // Step 7. Store the value with its bound.
    if (useTable_) {
      const Bound bound = best <= alphaOrig ? Bound::kUpper : best >= beta ? Bound::kLower : Bound::kExact;
      tt_->store(pos.key(), best, bound, depth, bestMove);
    }
    return leave(self, best, flags);
  }

  Tracer& tracer_;
  TranspositionTable* tt_;
  TreeOptions opt_;
  TreeResult result_;
  bool exact_ = true;
  bool useTable_ = false;
  int pv_[kMaxPly][kMaxPly] = {};
  int pvLen_[kMaxPly] = {};
};

// Convenience: one search with a given tracer (NullTracer: counts only).
template <class Game, class Tracer>
TreeResult treeSearch(const Game& root, const TreeOptions& opt, Tracer& tracer, TranspositionTable* tt) {
  TreeSearch<Game, Tracer> s(tracer, tt);
  return s.run(root, opt);
}

// --- iterative deepening made visible ------------------------------------------

// One iteration of iterative deepening (ordered alpha-beta) at `depth`, with
// node counts of three runs: no table; a fresh table; the table kept from the
// previous iterations (its best moves order this iteration, its deep enough
// bounds cut). All on the search_score scale. Stops after the last depth that
// can matter: `maxDepth` (0: to the end), the end of the game, or a proven value.
struct DeepeningStep {
  int depth = 0;
  int value = 0;   // of the kept-table run
  bool proven = false;
  int bestMove = -1;
  std::vector<int> pv;
  std::uint64_t nodesNoTable = 0;
  std::uint64_t nodesFreshTable = 0;
  std::uint64_t nodesKeptTable = 0;
};

template <class Game>
std::vector<DeepeningStep> treeDeepening(const Game& root, int maxDepth, TranspositionTable& kept,
                                         TranspositionTable& fresh) {
  std::vector<DeepeningStep> steps;
  const int left = maxPliesOf<Game>() - root.plies();
  if (root.lastMoverWon() || root.isFull()) return steps;
  if (maxDepth <= 0 || maxDepth > left) maxDepth = left;
  NullTracer none;
  kept.clear();
  for (int d = 1; d <= maxDepth; ++d) {
    DeepeningStep s;
    s.depth = d;
    TreeOptions o;
    o.depth = d;
    o.exactScale = 0;
    o.algorithm = TreeAlgorithm::kAlphaBetaOrdered;
    s.nodesNoTable = treeSearch(root, o, none, nullptr).nodes;
    o.algorithm = TreeAlgorithm::kAlphaBetaTable;
    s.nodesFreshTable = treeSearch(root, o, none, &fresh).nodes;
    o.clearTable = false;
    TreeResult r = treeSearch(root, o, none, &kept);
    s.nodesKeptTable = r.nodes;
    s.value = r.value;
    s.proven = search_score::isProven(r.value);
    s.bestMove = r.bestMove;
    s.pv = r.pv;
    steps.push_back(s);
    if (s.proven) break;  // a forced win or loss: deeper iterations cannot change it
  }
  return steps;
}

}  // namespace gs
