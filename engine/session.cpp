#include "session.hpp"

#include <algorithm>

#include "core/notation.hpp"
#include "search/parallel_solver.hpp"
#include "search/player.hpp"

namespace gs {

Session::Session(GameId game, std::size_t tableBytes) : game_(game), tt_(tableBytes), solverTt_(tableBytes) {
  assert(game >= 0 && game < kGameCount && gameInfo(game).kind == GameKind::kTwoPlayer);
}

template <class Game>
Game Session::rebuild() const {
  Game g;
  for (int m : history_) g.play(m);
  return g;
}

template <class F>
decltype(auto) Session::withGameType(F&& f) const {
  return withGameOfKind<GameKind::kTwoPlayer>(game_, [&](auto tag) -> decltype(auto) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSizes<Game>) {
      if (sized_) return f(GameType<typename Game::Sized>{});
    }
    return f(tag);
  });
}

template <class F>
decltype(auto) Session::withPosition(F&& f) const {
  return withGameType([&](auto tag) -> decltype(auto) { return f(rebuild<typename decltype(tag)::type>()); });
}

int Session::width() const {
  return withGameType([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasRuntimeSize<Game>) return Game::width();
    else return info().width;
  });
}
int Session::height() const {
  return withGameType([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasRuntimeSize<Game>) return Game::height();
    else return info().height;
  });
}
int Session::moveSlots() const {
  return withGameType([](auto tag) { return moveSlotsOf<typename decltype(tag)::type>(); });
}

void Session::newGame(GameId game, bool sized) {
  assert(game >= 0 && game < kGameCount && gameInfo(game).kind == GameKind::kTwoPlayer);
  assert(!sized || withGame(game, [](auto tag) { return hasSizes<typename decltype(tag)::type>; }));
  game_ = game;
  sized_ = sized;
  history_.clear();
  tt_.clear();
  solverTt_.clear();
}

std::string Session::setMoves(const std::string& moves) {
  const ParseError err = withGameType([&](auto tag) {
    typename decltype(tag)::type g;
    return parseMoves(moves, g);
  });
  if (!err.ok) return err.message;
  history_.clear();
  for (char c : moves) history_.push_back(moveSlotOf(c));
  return "";
}

bool Session::canPlay(int move) const {
  if (move < 1 || move > moveSlots()) return false;
  return withPosition([&](const auto& g) { return !isOver(g) && g.canPlay(move - 1); });
}

bool Session::play(int move) {
  if (!canPlay(move)) return false;
  history_.push_back(move - 1);
  return true;
}

bool Session::undo() {
  if (history_.empty()) return false;
  history_.pop_back();
  return true;
}

std::string Session::moves() const {
  std::string s;
  for (int m : history_) s += moveSymbol(m);
  return s;
}

Outcome Session::outcome() const {
  return withPosition([&](const auto& g) {
    if (g.lastMoverWon()) return g.plies() % 2 == 1 ? Outcome::kFirstWins : Outcome::kSecondWins;
    if (g.isFull()) return Outcome::kDraw;
    return Outcome::kOngoing;
  });
}

std::vector<int> Session::legalMoves() const {
  std::vector<int> out;
  if (outcome() != Outcome::kOngoing) return out;
  for (int m = 1; m <= moveSlots(); ++m)
    if (canPlay(m)) out.push_back(m);
  return out;
}

std::vector<int> Session::winningCells() const {
  return withPosition([&](const auto& g) { return g.winningCells(); });
}

int Session::cell(int col, int row) const {
  if (col < 0 || col >= width() || row < 0 || row >= height()) return 0;
  return withPosition([&](const auto& g) { return g.cell(col, row); });
}

namespace {
void toOneBased(SearchInfo& info) {
  for (int& m : info.pv) ++m;
}
}  // namespace

SearchResult Session::think(const SearchLimits& limits, const std::function<void(const SearchInfo&)>& onInfo) {
  return think(limits, Deadline::fromNow(limits.timeMs), onInfo);
}

SearchResult Session::think(const SearchLimits& limits, const Deadline& deadline,
                            const std::function<void(const SearchInfo&)>& onInfo) {
  return withPosition([&](const auto& g) {
    using Game = std::decay_t<decltype(g)>;
    Player<Game> player(tt_, solverTt_);
    player.setSearchOptions(searchOptions_);
    if (const Book* book = bookInUse()) player.setBook(book);
    if (onInfo)
      player.setInfoCallback([&](const SearchInfo& info) {
        SearchInfo copy = info;
        toOneBased(copy);
        onInfo(copy);
      });
    SearchResult r = player.think(g, limits, deadline);
    if (r.bestMove >= 0) ++r.bestMove;
    toOneBased(r.info);
    lastNodes_ = r.info.nodes;
    return r;
  });
}

