// The analysis (search/analysis.hpp) and the game review (search/review.hpp):
// whatever they call proven agrees with the exact solver, with or without a
// deadline; a position's value follows from its moves; the review marks
// exactly the moves that change the solver's value, and its better moves
// keep it.
#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/analysis.hpp"
#include "search/review.hpp"
#include "search/solver.hpp"
#include "test_util.hpp"

using namespace gs;

namespace {

// Every proven move of `a` agrees with the solver's score of that move;
// illegal moves are exactly those that cannot be played.
template <class Game>
void checkAgainstSolver(const Game& pos, const Analysis& a, const std::string& what) {
  TranspositionTable tt(1 << 20);
  Solver<Game> solver(tt);
  REQUIRE(a.moves.size() == static_cast<std::size_t>(Game::kMoveSlots));
  for (int m = 0; m < Game::kMoveSlots; ++m) {
    INFO(what << " move " << m + 1 << " kind " << valueKindName(a.moves[m].kind) << " score " << a.moves[m].score);
    const Value& v = a.moves[m];
    CHECK((v.kind == ValueKind::kIllegal) == !pos.canPlay(m));
    if (!v.proven()) continue;
    const int truth = solver.scoreMove(pos, m);
    if (v.kind == ValueKind::kExact) CHECK(v.score == truth);
    else CHECK(v.score == signOf(truth));
    CHECK(v.score != 0);  // a proven draw is always exact
  }
}

Value make(ValueKind k, int score) {
  Value v;
  v.kind = k;
  v.score = score;
  return v;
}

}  // namespace

TEST_CASE("analysis without a deadline: every Tic-Tac-Toe move exact, as minimax says", "[analysis]") {
  // Every position of the game, once.
  TranspositionTable searchTt(1 << 16), solverTt(1 << 16), tt(1 << 10);
  Analyzer<TicTacToe> analyzer(searchTt, solverTt);
  Solver<TicTacToe> minimax(tt);
  SolverOptions o;
  o.algorithm = Algorithm::kMinimax;
  minimax.setOptions(o);
  std::set<std::uint64_t> seen;
  std::function<void(const TicTacToe&)> visit = [&](const TicTacToe& g) {
    if (isOver(g) || !seen.insert(g.key()).second) return;
    const Analysis a = analyzer.analyze(g, Deadline());
    CHECK(a.complete());
    for (int m = 0; m < TicTacToe::kMoveSlots; ++m) {
      if (!g.canPlay(m)) continue;
      REQUIRE(a.moves[m].kind == ValueKind::kExact);
      CHECK(a.moves[m].score == minimax.scoreMove(g, m));
    }
    CHECK(positionValue(a).kind == ValueKind::kExact);
    CHECK(positionValue(a).score == minimax.solve(g));
    for (int m = 0; m < TicTacToe::kMoveSlots; ++m) {
      if (!g.canPlay(m)) continue;
      TicTacToe c = g;
      c.play(m);
      visit(c);
    }
  };
  visit(TicTacToe());
  CHECK(seen.size() == 4520);  // the unfinished positions of Tic-Tac-Toe
}

TEST_CASE("analysis agrees with the solver on Connect Four positions, with and without a deadline", "[analysis]") {
  const auto positions = gs_test::readBenchmark("Test_L2_R1", 12);
  TranspositionTable searchTt(1 << 20), solverTt(1 << 22);
  Analyzer<Connect4> analyzer(searchTt, solverTt);
  for (const auto& [moves, score] : positions) {
    const Connect4 g = gs_test::fromMoves<Connect4>(moves);
    solverTt.clear();
    const Analysis full = analyzer.analyze(g, Deadline());
    CHECK(full.complete());
    checkAgainstSolver(g, full, moves);
    CHECK(positionValue(full).kind == ValueKind::kExact);
    CHECK(positionValue(full).score == score);
    // A deadline too short for every proof: what it proves is still true,
    // and every legal move has been looked at.
    for (double ms : {1.0, 5.0, 20.0}) {
      solverTt.clear();
      searchTt.clear();
      const Analysis part = analyzer.analyze(g, Deadline::fromNow(ms));
      checkAgainstSolver(g, part, moves + " in " + std::to_string(ms) + " ms");
    }
  }
}

