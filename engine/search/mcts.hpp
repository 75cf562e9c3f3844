// Monte Carlo tree search: UCT with random playouts, beside the alpha-beta
// searcher (searcher.hpp). Any game of core/game.hpp; every improvement
// below can be switched off (MctsOptions) so its effect can be measured
// (docs/mcts.md has the measurements).
//
// UCT. The search grows a tree from the position to move by repeating one
// iteration until its budget (playouts and/or a deadline) is spent:
//   1. Selection: from the root, step to the child with the highest UCB1
//      score until a node that has never been visited, a node not yet
//      expanded, or the end of the game.
//   2. Expansion: a node reached for the second time (the root: the first)
//      gets all its children at once (unvisited, in the game's centre-first
//      order); selection then goes on into the first unvisited one.
//   3. Playout: from the node reached, moves chosen at random (see smart
//      playouts) until the game ends.
//   4. Backpropagation: every node on the path counts the visit and adds the
//      playout's reward for the player who moved into it.
// The move played is the root child with the most visits (ties: the higher
// mean, then the centre-first order), unless MCTS-Solver proved something.
//
// UCB1. At a node visited N times, a child visited n times with mean reward
// X (for the player choosing among the children) scores
//     X + C * sqrt(ln N / n)
// and an unvisited child is taken first. The first term exploits what the
// playouts found, the second explores moves seen rarely; C (exploration) sets
// the balance. With rewards in [0, 1] the textbook C is sqrt(2); the default
// is the one measured best here (docs/mcts.md).
//
// Rewards. A playout ends in a win for one player or a draw; each player
// gets win 1, draw 1/2, loss 0 (a per-player vector, `Rewards`). A node keeps
// the sum for the player who moved into it ("the mover's view"), in
// half-points so the sums stay exact integers, and its parent, where that
// player is to move, reads the mean as that player's expected score. Nothing
// here assumes two players except `moverOf` (the player who made the move
// into a position: (plies - 1) mod 2) and the solver's negamax below: three
// players would make Rewards three long and moverOf a modulo 3, the rest of
// UCT stays (each player maximises its own component, max^n style).
//
// Chance nodes (games with core/game.hpp's chance capability, hasChance<G>:
// EinStein's die). A position where atChance() is a chance node: its children
// are its outcomes (chanceOutcomes() order, `move` = the outcome's number),
// all created when the node is expanded, as a decision node's moves are.
// Selection does not choose among them: it draws one with probability
// weight / kChanceTotal from the search's generator (so the same seed gives
// the same draws) and goes on into that outcome's child; playouts roll the
// same way. No move is played at a chance step, so a chance node and its
// outcome children share the mover of the move into the chance node: their
// reward sums are that player's, and backpropagation is unchanged. The root
// must be a decision node (rolled: the player to move has its roll).
//   With the solver, a chance node's value is an expectation, not a minimum
// or maximum, so its bounds are the hull of its outcomes' bounds:
//     lower = min(outcome lower),   upper = max(outcome upper)
// (the expectation lies between the smallest and the largest outcome value).
// It is proven only when every outcome is proven at one value: all wins, all
// losses, all draws. Outcomes proven a win and a loss leave it [-1, 1], as
// unknown as before (its value, say 1/3, is no game value the bounds can
// hold); its parent's negamax rule holds for such a value as it is. A proven
// outcome reached by the draw ends the selection there and backs up its
// proven result (as a proven leaf does), so a chance node's mean keeps
// estimating its expectation with the outcomes' true frequencies.
//
// Smart playouts (smartPlayouts). A uniformly random playout wastes most of
// its signal: it walks past a win in one and lets the opponent win in one.
// With the option, a playout move is, in order: a move that wins at once;
// else, if the opponent threatens to win at once, a move on that spot
// (a random one of them when there are several: the game is lost anyway);
// else a random legal move. A game without the threats capability gets only
// the first rule (tried move by move).
//
// MCTS-Solver (solver). Every node keeps proven bounds on its game value
// from the mover's view, lower <= value <= upper in {-1 loss, 0 draw, 1 win},
// starting at [-1, 1] (unknown). A finished game is proven exactly (the mover
// won: 1, a full board: 0). An expanded node takes negamax bounds from its
// children (each child's bounds are from the view of the player to move at
// the node):
//     lower = -max(child upper),   upper = -max(child lower)
// which holds these rules of Winands, Bjornsson and Saito's MCTS-Solver and
// extends them to draws (as Cazenave and Saffidine's score-bounded MCTS does):
//   - one child proven a win for the player to move (a proven loss for the
//     opponent) makes the node a proven loss for its mover (the player to
//     move takes that win): upper = -1;
//   - all children proven losses for the player to move make the node a
//     proven win for its mover: lower = 1;
//   - all children proven makes the node proven (with draws: the best of
//     them).
// At expansion, a child whose move wins at once is proven there and then,
// so a win in one is never searched. Selection skips children whose value
// is settled for the search: proven children, and children whose upper
// bound cannot beat a sibling's lower bound (exploring them cannot change
// the node's value); while the node is unproven at least one child is left.
// When the root is proven the search stops: the move is one whose proven
// value equals the root's (a win at once first, else the most visited), and
// an unproven root never plays a move whose upper bound is below another
// move's lower bound (say a proven loss while another move is unknown).
// After a proof the playout rewards stay as they were: a proven node is no
// longer selected, so they no longer matter.
//
// Tree reuse (reuseTree). Between calls the tree stays; a new search from a
// position found in the old tree at most two moves below the root (the move
// played and the reply) keeps that subtree: it is copied, compacted, to the
// front of the node pool, so its visits and proofs count from the start.
// Chance steps are not moves: in a game with chance the next root is the old
// root, our move, the opponent's roll, its move and our roll, and it is found
// by its key, which includes the roll (a position with another roll is
// another node, or none: a face merged into an outcome numbered by another
// face starts fresh). One position can sit under several outcomes (merged
// faces allow the same cube); the most visited is kept. Any other position
// starts a fresh tree.
// (Transpositions are not merged: the tree is a tree.)
//
// Memory. Nodes live in one pool (a vector, indices instead of pointers,
// children of a node contiguous, 16 bytes per node), at most maxNodes of
// them. When the pool is full the tree stops growing: selection ends at a
// leaf that would have been expanded and the playout starts there, so the
// search goes on with the statistics it has (MctsResult::treeFull says so).
//
// Tracing. think() takes an optional Tracer policy, as tree_trace.hpp's
// search does: NullMctsTracer (the default) has empty inline members and
// compiles away, so the untraced search and the traced one (the explorer's
// MCTS tree, search/mcts_trace.hpp's MctsRecorder) are the same code and,
// with the same seed, grow the same tree. A tracer hears, per iteration:
// beginIteration(); selected(child, ucb) for each selection step (ucb is the
// UCB1 score that chose the child, +infinity for an unvisited child taken
// first); expanded(node) and created(child, lower, upper) for each new
// child; playoutMove(move) for each random move; result(winner, kind); and
// updated(node, visits, halfPoints, lower, upper) for each node of the path
// after backpropagation (leaf first). tree() is the node pool itself. A
// chance step is heard as selected(child, NaN) (no UCB1 score chose it);
// the rolls of a playout are not heard, only its moves.
//
// Determinism. The random numbers come from a small generator of our own
// (SplitMix64, the same on every platform and in wasm), seeded at each
// search from the seed and the root position, so a playout budget gives the
// same move for the same seed, position and (with reuse) history. A time
// budget depends on the machine's speed, as the other searches do. The clock
// is checked every kClockEvery playouts. (The search also ends when the root
// has kMaxRootVisits visits, the range of the 32-bit counters: about half an
// hour of Connect Four natively.)
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/deadline.hpp"
#include "core/game.hpp"
#include "core/move_list.hpp"

