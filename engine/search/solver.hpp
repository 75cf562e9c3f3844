// Exact solver: the true game value of a position (exact scores, types.hpp).
//
// Two algorithms, selectable so they can be compared:
//   kMinimax    plain minimax (written as negamax), no pruning, no table, visits
//               the whole game tree including every finished position. The
//               reference: from the empty Tic-Tac-Toe board it visits 549,946 nodes.
//   kAlphaBeta  negamax alpha-beta (fail-soft). The root driver narrows the
//               score interval [min, max] with null-window probes, biased
//               towards 0; positions with at most kFullWindowEmpty empty cells
//               are searched once with the full window instead. Each node
//               1. counts itself, 2. generates only moves that do not lose at
//               once (a node with none is a loss; with one, the forced move
//               is played through: the child's search is the node's, with
//               step 3's first clamp), 3. clamps the window to the
//               best and worst scores still possible, and (where they can
//               cut off: alpha >= -1 or beta <= 1, so in every null-window
//               probe) to what the lines still open allow
//               (Game::signUpperBound/signLowerBound), 4. probes the table for
//               both bounds (not with fewer than kTableMinEmpty empty cells;
//               with kMirrorKeyEmpty or more, a position and its mirror image
//               share one entry),
//               5. returns a win with the mover's next stone when a move
//               leaves the opponent no move that does not lose at once
//               (Game::leavesNoDefence; the child is not visited), else
//               lowers the upper bound to a win with the stone after, and
//               orders moves by the winning spots a move creates
//               (Game::orderScore: when the root probe is about a short game,
//               spots playable at once count 3; in a long one only the spots
//               not above an opponent's, those above a playable cell 4; with
//               kGainOrderEmpty empty cells or more, plus the heuristic
//               evaluation's gain), centre first on ties, and prefetches the children's
//               table slots, 6. searches them; when the first move does not
//               cut off (and kEtcMinEmpty cells are empty; before the first
//               move in a long game), the
//               children's table bounds may cut off at once or drop moves
//               that cannot raise alpha (enhanced transposition cut-offs);
//               with several threads (ParallelSolver), a move after the
//               first searched (at an expected all-node the first too) that
//               another thread is searching waits for a second pass
//               (kSplitMinEmpty empty cells or more), and a thread that
//               finds in the table that another has proved a node above it
//               returns to that node at once (checkLine),
//               7. stores what it proved (lower bound, upper bound or exact).
//               Ordering (and its heuristic part alone), the line bounds, the
//               quick wins of step 5, the forced moves of step 2 and the table
//               can be switched off separately.
//               docs/benchmarks.md has the measurements behind every choice.
//
// The table is two SolverTables (solver_table.hpp) over the memory of the
// TranspositionTable given to the constructor: positions with at least
// kNearEmpty empty cells use its main block, those nearer the end of the game
// its small near block (1 MiB, TranspositionTable::nearWords), which stays in
// the processor's cache. Clear that table before a solve for a cold start
// (gamesearch solve does); that clears both.
//
// `nodes` counts every position the search visits, the root included.
//
// Requires the solver-bounds capability of core/game.hpp (non-losing moves,
// the line bounds, the ordering score, leavesNoDefence).
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <functional>

#include "core/deadline.hpp"
#include "core/game.hpp"
#include "core/move_list.hpp"
#include "search/solver_table.hpp"
#include "core/tt.hpp"
#include "core/types.hpp"

namespace gs {

enum class Algorithm { kMinimax, kAlphaBeta };

struct SolverOptions {
  Algorithm algorithm = Algorithm::kAlphaBeta;
  bool ordering = true;
  bool table = true;
  bool lineBounds = true;  // step 3's bounds from the lines still open
  bool gainOrdering = true;  // step 5's heuristic gain near the root (kGainOrderEmpty)
  bool quickWins = true;     // step 5's check for a win with the mover's next stone
  bool forcedMoves = true;   // step 2's forced moves played through
};

template <class Game>
class ParallelSolver;

template <class Game>
class Solver {
  static_assert(hasSolverBounds<Game>, "the exact solver needs the threats and solver-bounds capabilities (core/game.hpp)");

 public:
  using Bits = typename Game::Bits;

