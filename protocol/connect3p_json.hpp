// Connect Four for three for the page (web/play/connect3p-view.js): the
// position and the computer's move as JSON text, so the page's worker
// (web/engine/games-worker.js, through wasm/connect3p_bindings.cpp) only passes
// strings and the page spells none of the rules. A position is its move
// string (docs/connect3p.md: one digit 1-9 per stone, Red, Yellow, Green in
// turn).
//
// connect3pStateJson(moves):
//   {"ok":true, "moves", "width":9, "height":6, "players":["Red","Yellow","Green"],
//    "cells": [54: 0 empty, 1 Red, 2 Yellow, 3 Green; index col + 9 * row,
//              row 0 at the bottom],
//    "toMove": 0-2, "plies", "over", "winner": -1 (none or a draw) | 0-2,
//    "draw", "winCells": [the winner's fours, same indices],
//    "legal": [columns 1-9 that are not full; none when over]}
//   or {"ok":false, "error", "position": 1-based character}
//
// connect3pThinkJson(moves, algorithm, timeMs, maxDepth): the move of the
// player to move. algorithm: "maxn" (max^n with shallow pruning, default
// ""), "maxn-plain" or "paranoid"; at least one of timeMs / maxDepth.
//   {"ok":true, "move": column 1-9, "player": 0-2, "algorithm", "score": the
//    mover's value (max^n: its entry; paranoid: its value against the
//    coalition), "values": [3 entries] (max^n) or null (paranoid), "exact",
//    "depth", "nodes", "shallowCuts", "timeMs"}  or {"ok":false, "error"}
#pragma once

#include <cstddef>
#include <string>

namespace gs {

class Connect3p;

// Reads a move string into `g` (from the empty board): "" or what is wrong,
// with `position` the 1-based character (0: none). Also used by
// connect3p_tree_json.cpp.
std::string readConnect3pMoves(const std::string& moves, Connect3p& g, std::size_t& position);

std::string connect3pStateJson(const std::string& moves);
std::string connect3pThinkJson(const std::string& moves, const std::string& algorithm, int timeMs, int maxDepth);

}  // namespace gs
