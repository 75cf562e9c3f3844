// gamesearch count for the games with chance and those of more players: the
// number of distinct positions after 0..D moves. A game with chance expands
// every outcome of a chance event (a die roll) before the moves it allows, so
// the positions counted after k moves are those before the next roll. A
// position met again at the same number of moves is not expanded again (its
// positions below are the same). (The two-player games' count is
// run_two_player.hpp's, by key().)
#pragma once

#include <cstdint>
#include <iostream>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "core/game.hpp"

namespace gs::cli {

namespace count_detail {

template <class G, class = void>
struct HasKey : std::false_type {};
template <class G>
struct HasKey<G, std::void_t<decltype(std::uint64_t{std::declval<const G&>().key()})>> : std::true_type {};

// What tells two positions apart: the game's key where it has one, else the
// board's cells and the side to move (a game whose cells are its whole
// position, as Connect Four for three's).
template <class G>
std::string identity(const G& g) {
  if constexpr (HasKey<G>::value) {
    const std::uint64_t k = g.key();
    return std::string(reinterpret_cast<const char*>(&k), sizeof k);
  } else {
    std::string id(1, static_cast<char>(g.plies() % playersOf<G>()));
    for (int row = 0; row < G::kHeight; ++row)
      for (int col = 0; col < G::kWidth; ++col) id += static_cast<char>(g.cell(col, row));
    return id;
  }
}

template <class G>
void visit(const G& g, int depth, std::vector<std::unordered_set<std::string>>& seen, int ply);

// The positions after one more move: every move of every chance outcome.
template <class G>
void expand(const G& g, int depth, std::vector<std::unordered_set<std::string>>& seen, int ply) {
  for (int m = 0; m < G::kMoveSlots; ++m) {
    if (!g.canPlay(m)) continue;
    G c = g;
    c.play(m);
    visit(c, depth, seen, ply + 1);
  }
}

template <class G>
void visit(const G& g, int depth, std::vector<std::unordered_set<std::string>>& seen, int ply) {
  if (!seen[ply].insert(identity(g)).second || ply == depth || isOver(g)) return;
  if constexpr (hasChance<G>) {
    if (g.atChance()) {
      ChanceOutcome out[G::kMaxChanceOutcomes];
      const int n = g.chanceOutcomes(out);
      for (int i = 0; i < n; ++i) {
        G rolled = g;
        rolled.applyChance(out[i].outcome);
        expand(rolled, depth, seen, ply);
      }
      return;
    }
  }
  expand(g, depth, seen, ply);
}

}  // namespace count_detail

// The number of distinct positions after 0, 1, ..., depth moves from g
// (games stop at their end).
template <class G>
std::vector<std::uint64_t> countByMoves(const G& g, int depth) {
  std::vector<std::unordered_set<std::string>> seen(depth + 1);
  count_detail::visit(g, depth, seen, 0);
  std::vector<std::uint64_t> counts;
  for (const auto& ids : seen) counts.push_back(ids.size());
  return counts;
}

// The count line: `text` (the position as read), then the counts.
template <class G>
void printCounts(const std::string& text, const G& g, int depth) {
  std::cout << text;
  for (std::uint64_t n : countByMoves(g, depth)) std::cout << " " << n;
  std::cout << "\n";
}

}  // namespace gs::cli
