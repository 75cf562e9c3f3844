// Parallel exact solver: Solver<Game> (solver.hpp) on several threads that
// share one table and split the moves of a node between them (lazy SMP with
// a simplified ABDADA).
//
//   ParallelSolver<Connect4> solver(tt, 4);   // the calling thread + 3 helpers
//   solver.setOnProgress([](const SolveProgress& p) { ... });
//   int score = solver.solve(pos);            // exactly Solver::solve's answer
//
// Design. The calling thread is thread 0: it runs Solver's own driver
// (solve()'s null-window probes, solveSign()'s probes) unchanged. Each probe
// of a tree that uses the table is searched by every thread at once, all on
// the same window, through the same main table (the TranspositionTable's
// memory, read and written a whole 64-bit entry at a time:
// solver_table.hpp). The threads split the work through a small shared
// table of the positions being searched now (Solver::inProgress_, step 6 of
// Solver::negamax): at a node with at least Solver::kSplitMinEmpty empty
// cells, a thread leaves a move after the first it searched (at an
// expected all-node the first too) for a second pass when another thread is
// searching its position, and takes the next one; when it comes back to it,
// the other thread's proof is usually in the table. (At an expected
// cut-node the first move is searched by every thread that comes to the
// node: it is usually the only one searched there. All threads order the
// moves alike, so they agree on which move that is.) Every 4096 nodes a
// thread also reads the table entries of the splitting nodes above it, and
// when another thread has proved one of them, returns to it at once
// (Solver::checkLine). Nodes nearer the end of the game (the near
// table, Solver::kNearEmpty) are in a near block of each thread's own
// (TranspositionTable::nearWords(i)): every node reads and writes there, and
// a cache line written by two cores moves between them at every store. The
// first thread to finish the probe settles it for all: a shared stop flag,
// read every 4096 nodes, unwinds the others (a search that unwinds stores
// nothing), and the probe's fail-soft bound is the finisher's. Every
// thread's bound is proven, so the driver narrows the score interval to the
// same exact value as Solver: solve() and solveSign() answer exactly as
// Solver does; only the node counts vary from run to run with more than one
// thread. With one thread nothing is shared or split: the same search, the
// same node counts as Solver.
//
// Threads: threads - 1 helpers are created by the constructor and wait on a
// condition variable between probes; the destructor stops and joins them
// (Emscripten: they are pthreads, so the pool needs at least threads - 1
// workers, and the calling thread, a Web Worker there, blocks while it waits
// for the helpers to unwind; a build without -pthread runs one thread). Small trees (at most Solver::kFullWindowEmpty
// empty cells, no table) and searches without the table stay on the calling
// thread alone.
//
// Deadline: every thread checks it; once it has passed, the probe stops on
// all threads, aborted() is true and the answer meaningless, as in Solver.
//
// Progress: the callback runs only on the calling thread, after every probe
// and every ~kProgressMs while thread 0 searches, with the score interval
// proven so far (from the probes' bounds; solveSign's interval is on the
// same score scale) and the nodes of all threads (while a probe runs, the
// helpers' counts as of their last checkpoint). After solve() it reports
// [score, score]; after solveSign() the interval its probes proved.
//
// Not thread-safe itself: one caller at a time.
#pragma once

#include <atomic>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/deadline.hpp"
#include "core/tt.hpp"
#include "core/types.hpp"
#include "search/solver.hpp"

namespace gs {

struct SolveProgress {
  int lo = 0;  // the exact score is proven to lie in [lo, hi]
  int hi = 0;
  std::uint64_t nodes = 0;  // all threads
  double ms = 0;            // since the solve began
};

template <class Game>
class ParallelSolver {
 public:
  // Thread 0 starts every probe alone and calls the helpers in at its first
  // checkpoint (every 4096 nodes) after this many nodes of the probe: most
  // probes are smaller than waking a thread costs.
  static constexpr std::uint64_t kHelpAfterNodes = 2048;
  // Progress reports while thread 0 searches, at most this often.
  static constexpr double kProgressMs = 100;

  // The threads a ParallelSolver asked for `threads` (>= 1) runs: a
  // WebAssembly build without pthreads has one thread only.
  static int usableThreads(int threads) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    return 1;
#else
    return threads;
#endif
  }