TEST_CASE("analysis streams every change and ends with what it returns", "[analysis]") {
  const Connect4 g = gs_test::fromMoves<Connect4>("4453");
  TranspositionTable searchTt(1 << 20), solverTt(1 << 22);
  Analyzer<Connect4> analyzer(searchTt, solverTt);
  std::vector<Analysis> seen;
  const Analysis a = analyzer.analyze(g, Deadline::fromNow(150), [&](const Analysis& now) { seen.push_back(now); });
  REQUIRE(!seen.empty());
  for (int m = 0; m < Connect4::kMoveSlots; ++m) {
    CHECK(seen.back().moves[m].kind == a.moves[m].kind);
    CHECK(seen.back().moves[m].score == a.moves[m].score);
  }
  // Nothing proven is ever taken back or changed, except a win/draw/loss
  // refined into its exact score.
  for (std::size_t i = 1; i < seen.size(); ++i)
    for (int m = 0; m < Connect4::kMoveSlots; ++m) {
      const Value& was = seen[i - 1].moves[m];
      const Value& now = seen[i].moves[m];
      if (was.kind == ValueKind::kExact) CHECK((now.kind == ValueKind::kExact && now.score == was.score));
      if (was.kind == ValueKind::kWdl) CHECK((now.proven() && now.sign() == was.score));
    }
  // 150 ms is enough for the first estimates of every column.
  for (int m = 0; m < Connect4::kMoveSlots; ++m) CHECK(a.moves[m].kind != ValueKind::kPending);
}

TEST_CASE("analysis with a short budget proves first and then estimates only what is left", "[analysis]") {
  // 44533444: every column provable, but not all within the first round's
  // slices. With a budget of 2 s or less no move gets an estimate before
  // the proofs of win/draw/loss are over: once one shows an estimate, no
  // move's win/draw/loss is proven any more (exact scores of moves already
  // won or lost still may be). (With the estimates after the first round,
  // as a long budget has them, this fails: 4 ms slices leave columns open.)
  const Connect4 g = gs_test::fromMoves<Connect4>("44533444");
  TranspositionTable searchTt(1 << 20), solverTt(1 << 22);
  Analyzer<Connect4> analyzer(searchTt, solverTt);
  bool estimateSeen = false, provenAfterEstimate = false;
  Analysis last;
  analyzer.analyze(g, Deadline::fromNow(1000), [&](const Analysis& now) {
    for (int m = 0; m < Connect4::kMoveSlots; ++m) {
      const bool wasOpen = last.moves.empty() || !last.moves[m].proven();
      if (estimateSeen && wasOpen && now.moves[m].proven()) provenAfterEstimate = true;
      if (now.moves[m].kind == ValueKind::kEstimate) estimateSeen = true;
    }
    last = now;
  });
  static_assert(Analyzer<Connect4>::kLateEstimatesMs >= 1000, "1 s is a short budget");
  CHECK(!provenAfterEstimate);
}

TEST_CASE("analysis uses the opening book for the moves whose positions it holds", "[analysis]") {
  // A book that knows the position after column 4 is a loss for its side to move.
  const Connect4 root;
  Connect4 after4 = root;
  after4.play(3);
  Book book;
  REQUIRE(book.loadBytes<Connect4>(Book::serialize({Book::entry(after4, -1, 3)}, 1, 0)));
  TranspositionTable searchTt(1 << 16), solverTt(1 << 16);
  Analyzer<Connect4> analyzer(searchTt, solverTt);
  analyzer.setBook(&book);
  const Analysis a = analyzer.analyze(root, Deadline::fromNow(1));
  CHECK(a.moves[3].kind == ValueKind::kWdl);
  CHECK(a.moves[3].score == 1);
  CHECK(a.moves[3].source == Source::kBook);
}

TEST_CASE("an analysis out of time leaves no move without a value", "[analysis]") {
  // A deadline of a microsecond: every phase is cut short, yet every legal
  // move ends with a value (a depth-1 estimate at least), and so does the
  // position.
  TranspositionTable searchTt(1 << 16), solverTt(1 << 16);
  Analyzer<Connect4> analyzer(searchTt, solverTt);
  for (const char* moves : {"1234567123", "4453", "44444"}) {
    INFO(moves);
    const Analysis a = analyzer.analyze(gs_test::fromMoves<Connect4>(moves), Deadline::fromNow(0.001));
    for (const Value& v : a.moves) CHECK(v.kind != ValueKind::kPending);
    CHECK(positionValue(a).kind != ValueKind::kPending);
  }
}

