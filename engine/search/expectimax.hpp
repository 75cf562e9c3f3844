// Expectiminimax for games with chance (core/game.hpp, capability d: a die
// roll before every move), with Ballard's Star1 and Star2 pruning at the
// chance nodes, depth-limited with the game's evaluation and iterative
// deepening under a deadline. Any game with the chance capability; search
// code never names a game.
//
// The tree. A position at chance (die not rolled) is a chance node: its value
// is the weighted mean of its outcomes' values. A rolled position is a
// decision node: its value is the best of its moves' values for the side to
// move (negamax: a move's value is minus the value of the position after it,
// for the opponent). A chance node keeps the view of its side to move, so
// only moves negate. Depth counts moves: a decision node of depth d searches
// d moves; after the last one the position (at chance) is evaluated.
//
// Exact integer values. Probabilities are weight / T (T = kChanceTotal, 6 for
// a die), so a mean is not an integer in general. Each node's value is kept
// as an integer multiple of 1 / T^k, k the chance levels below it inside the
// horizon, by not dividing at all:
//     chance node, depth d:    scale T^d,      value = sum of weight x child
//     decision node, depth d:  scale T^(d-1)   (its children are chance nodes
//                                               of depth d-1: the same scale)
//     a horizon leaf (d = 0):  scale 1, the evaluation (+-1000 = a sure
//                              win/loss, kWin); a won game: +-kWin x T^d
// so every child of a node has the same scale, every sum is exact, and Star1
// and Star2 return exactly the plain expectiminimax value (tests check it).
// The root's value divided by kWin x T^(depth-1) is the expected result in
// [-1, 1]. kMaxDepth keeps kWin x T^(depth) far inside 64 bits.
//
// Algorithms (ExpectimaxOptions::algorithm):
//   kExpectimax  every node searched, no pruning (the reference).
//   kStar1       alpha-beta at decision nodes, and at a chance node with
//                window (alpha, beta) and children bounded by [L, U] (the
//                values a decision child can take): after children 1..i-1
//                with exact values summing (weighted) to S, child i of
//                weight w, and R the weight of the children after it,
//                  node <= S + w v_i + R U   and   node >= S + w v_i + R L,
//                so child i is searched with the window
//                  ( floor((alpha - S - R U) / w), ceil((beta - S - R L) / w) )
//                and a child outside it settles the node outside (alpha,
//                beta): it returns that bound (fail-soft) without the rest.
//   kStar2       Star1, after a probing phase: each child's first move (in
//                the move order) is searched, which bounds that child from
//                below (its side to move has at least that move), so the
//                bounds L of the children not yet searched become the probed
//                values W_k, and a node whose probes already reach beta is
//                cut at once. A probe's value is exact (else the node was
//                cut), so the second phase starts each child with it and
//                does not search that move again.
// Every algorithm orders moves the same way (SearchOptions-like switch
// `ordering`): a move that wins at once first, then by the evaluation of the
// position after it; the centre order of the game breaks ties. Chance
// outcomes keep the game's order. Nodes counted: every decision and chance
// node entered, horizon leaves included (the ordering's evaluations are not
// nodes).
//
// Iterative deepening (think): depths 1, 2, ... until the deadline, the depth
// limit, or a depth whose tree met no horizon leaf (then the value is the
// exact expected result: `exact`). The clock is checked every 1024 nodes; an
// unfinished iteration is thrown away (depth 1 always finishes). The previous
// iteration's best move is searched first.
//
// Every move's value (analyze): the same iterative deepening, but each root
// move is searched with the full window, so each gets its own exact value at
// that depth (not a bound), and its own `exact` flag (its subtree met no
// horizon leaf). It stops when every move is exact.
//
// Tracer policy (the search-tree explorer, search/chance_trace.hpp): every
// node entered is announced with enter(kind, position, edge, weight, alpha,
// beta, depth) and closed with leave(index, value, cut, pruned); leaf(),
// markChosen() and nextIndex() fill in the rest. NullChanceTracer's members
// are empty and compile away, so the traced and the untraced search are the
// same code and count the same nodes.
#pragma once

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <random>
#include <string_view>
#include <utility>
#include <vector>

#include "core/deadline.hpp"
#include "core/game.hpp"
#include "core/move_list.hpp"

