// What a game adds to the protocol's generic replies (protocol/kind_replies.cpp):
// the fields a game's own page draws from that the common interface of
// core/game.hpp does not describe. The primary template adds nothing; a game
// with more to say specializes GameFields here, next to its notation's
// specialization (core/notation.hpp), so the replies stay generic.
//   state(o, g, rec)   extra fields of a `state` reply (they may replace a
//                      generic field: EinStein's `cells` are signed cubes)
//   move(o, g, slot)   extra fields of a move of position `g`, in a search's
//                      `bestmove` (and the game's own move lists)
#pragma once

#include "core/notation.hpp"
#include "protocol/json.hpp"

namespace gs {

template <class Game>
struct GameFields {
  static void state(Json& /*o*/, const Game& /*g*/, const typename PositionNotation<Game>::Record& /*rec*/) {}
  static void move(Json& /*o*/, const Game& /*g*/, int /*slot*/) {}
};

}  // namespace gs

#include "protocol/einstein_fields.hpp"
