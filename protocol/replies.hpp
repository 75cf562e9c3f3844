// The engine's side of the worker protocol (docs/protocol.md): the replies to
// a request that checkRequest() accepted, as JSON text, so that the worker
// (web/worker.js) is a pipe that queues requests and posts what comes back.
//
// The worker keeps what only it knows: `isready` (its load time), `memory`
// (the wasm heap), `book` (the download) and `stop` (its queue). Every other
// type is answered here: search, analyze, review, solve, newgame, levels,
// games, and state (kind_replies.hpp: every game's state, and the search and
// levels of the games of the other kinds, dice and more players, which need
// no Session).
//
// `id` is the request's id as the page sent it, as JSON text
// (JSON.stringify(message.id); "" when it has none): replies echo it (an id
// that is not JSON, or nests deeper than kRequestMaxDepth, is left out).
#pragma once

#include <functional>
#include <string>

#include "protocol/request.hpp"
#include "session.hpp"

namespace gs {

using PostReply = std::function<void(const std::string& json)>;

// Runs `r` (checked: no error; runner "session", else it goes to
// runEngineRequest) on `session` and posts its replies: for a
// search every finished iteration's `info`, then one `bestmove`; otherwise
// one reply. A position the session refuses, a search of a finished game and
// a type the worker answers itself are answered by an `error`.
void runRequest(Session& session, const Request& r, const std::string& id, const PostReply& post);

// Runs `r` (checked: no error, runner "engine": state, levels, games, the
// other kinds' searches), which needs no Session, and posts its one reply.
void runEngineRequest(const Request& r, const std::string& id, const PostReply& post);

// {type:'error', id?, message}
std::string errorReply(const std::string& id, const std::string& message);

// The `games` and `levels` lists as JSON arrays (the games, every game of
// the registry with its kind, also as Module.games(), so the page and the
// worker read one description).
std::string gamesJson();
// The levels of the kind's search: kLevels (two-player games), or
// kChanceLevels (games with chance); each with its MCTS budget.
std::string levelsJson(GameKind kind = GameKind::kTwoPlayer);

}  // namespace gs
