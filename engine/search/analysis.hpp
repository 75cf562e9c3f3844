// Analysis: the value of every move of a position, as far as it can be
// proven within a deadline. The one routine behind the page's analysis and
// hint, `gamesearch analyze` and (through review.hpp) the game review and the
// tournament's judge.
//
// Every move slot ends up as one of
//   illegal   the move cannot be played;
//   exact     its exact score (core/types.hpp), proven;
//   wdl       its win/draw/loss (1 / 0 / -1) proven, the exact score not
//             (a proven draw is always exact: its score is 0);
//   estimate  nothing proven: the heuristic search's value of the move, with
//             the depth it reached;
//   pending   nothing known yet (before its first estimate: a finished
//             analysis gives every legal move a value, at least a depth-1
//             estimate when the deadline came first).
// all from the point of view of the side to move in the analysed position.
//
// The order of work, cheapest proofs first, so that an analysis stopped at
// any moment has proven as much as it could:
//   1. the rules: a move that wins at once, or fills the board, is exact;
//   2. the opening book (games with the mirror capability, when one is set):
//      a move whose resulting position is in the book has its win/draw/loss;
//   3. the solver's win/draw/loss of the rest, in rounds: every unproven move
//      gets a slice of time, and a move that did not finish waits for the
//      next round, whose slices are kSliceGrowth times longer (what a cut-off
//      proof had stored in the solver's table is kept, so a later round goes
//      on where it stopped). With a long budget (more than kLateEstimatesMs),
//      after the first round the moves still unproven get a quick heuristic
//      estimate, so that every move shows something while the proofs go on;
//      with a short one (the hint, a 1 s analysis), the proofs have the
//      budget but its last kLateEstimateShare, and only the moves still
//      unproven then get their estimates, in that last part;
//   4. the same rounds for the exact scores of the wins and losses;
//   5. without a solver (a game without the solver-bounds capability), the
//      heuristic search alone, the time shared between the moves.
// With a deadline that never expires, 3 and 4 run each proof to its end
// (gamesearch analyze without --time-ms).
//   6. lines (setLines(n), the page's "several lines"): the best n moves'
//      lines. An estimate's line is its search's principal variation. A
//      proven move's line is the proof's principal variation, walked from
//      the move: at each position a move that keeps the proven value (the
//      exact score: the solver's bestMove-style probe, the table's move
//      first; a win/draw/loss alone: the book, then a probe that the move
//      reaches the sign), up to kMaxLinePlies moves or the game's end. With
//      a deadline, steps 1-5 end at (1 - kLineShare) of it when lines are
//      asked for, and the walk has the rest; a line the deadline cuts short
//      ends where it was cut.
//
// The callback is called after every change of a move's result, with the
// whole analysis so far: the page fills in the board move by move.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <vector>

#include "core/deadline.hpp"
#include "core/game.hpp"
#include "core/move_list.hpp"
#include "core/tt.hpp"
#include "core/types.hpp"
#include "search/book.hpp"
#include "search/searcher.hpp"
#include "search/parallel_solver.hpp"
#include "search/solver.hpp"

namespace gs {

enum class ValueKind : int { kIllegal = 0, kPending = 1, kEstimate = 2, kWdl = 3, kExact = 4 };
constexpr const char* valueKindName(ValueKind k) {
  switch (k) {
    case ValueKind::kExact: return "exact";
    case ValueKind::kWdl: return "wdl";
    case ValueKind::kEstimate: return "estimate";
    case ValueKind::kPending: return "pending";
    default: return "illegal";
  }
}

// What is known about a value: the kind, and the score in the kind's unit
// (exact score, win/draw/loss sign, heuristic evaluation).
struct Value {
  ValueKind kind = ValueKind::kIllegal;
  int score = 0;
  int depth = 0;  // estimate: plies searched, counting the move itself
  Source source = Source::kSearch;
  // The move's line (0-based moves, the move itself first), when known: an
  // estimate's principal variation, or (Analyzer::setLines) a proven value's
  // line from the solver; empty when none was found.
  std::vector<int> line;

