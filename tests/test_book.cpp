// Opening book (engine/search/book.hpp): the file written by bookgen (see
// tests/CMakeLists.txt) and the book shipped in the site (web/book.bin) load,
// their entries agree with the solver, they cover both sides of the game, and
// damaged files are rejected.
#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <iterator>
#include <numeric>
#include <random>
#include <set>

#include "search/book.hpp"
#include "games/connect4/connect4.hpp"
#include "search/player.hpp"
#include "search/solver.hpp"
#include "test_util.hpp"

using namespace gs;

namespace {
std::vector<unsigned char> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<unsigned char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Checks one book entry against the solver: the value is the proven
// win/draw/loss value, and the move keeps it (any legal move when lost).
void checkEntry(const Connect4& pos, const Book::Hit& h, Solver<Connect4>& solver) {
  INFO("value " << h.value << " move " << h.move);
  REQUIRE(h.move >= 0);
  REQUIRE(pos.canPlay(h.move));
  CHECK(solver.solveSign(pos) == h.value);
  if (h.value >= 0) CHECK(solver.signOfMove(pos, h.move) == h.value);
}

// Walks the book's two trees from `root` (the computer to move first, then
// second): at the computer's positions the book must have an entry, whose
// move is followed; at the opponent's every reply is. visit(pos, hit, computerFirst)
// sees every computer position.
void walkTrees(const Book& book, const Connect4& root, int maxPlies,
               const std::function<void(const Connect4&, const Book::Hit&, bool)>& visit,
               std::mt19937* sample = nullptr) {
  std::function<void(const Connect4&, bool)> walk = [&](const Connect4& pos, bool computerFirst) {
    if (pos.lastMoverWon() || pos.isFull() || pos.plies() > maxPlies) return;
    const bool computerToMove = (pos.plies() - root.plies()) % 2 == (computerFirst ? 0 : 1);
    if (computerToMove) {
      Book::Hit h = book.probe(pos);
      INFO("position " << pos.plies() << " plies, computer " << (computerFirst ? "first" : "second"));
      REQUIRE(h.found);
      visit(pos, h, computerFirst);
      if (h.move < 0 || pos.isWinningMove(h.move)) return;
      Connect4 child = pos;
      child.play(h.move);
      walk(child, computerFirst);
      return;
    }
    std::vector<int> replies;
    for (int c = 0; c < Connect4::kWidth; ++c)
      if (pos.canPlay(c)) replies.push_back(c);
    if (sample) replies = {replies[(*sample)() % replies.size()]};  // one random path
    for (int c : replies) {
      Connect4 child = pos;
      child.play(c);
      walk(child, computerFirst);
    }
  };
  walk(root, true);
  walk(root, false);
}
// Calls visit(pos) once for every unfinished position reachable from `root`
// with at most maxPlies stones, level by level.
void forEachPosition(const Connect4& root, int maxPlies, const std::function<void(const Connect4&)>& visit) {
  std::vector<Connect4> level;
  if (!root.lastMoverWon() && !root.isFull()) level.push_back(root);
  for (int d = root.plies(); d <= maxPlies && !level.empty(); ++d) {
    std::vector<Connect4> next;
    std::set<std::uint64_t> keys;
    for (const Connect4& pos : level) {
      visit(pos);
      for (int c = 0; c < Connect4::kWidth && d < maxPlies; ++c) {
        if (!pos.canPlay(c)) continue;
        Connect4 child = pos;
        child.play(c);
        if (!child.lastMoverWon() && !child.isFull() && keys.insert(child.key()).second) next.push_back(child);
      }
    }
    level.swap(next);
  }
}
}  // namespace

