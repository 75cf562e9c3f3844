// Game review: the proven value of every position of a game, and for every
// move whether it kept the value. Used by the page's game review and by the
// tournament's judge (tools/tournament.cpp).
//
// A move is marked (from the point of view of the player who made it):
//   keeps       the value stayed: a win stayed a win (as fast, when both
//               exact scores are known), a draw a draw, or the player was
//               already lost;
//   slower-win  a win stayed a win, but a slower one than the position
//               offered (both exact scores proven);
//   win-to-draw, win-to-loss, draw-to-loss
//               the move changed the game's value;
//   unproven    the value before or after it was not proven in time.
// For every changed value and slower win, `better` is a move that keeps the
// value (or, for a slower win, the speed), when one was found in time.
//
// The work, under one deadline, positions from the last to the first (later
// positions are cheap and fill the solver's table for earlier ones):
//   1. win/draw/loss of every position: the rules, the opening book, what
//      the next position implies (if the move played wins, so did the
//      position before it), else the solver, in rounds of growing slices
//      within half the budget (the rest of the time goes to the positions
//      still unproven after step 4, in the same rounds);
//   2. a better move for every move that changed the value;
//   3. exact scores of the won and lost positions, from the end back to the
//      first one that does not finish in its slice (at most kMaxExactSliceMs;
//      one null-window probe where the next position's exact score tells
//      what to expect). Before it, wins are checked for speed no further;
//   4. a faster win for every slower win.
// Positions not proven in time are `pending` (analysis.hpp): never guessed.
#pragma once

#include <functional>
#include <vector>

#include "core/deadline.hpp"
#include "core/game.hpp"
#include "core/move_list.hpp"
#include "core/tt.hpp"
#include "search/analysis.hpp"
#include "search/book.hpp"
#include "search/solver.hpp"

namespace gs {

enum class MoveMark : int { kKeeps, kSlowerWin, kWinToDraw, kWinToLoss, kDrawToLoss, kUnproven };
constexpr const char* moveMarkName(MoveMark m) {
  switch (m) {
    case MoveMark::kKeeps: return "keeps";
    case MoveMark::kSlowerWin: return "slower-win";
    case MoveMark::kWinToDraw: return "win-to-draw";
    case MoveMark::kWinToLoss: return "win-to-loss";
    case MoveMark::kDrawToLoss: return "draw-to-loss";
    default: return "unproven";
  }
}

struct ReviewedMove {
  int move = -1;  // the move played (0-based)
  MoveMark mark = MoveMark::kUnproven;
  int better = -1;  // a move that keeps the value, for a marked move; -1 none found
};

struct Review {
  // positions[i]: the value of the position after i moves, for its side to
  // move (kind exact / wdl / pending; kIllegal before `fromPly`).
  std::vector<Value> positions;
  std::vector<ReviewedMove> moves;  // moves[i]: the move from position i
  std::uint64_t nodes = 0;
};

// The mark of a move from a position of value `before` to one of value
// `after` (both for their side to move).
inline MoveMark markOf(const Value& before, const Value& after) {
  if (!before.proven() || !after.proven()) return MoveMark::kUnproven;
  const int was = before.sign(), now = -after.sign();
  if (now < was) return was > 0 ? (now == 0 ? MoveMark::kWinToDraw : MoveMark::kWinToLoss) : MoveMark::kDrawToLoss;
  if (was > 0 && before.kind == ValueKind::kExact && after.kind == ValueKind::kExact && -after.score < before.score)
    return MoveMark::kSlowerWin;
  return MoveMark::kKeeps;
}

template <class Game>
class Reviewer {
  static_assert(hasSolverBounds<Game>, "a review needs the exact solver (core/game.hpp)");

 public:
  using Callback = std::function<void(const Review&)>;

  // Step 3 gives one position at most this long.
  static constexpr double kMaxExactSliceMs = 2000;
  // Step 1's first pass ends at this share of the budget; its first round
  // gives each pending position the time left / (kFirstSlices x their
  // number), at least kMinSliceMs, and every round after it kSliceGrowth
  // times more.
  static constexpr double kFirstPassShare = 0.5;
  static constexpr double kFirstSlices = 8;
  static constexpr double kMinSliceMs = 10;
  static constexpr double kSliceGrowth = 3;

  explicit Reviewer(TranspositionTable& solverTt) : solverTt_(solverTt) {}
  void setBook(const Book* book) { book_ = book; }
  // Win/draw/loss only (steps 3 and 4 skipped): the tournament's judge.
  void setExactScores(bool on) { exactScores_ = on; }
  // No better moves (steps 2 and 4 skipped): the judge does not show them.
  void setBetterMoves(bool on) { betterMoves_ = on; }

