#include "protocol/replies.hpp"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "protocol/json_writer.hpp"
#include "search/levels.hpp"

namespace gs {

namespace {

using Json = JsonWriter;

// {"type": type, "id": id, ...}: the start of every reply.
Json reply(const char* type, const std::string& id) {
  Json o('{');
  o.key("type").str(type);
  if (!id.empty()) o.key("id").raw(id);
  return o;
}

std::string intArray(const std::vector<int>& v) {
  Json a('[');
  for (int x : v) a.num(x);
  return a.done();
}

long long nps(std::uint64_t nodes, double ms) { return ms > 0 ? std::llround(nodes * 1000.0 / ms) : 0; }

// The fields info and bestmove share.
void searchFields(Json& o, const SearchInfo& i) {
  o.key("depth").num(i.depth);
  o.key("score").num(i.score);
  o.key("exact").boolean(i.exact);
  o.key("outcome");
  if (i.verdict) o.num(*i.verdict);
  else o.raw("null");
  o.key("source").str(sourceName(i.source));
  o.key("nodes").num(static_cast<long long>(i.nodes));
  o.key("nps").num(nps(i.nodes, i.timeMs));
  o.key("timeMs").real(i.timeMs);
  o.key("pv").raw(intArray(i.pv));
}

// A Monte Carlo tree search's fields, shared by info and bestmove: the
// fields of an alpha-beta search where they have a meaning (depth: the most
// visited line's length; score: the best move's share of won playouts as
// -100..100, the search's scale of a small edge; outcome: MCTS-Solver's
// proof; nodes: the tree's nodes), then algorithm "mcts", playouts, winRate
// (0..1, the best move's mean reward for the side to move: a draw counts 1/2)
// and treeFull.
void mctsFields(Json& o, const MctsResult& m) {
  double winRate = 0.5;
  for (const MctsMove& mv : m.moves)
    if (mv.move == m.bestMove) winRate = mv.mean;
  o.key("depth").num(static_cast<long long>(m.pv.size()));
  o.key("score").num(std::lround((2 * winRate - 1) * 100));
  o.key("exact").boolean(false);
  o.key("outcome");
  if (m.proven) o.num(m.value);
  else o.raw("null");
  o.key("source").str("search");
  o.key("nodes").num(static_cast<long long>(m.nodes));
  o.key("nps").num(nps(m.playouts, m.timeMs));
  o.key("timeMs").real(m.timeMs);
  o.key("pv").raw(intArray(m.pv));
  o.key("algorithm").str("mcts");
  o.key("playouts").num(static_cast<long long>(m.playouts));
  o.key("winRate").real(winRate);
  o.key("treeFull").boolean(m.treeFull);
}

// The page's tree is smaller than the CLI's (the wasm heap): 8 MiB.
constexpr std::uint32_t kPageMctsNodes = 1u << 19;

void mctsSearch(Session& session, const Request& r, const std::string& id, const PostReply& post) {
  MctsOptions options;
  options.seed = static_cast<std::uint32_t>(r.seed);
  options.maxNodes = kPageMctsNodes;
  MctsLimits limits;
  limits.playouts = static_cast<std::uint64_t>(r.playouts);
  const Deadline deadline = Deadline::fromNow(r.engineMs);   // 0: the playouts only
  const MctsResult result = session.thinkMcts(options, limits, deadline, 100, [&](const MctsResult& m) {
    Json o = reply("info", id);
    mctsFields(o, m);
    post(o.done());
  });
  Json o = reply("bestmove", id);
  o.key("move").num(result.bestMove);
  mctsFields(o, result);
  post(o.done());
}

void search(Session& session, const Request& r, const std::string& id, const PostReply& post) {
  if (session.outcome() != Outcome::kOngoing)
    return post(errorReply(id, "the game is over: there is no move to search"));
  if (r.algorithm == "mcts") return mctsSearch(session, r, id, post);
  SearchLimits limits;
  limits.timeMs = r.engineMs;
  limits.maxDepth = r.maxDepth;
  limits.randomTies = r.randomTies;
  limits.seed = static_cast<std::uint32_t>(r.seed);
  limits.temperature = r.temperature;
  const SearchResult result = session.think(limits, [&](const SearchInfo& info) {
    Json o = reply("info", id);
    searchFields(o, info);
    post(o.done());
  });
  Json o = reply("bestmove", id);
  o.key("move").num(result.bestMove);
  searchFields(o, result.info);
  post(o.done());
}

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// A value's fields: kind, score, exact (kind exact), outcome (the proven
// win/draw/loss, else null), depth and source.
void valueFields(Json& o, const Value& v) {
  o.key("kind").str(valueKindName(v.kind));
  o.key("score").num(v.score);
  o.key("exact").boolean(v.kind == ValueKind::kExact);
  o.key("outcome");
  if (v.proven()) o.num(v.sign());
  else o.raw("null");
  o.key("depth").num(v.depth);
  o.key("source").str(sourceName(v.source));
}

// The fields analysisinfo and analysis share.
void analysisFields(Json& o, const Analysis& a, double ms) {
  Json list('[');
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    Json m('{');
    m.key("move").num(static_cast<long long>(i + 1));
    m.key("legal").boolean(a.moves[i].kind != ValueKind::kIllegal);
    valueFields(m, a.moves[i]);
    list.raw(m.done());
  }
  o.key("scores").raw(list.done());
  Json pos('{');
  valueFields(pos, positionValue(a));
  o.key("position").raw(pos.done());
  o.key("best").num(bestMoveOf(a) + 1);
  o.key("complete").boolean(a.complete());
  o.key("nodes").num(static_cast<long long>(a.nodes));
  o.key("timeMs").real(ms);
  o.key("threads").num(a.threads);
}

// A request answered by a stream: `run(deadline, onChange)` works until the
// request's deadline, and every change and the result are posted, as
// `infoType` and then `finalType` replies with `fields(json, result, ms)`.
template <class Result, class Run>
void streamed(const Request& r, const std::string& id, const PostReply& post, const char* infoType,
              const char* finalType, void (*fields)(Json&, const Result&, double), Run run) {
  const auto t0 = std::chrono::steady_clock::now();
  auto send = [&](const char* type, const Result& result) {
    Json o = reply(type, id);
    fields(o, result, msSince(t0));
    post(o.done());
  };
  send(finalType, run(Deadline(t0, r.engineMs), [&](const Result& now) { send(infoType, now); }));
}

void analyze(Session& session, const Request& r, const std::string& id, const PostReply& post) {
  if (session.outcome() != Outcome::kOngoing)
    return post(errorReply(id, "the game is over: there is no move to analyse"));
  streamed<Analysis>(r, id, post, "analysisinfo", "analysis", analysisFields,
                     [&](const Deadline& d, const auto& onChange) { return session.analyze(d, onChange, r.threads); });
}

// The fields reviewinfo and review share.
void reviewFields(Json& o, const Review& rv, double ms) {
  Json positions('[');
  for (std::size_t i = 0; i < rv.positions.size(); ++i) {
    Json p('{');
    p.key("ply").num(static_cast<long long>(i));
    valueFields(p, rv.positions[i]);
    positions.raw(p.done());
  }
  Json moves('[');
  for (std::size_t i = 0; i < rv.moves.size(); ++i) {
    Json m('{');
    m.key("ply").num(static_cast<long long>(i));
    m.key("move").num(rv.moves[i].move + 1);
    m.key("mark").str(moveMarkName(rv.moves[i].mark));
    m.key("better");
    if (rv.moves[i].better >= 0) m.num(rv.moves[i].better + 1);
    else m.raw("null");
    moves.raw(m.done());
  }
  o.key("positions").raw(positions.done());
  o.key("moves").raw(moves.done());
  o.key("nodes").num(static_cast<long long>(rv.nodes));
  o.key("timeMs").real(ms);
}

void review(Session& session, const Request& r, const std::string& id, const PostReply& post) {
  if (!session.info().hasSolver)
    return post(errorReply(id, std::string(session.info().displayName) + " has no exact solver to review with"));
  streamed<Review>(r, id, post, "reviewinfo", "review", reviewFields,
                   [&](const Deadline& d, const auto& onChange) { return session.review(d, onChange); });
}

// The fields solveinfo and solved share: the proven interval, the work and
// the threads.
void solveFields(Json& o, const Session::SolveReport& s) {
  o.key("lo").num(s.lo);
  o.key("hi").num(s.hi);
  o.key("nodes").num(static_cast<long long>(s.nodes));
  o.key("nps").num(nps(s.nodes, s.ms));
  o.key("timeMs").real(s.ms);
  o.key("threads").num(s.threads);
}

// The exact solver on request: every narrowing of the interval, then the score.
void solve(Session& session, const Request& r, const std::string& id, const PostReply& post) {
  if (!session.info().hasSolver)
    return post(errorReply(id, std::string(session.info().displayName) + " has no exact solver"));
  if (session.outcome() != Outcome::kOngoing)
    return post(errorReply(id, "the game is over: there is no position to solve"));
  bool first = true;
  const Session::SolveReport result = session.solveExact(r.threads, [&](const Session::SolveReport& now) {
    if (now.lo == now.hi && !first) return;  // the answer: posted as `solved` below
    first = false;
    Json o = reply("solveinfo", id);
    solveFields(o, now);
    post(o.done());
  });
  Json o = reply("solved", id);
  o.key("score").num(result.lo);
  o.key("outcome").num((result.lo > 0) - (result.lo < 0));
  solveFields(o, result);
  o.key("best");  // a move that keeps the score, or null
  if (result.best >= 0) o.num(result.best + 1);
  else o.raw("null");
  post(o.done());
}

}  // namespace

