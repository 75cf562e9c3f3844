// gamesearch --game einstein: reads EinStein positions (einstein_notation.hpp),
// prints the expectiminimax player's move. Only parses and prints.
#include "einstein_cli.hpp"

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
)";
}

int runEinstein(const EinsteinCliConfig& cfg) {
  ExpectimaxSearcher<Einstein> searcher;
  searcher.setOptions(cfg.search);
  std::mt19937 rng(cfg.seed);  // one generator for the run: each '?' draws anew
  std::string line;
  bool tooLong = false;
  long lineNo = 0;
  bool anyError = false;
  auto reject = [&](const std::string& msg) {
    std::cout.flush();
    std::cerr << "line " << lineNo << ": " << msg << "\n";
    anyError = true;
  };
  while (readLimitedLine(std::cin, line, tooLong)) {
    ++lineNo;
    if (tooLong) {
      reject("line is longer than " + std::to_string(kMaxLineLength) + " characters");
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t b = line.find_first_not_of(" \t");
    std::string text;
    if (b != std::string::npos) {
      const std::size_t e = line.find_first_of(" \t", b);
      text = line.substr(b, e == std::string::npos ? std::string::npos : e - b);
    }
    EinsteinRecord rec;
    Einstein g;
    const ParseError err = parseEinstein(text, rec, g, &rng);
    if (!err.ok) {
      reject(err.message);
      continue;
    }
    if (g.lastMoverWon()) {
      reject(std::string("the game is already over (") + Einstein::kSides[(g.plies() - 1) % 2] +
             " won), there is no move to play");
      continue;
    }
    if (g.atChance()) {
      reject(std::string(Einstein::kSides[g.sideToMove()]) +
             " has not rolled: end the position with the die face (1-6, or ? to roll it), e.g. " +
             toText(rec) + (rec.turns.empty() ? ":" : ",") + "4");
      continue;
    }
    ExpectimaxLimits lim;
    lim.timeMs = cfg.timeMs;
    lim.maxDepth = cfg.depth;
    const ExpectimaxResult r = searcher.think(g, lim);
    char pct[32];
    std::snprintf(pct, sizeof pct, "%.1f", 50.0 * (1.0 + r.score / 1000.0));
    std::cout << toText(rec) << " bestmove " << einsteinMoveText(g, r.bestMove) << " score " << r.score
              << " exact " << (r.exact ? 1 : 0) << " depth " << r.depth << " nodes " << r.nodes << " time_ms "
              << static_cast<long>(r.timeMs + 0.5) << " win_pct " << pct << "\n";
    std::cout.flush();
  }
  return anyError ? 1 : 0;
}

}  // namespace gs
