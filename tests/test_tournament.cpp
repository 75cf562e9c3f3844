// The tournament tool's bookkeeping: player specs, ratings from known
// results, and the CSV records a resumed run reads back.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include "tournament_lib.hpp"
#include "tournament_summary.hpp"

using namespace gs::tour;

TEST_CASE("Tournament: player specs parse to canonical names", "[tournament]") {
  PlayerSpec p;
  std::string err;
  REQUIRE(parsePlayerSpec("t=100", p, err));
  CHECK(p.name == "t=100");
  CHECK(p.timeMs == 100);
  CHECK(p.opt.alphaBeta);
  REQUIRE(parsePlayerSpec("noorder,t=10", p, err));
  CHECK(p.name == "t=10,noorder");
  CHECK_FALSE(p.opt.evalOrdering);
  CHECK_FALSE(p.opt.killers);
  CHECK_FALSE(p.opt.history);
  REQUIRE(parsePlayerSpec("t=1000,depth=6,minimax", p, err));
  CHECK(p.name == "t=1000,depth=6,minimax");
  CHECK(p.maxDepth == 6);
  CHECK_FALSE(p.opt.alphaBeta);
  REQUIRE(parsePlayerSpec("t=0,depth=4,name=d4", p, err));
  CHECK(p.name == "d4");
  CHECK_FALSE(parsePlayerSpec("t=0", p, err));        // no limit at all
  CHECK_FALSE(parsePlayerSpec("depth=3", p, err));    // no time
  CHECK_FALSE(parsePlayerSpec("t=10,fast", p, err));  // unknown token
  CHECK(err.find("fast") != std::string::npos);
  CHECK_FALSE(parsePlayerSpec("t=-5", p, err));
}

TEST_CASE("Tournament: MCTS player specs", "[tournament][mcts]") {
  PlayerSpec p;
  std::string err;
  REQUIRE(parsePlayerSpec("playouts=20000,mcts", p, err));
  CHECK(p.name == "mcts,playouts=20000");
  CHECK(p.mcts);
  CHECK(p.playouts == 20000);
  CHECK(p.timeMs == 0);
  REQUIRE(parsePlayerSpec("mcts,t=100", p, err));
  CHECK(p.name == "mcts,t=100");
  CHECK(p.playouts == 0);
  REQUIRE(parsePlayerSpec("mcts,noreuse,c=0.7,nosmart,t=50,playouts=900,nomctssolver", p, err));
  CHECK(p.name == "mcts,t=50,playouts=900,c=0.7,nosmart,nomctssolver,noreuse");
  CHECK(p.mctsOpt.exploration == 0.7);
  CHECK_FALSE(p.mctsOpt.smartPlayouts);
  CHECK_FALSE(p.mctsOpt.solver);
  CHECK_FALSE(p.mctsOpt.reuseTree);
  REQUIRE(parsePlayerSpec("mcts,c=0.5,playouts=5", p, err));
  CHECK(p.name == "mcts,playouts=5");  // the default C is left out
  CHECK(p.mctsOpt.exploration == gs::MctsOptions::kDefaultExploration);
  REQUIRE(parsePlayerSpec("mcts,playouts=5,name=m5", p, err));
  CHECK(p.name == "m5");
  CHECK_FALSE(parsePlayerSpec("mcts", p, err));  // no budget
  CHECK(err.find("t=MS or playouts=N") != std::string::npos);
  CHECK_FALSE(parsePlayerSpec("mcts,t=0", p, err));
  CHECK_FALSE(parsePlayerSpec("mcts,playouts=0", p, err));
  CHECK_FALSE(parsePlayerSpec("mcts,playouts=10,c=x", p, err));
  CHECK_FALSE(parsePlayerSpec("mcts,playouts=10,c=-1", p, err));
  CHECK_FALSE(parsePlayerSpec("mcts,t=10,depth=4", p, err));  // an alpha-beta token
  CHECK(err.find("depth=4") != std::string::npos);
  CHECK_FALSE(parsePlayerSpec("t=10,playouts=100", p, err));  // an mcts token without mcts
  CHECK(err.find("needs the token mcts") != std::string::npos);
  CHECK_FALSE(parsePlayerSpec("t=10,nosmart", p, err));

  // The levels' MCTS budgets (levels.hpp, kMctsLevels).
  REQUIRE(parsePlayerSpec("mcts,level=casual", p, err));
  CHECK(p.name == "mcts,level=casual");
  CHECK((p.mcts && p.playouts == 70 && p.timeMs == 0 && !p.solver && p.temperature == 0 && p.maxDepth == 0));
  REQUIRE(parsePlayerSpec("level=perfect,mcts", p, err));
  CHECK((p.name == "mcts,level=perfect" && p.timeMs == 1000 && p.playouts == 0));
  REQUIRE(parsePlayerSpec("mcts,level=beginner,name=mb", p, err));
  CHECK((p.name == "mb" && p.playouts == 10));
  CHECK_FALSE(parsePlayerSpec("mcts,level=casual,t=100", p, err));
  CHECK(err.find("level= sets the budget") != std::string::npos);
  CHECK_FALSE(parsePlayerSpec("mcts,playouts=5,level=casual", p, err));
  CHECK_FALSE(parsePlayerSpec("mcts,level=grandmaster", p, err));
  // ... and the alpha-beta level keeps its name.
  REQUIRE(parsePlayerSpec("level=casual", p, err));
  CHECK((p.name == "casual" && !p.mcts && p.maxDepth == 4));
}

