// gamesearch's help texts (gamesearch_help.hpp).
#include "gamesearch_help.hpp"

#include <cstdio>
#include <sstream>

#include "games/registry.hpp"
#include "run_chance.hpp"
#include "run_players.hpp"
#include "search/levels.hpp"

namespace gs::cli {

namespace {

std::string spaced(const char* names, const char* sep) {
  std::string out;
  for (const char* p = names; *p; ++p) out += *p == ' ' ? std::string(sep) : std::string(1, *p);
  return out;
}

}  // namespace

std::string wrapText(const std::string& text, std::size_t width) {
  std::string out;
  std::istringstream lines(text);
  for (std::string para; std::getline(lines, para);) {
    const std::size_t indent = para.find_first_not_of(' ');
    const std::string lead = para.substr(0, indent == std::string::npos ? 0 : indent);
    std::istringstream in(para);
    std::string line;
    for (std::string w; in >> w;) {
      if (!line.empty() && line.size() + 1 + w.size() > width) {
        out += line + "\n";
        line = lead;
      }
      line += (line.empty() || line == lead ? lead.substr(line.size()) : " ") + w;
    }
    out += line + "\n";
  }
  if (!out.empty()) out.pop_back();
  return out;
}

std::string helpIntro() {
  std::string games, notation;
  for (int i = 0; i < kGameCount; ++i) {
    const GameInfo& g = gameInfo(i);
    games += std::string(i == 0 ? "" : i + 1 == kGameCount ? " and " : ", ") + g.displayName;
    notation += wrapText(std::string("  ") + g.displayName + ": " + g.notationHelp, 76) + "\n";
  }
  return "gamesearch - game-search engine for " + games +
         "\n\n"
         "Reads one position per line on stdin and prints one line per position.\n"
         "A position is written in the game's notation; for the games with moves\n"
         "as digits, a move string from the empty board, one digit per move. Only\n"
         "the line's first blank-separated field is read (blanks before it are\n"
         "skipped), so benchmark files can be piped in as they are. An empty or\n"
         "blank line is the start position. Positions:\n" +
         notation +
         "\nThe commands a game offers and the searches that play it follow from its\n"
         "kind: play, analyze and count for every game; solve and evaluate for\n"
         "the two-player games without dice (evaluate where the game's\n"
         "evaluation has features). The commands below are the two-player\n"
         "games'; the sections of the games with dice and of more players, at\n"
         "the end, give their own analyze and count lines.";
}

std::string commandHelp(const std::string& command) { return wrapText(commandText(command), 76); }

std::string commandText(const std::string& command) {
  if (command == "solve") return "exact value of each position\nprints: <moves> <score> <nodes> <microseconds>";
  if (command == "analyze")
    return "exact value of every move of each position (the page's analysis: opening book, then the solver; "
           "engine/search/analysis.hpp)\n"
           "prints: <moves> <score of move 1> ... <score of move N>  (x = illegal)\n"
           "With --time-ms N, a move not proven exactly within the N ms given to the position prints W (a proven "
           "win, its exact score not found in time), L (a proven loss) or ? (nothing proven).";
  if (command == "play")
    return "the move the time-limited computer player would choose\n"
           "prints: <moves> bestmove <m> score <s> exact <0|1> depth <d> nodes <n> time_ms <t>\n"
           "With --algorithm mcts (Monte Carlo tree search, engine/search/mcts.hpp) two fields follow:\n"
           "  ... time_ms <t> playouts <p> verdict <1|0|-1|?>\n"
           "score is the best move's mean playout result scaled to -1000..1000 (1000 x the proven value when "
           "MCTS-Solver proved the position: verdict 1 win, 0 draw, -1 loss; ? unproven), exact is 0, depth the "
           "length of the most visited line, nodes the tree's size. Each line is searched from a fresh tree.";
  if (command == "count")
    return "number of distinct positions after 0..D plies from each position (games stop at a win), --depth D "
           "(default 8)\nprints: <moves> <count at ply 0> <count at ply 1> ... <count at ply D>";
  return "the static evaluation of each position, feature by feature, for the side to move (the value the "
         "searches use at their horizon; core/game.hpp, capability f)\n"
         "prints: <moves> <feature>=<mine>-<theirs>*<weight>=<contribution> ... total=<value>\n"
         "mine counts the feature for the side to move, theirs for the opponent; the contribution is weight x "
         "(mine - theirs), and total their sum: the evaluation. Features: " + featuresText();
}

std::string helpFooter() {
  std::string winBases;
  for (int i = 0; i < kGameCount; ++i) {
    const GameInfo& g = gameInfo(i);
    if (g.kind != GameKind::kTwoPlayer) continue;
    winBases += std::string(winBases.empty() ? "" : ", ") + std::to_string(g.winBase) + " for " + g.displayName;
  }
  return "Scores (solve, analyze, and play when exact is 1) are exact game values for\n"
         "the side to move: 0 = draw; a win scores WINBASE - the number of stones the\n"
         "winner has placed when completing its line (WINBASE = " + winBases + "),\n"
         "so faster wins score higher; a loss is the negative of the\n"
         "opponent's win score. In play, exact 0 means a heuristic evaluation (same sign\n"
         "convention, in evaluation units), or, at depth 0 (the opening book) or with\n"
         "score +-1000, a proven win or loss (1000) or draw (0) whose speed is not known.\n\n"
         "Bad input lines (a non-digit, a move out of range, a full column or taken cell,\n"
         "a move after the game has ended, a line longer than 4096 characters) are\n"
         "reported on stderr with their line number; no output line is printed for\n"
         "them, the tool goes on, and exits with status 1 at the end.\n"
         "An option that does nothing for the command given (the commands each\n"
         "option is for head its group above) is an error, as is --level with --depth or\n"
         "--time-ms (the level sets them).\n"
         "Exit status: 0 all lines ok, 1 some lines rejected, 2 bad command line.\n"
         "--help prints this text, --version the version.\n\n" +
         chanceUsage() + "\n" + playersUsage();
}

std::string featuresText() {
  std::string out;
  forEachGame([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasFeatures<Game>) {
      out += std::string(out.empty() ? "" : "; ") + Game::kName + ":";
      for (int k = 0; k < Game::kFeatures; ++k)
        out += std::string(k ? "," : "") + " " + Game::kFeatureNames[k] + " x" + std::to_string(Game::kFeatureWeights[k]);
    }
  });
  return out;
}