// Every line of `a` (Analyzer::setLines) is legal, starts with its move, and
// keeps the move's proven value all along: an exact score's line is played
// at that exact score by both sides (the solver's scoreMove of each move on
// it), a win/draw/loss's keeps the sign for the side that holds it. A line
// ends at the game's end or at kMaxLinePlies (no deadline here).
template <class Game>
void checkLines(const Game& pos, const Analysis& a, std::size_t wanted, const std::string& what) {
  TranspositionTable tt(1 << 20);
  Solver<Game> solver(tt);
  std::size_t legal = 0;
  for (int m = 0; m < Game::kMoveSlots; ++m) legal += pos.canPlay(m);
  REQUIRE(a.lines.size() == std::min(wanted, legal));
  CHECK(a.lines.front() == bestMoveOf(a));
  for (std::size_t i = 0; i < a.lines.size(); ++i) {
    const int m = a.lines[i];
    const Value& v = a.moves[m];
    if (i > 0) CHECK(rankOf(a.moves[a.lines[i - 1]]) >= rankOf(v));
    INFO(what << " line of move " << m + 1 << " (" << valueKindName(v.kind) << " " << v.score << ")");
    REQUIRE(!v.line.empty());
    CHECK(v.line.front() == m);
    Game p = pos;
    int score = v.score;
    for (std::size_t k = 0; k < v.line.size(); ++k) {
      INFO("ply " << k << " of the line");
      REQUIRE(!isOver(p));
      REQUIRE(p.canPlay(v.line[k]));
      if (v.proven()) {
        const int truth = solver.scoreMove(p, v.line[k]);
        if (v.kind == ValueKind::kExact && v.score != 0) CHECK(truth == score);
        else if (score >= 0) CHECK(signOf(truth) == signOf(score));  // (the loser's moves are free)
      }
      p.play(v.line[k]);
      score = -score;
    }
    if (v.proven() && !isOver(p)) CHECK(static_cast<int>(v.line.size()) == Analyzer<Game>::kMaxLinePlies);
  }
}

TEST_CASE("analysis lines keep each move's proven value to the end, best moves first", "[analysis]") {
  TranspositionTable searchTt(1 << 20), solverTt(1 << 22);
  SECTION("Connect Four, exact scores") {
    Analyzer<Connect4> analyzer(searchTt, solverTt);
    analyzer.setLines(5);
    for (const auto& [moves, score] : gs_test::readBenchmark("Test_L2_R1", 6)) {
      const Connect4 g = gs_test::fromMoves<Connect4>(moves);
      solverTt.clear();
      const Analysis a = analyzer.analyze(g, Deadline());
      checkLines(g, a, 5, moves);
    }
  }
  SECTION("Connect Four, win/draw/loss only") {
    Analyzer<Connect4> analyzer(searchTt, solverTt);
    analyzer.setLines(3);
    analyzer.setExactScores(false);
    for (const auto& [moves, score] : gs_test::readBenchmark("Test_L2_R1", 6)) {
      const Connect4 g = gs_test::fromMoves<Connect4>(moves);
      solverTt.clear();
      const Analysis a = analyzer.analyze(g, Deadline());
      checkLines(g, a, 3, moves + " (weak)");
    }
  }
  SECTION("Tic-Tac-Toe, a line per legal move") {
    Analyzer<TicTacToe> analyzer(searchTt, solverTt);
    analyzer.setLines(5);
    for (const char* moves : {"", "5", "51", "159"}) {
      const TicTacToe g = gs_test::fromMoves<TicTacToe>(moves);
      checkLines(g, analyzer.analyze(g, Deadline()), 5, moves);
    }
  }
  SECTION("no lines unless asked for") {
    Analyzer<Connect4> analyzer(searchTt, solverTt);
    const Analysis a = analyzer.analyze(gs_test::fromMoves<Connect4>("4453"), Deadline::fromNow(50));
    CHECK(a.lines.empty());
  }
  SECTION("an estimate's line is its search's principal variation") {
    Analyzer<Connect4> analyzer(searchTt, solverTt);
    analyzer.setLines(2);
    const Connect4 g = gs_test::fromMoves<Connect4>("4453");
    const Analysis a = analyzer.analyze(g, Deadline::fromNow(100));
    for (int m : a.lines) {
      INFO("move " << m + 1);
      if (a.moves[m].kind == ValueKind::kEstimate) CHECK(a.moves[m].line.size() >= 2);
      Connect4 p = g;
      for (int x : a.moves[m].line) {
        REQUIRE(!isOver(p));
        REQUIRE(p.canPlay(x));
        p.play(x);
      }
    }
  }
}

