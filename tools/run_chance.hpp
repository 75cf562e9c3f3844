// gamesearch for a game with chance (GameKind::kChance, core/game.hpp
// capability d): play, with expectiminimax (Star1, Star2) or Monte Carlo
// tree search with chance nodes, each line read in the game's own notation
// (PositionNotation). Only parses and prints.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>

#include "core/notation.hpp"
#include "count_kinds.hpp"
#include "gamesearch_args.hpp"
#include "protocol/line_reader.hpp"
#include "search/expectimax.hpp"
#include "search/mcts.hpp"

namespace gs::cli {

// The help text's part for the games with chance.
inline std::string chanceUsage() {
  std::string games;
  for (int i = 0; i < kGameCount; ++i)
    if (gameInfo(i).kind == GameKind::kChance) games += std::string(games.empty() ? "" : ", ") + "--game " + gameInfo(i).name;
  return "Games with dice (" + games + R"(; docs/einstein.md): play, analyze and count.
  A position is written in the game's own notation (above). The last turn
  may be a roll alone (or ?: the tool rolls), which play and analyze need.
  An empty line is the start position. '?' is drawn from --seed (default 1).
  play      prints: <position> bestmove <move> score <s> exact <0|1>
            (<move> in the notation, e.g. 3d: cube 3 diagonally)
            depth <d> nodes <n> time_ms <t> win_pct <p>
            <position> is the line as read, with every '?' resolved; score
            is 1000 x the expected result for the side to move (+1 win,
            -1 loss), exact 1 when the search reached the end of every line
            (the exact expectation), depth in moves; win_pct = the score read
            as a winning chance, 100 x (1 + score/1000) / 2.
  Options: --algorithm expectimax|star1|star2 (default star2), --time-ms N,
  --depth D (at most 18), --seed N, --no-ordering.
  --algorithm mcts: Monte Carlo tree search (engine/search/mcts.hpp) whose
  chance nodes draw the die rolls; --playouts N and/or --time-ms N (default
  1000 ms; both: whichever ends first), --seed N (also the playouts' seed),
  --mcts-c X, --no-smart-playouts, --no-mcts-solver, --mcts-max-nodes N.
  (--depth and --no-ordering are expectiminimax's.) The line is extended:
    ... win_pct <p> playouts <p>
  score is 1000 x (2 x the best move's mean playout result - 1), or +-1000
  when MCTS-Solver proved a sure win or loss (exact 1); depth 1 (MCTS's line
  stops at the next roll); nodes the tree's size. Each line is searched from
  a fresh tree.
  analyze   prints: <position> <move>:<score> ... depth <d> nodes <n>
            time_ms <t>
            every legal move (in the notation) with its score, 1000 x the
            expected result for the side to move after that move is played,
            searched by --algorithm expectimax|star1|star2 with the full
            window at the root, so each score is the move's own; ~ before a
            score marks an estimate (the search met its horizon below that
            move), no mark the exact expectation. Deepens until every move
            is exact, --depth or --time-ms (default 1000).
  count     prints: <position> <count at 0> <count at 1> ... <count at D>
            the distinct positions after 0..D moves (--depth D, default 4,
            at most 6), every die roll expanded; a position after k moves
            is counted before its next roll.
)";
}

namespace chance_detail {

// The play line's fields after the move (see the usage).
struct PlayFields {
  long score = 0;
  bool exact = false;
  long depth = 0;
  std::uint64_t nodes = 0;
  double timeMs = 0;
};

inline PlayFields mctsFields(const MctsResult& r) {
  double mean = 0;
  for (const MctsMove& m : r.moves)
    if (m.move == r.bestMove) mean = m.mean;
  PlayFields f;
  f.score = r.proven ? r.value * 1000 : std::lround((2 * mean - 1) * 1000);
  f.exact = r.proven;
  f.depth = static_cast<long>(r.pv.size());
  f.nodes = r.nodes;
  f.timeMs = r.timeMs;
  return f;
}

}  // namespace chance_detail

// analyze: every move's expected score, in slot order (see the usage).
template <class Game>
void printChanceAnalysis(const std::string& position, const Game& g, ExpectimaxSearcher<Game>& searcher,
                         const Config& cfg) {
  ExpectimaxLimits lim;
  lim.timeMs = cfg.timeMs;
  lim.maxDepth = cfg.depth > 0 ? cfg.depth : 0;
  ExpectimaxAnalysis a = searcher.analyze(g, lim, Deadline::fromNow(lim.timeMs));
  std::sort(a.moves.begin(), a.moves.end(), [](const auto& x, const auto& y) { return x.move < y.move; });
  std::cout << position;
  for (const ChanceMoveValue& m : a.moves)
    std::cout << " " << PositionNotation<Game>::moveText(g, m.move) << ":" << (m.exact ? "" : "~") << m.score;
  std::cout << " depth " << a.depth << " nodes " << a.nodes << " time_ms " << static_cast<long>(a.timeMs + 0.5)
            << "\n";
}

// play: the chosen move and its search's figures (see the usage).
template <class Game>
void printChancePlay(const std::string& position, const Game& g, ExpectimaxSearcher<Game>& searcher, Mcts<Game>& mcts,
                     const Config& cfg) {
  int bestMove = -1;
  chance_detail::PlayFields f;
  std::uint64_t playouts = 0;
  if (cfg.mcts) {
    mcts.clear();
    MctsLimits lim;
    lim.playouts = static_cast<std::uint64_t>(cfg.playouts);
    lim.timeMs = cfg.playouts && !cfg.timeGiven ? 0 : cfg.timeMs;
    const MctsResult r = mcts.think(g, lim);
    bestMove = r.bestMove;
    f = chance_detail::mctsFields(r);
    playouts = r.playouts;
  } else {
    ExpectimaxLimits lim;
    lim.timeMs = cfg.timeMs;
    lim.maxDepth = cfg.depth > 0 ? cfg.depth : 0;
    const ExpectimaxResult r = searcher.think(g, lim);
    bestMove = r.bestMove;
    f = chance_detail::PlayFields{static_cast<long>(r.score), r.exact, r.depth, r.nodes, r.timeMs};
  }
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.1f", 50.0 * (1.0 + f.score / 1000.0));
  std::cout << position << " bestmove " << PositionNotation<Game>::moveText(g, bestMove) << " score " << f.score
            << " exact " << (f.exact ? 1 : 0) << " depth " << f.depth << " nodes " << f.nodes << " time_ms "
            << static_cast<long>(f.timeMs + 0.5) << " win_pct " << pct;
  if (cfg.mcts) std::cout << " playouts " << playouts;
  std::cout << "\n";
}

// Reads positions from stdin and prints one line per position; returns the
// exit status (0 all lines ok, 1 some lines rejected).
template <class Game>
int runChance(const Config& cfg) {
  using Notation = PositionNotation<Game>;
  ExpectimaxSearcher<Game> searcher;
  searcher.setOptions(cfg.chance);
  const std::uint32_t seed = cfg.seed ? cfg.seed : 1;
  MctsOptions mctsOpt = cfg.mctsOpt;
  mctsOpt.seed = seed;
  Mcts<Game> mcts(mctsOpt);
  std::mt19937 rng(seed);  // one generator for the run: each '?' draws anew
  return forEachInputLine(std::cin, [&](const std::string& text, const auto& reject) {
    typename Notation::Record rec;
    Game g;
    const ParseError err = Notation::parse(text, rec, g, &rng);
    if (!err.ok) {
      reject(err.message);
      return;
    }
    const std::string position = Notation::text(rec);
    if (cfg.command == "count") return printCounts(position, g, cfg.depth > 0 ? cfg.depth : kChanceCountDepth);
    if (g.lastMoverWon()) {
      reject(std::string("the game is already over (") + Game::kSides[(g.plies() - 1) % playersOf<Game>()] +
             " won), there is no move to " + (cfg.command == "play" ? "play" : "analyze"));
      return;
    }
    if (g.atChance()) {
      reject(Notation::notReady(g, rec));
      return;
    }
    if (cfg.command == "analyze") printChanceAnalysis(position, g, searcher, cfg);
    else printChancePlay(position, g, searcher, mcts, cfg);
  });
}

}  // namespace gs::cli
