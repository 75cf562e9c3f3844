// Searches for games of more than two players (core/game.hpp, capability e):
// max^n (Luckhardt and Irani 1986), with Korf's shallow pruning (1991) as an
// option, paranoid search (Sturtevant and Korf 2000) and best-reply search
// (Schadd and Winands 2011). Depth-limited with
// the game's vector evaluation and iterative deepening under a deadline. Any
// game with the players capability; search code never names a game.
//
// Values. A position's value is a vector, one entry per player (Values):
//   a won game         the winner kMaxSum - plies (a faster win is worth
//                      more), every other player 0
//   a drawn game       kMaxSum / kPlayers each (rounded down)
//   a horizon leaf     Game::evaluatePlayers(): entries in [0, kEvalMax],
//                      kEvalMax < kMaxSum - kMaxPlies (below any win), sum
//                      <= kEvalSum
// with kMaxSum = Game::kEvalSum: every leaf vector has entries >= 0 and a sum
// <= kMaxSum, the two bounds shallow pruning needs, and the sum bound is
// tight (an evaluation's entries sum to about kMaxSum).
//
// max^n. At a node where player i moves, each child is searched and the node
// takes the vector of the child with the greatest entry i. Ties: the first
// such child in the move order stays (a later child must be strictly
// better), so the value is a function of the order. The move order is the
// game's kCentreOrder at every node; at the root of an iteration the previous
// iteration's best move comes first (ties at the root keep it).
//
// Shallow pruning (kMaxnShallow). At a node where player i moves, whose
// parent's player j already has a child worth b to j: if the best child so
// far gives i at least kMaxSum - b, then (entries >= 0, sum <= kMaxSum) this
// node gives j at most kMaxSum - (i's entry) <= b, whatever its remaining
// children hold, and j keeps its earlier child (ties keep the first). The
// node returns at once; its parent's value, hence the root's, is exactly
// plain max^n's (tests check it). Only the parent's bound is used: deeper
// bounds do not prune in max^n (Korf's "deep pruning" is unsound), and with a
// sum near kMaxSum the condition needs one player's share near all of it, so
// the saving is small (docs/connect3p.md measures it).
//
// Paranoid (kParanoid). The root player r against the coalition of all the
// others, who are assumed to minimise r's entry: a two-sided zero-sum game
// on r's entry of the same leaf vectors, searched by alpha-beta (fail-soft).
// The value is r's entry only (no vector); the same move order as max^n.
//
// Best-reply search (kBrs). The root player r is MAX; at every MIN layer all
// the opponents' moves are considered together and only the one best reply
// (the move of any opponent that minimises r's entry) is played, the other
// opponents pass; then r moves again. So the tree alternates MAX and MIN
// layers like a two-player tree, and is searched by the same alpha-beta
// (fail-soft) on r's entry of the same leaf vectors as paranoid; the value is
// r's entry only. A MIN node's children are every opponent's moves, the
// opponents in turn order after r (for Red: Yellow's, then Green's), each's
// moves in kCentreOrder; a MAX node's are r's moves in kCentreOrder (at the
// root of an iteration the previous best first, as above).
//   Passing, in a game that has no pass move: BRS's tree does not follow the
// real turn order (Red, Yellow, Green, Red, ...). A MIN layer's child is made
// with Game::playAs(opponent, move): that opponent's stone is placed and the
// turn goes back to r (the search tracks whose layer it is, not
// Game::toMove(), which follows plies() and is meaningless in such a
// position); the opponent who did not reply placed nothing. A MAX layer's
// child is playAs(r, move). Every ply of the tree is one stone, so depth,
// plies(), the board's filling up and a win's value (kMaxSum - plies) mean
// what they mean in max^n; a four made by the player who just moved ends the
// line (that player's win, the others 0), as in the real game. The root's
// children are real positions (r is the real mover there); below them a
// position is generally not one the real game reaches (Red may have more
// stones than Yellow and Green together), which is the model's
// approximation: it trades the opponents' true order for depth on r's moves.
//
// Depth counts moves (plies). Nodes counted: every position entered,
// horizon leaves and ended games included. Iterative deepening (think):
// depths 1, 2, ... until the deadline, the depth limit, or a depth whose tree
// met no horizon leaf or whose best move wins at once (then the value is
// exact: `exact`). The clock is
// checked every 1024 nodes; an unfinished iteration is thrown away (depth 1
// always finishes). With keepBeforeLoss, a depth that values the root 0 (a
// sure loss in the model) ends the deepening and the depth before answers.
//
// Every move's value (analyze): the same iterative deepening, but each root
// move is searched with no bound from its siblings (max^n: no shallow
// pruning at the root; paranoid: the full window), so each gets its own
// value at that depth, and its own `exact` flag (its subtree met no horizon
// leaf). It stops when every move is exact. (Untraced searchers only.)
//
// Tracer policy (the search-tree explorer, search/multi_trace.hpp): every
// node entered is announced with enter(position, move, depth, bound, alpha,
// beta) and closed with leave(index, value, cut, pruned); leaf(), values(),
// markChosen() and nextIndex() fill in the rest. NullMultiTracer's members
// are empty and compile away, so the traced and the untraced search are the
// same code and count the same nodes.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "core/deadline.hpp"
#include "core/game.hpp"

