// mcts_bench: the measurements of docs/mcts.md for engine/search/mcts.hpp
// (the commands and their options: addCommands below, also printed by --help).
//
//   mcts_bench speed  [--ms T]
//       playouts per second for each game of the registry from a few
//       positions, with smart playouts and without (solver off so the
//       search never stops early), T ms each (default 1000)
//   mcts_bench keep   [--budgets 50,100,...] [--seed S]
//       Tic-Tac-Toe: the share of all 4520 reachable positions (not over) in
//       which MCTS plays a move that keeps the value, for each variant
//       (every switch on, each one off, C = 0.5, 1, 1.41, 2; or the list
//       --variants "all;nosmart,nosolver;..." of SPECs below) and budget
//   mcts_bench match  --a SPEC --b SPEC [--games N] [--openings FILE]
//       Connect Four: A against B from the first N/2 openings of FILE
//       (default bench/openings.txt), each opening twice (each side first);
//       prints A's wins, draws, losses and score. SPEC: playouts=N,c=X,
//       nosmart, nosolver, noreuse, seed=S (comma-separated)
//   mcts_bench prove  [--file F] [--playouts N]
//       Connect Four: MCTS-Solver (default options, at most N playouts,
//       default 1000000) on every line "<moves> <score>" of F (default
//       bench/data/Test_L3_R1): how many roots it proves, whether the proofs
//       agree with the file's score, the playouts a proof took
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "core/notation.hpp"
#include "games/registry.hpp"
#include "search/mcts.hpp"
#include "search/solver.hpp"
#include "tournament_lib.hpp"