namespace gs {

struct MctsOptions {
  // Measured best in Connect Four play (docs/mcts.md); sqrt(2) is the textbook value.
  static constexpr double kDefaultExploration = 0.5;
  static constexpr std::uint32_t kDefaultMaxNodes = 1u << 21;  // 32 MiB
  static constexpr std::uint32_t kMinMaxNodes = 64;

  double exploration = kDefaultExploration;  // C of UCB1, >= 0
  bool smartPlayouts = true;  // playouts take a win in one and block a loss in one
  bool solver = true;         // MCTS-Solver: proven values propagate, stop when the root is proven
  bool reuseTree = true;      // keep the subtree of the position reached between searches
  std::uint32_t seed = 1;
  std::uint32_t maxNodes = kDefaultMaxNodes;  // node pool cap (>= kMinMaxNodes)
};

// The budget: the search stops at whichever limit comes first; at least one
// must be set (a search with neither stops after one playout).
struct MctsLimits {
  std::uint64_t playouts = 0;  // 0: no playout limit
  int timeMs = 0;              // <= 0: no time limit
};

// One root move.
struct MctsMove {
  int move = -1;              // 0-based slot
  std::uint64_t visits = 0;
  double mean = 0;            // mean reward for the player making the move (win 1, draw 1/2, loss 0); 0 unvisited
  int lower = -1, upper = 1;  // proven bounds on the move's value for that player (-1 loss .. 1 win)
  bool proven = false;        // lower == upper (MCTS-Solver)
};

struct MctsResult {
  int bestMove = -1;              // 0-based; -1 only if the game is over
  std::vector<MctsMove> moves;    // every legal root move, in the game's centre-first order
  std::uint64_t playouts = 0;     // iterations of this search
  std::uint64_t rootVisits = 0;   // the root's visits, those of a reused subtree included
  std::uint64_t reusedVisits = 0; // visits the root had when the search began (tree reuse)
  std::uint64_t nodes = 0;        // nodes in the tree at the end
  bool treeFull = false;          // the pool reached maxNodes during this search
  bool proven = false;            // MCTS-Solver proved the root's value
  int value = 0;                  // ... which is, for the side to move: 1 win, 0 draw, -1 loss
  double timeMs = 0;
  std::vector<int> pv;            // the most visited line from the root (0-based moves)
};

// How an iteration's reward was found (the tracer's result(winner, kind)).
enum class MctsLeaf : int { kPlayout = 0, kGameOver = 1, kProven = 2 };

// Records nothing; every call compiles away (see "Tracing" above).
struct NullMctsTracer {
  static constexpr bool kEnabled = false;
  void beginIteration() {}
  void selected(std::uint32_t, double) {}
  void expanded(std::uint32_t) {}
  void created(std::uint32_t, int, int) {}
  void playoutMove(int) {}
  void result(int, MctsLeaf) {}
  void updated(std::uint32_t, std::uint32_t, std::uint32_t, int, int) {}
};

template <class Game>
class Mcts {
  static_assert(Game::kMoveSlots <= 255, "a node keeps its move and its child count in 8 bits");
 public:
  // 16 bytes. A node with firstChild 0 is not expanded (the root, index 0,
  // is nobody's child). The wasm layer hands the pool to JavaScript as raw
  // bytes, so the layout is part of that interface (web/tree/mcts-trace.js).
  struct Node {
    std::uint32_t firstChild = 0;
    std::uint32_t visits = 0;
    std::uint32_t halfPoints = 0;  // summed reward of the mover into this node
    std::uint8_t move = 0;         // the move into this node
    std::uint8_t childCount = 0;
    std::int8_t lower = -1, upper = 1;  // proven bounds, mover's view
  };
  static_assert(sizeof(Node) == 16, "the pool's node stays small");

