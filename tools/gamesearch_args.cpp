// gamesearch's command line with CLI11: the declarations (help, types,
// ranges, the commands each option is for), then the checks that depend on
// the game's kind. Every option is declared on the main app, so it may come
// before or after the command; the commands are subcommands that fall
// through to it.
#include "gamesearch_args.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <utility>

#include "gamesearch_help.hpp"
#include "search/levels.hpp"

namespace gs::cli {

void usageError(const std::string& message) {
  std::cerr << "gamesearch: " << message << "\nTry 'gamesearch --help'.\n";
  std::exit(2);
}

bool Config::gave(const std::string& option) const {
  return std::find(given.begin(), given.end(), option) != given.end();
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// "a, b or c" (last = " or "), "a and b" (last = " and ").
std::string listed(const std::vector<std::string>& items, const char* last) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : i + 1 == items.size() ? last : ", ") + items[i];
  return out;
}

namespace {

constexpr const char* kCommands[] = {"solve", "analyze", "play", "count", "evaluate"};

// "solve, analyze, play, count or evaluate"
std::string commandList() {
  std::vector<std::string> names(std::begin(kCommands), std::end(kCommands));
  return listed(names, " or ");
}

// What each option's value is, in words, for the message about a missing
// value ("--seed needs a whole number from 1 to 2147483647"): written by the
// validators below as the options are declared.
std::map<std::string, std::string>& valueWords() {
  static std::map<std::string, std::string> words;
  return words;
}

// A whole number in [lo, hi] in decimal (strtol's syntax, nothing after
// it), checked before CLI11 converts the text, which it rewrites in plain
// decimal (CLI11 alone would read "010" as octal and "0x10" as hex).
CLI::Validator wholeNumber(const std::string& option, long lo, long hi) {
  const std::string range = "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  valueWords()[option] = range;
  return CLI::Validator(
      [=](std::string& text) {
        char* end = nullptr;
        errno = 0;
        const long v = text.empty() ? 0 : std::strtol(text.c_str(), &end, 10);
        if (text.empty() || errno || *end || v < lo || v > hi) usageError(option + " must be " + range + ", not '" + text + "'");
        text = std::to_string(v);
        return std::string();
      },
      "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
}

// A decimal number in [lo, hi] (strtod's syntax, nothing after it).
CLI::Validator decimal(const std::string& option, double lo, double hi) {
  char range[64];
  std::snprintf(range, sizeof range, "a number from %g to %g", lo, hi);
  valueWords()[option] = range;
  return CLI::Validator(
      [=](std::string& text) {
        char* end = nullptr;
        const double v = text.empty() ? 0 : std::strtod(text.c_str(), &end);
        if (text.empty() || *end || !(v >= lo && v <= hi))
          usageError(option + " must be " + std::string(range) + ", not '" + text + "'");
        return std::string();
      },
      "");
}

// One of `allowed` (or the message).
CLI::Validator oneOf(const std::string& option, const std::vector<std::string>& allowed, const std::string& message) {
  valueWords()[option] = listed(allowed, " or ");
  return CLI::Validator(
      [=](std::string& text) {
        if (std::find(allowed.begin(), allowed.end(), text) == allowed.end()) usageError(message);
        return std::string();
      },
      "");
}

// The declarations: every option with its help and the commands it is for
// (the help's group heading; the checks read them back from `commandsOf`).
class Declarations {
 public:
  explicit Declarations(CLI::App& app) : app_(app) {}

  CLI::Option* flag(const std::string& name, const std::string& commands, const std::string& help, bool& target,
                    bool value) {
    return flag(name, commands, help, [&target, value] { target = value; });
  }
  CLI::Option* flag(const std::string& name, const std::string& commands, const std::string& help,
                    std::function<void()> effect) {
    return grouped(app_.add_flag_callback(name, std::move(effect), help), name, commands);
  }
  template <class T>
  CLI::Option* optionFunction(const std::string& name, const std::string& commands, const std::string& help,
                              std::function<void(const T&)> effect) {
    return grouped(app_.add_option_function<T>(name, std::move(effect), help), name, commands);
  }
  template <class T>
  CLI::Option* option(const std::string& name, const std::string& commands, const std::string& help, T& target) {
    return grouped(app_.add_option(name, target, help), name, commands);
  }
  const std::map<std::string, std::string>& commandsOf() const { return commands_; }

 private:
  CLI::Option* grouped(CLI::Option* o, const std::string& name, const std::string& commands) {
    commands_[name] = commands;
    o->group(commands.empty() ? "Options" : "Options of " + listed(words(commands), " and "));
    return o;
  }
  CLI::App& app_;
  std::map<std::string, std::string> commands_;
};

void declareSearchSwitches(Declarations& d, Config& c) {
  d.flag("--no-ordering", "solve analyze play", "do not order moves", [&c] {
    c.solver.ordering = false;
    c.search.evalOrdering = c.search.killers = c.search.history = false;
    c.chance.ordering = false;
  });
  d.flag("--no-table", "solve analyze play", "no transposition table", [&c] { c.solver.table = c.search.table = false; });
  d.flag("--no-line-bounds", "solve analyze", "the solver does not bound positions by the lines still open",
         c.solver.lineBounds, false);
  d.flag("--no-quick-wins", "solve analyze", "the solver does not look for a move that leaves the opponent no defence",
         c.solver.quickWins, false);
  d.flag("--no-forced-moves", "solve analyze",
         "the solver searches a forced move's node as any other (by default it plays the move through: no table, "
         "ordering or line bounds there)",
         c.solver.forcedMoves, false);
  d.flag("--no-gain-ordering", "solve analyze",
         "the solver orders moves by threats and centre only, also with 28 or more empty cells (by default the "
         "heuristic's gain counts there)",
         c.solver.gainOrdering, false);
  d.flag("--no-eval-ordering", "play", "switch off ordering by the evaluation", c.search.evalOrdering, false);
  d.flag("--no-killers", "play", "switch off the killer moves", c.search.killers, false);
  d.flag("--no-history", "play", "switch off the history heuristic", c.search.history, false);
  d.flag("--no-quiescence", "play", "switch off quiescence search", c.search.quiescence, false);
}

void declareSolverOptions(Declarations& d, Config& c) {
  d.flag("--weak", "solve analyze",
         "win/draw/loss only (1, 0, -1); fewer nodes than the exact score on every benchmark file, far fewer in long "
         "games (docs/solver.md)",
         c.weak, true);
  d.flag("--probes", "solve",
         "print every null-window probe on stderr, as the solver makes it: the question (value > A?), the answer (a "
         "bound: >= it for yes, <= it for no), its nodes (all threads and the calling thread's) and its time; stdout "
         "is unchanged (docs/solver.md, \"Probes\")",
         c.probes, true);
  d.option("--book", "play analyze", "answer from this opening book first (tools/bookgen; the site's is web/book.bin)",
           c.bookFile)
      ->type_name("FILE");
  valueWords()["--book"] = "a file";
  d.flag("--no-solver", "play",
         "iterative deepening only (by default the player first tries to prove the value with the solver in 70-95% "
         "of its time, " + solveFromText() + ")",
         c.exact, false);
  d.option("--threads", "solve analyze",
           "the solver's threads (default 1), sharing one table (engine/search/parallel_solver.hpp); the same "
           "scores, node counts that vary from run to run with more than one",
           c.threads)
      ->transform(wholeNumber("--threads", 1, 256));
  d.option("--lines", "analyze",
           "also print the lines of the best N moves (0-5, default 0), best first: each move's principal "
           "variation, the proof's for a proven value (engine/search/analysis.hpp, step 6), after the word 'lines'",
           c.lines)
      ->transform(wholeNumber("--lines", 0, 5));
  d.optionFunction<long>("--tt-mb", "solve analyze play",
                         "transposition table size in MiB (default 64); play has two tables of this size (its "
                         "search's and its solver's). solve and analyze clear the table before each line, which "
                         "their times do not count (about 6 ms a line at 64 MiB: --tt-mb 1 for many small positions)",
                         [&c](const long& mb) { c.ttBytes = static_cast<std::size_t>(mb) << 20; })
      ->type_name("INT")
      ->transform(wholeNumber("--tt-mb", 1, 16384));
}

void declareBudget(Declarations& d, Config& c) {
  d.option("--time-ms", "play analyze",
           "play: thinking time per position (default 1000); analyze: the time per position (default none: every "
           "move is proven to the end)",
           c.timeMs)
      ->transform(wholeNumber("--time-ms", 1, 3600000));
  std::vector<std::string> levels;
  for (int k = 0; k < kLevelCount; ++k) levels.push_back(kLevels[k].name);
  valueWords()["--level"] = listed(levels, " or ");
  d.option("--level", "play", "a difficulty level instead of --time-ms/--depth:\n" + levelsText(), c.level)
      ->type_name("NAME")
      ->transform(CLI::Validator(
          [levels](std::string& text) {
            const int k = findLevel(text);
            if (k < 0) usageError("--level must be " + listed(levels, " or "));
            text = std::to_string(k);
            return std::string();
          },
          ""));
  d.option("--seed", "play",
           "pick at random among equal moves (and, for a level with a temperature, among good moves) with this seed; "
           "with mcts: the playouts' seed (default 1)",
           c.seed)
      ->transform(wholeNumber("--seed", 1, 2147483647));
  d.option("--depth", "play count",
           "play: depth limit (default none; a fixed-depth search: no solver, no book); count: plies (default 8, at "
           "most " + std::to_string(kCountMaxDepth) + ": it keeps every position it finds)",
           c.depth)
      ->transform(wholeNumber("--depth", 1, 64));
}

void declareMcts(Declarations& d, Config& c) {
  d.option("--playouts", "play", "mcts: playouts per position (with --time-ms too: whichever ends first; default: "
                                 "--time-ms only)", c.playouts)
      ->transform(wholeNumber("--playouts", 1, 1000000000));
  char cText[32];
  std::snprintf(cText, sizeof cText, "%g", MctsOptions::kDefaultExploration);
  d.option("--mcts-c", "play", std::string("mcts: UCB1's exploration constant (default ") + cText + ")",
           c.mctsOpt.exploration)
      ->transform(decimal("--mcts-c", 0, 100));
  d.flag("--no-smart-playouts", "play",
         "mcts: uniformly random playouts (by default a playout takes a win in one and blocks a loss in one)",
         c.mctsOpt.smartPlayouts, false);
  d.flag("--no-mcts-solver", "play", "mcts: no MCTS-Solver (proven wins and losses do not propagate; the search "
                                     "never stops early)", c.mctsOpt.solver, false);
  d.option("--mcts-max-nodes", "play", "mcts: node pool size (default " + std::to_string(MctsOptions::kDefaultMaxNodes) +
                                           "); when full the tree stops growing, the playouts go on",
           c.mctsOpt.maxNodes)
      ->transform(wholeNumber("--mcts-max-nodes", MctsOptions::kMinMaxNodes, 1L << 30));
}

// Every algorithm of every kind, and the message for a name that is none.
std::vector<std::string> allAlgorithms(std::string& message) {
  std::vector<std::string> all;
  std::string others;
  for (GameKind k : {GameKind::kTwoPlayer, GameKind::kChance, GameKind::kPlayers}) {
    const std::vector<std::string> mine = words(algorithmsOf(k));
    for (const std::string& a : mine)
      if (std::find(all.begin(), all.end(), a) == all.end()) all.push_back(a);
    if (k == GameKind::kTwoPlayer) message = "--algorithm must be " + listed(mine, " or ");
    else others += std::string(others.empty() ? "" : "; ") + gameNames(", ", " or ", k) + ": " + listed(mine, " or ");
  }
  message += " (" + others + ")";
  return all;
}

void declare(CLI::App& app, Declarations& d, Config& c) {
  std::string gameText = gameInfo(0).name;
  std::vector<std::string> games;
  for (int i = 0; i < kGameCount; ++i) games.push_back(gameInfo(i).name);
  app.add_option_function<std::string>(
         "--game", [&c](const std::string& name) { c.game = findGame(name); },
         "game: " + listed(games, ", ") + " (default " + gameText + "); what each offers is below")
      ->type_name("NAME")
      ->check(oneOf("--game", games, "--game must be " + listed(games, " or ")));
  // The board size: checked against the game in runTwoPlayerSized
  // (run_two_player.hpp), which knows the sizes it is played on.
  valueWords()["--size"] = "WxH, the columns and the rows (e.g. 8x7)";
  app.add_option_function<std::string>(
         "--size",
         [&c](const std::string& text) {
           const std::size_t x = text.find('x');
           char* end = nullptr;
           const long w = x == std::string::npos ? 0 : std::strtol(text.c_str(), &end, 10);
           const bool wOk = x != std::string::npos && end == text.c_str() + x && x > 0;
           const long h = wOk ? std::strtol(text.c_str() + x + 1, &end, 10) : 0;
           if (!wOk || x + 1 >= text.size() || *end || !std::isdigit(static_cast<unsigned char>(text[0])) ||
               !std::isdigit(static_cast<unsigned char>(text[x + 1])) || w < 1 || w > 64 || h < 1 || h > 64)
             usageError("--size must be WxH, the columns and the rows (e.g. 8x7), not '" + text + "'");
           c.width = static_cast<int>(w);
           c.height = static_cast<int>(h);
           c.sizeText = text;
         },
         "Connect Four's board, columns x rows (default 7x6; every board with W, H >= 4 and W x (H + 1) <= 64, "
         "e.g. 8x7, 9x6, 5x4; docs/board-sizes.md); columns 10-12 are written a, b, c")
      ->type_name("WxH");
  app.add_flag_callback(
      "--runtime-size", [&c] { c.runtimeSize = true; },
      "Connect Four: play 7x6 too on the board class sized at run time instead of the compiled 7x6 one (no "
      "book), to measure what the run-time size costs (docs/board-sizes.md)");
  std::string badAlgorithm;
  const std::vector<std::string> algorithms = allAlgorithms(badAlgorithm);
  d.option("--algorithm", "solve analyze play",
           "the search, by the game's kind: " + algorithmsHelp() +
               ". play with minimax is iterative deepening only (no solver, no book: they prune)",
           c.algorithm)
      ->type_name("NAME")
      ->check(oneOf("--algorithm", algorithms, badAlgorithm))
      ->multi_option_policy(CLI::MultiOptionPolicy::Throw);  // (mcts and star1 at once would be ambiguous)
  declareSearchSwitches(d, c);
  declareSolverOptions(d, c);
  declareBudget(d, c);
  declareMcts(d, c);
}

// CLI11's help layout with the option descriptions wrapped to the width of
// a terminal (after the 30-column option names), and the usage line of a
// tool whose command comes first.
class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_option_desc(const CLI::Option* opt) const override { return wrapText(opt->get_description(), 48); }
  std::string make_usage(const CLI::App*, std::string) const override {
    return "Usage: gamesearch [--game NAME] <command> [options] < positions\n"
           "       gamesearch --help | --version\n";
  }
};

}  // namespace