  // Tuning constants (measured, see docs/solver.md).
  // Full-window search instead of null-window probes at or below this many empty cells.
  static constexpr int kFullWindowEmpty = 14;
  // Forcing moves (immediate threats) count double when the root probe asks
  // whether the game ends within this many plies.
  static constexpr int kForcingHorizon = 22;
  // solve() from at least this many empty cells (the first six stones):
  // the win/draw/loss first, then outwards from it (docs/solver.md, "The driver").
  static constexpr int kSignFirstEmpty = 36;
  // No table at nodes with fewer empty cells than this; in a position with at
  // most kFullWindowEmpty empty cells (solve()'s one full-window search, and
  // solveSign/signAtMost/moveReaches probes there) the second value: no
  // table at all, where there is less to share than a cache miss costs.
  static constexpr int kTableMinEmpty = 6;
  static constexpr int kSmallTreeTableMinEmpty = kFullWindowEmpty + 1;
  static_assert(kSmallTreeTableMinEmpty > kFullWindowEmpty,
                "small trees never touch the table: they skip attachTables(), and clear() relies on that");
  // Enhanced transposition cut-offs only at nodes with at least this many
  // empty cells: before the first move when the root probe is about a long
  // game, after it (once it failed to cut off) in a short one.
  static constexpr int kEtcMinEmpty = 10;
  // Positions with fewer empty cells than this keep their entries in the near
  // table (kNearWords 8-byte words): most nodes are near the end, and a probe
  // there is a cache hit instead of a memory access, while the entries of the
  // large subtrees keep the big table to themselves.
  static constexpr int kNearEmpty = 18;
  // At nodes with at least this many empty cells (the roots of large
  // subtrees, where ordering pays most and costs least), a move's ordering
  // score is kGainThreatWeight x its Game::orderScore + the change it makes
  // to the heuristic evaluation's window and centre terms (Game::moveGain):
  // the heuristic breaks ties that the static order would break, and a
  // large gain (a blocked three is 6) can outweigh a spot or two (a spot
  // above a playable cell counts 4 in the long-game order: docs/solver.md,
  // "Move ordering").
  static constexpr int kGainOrderEmpty = 28;
  static constexpr int kGainThreatWeight = 1;
  // Positions with at least this many empty cells (the first few moves) and
  // their left-right mirror images share one table entry (the smaller of the
  // two keys; games with a mirror, core/game.hpp). Near the root the two
  // images of a position are both searched (in a symmetric position, every
  // move and its mirror), each a large subtree; deeper, the second key costs
  // more per node than the rare shared entry saves.
  static constexpr int kMirrorKeyEmpty = 20;
  // With several threads, a node with at least this many empty cells lets
  // another thread's current move wait (step 6); kInProgressSlots is the size of
  // the shared table of those moves (a power of two).
  static constexpr int kSplitMinEmpty = 18;
  static constexpr int kInProgressBits = 14;
  static constexpr std::size_t kInProgressSlots = std::size_t{1} << kInProgressBits;
  static constexpr std::size_t kNearWords = Game::kMaxPlies > kNearEmpty ? TranspositionTable::kNearWords : SolverTable<Game>::kMinWords;

  explicit Solver(TranspositionTable& tt)
      : tt_(tt), table_(tt.words(), tt.wordCount()), near_(tt.nearWords(), kNearWords) {}

  void setOptions(const SolverOptions& o) { opt_ = o; }
  const SolverOptions& options() const { return opt_; }
  std::uint64_t nodes() const { return nodes_; }
  void resetNodes() {
    nodes_ = 0;
    deferrals_ = 0;
    unwinds_ = 0;
  }
  // Moves this thread left for later because another thread was searching
  // them (ParallelSolver; step 6), since resetNodes(): 0 with one thread.
  std::uint64_t deferrals() const { return deferrals_; }
  // Times this thread gave up a search because another thread had proved
  // one of the nodes above it below the probe's root (ParallelSolver;
  // checkLine), since resetNodes(): 0 with one thread.
  std::uint64_t unwinds() const { return unwinds_; }

  // Optional deadline (the time-limited player's "solve if it fits in the
  // budget"): the clock is checked every 4096 nodes; once it has passed, the
  // search unwinds at once, aborted() is true and the result is meaningless.
  // Nothing is stored in the table after the deadline, so the table stays sound.
  void setDeadline(const Deadline& d) {
    deadline_ = d;
    aborted_ = false;
  }
  void clearDeadline() { setDeadline(Deadline()); }
  bool aborted() const { return aborted_; }

  // Optional checkpoint, called with the node count every 4096 nodes (when
  // the deadline is checked); returning true stops the search as an expired
  // deadline does (aborted() becomes true). Called on the searching thread.
  // ParallelSolver uses it for its shared stop flag and its progress reports.
  void setCheckpoint(std::function<bool(std::uint64_t nodes)> f) { checkpoint_ = std::move(f); }

