// Session: one game of either kind, chosen at run time, with its move history,
// search and solver. This is the facade the front ends (the Web Worker's
// Embind layer, tools) use; it hides the templates. Moves here are 1-based
// (columns 1..7, cells 1..9), as users write them.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "search/book.hpp"
#include "games/connect4/connect4.hpp"
#include "search/player.hpp"
#include "search/searcher.hpp"
#include "search/solver.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "core/tt.hpp"
#include "core/types.hpp"

namespace gs {

enum class GameKind { kConnect4 = 0, kTicTacToe = 1 };

// Parses "connect4" / "tictactoe"; false if unknown.
bool parseGameKind(const std::string& name, GameKind* kind);
const char* gameKindName(GameKind kind);

// Score of one move in an analysis, from the point of view of the side to move.
struct MoveScore {
  int move = 0;        // 1-based
  bool legal = false;
  int score = 0;       // exact score if `exact`, else heuristic
  bool exact = false;
  int depth = 0;
};

class Session {
 public:
  explicit Session(GameKind kind = GameKind::kConnect4,
                   std::size_t tableBytes = TranspositionTable::kDefaultBytes);

  // --- position ---------------------------------------------------------
  void newGame(GameKind kind);
  GameKind kind() const { return kind_; }
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
  int width() const;
  int height() const;
  int moveSlots() const;

  // --- thinking ---------------------------------------------------------
  // The time-limited player (player.hpp: exact solver when a proof fits in
  // the budget, else iterative deepening); onInfo is called after every
  // finished iteration.
  // Result moves (bestMove, pv) are 1-based. Precondition: game not over.
  SearchResult think(const SearchLimits& limits, const std::function<void(const SearchInfo&)>& onInfo = {});
  // Scores every move (illegal ones marked), sharing `timeMs` between them.
  std::vector<MoveScore> analyze(int timeMs);
  // Exact score of the position (may take long early in Connect Four).
  int solve();
  std::uint64_t lastNodes() const { return lastNodes_; }

  // --- opening book (Connect Four) ----------------------------------
  // Replaces the book by the file image `bytes` (book.hpp). Returns "" on
  // success; otherwise the reason, and the session plays without a book.
  std::string loadBook(const std::string& bytes);
  std::size_t bookPositions() const { return book_.size(); }
  int bookPlies() const { return book_.maxPlies(); }
  // Every unfinished position with fewer stones is in the book (0: none).
  int bookCompletePlies() const { return book_.completePlies(); }

  void setSearchOptions(const SearchOptions& o) { searchOptions_ = o; }
  std::size_t tableBytes() const { return tt_.bytes(); }

 private:
  template <class Game>
  Game rebuild() const;

  GameKind kind_;
  std::vector<int> history_;  // 0-based moves
  TranspositionTable tt_;
  TranspositionTable solverTt_;  // the player's solver table, same budget as tt_
  SearchOptions searchOptions_;
  Book book_;
  std::uint64_t lastNodes_ = 0;
};

}  // namespace gs
