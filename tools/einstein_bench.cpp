// einstein_bench: the node saving of Star1 and Star2 over plain
// expectiminimax on EinStein würfelt nicht! (docs/einstein.md), and a match
// of Monte Carlo tree search against Star2 (docs/mcts.md).
//
//   einstein_bench [--positions N] [--max-depth D] [--seed S] [--no-ordering]
//   einstein_bench match [--games N] [--ms T] [--seed S] [--mcts-c X]
//   einstein_bench levels [--games N] [--seed S]
//
// Draws N rolled positions from random games (seeded: the same positions
// every run), searches each at every depth 1..D with the three algorithms
// (search/expectimax.hpp) and prints, per depth, the total nodes and time of
// each and Star1's and Star2's nodes as a share of expectiminimax's. It
// checks on the way that the three values are equal and exits 1 if not.
//
// match: MCTS (search/mcts.hpp, default options, the tree kept between its
// moves) against Star2 expectiminimax (iterative deepening), T ms a move
// each (default 100), N games (default 40, even): N/2 random set-up pairs,
// each played twice with the colours swapped and the same die rolls (the
// k-th roll of both games is the same), so the set-up and the dice favour
// neither engine. Prints MCTS's wins as Red and as Blue, its share, and the
// mean playouts and Star2 depth per move.
//
// levels: the page's levels (search/levels.hpp, kChanceLevels) against
// each other, each next to the one above it, and each against a player that
// picks a random legal move; N games a pairing (default 200, even), paired
// as in match. Prints each pairing's score for the stronger side.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "games/einstein/einstein.hpp"
#include "search/expectimax.hpp"
#include "search/levels.hpp"
#include "search/mcts.hpp"

namespace {

const char* kAbout =
    "einstein_bench - Star1 and Star2 against expectiminimax, MCTS against Star2, the levels (docs/einstein.md)";

// Without a command: the node counts (the options of the tool itself).
const char* kNodesAbout = R"(Without a command: N rolled positions from seeded random games, each searched
at every depth 1..D by expectiminimax, Star1 and Star2; per depth the total
nodes and time of each, and Star1's and Star2's nodes as a share of
expectiminimax's. Exit status 1 if the three values ever differ.)";

const char* kMatchAbout = R"(MCTS (default options, the tree kept between its moves) against Star2
(iterative deepening), T ms a move each, N games: N/2 random set-up pairs,
each played twice with the colours swapped and the same die rolls. Prints
MCTS's wins as Red and as Blue, its share, and the mean playouts and Star2
depth per move.)";

const char* kLevelsAbout = R"(The page's levels (search/levels.hpp, kChanceLevels), each against a
player that picks a random legal move and against the level below it; N
games a pairing, paired as in match. Prints each pairing's score for the
stronger side.)";

// --games' second check: an even number (both colours for every set-up pair).
const CLI::Validator kEven(
    [](std::string& text) {
      return std::stol(text) % 2 ? "must be even (each set-up pair is played with both colours), not '" + text + "'"
                                 : std::string();
    },
    "even");

// N/2 random set-up pairs and each pair's die rolls (one per ply), drawn
// from `rng`: both games of a pair see the same dice.
struct Deal {
  gs::Einstein start;
  std::vector<int> rolls;
};
Deal deal(std::mt19937& rng) {
  int setup[2][6] = {{1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}};
  for (auto& s : setup)
    for (int k = 5; k > 0; --k) std::swap(s[k], s[rng() % (k + 1)]);
  std::vector<int> rolls(gs::Einstein::kMaxPlies + 1);
  for (int& r : rolls) r = 1 + static_cast<int>(rng() % 6);
  return Deal{gs::Einstein(setup[0], setup[1]), rolls};
}

// One game of the match: the winner (0 Red, 1 Blue). `rolls` is the die
// sequence (one per ply); the per-move counters add to the totals.
struct MatchTotals {
  std::uint64_t mctsMoves = 0, mctsPlayouts = 0, starMoves = 0, starDepth = 0;
};