TEST_CASE("Tournament: Elo from known scores", "[tournament]") {
  CHECK(eloFromScore(0.75) == Approx(190.85).margin(0.01));
  CHECK(scoreFromElo(eloFromScore(0.3)) == Approx(0.3));

  // Two players, 75% for player 0 (wins and losses, or wins and draws).
  std::vector<Result> g;
  for (int k = 0; k < 30; ++k) g.push_back({0, 1, 1.0});
  for (int k = 0; k < 10; ++k) g.push_back({1, 0, 1.0});
  auto e = computeElo(2, g, 0.0, 1);
  CHECK(e[1] == 0);
  CHECK(e[0] == Approx(190.85).margin(0.05));
  std::vector<Result> h;
  for (int k = 0; k < 20; ++k) h.push_back({0, 1, 1.0});
  for (int k = 0; k < 20; ++k) h.push_back({0, 1, 0.5});
  CHECK(computeElo(2, h, 0.0, 1)[0] == Approx(190.85).margin(0.05));

  // A consistent chain: 0 beats 1 75%, 1 beats 2 75%, 0 beats 2 90%: the
  // maximum-likelihood ratings are exactly 0, -190.8, -381.7.
  std::vector<Result> c;
  auto add = [&](int i, int j, int wins, int losses) {
    for (int k = 0; k < wins; ++k) c.push_back({i, j, 1.0});
    for (int k = 0; k < losses; ++k) c.push_back({i, j, 0.0});
  };
  add(0, 1, 75, 25);
  add(1, 2, 75, 25);
  add(0, 2, 90, 10);
  auto r = computeElo(3, c, 0.0, 0);
  CHECK(r[1] == Approx(-190.85).margin(0.1));
  CHECK(r[2] == Approx(-381.70).margin(0.1));

  // A perfect score stays finite with the prior, and the prior pulls towards 0.
  std::vector<Result> sweep(10, Result{0, 1, 1.0});
  double withPrior = computeElo(2, sweep, 1.0, 1)[0];
  CHECK(std::isfinite(withPrior));
  CHECK(withPrior == Approx(eloFromScore(10.5 / 11)).margin(0.05));
}

TEST_CASE("Tournament: bootstrap interval contains the estimate and shrinks with games", "[tournament]") {
  auto games = [](int n) {
    std::vector<Result> g;
    for (int k = 0; k < n; ++k) g.push_back({0, 1, k % 4 == 3 ? 0.0 : 1.0});  // 75%
    return g;
  };
  auto small = bootstrapElo(2, games(40), 0.0, 1, 300);
  auto big = bootstrapElo(2, games(400), 0.0, 1, 300);
  CHECK(small[0].lo < 190.85);
  CHECK(small[0].hi > 190.85);
  CHECK(big[0].lo < 190.85);
  CHECK(big[0].hi > 190.85);
  CHECK(big[0].hi - big[0].lo < small[0].hi - small[0].lo);
  CHECK(small[1].lo == 0);  // the anchor
}

