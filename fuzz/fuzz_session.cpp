// libFuzzer target: the Session facade (what the Web Worker calls) driven by
// an arbitrary stream of operations: set a position from bytes, play any
// number (including out-of-range ones), undo, switch games, think for a tiny
// fixed depth, analyze. Checks that illegal requests are refused without a
// change and that the position stays consistent.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "session.hpp"

namespace {

// The (n mod count)-th registered game the Session plays (kind kTwoPlayer).
int sessionGame(int n) {
  std::vector<int> ids;
  for (int id = 0; id < gs::kGameCount; ++id)
    if (gs::gameInfo(id).kind == gs::GameKind::kTwoPlayer) ids.push_back(id);
  return ids[static_cast<std::size_t>(n) % ids.size()];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static gs::Session session(0, 1 << 20);
  session.newGame(0);
  std::size_t i = 0;
  auto next = [&]() -> int { return i < size ? data[i++] : -1; };
  for (int steps = 0; steps < 200 && i < size; ++steps) {
    int op = next();
    int arg = next();
    if (arg < 0) arg = 0;
    switch (op % 7) {
      case 0: {  // set position from the following arg bytes
        std::string s;
        for (int k = 0; k < arg % 50 && i < size; ++k) s.push_back(static_cast<char>(next()));
        std::string before = session.moves();
        std::string err = session.setMoves(s);
        if (!err.empty() && session.moves() != before) __builtin_trap();
        if (err.empty() && session.moves() != s) __builtin_trap();
        break;
      }
      case 1: {
        int move = static_cast<signed char>(arg);
        bool legal = session.canPlay(move);
        int plies = session.plies();
        if (session.play(move) != legal) __builtin_trap();
        if (session.plies() != plies + (legal ? 1 : 0)) __builtin_trap();
        break;
      }
      case 2: {
        int plies = session.plies();
        bool ok = session.undo();
        if (ok != (plies > 0) || session.plies() != plies - (ok ? 1 : 0)) __builtin_trap();
        break;
      }
      case 3:
        session.newGame(sessionGame(arg));
        break;
      case 4:
        if (session.outcome() == gs::Outcome::kOngoing) {
          gs::SearchLimits lim;
          lim.timeMs = 0;
          lim.maxDepth = 1 + arg % 3;
          gs::SearchResult r = session.think(lim);
          if (!session.canPlay(r.bestMove)) __builtin_trap();
        }
        break;
      case 5: {
        auto legal = session.legalMoves();
        auto cells = session.winningCells();
        if (session.outcome() == gs::Outcome::kOngoing && (legal.empty() || !cells.empty())) __builtin_trap();
        for (int c = -1; c <= session.info().width; ++c) session.cell(c, arg % 8 - 1);
        break;
      }
      case 6:
        if (session.info().treeMaxDepth == 0 && session.outcome() == gs::Outcome::kOngoing)
          session.analyze(gs::Deadline());  // a small game: proven to the end
        break;
    }
  }
  return 0;
}
