#include "protocol/einstein_fields.hpp"

#include <cstdlib>
#include <vector>

namespace gs {

namespace {

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

Json intArray(const int* v, int n) { return Json(std::vector<int>(v, v + n)); }

}  // namespace

void einsteinMoveFields(Json& o, const Einstein& g, int slot) {
  const int side = g.sideToMove(), cube = g.slotCube(slot), dir = slot % 3;
  const int from = g.cubeCell(side, cube), to = Einstein::target(side, from, dir);
  o["cube"] = cube;
  o["dir"] = dir;
  o["from"] = from;
  o["to"] = to;
  o["capture"] = g.at(to);
  o["words"] = moveWords(side, cube, dir, to, g.at(to));
}

void einsteinStateFields(Json& o, const Einstein& g, const EinsteinRecord& rec) {
  int cells[Einstein::kCells];
  for (int c = 0; c < Einstein::kCells; ++c) cells[c] = g.at(c);
  o["cells"] = intArray(cells, Einstein::kCells);
  o["side"] = g.sideToMove();
  o["roll"] = g.roll();
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
    einsteinMoveFields(m, g, slot);
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
    einsteinMoveFields(m, r, slot);
    turns.push_back(std::move(m));
    r.play(slot);
  }
  o["turns"] = std::move(turns);
}

}  // namespace gs
