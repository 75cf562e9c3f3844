// gamesearch for a game of more than two players (GameKind::kPlayers,
// core/game.hpp capability e): play and analyze, with max^n, paranoid or
// best-reply search, and count, each line read in the game's notation
// (PositionNotation). Only parses and prints.
#pragma once

#include <algorithm>
#include <array>
#include <iostream>
#include <string>

#include "core/notation.hpp"
#include "count_kinds.hpp"
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
            against the coalition of the others, with brs (best-reply
            search: the mover against the one best reply of any opponent
            at each turn of theirs, the others passing) its entry against
            those replies, and values is -.
            exact 1 when no line reached the horizon or the move wins at
            once. Depth in plies.
  analyze   prints: <moves> player <name> <column>:<values> ... depth <d>
            nodes <n> time_ms <t>
            every legal move with its value after it is played: with maxn
            or maxn-plain the max^n vector <r,y,g> (no pruning between the
            root's moves, so each vector is the move's own), with paranoid
            or brs the mover's value (as play's score); ~ before a value marks
            an estimate (the search met its horizon below that move), no
            mark the game's value. Deepens until every move's value is the
            game's, --depth or --time-ms (default 1000).
  count     prints: <moves> <count at 0> <count at 1> ... <count at D>
            the distinct positions after 0..D plies (--depth D, default 6,
            at most 8).
  Options: --algorithm maxn|maxn-plain|paranoid|brs (default maxn: max^n
  with shallow pruning; maxn-plain: without, the same value), --time-ms N,
  --depth D (count: --depth only).
)";
}

// "r,y,g": a max^n vector's entries; "-" for paranoid's and BRS's (all -1).
template <std::size_t N>
std::string valuesText(const std::array<int, N>& v, bool twoSided) {
  if (twoSided) return "-";
  std::string out;
  for (std::size_t p = 0; p < N; ++p) out += (p ? "," : "") + std::to_string(v[p]);
  return out;
}

// play: the chosen move and its search's figures (see the usage).
template <class Game>
void printPlayersPlay(const std::string& moves, const Game& g, MultiSearcher<Game>& searcher, const MultiLimits& lim) {
  const auto r = searcher.think(g, lim);
  std::cout << moves << " bestmove " << PositionNotation<Game>::moveText(g, r.bestMove) << " player "
            << Game::kSides[g.toMove()] << " score " << r.score << " values "
            << valuesText(r.values, isTwoSided(searcher.algorithm())) << " exact " << (r.exact ? 1 : 0)
            << " depth " << r.depth << " nodes " << r.nodes << " time_ms " << static_cast<long>(r.timeMs + 0.5)
            << "\n";
}

// analyze: every move's value, in slot order (see the usage).
template <class Game>
void printPlayersAnalysis(const std::string& moves, const Game& g, MultiSearcher<Game>& searcher,
                          const MultiLimits& lim) {
  auto a = searcher.analyze(g, lim);
  std::sort(a.moves.begin(), a.moves.end(), [](const auto& x, const auto& y) { return x.move < y.move; });
  const bool twoSided = isTwoSided(searcher.algorithm());
  std::cout << moves << " player " << Game::kSides[g.toMove()];
  for (const auto& m : a.moves)
    std::cout << " " << PositionNotation<Game>::moveText(g, m.move) << ":" << (m.exact ? "" : "~")
              << (twoSided ? std::to_string(m.score) : valuesText(m.values, false));
  std::cout << " depth " << a.depth << " nodes " << a.nodes << " time_ms " << static_cast<long>(a.timeMs + 0.5) << "\n";
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
    const std::string moves = Notation::text(rec);
    if (cfg.command == "count") return printCounts(moves, g, cfg.depth > 0 ? cfg.depth : kPlayersCountDepth);
    const std::string verb = cfg.command == "play" ? "play" : "analyze";
    if (g.lastMoverWon()) {
      reject(std::string("the game is already over (") + Game::kSides[(g.plies() - 1) % Game::kPlayers] +
             " won), there is no move to " + verb);
      return;
    }
    if (g.isFull()) {
      reject("the board is full (a draw), there is no move to " + verb);
      return;
    }
    MultiLimits lim;
    lim.timeMs = cfg.timeMs;
    lim.maxDepth = cfg.depth > 0 ? cfg.depth : 0;
    if (cfg.command == "analyze") printPlayersAnalysis(moves, g, searcher, lim);
    else printPlayersPlay(moves, g, searcher, lim);
  });
}

}  // namespace gs::cli
