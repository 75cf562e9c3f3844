// bookcheck: how well an opening book hands over to the solver.
//
//   bookcheck --book FILE [--paths N] [--seed S] [--tt-mb M]
//
// Follows N random games through the book for each side the computer may
// play: the computer plays the book's move, the opponent either a random
// legal move ("random") or, at random, one of its best moves by the book's
// values ("best": the longest, hardest games).
// Each game stops at the first position where the computer is to move and
// the book has no entry (the book's frontier), or at the end of the game.
// There the player's solver step (engine/search/player.hpp) is timed from a cleared
// table: the win/draw/loss value, then the value of every move. Prints, per
// side, how many games reached the frontier, the value found there (the
// computer playing first must still be winning), and the time distribution.
// A missing book entry before the book's depth is reported as a hole.
#include <algorithm>
#include <cstdint>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "search/book.hpp"
#include "games/connect4/connect4.hpp"
#include "core/move_list.hpp"
#include "search/solver.hpp"
#include "core/tt.hpp"

namespace {

const char* kAbout = "bookcheck - checks an opening book and times the solver at its frontier";

const char* kFooter = R"(Follows N random games through the book for each side the computer may play:
the computer plays the book's move, the opponent either a random legal move
("random") or one of its best moves by the book's values ("best"). Each game
stops where the book ends (the computer to move, no entry) or at the end of
the game; there the solver (value, then every move) is timed from a cleared
table. Exit status 1 if the book has a hole before its depth, or if the
computer playing first is not winning where the book ends.)";

struct Args {
  std::string file;
  int paths = 200;
  std::uint32_t seed = 1;
  int ttMb = 64;
};

// The command line (CLI11: each option declared once, with its check and its help).
Args parse(int argc, char** argv) {
  using gs::cli::wholeNumber;
  Args a;
  CLI::App app(kAbout, "bookcheck");
  gs::cli::setConventions(app);
  app.footer(kFooter);
  app.add_option("--book", a.file, "the book (tools/bookgen's format)")->type_name("FILE")->required();
  app.add_option("--paths", a.paths, "random games per side and kind of opponent")
      ->type_name("N")
      ->transform(wholeNumber(1, 100000000))
      ->capture_default_str();
  app.add_option("--seed", a.seed, "the games' random seed")
      ->type_name("S")
      ->transform(wholeNumber(0, 4294967295L))
      ->capture_default_str();
  app.add_option("--tt-mb", a.ttMb, "solver table size in MiB")
      ->type_name("M")
      ->transform(wholeNumber(1, 16384))
      ->capture_default_str();
  gs::cli::parseOrExit(app, argc, argv);
  return a;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * (v.size() - 1) + 0.5))];
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  const std::string& file = args.file;
  const int paths = args.paths;
  gs::Book book;
  std::string why;
  if (!book.load<gs::Connect4>(file, &why)) gs::cli::usageError("bookcheck", why);
  std::printf("book %s: %zu positions, %d plies, %zu bytes\n", file.c_str(), book.size(), book.maxPlies(),
              32 + 8 * book.size());

  gs::TranspositionTable tt(static_cast<std::size_t>(args.ttMb) << 20);
  gs::Solver<gs::Connect4> solver(tt);
  std::mt19937 rng(args.seed);
  int failures = 0;
  for (int kind = 0; kind < 2; ++kind)
  for (int side = 0; side < 2; ++side) {
    const bool best = kind == 0;
    std::vector<double> ms;
    std::vector<int> plies;
    int ended = 0, holes = 0, values[3] = {0, 0, 0};
    for (int p = 0; p < paths; ++p) {
      gs::Connect4 pos;
      bool frontier = false;
      while (!pos.lastMoverWon() && !pos.isFull()) {
        if (pos.plies() % 2 == side) {  // the computer to move
          gs::Book::Hit h = book.probe(pos);
          if (!h.found || h.move < 0) {
            if (pos.plies() <= book.maxPlies()) ++holes;
            frontier = true;
            break;
          }
          pos.play(h.move);
        } else {
          std::vector<int> legal, strongest;
          int lowest = 2;  // the computer's value after the reply
          for (int c = 0; c < gs::Connect4::kWidth; ++c) {
            if (!pos.canPlay(c)) continue;
            legal.push_back(c);
            gs::Connect4 child = pos;
            child.play(c);
            gs::Book::Hit h = book.probe(child);
            int v = child.lastMoverWon() ? -2 : h.found ? h.value : 2;
            if (v < lowest) strongest.clear(), lowest = v;
            if (v == lowest) strongest.push_back(c);
          }
          const std::vector<int>& from = best && lowest < 2 ? strongest : legal;
          pos.play(from[rng() % from.size()]);
        }
      }
      if (!frontier) {
        ++ended;
        continue;
      }
      tt.clear();
      auto t0 = std::chrono::steady_clock::now();
      int value = solver.solveSign(pos);
      for (int c = 0; c < gs::Connect4::kWidth; ++c) solver.signOfMove(pos, c);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      plies.push_back(pos.plies());
      ++values[value + 1];
    }
    const bool first = side == 0;
    if (first && (values[0] || values[1])) ++failures;  // playing first, the computer must still be winning
    if (holes) ++failures;
    std::printf(
        "opponent %s, computer %s: %d games, %d ended inside the book, %d reached the frontier (plies %d-%d), holes %d\n"
        "  value there: %d wins, %d draws, %d losses for the computer\n"
        "  solver (value + every move, cleared table): median %.1f ms, 90%% %.1f ms, 99%% %.1f ms, max %.1f ms\n",
        best ? "best" : "random", first ? "first" : "second", paths, ended, static_cast<int>(ms.size()),
        plies.empty() ? 0 : *std::min_element(plies.begin(), plies.end()),
        plies.empty() ? 0 : *std::max_element(plies.begin(), plies.end()), holes, values[2], values[1], values[0],
        percentile(ms, 0.5), percentile(ms, 0.9), percentile(ms, 0.99), percentile(ms, 1.0));
  }
  return failures ? 1 : 0;
}