  static constexpr int kPlayers = 2;
  static constexpr std::uint32_t kClockEvery = 64;
  // The counters' range: a node's half-points (at most 2 per visit) fit 32
  // bits, so the search also stops when the root has this many visits.
  static constexpr std::uint32_t kMaxRootVisits = (1u << 31) - 1;
  // A player's reward, in half-points: win 2, draw 1, loss 0.
  using Rewards = std::array<std::uint32_t, kPlayers>;

  explicit Mcts(const MctsOptions& o = MctsOptions{}) { setOptions(o); }

  // Also forgets the tree.
  void setOptions(const MctsOptions& o) {
    opt_ = o;
    opt_.maxNodes = std::max(opt_.maxNodes, MctsOptions::kMinMaxNodes);
    opt_.exploration = std::max(0.0, opt_.exploration);
    clear();
  }
  const MctsOptions& options() const { return opt_; }
  void clear() {
    pool_.clear();
    haveTree_ = false;
  }
  std::size_t treeSize() const { return pool_.size(); }
  // The tree of the last search: node 0 is the root, children contiguous.
  const std::vector<Node>& tree() const { return pool_; }

  // Precondition: the game is not over (and, with chance, not at chance).
  MctsResult think(const Game& root, const MctsLimits& limits) {
    NullMctsTracer none;
    return think(root, limits, Deadline::fromNow(limits.timeMs), none);
  }
  // The same with the deadline given (limits.timeMs is then not read).
  MctsResult think(const Game& root, const MctsLimits& limits, const Deadline& deadline) {
    NullMctsTracer none;
    return think(root, limits, deadline, none);
  }
  // The same, telling `tracer` every iteration (see "Tracing" above).
  template <class Tracer>
  MctsResult think(const Game& root, const MctsLimits& limits, const Deadline& deadline, Tracer& tracer) {
    assert(!isOver(root));
    if constexpr (hasChance<Game>) assert(!root.atChance() && "the root is a decision node: roll first");
    // Step 1. The tree: the old subtree of this position, or a fresh root.
    if (!(opt_.reuseTree && haveTree_ && reroot(root))) {
      pool_.clear();
      pool_.push_back(Node{});
    }
    root_ = root;
    haveTree_ = true;
    // A reused tree (root visits > 0) continues with other random numbers
    // than the search that built it; a fresh root starts as it always did.
    rng_ = SplitMix{opt_.seed ^ (root.key() * 0x9E3779B97F4A7C15ull) ^
                    (static_cast<std::uint64_t>(pool_[0].visits) * 0xBF58476D1CE4E5B9ull)};
    treeFull_ = false;
    MctsResult result;
    result.reusedVisits = pool_[0].visits;

    // Step 2. Iterate until the budget is spent or the root is proven.
    std::uint64_t done = 0;
    for (;;) {
      if (opt_.solver && proven(pool_[0])) break;
      if (limits.playouts && done >= limits.playouts) break;
      if (pool_[0].visits >= kMaxRootVisits) break;
      if (done % kClockEvery == 0 && done > 0 && deadline.expired()) break;
      iterate(tracer);
      ++done;
      if (!limits.playouts && !deadline.limited()) break;  // no budget: one playout
    }

    // Step 3. Report.
    result.playouts = done;
    const Node& r = pool_[0];
    result.rootVisits = r.visits;
    result.nodes = pool_.size();
    result.treeFull = treeFull_;
    result.proven = opt_.solver && proven(r);
    result.value = result.proven ? -r.lower : 0;
    for (int i = 0; i < r.childCount; ++i) {
      const Node& c = pool_[r.firstChild + i];
      MctsMove m;
      m.move = c.move;
      m.visits = c.visits;
      m.mean = c.visits ? c.halfPoints / (2.0 * c.visits) : 0.0;
      if (opt_.solver) {
        m.lower = c.lower;
        m.upper = c.upper;
        m.proven = proven(c);
      }
      result.moves.push_back(m);
    }
    result.bestMove = bestChild(root, 0) >= 0 ? pool_[bestChild(root, 0)].move : -1;
    principalVariation(root, result.pv);
    result.timeMs = deadline.elapsedMs();
    return result;
  }

