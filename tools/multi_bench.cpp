// multi_bench: the measurements of docs/connect3p.md for the searches of
// three-player games (search/multiplayer.hpp) on Connect Four for three.
//
//   multi_bench nodes [--positions N] [--depth D] [--seed S]
//       N seeded random positions (6 to 20 plies, game not over); for each
//       depth 1..D the total nodes of plain max^n, max^n with shallow
//       pruning (and its cuts) and paranoid, each one fixed-depth search per
//       position with the static move order.
//   multi_bench match [--games N] (--time-ms T | --depth D) [--seed S]
//                     [--opening-plies K] [--keep-before-loss | --paranoid-keep-before-loss]
//       max^n (with shallow pruning) against paranoid over all six seatings
//       of two algorithms on three seats (two of one, one of the other, in
//       every seat order), N games per seating, each from the same N seeded
//       openings of K random plies (default 3: one stone each), the same
//       time or the same depth per move for every player. Prints each
//       seating's result, then the wins per algorithm (per seat taken: an
//       equal share is a third of the decided games) and per seat, and each
//       algorithm's mean depth, nodes per move and share of moves valued 0
//       (the mover loses whatever it plays, in the algorithm's model).
//       --keep-before-loss (both) or --paranoid-keep-before-loss: the
//       players stop deepening at a depth that values every move 0 and play
//       the previous depth's move (MultiLimits::keepBeforeLoss).
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "games/connect3p/connect3p.hpp"
#include "search/multiplayer.hpp"