namespace gs {

enum class MultiAlgorithm : int { kMaxn = 0, kMaxnShallow = 1, kParanoid = 2, kBrs = 3 };

constexpr const char* multiAlgorithmName(MultiAlgorithm a) {
  return a == MultiAlgorithm::kMaxn          ? "maxn-plain"
         : a == MultiAlgorithm::kMaxnShallow ? "maxn"
         : a == MultiAlgorithm::kParanoid    ? "paranoid"
                                             : "brs";
}
// Paranoid and best-reply search value the root player's entry only (a
// two-sided alpha-beta search), max^n a whole vector.
constexpr bool isTwoSided(MultiAlgorithm a) { return a == MultiAlgorithm::kParanoid || a == MultiAlgorithm::kBrs; }
inline bool parseMultiAlgorithm(std::string_view name, MultiAlgorithm& out) {
  for (MultiAlgorithm a :
       {MultiAlgorithm::kMaxn, MultiAlgorithm::kMaxnShallow, MultiAlgorithm::kParanoid, MultiAlgorithm::kBrs})
    if (name == multiAlgorithmName(a)) {
      out = a;
      return true;
    }
  return false;
}

// What the tracer is told (search/multi_trace.hpp keeps it).
enum class MultiLeaf : std::uint8_t { kNone = 0, kHorizon = 1, kWon = 2, kDraw = 3 };  // kWon: the last mover won
enum class MultiCut : std::uint8_t {
  kNone = 0,
  kShallow = 1,  // max^n: the mover's best entry >= kMaxSum - the parent's bound
  kBeta = 2,     // paranoid or BRS, the root player's node: value >= beta
  kAlpha = 3     // paranoid or BRS, a coalition (MIN) node: value <= alpha
};

// Records nothing; every call compiles away.
struct NullMultiTracer {
  static constexpr bool kEnabled = false;
  template <class Game>
  int enter(const Game&, int, int, int, int, int) {
    return -1;
  }
  void leaf(int, MultiLeaf) {}
  template <class Values>
  void values(int, const Values&) {}
  void leave(int, int, MultiCut, int) {}
  void markChosen(int) {}
  int nextIndex() const { return -1; }
};

struct MultiLimits {
  int timeMs = 1000;  // <= 0: no time limit (then maxDepth should be set)
  int maxDepth = 0;   // 0: no limit but the end of the game
  // Stop deepening at the first depth whose value is 0 (every move loses, in
  // the algorithm's model) and keep the previous depth's move, which still
  // told the moves apart; off: the deepest finished depth always answers.
  bool keepBeforeLoss = false;
};

template <int Players>
struct MultiResult {
  int bestMove = -1;                 // a move slot; -1 only if the game is over
  std::array<int, Players> values{};  // max^n: the root's vector; paranoid, BRS: all -1
  int score = 0;                     // the root player's value (entry, paranoid or BRS value)
  int depth = 0;                     // of the last finished iteration
  bool exact = false;                // no horizon leaf, or a win at once: the value is the game's
  std::uint64_t nodes = 0;           // all iterations
  std::uint64_t shallowCuts = 0;     // max^n nodes left early by shallow pruning
  double timeMs = 0;
};

// One root move's value in analyze().
template <int Players>
struct MultiMoveValue {
  int move = -1;                      // a move slot
  std::array<int, Players> values{};  // max^n: the move's vector; paranoid, BRS: all -1
  int score = 0;                      // the mover's entry (max^n), paranoid or BRS value
  bool exact = false;                 // no horizon leaf below the move
};

template <int Players>
struct MultiAnalysis {
  std::vector<MultiMoveValue<Players>> moves;  // every legal move, in the root's order
  int depth = 0;                               // of the last finished iteration
  std::uint64_t nodes = 0;                     // all iterations
  double timeMs = 0;
};

template <class Game, class Tracer = NullMultiTracer>
class MultiSearcher {
  static_assert(hasPlayers<Game>,
                "max^n, paranoid and BRS search games with the players capability (core/game.hpp)");

