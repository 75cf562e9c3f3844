#include "protocol/replies.hpp"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/notation.hpp"
#include "protocol/json.hpp"
#include "protocol/kind_replies.hpp"
#include "search/levels.hpp"

namespace gs {

Json replyStart(const char* type, const std::string& id) {
  Json o;
  o["type"] = type;
  if (id.empty()) return o;
  Json value = parseJson(id, kRequestMaxDepth);
  if (!value.is_discarded()) o["id"] = std::move(value);
  return o;
}

namespace {


// `value`, or null when it is not `known` (an outcome not proven, no better move).
template <class T>
Json orNull(bool known, T value) {
  return known ? Json(value) : Json(nullptr);
}

long long nps(std::uint64_t nodes, double ms) { return ms > 0 ? std::llround(nodes * 1000.0 / ms) : 0; }

// The fields info and bestmove share.
void searchFields(Json& o, const SearchInfo& i) {
  o["depth"] = i.depth;
  o["score"] = i.score;
  o["exact"] = i.exact;
  o["outcome"] = orNull(i.verdict.has_value(), i.verdict.value_or(0));
  o["source"] = sourceName(i.source);
  o["nodes"] = i.nodes;
  o["nps"] = nps(i.nodes, i.timeMs);
  o["timeMs"] = jsonNumber(i.timeMs);
  o["pv"] = i.pv;
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
  o["depth"] = m.pv.size();
  o["score"] = std::lround((2 * winRate - 1) * 100);
  o["exact"] = false;
  o["outcome"] = orNull(m.proven, m.value);
  o["source"] = "search";
  o["nodes"] = m.nodes;
  o["nps"] = nps(m.playouts, m.timeMs);
  o["timeMs"] = jsonNumber(m.timeMs);
  o["pv"] = m.pv;
  o["algorithm"] = "mcts";
  o["playouts"] = m.playouts;
  o["winRate"] = jsonNumber(winRate);
  o["treeFull"] = m.treeFull;
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
    Json o = replyStart("info", id);
    mctsFields(o, m);
    post(jsonText(o));
  });
  Json o = replyStart("bestmove", id);
  o["move"] = result.bestMove;
  mctsFields(o, result);
  post(jsonText(o));
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
    Json o = replyStart("info", id);
    searchFields(o, info);
    post(jsonText(o));
  });
  Json o = replyStart("bestmove", id);
  o["move"] = result.bestMove;
  searchFields(o, result.info);
  post(jsonText(o));
}

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// A value's fields: kind, score, exact (kind exact), outcome (the proven
// win/draw/loss, else null), depth and source.
void valueFields(Json& o, const Value& v) {
  o["kind"] = valueKindName(v.kind);
  o["score"] = v.score;
  o["exact"] = v.kind == ValueKind::kExact;
  o["outcome"] = orNull(v.proven(), v.sign());
  o["depth"] = v.depth;
  o["source"] = sourceName(v.source);
}

// The fields analysisinfo and analysis share.
void analysisFields(Json& o, const Analysis& a, double ms) {
  Json list = Json::array();
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    Json m;
    m["move"] = i + 1;
    m["legal"] = a.moves[i].kind != ValueKind::kIllegal;
    valueFields(m, a.moves[i]);
    list.push_back(std::move(m));
  }
  o["scores"] = std::move(list);
  Json pos;
  valueFields(pos, positionValue(a));
  o["position"] = std::move(pos);
  o["best"] = bestMoveOf(a) + 1;
  o["complete"] = a.complete();
  o["nodes"] = a.nodes;
  o["timeMs"] = jsonNumber(ms);
  o["threads"] = a.threads;
  if (!a.lines.empty()) {
    Json lines = Json::array();
    for (int m : a.lines) {
      Json l;
      l["move"] = m + 1;
      Json moves = Json::array();
      for (int x : a.moves[static_cast<std::size_t>(m)].line) moves.push_back(x + 1);
      l["moves"] = std::move(moves);
      valueFields(l, a.moves[static_cast<std::size_t>(m)]);
      lines.push_back(std::move(l));
    }
    o["lines"] = std::move(lines);
  }
}