TEST_CASE("Book: the generated book covers both sides and agrees with the solver", "[book]") {
  Book book;
  std::string error;
  REQUIRE(book.load<Connect4>(GS_TEST_BOOK, &error));
  INFO(error);
  const Connect4 root = gs_test::fromMoves<Connect4>(GS_TEST_BOOK_ROOT);
  CHECK(book.maxPlies() == root.plies() + GS_TEST_BOOK_DEPTH);
  CHECK(book.completePlies() == 0);  // the promise is made from the empty board only

  TranspositionTable tt(std::size_t{16} << 20);
  Solver<Connect4> solver(tt);
  std::set<std::uint64_t> seen;  // canonical keys met
  walkTrees(book, root, book.maxPlies(), [&](const Connect4& pos, const Book::Hit& h, bool) {
    checkEntry(pos, h, solver);
    seen.insert(Book::canonicalKey(pos));
  });
  CHECK(seen.size() >= 20);
  // --all: every unfinished position within GS_TEST_BOOK_ALL plies, whoever is to move.
  forEachPosition(root, root.plies() + GS_TEST_BOOK_ALL, [&](const Connect4& pos) {
    Book::Hit h = book.probe(pos);
    INFO("position with " << pos.plies() << " stones");
    REQUIRE(h.found);
    checkEntry(pos, h, solver);
    seen.insert(Book::canonicalKey(pos));
  });
  CHECK(seen.size() == book.size());  // nothing in the book that play cannot reach
}

TEST_CASE("Book: the shipped book is intact, covers both sides and agrees with the solver", "[book]") {
  Book book;
  std::string error;
  REQUIRE(book.load<Connect4>(GS_SHIPPED_BOOK, &error));
  INFO(error);
  REQUIRE(book.maxPlies() >= 8);
  REQUIRE(book.size() > 1000);

  // Every computer-first position in the book is a win (Connect Four is a
  // first-player win, and the book keeps it).
  int firstPositions = 0;
  walkTrees(book, Connect4{}, book.maxPlies(), [&](const Connect4&, const Book::Hit& h, bool computerFirst) {
    if (!computerFirst) return;
    ++firstPositions;
    CHECK(h.value == 1);
  });
  CHECK(firstPositions > 100);

  // Every position of the first moves, whoever is to move (games that left
  // Perfect's lines), and a sample of the deepest of them against the solver.
  // Unfinished positions with 0, 1, 2, ... stones (not mirror-folded).
  const std::vector<std::size_t> perPly = {1, 7, 49, 238, 1120, 4263, 16422, 54131, 182383};
  REQUIRE(book.completePlies() >= 9);  // every position of the first 8 moves, at least
  REQUIRE(book.completePlies() <= static_cast<int>(perPly.size()));
  std::size_t every = 0, missing = 0, deepest = 0;
  std::vector<Connect4> sample;
  forEachPosition(Connect4{}, book.completePlies() - 1, [&](const Connect4& pos) {
    ++every;
    if (!book.probe(pos).found && missing++ == 0) FAIL_CHECK("missing: a position of " << pos.plies() << " stones");
    if (pos.plies() == book.completePlies() - 1 && deepest++ % (perPly[pos.plies()] / 2) == 7) sample.push_back(pos);
  });
  CHECK(missing == 0);
  CHECK(every == std::accumulate(perPly.begin(), perPly.begin() + book.completePlies(), std::size_t{0}));
  REQUIRE(sample.size() == 2);

  // A random sample of the deeper entries on both sides against the solver
  // (the shallow ones take the solver minutes; bookgen proved them).
  TranspositionTable tt(std::size_t{64} << 20);
  Solver<Connect4> solver(tt);
  for (const Connect4& pos : sample) checkEntry(pos, book.probe(pos), solver);
  std::mt19937 rng(20261122);
  int checked = 0;
  for (int path = 0; path < 12; ++path) {
    walkTrees(
        book, Connect4{}, book.maxPlies(),
        [&](const Connect4& pos, const Book::Hit& h, bool) {
          if (pos.plies() + 2 < book.maxPlies()) return;
          checkEntry(pos, h, solver);
          ++checked;
        },
        &rng);
  }
  CHECK(checked >= 12);
}

TEST_CASE("Book: the player answers from the book, and keeps its value", "[book]") {
  Book book;
  REQUIRE(book.load<Connect4>(GS_SHIPPED_BOOK));
  TranspositionTable a(std::size_t{4} << 20), b(std::size_t{4} << 20);
  Player<Connect4> player(a, b);
  player.setBook(&book);
  SearchLimits limits;
  limits.timeMs = 50;
  SearchResult r = player.think(Connect4{}, limits);
  CHECK(r.info.source == Source::kBook);
  CHECK(r.info.verdict == 1);
  CHECK(r.bestMove == 3);  // the centre column is the only winning first move
  // A mirror image: the book's move comes back mirrored.
  Connect4 left = gs_test::fromMoves<Connect4>("1");
  Connect4 right = gs_test::fromMoves<Connect4>("7");
  SearchResult rl = player.think(left, limits), rr = player.think(right, limits);
  REQUIRE(rl.info.source == Source::kBook);
  CHECK(rl.bestMove == 6 - rr.bestMove);
  // Weaker levels do not use the book.
  limits.temperature = 40;
  limits.maxDepth = 2;
  CHECK(player.think(Connect4{}, limits).info.source == Source::kSearch);
}

