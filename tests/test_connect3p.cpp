// Connect Four for three (games/connect3p) and the searches for three players
// (search/multiplayer.hpp): the rules against an independent grid check, the
// notation's errors, max^n against a brute-force vector computation, shallow
// pruning against plain max^n, paranoid against plain minimax over the
// coalition game, best-reply search against plain recursive BRS.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "games/connect3p/connect3p.hpp"
#include "games/registry.hpp"
#include "search/multiplayer.hpp"

using gs::Connect3p;

// The game has the players capability instead of the two-player part, and
// the registry gives it the kind of max^n and paranoid search; the other
// registered games do not have the capability.
static_assert(gs::isGame<Connect3p> && gs::hasPlayers<Connect3p> && !gs::hasTwoPlayerSearch<Connect3p>);
static_assert(gs::kindOf<Connect3p>() == gs::GameKind::kPlayers);
static_assert(!gs::hasPlayers<gs::Connect4> && !gs::hasPlayers<gs::TicTacToe>);
using Searcher = gs::MultiSearcher<Connect3p>;
using Values = Searcher::Values;

namespace {

// An independent model of the rules: a grid, rows from the bottom, and a
// scan of every line through the last stone.
struct Grid {
  int cell[Connect3p::kWidth][Connect3p::kHeight] = {};  // 0 empty, 1 + player
  int plies = 0;
  bool won = false;