  // Precondition: threads >= 1; threads() is usableThreads(threads). The
  // helpers' near blocks are allocated here (tt.reserveNearBlocks), never
  // while a search runs.
  ParallelSolver(TranspositionTable& tt, int threads) {
    assert(threads >= 1);
    threads = usableThreads(threads);
    tt.reserveNearBlocks(static_cast<std::size_t>(threads));
    for (int i = 0; i < threads; ++i) {
      solvers_.push_back(std::make_unique<Solver<Game>>(tt));
      published_.push_back(std::make_unique<Published>());
    }
    Solver<Game>& main = *solvers_[0];
    main.probeRunner_ = [this](const Game& pos, int alpha, int beta) { return runProbe(pos, alpha, beta); };
    main.setCheckpoint([this](std::uint64_t) { return mainCheckpoint(); });
    if (threads > 1) {
      inProgress_ = std::make_unique<std::atomic<std::uint64_t>[]>(Solver<Game>::kInProgressSlots);
      for (std::size_t i = 0; i < Solver<Game>::kInProgressSlots; ++i) inProgress_[i].store(0, std::memory_order_relaxed);
      for (auto& s : solvers_) s->inProgress_ = inProgress_.get();
    }
    for (int i = 1; i < threads; ++i) helpers_.emplace_back([this, i] { helperLoop(i); });
  }
  ~ParallelSolver() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      quit_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : helpers_) t.join();
  }
  ParallelSolver(const ParallelSolver&) = delete;
  ParallelSolver& operator=(const ParallelSolver&) = delete;

  int threads() const { return static_cast<int>(solvers_.size()); }
  void setOptions(const SolverOptions& o) { solvers_[0]->setOptions(o); }
  const SolverOptions& options() const { return solvers_[0]->options(); }
  void setDeadline(const Deadline& d) { solvers_[0]->setDeadline(d); }
  void clearDeadline() { solvers_[0]->clearDeadline(); }
  bool aborted() const { return solvers_[0]->aborted(); }
  void setOnProgress(std::function<void(const SolveProgress&)> f) { onProgress_ = std::move(f); }
  // Solver::setOnProbe for the whole solver: a report after every probe, on
  // the calling thread, with the nodes of all threads. To count the helpers'
  // nodes exactly, the calling thread waits after each probe until every
  // helper has stopped searching it (at most a checkpoint's 4096 nodes each),
  // so a solve that reports its probes runs a little differently.
  using ProbeReport = typename Solver<Game>::ProbeReport;
  void setOnProbe(std::function<void(const ProbeReport&)> f) {
    if (!f) {
      solvers_[0]->setOnProbe(nullptr);
      return;
    }
    solvers_[0]->setOnProbe([this, f = std::move(f)](const ProbeReport& r) {
      ProbeReport p = r;
      p.nodes += helperNodesSinceLastProbe();
      f(p);
    });
  }

  // All threads, summed (since construction or resetNodes()).
  std::uint64_t nodes() const {
    std::uint64_t n = 0;
    for (const auto& s : solvers_) n += s->nodes();
    return n;
  }
  // Thread i's share of nodes() (0: the calling thread).
  std::uint64_t threadNodes(int i) const { return solvers_[i]->nodes(); }
  // Moves a thread left for later because another one was searching them
  // (Solver::deferrals), all threads, since resetNodes(): how often the
  // threads split a node's moves between them.
  std::uint64_t deferrals() const {
    std::uint64_t n = 0;
    for (const auto& s : solvers_) n += s->deferrals();
    return n;
  }
  // Searches a thread gave up because another had proved a node above it,
  // below the probe's root (Solver::unwinds), all threads, since
  // resetNodes().
  std::uint64_t unwinds() const {
    std::uint64_t n = 0;
    for (const auto& s : solvers_) n += s->unwinds();
    return n;
  }
  void resetNodes() {
    for (auto& s : solvers_) s->resetNodes();
  }

  // Solver::solve and Solver::solveSign (same preconditions, same answers).
  // When they return, every helper is idle again.
  static constexpr int kUnknownSign = Solver<Game>::kUnknownSign;
  int solve(const Game& pos, int sign = kUnknownSign) {
    begin(pos);
    if (sign == 1) lo_ = 1;
    if (sign == -1) hi_ = -1;
    const int v = solvers_[0]->solve(pos, sign);
    if (!aborted()) lo_ = hi_ = v;
    finish();
    return v;
  }
  // After solve(pos) returned `value`: a move of pos (0-based) whose exact
  // score is `value`, or -1 when none is found within `budgetMs` (> 0). First
  // the move the table remembers for pos: the one that proved the solve's
  // last raise of the lower bound, so a move at the value; it is checked with
  // one probe of its child, which the solve's table answers at once unless
  // the entry was replaced. Where the table has none (a small tree is solved
  // without it; a quick win or a bound settles a root without a move) every
  // move in turn, one probe each. No progress reports (onProgress).
  // Preconditions: as solve(), the game not over.
  int bestMove(const Game& pos, int value, double budgetMs) {
    assert(budgetMs > 0);
    Solver<Game>& main = *solvers_[0];
    auto onProgress = std::move(onProgress_);
    onProgress_ = nullptr;
    main.setDeadline(Deadline::fromNow(budgetMs));
    begin(pos);
    int best = -1;
    const int hint = main.hintMove(pos);
    if (hint >= 0 && main.moveScoresAtLeast(pos, hint, value)) best = hint;
    for (int i = 0; i < Game::kMoveSlots && best < 0 && !main.aborted(); ++i) {
      const int m = centreOrder<Game>(i);
      if (m != hint && main.moveScoresAtLeast(pos, m, value)) best = m;
    }
    finish();
    const bool aborted = main.aborted();
    main.clearDeadline();
    onProgress_ = std::move(onProgress);
    return aborted ? -1 : best;
  }

  int solveSign(const Game& pos) {
    begin(pos);
    const int v = solvers_[0]->solveSign(pos);
    if (!aborted()) {
      if (v > 0 && lo_ < 1) lo_ = 1;
      if (v < 0 && hi_ > -1) hi_ = -1;
      if (v == 0) lo_ = hi_ = 0;
    }
    finish();
    return v;
  }

 private:
  struct alignas(64) Published {  // a helper's node count as of its last checkpoint
    std::atomic<std::uint64_t> nodes{0};
  };

  double elapsedMs() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }

  void begin(const Game& pos) {
    start_ = std::chrono::steady_clock::now();
    lastReportMs_ = 0;
    lo_ = -winScoreAtPly<Game>(pos.plies() + 1);
    hi_ = winScoreAtPly<Game>(pos.plies() + 2);
    for (std::size_t i = 1; i < solvers_.size(); ++i)
      published_[i]->nodes.store(solvers_[i]->nodes(), std::memory_order_relaxed);
    helperNodesMark_ = nodes() - solvers_[0]->nodes();
  }
  // The helpers' nodes since the last call (or begin()), once every helper
  // is idle: a probe's report.
  std::uint64_t helperNodesSinceLastProbe() {
    if (helpers_.empty()) return 0;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [this] { return busy_ == 0; });
    }
    const std::uint64_t n = nodes() - solvers_[0]->nodes();
    const std::uint64_t d = n - helperNodesMark_;
    helperNodesMark_ = n;
    return d;
  }
  // After a solve: no probe open, every helper back to waiting (so that the
  // table may be cleared or freed and nodes() read), a last report.
  void finish() {
    if (!helpers_.empty()) {
      std::unique_lock<std::mutex> lock(mutex_);
      open_ = false;
      gen_.fetch_add(1, std::memory_order_relaxed);  // stops a helper still searching
      done_.wait(lock, [this] { return busy_ == 0; });
    }
    if (onProgress_) report();
  }
  void report() {
    lastReportMs_ = elapsedMs();
    SolveProgress p;
    p.lo = lo_;
    p.hi = hi_;
    p.nodes = solvers_[0]->nodes();  // (this thread's own count: exact)
    for (std::size_t i = 1; i < published_.size(); ++i) p.nodes += published_[i]->nodes.load(std::memory_order_relaxed);
    p.ms = lastReportMs_;
    onProgress_(p);
  }

  // One probe of thread 0's driver (the Solver's probeRunner_): thread 0
  // searches it, and once it has proven big enough the helpers join
  // (mainCheckpoint). Returns the settled fail-soft bound, or 0 with thread
  // 0's solver aborted when the deadline came first.
  int runProbe(const Game& pos, int alpha, int beta) {
    Solver<Game>& main = *solvers_[0];
    probePos_ = pos;
    probeAlpha_ = alpha;
    probeBeta_ = beta;
    probeStart_ = main.nodes();
    posted_ = false;
    int r = main.negamax(pos, alpha, beta);
    if (posted_) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (gen_.load(std::memory_order_relaxed) == postedGen_) {  // open: thread 0 settles it, or gives up
        gen_.fetch_add(1, std::memory_order_relaxed);
        if (!main.aborted_) settledValue_ = r;
        settled_ = !main.aborted_;
      } else if (settled_) {  // a helper settled it (thread 0 was stopped, or finished too)
        if (main.aborted_) r = settledValue_;
        main.aborted_ = false;
      }
      open_ = false;
    }
    if (main.aborted_) return 0;
    settle(alpha, r);
    return r;
  }

  // Thread 0's checkpoint (every 4096 nodes): calls the helpers into a big
  // enough probe, tells whether the probe has been settled by a helper, and
  // reports progress.
  bool mainCheckpoint() {
    Solver<Game>& main = *solvers_[0];
    if (onProgress_ && elapsedMs() >= lastReportMs_ + kProgressMs) report();
    if (helpers_.empty()) return false;
    if (!posted_) {
      if (main.nodes() - probeStart_ < kHelpAfterNodes) return false;
      post();
      return false;
    }
    return gen_.load(std::memory_order_relaxed) != postedGen_;
  }

  // Opens the current probe to the helpers, with thread 0's settings for it
  // (they do not change while it runs).
  void post() {
    const Solver<Game>& m = *solvers_[0];
    {
      std::lock_guard<std::mutex> lock(mutex_);
      postedGen_ = gen_.fetch_add(1, std::memory_order_relaxed) + 1;  // stops helpers still in an older probe
      job_.pos = probePos_;
      job_.alpha = probeAlpha_;
      job_.beta = probeBeta_;
      job_.gen = postedGen_;
      job_.opt = m.opt_;
      job_.forcing = m.forcing_;
      job_.tableMinEmpty = m.tableMinEmpty_;
      job_.table = m.table_;
      // Each helper's own near block (the table's nearWords(i)): the near
      // entries are the ones every node reads and writes, and a cache line
      // that two cores both write moves between them at every store.
      job_.near.clear();
      for (int i = 0; i < threads(); ++i)
        job_.near.push_back(i == 0 ? m.near_ : SolverTable<Game>(m.tt_.nearWords(i), Solver<Game>::kNearWords));
      job_.deadline = m.deadline_;
      open_ = true;
      settled_ = false;
    }
    posted_ = true;
    wake_.notify_all();
  }

  // A probe (alpha, alpha + 1) returned the fail-soft bound r.
  void settle(int alpha, int r) {
    if (r <= alpha) {
      if (r < hi_) hi_ = r;
    } else if (r > lo_) {
      lo_ = r;
    }
    if (onProgress_) report();
  }

  struct Job {
    Game pos;
    int alpha = 0, beta = 0;
    unsigned gen = 0;
    SolverOptions opt;
    bool forcing = false;
    int tableMinEmpty = 0;
    SolverTable<Game> table{nullptr, SolverTable<Game>::kMinWords};
    std::vector<SolverTable<Game>> near;  // [i]: helper i's
    Deadline deadline;
  };

  void helperLoop(int i) {
    Solver<Game>& s = *solvers_[i];
    unsigned seen = 0;
    for (;;) {
      Job job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return quit_ || (open_ && job_.gen != seen); });
        if (quit_) return;
        job = job_;
        seen = job.gen;
        ++busy_;
      }
      s.opt_ = job.opt;
      s.forcing_ = job.forcing;
      s.tableMinEmpty_ = job.tableMinEmpty;
      s.table_ = job.table;
      s.near_ = job.near[i];
      s.deadline_ = job.deadline;
      s.aborted_ = false;
      const unsigned gen = job.gen;
      s.setCheckpoint([this, i, gen](std::uint64_t nodes) {
        published_[i]->nodes.store(nodes, std::memory_order_relaxed);
        return gen_.load(std::memory_order_relaxed) != gen;
      });
      int r = 0;
      bool finished = false;
      if (gen_.load(std::memory_order_relaxed) == gen) {
        r = s.negamax(job.pos, job.alpha, job.beta);
        finished = !s.aborted_;
      }
      published_[i]->nodes.store(s.nodes(), std::memory_order_relaxed);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (finished && gen_.load(std::memory_order_relaxed) == gen) {  // first to finish: settles it for all
          settled_ = true;
          settledValue_ = r;
          gen_.fetch_add(1, std::memory_order_relaxed);
        }
        if (--busy_ == 0) done_.notify_all();
      }
    }
  }

  std::vector<std::unique_ptr<Solver<Game>>> solvers_;  // [0]: the calling thread's
  std::vector<std::unique_ptr<Published>> published_;
  std::vector<std::thread> helpers_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> inProgress_;  // Solver::inProgress_, shared by all threads

  // The probe thread 0 searches (only thread 0 touches these).
  Game probePos_;
  int probeAlpha_ = 0, probeBeta_ = 0;
  std::uint64_t probeStart_ = 0;  // thread 0's nodes when it began
  std::uint64_t helperNodesMark_ = 0;  // the helpers' nodes at the last probe report
  bool posted_ = false;           // the helpers were called in
  unsigned postedGen_ = 0;

  // Shared, under mutex_ (gen_ also read without it: a change stops a search).
  std::mutex mutex_;
  std::condition_variable wake_;  // helpers: a new job or quit_
  std::condition_variable done_;  // busy_ reached 0
  Job job_;
  bool open_ = false;    // job_ may be joined
  int busy_ = 0;         // helpers searching some probe
  bool quit_ = false;
  bool settled_ = false;  // the posted probe was finished by some thread
  int settledValue_ = 0;
  // The probe generation: changed when a probe is posted and when it ends
  // (settled, given up, or the solve is over); a search of an older one stops.
  std::atomic<unsigned> gen_{0};

  std::function<void(const SolveProgress&)> onProgress_;
  std::chrono::steady_clock::time_point start_{};
  double lastReportMs_ = 0;
  int lo_ = 0, hi_ = 0;
};

}  // namespace gs
