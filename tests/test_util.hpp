// Helpers shared by the tests.
#pragma once

#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/notation.hpp"

namespace gs_test {

template <class Game>
Game fromMoves(const std::string& moves) {
  Game g;
  auto err = gs::parseMoves(moves, g);
  if (!err.ok) throw std::runtime_error("bad test position " + moves + ": " + err.message);
  return g;
}

// A random position reached by `plies` random legal moves that does not end
// the game; returns false if it ran into a finished game.
template <class Game>
bool randomPosition(std::mt19937& rng, int plies, Game& out, std::string* moves = nullptr) {
  Game g;
  std::string s;
  for (int i = 0; i < plies; ++i) {
    std::vector<int> legal;
    for (int m = 0; m < Game::kMoveSlots; ++m)
      if (g.canPlay(m)) legal.push_back(m);
    if (legal.empty()) return false;
    int m = legal[rng() % legal.size()];
    g.play(m);
    s += static_cast<char>('1' + m);
    if (g.lastMoverWon() || g.isFull()) return false;
  }
  out = g;
  if (moves) *moves = s;
  return true;
}

// Lines "<moves> <score>" of a benchmark file.
inline std::vector<std::pair<std::string, int>> readBenchmark(const std::string& name, std::size_t limit = ~std::size_t{0}) {
  std::ifstream in(std::string(GS_BENCH_DIR) + "/" + name);
  if (!in) throw std::runtime_error("cannot open benchmark file " + name);
  std::vector<std::pair<std::string, int>> out;
  std::string moves;
  int score;
  while (out.size() < limit && in >> moves >> score) out.emplace_back(moves, score);
  return out;
}

}  // namespace gs_test