TEST_CASE("Book: damaged or missing files are detected", "[book]") {
  const std::vector<unsigned char> good = readFile(GS_TEST_BOOK);
  REQUIRE(good.size() > 40);
  Book book;
  std::string error;
  REQUIRE(book.loadBytes<Connect4>(good, &error));

  auto bad = good;
  bad[good.size() / 2] ^= 0x10;  // one flipped bit inside the entries
  CHECK_FALSE(book.loadBytes<Connect4>(bad, &error));
  CHECK(error.find("checksum") != std::string::npos);
  CHECK(book.size() == 0);
  CHECK_FALSE(book.probe(Connect4{}).found);

  bad = good;
  bad.pop_back();  // truncated
  CHECK_FALSE(book.loadBytes<Connect4>(bad, &error));
  bad = good;
  bad[0] = 'X';  // not a book
  CHECK_FALSE(book.loadBytes<Connect4>(bad, &error));
  CHECK(error.find("magic") != std::string::npos);
  bad = good;
  bad[8] = 99;  // unknown version
  CHECK_FALSE(book.loadBytes<Connect4>(bad, &error));
  CHECK(error.find("unsupported book version") != std::string::npos);
  bad[8] = 2;  // the previous format (no complete-plies field)
  CHECK_FALSE(book.loadBytes<Connect4>(bad, &error));
  CHECK(error.find("older version") != std::string::npos);
  CHECK_FALSE(book.load<Connect4>(std::string(GS_TEST_BOOK) + ".missing", &error));
  CHECK(error.find("cannot open") != std::string::npos);
  // A bad payload with a correct checksum (value 2 does not exist).
  auto image = Book::serialize({(Book::canonicalKey(Connect4{}) << 8) | 3}, 1);
  CHECK_FALSE(book.loadBytes<Connect4>(image, &error));
  CHECK(error.find("entry") != std::string::npos);
  // A header that promises every position of more plies than it stores.
  image = Book::serialize({Book::entry(Connect4{}, 1, 3)}, 1, 3);
  CHECK_FALSE(book.loadBytes<Connect4>(image, &error));
  CHECK(error.find("header") != std::string::npos);
  image = Book::serialize({Book::entry(Connect4{}, 1, 3)}, 50);
  CHECK_FALSE(book.loadBytes<Connect4>(image, &error));
  CHECK(error.find("header") != std::string::npos);
}

TEST_CASE("Book: serialize and probe round trip, mirror images share an entry", "[book]") {
  Connect4 a = gs_test::fromMoves<Connect4>("1122");
  Connect4 mirror = gs_test::fromMoves<Connect4>("7766");
  Connect4 b = gs_test::fromMoves<Connect4>("4");
  auto bytes = Book::serialize({Book::entry(b, -1, 2), Book::entry(a, 1, 0)}, 4, 2);
  Book book;
  REQUIRE(book.loadBytes<Connect4>(bytes));
  CHECK(book.size() == 2);
  CHECK(book.maxPlies() == 4);
  CHECK(book.completePlies() == 2);
  Book::Hit ha = book.probe(a), hm = book.probe(mirror), hb = book.probe(b);
  CHECK((ha.found && ha.value == 1 && ha.move == 0));
  CHECK((hm.found && hm.value == 1 && hm.move == 6));
  CHECK((hb.found && hb.value == -1 && hb.move == 2));
  CHECK_FALSE(book.probe(Connect4{}).found);
  // Entries given from the mirrored side land on the same key.
  auto again = Book::serialize({Book::entry(mirror, 1, 6)}, 4);
  REQUIRE(book.loadBytes<Connect4>(again));
  CHECK(book.probe(a).move == 0);
}
