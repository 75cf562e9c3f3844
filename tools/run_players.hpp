// gamesearch for a game of more than two players (GameKind::kPlayers,
// core/game.hpp capability e): play, with max^n or paranoid search, each
// line read in the game's notation (PositionNotation). Only parses and prints.
#pragma once

#include <iostream>
#include <string>

#include "core/notation.hpp"
#include "gamesearch_args.hpp"
#include "protocol/line_reader.hpp"
#include "search/multiplayer.hpp"

namespace gs::cli {

// The help text's part for the games of more than two players.
inline std::string playersUsage() {
  std::string out;
  for (int i = 0; i < kGameCount; ++i) {
    const GameInfo& g = gameInfo(i);
    if (g.kind != GameKind::kPlayers) continue;
    std::string sides, first;
    for (int p = 0; p < g.players; ++p) {
      sides += std::string(p == 0 ? "" : p + 1 == g.players ? " and " : ", ") + g.sides[p];
      first += std::string(p ? "," : "") + static_cast<char>(g.sides[p][0] | 0x20);
    }
    out += std::string(g.displayName) + " (--game " + g.name + "; docs/" + g.name + ".md): play only.\n  " + sides +
           " on " + std::to_string(g.width) + " columns x " + std::to_string(g.height) + " rows, " +
           std::to_string(g.line) + " in a row wins. A position is a move string, one digit per stone\n  (" +
           g.notationHelp + "). Values are listed as <" + first + ">.\n";
  }
  return out + R"(  play      prints: <moves> bestmove <column> player <name> score <s>
            values <r,y,g> exact <0|1> depth <d> nodes <n> time_ms <t>
            player is the side to move; with --algorithm maxn or maxn-plain
            values is the max^n value vector (one entry per player: a won
            game gives the winner 1000 - plies, the others 0; a draw 333
            each; at the horizon the evaluation's shares of 1000) and score
            the mover's entry; with paranoid score is the mover's entry
            against the coalition of the others and values is -.
            exact 1 when no line reached the horizon or the move wins at
            once. Depth in plies.
  Options: --algorithm maxn|maxn-plain|paranoid (default maxn: max^n with
  shallow pruning; maxn-plain: without, the same value), --time-ms N,
  --depth D.
)";
}

// Reads positions from stdin and prints one line per position; returns the
// exit status (0 all lines ok, 1 some lines rejected).
template <class Game>
int runPlayers(const Config& cfg) {
  using Notation = PositionNotation<Game>;
  MultiSearcher<Game> searcher(cfg.multi);
  return forEachInputLine(std::cin, [&](const std::string& text, const auto& reject) {
    typename Notation::Record rec;
    Game g;
    const ParseError err = Notation::parse(text, rec, g);
    if (!err.ok) {
      reject(err.message);
      return;
    }
    if (g.lastMoverWon()) {
      reject(std::string("the game is already over (") + Game::kSides[(g.plies() - 1) % Game::kPlayers] +
             " won), there is no move to play");
      return;
    }
    if (g.isFull()) {
      reject("the board is full (a draw), there is no move to play");
      return;
    }
    MultiLimits lim;
    lim.timeMs = cfg.timeMs;
    lim.maxDepth = cfg.depth > 0 ? cfg.depth : 0;
    const auto r = searcher.think(g, lim);
    std::string values = "-";
    if (cfg.multi != MultiAlgorithm::kParanoid) {
      values.clear();
      for (int p = 0; p < Game::kPlayers; ++p) values += (p ? "," : "") + std::to_string(r.values[p]);
    }
    std::cout << Notation::text(rec) << " bestmove " << Notation::moveText(g, r.bestMove) << " player "
              << Game::kSides[g.toMove()] << " score " << r.score << " values " << values << " exact "
              << (r.exact ? 1 : 0) << " depth " << r.depth << " nodes " << r.nodes << " time_ms "
              << static_cast<long>(r.timeMs + 0.5) << "\n";
  });
}

}  // namespace gs::cli