 private:
  // SplitMix64 (Steele, Lea and Flood): tiny, fast, and the same everywhere.
  struct SplitMix {
    std::uint64_t s = 0;
    std::uint64_t next() {
      std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    }
    // Uniform in [0, n), n >= 1 (multiply-shift, no division).
    std::uint32_t below(std::uint32_t n) {
      return static_cast<std::uint32_t>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
    }
  };

  static bool proven(const Node& n) { return n.lower == n.upper; }
  // The player who made the move into a position with `plies` moves played.
  static int moverOf(int plies) { return (plies + kPlayers - 1) % kPlayers; }

  // One iteration: selection, expansion, playout, backpropagation.
  template <class Tracer>
  void iterate(Tracer& tracer) {
    tracer.beginIteration();
    Game g = root_;
    path_.clear();
    std::uint32_t n = 0;
    path_.push_back(n);
    if constexpr (hasChance<Game>) {
      steps_.clear();
      steps_.push_back(Step{g.plies(), false});
    }
    // Step 1. Selection (and step 2, expansion, on the way).
    while (!isOver(g)) {
      if (pool_[n].firstChild == 0) {
        if (n != 0 && pool_[n].visits == 0) break;  // a new leaf: its playout first
        if (!expand(n, g)) break;                   // the pool is full
        if constexpr (Tracer::kEnabled) {
          tracer.expanded(n);
          for (int i = 0; i < pool_[n].childCount; ++i) {
            const std::uint32_t ci = pool_[n].firstChild + i;
            tracer.created(ci, pool_[ci].lower, pool_[ci].upper);
          }
        }
        if (opt_.solver && proven(pool_[n])) break;  // a win in one was found at expansion
      }
      if constexpr (hasChance<Game>) {
        if (g.atChance()) {  // the draw decides, not UCB1 (see "Chance nodes")
          steps_.back().chance = true;
          int outcome = 0;
          n = pool_[n].firstChild + static_cast<std::uint32_t>(drawOutcome(g, outcome));
          assert(pool_[n].move == outcome);
          (void)outcome;
          if constexpr (Tracer::kEnabled) tracer.selected(n, std::numeric_limits<double>::quiet_NaN());
          g.applyChance(pool_[n].move);
          path_.push_back(n);
          steps_.push_back(Step{g.plies(), false});
          if (opt_.solver && proven(pool_[n])) break;  // its proven result is the reward
          continue;
        }
      }
      const std::uint32_t parent = n;
      n = select(n);
      if constexpr (Tracer::kEnabled) tracer.selected(n, ucb(pool_[n], logVisits(pool_[parent])));
      g.play(pool_[n].move);
      path_.push_back(n);
      if constexpr (hasChance<Game>) steps_.push_back(Step{g.plies(), false});
    }
    // Step 3. Playout, or the proven value of the node reached.
    Rewards rewards;
    const Node& leaf = pool_[n];
    if (isOver(g)) {
      if (opt_.solver) {
        Node& l = pool_[n];
        l.lower = l.upper = g.lastMoverWon() ? 1 : 0;
      }
      const int winner = g.lastMoverWon() ? moverOf(g.plies()) : -1;
      rewards = outcome(winner);
      tracer.result(winner, MctsLeaf::kGameOver);
    } else if (opt_.solver && proven(leaf)) {
      // (Mover's view: +1 the mover into n wins.)
      const int mover = moverOf(g.plies());
      const int winner = leaf.lower == 0 ? -1 : leaf.lower > 0 ? mover : 1 - mover;
      rewards = outcome(winner);
      tracer.result(winner, MctsLeaf::kProven);
    } else {
      const int winner = playout(g, tracer);
      rewards = outcome(winner);
      tracer.result(winner, MctsLeaf::kPlayout);
    }
    // Step 4. Backpropagation; with the solver, the proven bounds too.
    // The leaf's bounds are already set (above, or at its expansion); an
    // ancestor's can only change if a child's did.
    if constexpr (hasChance<Game>) {
      // The same, with each node's plies and kind from the path's steps
      // (a chance step plays no move, so plies do not fall one per node).
      bool boundsChanged = opt_.solver;
      for (std::size_t i = path_.size(); i-- > 0;) {
        Node& node = pool_[path_[i]];
        ++node.visits;
        node.halfPoints += rewards[moverOf(steps_[i].plies)];
        if (boundsChanged && i + 1 < path_.size())
          boundsChanged = steps_[i].chance ? updateChanceBounds(node) : updateBounds(node);
        tracer.updated(path_[i], node.visits, node.halfPoints, node.lower, node.upper);
      }
      return;
    }
    int plies = g.plies();
    bool boundsChanged = opt_.solver;
    for (std::size_t i = path_.size(); i-- > 0; --plies) {
      Node& node = pool_[path_[i]];
      ++node.visits;
      node.halfPoints += rewards[moverOf(plies)];
      if (boundsChanged && i + 1 < path_.size()) boundsChanged = updateBounds(node);
      tracer.updated(path_[i], node.visits, node.halfPoints, node.lower, node.upper);
    }
  }

