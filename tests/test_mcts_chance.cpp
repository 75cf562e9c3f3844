// Monte Carlo tree search on a game with chance nodes (search/mcts.hpp,
// "Chance nodes"; EinStein würfelt nicht!): determinism, a win in one,
// MCTS-Solver's rule at chance nodes (proven only when every outcome is
// proven at one value), tree reuse through the rolls, and play against
// uniformly random moves.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "einstein_board.hpp"
#include "games/einstein/einstein.hpp"
#include "search/mcts.hpp"
#include "search/mcts_trace.hpp"

using gs::Einstein;
using gs_test::einsteinBoard;

namespace {

std::vector<int> legalMoves(const Einstein& g) {
  std::vector<int> legal;
  for (int m = 0; m < Einstein::kMoveSlots; ++m)
    if (g.canPlay(m)) legal.push_back(m);
  return legal;
}

// A random set-up for each side (a shuffle of 1..6).
Einstein randomStart(std::mt19937& rng) {
  int setup[2][6] = {{1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}};
  for (auto& s : setup)
    for (int k = 5; k > 0; --k) std::swap(s[k], s[rng() % (k + 1)]);
  return Einstein(setup[0], setup[1]);
}

// Rolled positions from random games.
std::vector<Einstein> samplePositions(int count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Einstein> out;
  while (static_cast<int>(out.size()) < count) {
    Einstein g = randomStart(rng);
    for (int ply = 0; !g.lastMoverWon() && static_cast<int>(out.size()) < count; ++ply) {
      g.applyChance(1 + static_cast<int>(rng() % 6));
      if (ply % 4 == 1) out.push_back(g);
      const std::vector<int> legal = legalMoves(g);
      g.play(legal[rng() % legal.size()]);
    }
  }
  return out;
}

using Tree = std::vector<gs::Mcts<Einstein>::Node>;

// The root's child of move m (index into the pool), or 0 if none.
std::uint32_t childOf(const Tree& t, std::uint32_t n, int move) {
  for (int i = 0; i < t[n].childCount; ++i)
    if (t[t[n].firstChild + i].move == move) return t[n].firstChild + i;
  return 0;
}

}  // namespace

TEST_CASE("MCTS on EinStein: the same seed gives the same search, another seed another", "[mcts][chance]") {
  const std::vector<Einstein> positions = samplePositions(12, 5);
  gs::MctsOptions o;
  o.seed = 7;
  int differ = 0;
  for (const Einstein& g : positions) {
    gs::Mcts<Einstein> a(o), b(o);
    o.seed = 8;
    gs::Mcts<Einstein> c(o);
    o.seed = 7;
    const gs::MctsResult ra = a.think(g, gs::MctsLimits{500, 0});
    const gs::MctsResult rb = b.think(g, gs::MctsLimits{500, 0});
    const gs::MctsResult rc = c.think(g, gs::MctsLimits{500, 0});
    REQUIRE(ra.moves.size() == rb.moves.size());
    CHECK(ra.bestMove == rb.bestMove);
    CHECK(ra.playouts == rb.playouts);
    CHECK(ra.nodes == rb.nodes);
    for (std::size_t i = 0; i < ra.moves.size(); ++i) CHECK(ra.moves[i].visits == rb.moves[i].visits);
    CHECK(g.canPlay(ra.bestMove));
    bool same = ra.nodes == rc.nodes;
    for (std::size_t i = 0; i < ra.moves.size(); ++i) same = same && ra.moves[i].visits == rc.moves[i].visits;
    differ += !same;
  }
  // Another seed draws other rolls and playouts: most searches differ
  // (a position with one legal move, or one proven at once, may not).
  CHECK(differ >= 6);
}

TEST_CASE("MCTS on EinStein: a traced search grows the same tree as an untraced one", "[mcts][chance][trace]") {
  const std::vector<Einstein> positions = samplePositions(4, 21);
  for (const Einstein& g : positions) {
    gs::Mcts<Einstein> plain, traced;
    gs::MctsRecorder rec;
    const gs::MctsResult a = plain.think(g, gs::MctsLimits{300, 0});
    const gs::MctsResult b = traced.think(g, gs::MctsLimits{300, 0}, gs::Deadline::fromNow(0), rec);
    CHECK(a.bestMove == b.bestMove);
    CHECK(a.playouts == b.playouts);
    REQUIRE(plain.tree().size() == traced.tree().size());
    bool same = true;
    for (std::size_t i = 0; i < plain.tree().size(); ++i) {
      const auto& x = plain.tree()[i];
      const auto& y = traced.tree()[i];
      same = same && x.visits == y.visits && x.halfPoints == y.halfPoints && x.move == y.move && x.lower == y.lower &&
             x.upper == y.upper;
    }
    CHECK(same);
    CHECK(rec.iterations() == b.playouts);
  }
}