MctsResult Session::thinkMcts(const MctsOptions& options, const MctsLimits& limits, const Deadline& deadline,
                              int sliceMs, const std::function<void(const MctsResult&)>& onProgress) {
  return withPosition([&](const auto& g) {
    using Game = std::decay_t<decltype(g)>;
    // One tree for the whole search: each slice goes on from where the last
    // stopped (the tree is reused because the root stays the same).
    MctsOptions o = options;
    o.reuseTree = true;
    Mcts<Game> mcts(o);
    const auto oneBased = [](MctsResult r) {
      if (r.bestMove >= 0) ++r.bestMove;
      for (MctsMove& m : r.moves) ++m.move;
      for (int& m : r.pv) ++m;
      return r;
    };
    const Deadline clock = Deadline::fromNow(0);   // (no limit: the time taken)
    MctsResult total;
    std::uint64_t done = 0;
    for (;;) {
      MctsLimits slice;
      if (limits.playouts) slice.playouts = limits.playouts - done;
      MctsResult r = mcts.think(g, slice, deadline.slice(sliceMs));
      done += r.playouts;
      r.playouts = done;
      r.timeMs = clock.elapsedMs();
      total = oneBased(r);
      const bool over = r.proven || (limits.playouts && done >= limits.playouts) || deadline.expired() ||
                        r.playouts == 0;
      if (onProgress && !over) onProgress(total);
      if (over) break;
    }
    lastNodes_ = done;
    return total;
  });
}

Analysis Session::analyze(const Deadline& deadline, const std::function<void(const Analysis&)>& onChange,
                          int threads, int lines) {
  assert(threads >= 1);
  return withPosition([&](const auto& g) {
    using Game = std::decay_t<decltype(g)>;
    Analyzer<Game> analyzer(tt_, solverTt_);
    analyzer.setSearchOptions(searchOptions_);
    analyzer.setThreads(threads);
    analyzer.setLines(lines);
    if (const Book* book = bookInUse()) analyzer.setBook(book);
    Analysis a;
    if constexpr (hasRuntimeSize<Game>) {
      // A sized board's analysis has a value per move slot of the widest
      // board: the board's own columns are kept.
      const std::size_t slots = static_cast<std::size_t>(moveSlotsOf<Game>());
      const auto board = [slots](Analysis x) {
        if (x.moves.size() > slots) x.moves.resize(slots);
        return x;
      };
      std::function<void(const Analysis&)> onBoard;
      if (onChange) onBoard = [&](const Analysis& now) { onChange(board(now)); };
      a = board(analyzer.analyze(g, deadline, onBoard));
    } else {
      a = analyzer.analyze(g, deadline, onChange);
    }
    lastNodes_ = a.nodes;
    return a;
  });
}

Review Session::review(const Deadline& deadline, const std::function<void(const Review&)>& onChange) {
  return withGameType([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSolverBounds<Game>) {
      Reviewer<Game> reviewer(solverTt_);
      if (const Book* book = bookInUse()) reviewer.setBook(book);
      Review r = reviewer.review(history_, deadline, 0, onChange);
      lastNodes_ = r.nodes;
      return r;
    } else {
      assert(!"Session::review: the game has no exact solver");
      return Review{};
    }
  });
}

std::string Session::loadBook(GameId game, const std::string& bytes) {
  assert(game >= 0 && game < kGameCount);
  std::string error;
  const bool ok = withGame(game, [&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasMirror<Game>) {
      return books_[game].loadBytes<Game>(std::vector<unsigned char>(bytes.begin(), bytes.end()), &error);
    } else {
      error = std::string(Game::kDisplayName) + " has no opening book";
      return false;
    }
  });
  if (ok) return "";
  return error.empty() ? "cannot read the book" : error;
}

int Session::solve() {
  return withPosition([&](const auto& g) {
    using Game = std::decay_t<decltype(g)>;
    if constexpr (hasSolverBounds<Game>) {
      Solver<Game> solver(solverTt_);
      int s = solver.solve(g);
      lastNodes_ = solver.nodes();
      return s;
    } else {
      assert(!"Session::solve: the game has no exact solver");
      return 0;
    }
  });
}

Session::SolveReport Session::solveExact(int threads, const std::function<void(const SolveReport&)>& onProgress) {
  assert(threads >= 1 && outcome() == Outcome::kOngoing);
  return withPosition([&](const auto& g) {
    using Game = std::decay_t<decltype(g)>;
    SolveReport report;
    if constexpr (hasSolverBounds<Game>) {
      const Deadline clock = Deadline::fromNow(0);  // no limit: the clock of the solve
      ParallelSolver<Game> solver(solverTt_, threads);
      report.threads = solver.threads();
      report.lo = -winScoreAtPly<Game>(g.plies() + 1);  // every score still possible, as the driver starts
      report.hi = winScoreAtPly<Game>(g.plies() + 2);
      if (onProgress) onProgress(report);
      solver.setOnProgress([&](const SolveProgress& p) {
        report.lo = p.lo;
        report.hi = p.hi;
        report.nodes = p.nodes;
        report.ms = p.ms;
        if (onProgress) onProgress(report);
      });
      report.lo = report.hi = solver.solve(g);
      report.nodes = solver.nodes();
      report.ms = clock.elapsedMs();
      lastNodes_ = report.nodes;
      // The move to play: usually a probe the table answers at once; at
      // most as long again as the solve, and from 100 ms to 2 s (the page
      // hears nothing meanwhile). Its nodes and time are not the solve's.
      report.best = solver.bestMove(g, report.lo, std::min(std::max(report.ms, 100.0), 2000.0));
    } else {
      assert(!"Session::solveExact: the game has no exact solver");
    }
    return report;
  });
}

}  // namespace gs