  static Rewards outcome(int winner) {
    Rewards r;
    for (int p = 0; p < kPlayers; ++p) r[p] = winner < 0 ? 1 : p == winner ? 2 : 0;
    return r;
  }

  // Creates n's children (g is n's position). False if the pool has no room.
  bool expand(std::uint32_t n, const Game& g) {
    if constexpr (hasChance<Game>) {
      if (g.atChance()) return expandChance(n, g);
    }
    MoveList<int, Game::kMoveSlots> moves;
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      const int m = centreOrder<Game>(i);
      if (g.canPlay(m)) moves.add(m, 0);
    }
    if (pool_.size() + moves.size() > opt_.maxNodes) {
      treeFull_ = true;
      return false;
    }
    const std::uint32_t first = static_cast<std::uint32_t>(pool_.size());
    for (int i = 0; i < moves.size(); ++i) {
      Node c;
      c.move = static_cast<std::uint8_t>(moves.move(i));
      if (opt_.solver && winsAtOnce(g, moves.move(i))) c.lower = c.upper = 1;
      pool_.push_back(c);
    }
    Node& node = pool_[n];  // (after the pushes: they may move the pool)
    node.firstChild = first;
    node.childCount = static_cast<std::uint8_t>(moves.size());
    if (opt_.solver) updateBounds(node);
    return true;
  }