int matchGame(const gs::Einstein& start, int mctsSide, const std::vector<int>& rolls, int ms, const gs::MctsOptions& mo,
              MatchTotals& t) {
  gs::Mcts<gs::Einstein> mcts(mo);
  gs::ExpectimaxSearcher<gs::Einstein> star;
  star.setOptions(gs::ExpectimaxOptions{gs::ChanceAlgorithm::kStar2, true});
  gs::Einstein g = start;
  for (std::size_t ply = 0; !g.lastMoverWon(); ++ply) {
    g.applyChance(rolls[ply]);
    int m;
    if (g.sideToMove() == mctsSide) {
      const gs::MctsResult r = mcts.think(g, gs::MctsLimits{0, ms});
      m = r.bestMove;
      ++t.mctsMoves;
      t.mctsPlayouts += r.playouts;
    } else {
      const gs::ExpectimaxResult r = star.think(g, gs::ExpectimaxLimits{ms, 0});
      m = r.bestMove;
      ++t.starMoves;
      t.starDepth += static_cast<std::uint64_t>(r.depth);
    }
    g.play(m);
  }
  return (g.plies() - 1) % 2;
}

struct MatchArgs {
  long games = 40, ms = 100, seed = 1;
  double mctsC = gs::MctsOptions::kDefaultExploration;
};

int runMatch(const MatchArgs& args) {
  const long games = args.games, ms = args.ms, seed = args.seed;
  gs::MctsOptions mo;
  mo.exploration = args.mctsC;
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  int winsAs[2] = {0, 0}, gamesAs[2] = {0, 0};
  MatchTotals t;
  for (long pair = 0; pair < games / 2; ++pair) {
    const Deal d = deal(rng);
    for (int side = 0; side < 2; ++side) {
      mo.seed = static_cast<std::uint32_t>(2 * pair + side + 1);
      const int winner = matchGame(d.start, side, d.rolls, static_cast<int>(ms), mo, t);
      ++gamesAs[side];
      winsAs[side] += winner == side;
    }
    std::printf("after %ld games: MCTS %d wins (as Red %d/%d, as Blue %d/%d)\n", 2 * (pair + 1), winsAs[0] + winsAs[1],
                winsAs[0], gamesAs[0], winsAs[1], gamesAs[1]);
    std::fflush(stdout);
  }
  const int wins = winsAs[0] + winsAs[1];
  const double p = static_cast<double>(wins) / games;
  std::printf("MCTS vs Star2 at %ld ms a move, %ld games (seed %ld): MCTS %d wins, %ld losses, score %.1f%% +- %.1f "
              "(2 s.e.)\n",
              ms, games, seed, wins, games - wins, 100 * p, 200 * std::sqrt(p * (1 - p) / games));
  std::printf("mean per move: MCTS %.0f playouts, Star2 depth %.2f\n",
              t.mctsMoves ? static_cast<double>(t.mctsPlayouts) / t.mctsMoves : 0.0,
              t.starMoves ? static_cast<double>(t.starDepth) / t.starMoves : 0.0);
  return 0;
}

// A player of the levels match: a level of kChanceLevels (Star2), or -1:
// a random legal move.
int levelMove(const gs::Einstein& g, int level, std::mt19937& rng, std::uint64_t& depthSum) {
  if (level < 0) {
    std::vector<int> legal;
    for (int m = 0; m < gs::Einstein::kMoveSlots; ++m)
      if (g.canPlay(m)) legal.push_back(m);
    return legal[rng() % legal.size()];
  }
  const gs::ChanceLevel& l = gs::kChanceLevels[level];
  if (l.temperature > 0) {
    depthSum += 1;
    return gs::softmaxMove(g, l.temperature, rng);
  }
  gs::ExpectimaxSearcher<gs::Einstein> s;
  const gs::ExpectimaxResult r = s.think(g, gs::ExpectimaxLimits{l.timeMs, l.maxDepth});
  depthSum += static_cast<std::uint64_t>(r.depth);
  return r.bestMove;
}