namespace gs {

enum class ChanceAlgorithm : int { kExpectimax = 0, kStar1 = 1, kStar2 = 2 };

constexpr const char* chanceAlgorithmName(ChanceAlgorithm a) {
  return a == ChanceAlgorithm::kExpectimax ? "expectimax" : a == ChanceAlgorithm::kStar1 ? "star1" : "star2";
}
inline bool parseChanceAlgorithm(std::string_view name, ChanceAlgorithm& out) {
  for (ChanceAlgorithm a : {ChanceAlgorithm::kExpectimax, ChanceAlgorithm::kStar1, ChanceAlgorithm::kStar2})
    if (name == chanceAlgorithmName(a)) {
      out = a;
      return true;
    }
  return false;
}

struct ExpectimaxOptions {
  ChanceAlgorithm algorithm = ChanceAlgorithm::kStar2;
  bool ordering = true;  // order moves by win at once, then evaluation
};

struct ExpectimaxLimits {
  int timeMs = 1000;  // <= 0: no time limit (then maxDepth must be set)
  int maxDepth = 0;   // 0: no limit but kMaxDepth and the end of the game
};

// What the tracer is told (search/chance_trace.hpp keeps it).
enum class ChanceNodeKind : std::uint8_t { kDecision = 0, kChance = 1, kProbe = 2 };  // kProbe: Star2's probe
enum class ChanceLeaf : std::uint8_t { kNone = 0, kHorizon = 1, kWon = 2 };              // kWon: the last mover won
enum class ChanceCut : std::uint8_t {
  kNone = 0,
  kBeta = 1,       // decision node: alpha >= beta with moves left (alpha-beta's beta cut)
  kStar1Low = 2,   // chance node: an upper bound <= alpha proved before the last outcome
  kStar1High = 3,  // chance node: a lower bound >= beta proved before the last outcome
  kStar2Probe = 4  // chance node: Star2's probes already give a lower bound >= beta
};

// Records nothing; every call compiles away.
struct NullChanceTracer {
  static constexpr bool kEnabled = false;
  template <class Game>
  int enter(ChanceNodeKind, const Game&, int, int, std::int64_t, std::int64_t, int) {
    return -1;
  }
  void leaf(int, ChanceLeaf) {}
  void leave(int, std::int64_t, ChanceCut, int) {}
  void markChosen(int) {}
  int nextIndex() const { return -1; }
};

// One root move's value in analyze().
struct ChanceMoveValue {
  int move = -1;       // a move slot
  int score = 0;       // 1000 x the expected result for the mover, rounded
  bool exact = false;  // no horizon leaf below the move
};

struct ExpectimaxAnalysis {
  std::vector<ChanceMoveValue> moves;  // every legal move, in the search's order
  int depth = 0;                       // of the last finished iteration
  std::uint64_t nodes = 0;
  double timeMs = 0;
};

struct ExpectimaxResult {
  int bestMove = -1;   // a move slot; -1 only if the game is over
  double value = 0;    // expected result for the side to move, -1..1
  int score = 0;       // 1000 x value, rounded
  int depth = 0;       // of the last finished iteration
  bool exact = false;  // no horizon leaf: value is the exact expectation
  std::uint64_t nodes = 0;
  double timeMs = 0;
};

template <class Game, class Tracer = NullChanceTracer>
class ExpectimaxSearcher {
  static_assert(hasChance<Game>, "expectiminimax searches games with the chance capability (core/game.hpp)");

 public:
  using Value = std::int64_t;
  static constexpr Value kWin = 1000;
  static constexpr int kMaxDepth = 18;
  static constexpr Value kT = Game::kChanceTotal;

  static constexpr Value power(int k) {
    Value p = 1;
    for (int i = 0; i < k; ++i) p *= kT;
    return p;
  }
  static_assert(kWin * power(kMaxDepth) * kT < (Value{1} << 60), "values fit in 64 bits with room for bounds");

  ExpectimaxSearcher() = default;
  explicit ExpectimaxSearcher(Tracer& tracer) : tracer_(&tracer) {}
  void setOptions(const ExpectimaxOptions& o) { opt_ = o; }
  const ExpectimaxOptions& options() const { return opt_; }
  std::uint64_t nodes() const { return nodes_; }

  // The value at a fixed depth (tests, bench), no deadline: the root rolled
  // (a decision node of `depth` moves, scale T^(depth-1)) or at chance (a
  // chance node, scale T^depth). Precondition: the game is not over, depth
  // 1..kMaxDepth. `bestMove` (optional) receives the root's move.
  Value value(const Game& root, int depth, int* bestMove = nullptr) {
    assert(depth >= 1 && depth <= kMaxDepth);
    start(Deadline(), -1);
    const Value v = root.atChance() ? chance(root, depth, -kInf, kInf, 0) : decision(root, depth, -kInf, kInf, 0);
    if (bestMove) *bestMove = rootBest_;
    return v;
  }

