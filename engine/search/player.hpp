// The time-limited computer player: book first, then the solver when a proof
// fits in the budget, else heuristic search.
//
// For each move, within one deadline (core/deadline.hpp):
//   1. With an opening book (book.hpp; a game with the mirror capability): a
//      position in the book is answered at once with the book's move, which
//      keeps the proven value.
//   2. If the game has the solver capability and the position is late enough
//      that a proof is likely to fit (Game::kSolveFromPlies; on a board sized
//      at run time Game::kSolveEmptyCells), the solver asks "draw or better?" until kValueShare of the budget; then
//      it finds a move that keeps the draw and asks "a win?" until
//      kWinShare (if that runs out, the drawing move is played: never worse
//      than a draw when a draw was there); then the moves that keep the
//      value (one null-window probe per move) and the exact scores (fastest
//      win, longest defence) until kExactShare; a move with the best exact
//      score is played if that finishes, else a move that keeps the value.
//   3. Otherwise, or if the proof did not finish in time, iterative deepening
//      (search.hpp) uses the rest of the budget.
// Levels with a depth limit or a temperature (weaker play on purpose) skip
// steps 1 and 2 (isStrongest()). The solver has its own table, kept between
// moves (its entries are proven bounds, valid in any later position).
#pragma once

#include <algorithm>
#include <random>
#include <type_traits>
#include <vector>

#include "core/deadline.hpp"
#include "core/game.hpp"
#include "core/tt.hpp"
#include "search/book.hpp"
#include "search/searcher.hpp"
#include "search/solver.hpp"

namespace gs {

// Whether the player plays at full strength with these limits (the book and
// the solver first): no depth limit and no temperature.
inline bool isStrongest(const SearchLimits& limits) { return limits.maxDepth == 0 && limits.temperature == 0; }

template <class Game>
class Player {
  static constexpr bool kHasSolver = hasSolverBounds<Game>;
  struct NoSolver {
    explicit NoSolver(TranspositionTable&) {}
  };

 public:
  using InfoCallback = typename Searcher<Game>::InfoCallback;

  // Deadlines, as shares of the budget: the first probe (draw or better),
  // the second (a win), the moves that keep the value and the exact scores.
  static constexpr double kValueShare = 0.7;
  static constexpr double kWinShare = 0.95;
  static constexpr double kExactShare = 0.97;
  // The same three shares for this player (experiments and tests); each in
  // [0, 1], in this order.
  void setDeadlineShares(double value, double win, double exact) {
    valueShare_ = value;
    winShare_ = win;
    exactShare_ = exact;
  }

  Player(TranspositionTable& searchTable, TranspositionTable& solverTable)
      : searcher_(searchTable), solver_(solverTable) {}

  void setSearchOptions(const SearchOptions& o) { searcher_.setOptions(o); }
  // false: never try the solver, iterative deepening only (for comparisons).
  void setExactAttempts(bool on) { exactAttempts_ = on; }
  // Opening book for this game (nullptr: none). Not owned.
  void setBook(const Book* book) { book_ = book; }
  void setInfoCallback(InfoCallback cb) {
    onInfo_ = cb;
    searcher_.setInfoCallback(std::move(cb));
  }

  // Precondition: the game is not over. The deadline is limits.timeMs from now.
  SearchResult think(const Game& pos, const SearchLimits& limits) {
    return think(pos, limits, Deadline::fromNow(limits.timeMs));
  }
  // The same with the deadline given (limits.timeMs is then not read).
  // Whether a proof is likely to fit the budget (step 2): from
  // Game::kSolveFromPlies stones on; on a board sized at run time, from
  // Game::kSolveEmptyCells empty cells on.
  static bool solverMayFit(const Game& pos) {
    if constexpr (hasRuntimeSize<Game>) return maxPliesOf<Game>() - pos.plies() <= Game::kSolveEmptyCells;
    else return pos.plies() >= Game::kSolveFromPlies;
  }

  SearchResult think(const Game& pos, const SearchLimits& limits, const Deadline& deadline) {
    const bool strongest = exactAttempts_ && isStrongest(limits);
    SearchResult r;
    if (strongest && fromBook(pos, r)) {
      r.info.timeMs = deadline.elapsedMs();
      if (onInfo_) onInfo_(r.info);
      return r;
    }
    solverNodes_ = 0;
    if constexpr (kHasSolver) {
      if (strongest && deadline.limited() && solverMayFit(pos)) {
        if (solve(pos, limits, deadline.share(valueShare_), deadline.share(winShare_), deadline.share(exactShare_), r)) {
          r.info.timeMs = deadline.elapsedMs();
          if (onInfo_) onInfo_(r.info);
          return r;
        }
      }
    }
    r = searcher_.think(pos, limits, deadline.atLeastFromNow(1));
    r.info.nodes += solverNodes_;
    r.info.timeMs = deadline.elapsedMs();
    return r;
  }

 private:
  bool fromBook(const Game& pos, SearchResult& out) {
    if constexpr (hasMirror<Game>) {
      if (!book_) return false;
      Book::Hit h = book_->probe(pos);
      if (!h.found || h.move < 0 || !pos.canPlay(h.move)) return false;
      out.bestMove = h.move;
      setVerdict(out.info, h.value);
      out.info.depth = 0;
      out.info.nodes = 0;
      out.info.pv.assign(1, h.move);
      out.info.source = Source::kBook;
      return true;
    } else {
      (void)pos;
      (void)out;
      return false;
    }
  }

  static void setVerdict(SearchInfo& info, int value) {
    info.exact = false;
    info.verdict = value;
    info.score = value * SearchInfo::kVerdictScore;
  }

