// Deadline: when a search must have answered. Made once per request from its
// time budget, and handed down to the player, the heuristic searcher and the
// solver, which check it themselves (every N nodes): a Web Worker cannot read
// a "stop" message while the search runs.
//
//   Deadline(start, budgetMs), fromNow(budgetMs)
//                    a budget from its start (the request's arrival); a
//                    Deadline() or a budget <= 0 never expires
//   share(f)         the same start with f (0..1) of the budget: the player's
//                    phases (search/player.hpp) end at fixed shares of one budget
//   expired()        the clock has passed start + budget
//   elapsedMs()      time since the start (the times a search reports)
//   remainingMs()    time left (infinity without a limit)
//   slice(ms)        the earlier of this deadline and ms from now: one turn of
//                    a round-robin over several proofs (search/analysis.hpp)
#pragma once

#include <algorithm>
#include <chrono>
#include <limits>

namespace gs {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  // No limit: never expires.
  Deadline() = default;
  // `budgetMs` (> 0) from `start`; a budget <= 0 means no limit.
  Deadline(Clock::time_point start, double budgetMs) : Deadline(start, budgetMs, budgetMs > 0) {}
  static Deadline fromNow(double budgetMs) { return Deadline(Clock::now(), budgetMs); }

  bool limited() const { return limited_; }
  bool expired() const { return limited_ && Clock::now() >= end_; }
  double elapsedMs() const { return std::chrono::duration<double, std::milli>(Clock::now() - start_).count(); }
  double remainingMs() const {
    if (!limited_) return std::numeric_limits<double>::infinity();
    return std::max(0.0, std::chrono::duration<double, std::milli>(end_ - Clock::now()).count());
  }
  Deadline slice(double ms) const {
    if (!(ms < 1e12)) return *this;  // (an infinite share of no limit)
    const Clock::time_point now = Clock::now(), end = now + toDuration(ms);
    if (limited_ && end_ <= end) return *this;
    const Clock::time_point start = limited_ ? start_ : now;  // (no limit has no start of its own)
    return Deadline(start, std::chrono::duration<double, std::milli>(end - start).count(), true);
  }

  // The same start with `fraction` (0..1) of the budget; a share of 0
  // expires at once. No limit stays no limit.
  Deadline share(double fraction) const { return limited_ ? Deadline(start_, budgetMs_ * fraction, true) : *this; }
  // This deadline, or `ms` from now if that is later: a last phase always
  // gets a moment to produce an answer.
  Deadline atLeastFromNow(double ms) const {
    const Clock::time_point later = Clock::now() + toDuration(ms);
    if (!limited_ || later <= end_) return *this;
    return Deadline(start_, std::chrono::duration<double, std::milli>(later - start_).count(), true);
  }

 private:
  Deadline(Clock::time_point start, double budgetMs, bool limited)
      : limited_(limited), start_(start), budgetMs_(limited ? budgetMs : 0), end_(start + toDuration(budgetMs_)) {}

  static Clock::duration toDuration(double ms) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms));
  }

  bool limited_ = false;
  Clock::time_point start_{};
  double budgetMs_ = 0;
  Clock::time_point end_{};
};

}  // namespace gs