// A request answered by a stream: `run(deadline, onChange)` works until the
// request's deadline, and every change and the result are posted, as
// `infoType` and then `finalType` replies with `fields(json, result, ms)`.
template <class Result, class Run>
void streamed(const Request& r, const std::string& id, const PostReply& post, const char* infoType,
              const char* finalType, void (*fields)(Json&, const Result&, double), Run run) {
  const auto t0 = std::chrono::steady_clock::now();
  auto send = [&](const char* type, const Result& result) {
    Json o = replyStart(type, id);
    fields(o, result, msSince(t0));
    post(jsonText(o));
  };
  send(finalType, run(Deadline(t0, r.engineMs), [&](const Result& now) { send(infoType, now); }));
}

void analyze(Session& session, const Request& r, const std::string& id, const PostReply& post) {
  if (session.outcome() != Outcome::kOngoing)
    return post(errorReply(id, "the game is over: there is no move to analyse"));
  streamed<Analysis>(r, id, post, "analysisinfo", "analysis", analysisFields,
                     [&](const Deadline& d, const auto& onChange) { return session.analyze(d, onChange, r.threads, r.lines); });
}

// The fields reviewinfo and review share.
void reviewFields(Json& o, const Review& rv, double ms) {
  Json positions = Json::array();
  for (std::size_t i = 0; i < rv.positions.size(); ++i) {
    Json p;
    p["ply"] = i;
    valueFields(p, rv.positions[i]);
    positions.push_back(std::move(p));
  }
  Json moves = Json::array();
  for (std::size_t i = 0; i < rv.moves.size(); ++i) {
    Json m;
    m["ply"] = i;
    m["move"] = rv.moves[i].move + 1;
    m["mark"] = moveMarkName(rv.moves[i].mark);
    m["better"] = orNull(rv.moves[i].better >= 0, rv.moves[i].better + 1);
    moves.push_back(std::move(m));
  }
  o["positions"] = std::move(positions);
  o["moves"] = std::move(moves);
  o["nodes"] = rv.nodes;
  o["timeMs"] = jsonNumber(ms);
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
  o["lo"] = s.lo;
  o["hi"] = s.hi;
  o["nodes"] = s.nodes;
  o["nps"] = nps(s.nodes, s.ms);
  o["timeMs"] = jsonNumber(s.ms);
  o["threads"] = s.threads;
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
    Json o = replyStart("solveinfo", id);
    solveFields(o, now);
    post(jsonText(o));
  });
  Json o = replyStart("solved", id);
  o["score"] = result.lo;
  o["outcome"] = (result.lo > 0) - (result.lo < 0);
  solveFields(o, result);
  o["best"] = orNull(result.best >= 0, result.best + 1);  // a move that keeps the score, or null
  post(jsonText(o));
}

}  // namespace

void runEngineRequest(const Request& r, const std::string& id, const PostReply& post) {
  if (r.runner != "engine")  // the worker's own, a trace, or not checked
    return post(errorReply(id, "the engine does not answer '" + r.type + "' requests here"));
  const bool twoPlayer = r.game.empty() || gameInfo(findGame(r.game)).kind == GameKind::kTwoPlayer;
  if (r.type == "levels" && twoPlayer) {
    Json o = replyStart("levels", id);
    o["levels"] = Json::parse(levelsJson());
    return post(jsonText(o));
  }
  if (r.type == "games") {
    Json o = replyStart("games", id);
    o["games"] = Json::parse(gamesJson());
    return post(jsonText(o));
  }
  // Every game's state, and the games of the other kinds.
  return runKindRequest(r, id, post);
}