  // Optional probe report (`gamesearch solve --probes`): called after every
  // null-window probe of the drivers below that was not aborted, on the
  // calling thread. The probe asks "is the value > alpha?" (its window is
  // alpha, alpha + 1); `bound` is its fail-soft answer: the value is at most
  // `bound` when bound <= alpha, at least `bound` otherwise. A small tree
  // solved with one full window (solve() at kFullWindowEmpty empty cells or
  // fewer) makes no probe.
  struct ProbeReport {
    int alpha = 0;
    int bound = 0;
    std::uint64_t nodes = 0;        // the probe's nodes, all threads (ParallelSolver)
    std::uint64_t callerNodes = 0;  // ... of those, the calling thread's
    double ms = 0;                  // the probe's wall time
  };
  void setOnProbe(std::function<void(const ProbeReport&)> f) { onProbe_ = std::move(f); }

  // Exact score of `pos` for the side to move. Finished positions are allowed:
  // a position won by the last mover scores as that loss, a full board 0.
  // `sign`, when known (1, 0 or -1: solveSign's answer), narrows the search
  // to wins or losses; kUnknownSign searches every score.
  static constexpr int kUnknownSign = 2;
  int solve(const Game& pos, int sign = kUnknownSign) {
    if (pos.lastMoverWon()) {
      ++nodes_;
      return -winScoreAtPly<Game>(pos.plies() - 1);
    }
    if (pos.isFull()) {
      ++nodes_;
      return 0;
    }
    if (opt_.algorithm == Algorithm::kMinimax) return minimax(pos);
    if (pos.canWinNext()) {
      ++nodes_;
      return winScoreAtPly<Game>(pos.plies());
    }
    int lo = -winScoreAtPly<Game>(pos.plies() + 1);
    int hi = winScoreAtPly<Game>(pos.plies() + 2);
    if (pos.plies() + 1 >= maxPliesOf<Game>()) {  // one move left, and it does not win
      ++nodes_;
      return 0;
    }
    // Early in the game the values are small, and every probe near the
    // value is a proof over the whole game. The halving driver below needs
    // three or four of them (for +1: at least 0, at most 2, at most 1, at
    // least 1); the win/draw/loss first (solveSign: a quick win, a quick
    // loss, then the probe at 0 and for no win the one at -1), then one
    // probe per score outwards from it (at most 1, at most 2, ... for a win;
    // at least -1, at least -2, ... for a loss) needs two for +1, three for
    // -1 and none beyond the sign for a draw. Larger values need one more
    // per score, so only from kSignFirstEmpty empty cells on, where they are
    // rare.
    const bool outwards = sign == kUnknownSign && maxPliesOf<Game>() - pos.plies() >= kSignFirstEmpty;
    if (outwards) {
      sign = solveSign(pos);
      if (aborted_) return 0;
    }
    if (sign == 0) return 0;
    if (sign == 1) lo = 1;
    if (sign == -1) hi = -1;
    // Small trees: one full-window search (the value lies in [lo, hi]).
    forcing_ = true;
    const bool smallTree = maxPliesOf<Game>() - pos.plies() <= kFullWindowEmpty;
    tableMinEmpty_ = smallTree ? kSmallTreeTableMinEmpty : kTableMinEmpty;
    if (smallTree) return negamax(pos, lo - 1, hi + 1);
    if (opt_.table) attachTables();
    // Null-window driver: every probe halves the interval (biased towards 0,
    // where most values lie and where proofs are cheapest), or, after the
    // sign asked above, tests the score next to the proven end nearer 0.
    while (lo < hi) {
      int med;
      if (outwards) {
        med = sign > 0 ? lo : hi - 1;
      } else {
        med = lo + (hi - lo) / 2;
        if (med <= 0 && lo / 2 < med)
          med = lo / 2;
        else if (med >= 0 && hi / 2 > med)
          med = hi / 2;
      }
      // Plies until the game ends if the value is med: forcing moves matter
      // when that is short.
      forcing_ = forcingAt(med, pos.plies());
      int r = probeRoot(pos, med, med + 1);
      if (aborted_) return 0;
      if (r <= med)
        hi = r;
      else
        lo = r;
    }
    return lo;
  }