  // Iterative deepening under `deadline`. Precondition: the root is rolled
  // and the game is not over.
  ExpectimaxResult think(const Game& root, const ExpectimaxLimits& limits, const Deadline& deadline) {
    assert(!root.atChance() && !root.lastMoverWon());
    ExpectimaxResult result;
    start(deadline, -1);
    const int maxDepth = depthCap(root, limits);
    for (int depth = 1; depth <= maxDepth; ++depth) {
      horizon_ = false;
      checkClock_ = depth > 1;
      const Value v = decision(root, depth, -kInf, kInf, 0);
      if (stopped_) break;
      result.bestMove = rootBest_;
      result.depth = depth;
      result.value = static_cast<double>(v) / static_cast<double>(kWin * power(depth - 1));
      result.score = static_cast<int>(std::lround(1000 * result.value));
      result.exact = !horizon_;
      rootFirst_ = rootBest_;
      if (result.exact) break;
    }
    result.nodes = nodes_;
    result.timeMs = deadline_.elapsedMs();
    return result;
  }
  ExpectimaxResult think(const Game& root, const ExpectimaxLimits& limits) {
    return think(root, limits, Deadline::fromNow(limits.timeMs));
  }

  // Every move's value by iterative deepening under `deadline` (see the
  // header). Precondition: the root is rolled and the game is not over.
  ExpectimaxAnalysis analyze(const Game& root, const ExpectimaxLimits& limits, const Deadline& deadline) {
    assert(!root.atChance() && !root.lastMoverWon());
    ExpectimaxAnalysis result;
    start(deadline, -1);
    const int maxDepth = depthCap(root, limits);
    const MoveList<int, Game::kMoveSlots> order = orderMoves(root, 0);
    for (int depth = 1; depth <= maxDepth; ++depth) {
      checkClock_ = depth > 1;
      std::vector<ChanceMoveValue> moves;
      bool allExact = true;
      ++nodes_;  // the root, a decision node, once per iteration (as in think)
      for (int i = 0; i < order.size() && !stopped_; ++i) {
        Game child = root;
        child.play(order.move(i));
        horizon_ = false;
        const Value v = -chance(child, depth - 1, -kInf, kInf, 1, order.move(i));
        const double value = static_cast<double>(v) / static_cast<double>(kWin * power(depth - 1));
        moves.push_back({order.move(i), static_cast<int>(std::lround(1000 * value)), !horizon_});
        allExact = allExact && !horizon_;
      }
      if (stopped_) break;
      result.moves = std::move(moves);
      result.depth = depth;
      if (allExact) break;
    }
    result.nodes = nodes_;
    result.timeMs = deadline_.elapsedMs();
    return result;
  }

 private:
  static constexpr Value kInf = Value{1} << 61;

  // The deepest iteration of think and analyze: the limit asked for (none:
  // kMaxDepth), at most kMaxDepth and the moves the game can still last.
  static int depthCap(const Game& root, const ExpectimaxLimits& limits) {
    return std::min({limits.maxDepth > 0 ? limits.maxDepth : kMaxDepth, kMaxDepth,
                     std::max(1, Game::kMaxPlies - root.plies())});
  }

  void start(const Deadline& d, int rootFirst) {
    deadline_ = d;
    stopped_ = false;
    checkClock_ = false;
    nodes_ = 0;
    clockCounter_ = 0;
    rootFirst_ = rootFirst;
    rootBest_ = -1;
  }
  bool timeUp() {
    if (!checkClock_ || !deadline_.limited()) return false;
    if (++clockCounter_ >= 1024) {
      clockCounter_ = 0;
      if (deadline_.expired()) stopped_ = true;
    }
    return stopped_;
  }
  static Value floorDiv(Value a, Value b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
  static Value ceilDiv(Value a, Value b) { return -floorDiv(-a, b); }

  // The legal moves of a rolled position, in search order (see the header).
  MoveList<int, Game::kMoveSlots> orderMoves(const Game& g, int ply) const {
    MoveList<int, Game::kMoveSlots> list;
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      const int m = centreOrder<Game>(i);
      if (!g.canPlay(m)) continue;
      int score = 0;
      if (ply == 0 && m == rootFirst_) {
        score = 1 << 30;
      } else if (opt_.ordering) {
        Game child = g;
        child.play(m);
        score = child.lastMoverWon() ? 1 << 20 : -child.evaluate();
      }
      list.add(m, score);
    }
    list.sortStable();
    return list;
  }

