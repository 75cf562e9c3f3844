// multi_bench: the measurements of docs/connect3p.md for the searches of
// three-player games (search/multiplayer.hpp) on Connect Four for three.
//
//   multi_bench nodes [--positions N] [--depth D] [--seed S]
//       N seeded random positions (6 to 20 plies, game not over); for each
//       depth 1..D the total nodes of plain max^n, max^n with shallow
//       pruning (and its cuts), paranoid and best-reply search, each one
//       fixed-depth search per position with the static move order.
//   multi_bench match [--games N] (--time-ms T | --depth D) [--seed S]
//                     [--opening-plies K] [--keep-before-loss | --paranoid-keep-before-loss]
//                     [--algorithms A,B]
//       A against B (default maxn,paranoid: max^n with shallow pruning
//       against paranoid; any two of maxn, maxn-plain, paranoid, brs) over all six seatings
//       of two algorithms on three seats (two of one, one of the other, in
//       every seat order), N games per seating, each from the same N seeded
//       openings of K random plies (default 3: one stone each), the same
//       time or the same depth per move for every player. Prints each
//       seating's result, then the wins per algorithm (per seat taken: an
//       equal share is a third of the decided games) and per seat, and each
//       algorithm's mean depth, nodes per move and share of moves valued 0
//       (the mover loses whatever it plays, in the algorithm's model), and
//       A's share of the decided games with its 95 % Wilson interval (A
//       takes 9 of the 18 seats over the six seatings: equal strength is
//       about 50 %).
//       --keep-before-loss (both) or --paranoid-keep-before-loss (B only):
//       the players stop deepening at a depth that values every move 0 and
//       play the previous depth's move (MultiLimits::keepBeforeLoss).
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "games/connect3p/connect3p.hpp"
#include "search/multiplayer.hpp"

namespace {

using gs::Connect3p;
using gs::MultiAlgorithm;
using Searcher = gs::MultiSearcher<Connect3p>;

const char* kAbout =
    "multi_bench - node counts and matches of max^n, paranoid and best-reply search on Connect Four for three "
    "(docs/connect3p.md)";

const char* kNodesAbout = R"(N seeded random positions (6 to 20 plies, game not over); for each depth
1..D the total nodes of plain max^n, max^n with shallow pruning (and its
cuts), paranoid and best-reply search, each one fixed-depth search per
position with the static move order.)";

const char* kMatchAbout = R"(Algorithm A against B (--algorithms A,B; default maxn,paranoid: max^n with
shallow pruning against paranoid) over all six seatings of two algorithms on three seats, N games per seating, each from the same N seeded
openings of K random plies, the same time or the same depth per move for
every player. Prints each seating's result, then the wins per algorithm (per
seat taken: an equal share is a third of the decided games) and per seat,
and each algorithm's mean depth, nodes per move and share of moves valued 0
(the mover loses whatever it plays, in the algorithm's model), and A's share
of the decided games with its 95 % Wilson interval.)";

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
  std::printf("%5s %14s %14s %10s %14s %8s %8s %14s %8s\n", "depth", "maxn-plain", "maxn(shallow)", "cuts",
              "paranoid", "shallow%", "paran%", "brs", "brs%");
  for (int depth = 1; depth <= maxDepth; ++depth) {
    std::uint64_t n[4] = {0, 0, 0, 0}, cuts = 0;
    for (const Connect3p& g : set) {
      const MultiAlgorithm algs[4] = {MultiAlgorithm::kMaxn, MultiAlgorithm::kMaxnShallow, MultiAlgorithm::kParanoid,
                                      MultiAlgorithm::kBrs};
      for (int a = 0; a < 4; ++a) {
        Searcher s(algs[a]);
        const auto r = s.searchDepth(g, depth);
        n[a] += r.nodes;
        if (a == 1) cuts += r.shallowCuts;
      }
    }
    std::printf("%5d %14llu %14llu %10llu %14llu %7.1f%% %7.1f%% %14llu %7.1f%%\n", depth,
                static_cast<unsigned long long>(n[0]), static_cast<unsigned long long>(n[1]),
                static_cast<unsigned long long>(cuts), static_cast<unsigned long long>(n[2]), 100.0 * n[1] / n[0],
                100.0 * n[2] / n[0], static_cast<unsigned long long>(n[3]), 100.0 * n[3] / n[0]);
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

// An algorithm's words in the match's first line: "max^n (shallow pruning,
// keep-before-loss)".
std::string describe(MultiAlgorithm a, bool keepBeforeLoss) {
  const bool maxn = a == MultiAlgorithm::kMaxnShallow || a == MultiAlgorithm::kMaxn;
  std::string notes = a == MultiAlgorithm::kMaxnShallow ? "shallow pruning" : a == MultiAlgorithm::kMaxn ? "no pruning" : "";
  if (keepBeforeLoss) notes += std::string(notes.empty() ? "" : ", ") + "keep-before-loss";
  const std::string name = maxn ? "max^n" : a == MultiAlgorithm::kParanoid ? "paranoid" : "best-reply search";
  return notes.empty() ? name : name + " (" + notes + ")";
}

// The 95 % Wilson score interval of `k` successes in `n` trials, in percent.
void wilson(long k, long n, double& lo, double& hi) {
  if (n == 0) n = 1;  // no decided game: an interval of no meaning, but a finite one
  const double z = 1.96, p = static_cast<double>(k) / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  lo = 100 * (centre - half);
  hi = 100 * (centre + half);
}

int runMatch(int games, int timeMs, int depth, std::uint32_t seed, int openingPlies, const bool keepBeforeLoss[2],
             const MultiAlgorithm algs[2]) {
  const char* names[2] = {gs::multiAlgorithmName(algs[0]), gs::multiAlgorithmName(algs[1])};
  const std::string first = describe(algs[0], keepBeforeLoss[0]), second = describe(algs[1], keepBeforeLoss[1]);
  std::printf("%s vs %s, %d games per seating, %s %d per move, openings of %d random plies (seed %u)\n",
              first.c_str(), second.c_str(), games, timeMs ? "time_ms" : "depth", timeMs ? timeMs : depth, openingPlies,
              seed);
  Tally t;
  const auto start = std::chrono::steady_clock::now();
  // Seatings: seat s plays algorithm (mask >> s & 1); 1..6 leave out the
  // all-A (0) and all-B (7) tables.
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
    std::printf("seat %-6s wins: as %s %ld of %ld, as %s %ld of %ld\n", Connect3p::kSides[s], names[0],
                t.seatWins[s][0], t.seatPlayed[s][0], names[1], t.seatWins[s][1], t.seatPlayed[s][1]);
  // Over the six seatings each algorithm holds 9 of the 18 seats, so at equal
  // strength each wins about half of the decided games.
  const long decided = t.wins[0] + t.wins[1];
  double lo = 0, hi = 0;
  wilson(t.wins[0], decided, lo, hi);
  std::printf("%s won %ld of %ld decided games: %.1f%% (95%% interval %.1f-%.1f%%; equal strength: about 50%%)\n",
              names[0], t.wins[0], decided, decided ? 100.0 * t.wins[0] / decided : 0.0, lo, hi);
  return 0;
}

}  // namespace

