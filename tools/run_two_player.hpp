// gamesearch for a two-player game without chance (GameKind::kTwoPlayer):
// solve, analyze, play, count and evaluate, each line read in the game's move-string
// notation. Only parses and prints; the searches are the engine's.
#pragma once

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

#include "core/notation.hpp"
#include "core/tt.hpp"
#include "gamesearch_args.hpp"
#include "protocol/line_reader.hpp"
#include "search/analysis.hpp"
#include "search/book.hpp"
#include "search/levels.hpp"
#include "search/mcts.hpp"
#include "search/parallel_solver.hpp"
#include "search/player.hpp"

namespace gs::cli {

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

// The evaluate line: every feature's counts, weight and contribution, and the
// total, which is the game's evaluate() (the search's value at its horizon).
template <class Game>
void printEvaluation(const std::string& moves, const Game& g) {
  int mine[Game::kFeatures], theirs[Game::kFeatures];
  g.featureCounts(mine, theirs);
  std::cout << moves;
  int total = 0;
  for (int k = 0; k < Game::kFeatures; ++k) {
    const int contribution = Game::kFeatureWeights[k] * (mine[k] - theirs[k]);
    total += contribution;
    std::cout << " " << Game::kFeatureNames[k] << "=" << mine[k] << "-" << theirs[k] << "*" << Game::kFeatureWeights[k]
              << "=" << contribution;
  }
  assert(total == g.evaluate() && "evaluate() is the features' weighted sum (core/game.hpp, capability f)");
  std::cout << " total=" << total << "\n";
}

template <class Game>
int runTwoPlayer(const Config& cfg) {
  if constexpr (!hasSolverBounds<Game>) {
    if (cfg.command == "solve" || cfg.command == "analyze")
      usageError(std::string(Game::kDisplayName) + " has no exact solver: use play or count");
  }
  if constexpr (!hasFeatures<Game>) {
    if (cfg.command == "evaluate")
      usageError(std::string(Game::kDisplayName) + "'s evaluation names no features (core/game.hpp, capability f)");
  }
  TranspositionTable tt(cfg.mcts ? 1024 : cfg.ttBytes);  // (MCTS keeps no table)
  // One solver for every line: its table is cleared per position, which costs
  // nothing after a solve that did not touch it (core/tt.hpp).
  struct NoSolver {
    NoSolver(TranspositionTable&, int) {}
  };
  std::conditional_t<hasSolverBounds<Game>, ParallelSolver<Game>, NoSolver> solver(
      tt, cfg.command == "solve" ? cfg.threads : 1);
  if constexpr (hasSolverBounds<Game>) solver.setOptions(cfg.solver);
  // The player's solver table; in a timed analysis, the estimates' search table.
  const bool secondTable = (cfg.command == "play" && cfg.exact && !cfg.mcts) || (cfg.command == "analyze" && cfg.timeGiven);
  TranspositionTable solverTt(secondTable ? cfg.ttBytes : 1024);
  Player<Game> player(tt, solverTt);
  player.setSearchOptions(cfg.search);
  player.setExactAttempts(cfg.exact);
  Mcts<Game> mcts(cfg.mctsOpt);
  Book book;
  if (!cfg.bookFile.empty()) {
    std::string why;
    if constexpr (hasMirror<Game>) {
      if (!*Game::kBookFile) usageError(std::string("--book: ") + Game::kDisplayName + " has no opening book");
      if (!book.load<Game>(cfg.bookFile, &why)) usageError("--book: " + why);
      if (cfg.exact) player.setBook(&book);
      if (cfg.command != "play" && cfg.command != "analyze") usageError("--book is for play and analyze");
    } else {
      usageError(std::string("--book: ") + Game::kDisplayName + " has no opening book");
    }
  }

  return forEachInputLine(std::cin, [&](const std::string& moves, const auto& reject) {
    Game g;
    ParseError err = parseMoves(moves, g);
    if (!err.ok) {
      reject(err.message);
      return;
    }
    const bool over = isOver(g);

    if (cfg.command == "solve" || cfg.command == "analyze") {
      if constexpr (hasSolverBounds<Game>) {
        tt.clear();
        solver.resetNodes();
        if (cfg.command == "solve") {
          if (cfg.probes) {
            // One line per probe on stderr: the question it asked and its answer.
            solver.setOnProbe([&moves](const typename ParallelSolver<Game>::ProbeReport& p) {
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
          Analysis a;
          if (!over) {
            solverTt.clear();
            Analyzer<Game> analyzer(solverTt, tt);
            analyzer.setSolverOptions(cfg.solver);
            analyzer.setThreads(cfg.threads);
            analyzer.setSearchOptions(cfg.search);
            analyzer.setExactScores(!cfg.weak);
            analyzer.setLines(cfg.lines);
            if (book.size()) analyzer.setBook(&book);
            a = analyzer.analyze(g, cfg.timeGiven ? Deadline::fromNow(cfg.timeMs) : Deadline());
          }
          for (int m = 0; m < moveSlotsOf<Game>(); ++m) {
            const Value v = over ? Value{} : a.moves[m];
            if (v.kind == ValueKind::kIllegal) std::cout << " x";
            else if (!v.proven()) std::cout << " ?";
            else if (cfg.weak) std::cout << " " << v.sign();
            else if (v.kind == ValueKind::kExact) std::cout << " " << v.score;
            else std::cout << (v.score > 0 ? " W" : " L");
          }
          // --lines: " lines" and each line in the game's move notation.
          if (cfg.lines > 0 && !over) {
            std::cout << " lines";
            for (int m : a.lines) {
              std::cout << " ";
              for (int x : a.moves[m].line) std::cout << moveSymbol(x);
            }
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
      MctsLimits lim;
      lim.playouts = static_cast<std::uint64_t>(cfg.playouts);
      lim.timeMs = cfg.playouts && !cfg.timeGiven ? 0 : cfg.timeMs;
      const MctsResult r = mcts.think(g, lim);
      double mean = 0;
      for (const MctsMove& m : r.moves)
        if (m.move == r.bestMove) mean = m.mean;
      const long score = r.proven ? r.value * SearchInfo::kVerdictScore
                                  : std::lround((2 * mean - 1) * SearchInfo::kVerdictScore);
      std::cout << moves << " bestmove " << moveSymbol(r.bestMove) << " score " << score << " exact 0 depth " << r.pv.size()
                << " nodes " << r.nodes << " time_ms " << static_cast<long>(r.timeMs + 0.5) << " playouts "
                << r.playouts << " verdict " << (r.proven ? std::to_string(r.value) : std::string("?")) << "\n";
    } else if (cfg.command == "play") {
      if (over) {
        reject("the game is already over, there is no move to play");
        return;
      }
      tt.clear();
      SearchLimits lim;
      lim.timeMs = cfg.timeMs;
      lim.maxDepth = cfg.depth > 0 ? cfg.depth : 0;
      if (cfg.level >= 0) lim = levelLimits(kLevels[cfg.level], cfg.seed ? cfg.seed : 1);
      if (cfg.seed) {
        lim.randomTies = true;
        lim.seed = cfg.seed;
      }
      solverTt.clear();
      SearchResult r = player.think(g, lim);
      std::cout << moves << " bestmove " << moveSymbol(r.bestMove) << " score " << r.info.score << " exact "
                << (r.info.exact ? 1 : 0) << " depth " << r.info.depth << " nodes " << r.info.nodes
                << " time_ms " << static_cast<long>(r.info.timeMs + 0.5) << "\n";
    } else if (cfg.command == "evaluate") {
      if constexpr (hasFeatures<Game>) {
        if (over) {
          reject("the game is over: a finished position has no evaluation");
          return;
        }
        printEvaluation(moves, g);
      }
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

// "connect4": the games played on boards of several sizes (--size).
inline std::string sizedGames() {
  std::vector<std::string> names;
  forEachGame([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSizes<Game>) names.push_back(Game::kName);
  });
  return listed(names, " or ");
}

// runTwoPlayer on a game's board of cfg.width x cfg.height: the game's own
// class on its own size (Connect Four 7x6: the compiled board, with its
// book) unless --runtime-size, else the game's class sized at run time
// (core/game.hpp, capability g). A board that does not fit is a usage error
// naming the sizes that do.
template <class Game>
int runSized(const Config& cfg) {
  if (!Game::fits(cfg.width, cfg.height))
    usageError("--size " + cfg.sizeText + " does not fit: " + Game::kDisplayName + " is played on " +
               Game::sizesText() + " (W columns, H rows: W, H >= 4 and W x (H + 1) <= 64)");
  if (cfg.width == Game::kWidth && cfg.height == Game::kHeight && !cfg.runtimeSize) return runTwoPlayer<Game>(cfg);
  using Sized = typename Game::Sized;
  Game::setSize(cfg.width, cfg.height);
  if constexpr (hasSolverBounds<Sized>) {
    // The solver's table of a board with keys over 49 bits needs more words
    // (search/solver_table.hpp); a smaller one would be switched off.
    const std::size_t need = SolverTable<Sized>::minWords() * 8;
    if (cfg.command != "count" && cfg.command != "evaluate" && !cfg.mcts && cfg.ttBytes < need)
      usageError("--tt-mb must be at least " + std::to_string(need >> 20) + " on " + cfg.sizeText +
                 " (its positions' keys have " + std::to_string(SolverTable<Sized>::keyBits()) + " bits)");
  }
  return runTwoPlayer<Sized>(cfg);
}

// runTwoPlayer on the board --size names (the game's own without it).
template <class Game>
int runTwoPlayerSized(const Config& cfg) {
  if (!cfg.width && !cfg.runtimeSize) return runTwoPlayer<Game>(cfg);
  if constexpr (hasSizes<Game>) {
    Config sized = cfg;
    if (!sized.width) sized.width = Game::kWidth, sized.height = Game::kHeight, sized.sizeText = "7x6";
    return runSized<Game>(sized);
  } else {
    usageError(std::string(cfg.width ? "--size" : "--runtime-size") + " is for " + sizedGames() + ", not " +
               Game::kName);
  }
}

}  // namespace gs::cli