 public:
  static constexpr int kPlayers = Game::kPlayers;
  static constexpr int kMaxSum = Game::kEvalSum;
  static_assert(kMaxSum - Game::kMaxPlies > Game::kEvalMax, "every win is worth more than any evaluation");
  static constexpr int kMaxDepth = Game::kMaxPlies;
  using Values = std::array<int, kPlayers>;
  using Result = MultiResult<kPlayers>;

  explicit MultiSearcher(MultiAlgorithm algorithm = MultiAlgorithm::kMaxnShallow) : algorithm_(algorithm) {}
  // A traced search (search/multi_trace.hpp); use searchDepth(): a search
  // stopped by its clock leaves the tracer's nodes unclosed.
  MultiSearcher(Tracer& tracer, MultiAlgorithm algorithm) : algorithm_(algorithm), tracer_(&tracer) {}
  MultiSearcher(const MultiSearcher&) = delete;
  MultiSearcher& operator=(const MultiSearcher&) = delete;
  void setAlgorithm(MultiAlgorithm a) { algorithm_ = a; }
  MultiAlgorithm algorithm() const { return algorithm_; }

  // The winner's entry of a game won with the stone that made `plies` plies.
  static constexpr int winValue(int plies) { return kMaxSum - plies; }

  // The value of an ended game (see the header).
  static Values endValues(const Game& g) {
    Values v{};
    if (g.lastMoverWon()) {
      v[(g.plies() + kPlayers - 1) % kPlayers] = winValue(g.plies());
    } else {
      v.fill(kMaxSum / kPlayers);
    }
    return v;
  }

  // One search of `depth` plies (>= 1) with the static move order, `first`
  // searched first at the root if >= 0. Precondition: the game is not over.
  // Counters (nodes(), shallowCuts(), hitHorizon()) are reset.
  Result searchDepth(const Game& g, int depth, int first = -1) {
    assert(depth >= 1 && !isOver(g));
    deadline_ = Deadline();
    resetCounters();
    return searchRoot(g, depth, first);
  }

  // Iterative deepening under the limits. Precondition: the game is not over.
  Result think(const Game& g, const MultiLimits& lim) {
    assert(!isOver(g));
    deadline_ = Deadline::fromNow(lim.timeMs);
    resetCounters();
    const int maxDepth = std::min(lim.maxDepth > 0 ? lim.maxDepth : kMaxDepth, Game::kMaxPlies - g.plies());
    Result best;
    std::uint64_t total = 0, cuts = 0;
    for (int depth = 1; depth <= maxDepth; ++depth) {
      nodes_ = shallowCuts_ = 0;
      hitHorizon_ = aborted_ = false;
      Result r = searchRoot(g, depth, best.bestMove);
      total += nodes_;
      cuts += shallowCuts_;
      if (aborted_ && depth > 1) break;  // an unfinished iteration is thrown away
      if (lim.keepBeforeLoss && depth > 1 && r.score == 0 && best.score > 0) break;
      best = r;
      if (best.exact || deadline_.expired()) break;
    }
    best.nodes = total;
    best.shallowCuts = cuts;
    best.timeMs = deadline_.elapsedMs();
    return best;
  }