namespace {

const char* kAbout = "mcts_bench - the measurements of docs/mcts.md (Monte Carlo tree search)";

const char* kSpecHelp = R"(SPEC: comma-separated playouts=N, c=X, nosmart, nosolver, noreuse, seed=S
(the tournament's mcts player: playouts=1000 unless given; docs/mcts.md))";

[[noreturn]] void fail(const std::string& msg) { gs::cli::usageError("mcts_bench", msg); }

struct Spec {
  gs::MctsOptions opt;
  std::uint64_t playouts = 1000;
};

// A player of the bench: the tournament's MCTS player (tournament_lib.hpp's
// parsePlayerSpec, "mcts," left out) with a playout budget (default 1000),
// plus the bench's own spellings: "nosolver" (the tournament's
// "nomctssolver") and "seed=N" (the tree's seed). False and `err` set if
// `text` is not one.
bool parseSpec(const std::string& text, Spec& s, std::string& err) {
  s = Spec{};
  std::string tour = "mcts";
  bool budget = false;
  std::stringstream ss(text);
  for (std::string tok; std::getline(ss, tok, ',');) {
    if (tok.rfind("seed=", 0) == 0) {
      if (!gs::tour::parseInt(tok.substr(5), 0, 4294967295L, s.opt.seed)) return err = "bad seed in '" + tok + "'", false;
      continue;
    }
    if (tok.rfind("t=", 0) == 0) return err = "'" + tok + "': the bench's players have a playout budget (playouts=N)", false;
    budget = budget || tok.rfind("playouts=", 0) == 0;
    tour += "," + (tok == "nosolver" ? std::string("nomctssolver") : tok);
  }
  if (!budget) tour += ",playouts=" + std::to_string(s.playouts);
  gs::tour::PlayerSpec p;
  if (!gs::tour::parsePlayerSpec(tour, p, err)) return false;
  const std::uint32_t seed = s.opt.seed;
  s.opt = p.mctsOpt;
  s.opt.seed = seed;
  s.playouts = p.playouts;
  return true;
}

// A checked SPEC (the command line checks it first).
Spec parseSpec(const std::string& text) {
  Spec s;
  std::string err;
  if (!parseSpec(text, s, err)) fail(err);
  return s;
}

// --a's, --b's and --variants' check: parseSpec's error, if any.
std::string checkSpec(const std::string& text) {
  Spec s;
  std::string err;
  return text == "all" || parseSpec(text, s, err) ? std::string() : err;
}

int speed(int ms) {
  gs::forEachGame([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (gs::kindOf<Game>() == gs::GameKind::kTwoPlayer)
    for (bool smart : {true, false})
      for (const char* moves : {"", "1", "12"}) {
        Game g;
        if (!gs::parseMoves(moves, g).ok) continue;
        gs::MctsOptions o;
        o.solver = false;
        o.smartPlayouts = smart;
        gs::Mcts<Game> mcts(o);
        gs::MctsLimits lim;
        lim.timeMs = ms;
        const gs::MctsResult r = mcts.think(g, lim);
        std::printf("%-10s %-7s %-4s playouts %9llu  time_ms %6.0f  playouts/s %9.0f  nodes %8llu\n", Game::kName,
                    smart ? "smart" : "nosmart", *moves ? moves : "-", static_cast<unsigned long long>(r.playouts),
                    r.timeMs, r.playouts / (r.timeMs / 1000.0), static_cast<unsigned long long>(r.nodes));
      }
  });
  return 0;
}

int keep(const std::vector<std::uint64_t>& budgets, std::uint32_t seed, std::vector<std::string> variants) {
  using gs::TicTacToe;
  // Every position's win/draw/loss from the engine's exact solver.
  gs::TranspositionTable tt(std::size_t{1} << 20);
  gs::Solver<TicTacToe> solver(tt);
  std::vector<std::pair<TicTacToe, int>> positions;
  std::set<std::uint64_t> seen;
  std::function<void(const TicTacToe&)> visit = [&](const TicTacToe& g) {
    if (gs::isOver(g) || !seen.insert(g.key()).second) return;
    positions.emplace_back(g, solver.solveSign(g));
    for (int m = 0; m < TicTacToe::kMoveSlots; ++m)
      if (g.canPlay(m)) {
        TicTacToe c = g;
        c.play(m);
        visit(c);
      }
  };
  visit(TicTacToe{});
  if (variants.empty())
    variants = {"all", "nosmart", "nosolver", "nosmart,nosolver", "nosolver,c=0.5", "nosolver,c=1.41", "nosolver,c=2"};
  std::printf("%-18s", "variant \\ budget");
  for (auto b : budgets) std::printf(" %7llu", static_cast<unsigned long long>(b));
  std::printf("\n");
  for (const std::string& v : variants) {
    Spec s = parseSpec(v == "all" ? std::string("noreuse") : v + ",noreuse");
    s.opt.seed = seed;
    std::printf("%-18s", v.c_str());
    for (auto b : budgets) {
      gs::Mcts<TicTacToe> mcts(s.opt);
      gs::MctsLimits lim;
      lim.playouts = b;
      int kept = 0;
      for (const auto& [g, value] : positions) {
        const int m = mcts.think(g, lim).bestMove;
        TicTacToe c = g;
        c.play(m);
        kept += -solver.solveSign(c) == value;
      }
      std::printf(" %6.2f%%", 100.0 * kept / positions.size());
      std::fflush(stdout);
    }
    std::printf("\n");
  }
  std::printf("(%zu positions)\n", positions.size());
  return 0;
}

int match(const Spec& a, const Spec& b, int games, const std::string& openingsFile) {
  using gs::Connect4;
  std::ifstream in(openingsFile);
  if (!in) fail("cannot read " + openingsFile);
  std::vector<std::string> openings;
  for (std::string line; std::getline(in, line) && static_cast<int>(openings.size()) * 2 < games;) {
    if (line.empty() || line[0] == '#') continue;
    openings.push_back(line.substr(0, line.find_first_of(" \t\r")));
  }
  int wins = 0, draws = 0, losses = 0;
  for (const std::string& op : openings)
    for (int aFirst = 1; aFirst >= 0; --aFirst) {
      Connect4 pos;
      if (!gs::parseMoves(op, pos).ok) fail("bad opening " + op);
      gs::Mcts<Connect4> ma(a.opt), mb(b.opt);
      const int aSide = aFirst ? pos.plies() % 2 : 1 - pos.plies() % 2;  // the side A plays (plies parity)
      while (!gs::isOver(pos)) {
        const bool aToMove = pos.plies() % 2 == aSide;
        gs::MctsLimits lim;
        lim.playouts = aToMove ? a.playouts : b.playouts;
        pos.play((aToMove ? ma : mb).think(pos, lim).bestMove);
      }
      if (!pos.lastMoverWon()) ++draws;
      else if ((pos.plies() - 1) % 2 == aSide) ++wins;
      else ++losses;
    }
  const int n = wins + draws + losses;
  std::printf("A wins %d draws %d losses %d of %d: score %.1f%%\n", wins, draws, losses, n,
              100.0 * (wins + 0.5 * draws) / n);
  return 0;
}

int prove(const std::string& file, std::uint64_t playouts) {
  using gs::Connect4;
  std::ifstream in(file);
  if (!in) fail("cannot read " + file);
  std::string moves;
  int score = 0, lines = 0, proven = 0, agree = 0;
  std::uint64_t sum = 0, most = 0;
  double ms = 0;
  gs::Mcts<Connect4> mcts;
  while (in >> moves >> score) {
    Connect4 g;
    if (!gs::parseMoves(moves, g).ok || gs::isOver(g)) fail("bad line " + moves);
    ++lines;
    mcts.clear();
    gs::MctsLimits lim;
    lim.playouts = playouts;
    const gs::MctsResult r = mcts.think(g, lim);
    ms += r.timeMs;
    if (!r.proven) continue;
    ++proven;
    agree += r.value == gs::signOf(score);
    sum += r.playouts;
    most = std::max(most, r.playouts);
  }
  std::printf("%d positions, %d proven within %llu playouts, %d agree with the file; playouts per proof: mean %.0f, "
              "max %llu; %.1f ms per position\n",
              lines, proven, static_cast<unsigned long long>(playouts), agree, proven ? double(sum) / proven : 0.0,
              static_cast<unsigned long long>(most), lines ? ms / lines : 0.0);
  return 0;
}

}  // namespace

// The options of each command, as the command line gives them.
struct Args {
  int ms = 1000;
  std::vector<std::uint64_t> budgets = {50, 100, 200, 500, 1000, 2000};
  std::uint32_t seed = 1;
  std::vector<std::string> variants;
  std::string a, b;  // match's players (SPEC)
  int games = 20;
  std::string openings = "bench/openings.txt";
  std::string file = "bench/data/Test_L3_R1";
  std::uint64_t playouts = 1000000;
};

// The commands and their options (CLI11: each declared once, with its check
// and its help).
void addCommands(CLI::App& app, Args& a) {
  using gs::cli::wholeNumber;
  CLI::App* speed = app.add_subcommand("speed", "playouts per second, smart playouts and not");
  speed->footer("For each game of the registry from a few positions (solver off, so the\n"
                "search never stops early).");
  speed->add_option("--ms", a.ms, "time per search, ms")->type_name("T")->transform(wholeNumber(1, 3600000))
      ->capture_default_str();

  CLI::App* keep = app.add_subcommand("keep", "Tic-Tac-Toe: share of positions where MCTS keeps the value");
  keep->footer(std::string("Every one of the 4520 reachable positions not over, for each variant (every\n"
                           "switch on, each one off, C = 0.5, 1.41, 2; or --variants) and budget.\n") + kSpecHelp);
  keep->add_option("--budgets", a.budgets, "playout budgets, comma-separated")
      ->type_name("N,N,...")->delimiter(',')->allow_extra_args(false)->transform(wholeNumber(1, 1000000000))
      ->capture_default_str();
  keep->add_option("--seed", a.seed, "the trees' seed")->type_name("S")->transform(wholeNumber(0, 4294967295L))
      ->capture_default_str();
  keep->add_option("--variants", a.variants, "the variants, SPECs separated by ';' (\"all\": every switch on)")
      ->type_name("\"all;nosmart,nosolver;...\"")->delimiter(';')->allow_extra_args(false)
      ->check(CLI::Validator(checkSpec, ""));

  CLI::App* match = app.add_subcommand("match", "Connect Four: A against B from the openings");
  match->footer(std::string("The first N/2 openings of FILE, each twice (each side first); prints A's\n"
                            "wins, draws, losses and score.\n") + kSpecHelp);
  match->add_option("--a", a.a, "player A")->type_name("SPEC")->check(CLI::Validator(checkSpec, ""));
  match->add_option("--b", a.b, "player B")->type_name("SPEC")->check(CLI::Validator(checkSpec, ""));
  match->add_option("--games", a.games, "games")->type_name("N")->transform(wholeNumber(1, 100000))
      ->capture_default_str();
  match->add_option("--openings", a.openings, "openings, one \"<moves> [score]\" per line, # comments")
      ->type_name("FILE")->capture_default_str();

  CLI::App* prove = app.add_subcommand("prove", "Connect Four: MCTS-Solver's proofs of a benchmark file");
  prove->footer("Default options, on every line \"<moves> <score>\" of F: how many roots it\n"
                "proves, whether the proofs agree with the file's score, the playouts a proof took.");
  prove->add_option("--file", a.file, "the benchmark file")->type_name("F")->capture_default_str();
  prove->add_option("--playouts", a.playouts, "at most N playouts per position")->type_name("N")
      ->transform(wholeNumber(1, 1000000000000L))->capture_default_str();
}

int main(int argc, char** argv) {
  Args a;
  CLI::App app(kAbout, "mcts_bench");
  gs::cli::setConventions(app);
  addCommands(app, a);
  gs::cli::commandsFooter(app);
  gs::cli::parseOrExit(app, argc, argv);
  if (app.got_subcommand("speed")) return speed(a.ms);
  if (app.got_subcommand("keep")) return keep(a.budgets, a.seed, a.variants);
  if (app.got_subcommand("match")) return match(parseSpec(a.a), parseSpec(a.b), a.games, a.openings);
  if (app.got_subcommand("prove")) return prove(a.file, a.playouts);
  fail("no command given (speed, keep, match or prove)");
}