  // A chance node's children: one per outcome, in chanceOutcomes() order
  // (drawOutcome() relies on it), unknown until searched.
  bool expandChance(std::uint32_t n, const Game& g) {
    ChanceOutcome out[Game::kMaxChanceOutcomes];
    const int count = g.chanceOutcomes(out);
    if (pool_.size() + static_cast<std::size_t>(count) > opt_.maxNodes) {
      treeFull_ = true;
      return false;
    }
    const std::uint32_t first = static_cast<std::uint32_t>(pool_.size());
    for (int i = 0; i < count; ++i) {
      Node c;
      c.move = static_cast<std::uint8_t>(out[i].outcome);
      pool_.push_back(c);
    }
    Node& node = pool_[n];
    node.firstChild = first;
    node.childCount = static_cast<std::uint8_t>(count);
    return true;
  }

  // An outcome drawn with probability weight / kChanceTotal: its index among
  // chanceOutcomes(g) (returned) and its number (`outcome`). Precondition:
  // g.atChance().
  int drawOutcome(const Game& g, int& outcome) {
    ChanceOutcome out[Game::kMaxChanceOutcomes];
    const int count = g.chanceOutcomes(out);
    int r = static_cast<int>(rng_.below(static_cast<std::uint32_t>(Game::kChanceTotal)));
    int i = 0;
    while (i + 1 < count && r >= out[i].weight) r -= out[i++].weight;
    outcome = out[i].outcome;
    return i;
  }

  // A chance node's bounds: the hull of its outcomes' (see "Chance nodes":
  // proven only when every outcome is proven at the same value); true if
  // they changed.
  bool updateChanceBounds(Node& node) {
    int minLower = 1, maxUpper = -1;
    for (int i = 0; i < node.childCount; ++i) {
      const Node& c = pool_[node.firstChild + i];
      minLower = std::min<int>(minLower, c.lower);
      maxUpper = std::max<int>(maxUpper, c.upper);
    }
    if (minLower == node.lower && maxUpper == node.upper) return false;
    node.lower = static_cast<std::int8_t>(minLower);
    node.upper = static_cast<std::int8_t>(maxUpper);
    return true;
  }

  // Negamax bounds from the children; true if they changed.
  bool updateBounds(Node& node) {
    int maxLower = -1, maxUpper = -1;
    for (int i = 0; i < node.childCount; ++i) {
      const Node& c = pool_[node.firstChild + i];
      maxLower = std::max<int>(maxLower, c.lower);
      maxUpper = std::max<int>(maxUpper, c.upper);
    }
    const std::int8_t lower = static_cast<std::int8_t>(-maxUpper), upper = static_cast<std::int8_t>(-maxLower);
    if (lower == node.lower && upper == node.upper) return false;
    node.lower = lower;
    node.upper = upper;
    return true;
  }