  // Step 1. Decision node of `depth` >= 1 moves, fail-soft alpha-beta (no
  // pruning for plain expectiminimax). `known`: a move whose exact value
  // `knownValue` a Star2 probe found, not searched again. `face`, `weight`:
  // the chance outcome that led here (for the tracer).
  Value decision(const Game& g, int depth, Value alpha, Value beta, int ply, int known = -1, Value knownValue = 0,
                 int face = 0, int weight = 0) {
    ++nodes_;
    const int self = tracer_->enter(ChanceNodeKind::kDecision, g, face, weight, alpha, beta, depth);
    (void)self;
    if (timeUp()) return 0;
    const bool prune = opt_.algorithm != ChanceAlgorithm::kExpectimax;
    const MoveList<int, Game::kMoveSlots> moves = orderMoves(g, ply);
    assert(moves.size() > 0);
    Value best = -kInf;
    int bestMove = -1, bestChild = -1;
    if (known >= 0) {
      best = knownValue;
      bestMove = known;
      alpha = std::max(alpha, best);
    }
    int i = 0;
    for (; i < moves.size() && !(prune && alpha >= beta); ++i) {
      const int m = moves.move(i);
      if (m == known) continue;
      Game child = g;
      child.play(m);
      const int childIndex = tracer_->nextIndex();
      const Value v = -chance(child, depth - 1, -beta, -alpha, ply + 1, m);
      if (stopped_) return 0;
      if (v > best) {
        best = v;
        bestMove = m;
        bestChild = childIndex;
      }
      if (prune) alpha = std::max(alpha, v);
    }
    if (ply == 0) rootBest_ = bestMove;
    if constexpr (Tracer::kEnabled) {
      int pruned = 0;  // the moves the beta cut left unsearched (a probed move was searched)
      for (int k = i; k < moves.size(); ++k) pruned += moves.move(k) != known;
      tracer_->markChosen(bestChild);
      tracer_->leave(self, best, pruned ? ChanceCut::kBeta : ChanceCut::kNone, pruned);
    }
    return best;
  }

  // Step 2. Chance node (or a finished game, or a horizon leaf) of `depth`
  // moves to go, for its side to move; `move`: the move that led here (for
  // the tracer; -1 at the root).
  Value chance(const Game& g, int depth, Value alpha, Value beta, int ply, int move = -1) {
    ++nodes_;
    const int self = tracer_->enter(ChanceNodeKind::kChance, g, move, 0, alpha, beta, depth);
    ChanceCut cut = ChanceCut::kNone;
    int pruned = 0;
    const Value v = chanceValue(g, depth, alpha, beta, ply, self, cut, pruned);
    tracer_->leave(self, v, cut, pruned);
    return v;
  }