  bool proven() const { return kind == ValueKind::kExact || kind == ValueKind::kWdl; }
  // Win/draw/loss, when proven.
  int sign() const { return kind == ValueKind::kWdl ? score : signOf(score); }
};

// A proven exact score.
inline Value exactValue(int score, Source source) {
  Value v;
  v.kind = ValueKind::kExact;
  v.score = score;
  v.source = source;
  return v;
}
// A proven win/draw/loss (1, 0, -1); a draw is exact (its score is 0).
inline Value signValue(int sign, Source source) {
  Value v = exactValue(sign, source);
  if (sign != 0) v.kind = ValueKind::kWdl;
  return v;
}

// No win/draw/loss known (bookSign).
constexpr int kNoSign = 2;
// The win/draw/loss of `pos` for its side to move in `book` (null: none),
// or kNoSign. Games without the mirror capability have no book.
template <class Game>
int bookSign(const Book* book, const Game& pos) {
  if constexpr (hasMirror<Game>) {
    if (book && book->size()) {
      const Book::Hit h = book->probe(pos);
      if (h.found) return h.value;
    }
  }
  return kNoSign;
}

// The moves of one position, indexed by move slot (0-based).
struct Analysis {
  std::vector<Value> moves;
  std::vector<int> order;  // the move slots, the game's centre first (ties in bestMoveOf)
  std::uint64_t nodes = 0;
  int threads = 1;  // the solver's threads (a build without threads: 1)
  // Analyzer::setLines: the best moves whose lines were asked for, best first
  // (each one's Value::line); empty when none were.
  std::vector<int> lines;
  // Every legal move has its exact score.
  bool complete() const {
    for (const Value& v : moves)
      if (v.kind != ValueKind::kIllegal && v.kind != ValueKind::kExact) return false;
    return true;
  }
};

// The order in which moves are preferred, from the side to move's view: a
// proven win (a faster one first; one whose speed is unknown after those
// whose speed is known), a proven draw, then unproven moves by their
// estimates, then proven losses (the slowest first). Illegal moves last.
inline long rankOf(const Value& v) {
  constexpr long kWin = 4000000, kDraw = 2000000, kLoss = -2000000, kUnknownSpeed = 10000;
  switch (v.kind) {
    case ValueKind::kExact:
      return v.score > 0 ? kWin + v.score : v.score < 0 ? kLoss + v.score : kDraw;
    case ValueKind::kWdl:
      return v.score > 0 ? kWin : v.score < 0 ? kLoss - kUnknownSpeed : kDraw;
    case ValueKind::kEstimate:
      return std::clamp<long>(v.score, kLoss / 2, kDraw / 2);
    case ValueKind::kPending:
      return kLoss / 2 - 1;  // below every estimate: nothing is known of it
    default:
      return kLoss * 4;
  }
}

// The preferred move (0-based), or -1 if there is no legal move.
// Ties go to the move that comes first in Analysis::order (the centre first).
inline int bestMoveOf(const Analysis& a) {
  int best = -1;
  for (int i = 0; i < static_cast<int>(a.moves.size()); ++i) {
    const int m = i < static_cast<int>(a.order.size()) ? a.order[i] : i;
    if (a.moves[m].kind != ValueKind::kIllegal && (best < 0 || rankOf(a.moves[m]) > rankOf(a.moves[best]))) best = m;
  }
  return best;
}

// The value of the position itself, from its moves: exact when the best
// move's exact score is proven and no other move can beat it; win/draw/loss
// when every move that could still be the best has the same proven sign;
// else, once every legal move has a value, an estimate (the best estimate,
// or 0 when a draw is proven and the rest is unproven); pending while a move
// has none (the best of some moves' estimates would swing as the others
// come in). Illegal if there is no legal move.
inline Value positionValue(const Analysis& a) {
  const int best = bestMoveOf(a);
  if (best < 0) return Value{};
  // Each move's range of exact scores: [lo, hi], with kOpen for "unbounded".
  constexpr int kOpen = 1 << 20;
  int lo = -kOpen, hi = -kOpen;
  int estimate = -search_score::kInfinity;
  bool drawProven = false, anyPending = false;
  for (const Value& v : a.moves) {
    int l = -kOpen, h = kOpen;
    if (v.kind == ValueKind::kIllegal) continue;
    if (v.kind == ValueKind::kPending) anyPending = true;
    if (v.kind == ValueKind::kExact) l = h = v.score;
    if (v.kind == ValueKind::kWdl) {
      if (v.score > 0) l = 1;
      if (v.score < 0) h = -1;
      if (v.score == 0) l = h = 0;
    }
    if (v.kind == ValueKind::kEstimate) estimate = std::max(estimate, v.score);
    if (v.proven() && v.sign() == 0) drawProven = true;
    lo = std::max(lo, l);
    hi = std::max(hi, h);
  }
  Value out;
  out.source = a.moves[best].source;
  out.depth = a.moves[best].depth;
  if (lo == hi) {
    out.kind = ValueKind::kExact;
    out.score = lo;
  } else if ((lo > 0) || (hi < 0) || (lo == 0 && hi == 0)) {
    out.kind = ValueKind::kWdl;
    out.score = lo > 0 ? 1 : hi < 0 ? -1 : 0;
  } else if (anyPending || (estimate == -search_score::kInfinity && !drawProven)) {
    out.kind = ValueKind::kPending;
  } else {
    out.kind = ValueKind::kEstimate;
    out.score = drawProven ? std::max(estimate, 0) : estimate;
  }
  return out;
}

template <class Game>
class Analyzer {
 public:
  using Callback = std::function<void(const Analysis&)>;

