// gamesearch --game connect3p: reads Connect Four for three positions (move
// strings, core/notation.hpp), prints the max^n or paranoid player's move.
// Only parses and prints.
#include "connect3p_cli.hpp"

#include <iostream>

#include "core/notation.hpp"
#include "games/connect3p/connect3p.hpp"
#include "protocol/line_reader.hpp"

namespace gs {

std::string connect3pUsage() {
  return R"(Connect Four for three (--game connect3p; docs/connect3p.md)
  Red, Yellow and Green in turn on 9 columns x 6 rows, four in a row wins.
  A position is a move string from the empty board, one digit 1-9 per stone
  (the column), Red first: 5564 = Red 5, Yellow 5, Green 6, Red 4.
  play      prints: <moves> bestmove <column> player <name> score <s>
            values <r,y,g> exact <0|1> depth <d> nodes <n> time_ms <t>
            player is the side to move; with --algorithm maxn or maxn-plain
            values is the max^n value vector (Red's, Yellow's, Green's
            entries: a won game gives the winner 1000 - plies, the others 0;
            a draw 333 each; at the horizon the evaluation's shares of 1000)
            and score the mover's entry; with paranoid score is the mover's
            entry against the coalition of the other two and values is -.
            exact 1 when no line reached the horizon or the move wins at
            once. Depth in plies.
  Options: --algorithm maxn|maxn-plain|paranoid (default maxn: max^n with
  shallow pruning; maxn-plain: without, the same value), --time-ms N,
  --depth D.
)";
}

int runConnect3p(const Connect3pCliConfig& cfg) {
  MultiSearcher<Connect3p> searcher(cfg.algorithm);
  return forEachInputLine(std::cin, [&](const std::string& moves, const auto& reject) {
    Connect3p g;
    const ParseError err = parseMoves(moves, g);
    if (!err.ok) {
      reject(err.message);
      return;
    }
    if (g.lastMoverWon()) {
      reject(std::string("the game is already over (") + Connect3p::kSides[g.lastMover()] +
             " won), there is no move to play");
      return;
    }
    if (g.isFull()) {
      reject("the board is full (a draw), there is no move to play");
      return;
    }
    MultiLimits lim;
    lim.timeMs = cfg.timeMs;
    lim.maxDepth = cfg.depth;
    const auto r = searcher.think(g, lim);
    std::string values = "-";
    if (cfg.algorithm != MultiAlgorithm::kParanoid)
      values = std::to_string(r.values[0]) + "," + std::to_string(r.values[1]) + "," + std::to_string(r.values[2]);
    std::cout << moves << " bestmove " << r.bestMove + 1 << " player " << Connect3p::kSides[g.toMove()] << " score "
              << r.score << " values " << values << " exact " << (r.exact ? 1 : 0) << " depth " << r.depth
              << " nodes " << r.nodes << " time_ms " << static_cast<long>(r.timeMs + 0.5) << "\n";
  });
}

}  // namespace gs