TEST_CASE("Tournament: CSV records round-trip and resume skips cut-off lines", "[tournament]") {
  GameRecord r;
  r.first = "t=10,noorder";  // has a comma: quoted
  r.second = "t=\"odd\"";    // has quotes
  r.opening = "5233";
  r.score = 0.5;
  r.moves = "5233444";
  r.side[0].moves = 2;
  r.side[0].nodes = 12345678901ULL;
  r.side[0].timeMs = 12.5;
  r.side[1].judged = 3;
  r.side[1].kept = 2;
  std::string line = toCsv(r);
  GameRecord back;
  REQUIRE(fromCsv(line, back));
  CHECK(back.first == r.first);
  CHECK(back.second == r.second);
  CHECK(back.score == 0.5);
  CHECK(back.side[0].nodes == 12345678901ULL);
  CHECK(back.side[0].timeMs == Approx(12.5));
  CHECK(back.side[1].kept == 2);
  CHECK(gameKey(back) == gameKey(r));

  GameRecord other = r;
  other.opening = "1615";
  other.score = 1;
  std::stringstream file;
  file << kCsvHeader << "\n" << line << "\n" << toCsv(other) << "\n" << line << "\n";  // a duplicate key
  file << line.substr(0, line.size() / 2);                                            // killed mid-write
  int bad = -1;
  auto recs = readRecords(file, &bad);
  REQUIRE(recs.size() == 2);
  CHECK(bad == 1);
  CHECK(recs[1].opening == "1615");
  CHECK(recs[1].score == 1);

  GameRecord x;
  CHECK_FALSE(fromCsv(kCsvHeader, x));
  CHECK_FALSE(fromCsv("a,b,c", x));
  std::string badScore = line;
  badScore.replace(badScore.find(",0.5,"), 5, ",0.7,");
  CHECK_FALSE(fromCsv(badScore, x));
}

TEST_CASE("Tournament: summary totals per player and pairing", "[tournament]") {
  std::vector<PlayerSpec> players(3);
  std::string err;
  REQUIRE(parsePlayerSpec("t=1", players[0], err));
  REQUIRE(parsePlayerSpec("t=10", players[1], err));
  REQUIRE(parsePlayerSpec("t=10,noorder", players[2], err));
  auto game = [](const char* a, const char* b, double score, int movesA, std::uint64_t nodesA) {
    GameRecord r;
    r.first = a;
    r.second = b;
    r.opening = "5233";
    r.score = score;
    r.side[0].moves = movesA;
    r.side[0].nodes = nodesA;
    r.side[0].timeMs = 2;
    r.side[0].depthSum = 10 * movesA;  // depth 10, no move proven
    r.side[0].judged = 4;
    r.side[0].kept = 3;
    r.side[1].moves = 1;
    return r;
  };
  std::vector<GameRecord> recs = {
      game("t=1", "t=10", 0.0, 2, 100),   // t=10 wins as second
      game("t=10", "t=1", 0.5, 3, 300),   // draw
      game("t=10", "t=99", 1.0, 5, 500),  // unknown player: ignored
  };
  SummaryOptions so;
  so.prior = 0;
  so.bootstrap = 10;
  Summary S = summarize(players, so, recs);
  CHECK(S.games == 2);
  CHECK(S.tot[0].games == 2);
  CHECK(S.tot[0].losses == 1);
  CHECK(S.tot[0].draws == 1);
  CHECK(S.tot[1].wins == 1);
  CHECK(S.tot[1].s.moves == 1 + 3);
  CHECK(S.tot[1].s.nodes == 300);
  CHECK(S.tot[1].s.judged == 4);
  CHECK(S.tot[2].games == 0);
  auto wdl = S.pair.at({0, 1});
  CHECK(wdl[0] == 0);  // wins of t=1
  CHECK(wdl[1] == 1);
  CHECK(wdl[2] == 1);
  CHECK(S.elo[1] == Approx(eloFromScore(0.75)).margin(0.1));

  // One-sided games: the bootstrap's interval has no width, and the summary says what that means.
  std::vector<GameRecord> sweep = {game("t=1", "t=10", 0.0, 2, 100), game("t=10", "t=1", 1.0, 3, 300)};
  so.bootstrap = 20;
  Summary W = summarize(players, so, sweep);
  CHECK(W.ci[1].hi - W.ci[1].lo < 1);
  std::ostringstream text;
  printSummary(players, so, W, text);
  CHECK(text.str().find("the bootstrap cannot bound the rating") != std::string::npos);
  std::ostringstream mixed;
  printSummary(players, so, S, mixed);
  CHECK(mixed.str().find("cannot bound") == std::string::npos);
}