  // The first round's slice per unproven move is the time left divided by
  // this many slices per move (within kMinSliceMs..kMaxFirstSliceMs); every
  // round after it gives kSliceGrowth times more.
  static constexpr double kFirstSlices = 40;
  static constexpr double kMinSliceMs = 4;
  static constexpr double kMaxFirstSliceMs = 60;
  static constexpr double kSliceGrowth = 3;
  // The quick estimates after the first round: at most this share of the
  // time left, and at most kEstimateMs per move.
  static constexpr double kEstimateShare = 0.1;
  static constexpr double kEstimateMs = 150;
  // Budgets up to this long leave the estimates to the end, in the last
  // kLateEstimateShare of the budget (at least kLateEstimateMinMs, at most
  // half of it): every millisecond before goes to the proofs.
  static constexpr double kLateEstimatesMs = 2000;
  static constexpr double kLateEstimateShare = 0.05;
  static constexpr double kLateEstimateMinMs = 20;
  // Without a deadline and without a solver: this long per move.
  static constexpr double kUnlimitedEstimateMs = 1000;
  // Lines (step 6): at most this many moves, and this share of the budget.
  static constexpr int kMaxLinePlies = 16;
  static constexpr double kLineShare = 0.2;
  static constexpr int kMaxLines = 5;

  // searchTt: the heuristic search's table; solverTt: the solver's (kept
  // between analyses and moves: what one proved helps the next).
  Analyzer(TranspositionTable& searchTt, TranspositionTable& solverTt) : searchTt_(searchTt), solverTt_(solverTt) {}

  void setBook(const Book* book) { book_ = book; }
  void setSearchOptions(const SearchOptions& o) { searchOptions_ = o; }
  void setSolverOptions(const SolverOptions& o) { solverOptions_ = o; }
  // The solver's threads (ParallelSolver, default 1): each proof of steps 3
  // and 4 is searched by all of them; the answers are the same.
  void setThreads(int threads) {
    assert(threads >= 1);
    threads_ = threads;
  }
  // Stop at win/draw/loss: no exact scores of wins and losses (gamesearch --weak).
  void setExactScores(bool on) { exactScores_ = on; }
  // The lines of the best `n` moves (0..kMaxLines; 0: none, the default):
  // step 6 above.
  void setLines(int n) {
    assert(n >= 0 && n <= kMaxLines);
    lines_ = n;
  }