  // Every move's value by iterative deepening under the limits (see the
  // header). Precondition: the game is not over.
  MultiAnalysis<kPlayers> analyze(const Game& g, const MultiLimits& lim) {
    static_assert(!Tracer::kEnabled, "analyze is not traced");
    assert(!isOver(g));
    deadline_ = Deadline::fromNow(lim.timeMs);
    resetCounters();
    const int maxDepth = std::min(lim.maxDepth > 0 ? lim.maxDepth : kMaxDepth, Game::kMaxPlies - g.plies());
    int order[Game::kMoveSlots];
    const int n = rootOrder(g, -1, order);
    const int me = g.toMove();
    MultiAnalysis<kPlayers> out;
    std::uint64_t total = 0;
    for (int depth = 1; depth <= maxDepth; ++depth) {
      rootDepth_ = depth;
      nodes_ = shallowCuts_ = 0;
      aborted_ = false;
      enter(depth);
      std::vector<MultiMoveValue<kPlayers>> moves;
      bool allExact = true;
      for (int k = 0; k < n && !aborted_; ++k) {
        Game c = g;
        c.play(order[k]);
        hitHorizon_ = false;
        MultiMoveValue<kPlayers> mv;
        mv.move = order[k];
        if (algorithm_ == MultiAlgorithm::kParanoid) {
          mv.score = paranoid(c, depth - 1, -1, kMaxSum + 1, me, order[k]);
          mv.values.fill(-1);
        } else if (algorithm_ == MultiAlgorithm::kBrs) {
          mv.score = brs(c, depth - 1, -1, kMaxSum + 1, me, false, me, order[k]);
          mv.values.fill(-1);
        } else {
          mv.values = maxn(c, depth - 1, kNoBound, order[k]);
          mv.score = mv.values[me];
        }
        mv.exact = !hitHorizon_;
        allExact = allExact && mv.exact;
        moves.push_back(mv);
      }
      total += nodes_;
      if (aborted_ && depth > 1) break;  // an unfinished iteration is thrown away
      out.moves = std::move(moves);
      out.depth = depth;
      if (allExact || deadline_.expired()) break;
    }
    out.nodes = total;
    out.timeMs = deadline_.elapsedMs();
    return out;
  }

  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t shallowCuts() const { return shallowCuts_; }
  bool hitHorizon() const { return hitHorizon_; }

 private:
  static constexpr int kNoBound = -1;

  void resetCounters() {
    nodes_ = shallowCuts_ = 0;
    hitHorizon_ = aborted_ = false;
  }

  // Counts the node; every 1024 nodes checks the clock (depth-1 iterations
  // are not stopped: a move is always found).
  void enter(int rootDepth) {
    ++nodes_;
    if ((nodes_ & 1023) == 0 && rootDepth > 1 && deadline_.expired()) aborted_ = true;
  }

  // The root's move order: `first` (if a legal slot), then kCentreOrder.
  static int rootOrder(const Game& g, int first, int out[Game::kMoveSlots]) {
    int n = 0;
    if (first >= 0 && g.canPlay(first)) out[n++] = first;
    for (int m : Game::kCentreOrder)
      if (m != first && g.canPlay(m)) out[n++] = m;
    return n;
  }

  Result searchRoot(const Game& g, int depth, int first) {
    rootDepth_ = depth;
    Result r;
    int order[Game::kMoveSlots];
    const int n = rootOrder(g, first, order);
    const int me = g.toMove();
    enter(depth);
    const bool twoSided = isTwoSided(algorithm_);
    const int self =
        tracer_->enter(g, -1, depth, kNoBound, twoSided ? -1 : kNoBound, twoSided ? kMaxSum + 1 : kNoBound);
    int chosen = -1;
    if (twoSided) {
      // The root maximises its entry against the coalition (paranoid) or the
      // best replies (BRS), window (alpha, beta).
      int alpha = -1;
      for (int k = 0; k < n && !aborted_; ++k) {
        Game c = g;
        c.play(order[k]);
        const int childIndex = tracer_->nextIndex();
        const int v = algorithm_ == MultiAlgorithm::kParanoid
                          ? paranoid(c, depth - 1, alpha, kMaxSum + 1, me, order[k])
                          : brs(c, depth - 1, alpha, kMaxSum + 1, me, false, me, order[k]);
        if (v > alpha || r.bestMove < 0) {
          alpha = std::max(alpha, v);
          r.bestMove = order[k];
          r.score = v;
          chosen = childIndex;
        }
      }
      r.values.fill(-1);
    } else {
      bool any = false;
      for (int k = 0; k < n && !aborted_; ++k) {
        Game c = g;
        c.play(order[k]);
        const int childIndex = tracer_->nextIndex();
        // The root has no parent: its children get its best entry as their bound.
        const Values v = maxn(c, depth - 1, any ? r.values[me] : kNoBound, order[k]);
        if (!any || v[me] > r.values[me]) {
          r.values = v;
          r.bestMove = order[k];
          chosen = childIndex;
          any = true;
        }
      }
      r.score = r.values[me];
      tracer_->values(self, r.values);
    }
    tracer_->markChosen(chosen);
    tracer_->leave(self, twoSided ? r.score : -1, MultiCut::kNone, 0);
    r.depth = depth;
    r.nodes = nodes_;
    r.shallowCuts = shallowCuts_;
    // Exact when no line met the horizon, or when the move wins at once: no
    // move can give the mover more (a later win is worth less), so a deeper
    // search would choose it again with the same ended game's values.
    r.exact = !hitHorizon_ || (!aborted_ && r.score == winValue(g.plies() + 1));
    return r;
  }