TEST_CASE("MCTS on EinStein: takes a win in one, with and without the solver", "[mcts][chance]") {
  // Red's cube 3 on d4 and the die shows 3: the diagonal reaches e5.
  const std::string pos =
      ".  b2 .  .  . "
      ".  .  .  .  . "
      ".  r1 .  .  . "
      ".  .  .  r3 . "
      ".  .  .  .  b1 ";
  const Einstein g = einsteinBoard(pos, 0, 3, 10);
  const int win = g.slotOf(3, 2);
  REQUIRE(win >= 0);
  {
    gs::Mcts<Einstein> m;
    const gs::MctsResult r = m.think(g, gs::MctsLimits{1000, 0});
    CHECK(r.bestMove == win);
    CHECK(r.proven);
    CHECK(r.value == 1);
    CHECK(r.playouts < 1000);  // proven at the root's expansion: the search stops
  }
  {
    gs::MctsOptions o;
    o.solver = false;
    gs::Mcts<Einstein> m(o);
    const gs::MctsResult r = m.think(g, gs::MctsLimits{300, 0});
    CHECK(r.bestMove == win);
    CHECK_FALSE(r.proven);
    CHECK(r.playouts == 300);
  }
}

TEST_CASE("MCTS-Solver on EinStein: a chance node with a won and a lost outcome is not proven", "[mcts][chance][solver]") {
  // Red (to move, die 3) has one cube, on c3. Blue's cube 1 on b2 wins on
  // a1 next move whenever the die lets Blue move it (faces 1-5); on a 6 Blue
  // must move its cube 6 (e1 to d1), and Red's cube, if it went to d4, then
  // wins on e5 whatever the die. So after 3d the chance node (Blue's roll)
  // has outcomes proven lost and proven won for Red: its value is 1/6, no
  // proof. The other moves are worse (Red then needs two more moves).
  const std::string pos =
      ".  .  .  .  b6 "
      ".  b1 .  .  . "
      ".  .  r3 .  . "
      ".  .  .  .  . "
      ".  .  .  .  . ";
  const Einstein g = einsteinBoard(pos, 0, 3, 10);
  const int toD4 = g.slotOf(3, 2);
  gs::Mcts<Einstein> m;
  const gs::MctsResult r = m.think(g, gs::MctsLimits{5000, 0});
  CHECK_FALSE(r.proven);
  CHECK(r.playouts == 5000);
  CHECK(r.bestMove == toD4);
  const Tree& t = m.tree();
  const std::uint32_t chance = childOf(t, 0, toD4);
  REQUIRE(chance != 0);
  CHECK(t[chance].lower == -1);
  CHECK(t[chance].upper == 1);
  // Every outcome is proven (Blue's faces 1, 2-5 and 6), at both values.
  REQUIRE(t[chance].childCount == 3);
  std::set<int> values;
  int sixVisits = 0;
  for (int i = 0; i < t[chance].childCount; ++i) {
    const auto& o = t[t[chance].firstChild + i];
    CHECK(o.lower == o.upper);
    values.insert(o.lower);
    if (o.move == 6) {
      CHECK(o.lower == 1);
      sixVisits = static_cast<int>(o.visits);
    }
  }
  CHECK(values == std::set<int>{-1, 1});
  // The draws follow the die: the 6 comes about once in six visits.
  CHECK(sixVisits > static_cast<int>(t[chance].visits) / 12);
  CHECK(sixVisits < static_cast<int>(t[chance].visits) / 3);
  // Its mean estimates the expectation 1/6 (win 1, loss 0 for Red).
  for (const gs::MctsMove& mv : r.moves)
    if (mv.move == toD4) CHECK(std::abs(mv.mean - 1.0 / 6) < 0.05);
}

TEST_CASE("MCTS-Solver on EinStein: a chance node whose outcomes are all won is proven", "[mcts][chance][solver]") {
  // As above, but Blue's cubes 5 (e2) and 6 (e1) are four moves from a1 and
  // cannot reach Red's cube: Red wins after any roll of Blue's (faces 1-5
  // move cube 5, face 6 cube 6), whichever move Red makes now.
  const std::string pos =
      ".  .  .  .  b6 "
      ".  .  .  .  b5 "
      ".  .  r3 .  . "
      ".  .  .  .  . "
      ".  .  .  .  . ";
  const Einstein g = einsteinBoard(pos, 0, 3, 10);
  gs::Mcts<Einstein> m;
  const gs::MctsResult r = m.think(g, gs::MctsLimits{20000, 0});
  CHECK(r.proven);
  CHECK(r.value == 1);
  CHECK(r.playouts < 20000);
  const Tree& t = m.tree();
  const std::uint32_t chance = childOf(t, 0, r.bestMove);
  REQUIRE(chance != 0);
  CHECK(t[chance].lower == 1);
  CHECK(t[chance].upper == 1);
  REQUIRE(t[chance].childCount == 2);  // Blue's faces 1-5 (cube 5) and 6 (cube 6)
  for (int i = 0; i < t[chance].childCount; ++i) {
    CHECK(t[t[chance].firstChild + i].lower == 1);
    CHECK(t[t[chance].firstChild + i].upper == 1);
  }
}