void runRequest(Session& session, const Request& r, const std::string& id, const PostReply& post) {
  if (r.type == "levels") {
    Json o = reply("levels", id);
    o.key("levels").raw(levelsJson());
    return post(o.done());
  }
  if (r.type == "games") {
    Json o = reply("games", id);
    o.key("games").raw(gamesJson());
    return post(o.done());
  }
  if (r.type == "newgame") {
    session.newGame(r.game.empty() ? session.game() : findGame(r.game));
    return post(reply("newgameok", id).done());
  }
  if (r.type != "search" && r.type != "analyze" && r.type != "review" && r.type != "solve")
    return post(errorReply(id, "the engine does not answer '" + r.type + "' requests"));
  // A position. (Another game clears the tables, as newgame does.)
  const GameId game = findGame(r.game);
  if (game != session.game()) session.newGame(game);
  const std::string err = session.setMoves(r.moves);
  if (!err.empty()) return post(errorReply(id, err));
  if (r.type == "search") return search(session, r, id, post);
  if (r.type == "review") return review(session, r, id, post);
  if (r.type == "solve") return solve(session, r, id, post);
  return analyze(session, r, id, post);
}

std::string errorReply(const std::string& id, const std::string& message) {
  Json o = reply("error", id);
  o.key("message").str(message);
  return o.done();
}

