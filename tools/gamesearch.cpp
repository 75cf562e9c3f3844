// gamesearch: the command-line front end of the engine. It only parses and
// prints; all game knowledge lives in engine/.
//
// Reads one position per line on stdin (a move string, optionally followed by
// other whitespace-separated fields, which are ignored) and prints one line per
// position. See usage() for the commands and output formats.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

#include "cli_args.hpp"
#include "connect3p_cli.hpp"
#include "einstein_cli.hpp"
#include "games/connect3p/connect3p.hpp"
#include "games/einstein/einstein.hpp"
#include "search/analysis.hpp"
#include "search/levels.hpp"
#include "search/mcts.hpp"
#include "search/parallel_solver.hpp"
#include "protocol/line_reader.hpp"
#include "core/notation.hpp"
#include "search/player.hpp"
#include "search/searcher.hpp"
#include "search/solver.hpp"
#include "games/registry.hpp"
#include "core/tt.hpp"

namespace {

// The help text; {GAMES}, {NOTATION}, {WINBASES}, {DEFAULT}, {LEVELS} and
// {SOLVE_FROM} are filled in from the game registry and the level table.
const char* kUsage = R"(gamesearch - game-search engine for {GAMES} (and, below, for
EinStein wurfelt nicht!, with dice, and Connect Four for three)

Usage: gamesearch [--game {NAMES}|einstein|connect3p] <command> [options] < positions

Reads one position per line on stdin: a move string from the empty board, one
digit per move. Only the line's first blank-separated field is read (blanks
before it are skipped), so benchmark files can be piped in as they are. An
empty or blank line is the empty board. Moves:
{NOTATION}

Commands
  solve     exact value of each position
            prints: <moves> <score> <nodes> <microseconds>
  analyze   exact value of every move of each position (the page's analysis:
            opening book, then the solver; engine/search/analysis.hpp)
            prints: <moves> <score of move 1> ... <score of move N>  (x = illegal)
            With --time-ms N, a move not proven exactly within the N ms
            given to the position prints W (a proven win, its exact score
            not found in time), L (a proven loss) or ? (nothing proven).
  play      the move the time-limited computer player would choose
            prints: <moves> bestmove <m> score <s> exact <0|1> depth <d> nodes <n> time_ms <t>
            With --algorithm mcts (Monte Carlo tree search,
            engine/search/mcts.hpp) two fields follow:
              ... time_ms <t> playouts <p> verdict <1|0|-1|?>
            score is the best move's mean playout result scaled to -1000..1000
            (1000 x the proven value when MCTS-Solver proved the position:
            verdict 1 win, 0 draw, -1 loss; ? unproven), exact is 0, depth the
            length of the most visited line, nodes the tree's size. Each line
            is searched from a fresh tree.
  count     number of distinct positions after 0..D plies from each position
            (games stop at a win), --depth D (default 8)
            prints: <moves> <count at ply 0> <count at ply 1> ... <count at ply D>

Scores (solve, analyze, and play when exact is 1) are exact game values for
the side to move: 0 = draw; a win scores WINBASE - the number of stones the
winner has placed when completing its line (WINBASE = {WINBASES}),
so faster wins score higher; a loss is the negative of the
opponent's win score. In play, exact 0 means a heuristic evaluation (same sign
convention, in evaluation units), or, at depth 0 (the opening book) or with
score +-1000, a proven win or loss (1000) or draw (0) whose speed is not known.

