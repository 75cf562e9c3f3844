// The evaluation's features (core/game.hpp, capability f): the breakdown that
// `gamesearch evaluate` prints (and the evaluation lab shows) is the value the
// searches use, on every position of many random games, and the counts mean
// what the games' headers say on hand-checked positions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "games/registry.hpp"

namespace {

template <class Game>
int weightedSum(const Game& g) {
  int mine[Game::kFeatures], theirs[Game::kFeatures];
  g.featureCounts(mine, theirs);
  int total = 0;
  for (int k = 0; k < Game::kFeatures; ++k) total += Game::kFeatureWeights[k] * (mine[k] - theirs[k]);
  return total;
}

// featureMarks agrees with featureCounts: a group per thing counted, and for
// Connect Four's centre, the stones' column weights summing to the count.
// Returns the groups seen.
template <class Game>
int checkMarks(const Game& g) {
  int mine[Game::kFeatures], theirs[Game::kFeatures];
  g.featureCounts(mine, theirs);
  int groups = 0;
  for (int k = 0; k < Game::kFeatures; ++k) {
    for (bool own : {true, false}) {
      const std::vector<std::vector<int>> marks = g.featureMarks(k, own);
      const int count = own ? mine[k] : theirs[k];
      const bool centre = std::string(Game::kFeatureNames[k]) == "centre";
      int sum = 0;
      for (const std::vector<int>& group : marks) {
        for (int cell : group) REQUIRE((cell >= 0 && cell < Game::kWidth * Game::kHeight));
        const int col = group[0] % Game::kWidth;
        sum += centre ? std::min(col, Game::kWidth - 1 - col) : 1;
        // A stone counted for the centre is the side's own.
        if (centre) REQUIRE(g.cell(col, group[0] / Game::kWidth) == ((g.plies() % 2 == 0) == own ? 1 : 2));
      }
      INFO(Game::kName << " feature " << Game::kFeatureNames[k] << (own ? " mine" : " theirs"));
      REQUIRE(sum == count);
      groups += static_cast<int>(marks.size());
    }
  }
  return groups;
}

// Plays `games` random games and checks every position that is not over.
template <class Game>
int checkRandomGames(int games, std::uint32_t seed) {
  std::mt19937 rng(seed);
  int checked = 0;
  for (int n = 0; n < games; ++n) {
    Game g;
    while (!gs::isOver(g)) {
      REQUIRE(weightedSum(g) == g.evaluate());
      if (n % 10 == 0) REQUIRE(checkMarks(g) >= 0);
      ++checked;
      int legal[Game::kMoveSlots], count = 0;
      for (int m = 0; m < Game::kMoveSlots; ++m)
        if (g.canPlay(m)) legal[count++] = m;
      g.play(legal[rng() % count]);
    }
  }
  return checked;
}

template <class Game>
void counts(const char* moves, int (&mine)[Game::kFeatures], int (&theirs)[Game::kFeatures]) {
  Game g;
  REQUIRE(gs::parseMoves(moves, g).ok);
  g.featureCounts(mine, theirs);
}

}  // namespace

TEST_CASE("every registered game with features: evaluate() is their weighted sum on random games", "[evaluation]") {
  int games = 0;
  gs::forEachGame([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (gs::hasFeatures<Game>) {
      CHECK(checkRandomGames<Game>(300, 7) > 300);
      ++games;
    }
  });
  CHECK(games == 2);  // Connect Four and Tic-Tac-Toe
}

TEST_CASE("Connect Four's features count what connect4.hpp says", "[evaluation]") {
  int mine[4], theirs[4];
  // The empty board: nothing but nothing.
  counts<gs::Connect4>("", mine, theirs);
  CHECK(std::vector<int>(mine, mine + 4) == std::vector<int>{0, 0, 0, 0});
  // Red 4, Yellow 4, Red 5: Red (to move? no: Yellow) ... Yellow is to move
  // after three stones; Red has 4 and 5 on the bottom row, Yellow 4 above.
  counts<gs::Connect4>("445", mine, theirs);
  CHECK(theirs[3] == 3 + 2);  // Red's centre: columns 4 (weight 3) and 5 (weight 2)
  CHECK(mine[3] == 3);        // Yellow's stone in column 4
  CHECK(theirs[1] >= 1);      // Red's 4-5 pair opens at least one window of two
  // Red 1, 2, 3 on the bottom row (Yellow above): Red has an open three and a
  // winning spot at column 4 on row 1, a row the first player can claim.
  counts<gs::Connect4>("11223", mine, theirs);
  CHECK(theirs[0] >= 1);
  CHECK(theirs[2] == 1);
}

TEST_CASE("Tic-Tac-Toe's features count what tictactoe.hpp says", "[evaluation]") {
  int mine[2], theirs[2];
  counts<gs::TicTacToe>("", mine, theirs);
  CHECK(mine[0] == 8);   // every line is open for both
  CHECK(theirs[0] == 8);
  // X 1, O 5, X 2: O to move; X has 1 and 2 in the top row (a two).
  counts<gs::TicTacToe>("152", mine, theirs);
  CHECK(theirs[1] == 1);
  CHECK(mine[1] == 0);
}

TEST_CASE("featureMarks: a Connect Four open three's window and a threat's spot", "[evaluation]") {
  gs::Connect4 g;
  REQUIRE(gs::parseMoves("4455", g).ok);  // Red 4 and 5 on row 0, Yellow above; Red to move
  const auto twos = g.featureMarks(1, true);
  // The windows of Red's two bottom stones with nothing of Yellow's: columns 2-5, 3-6, 4-7 (1-based).
  int bottomRow = 0;
  for (const auto& w : twos)
    if (std::all_of(w.begin(), w.end(), [](int c) { return c < 7; })) ++bottomRow;
  CHECK(bottomRow == 3);
  REQUIRE(gs::parseMoves("44556", g).ok);  // Red 4, 5, 6 on the bottom row, Yellow to move
  const auto threes = g.featureMarks(0, false);  // Red's, the opponent of the side to move
  REQUIRE(threes.size() == 2);  // columns 3-6 and 4-7
  const auto spots = g.featureMarks(2, false);  // Red's winning spots on its rows (row 1: the bottom)
  REQUIRE(spots.size() == 2);
  CHECK(spots[0] == std::vector<int>{2});
  CHECK(spots[1] == std::vector<int>{6});
}
