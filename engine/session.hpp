// Session: one game of the registry's two-player kind (games/registry.hpp,
// GameKind::kTwoPlayer), chosen at run time, with its move history, search
// and solver. This is the facade the
// front ends (the Web Worker's Embind layer, the protocol, tools) use; it
// hides the templates. Moves here are 1-based (a game's move slots written
// 1..kMoveSlots; slots beyond 9 as letters a, b, c in move strings), as
// users write them.
//
// The board: a game's own (sized() false), or, for a game played on boards
// of several sizes (core/game.hpp, capability g: Connect Four), its Sized
// class on the board the process chose with Game::setSize (one size per
// process: the CLI's --size, the worker's ?size=WxH). The game's own board
// keeps its compiled class and its book; the sized board has no book.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/tt.hpp"
#include "core/types.hpp"
#include "games/registry.hpp"
#include "search/analysis.hpp"
#include "search/book.hpp"
#include "search/mcts.hpp"
#include "search/review.hpp"
#include "search/searcher.hpp"

namespace gs {

class Session {
 public:
  // Precondition: `game` is a registered game id of kind kTwoPlayer.
  explicit Session(GameId game = 0, std::size_t tableBytes = TranspositionTable::kDefaultBytes);

  // --- position ---------------------------------------------------------
  // Starts a new game of `game` (a registered id of kind kTwoPlayer) and
  // clears the tables. `sized`: on the board Game::setSize chose (a game
  // with sizes only, hasSizes).
  void newGame(GameId game, bool sized = false);
  GameId game() const { return game_; }
  bool sized() const { return sized_; }
  // The registry's facts of the game (its own board: width, height and
  // moveSlots below are the board's, sized or not).
  const GameInfo& info() const { return gameInfo(game_); }
  int width() const;
  int height() const;
  int moveSlots() const;
  // Replaces the position by a move string; on error returns the message and
  // leaves the position unchanged, else returns "".
  std::string setMoves(const std::string& moves);
  bool canPlay(int move) const;  // legal and the game is not over
  bool play(int move);           // false (and no change) if !canPlay(move)
  bool undo();                   // false if there is nothing to undo
  std::string moves() const;
  int plies() const { return static_cast<int>(history_.size()); }
  int sideToMove() const { return plies() % 2 == 0 ? 1 : 2; }
  Outcome outcome() const;
  std::vector<int> legalMoves() const;
  std::vector<int> winningCells() const;
  int cell(int col, int row) const;  // 0 empty, 1 first player, 2 second

  // --- thinking ---------------------------------------------------------
  // The time-limited player (search/player.hpp: book, exact solver when a
  // proof fits in the budget, else iterative deepening) until `deadline`;
  // onInfo is called after every finished iteration. Result moves (bestMove,
  // pv) are 1-based. Precondition: the game is not over.
  SearchResult think(const SearchLimits& limits, const Deadline& deadline,
                     const std::function<void(const SearchInfo&)>& onInfo = {});
  // The same with the deadline limits.timeMs from now.
  SearchResult think(const SearchLimits& limits, const std::function<void(const SearchInfo&)>& onInfo = {});
  // Monte Carlo tree search (search/mcts.hpp) with `options` until `limits`
  // or `deadline` (whichever comes first; limits.timeMs is ignored), in
  // slices of about `sliceMs` on one tree: onProgress follows every slice
  // with the result so far. Result moves (bestMove, moves[].move, pv) are
  // 1-based. No tree is kept between calls. Precondition: the game is not over.
  MctsResult thinkMcts(const MctsOptions& options, const MctsLimits& limits, const Deadline& deadline,
                       int sliceMs = 100, const std::function<void(const MctsResult&)>& onProgress = {});
  // Analyses every move (search/analysis.hpp: book, solver, then estimates)
  // until `deadline` or until every move's exact score is proven; onChange
  // follows every change. Analysis::moves[i] is the move i + 1. The
  // solver's proofs are searched by `threads` threads (ParallelSolver; a
  // build without threads runs one); `lines` (0..5) asks for the lines of
  // the best that many moves (Analyzer::setLines). Precondition: the game
  // is not over, threads >= 1.
  Analysis analyze(const Deadline& deadline, const std::function<void(const Analysis&)>& onChange = {},
                   int threads = 1, int lines = 0);
  // Reviews the moves played so far (search/review.hpp) until `deadline`.
  // Review::moves[i].move and .better are 0-based. Precondition: info().hasSolver.
  Review review(const Deadline& deadline, const std::function<void(const Review&)>& onChange = {});
  // Exact score of the position (may take long early in Connect Four).
  // Precondition: info().hasSolver.
  int solve();
  std::uint64_t lastNodes() const { return lastNodes_; }

  // A solve on request (the page's "Solve from here"): the exact score of
  // the position for the side to move, with `threads` threads
  // (search/parallel_solver.hpp; 1: the calling thread alone, a build
  // without threads always), in the solver's table. onProgress hears the proven
  // interval [lo, hi] as it narrows (the first report is the interval the
  // solve starts from, the last has lo == hi == the score), always on the
  // calling thread. No deadline: a front end that must stop it ends the
  // whole engine (the Web Worker is terminated).
  // Preconditions: info().hasSolver, the game is not over, threads >= 1.
  struct SolveReport {
    int lo = 0, hi = 0;         // the proven interval of the exact score
    std::uint64_t nodes = 0;    // every thread's nodes so far
    double ms = 0;              // since the solve started
    int threads = 1;            // threads searching
    int best = -1;              // the solved report: a move (0-based) at the score, or -1 if none was found cheaply
  };
  SolveReport solveExact(int threads, const std::function<void(const SolveReport&)>& onProgress = {});

  // --- opening books (games with a book file) -----------------------
  // Replaces the book of `game` by the file image `bytes` (search/book.hpp).
  // Returns "" on success; otherwise the reason, and that game is played
  // without a book.
  std::string loadBook(GameId game, const std::string& bytes);
  const Book& book(GameId game) const { return books_[game]; }

  // New options clear the search's table: the scores it holds were found
  // with the old ones (without quiescence, say), and would answer for them.
  void setSearchOptions(const SearchOptions& o) {
    if (o != searchOptions_) tt_.clear();
    searchOptions_ = o;
  }
  const SearchOptions& searchOptions() const { return searchOptions_; }
  std::size_t tableBytes() const { return tt_.bytes(); }

 private:
  template <class Game>
  Game rebuild() const;
  // Calls f(position) with the current position as its concrete type.
  template <class F>
  decltype(auto) withPosition(F&& f) const;
  // Calls f(GameType<G>{}) with the game's class on this session's board.
  template <class F>
  decltype(auto) withGameType(F&& f) const;
  // The book of the game's own board, null on a sized board or none loaded.
  const Book* bookInUse() const { return !sized_ && books_[game_].size() ? &books_[game_] : nullptr; }

  GameId game_;
  bool sized_ = false;
  std::vector<int> history_;  // 0-based moves
  TranspositionTable tt_;
  TranspositionTable solverTt_;  // the player's solver table, same budget as tt_
  SearchOptions searchOptions_;
  Book books_[kGameCount];
  std::uint64_t lastNodes_ = 0;
};

}  // namespace gs