  // Win/draw/loss only ("weak" solve): 1 if the side to move wins, 0 draw,
  // -1 loss. Null-window probes around 0, far cheaper than the exact score
  // when the game is long. First, as solve()'s first probes, two about a
  // short game with the forcing order: a win within about half of the moves
  // left, then a loss within half. They settle a quick result in a few nodes
  // where the probe at 0 (any win at all, in the long-game order) wanders
  // (docs/solver.md, "The weak solve"); otherwise the probes at 0 and -1.
  // Same preconditions and deadline as solve().
  int solveSign(const Game& pos) {
    int known;
    if (knownSign(pos, known)) return known;
    const int plies = pos.plies();
    if (maxPliesOf<Game>() - plies > kFullWindowEmpty) {
      const int quickWin = winScoreAtPly<Game>(plies + 2) / 2, quickLoss = -winScoreAtPly<Game>(plies + 1) / 2;
      forcing_ = forcingAt(quickWin, plies);
      if (quickWin > 0 && probeRoot(pos, quickWin, quickWin + 1) > quickWin) return aborted_ ? 0 : 1;
      forcing_ = forcingAt(quickLoss, plies);
      if (quickLoss < 0 && probeRoot(pos, quickLoss, quickLoss + 1) <= quickLoss) return aborted_ ? 0 : -1;
      if (aborted_) return 0;
      forcing_ = forcingAt(0, plies);  // as knownSign set it: a probe at 0
    }
    if (probeRoot(pos, 0, 1) > 0) return aborted_ ? 0 : 1;
    if (aborted_) return 0;
    return probeRoot(pos, -1, 0) < 0 ? -1 : 0;
  }

  // Whether the win/draw/loss of `pos` is at most `s`: one of solveSign's two
  // probes. Same preconditions and deadline as solve().
  bool signAtMost(const Game& pos, int s) {
    if (s >= 1) return true;
    if (s < -1) return false;
    int known;
    if (knownSign(pos, known)) return known <= s;
    return s == 0 ? probeRoot(pos, 0, 1) <= 0 : probeRoot(pos, -1, 0) < 0;
  }

  // Whether the exact score of `pos` is at most `s`: one null-window probe
  // (solve() makes several). Same preconditions and deadline as solve().
  bool scoreAtMost(const Game& pos, int s) {
    if (pos.lastMoverWon() || pos.isFull() || opt_.algorithm == Algorithm::kMinimax || pos.canWinNext() ||
        pos.plies() + 1 >= maxPliesOf<Game>())
      return solve(pos) <= s;  // no search needed (or the reference algorithm)
    if (s >= winScoreAtPly<Game>(pos.plies() + 2)) return true;
    if (s < -winScoreAtPly<Game>(pos.plies() + 1)) return false;
    const bool smallTree = maxPliesOf<Game>() - pos.plies() <= kFullWindowEmpty;
    tableMinEmpty_ = smallTree ? kSmallTreeTableMinEmpty : kTableMinEmpty;
    if (!smallTree && opt_.table) attachTables();
    forcing_ = forcingAt(s, pos.plies());
    return probeRoot(pos, s, s + 1) <= s;
  }

  // Whether playing `m` scores at least `s` exactly for the side to move:
  // scoreMove(pos, m) >= s, with one probe. False if illegal.
  bool moveScoresAtLeast(const Game& pos, int m, int s) {
    if (!pos.canPlay(m)) return false;
    if (pos.isWinningMove(m)) return winScoreAtPly<Game>(pos.plies()) >= s;
    Game child = pos;
    child.play(m);
    return scoreAtMost(child, -s);
  }

  // Exact score of playing move `m` (0-based) for the side to move, or
  // kIllegal if it cannot be played. Precondition: the game is not over.
  static constexpr int kIllegal = -1000;
  int scoreMove(const Game& pos, int m) {
    if (!pos.canPlay(m)) return kIllegal;
    if (pos.isWinningMove(m)) return winScoreAtPly<Game>(pos.plies());
    Game child = pos;
    child.play(m);
    return -solve(child);
  }

  // Win/draw/loss of playing move `m` for the side to move (as solveSign),
  // or kIllegal. Precondition: the game is not over.
  int signOfMove(const Game& pos, int m) {
    if (!pos.canPlay(m)) return kIllegal;
    if (pos.isWinningMove(m)) return 1;
    Game child = pos;
    child.play(m);
    return -solveSign(child);
  }

  // The move the table remembers for `pos` (the one that last proved a lower
  // bound there, e.g. the winning or drawing move solveSign found; a forced
  // move, the only one that does not lose at once, is not stored but is
  // the answer at once), or -1
  // (usually with at most kFullWindowEmpty empty cells, where the table is
  // not used; always in Tic-Tac-Toe). A hint to try first, not a proof: with
  // moveReaches it is one.
  int hintMove(const Game& pos) const {
    if (opt_.forcedMoves && !pos.lastMoverWon() && !pos.isFull() && !pos.canWinNext()) {
      const Bits next = pos.nonLosingMoves();  // one move: played through, not stored (negamax)
      if (next && !(next & (next - 1))) return Game::moveOf(next);
    }
    SolverEntry e;
    bool found;
    if (maxPliesOf<Game>() - pos.plies() < kNearEmpty) {
      found = near_.probe(tableKey(pos), e);
    } else {  // (asks for the main block, which marks it written: only here)
      const SolverTable<Game> big(tt_.words(), tt_.wordCount());
      found = big.probe(tableKey(pos), e);
    }
    if (found && e.move >= 0 && mirroredKey(pos)) e.move = mirrorMove(e.move);
    return found && e.move >= 0 && pos.canPlay(e.move) ? e.move : -1;
  }

