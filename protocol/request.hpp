// Requests to the engine worker (web/worker.js, docs/protocol.md): the worker
// hands every request to checkRequest() as JSON text (JSON.stringify of the
// message), and acts only on what it returns. This is the worker's only
// parser and validator of messages, so the libFuzzer target
// fuzz/fuzz_request.cpp covers what the worker runs.
//
// A request is a JSON object with a string "type"; docs/protocol.md lists the
// types, their fields and the ranges checked here. Every other field is
// ignored.
#pragma once

#include <cstdint>
#include <string>

namespace gs {

struct Request {
  std::string error;  // non-empty: reject the request with this message
  std::string type;
  std::string game;   // "" when absent (newgame, levels)
  // The position: `moves` (a move string) for the requests of the two-player
  // games' Session (search, analyze, review, solve); `position` (the text of
  // the game's notation, core/notation.hpp's PositionNotation) for `state`
  // and for a search of a game of another kind (dice, more players).
  std::string moves;
  std::string position;
  // The board of a game played on several sizes (Connect Four): "WxH" for a
  // board other than the game's own, which the engine must be playing
  // (engineBoardSize: one sized board per process); "" for the game's own
  // board (a request without `size`, or with the game's own size).
  std::string size;
  int timeMs = 0;
  int maxDepth = 0;
  int temperature = 0;
  bool randomTies = false;
  bool quiescence = true;   // search: false switches quiescence off (the horizon lesson)
  double seed = 1;    // an unsigned 32-bit integer (a double for JavaScript)
  // search: one of the game's algorithms (GameInfo::algorithms; for the
  // two-player games "alphabeta", the player of search/player.hpp, or
  // "mcts"); its default when the request names none.
  std::string algorithm = "alphabeta";
  double playouts = 0;  // mcts: the playout budget (0: the time only)
  int threads = 1;      // solve, analyze: the threads asked for (1-64; the worker may give fewer)
  int lines = 0;        // analyze: the lines of the best this many moves (0-5; 0: none)
  // The tree explorer's requests (trace, counts, deepening, values, mcts,
  // chanceCounts, chanceTrace, multiTree): the traced search's depth (0: to
  // the end, where the game allows it) and, for trace, the most nodes
  // recorded (0: the default).
  int depth = 0;
  int cap = 0;
  // The abstract game tree's requests (game "abstract", TeachingRegistry:
  // trace, counts, treeOrder): the tree in its text form
  // (games/abstract_tree/abstract_tree.hpp), checked here.
  std::string tree;
  // What answers the request (the worker hands it on without knowing the
  // types): "session" (runRequest on the worker's Session: the two-player
  // games' search, analyze, review, solve, newgame), "engine" (runRequest,
  // no Session needed: state, levels, games, the other kinds' searches),
  // "trace" (the wasm module's runTrace: the tree explorer's traces, with
  // typed arrays) or "worker" (isready, memory, book: what only the worker
  // knows). "" for a refused request.
  std::string runner;
  // search, analyze, review: the engine's own budget, engineBudgetMs(timeMs),
  // and whether the answer comes from the game's opening book when there is
  // one (a game with a book file; a search only at full strength:
  // search/player.hpp's isStrongest). The worker holds such a request back
  // while the book is still loading.
  int engineMs = 0;
  bool usesBook = false;
};

// The engine's share of a search's budget of `timeMs`: the budget minus a
// small reserve (2%, at most 8 ms) for the last iteration's unwinding and
// the reply's way to the page, so `bestmove` arrives within the budget.
// 0 (no time limit) stays 0.
int engineBudgetMs(int timeMs);

// Longest request text and deepest nesting accepted.
constexpr std::size_t kRequestMaxLength = 1 << 16;
constexpr int kRequestMaxDepth = 32;
// The longest time budget a request may ask for (timeMs), every request type.
constexpr int kMaxTimeMs = 60000;
// The longest `position` text accepted (a whole game of any registered game
// fits: EinStein's 60 turns at 4 characters after its set-ups).
constexpr std::size_t kPositionMaxLength = 400;

Request checkRequest(const std::string& json);

// The sized board this process plays for `game` (Game::Sized's board, "WxH"),
// or "" when the game has no sizes or the process chose none (its own board).
std::string engineBoardSize(const std::string& game);
// Chooses the sized board of `game` for the whole process (Game::setSize),
// before any Session plays it: "" when done, else why not (a game without
// sizes, a size that is not "WxH" or does not fit: the message names the
// boards that do). The game's own size leaves the process on its own board.
std::string setEngineBoardSize(const std::string& game, const std::string& size);

}  // namespace gs
