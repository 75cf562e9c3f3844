// The product's games plus the test fixture games (tests/games/): what a new
// game's one line in engine/games/registry.hpp looks like, as a registry of
// its own, so the fixtures are tested through the same dispatch without
// appearing in the product (docs/adding-a-game.md).
#pragma once

#include "games/nim/nim.hpp"
#include "games/registry.hpp"

namespace gs_test {

using FixtureRegistry = gs::Registry<gs::GameList<gs::Connect4, gs::TicTacToe, Nim>>;

}  // namespace gs_test