  // Analyses every move of `pos` until `deadline` (or until every move is
  // exact). Precondition: the game is not over.
  Analysis analyze(const Game& pos, const Deadline& deadline, const Callback& onChange = {}) {
    if (lines_ == 0) return analyzeMoves(pos, deadline, onChange);
    const Deadline moves = deadline.limited() ? deadline.slice(deadline.remainingMs() * (1 - kLineShare)) : deadline;
    // While steps 1-5 run, each change is reported with the lines known so
    // far: the best moves as ranked now, an estimate's principal variation,
    // a proven move alone until step 6 walks its line.
    Callback withLines;
    if (onChange) {
      withLines = [&](const Analysis& now) {
        Analysis shown = now;
        shown.lines = best(now);
        for (int m : shown.lines)
          if (shown.moves[m].line.empty()) shown.moves[m].line.push_back(m);
        onChange(shown);
      };
    }
    Analysis a = analyzeMoves(pos, moves, withLines);
    addLines(a, pos, deadline);
    if (onChange) onChange(a);
    return a;
  }

  // The moves ranked as bestMoveOf ranks them (the best first; ties: the
  // centre first), legal moves only.
  static std::vector<int> ranked(const Analysis& a) {
    std::vector<int> out;
    for (int m : a.order)
      if (a.moves[m].kind != ValueKind::kIllegal) out.push_back(m);
    std::stable_sort(out.begin(), out.end(), [&](int x, int y) { return rankOf(a.moves[x]) > rankOf(a.moves[y]); });
    return out;
  }

 private:
  Analysis analyzeMoves(const Game& pos, const Deadline& deadline, const Callback& onChange) {
    Analysis a;
    a.moves.assign(Game::kMoveSlots, Value{});
    for (int i = 0; i < Game::kMoveSlots; ++i) a.order.push_back(centreOrder<Game>(i));
    auto changed = [&] {
      if (onChange) onChange(a);
    };
    if constexpr (hasSolverBounds<Game>) a.threads = ParallelSolver<Game>::usableThreads(threads_);
    std::vector<int> open;  // moves with nothing proven yet, centre first
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      const int m = centreOrder<Game>(i);
      if (!pos.canPlay(m)) continue;
      Value& v = a.moves[m];
      v.kind = ValueKind::kPending;
      Game child = pos;
      child.play(m);
      if (child.lastMoverWon()) {
        v = exactValue(winScoreAtPly<Game>(pos.plies()), Source::kSolver);
      } else if (child.isFull()) {
        v = exactValue(0, Source::kSolver);
      } else if (const int s = bookSign(book_, child); s != kNoSign) {
        v = signValue(-s, Source::kBook);
      } else {
        open.push_back(m);
      }
    }
    changed();

    if constexpr (hasSolverBounds<Game>) {
      ParallelSolver<Game> solver(solverTt_, threads_);
      solver.setOptions(solverOptions_);
      assert(a.threads == solver.threads());
      // Win/draw/loss of every open move (with a short budget, estimates
      // for those still unproven in its last part), then exact scores of
      // the wins and losses.
      const bool late = deadline.limited() && deadline.remainingMs() <= kLateEstimatesMs;
      if (late) {
        const double timeLeft = deadline.remainingMs();
        const double reserve = std::min(std::max(kLateEstimateMinMs, timeLeft * kLateEstimateShare), timeLeft / 2);
        rounds(a, pos, open, deadline.slice(timeLeft - reserve), solver, changed, false, false);
        std::vector<int> left;
        for (int m : open)
          if (!a.moves[m].proven()) left.push_back(m);
        if (!left.empty()) estimate(a, pos, left, deadline, deadline.remainingMs(), changed, /*everyMove=*/true);
      } else {
        rounds(a, pos, open, deadline, solver, changed, /*exactPhase=*/false, /*earlyEstimates=*/true);
      }
      if (exactScores_) {
        std::vector<int> decided;
        for (int i = 0; i < Game::kMoveSlots; ++i) {
          const int m = centreOrder<Game>(i);
          if (a.moves[m].kind == ValueKind::kWdl && a.moves[m].score != 0) decided.push_back(m);
        }
        rounds(a, pos, decided, deadline, solver, changed, /*exactPhase=*/true, /*earlyEstimates=*/false);
      }
      a.nodes += solver.nodes();
    } else {
      estimate(a, pos, open, deadline, deadline.remainingMs(), changed);
    }
    // No move is left without a value (a search the deadline stopped before
    // depth 1): the position's value (positionValue) waits for every move.
    std::vector<int> pending;
    for (int m : open)
      if (a.moves[m].kind == ValueKind::kPending) pending.push_back(m);
    if (!pending.empty()) estimate(a, pos, pending, deadline, 0, changed, /*everyMove=*/true);
    return a;
  }

