// EinStein würfelt nicht! for the page (web/einstein/): the position and the
// computer's move as JSON text, so the page's worker (web/einstein/
// games-worker.js, through wasm/einstein_bindings.cpp) only passes strings
// and the page spells none of the rules. The position is always the game's
// text in the notation of games/einstein/einstein_notation.hpp (set-ups,
// every turn, the pending roll); the page rolls the die itself (seeded,
// web/einstein/dice.js) and appends the face, so '?' is refused here.
//
// einsteinStateJson(text):
//   {"ok":true, "position": text as the engine writes it,
//    "cells": [25 signed cubes, cell = row*5+col: 0, +n Red's n, -n Blue's n],
//    "side": 0 Red | 1 Blue (to move), "roll": 0 (at chance) | 1-6,
//    "plies", "over", "winner": -1 | 0 | 1, "winCells": [goal reached],
//    "cubesLeft": [Red's, Blue's], "setups": [[6 digits], [6 digits]],
//    "movable": [the cubes the roll lets move, lower first],
//    "moves": [{"slot", "text": "3d", "cube", "dir": 0 h|1 v|2 d, "from",
//               "to", "capture": signed cube taken or 0, "words"}],
//    "turns": [{"side", "die", "cube", "dir", "text": "66d", "from", "to",
//               "capture"}]}
//   or {"ok":false, "error": message, "position": 1-based character}
//
// einsteinThinkJson(text, level, algorithm, timeMs, maxDepth, seed, playouts):
//   the computer's move for the rolled position `text`. `level` (a name of
//   kEinsteinLevels) sets the budget; "" takes timeMs / maxDepth (Star1,
//   Star2, expectimax) or timeMs / playouts (mcts). algorithm: "star2"
//   (default, ""), "star1", "expectimax" or "mcts".
//   {"ok":true, "slot", "move": "3d", "words", "score": 1000 x expected
//    result for the mover, "winPct": 0-100, "exact", "depth", "nodes",
//    "timeMs", "algorithm", "playouts" (mcts)}  or {"ok":false, "error"}
//
// einsteinLevelsJson(): [{"name", "timeMs", "maxDepth", "temperature"}, ...]
//   (temperature > 0: the level draws its move, search/expectimax.hpp's
//   softmaxMove, seeded by `seed` and the ply)
#pragma once

#include <cstddef>
#include <string>

namespace gs {

std::string einsteinStateJson(const std::string& text);
std::string einsteinThinkJson(const std::string& text, const std::string& level, const std::string& algorithm,
                              int timeMs, int maxDepth, unsigned seed, double playouts);
std::string einsteinLevelsJson();

// Longest position text accepted: a game of kMaxPlies turns (4 characters
// each) after the set-ups, with room to spare.
constexpr std::size_t kEinsteinTextMax = 400;

}  // namespace gs
