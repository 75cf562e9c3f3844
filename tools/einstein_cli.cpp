// gamesearch --game einstein: reads EinStein positions (einstein_notation.hpp),
// prints the expectiminimax (or MCTS) player's move. Only parses and prints.
#include "einstein_cli.hpp"

#include <cmath>
#include <iostream>
#include <random>

#include "games/einstein/einstein_notation.hpp"
#include "protocol/line_reader.hpp"

namespace gs {

std::string einsteinUsage() {
  return R"(EinStein wurfelt nicht! (--game einstein; docs/einstein.md)
  A position is RED/BLUE:TURNS, one field per line: the two set-ups (six
  digits, the cubes on the start cells Red a1 b1 c1 a2 b2 a3 and Blue e5 d5
  c5 e4 d4 e3, or ? for a random one), then the turns separated by commas,
  each a die face, the cube moved and its direction (h, v or d), e.g.
    123456/654321:66d,44h,5
  The last turn may be a roll alone (or ?: the tool rolls), which play needs.
  An empty line is 123456/123456. '?' is drawn from --seed (default 1).
  play      prints: <position> bestmove <cube><h|v|d> score <s> exact <0|1>
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
)";
}

namespace {

// The play line's fields after the move, from an MCTS search (see the usage).
struct PlayFields {
  long score = 0;
  bool exact = false;
  long depth = 0;
  std::uint64_t nodes = 0;
  double timeMs = 0;
};

PlayFields mctsFields(const MctsResult& r) {
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

}  // namespace

int runEinstein(const EinsteinCliConfig& cfg) {
  ExpectimaxSearcher<Einstein> searcher;
  searcher.setOptions(cfg.search);
  Mcts<Einstein> mcts(cfg.mctsOpt);
  std::mt19937 rng(cfg.seed);  // one generator for the run: each '?' draws anew
  return forEachInputLine(std::cin, [&](const std::string& text, const auto& reject) {
    EinsteinRecord rec;
    Einstein g;
    const ParseError err = parseEinstein(text, rec, g, &rng);
    if (!err.ok) {
      reject(err.message);
      return;
    }
    if (g.lastMoverWon()) {
      reject(std::string("the game is already over (") + Einstein::kSides[(g.plies() - 1) % 2] +
             " won), there is no move to play");
      return;
    }
    if (g.atChance()) {
      reject(std::string(Einstein::kSides[g.sideToMove()]) +
             " has not rolled: end the position with the die face (1-6, or ? to roll it), e.g. " +
             toText(rec) + (rec.turns.empty() ? ":" : ",") + "4");
      return;
    }
    int bestMove = -1;
    PlayFields f;
    std::uint64_t playouts = 0;
    if (cfg.mcts) {
      mcts.clear();
      MctsLimits lim;
      lim.playouts = cfg.playouts;
      lim.timeMs = cfg.playouts && !cfg.timeGiven ? 0 : cfg.timeMs;
      const MctsResult r = mcts.think(g, lim);
      bestMove = r.bestMove;
      f = mctsFields(r);
      playouts = r.playouts;
    } else {
      ExpectimaxLimits lim;
      lim.timeMs = cfg.timeMs;
      lim.maxDepth = cfg.depth;
      const ExpectimaxResult r = searcher.think(g, lim);
      bestMove = r.bestMove;
      f = PlayFields{static_cast<long>(r.score), r.exact, r.depth, r.nodes, r.timeMs};
    }
    char pct[32];
    std::snprintf(pct, sizeof pct, "%.1f", 50.0 * (1.0 + f.score / 1000.0));
    std::cout << toText(rec) << " bestmove " << einsteinMoveText(g, bestMove) << " score " << f.score << " exact "
              << (f.exact ? 1 : 0) << " depth " << f.depth << " nodes " << f.nodes << " time_ms "
              << static_cast<long>(f.timeMs + 0.5) << " win_pct " << pct;
    if (cfg.mcts) std::cout << " playouts " << playouts;
    std::cout << "\n";
  });
}

}  // namespace gs