int runLevels(long games, long seed) {
  // (stronger, weaker): each level against random play, then against the
  // level below it (the quick pairings first).
  std::vector<std::pair<int, int>> pairings;
  for (int l = 0; l < gs::kLevelCount; ++l) {
    pairings.push_back({l, -1});
    if (l > 0) pairings.push_back({l, l - 1});
  }
  auto name = [](int l) { return l < 0 ? "random" : gs::kChanceLevels[l].name; };
  for (const auto& [strong, weak] : pairings) {
    std::mt19937 rng(static_cast<std::uint32_t>(seed));
    long wins = 0;
    std::uint64_t depthSum = 0, moves = 0;
    for (long pair = 0; pair < games / 2; ++pair) {
      const Deal d = deal(rng);
      for (int strongSide = 0; strongSide < 2; ++strongSide) {
        gs::Einstein g = d.start;
        std::uint64_t ignored = 0;
        for (std::size_t ply = 0; !g.lastMoverWon(); ++ply) {
          g.applyChance(d.rolls[ply]);
          const bool mine = g.sideToMove() == strongSide;
          moves += mine;
          g.play(levelMove(g, mine ? strong : weak, rng, mine ? depthSum : ignored));
        }
        wins += (g.plies() - 1) % 2 == strongSide;
      }
    }
    const double p = static_cast<double>(wins) / games;
    std::printf("%-8s vs %-8s %ld games: %5.1f%% +- %4.1f (2 s.e.)  mean depth %.2f\n", name(strong), name(weak), games,
                100 * p, 200 * std::sqrt(p * (1 - p) / games), moves ? static_cast<double>(depthSum) / moves : 0.0);
    std::fflush(stdout);
  }
  return 0;
}

// Rolled positions from random games: every 3rd position of each game.
std::vector<gs::Einstein> positions(int count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<gs::Einstein> out;
  while (static_cast<int>(out.size()) < count) {
    int setup[2][6] = {{1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}};
    for (auto& s : setup)
      for (int k = 5; k > 0; --k) std::swap(s[k], s[rng() % (k + 1)]);
    gs::Einstein g(setup[0], setup[1]);
    for (int ply = 0; !g.lastMoverWon() && static_cast<int>(out.size()) < count; ++ply) {
      g.applyChance(1 + static_cast<int>(rng() % 6));
      if (ply % 3 == 0) out.push_back(g);
      std::vector<int> legal;
      for (int m = 0; m < gs::Einstein::kMoveSlots; ++m)
        if (g.canPlay(m)) legal.push_back(m);
      g.play(legal[rng() % legal.size()]);
    }
  }
  return out;
}

}  // namespace

// The node counts' options, as the command line gives them.
struct NodesArgs {
  long count = 200, maxDepth = 5, seed = 1;
  bool noOrdering = false;
};

