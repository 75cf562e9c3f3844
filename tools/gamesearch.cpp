// gamesearch: the command-line front end of the engine, one path for every
// game of the registry. It parses the command line (gamesearch_args.hpp),
// then runs the command with the searches of the game's kind: the two-player
// games' solve, analyze, play and count, on the board --size names (run_two_player.hpp), play for the
// games with chance (run_chance.hpp) and for those of more players
// (run_players.hpp). It only parses and prints; the games and searches live
// in engine/. `gamesearch --help` lists the commands, options and formats.
#include <iostream>

#include "gamesearch_args.hpp"
#include "run_chance.hpp"
#include "run_players.hpp"
#include "run_two_player.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const gs::cli::Config cfg = gs::cli::parseArgs(argc, argv);
  return gs::withGame(cfg.game, [&](auto tag) {
    using Game = typename decltype(tag)::type;
    constexpr gs::GameKind kKind = gs::kindOf<Game>();
    if constexpr (kKind != gs::GameKind::kTwoPlayer) {
      if (cfg.width || cfg.runtimeSize)
        gs::cli::usageError(std::string(cfg.width ? "--size" : "--runtime-size") + " is for " + gs::cli::sizedGames() +
                            ", not " + Game::kName);
    }
    if constexpr (kKind == gs::GameKind::kPlayers) return gs::cli::runPlayers<Game>(cfg);
    else if constexpr (kKind == gs::GameKind::kChance) return gs::cli::runChance<Game>(cfg);
    else return gs::cli::runTwoPlayerSized<Game>(cfg);
  });
}