void runRequest(Session& session, const Request& r, const std::string& id, const PostReply& post) {
  if (r.runner != "session") return runEngineRequest(r, id, post);
  if (r.type == "newgame") {
    if (r.game.empty()) session.newGame(session.game(), session.sized());
    else session.newGame(findGame(r.game), !r.size.empty());
    return post(jsonText(replyStart("newgameok", id)));
  }
  if (r.type != "search" && r.type != "analyze" && r.type != "review" && r.type != "solve")
    return post(errorReply(id, "the engine does not answer '" + r.type + "' requests"));
  // A position. (Another game or board clears the tables, as newgame does.)
  const GameId game = findGame(r.game);
  const bool sized = !r.size.empty();
  if (game != session.game() || sized != session.sized()) session.newGame(game, sized);
  const std::string err = session.setMoves(r.moves);
  if (!err.empty()) return post(errorReply(id, err));
  // Every request sets the search's options: the defaults, but a search's
  // own quiescence (so an analysis after a search without it has it again).
  SearchOptions options;
  options.quiescence = r.type != "search" || r.quiescence;
  session.setSearchOptions(options);
  if (r.type == "search") return search(session, r, id, post);
  if (r.type == "review") return review(session, r, id, post);
  if (r.type == "solve") return solve(session, r, id, post);
  return analyze(session, r, id, post);
}

std::string errorReply(const std::string& id, const std::string& message) {
  Json o = replyStart("error", id);
  o["message"] = message;
  return jsonText(o);
}

std::string gamesJson() {
  Json list = Json::array();
  for (int i = 0; i < kGameCount; ++i) {
    const GameInfo& g = gameInfo(i);
    Json sides = Json::array();
    for (int p = 0; p < g.players; ++p) sides.push_back(g.sides[p]);
    Json o;
    o["id"] = g.name;
    o["name"] = g.displayName;
    o["width"] = g.width;
    o["height"] = g.height;
    o["moveSlots"] = g.moveSlots;
    o["maxPlies"] = g.maxPlies;
    o["line"] = g.line;
    o["gravity"] = g.gravity;
    o["noun"] = g.moveNoun;
    o["taken"] = g.takenText;
    o["notation"] = g.notationHelp;
    o["sides"] = sides;
    o["winBase"] = g.winBase;
    o["hasBook"] = *g.bookFile != '\0';
    o["bookFile"] = g.bookFile;
    o["hasSolver"] = g.hasSolver;
    // The other boards the game is played on ("WxH", row by row: 4x4 to
    // 12x4, 4x5, ...; [] for a game of one board) and the win base of their
    // scores (0 when none).
    Json sizes = Json::array();
    o["sizedWinBase"] = withGame(i, [&](auto tag) {
      using Game = typename decltype(tag)::type;
      if constexpr (hasSizes<Game>) {
        for (int h = 1; h <= 64; ++h)
          for (int w = 1; w <= 64; ++w)
            if (Game::fits(w, h) && !(w == Game::kWidth && h == Game::kHeight)) sizes.push_back(boardSizeText(w, h));
        return Game::Sized::kWinBase;
      } else {
        return 0;
      }
    });
    o["sizes"] = std::move(sizes);
    o["treeMaxDepth"] = g.treeMaxDepth;
    o["players"] = g.players;
    o["chance"] = g.chance;
    o["algorithms"] = g.algorithms;
    o["defaultAlgorithm"] = g.defaultAlgorithm;
    o["kind"] = g.kind == GameKind::kTwoPlayer ? "two-player" : g.kind == GameKind::kChance ? "chance" : "players";
    list.push_back(std::move(o));
  }
  return jsonText(list);
}

std::string levelsJson(GameKind kind) {
  Json list = Json::array();
  for (int i = 0; i < kLevelCount; ++i) {
    // (the chance kind's levels: the same names, other budgets)
    const bool chance = kind == GameKind::kChance;
    const Level& l = kLevels[i];
    const ChanceLevel& c = kChanceLevels[i];
    Json o;
    o["name"] = l.name;
    o["timeMs"] = chance ? c.timeMs : l.timeMs;
    o["maxDepth"] = chance ? c.maxDepth : l.maxDepth;
    o["temperature"] = chance ? c.temperature : l.temperature;
    Json m;  // the level's budget for algorithm mcts (kMctsLevels)
    m["timeMs"] = kMctsLevels[i].timeMs;
    m["playouts"] = kMctsLevels[i].playouts;
    o["mcts"] = std::move(m);
    list.push_back(std::move(o));
  }
  return jsonText(list);
}

}  // namespace gs