namespace {

using gs::Connect3p;
using gs::MultiAlgorithm;
using Searcher = gs::MultiSearcher<Connect3p>;

// The usage after `msg`: on stdout with status 0 for --help, else on stderr with 2.
[[noreturn]] void usage(const char* msg, int status = 2) {
  std::fprintf(status ? stderr : stdout,
               "multi_bench: %s\n"
               "usage: multi_bench nodes [--positions N] [--depth D] [--seed S]\n"
               "       multi_bench match [--games N] (--time-ms T | --depth D) [--seed S] [--opening-plies K]\n"
               "                         [--keep-before-loss | --paranoid-keep-before-loss]\n",
               msg);
  std::exit(status);
}

long number(const char* opt, const char* value, long lo, long hi) {
  char* end = nullptr;
  const long v = value ? std::strtol(value, &end, 10) : 0;
  if (!value || !*value || *end || v < lo || v > hi) {
    std::string msg = std::string(opt) + " must be a number from " + std::to_string(lo) + " to " + std::to_string(hi);
    usage(msg.c_str());
  }
  return v;
}

// `plies` uniformly random moves from the start, the game not over after
// them (a draw that ends a game is redrawn).
Connect3p randomOpening(std::mt19937& rng, int plies) {
  for (;;) {
    Connect3p g;
    bool ok = true;
    for (int i = 0; i < plies && ok; ++i) {
      int c;
      do c = static_cast<int>(rng() % Connect3p::kWidth);
      while (!g.canPlay(c));
      g.play(c);
      ok = !g.isOver();
    }
    if (ok) return g;
  }
}

int runNodes(int positions, int maxDepth, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Connect3p> set;
  for (int i = 0; i < positions; ++i) set.push_back(randomOpening(rng, 6 + static_cast<int>(rng() % 15)));
  std::printf("%d positions (seed %u, 6-20 plies), total nodes of one fixed-depth search each\n", positions, seed);
  std::printf("%5s %14s %14s %10s %14s %8s %8s\n", "depth", "maxn-plain", "maxn(shallow)", "cuts", "paranoid",
              "shallow%", "paran%");
  for (int depth = 1; depth <= maxDepth; ++depth) {
    std::uint64_t n[3] = {0, 0, 0}, cuts = 0;
    for (const Connect3p& g : set) {
      const MultiAlgorithm algs[3] = {MultiAlgorithm::kMaxn, MultiAlgorithm::kMaxnShallow, MultiAlgorithm::kParanoid};
      for (int a = 0; a < 3; ++a) {
        Searcher s(algs[a]);
        const auto r = s.searchDepth(g, depth);
        n[a] += r.nodes;
        if (a == 1) cuts += r.shallowCuts;
      }
    }
    std::printf("%5d %14llu %14llu %10llu %14llu %7.1f%% %7.1f%%\n", depth, static_cast<unsigned long long>(n[0]),
                static_cast<unsigned long long>(n[1]), static_cast<unsigned long long>(cuts),
                static_cast<unsigned long long>(n[2]), 100.0 * n[1] / n[0], 100.0 * n[2] / n[0]);
    std::fflush(stdout);
  }
  return 0;
}

struct Tally {
  long seatGames[2] = {0, 0};     // per algorithm: seats taken, over all games
  long wins[2] = {0, 0};          // per algorithm
  long seatWins[3][2] = {};       // per seat and the algorithm in it
  long seatPlayed[3][2] = {};     // per seat and algorithm: games
  long draws = 0;
  double depthSum[2] = {0, 0};    // per algorithm: depth of every move searched
  long moves[2] = {0, 0};
  long lostMoves[2] = {0, 0};     // per algorithm: moves whose value was 0 (a sure loss)
  std::uint64_t nodes[2] = {0, 0};
};

int runMatch(int games, int timeMs, int depth, std::uint32_t seed, int openingPlies, const bool keepBeforeLoss[2]) {
  const char* names[2] = {"maxn", "paranoid"};
  const MultiAlgorithm algs[2] = {MultiAlgorithm::kMaxnShallow, MultiAlgorithm::kParanoid};
  std::printf("max^n (shallow pruning%s) vs paranoid%s, %d games per seating, %s %d per move, openings of %d random "
              "plies (seed %u)\n",
              keepBeforeLoss[0] ? ", keep-before-loss" : "", keepBeforeLoss[1] ? " (keep-before-loss)" : "", games,
              timeMs ? "time_ms" : "depth", timeMs ? timeMs : depth, openingPlies, seed);
  Tally t;
  const auto start = std::chrono::steady_clock::now();
  // Seatings: seat s plays algorithm (mask >> s & 1); 1..6 leave out the
  // all-max^n (0) and all-paranoid (7) tables.
  for (int mask = 1; mask <= 6; ++mask) {
    std::string seating;
    for (int s = 0; s < 3; ++s) seating += std::string(s ? "-" : "") + names[mask >> s & 1];
    long seatingWins[3] = {0, 0, 0}, seatingDraws = 0;
    std::mt19937 rng(seed);  // the same openings for every seating
    for (int game = 0; game < games; ++game) {
      Connect3p g = randomOpening(rng, openingPlies);
      Searcher searchers[2] = {Searcher(algs[0]), Searcher(algs[1])};
      while (!g.isOver()) {
        const int seat = g.toMove(), alg = mask >> seat & 1;
        gs::MultiLimits lim;
        lim.timeMs = timeMs;
        lim.maxDepth = depth;
        lim.keepBeforeLoss = keepBeforeLoss[alg];
        const auto r = searchers[alg].think(g, lim);
        t.depthSum[alg] += r.depth;
        ++t.moves[alg];
        if (r.score == 0) ++t.lostMoves[alg];
        t.nodes[alg] += r.nodes;
        g.play(r.bestMove);
      }
      for (int s = 0; s < 3; ++s) {
        ++t.seatGames[mask >> s & 1];
        ++t.seatPlayed[s][mask >> s & 1];
      }
      if (g.lastMoverWon()) {
        const int w = g.lastMover(), alg = mask >> w & 1;
        ++seatingWins[w];
        ++t.wins[alg];
        ++t.seatWins[w][alg];
      } else {
        ++seatingDraws;
        ++t.draws;
      }
    }
    std::printf("seating %-24s wins by seat Red %ld Yellow %ld Green %ld, draws %ld\n", seating.c_str(),
                seatingWins[0], seatingWins[1], seatingWins[2], seatingDraws);
    std::fflush(stdout);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("games %d, draws %ld, %.0f s\n", 6 * games, t.draws, secs);
  // Equal strength: every seat taken wins a third of the decided games.
  const double equal = 100.0 * (6 * games - t.draws) / (6 * games) / 3;
  for (int a = 0; a < 2; ++a)
    std::printf("%-9s wins %ld of %ld seats taken (%.1f%%; equal strength: %.1f%%), mean depth %.2f, nodes per move "
                "%.0f, moves valued 0 (a sure loss) %.1f%%\n",
                names[a], t.wins[a], t.seatGames[a], 100.0 * t.wins[a] / t.seatGames[a], equal,
                t.depthSum[a] / t.moves[a], static_cast<double>(t.nodes[a]) / t.moves[a],
                100.0 * t.lostMoves[a] / t.moves[a]);
  for (int s = 0; s < 3; ++s)
    std::printf("seat %-6s wins: as maxn %ld of %ld, as paranoid %ld of %ld\n", Connect3p::kSides[s], t.seatWins[s][0],
                t.seatPlayed[s][0], t.seatWins[s][1], t.seatPlayed[s][1]);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) usage("no command (nodes or match)");
  const std::string command = argv[1];
  if (command == "--help" || command == "-h")
    usage("node counts and matches of max^n and paranoid on Connect Four for three (docs/connect3p.md)", 0);
  int positions = 50, depth = 0, games = 10, timeMs = 0, openingPlies = 3;
  std::uint32_t seed = 1;
  bool keepBeforeLoss[2] = {false, false};  // per algorithm: MultiLimits::keepBeforeLoss
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
    if (a == "--keep-before-loss") {  // both algorithms
      keepBeforeLoss[0] = keepBeforeLoss[1] = true;
      continue;
    }
    if (a == "--paranoid-keep-before-loss") {
      keepBeforeLoss[1] = true;
      continue;
    }
    if (a == "--positions") positions = static_cast<int>(number("--positions", next, 1, 100000));
    else if (a == "--depth") depth = static_cast<int>(number("--depth", next, 1, Searcher::kMaxDepth));
    else if (a == "--games") games = static_cast<int>(number("--games", next, 1, 100000));
    else if (a == "--time-ms") timeMs = static_cast<int>(number("--time-ms", next, 1, 600000));
    else if (a == "--seed") seed = static_cast<std::uint32_t>(number("--seed", next, 1, 2147483647));
    else if (a == "--opening-plies") openingPlies = static_cast<int>(number("--opening-plies", next, 0, 20));
    else usage(("unknown option '" + a + "'").c_str());
    ++i;
  }
  if (command == "nodes") return runNodes(positions, depth ? depth : 6, seed);
  if (command == "match") {
    if ((timeMs == 0) == (depth == 0)) usage("match needs exactly one of --time-ms and --depth");
    return runMatch(games, timeMs, depth, seed, openingPlies, keepBeforeLoss);
  }
  usage(("unknown command '" + command + "'").c_str());
}
