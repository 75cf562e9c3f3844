#include "protocol/einstein_json.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "games/einstein/einstein_notation.hpp"
#include "protocol/json.hpp"
#include "search/expectimax.hpp"
#include "search/levels.hpp"
#include "search/mcts.hpp"

namespace gs {

namespace {

// Parses a page position: no '?' (the page rolls), not too long. "" or the
// message; `position` gets the offending character (1-based, 0: none).
std::string readPosition(const std::string& text, EinsteinRecord& rec, Einstein& game, std::size_t& position) {
  position = 0;
  if (text.size() > kEinsteinTextMax)
    return "the position is too long (" + std::to_string(text.size()) + " characters, at most " +
           std::to_string(kEinsteinTextMax) + ")";
  const ParseError err = parseEinstein(text, rec, game, nullptr);
  if (err.ok) return "";
  position = err.position;
  return err.message;
}

// "cube 3 down-right to d4, takes Blue's 2" (the mover's words for a move).
std::string moveWords(int side, int cube, int dir, int to, int capture) {
  std::string s = "cube " + std::to_string(cube) + " " + einsteinDirWord(side, dir) + " to " + Einstein::cellName(to);
  if (capture) {
    const int owner = capture > 0 ? Einstein::kRed : Einstein::kBlue;
    s += std::string(", takes ") + (owner == side ? "its own " : std::string(Einstein::kSides[owner]) + "'s ") +
         std::to_string(std::abs(capture));
  }
  return s;
}

// The move fields shared by "moves", "turns" and the computer's answer.
void moveFields(Json& o, const Einstein& g, int slot) {
  const int side = g.sideToMove(), cube = g.slotCube(slot), dir = slot % 3;
  const int from = g.cubeCell(side, cube), to = Einstein::target(side, from, dir);
  o["cube"] = cube;
  o["dir"] = dir;
  o["from"] = from;
  o["to"] = to;
  o["capture"] = g.at(to);
  o["words"] = moveWords(side, cube, dir, to, g.at(to));
}

Json intArray(const int* v, int n) { return Json(std::vector<int>(v, v + n)); }

}  // namespace

std::string einsteinStateJson(const std::string& text) {
  EinsteinRecord rec;
  Einstein g;
  std::size_t at = 0;
  if (const std::string error = readPosition(text, rec, g, at); !error.empty()) return jsonFailure(error, at);
  Json o;
  o["ok"] = true;
  o["position"] = toText(rec);
  int cells[Einstein::kCells];
  for (int c = 0; c < Einstein::kCells; ++c) cells[c] = g.at(c);
  o["cells"] = intArray(cells, Einstein::kCells);
  o["side"] = g.sideToMove();
  o["roll"] = g.roll();
  o["plies"] = g.plies();
  const bool over = g.lastMoverWon();
  o["over"] = over;
  o["winner"] = over ? (g.plies() - 1) % 2 : -1;
  o["winCells"] = g.winningCells();
  o["cubesLeft"] = {g.cubesLeft(Einstein::kRed), g.cubesLeft(Einstein::kBlue)};
  Json setups = Json::array();
  for (const auto& s : rec.setup) setups.push_back(intArray(s, Einstein::kCubes));
  o["setups"] = std::move(setups);
  int movable[2] = {0, 0};
  const int k = g.roll() ? g.movableCubes(g.sideToMove(), g.roll(), movable) : 0;
  o["movable"] = intArray(movable, k);
  Json moves = Json::array();
  for (int slot = 0; slot < Einstein::kMoveSlots && g.roll(); ++slot) {
    if (!g.canPlay(slot)) continue;
    Json m;
    m["slot"] = slot;
    m["text"] = einsteinMoveText(g, slot);
    moveFields(m, g, slot);
    moves.push_back(std::move(m));
  }
  o["moves"] = std::move(moves);
  // The turns replayed for their cells (the move list and the last move's mark).
  Einstein r(rec.setup[0], rec.setup[1]);
  Json turns = Json::array();
  for (const EinsteinTurn& t : rec.turns) {
    r.applyChance(t.die);
    const int slot = r.slotOf(t.cube, t.dir);
    Json m;
    m["side"] = r.sideToMove();
    m["die"] = t.die;
    m["text"] = std::to_string(t.die) + einsteinMoveText(r, slot);
    moveFields(m, r, slot);
    turns.push_back(std::move(m));
    r.play(slot);
  }
  o["turns"] = std::move(turns);
  return jsonText(o);
}

std::string einsteinThinkJson(const std::string& text, const std::string& level, const std::string& algorithm,
                              int timeMs, int maxDepth, unsigned seed, double playouts) {
  EinsteinRecord rec;
  Einstein g;
  std::size_t at = 0;
  if (const std::string error = readPosition(text, rec, g, at); !error.empty()) return jsonFailure(error, at);
  if (g.lastMoverWon()) return jsonFailure("the game is over: there is no move to search");
  if (g.atChance()) return jsonFailure("the die is not rolled yet: roll before the computer moves");
  const bool mcts = algorithm == "mcts";
  ChanceAlgorithm chance = ChanceAlgorithm::kStar2;
  if (!mcts && !algorithm.empty() && !parseChanceAlgorithm(algorithm, chance))
    return jsonFailure("unknown algorithm '" + algorithm.substr(0, 24) + "' (star2, star1, expectimax or mcts)");
  int temperature = 0;
  if (!level.empty()) {
    int i = 0;
    while (i < kLevelCount && level != kEinsteinLevels[i].name) ++i;
    if (i == kLevelCount) return jsonFailure("unknown level '" + level.substr(0, 24) + "'");
    if (mcts) {
      timeMs = kMctsLevels[i].timeMs;
      playouts = kMctsLevels[i].playouts;
    } else {
      timeMs = kEinsteinLevels[i].timeMs;
      maxDepth = kEinsteinLevels[i].maxDepth;
      temperature = kEinsteinLevels[i].temperature;
    }
  }
  if (timeMs < 0 || timeMs > 60000) return jsonFailure("timeMs must be 0-60000");
  if (maxDepth < 0 || maxDepth > ExpectimaxSearcher<Einstein>::kMaxDepth)
    return jsonFailure("maxDepth must be 0-" + std::to_string(ExpectimaxSearcher<Einstein>::kMaxDepth));
  if (!(playouts >= 0 && playouts <= 1e7)) return jsonFailure("playouts must be 0-10000000");
  if (timeMs == 0 && (mcts ? playouts == 0 : maxDepth == 0))
    return jsonFailure(mcts ? "give the search a budget: timeMs or playouts" : "give the search a budget: timeMs or maxDepth");

  int slot = -1;
  Json o;
  o["ok"] = true;
  long score = 0;
  bool exact = false;
  int depth = 0;
  std::uint64_t nodes = 0, played = 0;
  double ms = 0;
  if (mcts) {
    MctsOptions opt;
    opt.seed = seed;
    opt.maxNodes = 1u << 18;  // 4 MiB: the page's worker has a small heap
    Mcts<Einstein> search(opt);
    MctsLimits lim;
    lim.playouts = static_cast<std::uint64_t>(playouts);
    lim.timeMs = timeMs;
    const MctsResult r = search.think(g, lim);
    double mean = 0.5;
    for (const MctsMove& m : r.moves)
      if (m.move == r.bestMove) mean = m.mean;
    slot = r.bestMove;
    score = r.proven ? r.value * 1000L : std::lround((2 * mean - 1) * 1000);
    exact = r.proven;
    depth = static_cast<int>(r.pv.size());
    nodes = r.nodes;
    played = r.playouts;
    ms = r.timeMs;
  } else {
    ExpectimaxSearcher<Einstein> search;
    search.setOptions(ExpectimaxOptions{chance, true});
    ExpectimaxLimits lim;
    lim.timeMs = timeMs;
    lim.maxDepth = maxDepth;
    const ExpectimaxResult r = search.think(g, lim);
    slot = r.bestMove;
    score = r.score;
    exact = r.exact;
    if (temperature > 0) {
      // A weak level: a plausible move, not always the best (the seed and
      // the ply choose the draw, so a link replays it). Its score is its own.
      std::mt19937 rng(seed * 2654435761u + static_cast<unsigned>(g.plies()));
      slot = softmaxMove(g, temperature, rng);
      Einstein child = g;
      child.play(slot);
      score = child.lastMoverWon() ? 1000 : -child.evaluate();
      exact = child.lastMoverWon();
    }
    depth = r.depth;
    nodes = r.nodes;
    ms = r.timeMs;
  }
  o["slot"] = slot;
  o["move"] = einsteinMoveText(g, slot);
  moveFields(o, g, slot);
  o["score"] = score;
  o["winPct"] = jsonNumber(std::round(500.0 * (1.0 + score / 1000.0)) / 10.0);
  o["exact"] = exact;
  o["depth"] = depth;
  o["nodes"] = nodes;
  o["timeMs"] = jsonNumber(std::round(ms * 10) / 10);
  o["algorithm"] = mcts ? "mcts" : chanceAlgorithmName(chance);
  if (mcts) o["playouts"] = played;
  return jsonText(o);
}

std::string einsteinLevelsJson() {
  Json a = Json::array();
  for (const ChanceLevel& l : kEinsteinLevels) {
    Json o;
    o["name"] = l.name;
    o["timeMs"] = l.timeMs;
    o["maxDepth"] = l.maxDepth;
    o["temperature"] = l.temperature;
    a.push_back(std::move(o));
  }
  return jsonText(a);
}

}  // namespace gs
