#include "protocol/einstein_json.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>

#include "games/einstein/einstein_notation.hpp"
#include "protocol/json_writer.hpp"
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
void moveFields(JsonWriter& o, const Einstein& g, int slot) {
  const int side = g.sideToMove(), cube = g.slotCube(slot), dir = slot % 3;
  const int from = g.cubeCell(side, cube), to = Einstein::target(side, from, dir);
  o.key("cube").num(cube);
  o.key("dir").num(dir);
  o.key("from").num(from);
  o.key("to").num(to);
  o.key("capture").num(g.at(to));
  o.key("words").str(moveWords(side, cube, dir, to, g.at(to)));
}

std::string intArray(const int* v, int n) {
  JsonWriter a('[');
  for (int i = 0; i < n; ++i) a.num(v[i]);
  return a.done();
}

}  // namespace

std::string einsteinStateJson(const std::string& text) {
  EinsteinRecord rec;
  Einstein g;
  std::size_t at = 0;
  if (const std::string error = readPosition(text, rec, g, at); !error.empty()) return jsonFailure(error, at);
  JsonWriter o('{');
  o.key("ok").boolean(true);
  o.key("position").str(toText(rec));
  int cells[Einstein::kCells];
  for (int c = 0; c < Einstein::kCells; ++c) cells[c] = g.at(c);
  o.key("cells").raw(intArray(cells, Einstein::kCells));
  o.key("side").num(g.sideToMove());
  o.key("roll").num(g.roll());
  o.key("plies").num(g.plies());
  const bool over = g.lastMoverWon();
  o.key("over").boolean(over);
  o.key("winner").num(over ? (g.plies() - 1) % 2 : -1);
  const std::vector<int> win = g.winningCells();
  o.key("winCells").raw(intArray(win.data(), static_cast<int>(win.size())));
  const int left[2] = {g.cubesLeft(Einstein::kRed), g.cubesLeft(Einstein::kBlue)};
  o.key("cubesLeft").raw(intArray(left, 2));
  JsonWriter setups('[');
  for (const auto& s : rec.setup) setups.raw(intArray(s, Einstein::kCubes));
  o.key("setups").raw(setups.done());
  int movable[2] = {0, 0};
  const int k = g.roll() ? g.movableCubes(g.sideToMove(), g.roll(), movable) : 0;
  o.key("movable").raw(intArray(movable, k));
  JsonWriter moves('[');
  for (int slot = 0; slot < Einstein::kMoveSlots && g.roll(); ++slot) {
    if (!g.canPlay(slot)) continue;
    JsonWriter m('{');
    m.key("slot").num(slot);
    m.key("text").str(einsteinMoveText(g, slot));
    moveFields(m, g, slot);
    moves.raw(m.done());
  }
  o.key("moves").raw(moves.done());
  // The turns replayed for their cells (the move list and the last move's mark).
  Einstein r(rec.setup[0], rec.setup[1]);
  JsonWriter turns('[');
  for (const EinsteinTurn& t : rec.turns) {
    r.applyChance(t.die);
    const int slot = r.slotOf(t.cube, t.dir);
    JsonWriter m('{');
    m.key("side").num(r.sideToMove());
    m.key("die").num(t.die);
    m.key("text").str(std::to_string(t.die) + einsteinMoveText(r, slot));
    moveFields(m, r, slot);
    turns.raw(m.done());
    r.play(slot);
  }
  o.key("turns").raw(turns.done());
  return o.done();
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
  JsonWriter o('{');
  o.key("ok").boolean(true);
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
  o.key("slot").num(slot);
  o.key("move").str(einsteinMoveText(g, slot));
  moveFields(o, g, slot);
  o.key("score").num(score);
  o.key("winPct").real(std::round(500.0 * (1.0 + score / 1000.0)) / 10.0);
  o.key("exact").boolean(exact);
  o.key("depth").num(depth);
  o.key("nodes").num(static_cast<long long>(nodes));
  o.key("timeMs").real(std::round(ms * 10) / 10);
  o.key("algorithm").str(mcts ? "mcts" : chanceAlgorithmName(chance));
  if (mcts) o.key("playouts").num(static_cast<long long>(played));
  return o.done();
}

std::string einsteinLevelsJson() {
  JsonWriter a('[');
  for (const ChanceLevel& l : kEinsteinLevels) {
    JsonWriter o('{');
    o.key("name").str(l.name);
    o.key("timeMs").num(l.timeMs);
    o.key("maxDepth").num(l.maxDepth);
    o.key("temperature").num(l.temperature);
    a.raw(o.done());
  }
  return a.done();
}

}  // namespace gs