  bool canPlay(int c) const { return cell[c][Connect3p::kHeight - 1] == 0; }
  void play(int c) {
    int r = 0;
    while (cell[c][r]) ++r;
    const int who = 1 + plies % 3;
    cell[c][r] = who;
    ++plies;
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (const auto& d : dirs) {
      int run = 1;
      for (int s : {1, -1})
        for (int k = 1;; ++k) {
          const int x = c + s * k * d[0], y = r + s * k * d[1];
          if (x < 0 || x >= Connect3p::kWidth || y < 0 || y >= Connect3p::kHeight || cell[x][y] != who) break;
          ++run;
        }
      if (run >= 4) won = true;
    }
  }
  // Every cell of every four of `who` (col + width * row), sorted.
  std::vector<int> fours(int who) const {
    std::vector<int> out;
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (const auto& d : dirs)
      for (int x = 0; x < Connect3p::kWidth; ++x)
        for (int y = 0; y < Connect3p::kHeight; ++y) {
          bool all = true;
          for (int k = 0; k < 4 && all; ++k) {
            const int xx = x + k * d[0], yy = y + k * d[1];
            all = xx >= 0 && xx < Connect3p::kWidth && yy >= 0 && yy < Connect3p::kHeight && cell[xx][yy] == who;
          }
          if (all)
            for (int k = 0; k < 4; ++k) out.push_back(x + k * d[0] + Connect3p::kWidth * (y + k * d[1]));
        }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
};

void checkSame(const Connect3p& g, const Grid& grid) {
  REQUIRE(g.plies() == grid.plies);
  REQUIRE(g.lastMoverWon() == grid.won);
  REQUIRE(g.isFull() == (grid.plies == Connect3p::kMaxPlies));
  for (int c = 0; c < Connect3p::kWidth; ++c) {
    REQUIRE(g.canPlay(c) == grid.canPlay(c));
    for (int r = 0; r < Connect3p::kHeight; ++r) REQUIRE(g.cell(c, r) == grid.cell[c][r]);
  }
  if (grid.won) {
    std::vector<int> cells = g.winningCells();
    std::sort(cells.begin(), cells.end());
    REQUIRE(cells == grid.fours(1 + (grid.plies - 1) % 3));
  } else {
    REQUIRE(g.winningCells().empty());
  }
}

// Every position of up to `depth` more plies, checked against the grid.
void walk(const Connect3p& g, const Grid& grid, int depth, long& count) {
  checkSame(g, grid);
  ++count;
  if (depth == 0 || g.isOver()) return;
  for (int c = 0; c < Connect3p::kWidth; ++c) {
    if (!g.canPlay(c)) continue;
    Connect3p g2 = g;
    Grid grid2 = grid;
    g2.play(c);
    grid2.play(c);
    walk(g2, grid2, depth - 1, count);
  }
}

// A random position: `plies` random moves from the start (fewer if the game
// ends first; the game is then not over).
Connect3p randomPosition(std::mt19937& rng, int plies) {
  for (;;) {
    Connect3p g;
    bool ok = true;
    for (int i = 0; i < plies && ok; ++i) {
      int c;
      do c = static_cast<int>(rng() % Connect3p::kWidth);
      while (!g.canPlay(c));
      g.play(c);
      ok = !g.isOver();
    }
    if (ok) return g;
  }
}

// Brute-force max^n, written from the definition: every child searched, the
// first child (in kCentreOrder) with the greatest entry of the player to move.
template <class Game>
std::array<int, 3> bruteMaxn(const Game& g, int depth, std::uint64_t& nodes, int* move = nullptr) {
  constexpr int kMaxSum = gs::MultiSearcher<Game>::kMaxSum;
  ++nodes;
  if (g.lastMoverWon()) {
    std::array<int, 3> v{};
    v[(g.plies() + 2) % 3] = kMaxSum - g.plies();
    return v;
  }
  if (g.isFull()) return {kMaxSum / 3, kMaxSum / 3, kMaxSum / 3};
  if (depth == 0) return g.evaluatePlayers();
  const int me = g.plies() % 3;
  std::array<int, 3> best{};
  int bestMove = -1;
  for (int m : Game::kCentreOrder) {
    if (!g.canPlay(m)) continue;
    Game c = g;
    c.play(m);
    const std::array<int, 3> v = bruteMaxn(c, depth - 1, nodes);
    if (bestMove < 0 || v[me] > best[me]) {
      best = v;
      bestMove = m;
    }
  }
  if (move) *move = bestMove;
  return best;
}

// Plain minimax over the coalition game: `root`'s entry, maximised by root,
// minimised by both others.
template <class Game>
int bruteParanoid(const Game& g, int depth, int root) {
  constexpr int kMaxSum = gs::MultiSearcher<Game>::kMaxSum;
  if (g.lastMoverWon()) return (g.plies() + 2) % 3 == root ? kMaxSum - g.plies() : 0;
  if (g.isFull()) return kMaxSum / 3;
  if (depth == 0) return g.evaluatePlayers()[root];
  const bool maximising = g.plies() % 3 == root;
  int best = maximising ? -1 : kMaxSum + 1;
  for (int m = 0; m < Game::kMoveSlots; ++m) {
    if (!g.canPlay(m)) continue;
    Game c = g;
    c.play(m);
    const int v = bruteParanoid(c, depth - 1, root);
    best = maximising ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// Best-reply search written from its definition (Schadd and Winands 2011),
// with no pruning: `root` maximises its entry over its own moves; at an
// opponents' layer every move of every other player is tried (that player's
// stone placed, the turn back to `root`) and the least value for `root`
// kept. `mover` made the last move: a four ends the line, worth kMaxSum -
// plies to `mover` (to `root` 0 unless `mover` is `root`).
template <class Game>
int bruteBrs(const Game& g, int depth, int root, bool rootToMove, int mover, std::uint64_t& nodes) {
  constexpr int kMaxSum = gs::MultiSearcher<Game>::kMaxSum;
  ++nodes;
  if (g.lastMoverWon()) return mover == root ? kMaxSum - g.plies() : 0;
  if (g.isFull()) return kMaxSum / 3;
  if (depth == 0) return g.evaluatePlayers()[root];
  int best = rootToMove ? -1 : kMaxSum + 1;
  for (int player = 0; player < 3; ++player) {
    if ((player == root) != rootToMove) continue;
    for (int m = 0; m < Game::kMoveSlots; ++m) {
      if (!g.canPlay(m)) continue;
      Game c = g;
      c.playAs(player, m);
      const int v = bruteBrs(c, depth - 1, root, !rootToMove, player, nodes);
      best = rootToMove ? std::max(best, v) : std::min(best, v);
    }
  }
  return best;
}

// A game tree with random leaf vectors, for the searches' edge cases: three
// moves at every node, leaves (the horizon) valued by a hash of the path
// and `seed`. The vectors are drawn to sit on the bounds shallow pruning
// relies on: zero entries, sums of exactly kEvalSum, one entry near all of it.
struct RandomTree {
  static constexpr int kPlayers = 3;
  static constexpr const char* kSides[kPlayers] = {"A", "B", "C"};
  static constexpr int kMoveSlots = 3;
  static constexpr int kMaxPlies = 8;
  static constexpr int kCentreOrder[kMoveSlots] = {0, 1, 2};
  static constexpr int kEvalSum = 1000;
  static constexpr int kEvalMax = kEvalSum - kMaxPlies - 1;
  inline static std::uint64_t seed = 0;

  std::uint64_t path = 1;
  int plies_ = 0;
  bool canPlay(int) const { return true; }
  void play(int m) {
    path = path * 3 + static_cast<std::uint64_t>(m);
    ++plies_;
  }
  // The leaves depend on the path only: a move out of turn (BRS) is a move.
  void playAs(int, int m) { play(m); }
  int plies() const { return plies_; }
  int toMove() const { return plies_ % kPlayers; }
  bool lastMoverWon() const { return false; }
  bool isFull() const { return plies_ == kMaxPlies; }
  std::array<int, kPlayers> evaluatePlayers() const {
    std::uint64_t x = (path + seed * 0x9E3779B97F4A7C15ull);
    auto next = [&x] {  // splitmix64
      std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return static_cast<int>((z ^ (z >> 31)) % 1000003);
    };
    const int steps = 1 + next() % 10;  // coarse values: ties and exact bounds are common
    const int unit = kEvalMax / steps;
    const int a = (next() % (steps + 1)) * unit;
    const int b = std::min(kEvalMax, (next() % (steps + 1)) * unit) * (kEvalSum - a) / kEvalSum;
    const int rest = kEvalSum - a - b;
    const int c = std::min(kEvalMax, next() % 2 ? rest : rest / 2);
    std::array<int, kPlayers> v{a, b, c};
    std::swap(v[0], v[next() % 3]);
    return v;
  }
};

}  // namespace

TEST_CASE("connect3p rules: every position of 5 plies against the grid", "[connect3p]") {
  long count = 0;
  walk(Connect3p(), Grid(), 5, count);
  REQUIRE(count == 1 + 9 + 81 + 729 + 6561 + 59049);
}

TEST_CASE("connect3p rules: random games to the end against the grid", "[connect3p]") {
  std::mt19937 rng(7);
  int wins[3] = {0, 0, 0}, draws = 0;
  for (int game = 0; game < 2000; ++game) {
    Connect3p g;
    Grid grid;
    while (!g.isOver()) {
      int c;
      do c = static_cast<int>(rng() % Connect3p::kWidth);
      while (!g.canPlay(c));
      g.play(c);
      grid.play(c);
      checkSame(g, grid);
    }
    if (g.lastMoverWon()) ++wins[g.lastMover()];
    else ++draws;
  }
  // Random games end every way: each player wins some, and the board fills.
  REQUIRE(wins[0] > 0);
  REQUIRE(wins[1] > 0);
  REQUIRE(wins[2] > 0);
  REQUIRE(draws > 0);
}

TEST_CASE("connect3p evaluation: entries from 0 to kEvalMax summing to about kEvalSum", "[connect3p]") {
  REQUIRE(Connect3p::windows().count == 6 * 6 + 9 * 3 + 2 * 6 * 3);
  std::mt19937 rng(11);
  for (int i = 0; i < 2000; ++i) {
    const Connect3p g = randomPosition(rng, static_cast<int>(rng() % 45));
    const auto v = g.evaluatePlayers();
    REQUIRE(std::all_of(v.begin(), v.end(), [](int x) { return x >= 0 && x <= Connect3p::kEvalMax; }));
    REQUIRE(v[0] + v[1] + v[2] <= Connect3p::kEvalSum);
    REQUIRE(v[0] + v[1] + v[2] > Connect3p::kEvalSum - 3);  // shares, rounded down
  }
  // Symmetric start: equal shares; a player with three in an open row leads.
  const auto start = Connect3p().evaluatePlayers();
  REQUIRE((start[0] == start[1] && start[1] == start[2]));
  Connect3p h;
  REQUIRE(gs::parseMoves("499599699", h).ok);  // Red 4, 5, 6 on the bottom row, open at 3 and 7
  const auto v = h.evaluatePlayers();
  REQUIRE(v[0] > v[1]);
  REQUIRE(v[0] > v[2]);
}

TEST_CASE("connect3p notation: errors name the move and what is wrong", "[connect3p]") {
  struct Case {
    const char* text;
    std::size_t position;
    const char* message;
  };
  const Case cases[] = {
      {"45x", 3, "invalid character 'x' at position 3 (moves are digits 1-9)"},
      {"450", 3, "column 0 at position 3 is out of range 1-9"},
      {"1111111", 7, "column 1 at position 7 is full"},
      // Red stacks four in column 1 (plies 0, 3, 6, 9): the 11th move is too late.
      {"12312312312", 11, "move 2 at position 11 comes after the game has ended"},
  };
  for (const Case& c : cases) {
    Connect3p g;
    const gs::ParseError err = gs::parseMoves(c.text, g);
    INFO(c.text);
    REQUIRE_FALSE(err.ok);
    REQUIRE(err.position == c.position);
    REQUIRE(err.message == c.message);
    REQUIRE(g.plies() == static_cast<int>(c.position) - 1);  // the position before the bad move
  }
  Connect3p g;
  REQUIRE(gs::parseMoves("1231231231", g).ok);
  REQUIRE(g.lastMoverWon());
  REQUIRE(g.lastMover() == 0);
}

TEST_CASE("max^n agrees with a brute-force vector computation", "[connect3p][multiplayer]") {
  std::mt19937 rng(3);
  Searcher plain(gs::MultiAlgorithm::kMaxn), shallow(gs::MultiAlgorithm::kMaxnShallow);
  std::uint64_t cuts = 0, plainNodes = 0, shallowNodes = 0;
  int positions = 0;
  for (int i = 0; i < 300; ++i) {
    // Many stones, so that wins, losses and full boards occur inside the trees.
    const Connect3p g = randomPosition(rng, static_cast<int>(rng() % 50));
    const int depth = 1 + static_cast<int>(rng() % 4);
    std::uint64_t bruteNodes = 0;
    int bruteMove = -1;
    const Values want = bruteMaxn(g, depth, bruteNodes, &bruteMove);
    const auto a = plain.searchDepth(g, depth);
    INFO("position " << i << " depth " << depth);
    REQUIRE(a.values == want);
    REQUIRE(a.bestMove == bruteMove);
    REQUIRE(a.nodes == bruteNodes);  // plain max^n visits the whole tree
    const auto b = shallow.searchDepth(g, depth);
    REQUIRE(b.values == want);
    REQUIRE(b.bestMove == bruteMove);
    REQUIRE(b.nodes <= a.nodes);
    cuts += b.shallowCuts;
    plainNodes += a.nodes;
    shallowNodes += b.nodes;
    ++positions;
  }
  REQUIRE(positions == 300);
  REQUIRE(cuts > 0);  // the equality above is not vacuous: shallow pruning did cut
  REQUIRE(shallowNodes < plainNodes);
}

TEST_CASE("paranoid equals plain minimax over the coalition game", "[connect3p][multiplayer]") {
  std::mt19937 rng(5);
  Searcher paranoid(gs::MultiAlgorithm::kParanoid), plain(gs::MultiAlgorithm::kMaxn);
  std::uint64_t paranoidNodes = 0, fullNodes = 0;
  for (int i = 0; i < 300; ++i) {
    const Connect3p g = randomPosition(rng, static_cast<int>(rng() % 50));
    const int depth = 1 + static_cast<int>(rng() % 4);
    const int root = g.toMove();
    const auto r = paranoid.searchDepth(g, depth);
    INFO("position " << i << " depth " << depth);
    REQUIRE(r.score == bruteParanoid(g, depth, root));
    // The move it picks is worth that value in the coalition game.
    Connect3p c = g;
    c.play(r.bestMove);
    REQUIRE(bruteParanoid(c, depth - 1, root) == r.score);
    paranoidNodes += r.nodes;
    fullNodes += plain.searchDepth(g, depth).nodes;
  }
  REQUIRE(paranoidNodes < fullNodes);  // alpha-beta did cut
}

TEST_CASE("best-reply search equals plain recursive BRS", "[connect3p][multiplayer][brs]") {
  // 160 positions at depths 1-4 and 40 at depth 5, from the start to near the
  // end: the value, and the chosen move's value, against the brute force.
  std::mt19937 rng(11);
  Searcher brs(gs::MultiAlgorithm::kBrs);
  std::uint64_t brsNodes = 0, bruteNodes = 0;
  int lost = 0, won = 0;
  for (int i = 0; i < 200; ++i) {
    const Connect3p g = randomPosition(rng, static_cast<int>(rng() % 45));
    const int depth = i < 160 ? 1 + i % 4 : 5;
    const int root = g.toMove();
    INFO("position " << i << " depth " << depth << " plies " << g.plies());
    const auto r = brs.searchDepth(g, depth);
    REQUIRE(r.values == Values{-1, -1, -1});
    REQUIRE(r.score == bruteBrs(g, depth, root, true, -1, bruteNodes));
    // The move it picks is worth that value in the brute force (a tie may
    // pick another move of the same value).
    Connect3p c = g;
    c.play(r.bestMove);
    std::uint64_t unused = 0;
    REQUIRE(bruteBrs(c, depth - 1, root, false, root, unused) == r.score);
    brsNodes += r.nodes;
    lost += r.score == 0;
    won += r.score > Connect3p::kEvalMax;
  }
  REQUIRE(brsNodes * 4 < bruteNodes);  // alpha-beta did cut, a lot
  REQUIRE(lost > 10);                  // the set has forced lines both ways,
  REQUIRE(won > 10);                   // where a wrong cut-off shows
}

TEST_CASE("best-reply search: a reply by either opponent, then the root player again", "[connect3p][multiplayer][brs]") {
  // Yellow threatens column 4 (bottom row 1-3), Green column 9 (three in it),
  // Red to move. At depth 2 each Red move meets a reply that wins (Red can
  // block one threat; the other opponent's is the best reply): value 0,
  // whichever opponent it is. At depth 1 no reply is seen.
  Connect3p g;
  REQUIRE(gs::parseMoves("619729639", g).ok);
  Searcher brs(gs::MultiAlgorithm::kBrs);
  REQUIRE(brs.searchDepth(g, 1).score > 0);
  REQUIRE(brs.searchDepth(g, 2).score == 0);
  // Green has three on the bottom row (columns 6-8), Yellow to move: the
  // root player is Yellow here, and at depth 2 it blocks column 5, else
  // Green's reply wins.
  Connect3p h;
  REQUIRE(gs::parseMoves("9969971184", h).ok);
  const auto r = brs.searchDepth(h, 2);
  REQUIRE(r.bestMove == 4);
  REQUIRE(r.score > 0);
  // A win in one is taken, as by the other algorithms.
  Connect3p w;
  REQUIRE(gs::parseMoves("123123123", w).ok);
  REQUIRE(brs.searchDepth(w, 3).bestMove == 0);
  REQUIRE(brs.searchDepth(w, 3).score == Searcher::kMaxSum - 10);
}

TEST_CASE("multiplayer think: depth limit, exact ends, win in one", "[connect3p][multiplayer]") {
  for (auto alg : {gs::MultiAlgorithm::kMaxn, gs::MultiAlgorithm::kMaxnShallow, gs::MultiAlgorithm::kParanoid,
                   gs::MultiAlgorithm::kBrs}) {
    Searcher s(alg);
    INFO(gs::multiAlgorithmName(alg));
    gs::MultiLimits lim;
    lim.timeMs = 0;
    lim.maxDepth = 3;
    const auto r = s.think(Connect3p(), lim);
    REQUIRE(r.depth == 3);
    REQUIRE_FALSE(r.exact);
    REQUIRE(r.bestMove >= 0);
    // Red has three in column 1 and takes the fourth at once.
    Connect3p g;
    REQUIRE(gs::parseMoves("123123123", g).ok);
    const auto w = s.think(g, lim);
    REQUIRE(w.bestMove == 0);
    REQUIRE(w.score == Searcher::kMaxSum - 10);
    // A win at once is the best the mover can get: exact, at depth 1.
    REQUIRE(w.exact);
    REQUIRE(w.depth == 1);
    // A time limit ends the deepening (depth 1 always finishes).
    gs::MultiLimits timed;
    timed.timeMs = 30;
    const auto t = s.think(Connect3p(), timed);
    REQUIRE(t.depth >= 1);
    REQUIRE(t.depth < 20);
    REQUIRE(t.bestMove >= 0);
  }
  // Near the end the tree has no horizon: the value is exact.
  std::mt19937 rng(9);
  Connect3p g = randomPosition(rng, 50);
  Searcher s(gs::MultiAlgorithm::kMaxnShallow);
  gs::MultiLimits lim;
  lim.timeMs = 0;
  const auto r = s.think(g, lim);
  REQUIRE(r.exact);
  // (The root's vector may differ on ties: the deepening searches its previous
  // best move first; the root player's entry may not.)
  std::uint64_t nodes = 0;
  REQUIRE(r.score == bruteMaxn(g, 64, nodes)[g.toMove()]);
}

TEST_CASE("multiplayer analyze: every move's own value, the best is think's", "[connect3p][multiplayer]") {
  std::mt19937 rng(21);
  for (int i = 0; i < 80; ++i) {
    const Connect3p g = randomPosition(rng, static_cast<int>(rng() % 50));
    const int depth = 1 + static_cast<int>(rng() % 3);
    gs::MultiLimits lim;
    lim.timeMs = 0;
    lim.maxDepth = depth;
    INFO("position " << i << " depth " << depth);
    for (auto alg : {gs::MultiAlgorithm::kMaxn, gs::MultiAlgorithm::kMaxnShallow, gs::MultiAlgorithm::kParanoid,
                     gs::MultiAlgorithm::kBrs}) {
      Searcher s(alg);
      const auto an = s.analyze(g, lim);
      int legal = 0;
      for (int m = 0; m < Connect3p::kMoveSlots; ++m) legal += g.canPlay(m);
      REQUIRE(static_cast<int>(an.moves.size()) == legal);
      int best = -1;
      for (const auto& mv : an.moves) {
        Connect3p c = g;
        c.play(mv.move);
        std::uint64_t nodes = 0;
        // max^n: the move's vector is the brute-force vector of the position after it.
        if (alg == gs::MultiAlgorithm::kParanoid) REQUIRE(mv.score == bruteParanoid(c, depth - 1, g.toMove()));
        else if (alg == gs::MultiAlgorithm::kBrs)
          REQUIRE(mv.score == bruteBrs(c, depth - 1, g.toMove(), false, g.toMove(), nodes));
        else REQUIRE(mv.values == bruteMaxn(c, depth - 1, nodes));
        best = std::max(best, mv.score);
      }
      if (an.depth == depth) REQUIRE(best == s.think(g, lim).score);
    }
  }
}

TEST_CASE("multiplayer think: keepBeforeLoss answers with the depth before a sure loss", "[connect3p][multiplayer]") {
  // Yellow threatens column 4 (bottom row 1-3), Green column 9 (three in it),
  // Red to move blocks only one: from depth 3 on every Red move loses.
  Connect3p g;
  REQUIRE(gs::parseMoves("619729639", g).ok);
  for (auto alg : {gs::MultiAlgorithm::kMaxnShallow, gs::MultiAlgorithm::kParanoid}) {
    INFO(gs::multiAlgorithmName(alg));
    Searcher s(alg);
    gs::MultiLimits lim;
    lim.timeMs = 0;
    lim.maxDepth = 5;
    if (alg == gs::MultiAlgorithm::kParanoid) {
      const auto lost = s.think(g, lim);
      REQUIRE(lost.depth == 5);
      REQUIRE(lost.score == 0);
    }
    lim.keepBeforeLoss = true;
    const auto kept = s.think(g, lim);
    if (alg == gs::MultiAlgorithm::kParanoid) {
      REQUIRE(kept.depth == 2);
      REQUIRE(kept.score > 0);
    }
    REQUIRE(kept.bestMove == 3);  // blocks the threat that comes first
  }
}

TEST_CASE("max^n, shallow pruning, paranoid and BRS on random trees with vectors on the bounds", "[multiplayer]") {
  using TreeSearcher = gs::MultiSearcher<RandomTree>;
  TreeSearcher plain(gs::MultiAlgorithm::kMaxn), shallow(gs::MultiAlgorithm::kMaxnShallow),
      paranoid(gs::MultiAlgorithm::kParanoid), brs(gs::MultiAlgorithm::kBrs);
  std::uint64_t cuts = 0;
  for (std::uint64_t tree = 1; tree <= 3000; ++tree) {
    RandomTree::seed = tree;
    const RandomTree root;
    const int depth = 1 + static_cast<int>(tree % 5);
    INFO("tree " << tree << " depth " << depth);
    std::uint64_t nodes = 0;
    int move = -1;
    const auto want = bruteMaxn(root, depth, nodes, &move);
    const auto a = plain.searchDepth(root, depth);
    REQUIRE(a.values == want);
    REQUIRE(a.bestMove == move);
    const auto b = shallow.searchDepth(root, depth);
    REQUIRE(b.values == want);
    REQUIRE(b.bestMove == move);
    cuts += b.shallowCuts;
    REQUIRE(paranoid.searchDepth(root, depth).score == bruteParanoid(root, depth, 0));
    REQUIRE(brs.searchDepth(root, depth).score == bruteBrs(root, depth, 0, true, -1, nodes));
  }
  REQUIRE(cuts > 1000);
}