  // Whether playing `m` gets the side to move at least `value` (win/draw/
  // loss): signOfMove(pos, m) >= value, with one probe instead of two. With
  // value = solveSign(pos), whether `m` keeps the value. False if illegal.
  bool moveReaches(const Game& pos, int m, int value) {
    if (!pos.canPlay(m)) return false;
    if (value <= -1 || pos.isWinningMove(m)) return true;
    Game child = pos;
    child.play(m);
    return signAtMost(child, -value);
  }

 private:
  friend class ParallelSolver<Game>;

  // A null-window probe of the drivers above (solve, solveSign, signAtMost,
  // scoreAtMost) at the root `pos`, with forcing_ and tableMinEmpty_ set.
  // A ParallelSolver takes over the probes of trees that use the table (its
  // threads search them together); every other probe is one negamax here.
  int probeRoot(const Game& pos, int alpha, int beta) {
    assert(beta == alpha + 1);
    if (!onProbe_) return searchProbe(pos, alpha, beta);
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t n0 = nodes_;
    const int r = searchProbe(pos, alpha, beta);
    if (!aborted_) {
      ProbeReport p;
      p.alpha = alpha;
      p.bound = r;
      p.nodes = p.callerNodes = nodes_ - n0;
      p.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      onProbe_(p);
    }
    return r;
  }
  int searchProbe(const Game& pos, int alpha, int beta) {
    if (probeRunner_ && opt_.table && maxPliesOf<Game>() - pos.plies() > kFullWindowEmpty)
      return probeRunner_(pos, alpha, beta);
    return negamax(pos, alpha, beta);
  }

  // Every 4096 nodes: the deadline and the checkpoint callback.
  __attribute__((noinline, cold)) void checkpoint() {
    if (deadline_.expired()) aborted_ = true;
    if (checkpoint_ && checkpoint_(nodes_)) aborted_ = true;
    if (aborted_)
      unwindTo_ = -1;  // a real stop: every node unwinds
    else if (lineLen_ > 0)
      checkLine();
  }

  // Several threads (ParallelSolver): another thread may have proved a node
  // of this thread's line (line_) while this thread is still below it, for
  // instance when both searched the same move (a second pass that joined
  // the other thread, or a mark that another position's overwrote). When the
  // table now settles a line node's window, the thread unwinds to the
  // shallowest such node like after a stop (storing nothing), and that node
  // returns the table's bound (step 6).
  void checkLine() {
    for (int l = 0; l < lineLen_; ++l) {
      LineNode& a = line_[l];
      SolverEntry e;
      if (!tableFor(a.empty).probe(a.key, e)) continue;
      if (e.lower >= a.beta || e.upper <= a.alpha) {
        a.bound = e.lower >= a.beta ? e.lower : e.upper;
        aborted_ = true;
        unwindTo_ = l;
        if (l > 0) ++unwinds_;  // (at the root: another thread finished the probe)
        return;
      }
    }
  }

  // The win/draw/loss of a position that needs no search (finished, a win at
  // once, one empty cell; with Algorithm::kMinimax every position) in `sign`
  // and true; else false, with the solver ready for negamax probes.
  bool knownSign(const Game& pos, int& sign) {
    if (pos.lastMoverWon() || pos.isFull()) {
      ++nodes_;
      sign = pos.lastMoverWon() ? -1 : 0;
      return true;
    }
    if (opt_.algorithm == Algorithm::kMinimax) {
      int v = minimax(pos);
      sign = (v > 0) - (v < 0);
      return true;
    }
    if (pos.canWinNext() || pos.plies() + 1 >= maxPliesOf<Game>()) {
      ++nodes_;
      sign = pos.canWinNext() ? 1 : 0;
      return true;
    }
    const bool smallTree = maxPliesOf<Game>() - pos.plies() <= kFullWindowEmpty;
    tableMinEmpty_ = smallTree ? kSmallTreeTableMinEmpty : kTableMinEmpty;
    if (!smallTree && opt_.table) attachTables();
    forcing_ = forcingAt(0, pos.plies());  // as a probe at 0 in solve()
    return false;
  }

  // Whether a null-window probe at `score` from a position with `plies`
  // stones is about a short game, so forcing moves lead the order: if the
  // value is `score`, the game ends about 2 * (kWinBase - |score|) plies
  // after the empty board, within kForcingHorizon plies of this position.
  static bool forcingAt(int score, int plies) {
    return 2 * (Game::kWinBase - (score < 0 ? -score : score)) - plies <= kForcingHorizon;
  }