Options
  --game NAME                 game: {NAMES} (default {DEFAULT}), or einstein
                              or connect3p (their own sections below)
  --algorithm alphabeta|minimax|mcts
                              solve/analyze/play: search algorithm (default
                              alphabeta); mcts: play only. play with minimax
                              is iterative deepening only (no solver, no book:
                              they prune)
  --algorithm expectimax|star1|star2|mcts
                              einstein play: expectiminimax, with Star1 or
                              Star2 pruning at chance nodes (default star2;
                              all three return the same value), or Monte
                              Carlo tree search with sampled die rolls
  --algorithm maxn|maxn-plain|paranoid
                              connect3p play: max^n with shallow pruning
                              (default), max^n without it, or paranoid search
  --no-ordering               do not order moves (solve, analyze, play)
  --no-table                  no transposition table (solve, analyze, play)
  --no-line-bounds            solve, analyze: the solver does not bound positions
                              by the lines still open
  --no-quick-wins             solve, analyze: the solver does not look for a move
                              that leaves the opponent no defence
  --no-forced-moves           solve, analyze: the solver searches a forced move's
                              node as any other (by default it plays the move
                              through: no table, ordering or line bounds there)
  --no-gain-ordering          solve, analyze: the solver orders moves by threats
                              and centre only, also with 28 or more empty cells
                              (by default the heuristic's gain counts there)
  --no-eval-ordering, --no-killers, --no-history, --no-quiescence
                              play: switch off one search technique
  --weak                      solve, analyze: win/draw/loss only (1, 0, -1);
                              fewer nodes than the exact score on every benchmark
                              file, far fewer in long games (docs/solver.md)
  --probes                    solve: print every null-window probe on stderr,
                              as the solver makes it: the question (value > A?),
                              the answer (a bound: >= it for yes, <= it for no),
                              its nodes (all threads and the calling thread's)
                              and its time; stdout is unchanged
                              (docs/solver.md, "Probes")
  --book FILE                 play, analyze: answer from this opening book first
                              (tools/bookgen; the site's is web/book.bin)
  --no-solver                 play: iterative deepening only (by default the
                              player first tries to prove the value with the
                              solver in 70-95% of its time,
                              {SOLVE_FROM})
  --time-ms N                 play: thinking time per position (default 1000);
                              analyze: the time per position (default none:
                              every move is proven to the end)
  --level NAME                play: a difficulty level instead of --time-ms/--depth:
{LEVELS}
  --seed N                    play: pick at random among equal moves (and, for a
                              level with a temperature, among good moves) with this seed;
                              with mcts: the playouts' seed (default 1)
  --playouts N                play, mcts: playouts per position (with --time-ms
                              too: whichever ends first; default: --time-ms only)
  --mcts-c X                  play, mcts: UCB1's exploration constant (default {MCTS_C})
  --no-smart-playouts         play, mcts: uniformly random playouts (by default a
                              playout takes a win in one and blocks a loss in one)
  --no-mcts-solver            play, mcts: no MCTS-Solver (proven wins and losses
                              do not propagate; the search never stops early)
  --mcts-max-nodes N          play, mcts: node pool size (default {MCTS_NODES});
                              when full the tree stops growing, the playouts go on
  --depth D                   play: depth limit (default none; a fixed-depth
                              search: no solver, no book); count: plies (at
                              most {COUNT_MAX}: it keeps every position it finds)
  --tt-mb N                   transposition table size in MiB (default 64); play
                              has two tables of this size (its search's and its
                              solver's). solve and analyze clear the table before
                              each line, which their times do not count (about
                              6 ms a line at 64 MiB: --tt-mb 1 for many small
                              positions)
  --threads N                 solve, analyze: the solver's threads (default 1),
                              sharing one table (engine/search/parallel_solver.hpp);
                              the same scores, node counts that vary from run to
                              run with more than one
  --help                      this text
  --version                   print the version

Bad input lines (a non-digit, a move out of range, a full column or taken cell,
a move after the game has ended, a line longer than 4096 characters) are
reported on stderr with their line number; no output line is printed for
them, the tool goes on, and exits with status 1 at the end.
An option that does nothing for the command given (the commands each
option is for are named above) is an error, as is --level with --depth or
--time-ms (the level sets them).
Exit status: 0 all lines ok, 1 some lines rejected, 2 bad command line.

{EINSTEIN}
{CONNECT3P})";

struct Config {
  std::string game = gs::gameInfo(0).name;
  std::string command;
  gs::SolverOptions solver;
  gs::SearchOptions search;
  int timeMs = 1000;
  bool timeGiven = false;  // --time-ms was given
  int depth = -1;
  int level = -1;
  std::uint32_t seed = 0;  // 0: deterministic choice
  bool exact = true;       // play: try the exact solver first (player.hpp)
  bool weak = false;       // solve: win/draw/loss only
  bool probes = false;     // solve: report every null-window probe on stderr
  std::string bookFile;    // play: opening book (Connect Four)
  std::size_t ttBytes = std::size_t{64} << 20;
  int threads = 1;         // solve, analyze: the solver's threads
  bool mcts = false;       // play: --algorithm mcts
  gs::MctsOptions mctsOpt;
  long playouts = 0;       // mcts: 0 = the time limit only
  std::string mctsOption;  // an mcts option given (for the error without mcts)
  // --game einstein (not in the registry: einstein_cli.hpp)
  bool chanceAlgorithmGiven = false;
  gs::ExpectimaxOptions chance;
  std::vector<std::string> given;  // every option given, for the einstein check
  // --game connect3p (not in the registry: connect3p_cli.hpp)
  bool multiAlgorithmGiven = false;
  gs::MultiAlgorithm multi = gs::MultiAlgorithm::kMaxnShallow;
};

// count keeps every position it finds: about 2.5 GB at depth 10 in Connect
// Four, 18 GB at 11.
constexpr int kCountMaxDepth = 10;

// The commands each option of the two-player games is for (the help text
// names them); an option given to another command is an error, not ignored.
struct OptionUse {
  const char* option;
  const char* commands;  // space-separated
};
constexpr OptionUse kOptionUse[] = {
    {"--algorithm", "solve analyze play"}, {"--no-ordering", "solve analyze play"},
    {"--no-table", "solve analyze play"},  {"--no-line-bounds", "solve analyze"},
    {"--no-quick-wins", "solve analyze"},  {"--no-forced-moves", "solve analyze"},
    {"--no-gain-ordering", "solve analyze"}, {"--no-eval-ordering", "play"},
    {"--no-killers", "play"},              {"--no-history", "play"},
    {"--no-quiescence", "play"},           {"--weak", "solve analyze"},
    {"--probes", "solve"},                 {"--book", "play analyze"},
    {"--no-solver", "play"},               {"--time-ms", "play analyze"},
    {"--level", "play"},                   {"--seed", "play"},
    {"--depth", "play count"},             {"--tt-mb", "solve analyze play"},
    {"--threads", "solve analyze"},
};

// The commands `option` is for, or null (any command).
const char* commandsOf(const std::string& option) {
  for (const OptionUse& u : kOptionUse)
    if (option == u.option) return u.commands;
  return nullptr;
}

bool isEinstein(const std::string& game) { return game == gs::Einstein::kName; }
bool isConnect3p(const std::string& game) { return game == gs::Connect3p::kName; }

std::string usage() {
  std::string games, notation, winBases, solveFrom, levels;
  for (int i = 0; i < gs::kGameCount; ++i) {
    const gs::GameInfo& g = gs::gameInfo(i);
    const std::string sep = i == 0 ? "" : i + 1 == gs::kGameCount ? " and " : ", ";
    games += sep + g.displayName;
    notation += std::string("  ") + g.displayName + ": " + g.notationHelp + (i + 1 < gs::kGameCount ? "\n" : "");
    winBases += std::string(i ? ", " : "") + std::to_string(g.winBase) + " for " + g.displayName;
  }
  gs::forEachGame([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if (gs::hasSolverBounds<Game> && Game::kSolveFromPlies > 0)
      solveFrom += std::string(solveFrom.empty() ? "" : ", ") + "from " + std::to_string(Game::kSolveFromPlies) +
                   " stones on in " + Game::kDisplayName;
  });
  if (solveFrom.empty()) solveFrom = "from the first move";
  for (int i = 0; i < gs::kLevelCount; ++i) {
    const gs::Level& l = gs::kLevels[i];
    std::string what = l.maxDepth ? std::to_string(l.maxDepth) + " plies" : "";
    if (l.temperature) what += ", temperature " + std::to_string(l.temperature);
    if (l.timeMs) {
      std::string secs = std::to_string(l.timeMs / 1000) + "." + std::to_string(l.timeMs % 1000 / 100);
      if (secs.back() == '0') secs.resize(secs.size() - 2);
      what += (what.empty() ? "" : ", ") + secs + " s";
    }
    const gs::MctsLevel& m = gs::kMctsLevels[i];
    what += "; mcts: " + (m.playouts ? std::to_string(m.playouts) + " playouts" : std::to_string(m.timeMs) + " ms");
    levels += std::string(30, ' ') + l.name + " (" + what + ")" + (i + 1 < gs::kLevelCount ? "\n" : "");
  }
  std::string text = kUsage;
  auto fill = [&](const std::string& key, const std::string& value) {
    for (std::size_t at; (at = text.find(key)) != std::string::npos;) text.replace(at, key.size(), value);
  };
  fill("{GAMES}", games);
  fill("{NAMES}", gs::gameNames("|", "|"));
  fill("{NOTATION}", notation);
  fill("{WINBASES}", winBases);
  fill("{DEFAULT}", gs::gameInfo(0).name);
  fill("{SOLVE_FROM}", solveFrom);
  fill("{LEVELS}", levels);
  char c[32];
  std::snprintf(c, sizeof c, "%g", gs::MctsOptions::kDefaultExploration);
  fill("{MCTS_C}", c);
  fill("{MCTS_NODES}", std::to_string(gs::MctsOptions::kDefaultMaxNodes));
  fill("{COUNT_MAX}", std::to_string(kCountMaxDepth));
  fill("{EINSTEIN}", gs::einsteinUsage());
  fill("{CONNECT3P}", gs::connect3pUsage());
  return text;
}

[[noreturn]] void usageError(const std::string& msg) {
  std::cerr << "gamesearch: " << msg << "\nTry 'gamesearch --help'.\n";
  std::exit(2);
}

long parseNumber(const std::string& opt, const char* value, long lo, long hi) {
  if (!value) usageError(opt + " needs a number");
  long v = 0;
  if (!gs::parseWholeNumber(value, lo, hi, v)) usageError(gs::wholeNumberError(opt, lo, hi, value));
  return v;
}

// A decimal number in [lo, hi] (strtod's syntax, nothing after it).
double parseDecimal(const std::string& opt, const char* value, double lo, double hi) {
  char* end = nullptr;
  const double v = value && *value ? std::strtod(value, &end) : 0;
  if (!value || !*value || *end || !(v >= lo && v <= hi)) {
    char range[64];
    std::snprintf(range, sizeof range, "%g to %g", lo, hi);
    usageError(opt + " must be a number from " + range + (value ? std::string(", not '") + value + "'" : ""));
  }
  return v;
}

Config parseArgs(int argc, char** argv) {
  Config c;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!a.empty() && a[0] == '-') c.given.push_back(a);
    if (a == "--help" || a == "-h") {
      std::cout << usage();
      std::exit(0);
    } else if (a == "--version") {
      std::cout << "gamesearch " << GS_VERSION << "\n";
      std::exit(0);
    } else if (a == "--game") {
      if (!next || (gs::findGame(next) < 0 && !isEinstein(next) && !isConnect3p(next)))
        usageError("--game must be " + gs::gameNames(", ", ", ") + ", " + gs::Einstein::kName + " or " +
                   gs::Connect3p::kName);
      c.game = next;
      ++i;
    } else if (a == "--algorithm") {
      if (next && std::string(next) == "minimax") {
        c.solver.algorithm = gs::Algorithm::kMinimax;
        c.search.alphaBeta = false;
      } else if (next && std::string(next) == "alphabeta") {
        c.solver.algorithm = gs::Algorithm::kAlphaBeta;
      } else if (next && std::string(next) == "mcts") {
        c.mcts = true;
      } else if (next && gs::parseChanceAlgorithm(next, c.chance.algorithm)) {
        c.chanceAlgorithmGiven = true;
      } else if (next && gs::parseMultiAlgorithm(next, c.multi)) {
        c.multiAlgorithmGiven = true;
      } else {
        usageError("--algorithm must be alphabeta, minimax or mcts (einstein: expectimax, star1 or star2; "
                   "connect3p: maxn, maxn-plain or paranoid)");
      }
      ++i;
    } else if (a == "--no-ordering") {
      c.solver.ordering = false;
      c.search.evalOrdering = c.search.killers = c.search.history = false;
    } else if (a == "--no-table") {
      c.solver.table = false;
      c.search.table = false;
    } else if (a == "--no-line-bounds") {
      c.solver.lineBounds = false;
    } else if (a == "--no-quick-wins") {
      c.solver.quickWins = false;
    } else if (a == "--no-forced-moves") {
      c.solver.forcedMoves = false;
    } else if (a == "--no-gain-ordering") {
      c.solver.gainOrdering = false;
    } else if (a == "--no-eval-ordering") {
      c.search.evalOrdering = false;
    } else if (a == "--book") {
      if (!next) usageError("--book needs a file");
      c.bookFile = next;
      ++i;
    } else if (a == "--weak") {
      c.weak = true;
    } else if (a == "--probes") {
      c.probes = true;
    } else if (a == "--no-solver") {
      c.exact = false;
    } else if (a == "--no-killers") {
      c.search.killers = false;
    } else if (a == "--no-history") {
      c.search.history = false;
    } else if (a == "--no-quiescence") {
      c.search.quiescence = false;
    } else if (a == "--time-ms") {
      c.timeMs = static_cast<int>(parseNumber(a, next, 1, 3600000));
      c.timeGiven = true;
      ++i;
    } else if (a == "--depth") {
      c.depth = static_cast<int>(parseNumber(a, next, 1, 64));
      ++i;
    } else if (a == "--level") {
      if (!next || gs::findLevel(next) < 0) {
        std::string names;
        for (int k = 0; k < gs::kLevelCount; ++k)
          names += std::string(k == 0 ? "" : k + 1 == gs::kLevelCount ? " or " : ", ") + gs::kLevels[k].name;
        usageError("--level must be " + names);
      }
      c.level = gs::findLevel(next);
      ++i;
    } else if (a == "--seed") {
      c.seed = static_cast<std::uint32_t>(parseNumber(a, next, 1, 2147483647));
      ++i;
    } else if (a == "--playouts") {
      c.playouts = parseNumber(a, next, 1, 1000000000);
      c.mctsOption = a;
      ++i;
    } else if (a == "--mcts-c") {
      c.mctsOpt.exploration = parseDecimal(a, next, 0, 100);
      c.mctsOption = a;
      ++i;
    } else if (a == "--no-smart-playouts") {
      c.mctsOpt.smartPlayouts = false;
      c.mctsOption = a;
    } else if (a == "--no-mcts-solver") {
      c.mctsOpt.solver = false;
      c.mctsOption = a;
    } else if (a == "--mcts-max-nodes") {
      c.mctsOpt.maxNodes = static_cast<std::uint32_t>(parseNumber(a, next, gs::MctsOptions::kMinMaxNodes, 1L << 30));
      c.mctsOption = a;
      ++i;
    } else if (a == "--tt-mb") {
      c.ttBytes = static_cast<std::size_t>(parseNumber(a, next, 1, 16384)) << 20;
      ++i;
    } else if (a == "--threads") {
      c.threads = static_cast<int>(parseNumber(a, next, 1, 256));
      ++i;
    } else if (!a.empty() && a[0] == '-') {
      usageError("unknown option '" + a + "'");
    } else if (c.command.empty()) {
      if (a != "solve" && a != "analyze" && a != "play" && a != "count")
        usageError("unknown command '" + a + "' (expected solve, analyze, play or count)");
      c.command = a;
    } else {
      usageError("unexpected argument '" + a + "'");
    }
  }
  if (c.command.empty()) usageError("no command given (solve, analyze, play or count)");
  if (isConnect3p(c.game)) {
    // Connect Four for three has its own front end (connect3p_cli.hpp): play,
    // with max^n or paranoid search.
    if (c.command != "play")
      usageError(std::string(gs::Connect3p::kDisplayName) + " has play only (" + c.command +
                 " needs a two-player game): gamesearch --game connect3p play");
    const bool algorithmGiven = c.given.end() != std::find(c.given.begin(), c.given.end(), "--algorithm");
    if (algorithmGiven && !c.multiAlgorithmGiven)
      usageError("--algorithm for connect3p must be maxn, maxn-plain or paranoid");
    for (const std::string& opt : c.given)
      if (opt != "--game" && opt != "--algorithm" && opt != "--time-ms" && opt != "--depth")
        usageError(opt + " is not for connect3p (its options: --algorithm, --time-ms, --depth)");
    if (c.depth > gs::MultiSearcher<gs::Connect3p>::kMaxDepth)
      usageError("--depth for connect3p must be at most " +
                 std::to_string(gs::MultiSearcher<gs::Connect3p>::kMaxDepth));
    return c;
  }
  if (c.multiAlgorithmGiven)
    usageError(std::string("--algorithm ") + gs::multiAlgorithmName(c.multi) +
               " is for a game of three players (--game connect3p)");
  if (isEinstein(c.game)) {
    // EinStein has its own front end (einstein_cli.hpp): play, with the
    // options that mean something for expectiminimax.
    if (c.command != "play")
      usageError(std::string(gs::Einstein::kDisplayName) + " has play only (" + c.command +
                 " needs a game without dice): gamesearch --game einstein play");
    if (c.mcts && c.chanceAlgorithmGiven) usageError("--algorithm given twice (mcts and an expectiminimax one)");
    if (!c.mcts && c.given.end() != std::find(c.given.begin(), c.given.end(), "--algorithm") && !c.chanceAlgorithmGiven)
      usageError("--algorithm for einstein must be expectimax, star1, star2 or mcts");
    const auto mctsFlag = [](const std::string& o) {
      return o == "--playouts" || o == "--mcts-c" || o == "--no-smart-playouts" || o == "--no-mcts-solver" ||
             o == "--mcts-max-nodes";
    };
    for (const std::string& opt : c.given) {
      if (opt == "--game" || opt == "--algorithm" || opt == "--time-ms" || opt == "--seed") continue;
      if (c.mcts ? mctsFlag(opt) : (opt == "--depth" || opt == "--no-ordering")) continue;
      if (!c.mcts && mctsFlag(opt)) usageError(opt + " needs --algorithm mcts");
      if (c.mcts && (opt == "--depth" || opt == "--no-ordering"))
        usageError(opt + " is not for --algorithm mcts (einstein with mcts: --time-ms, --playouts, --seed, --mcts-c, "
                         "--no-smart-playouts, --no-mcts-solver, --mcts-max-nodes)");
      usageError(opt + " is not for einstein (its options: --algorithm, --time-ms, --depth, --seed, --no-ordering; "
                       "with --algorithm mcts: --playouts, --mcts-c, --no-smart-playouts, --no-mcts-solver, "
                       "--mcts-max-nodes)");
    }
    if (c.depth > gs::ExpectimaxSearcher<gs::Einstein>::kMaxDepth)
      usageError("--depth for einstein must be at most " +
                 std::to_string(gs::ExpectimaxSearcher<gs::Einstein>::kMaxDepth));
    return c;
  }
  if (c.chanceAlgorithmGiven)
    usageError(std::string("--algorithm ") + gs::chanceAlgorithmName(c.chance.algorithm) +
               " is for a game with dice (--game einstein)");
  if (c.mcts && c.command != "play") usageError("--algorithm mcts is for play");
  for (const std::string& opt : c.given) {
    const char* commands = commandsOf(opt);
    if (!commands) continue;
    std::vector<std::string> words;
    for (const char* s = commands; *s;) {
      const char* e = std::strchr(s, ' ');
      words.emplace_back(s, e ? e : s + std::strlen(s));
      s = e ? e + 1 : s + std::strlen(s);
    }
    if (std::find(words.begin(), words.end(), c.command) != words.end()) continue;
    std::string named;
    for (std::size_t k = 0; k < words.size(); ++k)
      named += (k == 0 ? "" : k + 1 == words.size() ? " and " : ", ") + words[k];
    usageError(opt + " is for " + named + ", not " + c.command);
  }
  if (c.command == "count" && c.depth > kCountMaxDepth)
    usageError("--depth for count must be at most " + std::to_string(kCountMaxDepth) +
               " (it keeps every position it finds: about 2.5 GB at 10 plies, 18 GB at 11)");
  // A minimax player compares with alpha-beta only without the solver and the
  // book (both prune): play --algorithm minimax is iterative deepening alone.
  if (c.command == "play" && c.solver.algorithm == gs::Algorithm::kMinimax) {
    if (!c.bookFile.empty()) usageError("--book is not for play --algorithm minimax (a book move is no search)");
    c.exact = false;
  }
  if (!c.mcts && c.level >= 0 && (c.depth > 0 || c.timeGiven))
    usageError(std::string("--level sets the depth and the time: no ") + (c.depth > 0 ? "--depth" : "--time-ms"));
  if (!c.mctsOption.empty() && !c.mcts) usageError(c.mctsOption + " needs --algorithm mcts");
  if (c.mcts && (c.depth > 0 || !c.bookFile.empty()))
    usageError(std::string(c.depth > 0 ? "--depth" : "--book") + " is not for --algorithm mcts");
  // MCTS has no table, ordering or solver of alpha-beta's to switch off.
  for (const std::string& opt : c.given)
    if (c.mcts && commandsOf(opt) && opt != "--algorithm" && opt != "--time-ms" && opt != "--level" && opt != "--seed")
      usageError(opt + " is not for --algorithm mcts (its options: --time-ms, --level, --seed, --playouts, --mcts-c, "
                       "--no-smart-playouts, --no-mcts-solver, --mcts-max-nodes)");
  if (c.mcts && c.level >= 0) {  // the level's MCTS budget (levels.hpp, kMctsLevels)
    if (c.playouts || c.timeGiven) usageError("--level sets the budget of --algorithm mcts: no --playouts or --time-ms");
    const gs::MctsLevel& l = gs::kMctsLevels[c.level];
    c.playouts = l.playouts;
    if (l.timeMs) c.timeMs = l.timeMs, c.timeGiven = true;
  }
  if (c.mcts && c.seed) c.mctsOpt.seed = c.seed;
  return c;
}

template <class Game>
void countPositions(const Game& g, int depth, std::vector<std::vector<std::uint64_t>>& seen, int ply) {
  seen[ply].push_back(g.key());
  if (ply == depth || g.lastMoverWon() || g.isFull()) return;
  for (int m = 0; m < Game::kMoveSlots; ++m) {
    if (!g.canPlay(m)) continue;
    Game c = g;
    c.play(m);
    countPositions(c, depth, seen, ply + 1);
  }
}

template <class Game>
int run(const Config& cfg) {
  if constexpr (!gs::hasSolverBounds<Game>) {
    if (cfg.command == "solve" || cfg.command == "analyze")
      usageError(std::string(Game::kDisplayName) + " has no exact solver: use play or count");
  }
  gs::TranspositionTable tt(cfg.mcts ? 1024 : cfg.ttBytes);  // (MCTS keeps no table)
  // One solver for every line: its table is cleared per position, which costs
  // nothing after a solve that did not touch it (core/tt.hpp).
  struct NoSolver {
    NoSolver(gs::TranspositionTable&, int) {}
  };
  std::conditional_t<gs::hasSolverBounds<Game>, gs::ParallelSolver<Game>, NoSolver> solver(
      tt, cfg.command == "solve" ? cfg.threads : 1);
  if constexpr (gs::hasSolverBounds<Game>) solver.setOptions(cfg.solver);
  // The player's solver table; in a timed analysis, the estimates' search table.
  const bool secondTable = (cfg.command == "play" && cfg.exact && !cfg.mcts) || (cfg.command == "analyze" && cfg.timeGiven);
  gs::TranspositionTable solverTt(secondTable ? cfg.ttBytes : 1024);
  gs::Player<Game> player(tt, solverTt);
  player.setSearchOptions(cfg.search);
  player.setExactAttempts(cfg.exact);
  gs::Mcts<Game> mcts(cfg.mctsOpt);
  gs::Book book;
  if (!cfg.bookFile.empty()) {
    std::string why;
    if constexpr (gs::hasMirror<Game>) {
      if (!*Game::kBookFile) usageError(std::string("--book: ") + Game::kDisplayName + " has no opening book");
      if (!book.load<Game>(cfg.bookFile, &why)) usageError("--book: " + why);
      if (cfg.exact) player.setBook(&book);
      if (cfg.command != "play" && cfg.command != "analyze") usageError("--book is for play and analyze");
    } else {
      usageError(std::string("--book: ") + Game::kDisplayName + " has no opening book");
    }
  }

  return gs::forEachInputLine(std::cin, [&](const std::string& moves, const auto& reject) {
    Game g;
    gs::ParseError err = gs::parseMoves(moves, g);
    if (!err.ok) {
      reject(err.message);
      return;
    }
    const bool over = gs::isOver(g);

    if (cfg.command == "solve" || cfg.command == "analyze") {
      if constexpr (gs::hasSolverBounds<Game>) {
        tt.clear();
        solver.resetNodes();
        if (cfg.command == "solve") {
          if (cfg.probes) {
            // One line per probe on stderr: the question it asked and its answer.
            solver.setOnProbe([&moves](const typename gs::ParallelSolver<Game>::ProbeReport& p) {
              const bool above = p.bound > p.alpha;
              std::fprintf(stderr, "probe \"%s\": value > %d? %s (%s %d), %llu nodes (calling thread %llu), %.1f ms\n",
                           moves.c_str(), p.alpha, above ? "yes" : "no", above ? ">=" : "<=", p.bound,
                           static_cast<unsigned long long>(p.nodes), static_cast<unsigned long long>(p.callerNodes), p.ms);
            });
          }
          auto t0 = std::chrono::steady_clock::now();
          int score = cfg.weak ? solver.solveSign(g) : solver.solve(g);
          // Rounded, not truncated: a cut-off fraction would take 0.5 µs off
          // the mean of the smallest solves.
          const long long us =
              std::llround(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
          std::cout << moves << " " << score << " " << solver.nodes() << " " << us << "\n";
        } else {
          std::cout << moves;
          gs::Analysis a;
          if (!over) {
            solverTt.clear();
            gs::Analyzer<Game> analyzer(solverTt, tt);
            analyzer.setSolverOptions(cfg.solver);
            analyzer.setThreads(cfg.threads);
            analyzer.setSearchOptions(cfg.search);
            analyzer.setExactScores(!cfg.weak);
            if (book.size()) analyzer.setBook(&book);
            a = analyzer.analyze(g, cfg.timeGiven ? gs::Deadline::fromNow(cfg.timeMs) : gs::Deadline());
          }
          for (int m = 0; m < Game::kMoveSlots; ++m) {
            const gs::Value v = over ? gs::Value{} : a.moves[m];
            if (v.kind == gs::ValueKind::kIllegal) std::cout << " x";
            else if (!v.proven()) std::cout << " ?";
            else if (cfg.weak) std::cout << " " << v.sign();
            else if (v.kind == gs::ValueKind::kExact) std::cout << " " << v.score;
            else std::cout << (v.score > 0 ? " W" : " L");
          }
          std::cout << "\n";
        }
      }
    } else if (cfg.command == "play" && cfg.mcts) {
      if (over) {
        reject("the game is already over, there is no move to play");
        return;
      }
      mcts.clear();
      gs::MctsLimits lim;
      lim.playouts = static_cast<std::uint64_t>(cfg.playouts);
      lim.timeMs = cfg.playouts && !cfg.timeGiven ? 0 : cfg.timeMs;
      const gs::MctsResult r = mcts.think(g, lim);
      double mean = 0;
      for (const gs::MctsMove& m : r.moves)
        if (m.move == r.bestMove) mean = m.mean;
      const long score = r.proven ? r.value * gs::SearchInfo::kVerdictScore
                                  : std::lround((2 * mean - 1) * gs::SearchInfo::kVerdictScore);
      std::cout << moves << " bestmove " << r.bestMove + 1 << " score " << score << " exact 0 depth " << r.pv.size()
                << " nodes " << r.nodes << " time_ms " << static_cast<long>(r.timeMs + 0.5) << " playouts "
                << r.playouts << " verdict " << (r.proven ? std::to_string(r.value) : std::string("?")) << "\n";
    } else if (cfg.command == "play") {
      if (over) {
        reject("the game is already over, there is no move to play");
        return;
      }
      tt.clear();
      gs::SearchLimits lim;
      lim.timeMs = cfg.timeMs;
      lim.maxDepth = cfg.depth > 0 ? cfg.depth : 0;
      if (cfg.level >= 0) lim = gs::levelLimits(gs::kLevels[cfg.level], cfg.seed ? cfg.seed : 1);
      if (cfg.seed) {
        lim.randomTies = true;
        lim.seed = cfg.seed;
      }
      solverTt.clear();
      gs::SearchResult r = player.think(g, lim);
      std::cout << moves << " bestmove " << r.bestMove + 1 << " score " << r.info.score << " exact "
                << (r.info.exact ? 1 : 0) << " depth " << r.info.depth << " nodes " << r.info.nodes
                << " time_ms " << static_cast<long>(r.info.timeMs + 0.5) << "\n";
    } else {  // count
      int depth = cfg.depth > 0 ? cfg.depth : 8;
      std::vector<std::vector<std::uint64_t>> seen(depth + 1);
      countPositions(g, depth, seen, 0);
      std::cout << moves;
      for (auto& v : seen) {
        std::sort(v.begin(), v.end());
        std::cout << " " << (std::unique(v.begin(), v.end()) - v.begin());
      }
      std::cout << "\n";
    }
  });
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  Config cfg = parseArgs(argc, argv);
  if (isConnect3p(cfg.game)) {
    gs::Connect3pCliConfig m;
    m.command = cfg.command;
    m.algorithm = cfg.multi;
    m.timeMs = cfg.timeMs;
    m.depth = cfg.depth > 0 ? cfg.depth : 0;
    return gs::runConnect3p(m);
  }
  if (isEinstein(cfg.game)) {
    gs::EinsteinCliConfig e;
    e.command = cfg.command;
    e.search = cfg.chance;
    e.search.ordering = cfg.solver.ordering;
    e.timeMs = cfg.timeMs;
    e.depth = cfg.depth > 0 ? cfg.depth : 0;
    e.seed = cfg.seed ? cfg.seed : 1;
    e.mcts = cfg.mcts;
    e.mctsOpt = cfg.mctsOpt;
    e.mctsOpt.seed = e.seed;
    e.playouts = static_cast<std::uint64_t>(cfg.playouts);
    e.timeGiven = cfg.timeGiven;
    return gs::runEinstein(e);
  }
  return gs::withGame(gs::findGame(cfg.game), [&](auto tag) { return run<typename decltype(tag)::type>(cfg); });
}