// The options of both commands, as the command line gives them.
struct Args {
  int positions = 50, nodesDepth = 6;
  int games = 10, timeMs = 0, matchDepth = 0, openingPlies = 3;
  std::uint32_t seed = 1;
  bool keepBoth = false, keepParanoid = false;
  std::string algorithms = "maxn,paranoid";
};

void addNodes(CLI::App& app, Args& a) {
  using gs::cli::wholeNumber;
  CLI::App* nodes = app.add_subcommand("nodes", "nodes of max^n, shallow pruning, paranoid and BRS per depth");
  nodes->footer(kNodesAbout);
  nodes->add_option("--positions", a.positions, "random positions")->type_name("N")
      ->transform(wholeNumber(1, 100000))->capture_default_str();
  nodes->add_option("--depth", a.nodesDepth, "deepest depth")->type_name("D")
      ->transform(wholeNumber(1, Searcher::kMaxDepth))->capture_default_str();
  nodes->add_option("--seed", a.seed, "the positions' seed")->type_name("S")
      ->transform(wholeNumber(1, 2147483647))->capture_default_str();
}

void addMatch(CLI::App& app, Args& a) {
  using gs::cli::wholeNumber;
  CLI::App* match = app.add_subcommand("match", "one algorithm against another over all seatings");
  match->footer(kMatchAbout);
  match->add_option("--games", a.games, "games per seating")->type_name("N")
      ->transform(wholeNumber(1, 100000))->capture_default_str();
  // Exactly one of --time-ms and --depth: checked after parsing, with the message that says so.
  match->add_option("--time-ms", a.timeMs, "time per move, ms (this or --depth)")
      ->type_name("T")->transform(wholeNumber(1, 600000));
  match->add_option("--depth", a.matchDepth, "depth per move (this or --time-ms)")
      ->type_name("D")->transform(wholeNumber(1, Searcher::kMaxDepth));
  match->add_option("--seed", a.seed, "the openings' seed")->type_name("S")
      ->transform(wholeNumber(1, 2147483647))->capture_default_str();
  match->add_option("--opening-plies", a.openingPlies, "random plies of each opening (3: one stone each player)")
      ->type_name("K")->transform(wholeNumber(0, 20))->capture_default_str();
  match->add_flag("--keep-before-loss", a.keepBoth,
                  "both algorithms stop deepening at a depth that values every move 0\n"
                  "and play the previous depth's move (MultiLimits::keepBeforeLoss)");
  match->add_flag("--paranoid-keep-before-loss", a.keepParanoid, "the same for the second algorithm only");
  match->add_option("--algorithms", a.algorithms, "the two algorithms, A,B: maxn, maxn-plain, paranoid or brs")
      ->type_name("A,B")->capture_default_str();
}

int main(int argc, char** argv) {
  Args a;
  CLI::App app(kAbout, "multi_bench");
  gs::cli::setConventions(app);
  addNodes(app, a);
  addMatch(app, a);
  gs::cli::commandsFooter(app);
  gs::cli::parseOrExit(app, argc, argv);
  if (app.got_subcommand("nodes")) return runNodes(a.positions, a.nodesDepth, a.seed);
  if (!app.got_subcommand("match")) gs::cli::usageError("multi_bench", "no command (nodes or match)");
  if ((a.timeMs == 0) == (a.matchDepth == 0))
    gs::cli::usageError("multi_bench", "match needs exactly one of --time-ms and --depth");
  const bool keepBeforeLoss[2] = {a.keepBoth, a.keepBoth || a.keepParanoid};  // per algorithm
  MultiAlgorithm algs[2];
  const std::size_t comma = a.algorithms.find(',');
  if (comma == std::string::npos || !gs::parseMultiAlgorithm(a.algorithms.substr(0, comma), algs[0]) ||
      !gs::parseMultiAlgorithm(a.algorithms.substr(comma + 1), algs[1]) || algs[0] == algs[1])
    gs::cli::usageError("multi_bench", "--algorithms must be two different ones of maxn, maxn-plain, paranoid, brs, "
                                       "as A,B");
  return runMatch(a.games, a.timeMs, a.matchDepth, a.seed, a.openingPlies, keepBeforeLoss, algs);
}