  // Reviews the game `moves` (0-based, legal from the empty board) from the
  // position after `fromPly` moves on. The callback follows every change.
  Review review(const std::vector<int>& moves, const Deadline& deadline, int fromPly = 0,
                const Callback& onChange = {}) {
    const int n = static_cast<int>(moves.size());
    std::vector<Game> pos(n + 1);
    for (int i = 0; i < n; ++i) {
      pos[i + 1] = pos[i];
      pos[i + 1].play(moves[i]);
    }
    fromPly = std::clamp(fromPly, 0, n);
    Review r;
    r.positions.assign(n + 1, Value{});
    r.moves.resize(n);
    for (int i = 0; i < n; ++i) r.moves[i].move = moves[i];
    for (int i = fromPly; i <= n; ++i) r.positions[i].kind = ValueKind::kPending;
    Solver<Game> solver(solverTt_);
    auto changed = [&] {
      for (int i = fromPly; i < n; ++i) r.moves[i].mark = markOf(r.positions[i], r.positions[i + 1]);
      if (onChange) onChange(r);
    };
    changed();

    // 1. Win/draw/loss, from the end, in rounds of growing slices (a
    // position that does not finish waits for the next round), within a
    // share of the budget so that steps 2 and 3 get time too; 2. better
    // moves where the value changed. Then, after step 3, the positions still
    // unproven get the rest of the time, and their mistakes better moves.
    const Deadline first = deadline.share(kFirstPassShare);
    provePositions(r, pos, fromPly, first, solver, changed);
    if (betterMoves_) findBetter(r, pos, fromPly, deadline, solver, false);
    changed();
    if (exactScores_) {
      // 3. Exact scores of wins and losses, from the end back to the first
      // that does not finish within its slice (earlier ones are harder still).
      for (int i = n; i >= fromPly && !deadline.expired(); --i) {
        Value& v = r.positions[i];
        if (v.kind != ValueKind::kWdl) continue;
        solver.setDeadline(deadline.limited()
                               ? deadline.slice(std::min(kMaxExactSliceMs, deadline.remainingMs() / (i - fromPly + 1)))
                               : Deadline());
        // The move played scores -next.score: if the position is worth no
        // more, that is its score (one probe instead of a solve).
        const Value next = i < n ? r.positions[i + 1] : Value{};
        bool playedIsBest = false;
        if (next.kind == ValueKind::kExact) {
          playedIsBest = solver.scoreAtMost(pos[i], -next.score);
          if (solver.aborted()) break;
        }
        const int score = playedIsBest ? -next.score : solver.solve(pos[i], v.score);
        if (solver.aborted()) break;
        v = exactValue(score, Source::kSolver);
        changed();
      }
      // 4. Faster wins.
      if (betterMoves_) findBetter(r, pos, fromPly, deadline, solver, true);
      changed();
    }
    provePositions(r, pos, fromPly, deadline, solver, changed);
    if (betterMoves_) findBetter(r, pos, fromPly, deadline, solver, false);
    changed();
    solver.clearDeadline();
    r.nodes = solver.nodes();
    return r;
  }

 private:

  // Step 1: the win/draw/loss of every position still pending, from the end
  // (later positions are cheap and fill the table), in rounds whose slices
  // grow kSliceGrowth times, until all are proven or `until` has passed.
  template <class Changed>
  void provePositions(Review& r, const std::vector<Game>& pos, int fromPly, const Deadline& until, Solver<Game>& solver,
                      const Changed& changed) {
    const int n = static_cast<int>(pos.size()) - 1;
    double slice = 0;
    for (bool pending = true; pending && !until.expired();) {
      pending = false;
      int left = 0;
      for (int i = fromPly; i <= n; ++i) left += r.positions[i].kind == ValueKind::kPending;
      if (until.limited())
        slice = slice == 0 ? std::max(kMinSliceMs, until.remainingMs() / (kFirstSlices * std::max(1, left)))
                           : slice * kSliceGrowth;
      for (int i = n; i >= fromPly && !until.expired(); --i) {
        Value& v = r.positions[i];
        if (v.kind != ValueKind::kPending) continue;
        const int inBook = bookSign(book_, pos[i]);
        if (pos[i].lastMoverWon() || pos[i].isFull() || pos[i].canWinNext()) {
          v = exactValue(solver.solve(pos[i]), Source::kSolver);  // (no search)
        } else if (inBook != kNoSign) {
          v = signValue(inBook, Source::kBook);
        } else if (i < n && r.positions[i + 1].proven() && r.positions[i + 1].sign() < 0) {
          v = signValue(1, Source::kSolver);  // the move played wins
        } else {
          solver.setDeadline(until.limited() ? until.slice(slice) : Deadline());
          const int s = solver.solveSign(pos[i]);
          if (solver.aborted()) {
            pending = true;
            continue;
          }
          v = signValue(s, Source::kSolver);
        }
        changed();
      }
    }
  }

  // For every move marked as changing the value (or, with `faster`, as a
  // slower win): a move that keeps the position's value (its exact score).
  void findBetter(Review& r, const std::vector<Game>& pos, int fromPly, const Deadline& deadline, Solver<Game>& solver,
                  bool faster) {
    const int n = static_cast<int>(r.moves.size());
    for (int i = fromPly; i < n && !deadline.expired(); ++i) {
      ReviewedMove& rm = r.moves[i];
      const MoveMark mark = markOf(r.positions[i], r.positions[i + 1]);
      const bool wanted = faster ? mark == MoveMark::kSlowerWin
                                 : mark != MoveMark::kKeeps && mark != MoveMark::kUnproven && mark != MoveMark::kSlowerWin;
      if (!wanted || rm.better >= 0) continue;
      const Value& before = r.positions[i];
      const Game& p = pos[i];
      if constexpr (hasMirror<Game>) {
        if (!faster && book_ && book_->size()) {
          const Book::Hit h = book_->probe(p);
          if (h.found && h.value == before.sign() && h.move >= 0) {
            rm.better = h.move;
            continue;
          }
        }
      }
      solver.setDeadline(deadline);
      for (int k = 0; k < Game::kMoveSlots; ++k) {
        const int m = centreOrder<Game>(k);
        if (m == rm.move || !p.canPlay(m)) continue;
        const bool ok = faster ? solver.moveScoresAtLeast(p, m, before.score) : solver.moveReaches(p, m, before.sign());
        if (solver.aborted()) break;
        if (ok) {
          rm.better = m;
          break;
        }
      }
    }
  }

  TranspositionTable& solverTt_;
  const Book* book_ = nullptr;
  bool exactScores_ = true;
  bool betterMoves_ = true;
};

}  // namespace gs