TEST_CASE("MCTS on EinStein: tree reuse finds the node of the move, the roll, the reply and our roll", "[mcts][chance]") {
  const std::vector<Einstein> positions = samplePositions(8, 11);
  int reused = 0;
  for (const Einstein& start : positions) {
    gs::Mcts<Einstein> m;
    const gs::MctsResult r = m.think(start, gs::MctsLimits{3000, 0});
    if (r.proven) continue;
    // Follow the most visited path: our move, Blue's outcome, its reply, our outcome.
    const Tree t = m.tree();
    Einstein g = start;
    std::uint32_t n = childOf(t, 0, r.bestMove);
    g.play(r.bestMove);
    if (g.lastMoverWon() || t[n].childCount == 0) continue;
    auto mostVisited = [&](std::uint32_t p) {
      std::uint32_t best = t[p].firstChild;
      for (int i = 1; i < t[p].childCount; ++i)
        if (t[t[p].firstChild + i].visits > t[best].visits) best = t[p].firstChild + i;
      return best;
    };
    n = mostVisited(n);
    g.applyChance(t[n].move);
    if (t[n].childCount == 0) continue;
    n = mostVisited(n);
    g.play(t[n].move);
    if (g.lastMoverWon() || t[n].childCount == 0) continue;
    n = mostVisited(n);
    g.applyChance(t[n].move);
    // The position can also sit under another outcome of Blue's roll (merged
    // faces allow the same cube): reuse takes the most visited such node.
    std::uint32_t most = 0;
    for (std::uint32_t a = t[0].firstChild; a < t[0].firstChild + t[0].childCount; ++a) {
      Einstein ga = start;
      ga.play(t[a].move);
      if (ga.lastMoverWon()) continue;
      for (std::uint32_t b = t[a].firstChild; b < t[a].firstChild + t[a].childCount; ++b) {
        Einstein gb = ga;
        gb.applyChance(t[b].move);
        for (std::uint32_t c = t[b].firstChild; c < t[b].firstChild + t[b].childCount; ++c) {
          Einstein gc = gb;
          gc.play(t[c].move);
          if (gc.lastMoverWon()) continue;
          for (std::uint32_t d = t[c].firstChild; d < t[c].firstChild + t[c].childCount; ++d) {
            Einstein gd = gc;
            gd.applyChance(t[d].move);
            if (gd.key() == g.key()) most = std::max(most, t[d].visits);
          }
        }
      }
    }
    REQUIRE(most >= t[n].visits);
    const gs::MctsResult again = m.think(g, gs::MctsLimits{100, 0});
    CHECK(again.reusedVisits == most);
    CHECK(again.rootVisits == most + 100);
    ++reused;
  }
  CHECK(reused >= 4);
  // A position the old tree does not hold starts fresh.
  gs::Mcts<Einstein> m;
  m.think(positions[0], gs::MctsLimits{500, 0});
  const gs::MctsResult fresh = m.think(positions[1], gs::MctsLimits{100, 0});
  CHECK(fresh.reusedVisits == 0);
}

TEST_CASE("MCTS on EinStein: beats uniformly random play at 300 playouts", "[mcts][chance]") {
  std::mt19937 rng(2024);
  gs::MctsOptions o;
  int wins = 0;
  const int games = 40;
  for (int game = 0; game < games; ++game) {
    const int mctsSide = game % 2;
    o.seed = static_cast<std::uint32_t>(game + 1);
    gs::Mcts<Einstein> mcts(o);
    Einstein g = randomStart(rng);
    while (!g.lastMoverWon()) {
      g.applyChance(1 + static_cast<int>(rng() % 6));
      int m;
      if (g.sideToMove() == mctsSide) {
        m = mcts.think(g, gs::MctsLimits{300, 0}).bestMove;
      } else {
        const std::vector<int> legal = legalMoves(g);
        m = legal[rng() % legal.size()];
      }
      REQUIRE(g.canPlay(m));
      g.play(m);
    }
    wins += (g.plies() - 1) % 2 == mctsSide;
  }
  CHECK(wins >= 32);
}