  // UCB1 over n's children; an unvisited child first (the first in order).
  // With the solver, settled children are skipped (see the header).
  std::uint32_t select(std::uint32_t n) {
    const Node& node = pool_[n];
    int best1 = -1, best2 = -1;  // the two highest lower bounds (for "a sibling's")
    if (opt_.solver) {
      for (int i = 0; i < node.childCount; ++i) {
        const int lo = pool_[node.firstChild + i].lower;
        if (best1 < 0 || lo > pool_[node.firstChild + best1].lower) best2 = best1, best1 = i;
        else if (best2 < 0 || lo > pool_[node.firstChild + best2].lower) best2 = i;
      }
    }
    const double logN = logVisits(node);
    std::uint32_t chosen = 0;
    double bestScore = -1;
    for (int i = 0; i < node.childCount; ++i) {
      const std::uint32_t ci = node.firstChild + i;
      const Node& c = pool_[ci];
      if (opt_.solver) {
        if (proven(c)) continue;
        const int other = i == best1 ? best2 : best1;
        if (other >= 0 && c.upper <= pool_[node.firstChild + other].lower) continue;
      }
      if (c.visits == 0) return ci;
      const double score = ucb(c, logN);
      if (score > bestScore) {
        bestScore = score;
        chosen = ci;
      }
    }
    assert(chosen != 0 && "an unproven node has a child left to explore");
    return chosen;
  }

  // ln N of UCB1 at a node visited N times (N >= 1 for the logarithm).
  static double logVisits(const Node& node) {
    return std::log(static_cast<double>(std::max<std::uint32_t>(node.visits, 1)));
  }
  // UCB1 of child c for its parent (logN: the parent's logVisits); an
  // unvisited child scores +infinity (select() takes it first).
  double ucb(const Node& c, double logN) const {
    if (c.visits == 0) return HUGE_VAL;
    return c.halfPoints / (2.0 * c.visits) + opt_.exploration * std::sqrt(logN / c.visits);
  }

  // Plays `g` to its end; the winner (0, 1) or -1 for a draw.
  template <class Tracer>
  int playout(Game g, Tracer& tracer) {
    for (;;) {
      if (g.lastMoverWon()) return moverOf(g.plies());
      if (g.isFull()) return -1;
      if constexpr (hasChance<Game>) {
        if (g.atChance()) {
          int outcome = 0;
          drawOutcome(g, outcome);
          g.applyChance(outcome);
          continue;
        }
      }
      const int m = playoutMove(g);
      tracer.playoutMove(m);
      g.play(m);
    }
  }

  int playoutMove(const Game& g) {
    if constexpr (hasThreats<Game>) {
      auto legal = g.legalMoves();
      if (opt_.smartPlayouts) {
        if (g.canWinNext()) {
          for (int m = 0; m < Game::kMoveSlots; ++m)
            if (g.canPlay(m) && g.isWinningMove(m)) return m;
        }
        const auto forced = legal & g.opponentWinningSpots();
        if (forced) legal = forced;
      }
      return Game::moveOf(nthBit(legal, rng_.below(static_cast<std::uint32_t>(popCount(legal)))));
    } else {
      int moves[Game::kMoveSlots];
      int count = 0;
      for (int m = 0; m < Game::kMoveSlots; ++m)
        if (g.canPlay(m)) {
          if (opt_.smartPlayouts && winsAtOnce(g, m)) return m;
          moves[count++] = m;
        }
      return moves[rng_.below(static_cast<std::uint32_t>(count))];
    }
  }

  template <class Bits>
  static int popCount(Bits b) {
    int c = 0;
    for (; b; b &= b - 1) ++c;
    return c;
  }
  template <class Bits>
  static Bits nthBit(Bits b, std::uint32_t k) {
    for (; k; --k) b &= b - 1;
    return b & (~b + 1);
  }

  // The child of n to play (-1 if n has none): with a proven value, a child
  // that keeps it (a win at once first); else the most visited of the
  // children not dominated by a sibling's proven lower bound.
  int bestChild(const Game& g, std::uint32_t n) const {
    const Node& node = pool_[n];
    if (node.childCount == 0) return -1;
    int maxLower = -1;
    for (int i = 0; i < node.childCount; ++i) maxLower = std::max<int>(maxLower, pool_[node.firstChild + i].lower);
    int best = -1;
    for (int i = 0; i < node.childCount; ++i) {
      const std::uint32_t ci = node.firstChild + i;
      const Node& c = pool_[ci];
      if (opt_.solver) {
        if (proven(node) ? c.lower != -node.lower : c.upper < maxLower) continue;
        if (c.lower == 1 && winsAtOnce(g, c.move)) return static_cast<int>(ci);
      }
      if (best < 0 || better(c, pool_[best])) best = static_cast<int>(ci);
    }
    return best;
  }
  static bool better(const Node& a, const Node& b) {
    if (a.visits != b.visits) return a.visits > b.visits;
    return static_cast<std::uint64_t>(a.halfPoints) * b.visits > static_cast<std::uint64_t>(b.halfPoints) * a.visits;
  }