  // Before a solve that uses the table (not in small trees, which leave the
  // TranspositionTable untouched, so that clearing it costs nothing): asks
  // for both blocks again, which tells the TranspositionTable that they will
  // be written (tt.hpp) and follows a resize of the main block.
  void attachTables() {
    table_ = SolverTable<Game>(tt_.words(), tt_.wordCount());
    near_ = SolverTable<Game>(tt_.nearWords(), kNearWords);
  }
  SolverTable<Game>& tableFor(int empty) { return empty < kNearEmpty ? near_ : table_; }

  int minimax(const Game& pos) {
    ++nodes_;
    if (pos.lastMoverWon()) return -winScoreAtPly<Game>(pos.plies() - 1);
    if (pos.isFull()) return 0;
    int best = -search_score::kInfinity;
    for (int m = 0; m < Game::kMoveSlots; ++m) {
      if (!pos.canPlay(m)) continue;
      Game child = pos;
      child.play(m);
      best = std::max(best, -minimax(child));
    }
    return best;
  }

  // A move (one bit) and the winning spots it leaves its mover (spotsAfter):
  // the child's opponentWinningSpots(), computed once for ordering and passed on.
  struct Candidate {
    Bits move;
    Bits spots;
  };

  // Precondition: the side to move cannot win at once, the game is not over.
  // Returns a fail-soft bound: <= alpha means the value is at most the result,
  // >= beta at least the result, in between the exact value. `cutNode`:
  // the node is expected to cut off (the root, every child of an expected
  // all-node, a cut-node's children after its first searched one) rather
  // than search all its moves (an all-node: a cut-node's first searched
  // child); a forced move passes the opposite type. Only step 6's split
  // between threads uses it.
  int negamax(const Game& pos, int alpha, int beta, bool cutNode = true) {
    return search(pos, pos.opponentWinningSpots(), alpha, beta, cutNode);
  }
  // negamax() with `oppSpots` = pos.opponentWinningSpots(), which the parent
  // computed as its move's spotsAfter() (the mover's winning spots).
  int search(const Game& pos, Bits oppSpots, int alpha, int beta, bool cutNode) {
    ++nodes_;  // Step 1. Count the node, honour the deadline (and the checkpoint)
    const std::uint64_t nodes0 = nodes_;  // the work of what this node stores: nodes_ - nodes0 + 1
    // (Before this node is on its thread's line: an unwind the checkpoint
    // starts always returns to a node above it.)
    if ((nodes_ & 4095) == 0) checkpoint();
    if (aborted_) return 0;
    const int plies = pos.plies();
    const int empty = maxPliesOf<Game>() - plies;
    Bits next = pos.nonLosingMoves(oppSpots);  // Step 2. Moves that do not lose at once
    if (next == 0) return -winScoreAtPly<Game>(plies + 1);
    if (plies >= maxPliesOf<Game>() - 2) return 0;

    // Step 3. Scores still possible: the opponent cannot win with its next
    // stone, we cannot win with our next one.
    int lo = -winScoreAtPly<Game>(plies + 3);
    int hi = winScoreAtPly<Game>(plies + 2);
    // A forced move (the only one that does not lose at once) is played
    // through: the child's search is this node's, so it neither probes nor
    // stores, orders nor checks the lines here (docs/solver.md, "Forced moves").
    if (opt_.forcedMoves && !(next & (next - 1))) {
      if (lo >= beta) return lo;
      if (hi <= alpha) return hi;
      Game child = pos;
      child.playBits(next);
      return -search(child, pos.spotsAfter(next), -std::min(beta, hi), -std::max(alpha, lo), !cutNode);
    }
    // ... and what the lines still open allow (a side that cannot complete a
    // line cannot win; the follow-up, connect4.hpp). These are bounds on the
    // win/draw/loss (a win scores at least 1, a loss at most -1), so they
    // can only cut off where alpha >= -1 or beta <= 1: every null-window
    // probe (one of the two applies), not the wide windows of small trees.
    if (opt_.lineBounds) {
      if (alpha >= -1) {
        const int u = pos.signUpperBound();
        if (u < 1 && u < hi) hi = u;
      }
      if (beta <= 1) {
        const int l = pos.signLowerBound();
        if (l > -1 && l > lo) lo = l;
      }
      if (lo >= beta) return lo;
      if (hi <= alpha) return hi;
    }

    // Step 4. Table: both bounds (not for the last few cells, where a
    // memory access costs more than the search it saves).
    const std::uint64_t key = tableKey(pos);
    const bool useTable = opt_.table && empty >= tableMinEmpty_;
    const bool childTable = opt_.table && empty - 1 >= tableMinEmpty_;
    if (useTable) {
      SolverEntry e;
      if (tableFor(empty).probe(key, e)) {
        if (e.lower > lo) lo = e.lower;
        if (e.upper < hi) hi = e.upper;
      }
    }
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    if (alpha < lo) alpha = lo;
    if (beta > hi) beta = hi;

    // Step 5. Quick wins: a move after which the opponent has no move that
    // does not lose at once wins with our next stone (the best score still
    // possible: step 3). Order: the winning spots a move creates (with many
    // empty cells, plus the heuristic's gain), then centre first.
    MoveList<Candidate, Game::kMoveSlots> moves;
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      const int m = opt_.ordering ? centreOrder<Game>(i) : i;
      const Bits b = next & Game::slotMask(m);  // this slot's move, if it does not lose at once
      if (!b) continue;
      if (childTable) tableFor(empty - 1).prefetch(childKey(pos, b));  // the child probes soon
      const Bits spots = pos.spotsAfter(b);
      // we win with our next stone (only a move that leaves spots leaves no defence: core/game.hpp)
      if (opt_.quickWins && spots && pos.leavesNoDefence(b, spots)) return winScoreAtPly<Game>(plies + 2);
      int score = 0;
      if (opt_.ordering) {
        score = pos.orderScore(b, spots, oppSpots, forcing_);
        if (opt_.gainOrdering && empty >= kGainOrderEmpty) score = kGainThreatWeight * score + pos.moveGain(b);
      }
      moves.add(Candidate{b, spots}, score);
    }
    if (opt_.ordering) moves.sortStable();
    // No move wins with our next stone, so the earliest win is the one after
    // (or none at all, when the board fills before it).
    if (opt_.quickWins) {
      const int h = std::max(winScoreAtPly<Game>(plies + 4), 0);
      if (h < hi) {
        hi = h;
        if (hi <= alpha) return hi;
        if (beta > hi) beta = hi;
      }
    }