  // The chance node's value; `cut` and `pruned` say why and how many
  // outcomes it left unsearched (Star1, Star2).
  Value chanceValue(const Game& g, int depth, Value alpha, Value beta, int ply, int self, ChanceCut& cut,
                    int& pruned) {
    if (g.lastMoverWon()) {
      tracer_->leaf(self, ChanceLeaf::kWon);
      return -kWin * power(depth);
    }
    if (g.isFull()) return 0;
    if (depth == 0) {
      horizon_ = true;
      tracer_->leaf(self, ChanceLeaf::kHorizon);
      return std::clamp<Value>(g.evaluate(), -kWin + 1, kWin - 1);
    }
    ChanceOutcome out[Game::kMaxChanceOutcomes];
    const int n = g.chanceOutcomes(out);
    auto childOf = [&](int i) {
      Game c = g;
      c.applyChance(out[i].outcome);
      return c;
    };
    auto cutAt = [&](ChanceCut why, int left, Value bound) {
      cut = why;
      pruned = left;
      return bound;
    };
    const Value U = kWin * power(depth - 1), L = -U;  // a decision child's range
    Value sum = 0;
    if (opt_.algorithm == ChanceAlgorithm::kExpectimax) {
      for (int i = 0; i < n; ++i) {
        sum += out[i].weight * decision(childOf(i), depth, L - 1, U + 1, ply, -1, 0, out[i].outcome, out[i].weight);
        if (stopped_) return 0;
      }
      return sum;
    }

    // Star2's probing phase: W[i] a lower bound (exact) of child i from its
    // first move; Star1 keeps W[i] = L.
    Value W[Game::kMaxChanceOutcomes];
    int probeMove[Game::kMaxChanceOutcomes];
    Value sumW = 0;  // weighted sum of W over all children
    for (int i = 0; i < n; ++i) {
      W[i] = L;
      probeMove[i] = -1;
      sumW += out[i].weight * L;
    }
    if (opt_.algorithm == ChanceAlgorithm::kStar2) {
      Value probed = 0, rest = kT;  // probed: weighted W of children before i
      for (int i = 0; i < n; ++i) {
        const Value w = out[i].weight;
        rest -= w;
        Value pb = ceilDiv(beta - probed - rest * L, w);
        if (pb <= L) return cutAt(ChanceCut::kStar2Probe, n - i, probed + (w + rest) * L);  // (beta <= the lowest value)
        pb = std::min(pb, U + 1);
        ++nodes_;  // the decision node, entered for its first move
        const Game c = childOf(i);
        const int probe = tracer_->enter(ChanceNodeKind::kProbe, c, out[i].outcome, out[i].weight, L - 1, pb, depth);
        if (timeUp()) return 0;
        const int m = orderMoves(c, ply).move(0);
        Game grand = c;
        grand.play(m);
        const int grandIndex = tracer_->nextIndex();
        const Value r = -chance(grand, depth - 1, -pb, -(L - 1), ply + 1, m);
        if (stopped_) return 0;
        tracer_->markChosen(grandIndex);
        tracer_->leave(probe, r, ChanceCut::kNone, 0);
        if (r >= pb) return cutAt(ChanceCut::kStar2Probe, n - i - 1, probed + w * r + rest * L);  // >= beta
        W[i] = r;
        probeMove[i] = m;
        probed += w * r;
      }
      sumW = probed;
    }

    // Star1 over the children, the unsearched ones bounded by [W, U].
    Value rest = kT, restW = sumW;  // weight and weighted W of children after i
    for (int i = 0; i < n; ++i) {
      const Value w = out[i].weight;
      rest -= w;
      restW -= w * W[i];
      Value a = floorDiv(alpha - sum - rest * U, w), b = ceilDiv(beta - sum - restW, w);
      if (a >= U) return cutAt(ChanceCut::kStar1Low, n - i, sum + (w + rest) * U);  // <= alpha whatever the rest
      if (b <= W[i]) return cutAt(ChanceCut::kStar1High, n - i, sum + w * W[i] + restW);  // >= beta already
      a = std::max(a, L - 1);
      b = std::min(b, U + 1);
      const Value v = decision(childOf(i), depth, a, b, ply, probeMove[i], W[i], out[i].outcome, out[i].weight);
      if (stopped_) return 0;
      if (v <= a) return cutAt(ChanceCut::kStar1Low, n - i - 1, sum + w * v + rest * U);  // fail low: <= alpha
      if (v >= b) return cutAt(ChanceCut::kStar1High, n - i - 1, sum + w * v + restW);    // fail high: >= beta
      sum += w * v;
    }
    return sum;
  }

  Tracer nullTracer_;
  Tracer* tracer_ = &nullTracer_;
  ExpectimaxOptions opt_;
  Deadline deadline_;
  bool stopped_ = false;
  bool checkClock_ = false;
  bool horizon_ = false;
  int clockCounter_ = 0;
  int rootFirst_ = -1;
  int rootBest_ = -1;
  std::uint64_t nodes_ = 0;
};

// A weak player's move (the Beginner level, search/levels.hpp): every legal
// move of the rolled position `g` scored one move deep (a win kWin, else
// minus the evaluation of the position for the opponent), and one drawn with
// probability proportional to exp(score / temperature): plausible moves are
// likely, a blunder is rare but possible. The draw uses the raw 32-bit
// outputs of `rng`, so a seed picks the same move on every platform.
// Precondition: the game is not over, the die rolled, temperature > 0.
template <class Game>
int softmaxMove(const Game& g, int temperature, std::mt19937& rng) {
  double weight[Game::kMoveSlots] = {};
  double best = -1e300, total = 0;
  int scores[Game::kMoveSlots] = {};
  for (int m = 0; m < Game::kMoveSlots; ++m) {
    if (!g.canPlay(m)) continue;
    Game child = g;
    child.play(m);
    scores[m] = child.lastMoverWon() ? 1000 : -child.evaluate();
    best = std::max(best, static_cast<double>(scores[m]));
  }
  for (int m = 0; m < Game::kMoveSlots; ++m) {
    if (!g.canPlay(m)) continue;
    weight[m] = std::exp((scores[m] - best) / temperature);
    total += weight[m];
  }
  double x = total * (static_cast<double>(rng()) / 4294967296.0);
  int last = -1;
  for (int m = 0; m < Game::kMoveSlots; ++m) {
    if (!g.canPlay(m)) continue;
    last = m;
    if (x < weight[m]) return m;
    x -= weight[m];
  }
  return last;
}

}  // namespace gs