  // The best lines_ moves of `a`, best first.
  std::vector<int> best(const Analysis& a) const {
    std::vector<int> out = ranked(a);
    if (out.size() > static_cast<std::size_t>(lines_)) out.resize(lines_);
    return out;
  }

  // Step 6: the lines of the best lines_ moves, until `deadline`.
  void addLines(Analysis& a, const Game& pos, const Deadline& deadline) {
    a.lines = best(a);
    for (std::size_t i = 0; i < a.lines.size(); ++i) {
      const int m = a.lines[i];
      Value& v = a.moves[m];
      // Each line has an equal share of the time left.
      const double share = deadline.remainingMs() / static_cast<double>(a.lines.size() - i);
      if (v.proven()) v.line = provenLine(a, pos, m, deadline.slice(share));
      if (v.line.empty()) v.line.push_back(m);
    }
  }

  // The line of proven move `m`: moves that keep its value, from `pos`.
  std::vector<int> provenLine(Analysis& a, const Game& pos, int m, const Deadline& deadline) {
    std::vector<int> line{m};
    Value v = a.moves[m];
    Game p = pos;
    p.play(m);
    if constexpr (hasSolverBounds<Game>) {
      Solver<Game> solver(solverTt_);
      solver.setOptions(solverOptions_);
      solver.setDeadline(deadline);
      // The value for p's side to move: the negation of the move's.
      int score = -v.score, sign = -v.sign();
      // (A draw's exact score is its sign: the book can walk it too.)
      const bool exact = v.kind == ValueKind::kExact && v.score != 0;
      while (!p.lastMoverWon() && !p.isFull() && static_cast<int>(line.size()) < kMaxLinePlies && !deadline.expired()) {
        const int next = exact ? keepingMove(solver, p, [&](int c) { return solver.moveScoresAtLeast(p, c, score); })
                               : signKeepingMove(solver, p, sign);
        if (next < 0 || solver.aborted()) break;
        line.push_back(next);
        p.play(next);
        score = -score;
        sign = -sign;
      }
      a.nodes += solver.nodes();
    }
    return line;
  }

  // A move of `p` that `keeps` says keeps the value: the table's move first,
  // then the centre first; -1 if none (or the deadline stopped the probes).
  template <class Keeps>
  static int keepingMove(Solver<Game>& solver, const Game& p, const Keeps& keeps) {
    const int hint = solver.hintMove(p);
    if (hint >= 0 && keeps(hint)) return hint;
    for (int i = 0; i < Game::kMoveSlots && !solver.aborted(); ++i) {
      const int c = centreOrder<Game>(i);
      if (c != hint && p.canPlay(c) && keeps(c)) return c;
    }
    return -1;
  }