TEST_CASE("a position's value follows from its moves", "[analysis]") {
  Analysis a;
  auto set = [&](std::vector<Value> v) { a.moves = std::move(v); };
  const Value illegal = make(ValueKind::kIllegal, 0);
  set({make(ValueKind::kExact, 3), make(ValueKind::kExact, -2), illegal});
  CHECK(positionValue(a).kind == ValueKind::kExact);
  CHECK(positionValue(a).score == 3);
  CHECK(bestMoveOf(a) == 0);
  // A win of unknown speed may be faster: the value is a win, not exact.
  set({make(ValueKind::kExact, 3), make(ValueKind::kWdl, 1)});
  CHECK(positionValue(a).kind == ValueKind::kWdl);
  CHECK(positionValue(a).score == 1);
  CHECK(bestMoveOf(a) == 0);  // the known win first
  // A proven draw beside unproven moves: an estimate, at least 0.
  set({make(ValueKind::kExact, 0), make(ValueKind::kEstimate, -30), make(ValueKind::kWdl, -1)});
  CHECK(positionValue(a).kind == ValueKind::kEstimate);
  CHECK(positionValue(a).score == 0);
  CHECK(bestMoveOf(a) == 0);
  // Every move lost: exact if the slowest loss is known and none can be slower.
  set({make(ValueKind::kExact, -2), make(ValueKind::kExact, -5)});
  CHECK(positionValue(a).score == -2);
  set({make(ValueKind::kExact, -2), make(ValueKind::kWdl, -1)});
  CHECK(positionValue(a).kind == ValueKind::kWdl);
  CHECK(positionValue(a).score == -1);
  CHECK(bestMoveOf(a) == 0);
  // Unproven moves rank between the draws and the losses, by estimate.
  set({make(ValueKind::kWdl, -1), make(ValueKind::kEstimate, -50), make(ValueKind::kEstimate, 20)});
  CHECK(bestMoveOf(a) == 2);
  CHECK(positionValue(a).kind == ValueKind::kEstimate);
  CHECK(positionValue(a).score == 20);
  // A move with no value yet: no estimate (the others' best would swing), but a proven win stands.
  set({make(ValueKind::kEstimate, -50), make(ValueKind::kPending, 0), make(ValueKind::kEstimate, 20)});
  CHECK(positionValue(a).kind == ValueKind::kPending);
  set({make(ValueKind::kExact, 0), make(ValueKind::kPending, 0)});
  CHECK(positionValue(a).kind == ValueKind::kPending);
  set({make(ValueKind::kWdl, 1), make(ValueKind::kPending, 0)});
  CHECK(positionValue(a).kind == ValueKind::kWdl);
  CHECK(positionValue(a).score == 1);
  set({make(ValueKind::kPending, 0), illegal});
  CHECK(positionValue(a).kind == ValueKind::kPending);
  set({illegal});
  CHECK(bestMoveOf(a) == -1);
  CHECK(positionValue(a).kind == ValueKind::kIllegal);
}

namespace {

// Reviews `moves` and checks every mark and better move against the solver's
// exact values; returns the review.
template <class Game>
Review checkReview(const std::string& moves, const Deadline& deadline, int fromPly = 0) {
  std::vector<int> played;
  for (char c : moves) played.push_back(c - '1');
  TranspositionTable tt(1 << 22), truthTt(1 << 22);
  Reviewer<Game> reviewer(tt);
  const Review r = reviewer.review(played, deadline, fromPly);
  Solver<Game> solver(truthTt);
  Game g;
  std::vector<int> truth;
  std::vector<Game> pos{g};
  for (int m : played) {
    g.play(m);
    pos.push_back(g);
  }
  for (std::size_t i = 0; i < pos.size(); ++i)
    truth.push_back(static_cast<int>(i) < fromPly ? 0 : solver.solve(pos[i]));  // (early ones may take minutes)
  REQUIRE(r.positions.size() == pos.size());
  for (std::size_t i = 0; i < pos.size(); ++i) {
    INFO(moves << " position " << i << " kind " << valueKindName(r.positions[i].kind));
    const Value& v = r.positions[i];
    if (static_cast<int>(i) < fromPly) CHECK(v.kind == ValueKind::kIllegal);
    if (v.kind == ValueKind::kExact) CHECK(v.score == truth[i]);
    if (v.kind == ValueKind::kWdl) CHECK(v.score == signOf(truth[i]));
  }
  for (std::size_t i = fromPly; i < played.size(); ++i) {
    const ReviewedMove& rm = r.moves[i];
    INFO(moves << " move " << i << " mark " << moveMarkName(rm.mark));
    CHECK(rm.move == played[i]);
    if (rm.mark == MoveMark::kUnproven) continue;
    // The mark from the true values (speed only where both are exact).
    const int was = signOf(truth[i]), now = -signOf(truth[i + 1]);
    if (now < was) {
      CHECK(rm.mark == (was > 0 ? (now == 0 ? MoveMark::kWinToDraw : MoveMark::kWinToLoss) : MoveMark::kDrawToLoss));
    } else if (rm.mark == MoveMark::kSlowerWin) {
      CHECK(-truth[i + 1] < truth[i]);
    } else {
      CHECK(rm.mark == MoveMark::kKeeps);
      const bool bothExact =
          r.positions[i].kind == ValueKind::kExact && r.positions[i + 1].kind == ValueKind::kExact;
      if (bothExact && was > 0) CHECK(-truth[i + 1] == truth[i]);
    }
    if (rm.better >= 0) {
      CHECK(rm.better != rm.move);
      const int s = solver.scoreMove(pos[i], rm.better);
      if (rm.mark == MoveMark::kSlowerWin) CHECK(s == truth[i]);
      else CHECK(signOf(s) == was);
    }
  }
  return r;
}

// The game `start` played on by random moves to its end; its move string.
template <class Game>
std::string playToEnd(const std::string& start, std::mt19937& rng) {
  Game g = gs_test::fromMoves<Game>(start);
  std::string moves = start;
  while (!isOver(g)) {
    std::vector<int> legal;
    for (int m = 0; m < Game::kMoveSlots; ++m)
      if (g.canPlay(m)) legal.push_back(m);
    const int m = legal[rng() % legal.size()];
    g.play(m);
    moves += static_cast<char>('1' + m);
  }
  return moves;
}

}  // namespace

