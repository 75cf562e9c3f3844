// Embind layer over gs::Session: nothing but bindings. The engine stays free of
// Emscripten headers; this file only converts between C++ and JS values.
//
// JS view (every move is 1-based, as users write them; a game is named by its
// id in Module.games(), games_bindings.cpp):
//   const s = new Module.Session('connect4', 16);   // game, table size in MiB
//   s.setMoves('4453')      -> '' or an error message (position unchanged)
//   s.newGame('tictactoe')  -> false for an unknown game name
//   s.kind()                -> the current game's id
//   s.play(4), s.undo(), s.canPlay(4), s.moves(), s.plies(), s.sideToMove()
//   s.outcome()             -> 0 ongoing, 1 first player won, 2 second won, 3 draw
//   s.legalMoves(), s.winningCells()   -> plain JS arrays
//   s.width(), s.height(), s.moveSlots()  -> the current game's board and moves
//                              (a sized board's, after a request with a size)
//   Module.setBoardSize('connect4', '8x7') -> '' or why not: the sized board
//                              this module plays (one per module, chosen before
//                              any Session plays it; protocol/request.hpp)
//   s.think({timeMs, maxDepth, randomTies, seed, temperature}, info => ...) -> SearchResult
//   s.analyze(timeMs)       -> [{move, legal, kind, score, exact, depth}, ...]
//                              (search/analysis.hpp; kind 'exact', 'wdl',
//                              'estimate', 'pending' or 'illegal')
//   s.solve(), s.lastNodes()
//   s.loadBook(game, uint8Array) -> '' or why the game's opening book was
//                              rejected (then it has none)
//   s.bookPositions(game), s.bookPlies(game) -> size and depth of its book
//   s.bookCompletePlies(game)          -> every unfinished position with fewer stones is in it
//   SearchResult.info also has outcome (1/0/-1 proven win/draw/loss, null
//   not proven) and source ('book', 'solver' or 'search').
//   s.delete() when done (Embind handles are not garbage collected).
//   Module.checkRequest(JSON.stringify(message)) -> {error, type, game, moves,
//                              position, size, timeMs, maxDepth, temperature, randomTies,
//                              quiescence, seed, engineMs, usesBook, algorithm, playouts,
//                              threads, depth, cap, runner}: the worker's message
//                              validation (protocol/request.hpp)
//   Module.games()          -> the game registry (games_bindings.cpp)
//   Module.runRequest(session or null, request, idJson, text => ...)
//                              runs a checked request of a type the engine
//                              answers (search, analyze, review, solve, newgame,
//                              levels, games, state) for any game and calls back with each reply's JSON
//                              text (protocol/replies.hpp)
//   Module.memoryStats()    -> {heapBytes, usedBytes, arenaBytes}: the wasm
//                              memory size and what malloc has handed out
//   Module.threadPool()     -> the threaded build's pool of helper workers
//                              (the module option threadHelpers, 1 when not
//                              given; wasm/CMakeLists.txt), 0 in the
//                              single-threaded build; runRequest gives a solve
//                              at most threadPool() + 1 threads
// SearchInfo.nodes is a JS number (exact up to 2^53).
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <string>
#include <vector>

#include "protocol/replies.hpp"
#include "protocol/request.hpp"
#include "session.hpp"