    // Step 6. Search the moves.
    const int alpha0 = alpha;
    int best = lo;
    unsigned skip = 0;  // moves whose table bound already shows they fail low
    // Enhanced transposition cut-offs: in a long game at once (a child known
    // to cut saves a whole search of the first move), in a short one once
    // the first move did not cut off (or was deferred to the second pass:
    // below), when the children's prefetched slots are loaded and the
    // probes cost no wait.
    const int etcAt = !childTable || empty < kEtcMinEmpty ? -1 : forcing_ ? 1 : 0;
    // Several threads (ParallelSolver): here, a move after the first searched
    // whose position another thread is searching now waits for a second
    // pass (by then its proof is usually in the table), so the threads split
    // the moves of a node between them instead of all searching the same
    // one. The first move waits too at an expected all-node, where every
    // move is searched anyway; at an expected cut-node the first move left
    // after the table's cut-offs is the likely refutation, which every
    // thread searches first (all threads order the moves alike).
    const bool split = inProgress_ != nullptr && empty >= kSplitMinEmpty;
    // A node that splits and uses the table is on the thread's line
    // (checkLine) until it returns.
    LinePop linePop{nullptr};
    const bool onLine = split && useTable;
    const int level = onLine ? lineLen_ : -1;
    if (onLine) {
      line_[lineLen_++] = LineNode{key, alpha, beta, empty, 0};
      linePop.len = &lineLen_;
    }
    unsigned deferred = 0;
    bool searched = false;  // after the first move searched here, a cut-node's children are expected cut-nodes too
    for (int pass = 0; pass < 2; ++pass) {  // pass 1: the moves deferred in pass 0
      for (int i = 0; i < moves.size(); ++i) {
        if (pass == 0 ? skip >> i & 1 : !(deferred >> i & 1)) continue;
        if (i == etcAt && pass == 0) {
          for (int j = i; j < moves.size(); ++j) {
            SolverEntry e;
            if (!tableFor(empty - 1).probe(childKey(pos, moves.move(j).move), e)) continue;
            if (-e.upper >= beta) {  // this move is known to reach beta
              if (useTable) store(pos, key, -e.upper, hi, Game::moveOf(moves.move(j).move), nodes_ - nodes0 + 1);
              return -e.upper;
            }
            if (-e.lower <= alpha) {  // this move is known to stay at or below alpha
              skip |= 1u << j;
              if (-e.lower > best) best = -e.lower;
            }
          }
          if (skip >> i & 1) continue;
        }
        Game child = pos;
        child.playBits(moves.move(i).move);
        std::atomic<std::uint64_t>* mark = nullptr;
        std::uint64_t childId = 0;
        if (split) {
          childId = tableKey(child) | 1;  // (never 0, the empty slot)
          mark = &inProgress_[(childId * 0x9E3779B97F4A7C15ULL) >> (64 - kInProgressBits)];
          if (pass == 0 && (searched || !cutNode) && mark->load(std::memory_order_relaxed) == childId) {
            deferred |= 1u << i;
            ++deferrals_;
            continue;
          }
          mark->store(childId, std::memory_order_relaxed);
        }
        int score = -search(child, moves.move(i).spots, -beta, -alpha, !cutNode || searched);
        searched = true;
        if (mark) mark->compare_exchange_strong(childId, 0, std::memory_order_relaxed);
        if (aborted_) {
          if (level < 0 || unwindTo_ != level) return 0;
          aborted_ = false;  // another thread proved this node (checkLine): the table's bound
          unwindTo_ = -1;
          return line_[level].bound;
        }
        if (score >= beta) {  // Step 7. Store the result
          if (useTable) store(pos, key, score, hi, Game::moveOf(moves.move(i).move), nodes_ - nodes0 + 1);
          return score;
        }
        if (score > best) best = score;
        if (score > alpha) alpha = score;
      }
      if (!deferred) break;
    }
    if (useTable) {
      if (best > alpha0) store(pos, key, best, best, -1, nodes_ - nodes0 + 1);  // exact
      else store(pos, key, lo, best, -1, nodes_ - nodes0 + 1);
    }
    return best;
  }