TEST_CASE("review of Tic-Tac-Toe games marks what the solver says", "[review]") {
  std::mt19937 rng(7);
  int changed = 0, slower = 0;
  for (int game = 0; game < 200; ++game) {
    const Review r = checkReview<TicTacToe>(playToEnd<TicTacToe>("", rng), Deadline());
    for (const ReviewedMove& rm : r.moves) {
      CHECK(rm.mark != MoveMark::kUnproven);  // no deadline: everything proven
      const bool marked = rm.mark != MoveMark::kKeeps;
      if (marked) CHECK(rm.better >= 0);
      if (rm.mark == MoveMark::kSlowerWin) ++slower;
      else if (marked) ++changed;
    }
  }
  CHECK(changed > 50);  // random games are full of mistakes
  CHECK(slower > 5);
}

TEST_CASE("review of Connect Four games marks what the solver says", "[review]") {
  // Games from the benchmark positions played on by random moves (the
  // positions have 14+ stones, so every proof is quick).
  std::mt19937 rng(11);
  for (const auto& [start, score] : gs_test::readBenchmark("Test_L2_R1", 6)) {
    const std::string moves = playToEnd<Connect4>(start, rng);
    const int from = static_cast<int>(start.size());
    const Review r = checkReview<Connect4>(moves, Deadline(), from);
    for (int i = from; i < static_cast<int>(r.moves.size()); ++i) CHECK(r.moves[i].mark != MoveMark::kUnproven);
    // A deadline that ends the review early: what it marks is still right.
    checkReview<Connect4>(moves, Deadline::fromNow(3), from);
  }
}

TEST_CASE("review marks unproven positions as such, never guessed", "[review]") {
  // From the empty board with 20 ms, no book: the first positions cannot be proven.
  TranspositionTable tt(1 << 22);
  Reviewer<Connect4> reviewer(tt);
  const Review r = reviewer.review({3, 3, 3, 3, 3, 3, 2}, Deadline::fromNow(20));
  CHECK(r.positions[0].kind == ValueKind::kPending);
  CHECK(r.moves[0].mark == MoveMark::kUnproven);
}

// [speed]: it needs the optimised build's speed (the sanitizer run leaves it out).
TEST_CASE("a review whose first positions cannot be proven still finds the better moves of the rest", "[review][speed]") {
  // A study game without the book: its first positions take minutes; the
  // late ones milliseconds. The hard ones must not eat the whole budget.
  const std::string game = "523334533554252441434567227727771111166";
  std::vector<int> played;
  for (char c : game) played.push_back(c - '1');
  TranspositionTable tt(1 << 22);
  Reviewer<Connect4> reviewer(tt);
  const Review r = reviewer.review(played, Deadline::fromNow(3000));
  int changed = 0;
  for (std::size_t i = 0; i < played.size(); ++i) {
    const MoveMark m = r.moves[i].mark;
    if (m == MoveMark::kKeeps || m == MoveMark::kUnproven) continue;
    ++changed;
    INFO("move " << i + 1 << " " << moveMarkName(m));
    CHECK(r.moves[i].better >= 0);
  }
  CHECK(changed > 0);
  CHECK(r.positions.back().kind == ValueKind::kExact);
}
