// The replies that need no Session (replies.hpp's runRequest hands them
// here): `state` for every game, and `search` and `levels` for the games of
// the kinds kChance and kPlayers (games/registry.hpp), whose searches keep
// nothing from one move to the next. Each is written once for its kind, from
// the Game concept (core/game.hpp) and the game's notation
// (core/notation.hpp); what only one game's page needs comes from its
// GameFields (protocol/game_fields.hpp). docs/protocol.md lists the fields.
#pragma once

#include <string>

#include "protocol/json.hpp"
#include "protocol/replies.hpp"

namespace gs {

// Runs `r` (checked: no error; type state, or search / levels of a game of
// kind kChance or kPlayers) and posts its one reply.
void runKindRequest(const Request& r, const std::string& id, const PostReply& post);

// {"type": type, "id": id}: the start of every reply. `id` is JSON text (the
// page's id); one that is not JSON or nests deeper than a request may is
// left out.
Json replyStart(const char* type, const std::string& id);

}  // namespace gs