  // Step 2. False if not even the first probe finished in time.
  //   a. Draw or better? One probe, before `valueBy`. A loss needs no more
  //      (every move keeps it; those that do not lose at once come first).
  //   b. Otherwise a move that keeps the draw (keeping(): usually the one
  //      the table remembers from the proof, checked) is the safe move, and
  //      "a win?" is one more probe; both before `winBy`. If that runs out,
  //      the safe move is played: at least a draw, a win not ruled out (no
  //      verdict reported, depth 0).
  //   c. The moves that keep the value, then the exact scores, before
  //      `exactBy`; if time runs out after the first move, those found are
  //      enough (and if before it, the safe move).
  // A first probe at 0 ("a win?") would settle a win with one probe, but
  // until it finishes nothing is known; this order secures the draw first
  // (docs/levels.md, "the player's probes").
  bool solve(const Game& pos, const SearchLimits& limits, const Deadline& valueBy, const Deadline& winBy,
             const Deadline& exactBy, SearchResult& out) {
    solver_.resetNodes();
    solver_.setDeadline(valueBy);
    const bool notLost = !solver_.signAtMost(pos, -1);
    int value = -1;
    bool drawOnly = false;  // at least a draw proven, and no winning move in time
    std::vector<int> keep;
    bool partial = false;
    if (!solver_.aborted() && notLost) {
      solver_.setDeadline(winBy);
      keep = keeping(pos, 0, true);
      if (!keep.empty()) {
        const int safe = keep.front();
        const bool win = !solver_.signAtMost(pos, 0);
        if (solver_.aborted()) {
          drawOnly = partial = true;
        } else {
          value = win ? 1 : 0;
          solver_.setDeadline(exactBy);
          keep = keeping(pos, value, false);
          partial = solver_.aborted();
          if (keep.empty()) {  // out of time before a move was checked
            keep.assign(1, safe);
            drawOnly = value == 1;  // (a draw: the safe move keeps it)
          }
        }
      }
    } else if (!solver_.aborted()) {
      // A loss: every move keeps it; until the exact scores find the longest
      // defence, those that do not lose at once.
      keep = keeping(pos, -1, false);
      const auto holds = pos.nonLosingMoves();  // (a lost position cannot win at once)
      std::vector<int> holding;
      for (int m : keep)
        if (holds & Game::slotMask(m)) holding.push_back(m);
      if (!holding.empty()) keep = holding;
    }
    if (keep.empty()) {
      solverNodes_ = solver_.nodes();
      solver_.clearDeadline();
      return false;
    }
    std::mt19937 rng(limits.seed);
    auto pick = [&](const std::vector<int>& moves) {
      return limits.randomTies ? moves[rng() % moves.size()] : moves.front();
    };
    out.bestMove = pick(keep);
    if (drawOnly) {  // no loss proven, a win not ruled out: no verdict, depth 0
      out.info.exact = false;
      out.info.verdict.reset();
      out.info.score = 0;
      out.info.depth = 0;
    } else {
      setVerdict(out.info, value);
      out.info.depth = maxPliesOf<Game>() - pos.plies();
    }
    out.info.source = Source::kSolver;

    // The exact scores, among the moves that keep the value (not when the
    // time ran out during the probes or the move checks already).
    if (!partial) {
      solver_.setDeadline(exactBy);
      const int exact = solver_.solve(pos);
      std::vector<int> best;
      for (std::size_t i = 0; !solver_.aborted() && i < keep.size(); ++i) {
        int s = solver_.scoreMove(pos, keep[i]);
        if (!solver_.aborted() && s == exact) best.push_back(keep[i]);
      }
      if (!solver_.aborted() && !best.empty()) {
        out.bestMove = pick(best);
        out.info.exact = true;
        out.info.score = exact;
      }
    }
    solverNodes_ = solver_.nodes();
    solver_.clearDeadline();
    out.info.nodes = solverNodes_;
    out.info.pv.assign(1, out.bestMove);
    return true;
  }

  // The moves that keep `value` (at least it, win/draw/loss), found before
  // the solver's deadline, in the order they are checked: first those proven
  // without search (a win at once; a child whose line bounds already give
  // the value, as when the bounds decided the position and the table holds
  // no move), then the move the table remembers, then the others centre
  // first, one probe each. Only the first one found with `firstOnly`.
  std::vector<int> keeping(const Game& pos, int value, bool firstOnly) {
    std::vector<int> keep, rest;
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      const int m = centreOrder<Game>(i);
      if (!pos.canPlay(m)) continue;
      bool sure = value <= -1 || pos.isWinningMove(m);
      if (!sure) {
        Game child = pos;
        child.play(m);
        sure = -child.signUpperBound() >= value;
      }
      if (sure) {
        keep.push_back(m);
        if (firstOnly) return keep;
      } else {
        rest.push_back(m);
      }
    }
    const int hint = solver_.hintMove(pos);
    std::stable_partition(rest.begin(), rest.end(), [&](int m) { return m == hint; });
    for (int m : rest) {
      const bool reaches = solver_.moveReaches(pos, m, value);
      if (solver_.aborted()) break;
      if (reaches) {
        keep.push_back(m);
        if (firstOnly) break;
      }
    }
    return keep;
  }

  Searcher<Game> searcher_;
  std::conditional_t<kHasSolver, Solver<Game>, NoSolver> solver_;
  InfoCallback onInfo_;
  bool exactAttempts_ = true;
  const Book* book_ = nullptr;
  std::uint64_t solverNodes_ = 0;
  double valueShare_ = kValueShare, winShare_ = kWinShare, exactShare_ = kExactShare;
};

}  // namespace gs