  // The legal moves after position `from` of kCentreOrder (those a cut-off
  // leaves unsearched, for the tracer).
  static int movesAfter(const Game& g, int from) {
    int n = 0;
    for (int k = from; k < Game::kMoveSlots; ++k) n += g.canPlay(Game::kCentreOrder[k]);
    return n;
  }

  // A leaf's vector, told to the tracer.
  Values leafValues(int self, MultiLeaf kind, const Values& v, int value) {
    tracer_->leaf(self, kind);
    tracer_->values(self, v);
    tracer_->leave(self, value, MultiCut::kNone, 0);
    return v;
  }

  // max^n below the root. `bound`: the parent's player's best entry so far
  // (kNoBound before its first child), for shallow pruning; `move`: the move
  // that led here (for the tracer).
  Values maxn(const Game& g, int depth, int bound, int move) {
    // Step 1. Count the node; an ended game or the horizon is a leaf.
    enter(rootDepth_);
    const int self = tracer_->enter(g, move, depth, bound, kNoBound, kNoBound);
    if (g.lastMoverWon()) return leafValues(self, MultiLeaf::kWon, endValues(g), -1);
    if (g.isFull()) return leafValues(self, MultiLeaf::kDraw, endValues(g), -1);
    if (depth == 0) {
      hitHorizon_ = true;
      return leafValues(self, MultiLeaf::kHorizon, g.evaluatePlayers(), -1);
    }
    // Step 2. Search the children in the static order; keep the first with
    // the greatest entry for the player to move.
    const int me = g.toMove();
    Values best{};
    bool any = false;
    int chosen = -1;
    for (int k = 0; k < Game::kMoveSlots; ++k) {
      const int m = Game::kCentreOrder[k];
      if (!g.canPlay(m)) continue;
      Game c = g;
      c.play(m);
      const int childIndex = tracer_->nextIndex();
      const Values v = maxn(c, depth - 1, any ? best[me] : kNoBound, m);
      if (aborted_) return any ? best : v;
      if (!any || v[me] > best[me]) {
        best = v;
        chosen = childIndex;
        any = true;
      }
      // Step 3. Shallow pruning: the parent's player gets at most
      // kMaxSum - best[me] <= bound here, and keeps its earlier child.
      if (algorithm_ == MultiAlgorithm::kMaxnShallow && bound != kNoBound && best[me] >= kMaxSum - bound) {
        ++shallowCuts_;
        if constexpr (Tracer::kEnabled) {
          tracer_->values(self, best);
          tracer_->markChosen(chosen);
          tracer_->leave(self, -1, MultiCut::kShallow, movesAfter(g, k + 1));
        }
        return best;
      }
    }
    tracer_->values(self, best);
    tracer_->markChosen(chosen);
    tracer_->leave(self, -1, MultiCut::kNone, 0);
    return best;
  }