namespace {

using emscripten::val;

val toArray(const std::vector<int>& v) {
  val a = val::array();
  for (std::size_t i = 0; i < v.size(); ++i) a.set(i, v[i]);
  return a;
}

std::vector<int> fromArray(const val& a) {
  std::vector<int> v;
  if (!a.isArray()) return v;
  const unsigned n = a["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) v.push_back(a[i].as<int>());
  return v;
}

// A game the Session does not play (unknown, or of another kind than
// two players without chance) makes a session of the registry's first game.
gs::Session* makeSession(const std::string& game, int tableMiB) {
  const int id = gs::findGame(game, gs::GameKind::kTwoPlayer);
  if (tableMiB < 1) tableMiB = 1;
  if (tableMiB > 32) tableMiB = 32;
  return new gs::Session(id < 0 ? 0 : id, static_cast<std::size_t>(tableMiB) << 20);
}

bool newGame(gs::Session& s, const std::string& game) {
  const int id = gs::findGame(game, gs::GameKind::kTwoPlayer);
  if (id < 0) return false;
  s.newGame(id);
  return true;
}

std::string kindName(const gs::Session& s) { return s.info().name; }
int width(const gs::Session& s) { return s.width(); }
int height(const gs::Session& s) { return s.height(); }
int moveSlots(const gs::Session& s) { return s.moveSlots(); }
int outcome(const gs::Session& s) { return static_cast<int>(s.outcome()); }
val legalMoves(const gs::Session& s) { return toArray(s.legalMoves()); }
val winningCells(const gs::Session& s) { return toArray(s.winningCells()); }
double lastNodes(const gs::Session& s) { return static_cast<double>(s.lastNodes()); }
int tableMiB(const gs::Session& s) { return static_cast<int>(s.tableBytes() >> 20); }

// The opening book of the game called `game`: load it, and its size, depth
// and complete plies (0 for an unknown game or none loaded).
std::string loadBook(gs::Session& s, const std::string& game, const std::string& bytes) {
  const int id = gs::findGame(game);
  return id < 0 ? "unknown game '" + game + "'" : s.loadBook(id, bytes);
}
double bookPositions(const gs::Session& s, const std::string& game) {
  const int id = gs::findGame(game);
  return id < 0 ? 0 : static_cast<double>(s.book(id).size());
}
int bookPlies(const gs::Session& s, const std::string& game) {
  const int id = gs::findGame(game);
  return id < 0 ? 0 : s.book(id).maxPlies();
}
int bookCompletePlies(const gs::Session& s, const std::string& game) {
  const int id = gs::findGame(game);
  return id < 0 ? 0 : s.book(id).completePlies();
}

// think() with an optional JS callback, called after every finished iteration.
gs::SearchResult think(gs::Session& s, const gs::SearchLimits& limits, val onInfo) {
  if (onInfo.typeOf().as<std::string>() != "function") return s.think(limits);
  return s.think(limits, [&onInfo](const gs::SearchInfo& info) { onInfo(info); });
}

val analyze(gs::Session& s, int timeMs) {
  val a = val::array();
  if (s.outcome() != gs::Outcome::kOngoing) return a;
  const gs::Analysis an = s.analyze(gs::Deadline::fromNow(timeMs));
  for (std::size_t i = 0; i < an.moves.size(); ++i) {
    const gs::Value& v = an.moves[i];
    val m = val::object();
    m.set("move", static_cast<int>(i + 1));
    m.set("legal", v.kind != gs::ValueKind::kIllegal);
    m.set("kind", std::string(gs::valueKindName(v.kind)));
    m.set("score", v.score);
    m.set("exact", v.kind == gs::ValueKind::kExact);
    m.set("depth", v.depth);
    a.set(i, m);
  }
  return a;
}

// outcome: the verdict (1/0/-1) or null; source: its name.
val infoOutcome(const gs::SearchInfo& i) { return i.verdict ? val(*i.verdict) : val::null(); }
void setInfoOutcome(gs::SearchInfo& i, val v) {
  if (v.isNumber()) i.verdict = v.as<int>();
  else i.verdict.reset();
}
std::string infoSource(const gs::SearchInfo& i) { return gs::sourceName(i.source); }
void setInfoSource(gs::SearchInfo& i, const std::string& name) {
  i.source = name == "book" ? gs::Source::kBook : name == "solver" ? gs::Source::kSolver : gs::Source::kSearch;
}
double infoNodes(const gs::SearchInfo& i) { return static_cast<double>(i.nodes); }
void setInfoNodes(gs::SearchInfo& i, double n) { i.nodes = static_cast<std::uint64_t>(n); }
val infoPv(const gs::SearchInfo& i) { return toArray(i.pv); }
void setInfoPv(gs::SearchInfo& i, val pv) { i.pv = fromArray(pv); }

int threadPool() {
#ifdef __EMSCRIPTEN_PTHREADS__
  const val helpers = val::module_property("threadHelpers");
  return helpers.isNumber() ? std::max(1, helpers.as<int>()) : 1;
#else
  return 0;
#endif
}

// `s` may be null (the worker has made no Session yet) for a request whose
// runner is "engine".
void runRequest(gs::Session* s, const gs::Request& r, const std::string& id, val post) {
  // The pool's workers are started with the module: the worker cannot start
  // more while the engine runs, so a solve or an analysis asks for no more
  // than there are.
  gs::Request capped = r;
  capped.threads = std::max(1, std::min(r.threads, threadPool() + 1));
  const auto postText = [&post](const std::string& json) { post(json); };
  if (s) gs::runRequest(*s, capped, id, postText);
  else gs::runEngineRequest(capped, id, postText);
}

// Memory figures for the soak test: the (fixed) wasm heap, and the bytes
// malloc has in use and has taken from it (a leak makes these grow).
val memoryStats() {
  const struct mallinfo mi = mallinfo();
  val o = val::object();
  o.set("heapBytes", static_cast<double>(emscripten_get_heap_size()));
  o.set("usedBytes", static_cast<double>(mi.uordblks));
  o.set("arenaBytes", static_cast<double>(mi.arena));
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(gamesearch) {
  using namespace emscripten;

  value_object<gs::SearchLimits>("SearchLimits")
      .field("timeMs", &gs::SearchLimits::timeMs)
      .field("maxDepth", &gs::SearchLimits::maxDepth)
      .field("randomTies", &gs::SearchLimits::randomTies)
      .field("seed", &gs::SearchLimits::seed)
      .field("temperature", &gs::SearchLimits::temperature);

  value_object<gs::SearchInfo>("SearchInfo")
      .field("depth", &gs::SearchInfo::depth)
      .field("score", &gs::SearchInfo::score)
      .field("exact", &gs::SearchInfo::exact)
      .field("outcome", &infoOutcome, &setInfoOutcome)
      .field("source", &infoSource, &setInfoSource)
      .field("nodes", &infoNodes, &setInfoNodes)
      .field("timeMs", &gs::SearchInfo::timeMs)
      .field("pv", &infoPv, &setInfoPv);

  value_object<gs::SearchResult>("SearchResult")
      .field("bestMove", &gs::SearchResult::bestMove)
      .field("info", &gs::SearchResult::info);

  value_object<gs::Request>("Request")
      .field("error", &gs::Request::error)
      .field("type", &gs::Request::type)
      .field("game", &gs::Request::game)
      .field("moves", &gs::Request::moves)
      .field("position", &gs::Request::position)
      .field("size", &gs::Request::size)
      .field("timeMs", &gs::Request::timeMs)
      .field("maxDepth", &gs::Request::maxDepth)
      .field("temperature", &gs::Request::temperature)
      .field("randomTies", &gs::Request::randomTies)
      .field("quiescence", &gs::Request::quiescence)
      .field("seed", &gs::Request::seed)
      .field("engineMs", &gs::Request::engineMs)
      .field("usesBook", &gs::Request::usesBook)
      .field("algorithm", &gs::Request::algorithm)
      .field("playouts", &gs::Request::playouts)
      .field("threads", &gs::Request::threads)
      .field("lines", &gs::Request::lines)
      .field("depth", &gs::Request::depth)
      .field("cap", &gs::Request::cap)
      .field("tree", &gs::Request::tree)
      .field("runner", &gs::Request::runner);
  function("checkRequest", &gs::checkRequest);
  function("setBoardSize", &gs::setEngineBoardSize);
  function("runRequest", &runRequest, allow_raw_pointers());
  function("memoryStats", &memoryStats);
  function("threadPool", &threadPool);

  class_<gs::Session>("Session")
      .constructor(&makeSession, allow_raw_pointers())
      .function("newGame", &newGame)
      .function("kind", &kindName)
      .function("setMoves", &gs::Session::setMoves)
      .function("canPlay", &gs::Session::canPlay)
      .function("play", &gs::Session::play)
      .function("undo", &gs::Session::undo)
      .function("moves", &gs::Session::moves)
      .function("plies", &gs::Session::plies)
      .function("sideToMove", &gs::Session::sideToMove)
      .function("outcome", &outcome)
      .function("legalMoves", &legalMoves)
      .function("winningCells", &winningCells)
      .function("cell", &gs::Session::cell)
      .function("width", &width)
      .function("height", &height)
      .function("moveSlots", &moveSlots)
      .function("think", &think)
      .function("analyze", &analyze)
      .function("solve", &gs::Session::solve)
      .function("lastNodes", &lastNodes)
      .function("tableMiB", &tableMiB)
      .function("loadBook", &loadBook)
      .function("bookPositions", &bookPositions)
      .function("bookPlies", &bookPlies)
      .function("bookCompletePlies", &bookCompletePlies);
}
