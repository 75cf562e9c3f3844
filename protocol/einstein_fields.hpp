// EinStein würfelt nicht!'s fields for its page (web/play/einstein-view.js),
// added to the generic `state` and `bestmove` replies (protocol/game_fields.hpp):
//   state: "cells" [25 signed cubes, cell = row*5+col: 0, +n Red's n, -n
//     Blue's n] (replacing the generic cells), "side" (0 Red, 1 Blue: to
//     move), "roll" (0 at chance, else the die), "cubesLeft" [Red's, Blue's],
//     "setups" [[6 digits], [6 digits]], "movable" [the cubes the roll lets
//     move], "moves" [{"slot", "text": "3d", ...the move fields}],
//     "turns" [{"side", "die", "text": "66d", ...the move fields}]
//   a move: "cube", "dir" (0 h, 1 v, 2 d), "from", "to", "capture" (the
//     signed cube taken, or 0), "words" ("cube 3 down-right to d4, takes
//     Blue's 2")
#pragma once

#include "games/einstein/einstein_notation.hpp"
#include "protocol/game_fields.hpp"

namespace gs {

void einsteinStateFields(Json& o, const Einstein& g, const EinsteinRecord& rec);
void einsteinMoveFields(Json& o, const Einstein& g, int slot);

template <>
struct GameFields<Einstein> {
  static void state(Json& o, const Einstein& g, const EinsteinRecord& rec) { einsteinStateFields(o, g, rec); }
  static void move(Json& o, const Einstein& g, int slot) { einsteinMoveFields(o, g, slot); }
};

}  // namespace gs