  // Paranoid alpha-beta (fail-soft) on the root player's entry: the root
  // player maximises, every other player minimises. `move`: the move that
  // led here (for the tracer).
  int paranoid(const Game& g, int depth, int alpha, int beta, int root, int move) {
    // Step 1. Count the node; an ended game or the horizon is a leaf.
    enter(rootDepth_);
    const int self = tracer_->enter(g, move, depth, kNoBound, alpha, beta);
    if (g.lastMoverWon() || g.isFull()) {
      const Values v = endValues(g);
      leafValues(self, g.lastMoverWon() ? MultiLeaf::kWon : MultiLeaf::kDraw, v, v[root]);
      return v[root];
    }
    if (depth == 0) {
      hitHorizon_ = true;
      const Values v = g.evaluatePlayers();
      leafValues(self, MultiLeaf::kHorizon, v, v[root]);
      return v[root];
    }
    // Step 2. Search the children; cut when the window closes.
    const bool maximising = g.toMove() == root;
    int best = maximising ? -1 : kMaxSum + 1;
    int chosen = -1;
    for (int k = 0; k < Game::kMoveSlots; ++k) {
      const int m = Game::kCentreOrder[k];
      if (!g.canPlay(m)) continue;
      Game c = g;
      c.play(m);
      const int childIndex = tracer_->nextIndex();
      const int v = paranoid(c, depth - 1, alpha, beta, root, m);
      if (aborted_) return best;
      if (maximising) {
        if (v > best) chosen = childIndex;
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        if (v < best) chosen = childIndex;
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      if (alpha >= beta) {
        if constexpr (Tracer::kEnabled) {
          const int left = movesAfter(g, k + 1);
          tracer_->markChosen(chosen);
          tracer_->leave(self, best, left ? (maximising ? MultiCut::kBeta : MultiCut::kAlpha) : MultiCut::kNone, left);
        }
        return best;
      }
    }
    tracer_->markChosen(chosen);
    tracer_->leave(self, best, MultiCut::kNone, 0);
    return best;
  }

  // The value of a BRS leaf where `mover` made the last move (plies() does
  // not say who in a BRS position): a win is `mover`'s, as endValues().
  static Values brsEndValues(const Game& g, int mover) {
    Values v{};
    if (g.lastMoverWon()) v[mover] = winValue(g.plies());
    else v.fill(kMaxSum / kPlayers);
    return v;
  }

  // The legal moves a BRS MIN node leaves when it cuts after the move at
  // kCentreOrder[from] of the opponent `ahead` places after the root player:
  // the rest of that opponent's moves and all of the later opponents'.
  static int brsMovesAfter(const Game& g, int ahead, int from) {
    int n = movesAfter(g, from);
    for (int i = ahead + 1; i < kPlayers; ++i) n += movesAfter(g, 0);
    return n;
  }

  // Best-reply search (see the header): alpha-beta (fail-soft) on the root
  // player's entry, where `maxTurn` says whose layer this is: the root's
  // (MAX), or the opponents' (MIN: the best reply of any opponent).
  // `mover` made `move`, the move that led here.
  int brs(const Game& g, int depth, int alpha, int beta, int root, bool maxTurn, int mover, int move) {
    // Step 1. Count the node; an ended game or the horizon is a leaf.
    enter(rootDepth_);
    const int self = tracer_->enter(g, move, depth, kNoBound, alpha, beta);
    if (g.lastMoverWon() || g.isFull()) {
      const Values v = brsEndValues(g, mover);
      leafValues(self, g.lastMoverWon() ? MultiLeaf::kWon : MultiLeaf::kDraw, v, v[root]);
      return v[root];
    }
    if (depth == 0) {
      hitHorizon_ = true;
      const Values v = g.evaluatePlayers();
      leafValues(self, MultiLeaf::kHorizon, v, v[root]);
      return v[root];
    }
    // Step 2. The players of this layer: the root at a MAX node, every
    // opponent (in turn order after the root) at a MIN node.
    const int first = maxTurn ? 0 : 1, last = maxTurn ? 0 : kPlayers - 1;
    int best = maxTurn ? -1 : kMaxSum + 1;
    int chosen = -1;
    for (int ahead = first; ahead <= last; ++ahead) {
      const int player = (root + ahead) % kPlayers;
      // Step 3. Search that player's moves, each followed by the other
      // layer's turn (a reply returns the turn to the root: the others pass).
      for (int k = 0; k < Game::kMoveSlots; ++k) {
        const int m = Game::kCentreOrder[k];
        if (!g.canPlay(m)) continue;
        Game c = g;
        c.playAs(player, m);
        const int childIndex = tracer_->nextIndex();
        const int v = brs(c, depth - 1, alpha, beta, root, !maxTurn, player, m);
        if (aborted_) return best;
        if (maxTurn ? v > best : v < best) {
          best = v;
          chosen = childIndex;
        }
        if (maxTurn) alpha = std::max(alpha, v);
        else beta = std::min(beta, v);
        // Step 4. Cut when the window closes.
        if (alpha >= beta) {
          if constexpr (Tracer::kEnabled) {
            const int left = maxTurn ? movesAfter(g, k + 1) : brsMovesAfter(g, ahead, k + 1);
            tracer_->markChosen(chosen);
            tracer_->leave(self, best, left ? (maxTurn ? MultiCut::kBeta : MultiCut::kAlpha) : MultiCut::kNone, left);
          }
          return best;
        }
      }
    }
    tracer_->markChosen(chosen);
    tracer_->leave(self, best, MultiCut::kNone, 0);
    return best;
  }

  MultiAlgorithm algorithm_;
  Tracer nullTracer_;
  Tracer* tracer_ = &nullTracer_;
  Deadline deadline_;
  int rootDepth_ = 1;
  std::uint64_t nodes_ = 0, shallowCuts_ = 0;
  bool hitHorizon_ = false, aborted_ = false;
};

}  // namespace gs
