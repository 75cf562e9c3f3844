#include "protocol/kind_replies.hpp"

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/notation.hpp"
#include "protocol/game_fields.hpp"
#include "search/expectimax.hpp"
#include "search/levels.hpp"
#include "search/mcts.hpp"
#include "search/multiplayer.hpp"

namespace gs {

namespace {

// A position read from the request's text (checkRequest has read it once
// already, so it reads).
template <class G>
struct Position {
  typename PositionNotation<G>::Record rec;
  G g;
  ParseError error;
  explicit Position(const std::string& text) { error = PositionNotation<G>::parse(text, rec, g, nullptr); }
};

// `v` rounded to one decimal.
Json oneDecimal(double v) { return jsonNumber(std::round(v * 10) / 10); }

// {type:'state', id, game, position, moves (a move string's), width, height,
//  players, cells, toMove, plies, over, winner, draw, winCells, atChance
//  (games with chance), legal, ...the game's own fields}
template <class G>
std::string stateReply(const Request& r, const std::string& id) {
  using Notation = PositionNotation<G>;
  const Position<G> p(r.position);
  if (!p.error.ok) return errorReply(id, p.error.message);
  const G& g = p.g;
  constexpr int players = playersOf<G>();
  Json o = replyStart("state", id);
  o["game"] = G::kName;
  o["position"] = Notation::text(p.rec);
  if constexpr (Notation::kMoveString) o["moves"] = Notation::text(p.rec);
  o["width"] = G::kWidth;
  o["height"] = G::kHeight;
  o["players"] = std::vector<std::string>(std::begin(G::kSides), std::end(G::kSides));
  std::vector<int> cells;
  for (int row = 0; row < G::kHeight; ++row)
    for (int col = 0; col < G::kWidth; ++col) cells.push_back(g.cell(col, row));
  o["cells"] = cells;
  const bool over = isOver(g);
  o["toMove"] = g.plies() % players;
  o["plies"] = g.plies();
  o["over"] = over;
  o["winner"] = g.lastMoverWon() ? (g.plies() - 1) % players : -1;
  o["draw"] = over && !g.lastMoverWon();
  o["winCells"] = g.winningCells();
  if constexpr (hasChance<G>) o["atChance"] = !over && g.atChance();
  std::vector<int> legal;
  for (int m = 0; m < G::kMoveSlots && !over; ++m)
    if (g.canPlay(m)) legal.push_back(m + 1);
  o["legal"] = legal;
  GameFields<G>::state(o, g, p.rec);
  return jsonText(o);
}

// The static evaluation the searches use at their horizon, for the
// evaluation view (docs/protocol.md, "evaluate").
// {type:'evaluation', id, game, position, toMove, total (the side to move's
//  value: evaluate()), features: [{name, help, weight, mine, theirs,
//  contribution, marks: {mine, theirs}}] (games with features, capability f: marks are
//  featureMarks' cell groups), values (a game of more players: one entry per
//  player, evaluatePlayers(); total is the mover's)}
template <class G>
std::string evaluationReply(const Request& r, const std::string& id) {
  const Position<G> p(r.position);
  if (!p.error.ok) return errorReply(id, p.error.message);
  const G& g = p.g;
  if (isOver(g)) return errorReply(id, "the game is over: a finished position has no evaluation");
  Json o = replyStart("evaluation", id);
  o["game"] = G::kName;
  o["position"] = PositionNotation<G>::text(p.rec);
  o["toMove"] = g.plies() % playersOf<G>();
  Json features = Json::array();
  if constexpr (hasPlayers<G>) {
    const auto v = g.evaluatePlayers();
    o["values"] = std::vector<int>(v.begin(), v.end());
    o["total"] = v[g.toMove()];
  } else {
    o["total"] = g.evaluate();
  }
  if constexpr (hasFeatures<G>) {
    int mine[G::kFeatures], theirs[G::kFeatures];
    g.featureCounts(mine, theirs);
    for (int k = 0; k < G::kFeatures; ++k) {
      Json f;
      f["name"] = G::kFeatureNames[k];
      f["help"] = G::kFeatureHelp[k];
      f["weight"] = G::kFeatureWeights[k];
      f["mine"] = mine[k];
      f["theirs"] = theirs[k];
      f["contribution"] = G::kFeatureWeights[k] * (mine[k] - theirs[k]);
      f["marks"] = Json{{"mine", g.featureMarks(k, true)}, {"theirs", g.featureMarks(k, false)}};
      features.push_back(f);
    }
  }
  o["features"] = features;
  return jsonText(o);
}

// The search of a game with chance: expectiminimax (r.algorithm: star2,
// star1 or expectimax; a temperature draws the move, softmaxMove) or MCTS.
// {type:'bestmove', id, slot, move (the notation's), ...the game's move
//  fields, score (1000 x the expected result for the mover), winPct, exact,
//  depth, nodes, timeMs, algorithm, playouts (mcts)}
template <class G>
std::string chanceSearch(const Request& r, const std::string& id) {
  const Position<G> p(r.position);
  if (!p.error.ok) return errorReply(id, p.error.message);
  const G& g = p.g;
  if (isOver(g)) return errorReply(id, "the game is over: there is no move to search");
  if (g.atChance()) return errorReply(id, PositionNotation<G>::notReady(g, p.rec));
  const auto seed = static_cast<std::uint32_t>(r.seed);
  int slot = -1, depth = 0;
  long score = 0;
  bool exact = false;
  std::uint64_t nodes = 0, playouts = 0;
  double ms = 0;
  if (r.algorithm == "mcts") {
    MctsOptions opt;
    opt.seed = seed;
    opt.maxNodes = 1u << 18;  // 4 MiB: the page's worker has a small heap
    Mcts<G> search(opt);
    MctsLimits lim;
    lim.playouts = static_cast<std::uint64_t>(r.playouts);
    lim.timeMs = r.engineMs;
    const MctsResult m = search.think(g, lim);
    double mean = 0.5;
    for (const MctsMove& mv : m.moves)
      if (mv.move == m.bestMove) mean = mv.mean;
    slot = m.bestMove;
    score = m.proven ? m.value * 1000L : std::lround((2 * mean - 1) * 1000);
    exact = m.proven;
    depth = static_cast<int>(m.pv.size());
    nodes = m.nodes;
    playouts = m.playouts;
    ms = m.timeMs;
  } else {
    ChanceAlgorithm algorithm = ChanceAlgorithm::kStar2;
    parseChanceAlgorithm(r.algorithm, algorithm);
    ExpectimaxSearcher<G> search;
    search.setOptions(ExpectimaxOptions{algorithm, true});
    ExpectimaxLimits lim;
    lim.timeMs = r.engineMs;
    lim.maxDepth = r.maxDepth;
    const ExpectimaxResult e = search.think(g, lim);
    slot = e.bestMove;
    score = e.score;
    exact = e.exact;
    if (r.temperature > 0) {
      // A weak level: a plausible move, not always the best (the seed and
      // the ply choose the draw, so a link replays it). Its score is its own.
      std::mt19937 rng(seed * 2654435761u + static_cast<unsigned>(g.plies()));
      slot = softmaxMove(g, r.temperature, rng);
      G child = g;
      child.play(slot);
      score = child.lastMoverWon() ? 1000 : -child.evaluate();
      exact = child.lastMoverWon();
    }
    depth = e.depth;
    nodes = e.nodes;
    ms = e.timeMs;
  }
  Json o = replyStart("bestmove", id);
  o["slot"] = slot;
  o["move"] = PositionNotation<G>::moveText(g, slot);
  GameFields<G>::move(o, g, slot);
  o["score"] = score;
  o["winPct"] = oneDecimal(50.0 * (1.0 + score / 1000.0));
  o["exact"] = exact;
  o["depth"] = depth;
  o["nodes"] = nodes;
  o["timeMs"] = oneDecimal(ms);
  o["algorithm"] = r.algorithm;
  if (r.algorithm == "mcts") o["playouts"] = playouts;
  return jsonText(o);
}

// The search of a game of more than two players (search/multiplayer.hpp).
// {type:'bestmove', id, move (1-based slot), player (the mover), algorithm,
//  score (the mover's value: max^n its entry, paranoid its value against the
//  coalition, brs against the best replies), values (max^n: one per player;
//  paranoid, brs: null), exact,
//  depth, nodes, shallowCuts, timeMs}
template <class G>
std::string playersSearch(const Request& r, const std::string& id) {
  const Position<G> p(r.position);
  if (!p.error.ok) return errorReply(id, p.error.message);
  const G& g = p.g;
  if (isOver(g)) return errorReply(id, "the game is over: there is no move to search");
  MultiAlgorithm algorithm = MultiAlgorithm::kMaxnShallow;
  parseMultiAlgorithm(r.algorithm, algorithm);
  MultiSearcher<G> search(algorithm);
  MultiLimits lim;
  lim.timeMs = r.engineMs;
  lim.maxDepth = r.maxDepth;
  const auto m = search.think(g, lim);
  Json o = replyStart("bestmove", id);
  o["move"] = m.bestMove + 1;
  o["player"] = g.toMove();
  o["algorithm"] = multiAlgorithmName(algorithm);
  o["score"] = m.score;
  o["values"] = isTwoSided(algorithm) ? Json(nullptr) : Json(std::vector<int>(m.values.begin(), m.values.end()));
  o["exact"] = m.exact;
  o["depth"] = m.depth;
  o["nodes"] = m.nodes;
  o["shallowCuts"] = m.shallowCuts;
  o["timeMs"] = oneDecimal(m.timeMs);
  return jsonText(o);
}

// The chance kind's levels (kChanceLevels), with each level's MCTS budget.
std::string chanceLevels(const std::string& id) {
  Json o = replyStart("levels", id);
  o["levels"] = Json::parse(levelsJson(GameKind::kChance));
  return jsonText(o);
}

}  // namespace

void runKindRequest(const Request& r, const std::string& id, const PostReply& post) {
  const GameId game = findGame(r.game);
  if (game < 0) return post(errorReply(id, "unknown game '" + r.game + "'"));
  post(withGame(game, [&](auto tag) -> std::string {
    using G = typename decltype(tag)::type;
    if (r.type == "state") return stateReply<G>(r, id);
    if (r.type == "evaluate") return evaluationReply<G>(r, id);
    if constexpr (hasChance<G>) {
      if (r.type == "search") return chanceSearch<G>(r, id);
      if (r.type == "levels") return chanceLevels(id);
    } else if constexpr (hasPlayers<G>) {
      if (r.type == "search") return playersSearch<G>(r, id);
    }
    return errorReply(id, "the engine does not answer '" + r.type + "' requests for game '" + r.game + "'");
  }));
}

}  // namespace gs