  // A move of `p` that keeps its win/draw/loss `sign` (p's side to move):
  // a move that wins at once, one the book proves, else one the solver
  // proves reaches the sign. In a lost position every move keeps it: the
  // table's move, else one that does not let the opponent win at once.
  int signKeepingMove(Solver<Game>& solver, const Game& p, int sign) const {
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      const int c = centreOrder<Game>(i);
      if (!p.canPlay(c)) continue;
      if (p.isWinningMove(c)) return c;
      Game child = p;
      child.play(c);
      if (const int s = bookSign(book_, child); s != kNoSign && -s == sign) return c;
    }
    if (sign < 0) {
      const int hint = solver.hintMove(p);
      if (hint >= 0 && p.canPlay(hint)) return hint;
      int any = -1;
      for (int i = 0; i < Game::kMoveSlots; ++i) {
        const int c = centreOrder<Game>(i);
        if (!p.canPlay(c)) continue;
        Game child = p;
        child.play(c);
        if (!child.canWinNext()) return c;
        if (any < 0) any = c;
      }
      return any;
    }
    return keepingMove(solver, p, [&](int c) { return solver.moveReaches(p, c, sign); });
  }

  // Proves the moves of `todo` in rounds of growing slices until all are
  // done or the deadline has passed: their win/draw/loss, or (exactPhase)
  // their exact score, knowing their sign. earlyEstimates: the moves still
  // unproven after the first round get their estimates then.
  template <class S>
  void rounds(Analysis& a, const Game& pos, std::vector<int> todo, const Deadline& deadline, S& solver,
              const std::function<void()>& changed, bool exactPhase, bool earlyEstimates) {
    const bool limited = deadline.limited();
    double slice = 0;
    bool estimated = exactPhase || !earlyEstimates;  // estimates are for moves with nothing proven
    while (!todo.empty() && !deadline.expired()) {
      if (limited) {
        const double first = deadline.remainingMs() / (kFirstSlices * static_cast<double>(todo.size()));
        slice = slice == 0 ? std::clamp(first, kMinSliceMs, kMaxFirstSliceMs) : slice * kSliceGrowth;
      }
      std::vector<int> left;
      for (int m : todo) {
        if (deadline.expired()) {
          left.push_back(m);
          continue;
        }
        solver.setDeadline(limited ? deadline.slice(slice) : Deadline());
        Game child = pos;
        child.play(m);
        const int r = exactPhase ? solver.solve(child, -a.moves[m].score) : solver.solveSign(child);
        if (solver.aborted()) {
          left.push_back(m);
          continue;
        }
        a.moves[m] = exactPhase ? exactValue(-r, Source::kSolver) : signValue(-r, Source::kSolver);
        changed();
      }
      todo = std::move(left);
      if (!estimated && !todo.empty() && limited) {
        estimated = true;
        const double budget = std::min(deadline.remainingMs() * kEstimateShare, kEstimateMs * todo.size());
        estimate(a, pos, todo, deadline, budget, changed);
        // (The search may have proven a move.)
        todo.erase(std::remove_if(todo.begin(), todo.end(), [&](int m) { return a.moves[m].proven(); }), todo.end());
      }
    }
    solver.clearDeadline();
  }

  // Heuristic values of the moves of `todo` (kept as estimates unless the
  // search proves one), `budgetMs` shared between them. everyMove: a move
  // whose search the deadline stopped before depth 1 (or that it left no
  // time for) gets a depth-1 search without one, which takes microseconds:
  // the last phase of an analysis leaves no move without a value.
  void estimate(Analysis& a, const Game& pos, const std::vector<int>& todo, const Deadline& deadline,
                double budgetMs, const std::function<void()>& changed, bool everyMove = false) {
    Searcher<Game> searcher(searchTt_);
    searcher.setOptions(searchOptions_);
    if (!deadline.limited()) budgetMs = kUnlimitedEstimateMs * static_cast<double>(todo.size());
    for (std::size_t i = 0; i < todo.size(); ++i) {
      if (deadline.expired() && !everyMove) break;
      const int m = todo[i];
      const double share = std::max(1.0, budgetMs / static_cast<double>(todo.size()));
      Game child = pos;
      child.play(m);
      SearchLimits limits;
      SearchResult r = searcher.think(child, limits, deadline.slice(share));
      if (r.info.depth == 0 && !r.info.exact && everyMove) {
        a.nodes += r.info.nodes;
        limits.timeMs = 0;
        limits.maxDepth = 1;
        r = searcher.think(child, limits, Deadline());
      }
      a.nodes += r.info.nodes;
      Value& v = a.moves[m];
      if (r.info.depth == 0 && !r.info.exact) continue;  // stopped before depth 1: still pending
      if (r.info.exact) {
        v = exactValue(-r.info.score, Source::kSearch);
      } else {
        v.kind = ValueKind::kEstimate;
        v.score = -r.info.score;
        v.depth = r.info.depth + 1;
        v.source = Source::kSearch;
        v.line.assign(1, m);
        v.line.insert(v.line.end(), r.info.pv.begin(), r.info.pv.end());
      }
      changed();
    }
  }

  TranspositionTable& searchTt_;
  TranspositionTable& solverTt_;
  const Book* book_ = nullptr;
  SearchOptions searchOptions_;
  SolverOptions solverOptions_;
  bool exactScores_ = true;
  int threads_ = 1;
  int lines_ = 0;
};

}  // namespace gs