std::string gamesJson() {
  Json list('[');
  for (int i = 0; i < kGameCount; ++i) {
    const GameInfo& g = gameInfo(i);
    if (g.kind != GameKind::kTwoPlayer) continue;  // the games this protocol's Session plays
    Json sides('[');
    sides.str(g.sides[0]).str(g.sides[1]);
    Json o('{');
    o.key("id").str(g.name);
    o.key("name").str(g.displayName);
    o.key("width").num(g.width);
    o.key("height").num(g.height);
    o.key("moveSlots").num(g.moveSlots);
    o.key("maxPlies").num(g.maxPlies);
    o.key("line").num(g.line);
    o.key("gravity").boolean(g.gravity);
    o.key("noun").str(g.moveNoun);
    o.key("taken").str(g.takenText);
    o.key("notation").str(g.notationHelp);
    o.key("sides").raw(sides.done());
    o.key("winBase").num(g.winBase);
    o.key("hasBook").boolean(*g.bookFile != '\0');
    o.key("bookFile").str(g.bookFile);
    o.key("hasSolver").boolean(g.hasSolver);
    o.key("treeMaxDepth").num(g.treeMaxDepth);
    o.key("players").num(g.players);
    o.key("chance").boolean(g.chance);
    o.key("algorithms").str(g.algorithms);
    o.key("defaultAlgorithm").str(g.defaultAlgorithm);
    list.raw(o.done());
  }
  return list.done();
}

std::string levelsJson() {
  Json list('[');
  for (int i = 0; i < kLevelCount; ++i) {
    const Level& l = kLevels[i];
    Json o('{');
    o.key("name").str(l.name);
    o.key("timeMs").num(l.timeMs);
    o.key("maxDepth").num(l.maxDepth);
    o.key("temperature").num(l.temperature);
    Json m('{');  // the level's budget for algorithm mcts (kMctsLevels)
    m.key("timeMs").num(kMctsLevels[i].timeMs);
    m.key("playouts").num(kMctsLevels[i].playouts);
    o.key("mcts").raw(m.done());
    list.raw(o.done());
  }
  return list.done();
}

}  // namespace gs