  void principalVariation(const Game& root, std::vector<int>& pv) const {
    Game g = root;
    std::uint32_t n = 0;
    while (!isOver(g) && pool_[n].firstChild) {
      if constexpr (hasChance<Game>) {
        if (g.atChance()) break;  // the line's moves up to the next roll
      }
      const int c = bestChild(g, n);
      if (c < 0 || (pool_[c].visits == 0 && !proven(pool_[c]))) break;
      pv.push_back(pool_[c].move);
      g.play(pool_[c].move);
      n = static_cast<std::uint32_t>(c);
    }
  }

  // Tree reuse: makes the node of `pos` (the old root, or a node at most two
  // moves below it) the root, its subtree compacted to the front of the pool.
  bool reroot(const Game& pos) {
    std::uint32_t found = 0;
    if constexpr (hasChance<Game>) {
      std::int64_t at = -1;
      findNode(root_, 0, pos, 2, at);
      if (at < 0) return false;
      found = static_cast<std::uint32_t>(at);
    } else {
      // Without chance a position occurs at most once so near the root: the
      // old root, a child or a grandchild.
      const std::uint64_t key = pos.key();
      bool ok = root_.plies() == pos.plies() && root_.key() == key;
      for (int i = 0; !ok && i < pool_[0].childCount; ++i) {
        const std::uint32_t c = pool_[0].firstChild + i;
        Game g1 = root_;
        g1.play(pool_[c].move);
        if (g1.plies() == pos.plies() && g1.key() == key) ok = true, found = c;
        for (int j = 0; !ok && !isOver(g1) && j < pool_[c].childCount; ++j) {
          const std::uint32_t gc = pool_[c].firstChild + j;
          Game g2 = g1;
          g2.play(pool_[gc].move);
          if (g2.plies() == pos.plies() && g2.key() == key) ok = true, found = gc;
        }
      }
      if (!ok) return false;
    }
    if (found == 0) return true;
    // Breadth first, so every node's children stay contiguous.
    spare_.clear();
    spare_.push_back(pool_[found]);
    for (std::size_t k = 0; k < spare_.size(); ++k) {
      const Node old = spare_[k];
      if (!old.firstChild) continue;
      spare_[k].firstChild = static_cast<std::uint32_t>(spare_.size());
      for (int i = 0; i < old.childCount; ++i) spare_.push_back(pool_[old.firstChild + i]);
    }
    pool_.swap(spare_);
    std::vector<Node>().swap(spare_);  // the old pool's memory goes now, not at the next reuse
    return true;
  }

  // Reuse with chance: the most visited node of `pos` in the subtree of node
  // n (position g), at most `moves` moves below n, into `found` (kept if none
  // is better; ties: the first in preorder). Chance steps cost no move. A
  // position can occur under several outcomes (EinStein's merged faces 2-5
  // allow the cube that face 1 allows): each such node is a subtree of it.
  void findNode(const Game& g, std::uint32_t n, const Game& pos, int moves, std::int64_t& found) const {
    if (g.plies() == pos.plies() && g.key() == pos.key()) {
      if (found < 0 || pool_[n].visits > pool_[found].visits) found = n;
      return;
    }
    if (isOver(g) || g.plies() > pos.plies()) return;
    const bool chance = g.atChance();
    if (!chance && moves == 0) return;
    for (int i = 0; i < pool_[n].childCount; ++i) {
      const std::uint32_t c = pool_[n].firstChild + i;
      Game next = g;
      if (chance) next.applyChance(pool_[c].move);
      else next.play(pool_[c].move);
      findNode(next, c, pos, chance ? moves : moves - 1, found);
    }
  }

  // A node of the selection path, for backpropagation in a game with chance:
  // the plies played at it and whether it is a chance node.
  struct Step {
    int plies = 0;
    bool chance = false;
  };

  MctsOptions opt_;
  std::vector<Node> pool_, spare_;
  std::vector<std::uint32_t> path_;
  Game root_{};
  bool haveTree_ = false;
  bool treeFull_ = false;
  SplitMix rng_;
  std::vector<Step> steps_;  // beside path_, games with chance only
};

}  // namespace gs