// The tool's own options (the node counts), then the commands match and
// levels with theirs; an option of the node counts before a command is
// refused (the command would ignore it).
void addOptions(CLI::App& app, NodesArgs& n, MatchArgs& m, long& levelGames, long& levelSeed) {
  using gs::cli::wholeNumber;
  std::vector<CLI::Option*> own = {
      app.add_option("--positions", n.count, "rolled positions")->type_name("N")
          ->transform(wholeNumber(1, 100000))->capture_default_str(),
      app.add_option("--max-depth", n.maxDepth, "deepest depth")->type_name("D")
          ->transform(wholeNumber(1, gs::ExpectimaxSearcher<gs::Einstein>::kMaxDepth))->capture_default_str(),
      app.add_option("--seed", n.seed, "the positions' seed")->type_name("S")
          ->transform(wholeNumber(1, 2147483647))->capture_default_str(),
      app.add_flag("--no-ordering", n.noOrdering, "search without move ordering")};

  CLI::App* match = app.add_subcommand("match", "MCTS against Star2");
  match->footer(kMatchAbout);
  match->add_option("--games", m.games, "games (even)")->type_name("N")
      ->transform(wholeNumber(2, 100000))->check(kEven)->capture_default_str();
  match->add_option("--ms", m.ms, "time per move, ms")->type_name("T")
      ->transform(wholeNumber(1, 600000))->capture_default_str();
  match->add_option("--seed", m.seed, "the set-ups' and dice's seed")->type_name("S")
      ->transform(wholeNumber(1, 2147483647))->capture_default_str();
  match->add_option("--mcts-c", m.mctsC, "MCTS's exploration constant C")->type_name("X")
      ->check(gs::cli::realNumber(0, 100))->capture_default_str();

  CLI::App* levels = app.add_subcommand("levels", "the page's levels against each other and random play");
  levels->footer(kLevelsAbout);
  levels->add_option("--games", levelGames, "games a pairing (even)")->type_name("N")
      ->transform(wholeNumber(2, 100000))->check(kEven)->capture_default_str();
  levels->add_option("--seed", levelSeed, "the set-ups' and dice's seed")->type_name("S")
      ->transform(wholeNumber(1, 2147483647))->capture_default_str();
  for (CLI::Option* opt : own) {
    match->excludes(opt);
    levels->excludes(opt);
  }
}

int main(int argc, char** argv) {
  NodesArgs n;
  MatchArgs m;
  long levelGames = 200, levelSeed = 1;
  CLI::App app(std::string(kAbout) + "\n\n" + kNodesAbout, "einstein_bench");
  gs::cli::setConventions(app);
  addOptions(app, n, m, levelGames, levelSeed);
  gs::cli::commandsFooter(app);
  gs::cli::parseOrExit(app, argc, argv);
  if (app.got_subcommand("match")) return runMatch(m);
  if (app.got_subcommand("levels")) return runLevels(levelGames, levelSeed);
  const long count = n.count, maxDepth = n.maxDepth, seed = n.seed;
  const bool ordering = !n.noOrdering;
  const std::vector<gs::Einstein> pos = positions(static_cast<int>(count), static_cast<std::uint32_t>(seed));
  std::printf("%ld positions (seed %ld), move ordering %s\n", count, seed, ordering ? "on" : "off");
  std::printf("%5s %14s %14s %14s %8s %8s %10s %10s %10s\n", "depth", "expectimax", "star1", "star2", "star1%",
              "star2%", "ms_exp", "ms_star1", "ms_star2");
  bool allEqual = true;
  for (int depth = 1; depth <= maxDepth; ++depth) {
    std::uint64_t nodes[3] = {};
    double ms[3] = {};
    for (const gs::Einstein& g : pos) {
      gs::ExpectimaxSearcher<gs::Einstein>::Value v[3];
      for (int a = 0; a < 3; ++a) {
        gs::ExpectimaxSearcher<gs::Einstein> s;
        s.setOptions(gs::ExpectimaxOptions{static_cast<gs::ChanceAlgorithm>(a), ordering});
        const auto t0 = std::chrono::steady_clock::now();
        v[a] = s.value(g, depth);
        ms[a] += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        nodes[a] += s.nodes();
      }
      if (v[1] != v[0] || v[2] != v[0]) {
        allEqual = false;
        std::fprintf(stderr, "depth %d key %llu: values differ\n", depth, static_cast<unsigned long long>(g.key()));
      }
    }
    std::printf("%5d %14llu %14llu %14llu %7.1f%% %7.1f%% %10.0f %10.0f %10.0f\n", depth,
                static_cast<unsigned long long>(nodes[0]), static_cast<unsigned long long>(nodes[1]),
                static_cast<unsigned long long>(nodes[2]), 100.0 * nodes[1] / nodes[0], 100.0 * nodes[2] / nodes[0],
                ms[0], ms[1], ms[2]);
    std::fflush(stdout);
  }
  std::printf("values %s\n", allEqual ? "equal for all three algorithms" : "DIFFER");
  return allEqual ? 0 : 1;
}
