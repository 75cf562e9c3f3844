// gamesearch's command-line checks that depend on the game's kind: which
// commands, algorithms and options it offers (GameInfo, engine/games/
// registry.hpp), and the options that exclude each other. CLI11 has checked
// each value's type and range already (gamesearch_args.cpp).
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "gamesearch_args.hpp"
#include "search/levels.hpp"

namespace gs::cli {

namespace {

bool listedIn(const std::string& list, const std::string& word) {
  const std::string spaced = " " + list + " ";
  return spaced.find(" " + word + " ") != std::string::npos;
}

// "a, b or c" of a space-separated list.
std::string either(const std::string& list, const char* last) { return listed(words(list), last); }

// An algorithm of another kind's (dice, more players) and not of `mine`:
// says which kind it is for.
void otherKindsAlgorithm(const std::string& algorithm, GameKind mine) {
  for (GameKind k : {GameKind::kChance, GameKind::kPlayers})
    if (k != mine && listedIn(algorithmsOf(k), algorithm) && !listedIn(algorithmsOf(mine), algorithm))
      usageError("--algorithm " + algorithm + " is for " + kindWords(k) + " (--game " + gameNames(", ", " or ", k) +
                 ")");
}

constexpr const char* kMctsOptions[] = {"--playouts", "--mcts-c", "--no-smart-playouts", "--no-mcts-solver",
                                        "--mcts-max-nodes"};
bool isMctsOption(const std::string& o) {
  return std::find(std::begin(kMctsOptions), std::end(kMctsOptions), o) != std::end(kMctsOptions);
}

// The commands of the games of another kind than two players: play, analyze
// and count; count reads --depth alone (at most `countMax`).
void checkKindCommand(const Config& c, const GameInfo& g, const char* needs, int countMax) {
  if (c.command != "play" && c.command != "analyze" && c.command != "count")
    usageError(std::string(g.displayName) + " has play, analyze and count (" + c.command + " needs " + needs +
               "): gamesearch --game " + g.name + " play");
  if (c.command != "count") return;
  for (const std::string& opt : c.given)
    if (opt != "--game" && opt != "--depth" && opt != "--seed")
      usageError(opt + " is not for count (its option: --depth)");
  if (c.depth > countMax)
    usageError("--depth for count of " + std::string(g.name) + " must be at most " + std::to_string(countMax) +
               " (it keeps every position it finds)");
}

// A game of more than two players: play and analyze with max^n, paranoid or BRS
// search, count.
void checkPlayers(Config& c, const GameInfo& g) {
  checkKindCommand(c, g, "a two-player game", kPlayersCountMaxDepth);
  if (c.gave("--algorithm") && !parseMultiAlgorithm(c.algorithm, c.multi))
    usageError(std::string("--algorithm for ") + g.name + " must be " + either(g.algorithms, " or "));
  for (const std::string& opt : c.given)
    if (opt != "--game" && opt != "--algorithm" && opt != "--time-ms" && opt != "--depth")
      usageError(opt + " is not for " + g.name + " (its options: --algorithm, --time-ms, --depth)");
  if (c.depth > g.maxPlies) usageError(std::string("--depth for ") + g.name + " must be at most " + std::to_string(g.maxPlies));
}

// A game with chance: play with expectiminimax or MCTS, analyze with
// expectiminimax, count.
void checkChance(Config& c, const GameInfo& g, int maxDepth) {
  checkKindCommand(c, g, "a game without dice", kChanceCountMaxDepth);
  c.mcts = c.algorithm == "mcts";
  if (c.mcts && c.command != "play") usageError("--algorithm mcts is for play");
  if (!c.algorithm.empty() && !c.mcts && !parseChanceAlgorithm(c.algorithm, c.chance.algorithm))
    usageError(std::string("--algorithm for ") + g.name + " must be " + either(g.algorithms, " or "));
  for (const std::string& opt : c.given) {
    if (opt == "--game" || opt == "--algorithm" || opt == "--time-ms" || opt == "--seed") continue;
    if (c.mcts ? isMctsOption(opt) : (opt == "--depth" || opt == "--no-ordering")) continue;
    if (!c.mcts && isMctsOption(opt)) usageError(opt + " needs --algorithm mcts");
    if (c.mcts && (opt == "--depth" || opt == "--no-ordering"))
      usageError(opt + " is not for --algorithm mcts (" + g.name + " with mcts: --time-ms, --playouts, --seed, --mcts-c, "
                       "--no-smart-playouts, --no-mcts-solver, --mcts-max-nodes)");
    usageError(opt + " is not for " + g.name + " (its options: --algorithm, --time-ms, --depth, --seed, --no-ordering; "
                     "with --algorithm mcts: --playouts, --mcts-c, --no-smart-playouts, --no-mcts-solver, "
                     "--mcts-max-nodes)");
  }
  if (c.command != "count" && c.depth > maxDepth)
    usageError(std::string("--depth for ") + g.name + " must be at most " + std::to_string(maxDepth));
}

// The deepest search of expectiminimax for the game `id` (of the chance kind).
int expectimaxMaxDepth(GameId id) {
  int depth = 0, i = 0;
  forEachGame([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (kindOf<Game>() == GameKind::kChance)
      if (i == id) depth = ExpectimaxSearcher<Game>::kMaxDepth;
    ++i;
  });
  return depth;
}

// Every option given must be for the command (the commands of its declaration).
void checkCommandOf(const Config& c, const std::map<std::string, std::string>& commandsOf) {
  for (const std::string& opt : c.given) {
    const auto it = commandsOf.find(opt);
    if (it == commandsOf.end() || it->second.empty() || listedIn(it->second, c.command)) continue;
    usageError(opt + " is for " + either(it->second, " and ") + ", not " + c.command);
  }
}

// A two-player game without chance: every command, alpha-beta, minimax or MCTS.
void checkTwoPlayer(Config& c, const std::map<std::string, std::string>& commandsOf) {
  c.mcts = c.algorithm == "mcts";
  if (c.algorithm == "minimax") {
    c.solver.algorithm = Algorithm::kMinimax;
    c.search.alphaBeta = false;
  }
  if (c.mcts && c.command != "play") usageError("--algorithm mcts is for play");
  checkCommandOf(c, commandsOf);
  if (c.command == "count" && c.depth > kCountMaxDepth)
    usageError("--depth for count must be at most " + std::to_string(kCountMaxDepth) +
               " (it keeps every position it finds: about 2.5 GB at 10 plies, 18 GB at 11)");
  // A minimax player compares with alpha-beta only without the solver and the
  // book (both prune): play --algorithm minimax is iterative deepening alone.
  if (c.command == "play" && c.solver.algorithm == Algorithm::kMinimax) {
    if (!c.bookFile.empty()) usageError("--book is not for play --algorithm minimax (a book move is no search)");
    c.exact = false;
  }
  if (!c.mcts && c.level >= 0 && (c.depth > 0 || c.timeGiven))
    usageError(std::string("--level sets the depth and the time: no ") + (c.depth > 0 ? "--depth" : "--time-ms"));
  for (const std::string& opt : c.given)
    if (!c.mcts && isMctsOption(opt)) usageError(opt + " needs --algorithm mcts");
  if (c.mcts && (c.depth > 0 || !c.bookFile.empty()))
    usageError(std::string(c.depth > 0 ? "--depth" : "--book") + " is not for --algorithm mcts");
  // MCTS has no table, ordering or solver of alpha-beta's to switch off.
  for (const std::string& opt : c.given)
    if (c.mcts && commandsOf.count(opt) && !commandsOf.at(opt).empty() && !isMctsOption(opt) &&
        opt != "--algorithm" && opt != "--time-ms" && opt != "--level" && opt != "--seed")
      usageError(opt + " is not for --algorithm mcts (its options: --time-ms, --level, --seed, --playouts, --mcts-c, "
                       "--no-smart-playouts, --no-mcts-solver, --mcts-max-nodes)");
  if (c.mcts && c.level >= 0) {  // the level's MCTS budget (levels.hpp, kMctsLevels)
    if (c.playouts || c.timeGiven) usageError("--level sets the budget of --algorithm mcts: no --playouts or --time-ms");
    const MctsLevel& l = kMctsLevels[c.level];
    c.playouts = l.playouts;
    if (l.timeMs) c.timeMs = l.timeMs, c.timeGiven = true;
  }
  if (c.mcts && c.seed) c.mctsOpt.seed = c.seed;
}

}  // namespace

void checkForKind(Config& c, const std::map<std::string, std::string>& commandsOf) {
  const GameInfo& g = gameInfo(c.game);
  if (g.kind == GameKind::kPlayers) return checkPlayers(c, g);
  if (!c.algorithm.empty()) otherKindsAlgorithm(c.algorithm, g.kind);
  switch (g.kind) {
    case GameKind::kPlayers:
      return;
    case GameKind::kChance:
      return checkChance(c, g, expectimaxMaxDepth(c.game));
    case GameKind::kTwoPlayer:
      return checkTwoPlayer(c, commandsOf);
  }
}

}  // namespace gs::cli
