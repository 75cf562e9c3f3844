// A hand-made EinStein position for the tests, shared by the EinStein test files.
#pragma once

#include <array>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include "games/einstein/einstein.hpp"

namespace gs_test {

// A board from 25 tokens, row by row from a1: "." empty, "rN" Red's cube N,
// "bN" Blue's cube N; `side` to move, the die `roll` (0: not rolled), `plies`
// played (-1: `side`, the fewest that leave `side` to move).
inline gs::Einstein einsteinBoard(const std::string& tokens, int side, int roll, int plies = -1) {
  std::istringstream in(tokens);
  std::array<int, gs::Einstein::kCells> cells{};
  for (int c = 0; c < gs::Einstein::kCells; ++c) {
    std::string t;
    in >> t;
    REQUIRE(!t.empty());
    cells[c] = t == "." ? 0 : (t[0] == 'r' ? 1 : -1) * (t[1] - '0');
  }
  gs::Einstein g;
  REQUIRE(g.setCells(cells, side, plies >= 0 ? plies : side, roll) == "");
  return g;
}

}  // namespace gs_test