  static std::uint64_t childKey(const Game& pos, Bits move) {
    Game child = pos;
    child.playBits(move);
    return tableKey(child);
  }

  // The table's key of `pos`: with at least kMirrorKeyEmpty empty cells the
  // smaller of its key and its mirror image's (mirroredKey: the mirror's),
  // else its own.
  static bool mirroredKey(const Game& pos) {
    if constexpr (hasMirror<Game>) {
      return maxPliesOf<Game>() - pos.plies() >= kMirrorKeyEmpty && pos.mirrorKey() < pos.key();
    } else {
      return false;
    }
  }
  static std::uint64_t tableKey(const Game& pos) {
    if constexpr (hasMirror<Game>) {
      if (maxPliesOf<Game>() - pos.plies() >= kMirrorKeyEmpty) return std::min(pos.key(), pos.mirrorKey());
    }
    return pos.key();
  }
  // A move of the position to the same move of its mirror image (entries
  // under a mirrored key keep the mirror image's move).
  static int mirrorMove(int m) {
    if constexpr (hasMirror<Game>) {
      return Game::mirrorMove(m);
    } else {
      return m;
    }
  }

  // `nodes`: the nodes the search of `pos` visited, itself included.
  void store(const Game& pos, std::uint64_t key, int lower, int upper, int move, std::uint64_t nodes) {
    if (!SolverTable<Game>::kStoresMoves) move = -1;
    if (move >= 0 && mirroredKey(pos)) move = mirrorMove(move);
    tableFor(maxPliesOf<Game>() - pos.plies()).store(key, lower, upper, move, SolverTable<Game>::workOf(nodes));
  }

  TranspositionTable& tt_;
  SolverTable<Game> table_;
  SolverTable<Game> near_;
  bool forcing_ = true;  // weigh immediate threats in the ordering
  int tableMinEmpty_ = kTableMinEmpty;
  SolverOptions opt_;
  std::uint64_t nodes_ = 0;
  std::uint64_t deferrals_ = 0;
  std::uint64_t unwinds_ = 0;
  // The nodes that split their moves (step 6) on the line from the root to
  // the node searched now, root first, with their windows; `bound`: the
  // table's bound that settled one (checkLine).
  struct LineNode {
    std::uint64_t key;
    int alpha, beta, empty, bound;
  };
  struct LinePop {  // takes the node off the line when it returns
    int* len;
    ~LinePop() {
      if (len) --*len;
    }
  };
  LineNode line_[Game::kMaxPlies + 1];
  int lineLen_ = 0;
  int unwindTo_ = -1;  // the line node this thread unwinds to (checkLine), or -1
  bool aborted_ = false;
  Deadline deadline_;
  std::function<bool(std::uint64_t)> checkpoint_;
  std::function<int(const Game&, int, int)> probeRunner_;  // set by a ParallelSolver
  std::function<void(const ProbeReport&)> onProbe_;
  // The positions the threads are searching now (ParallelSolver's, shared;
  // null with one thread): kInProgressSlots words; while some thread
  // searches a position, its table key | 1 is in the slot given by the top
  // kInProgressBits of that times an odd constant; 0 marks an empty slot.
  std::atomic<std::uint64_t>* inProgress_ = nullptr;
};

}  // namespace gs