void checkForKind(Config& c, const std::map<std::string, std::string>& commandsOf);

namespace {

// Reads argv in order before CLI11 does, so the first bad argument is the one
// reported: an unknown option, a first word that is no command, or a second
// word. Collects the options given (their names, in order) into `given`.
void scanArguments(const CLI::App& app, int argc, char** argv, std::vector<std::string>& given) {
  bool command = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.size() > 1 && a[0] == '-') {
      const std::string name = a.substr(0, a.find('='));
      const CLI::Option* opt = app.get_option_no_throw(name);
      if (!opt) usageError("unknown option '" + name + "'");
      given.push_back(name);
      if (opt->get_expected_min() > 0 && name.size() == a.size()) ++i;  // its value (a flag takes none)
    } else if (!command) {
      if (std::find(std::begin(kCommands), std::end(kCommands), a) == std::end(kCommands))
        usageError("unknown command '" + a + "' (expected " + commandList() + ")");
      command = true;
    } else {
      usageError("unexpected argument '" + a + "'");
    }
  }
}

}  // namespace

Config parseArgs(int argc, char** argv) {
  Config c;
  CLI::App app(helpIntro(), "gamesearch");
  app.set_help_flag();
  app.fallthrough();
  app.formatter(std::make_shared<HelpFormatter>());
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);  // the last one given counts
  Declarations d(app);
  declare(app, d, c);
  for (const char* command : kCommands) app.add_subcommand(command, commandHelp(command))->fallthrough();
  app.footer(helpFooter());
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::cout << app.help("", CLI::AppFormatMode::All);
      std::exit(0);
    }
    if (a == "--version") {
      std::cout << "gamesearch " << GS_VERSION << "\n";
      std::exit(0);
    }
  }
  scanArguments(app, argc, argv, c.given);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ExtrasError&) {
    for (const std::string& a : app.remaining()) {
      if (a.size() > 1 && a[0] == '-') usageError("unknown option '" + a + "'");
      if (app.get_subcommands().empty())
        usageError("unknown command '" + a + "' (expected " + commandList() + ")");
      usageError("unexpected argument '" + a + "'");
    }
    usageError("unexpected arguments");
  } catch (const CLI::ArgumentMismatch& e) {
    // A value missing, or --algorithm (one value only) given twice.
    const std::string what = e.what();
    const std::string option = what.substr(0, what.find(':'));
    if (what.find("missing") != std::string::npos) {
      const auto it = valueWords().find(option);
      usageError(option + " needs a value" + (it == valueWords().end() ? "" : ": " + it->second));
    }
    if (what.find("At Most") != std::string::npos) usageError(option + " given twice");
    usageError(what);
  } catch (const CLI::ParseError& e) {
    usageError(e.what());
  }
  for (const CLI::App* sub : app.get_subcommands()) {
    if (!c.command.empty() || sub->count() > 1) usageError("unexpected argument '" + sub->get_name() + "' (one command only)");
    c.command = sub->get_name();
  }
  if (c.command.empty()) usageError("no command given (" + commandList() + ")");
  c.timeGiven = c.gave("--time-ms");
  checkForKind(c, d.commandsOf());
  return c;
}

}  // namespace gs::cli