std::string solveFromText() {
  std::string out;
  forEachGame([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSolverBounds<Game>) {
      if (Game::kSolveFromPlies > 0)
        out += std::string(out.empty() ? "" : ", ") + "from " + std::to_string(Game::kSolveFromPlies) +
               " stones on in " + Game::kDisplayName;
    }
  });
  return out.empty() ? "from the first move" : out;
}

std::string levelsText() {
  std::string levels;
  for (int i = 0; i < kLevelCount; ++i) {
    const Level& l = kLevels[i];
    std::string what = l.maxDepth ? std::to_string(l.maxDepth) + " plies" : "";
    if (l.temperature) what += ", temperature " + std::to_string(l.temperature);
    if (l.timeMs) {
      std::string secs = std::to_string(l.timeMs / 1000) + "." + std::to_string(l.timeMs % 1000 / 100);
      if (secs.back() == '0') secs.resize(secs.size() - 2);
      what += (what.empty() ? "" : ", ") + secs + " s";
    }
    const MctsLevel& m = kMctsLevels[i];
    what += "; mcts: " + (m.playouts ? std::to_string(m.playouts) + " playouts" : std::to_string(m.timeMs) + " ms");
    levels += std::string(l.name) + " (" + what + ")" + (i + 1 < kLevelCount ? "\n" : "");
  }
  return levels;
}

std::string algorithmsHelp() {
  std::string out;
  for (GameKind k : {GameKind::kTwoPlayer, GameKind::kChance, GameKind::kPlayers})
    out += std::string(out.empty() ? "" : "; ") + gameNames(", ", " and ", k) + ": " + spaced(algorithmsOf(k), "|") +
           " (default " + defaultAlgorithmOf(k) + ")";
  return out;
}

}  // namespace gs::cli
