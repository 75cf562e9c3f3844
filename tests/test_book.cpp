// Opening book (engine/book.hpp): the file written by bookgen (see
// tests/CMakeLists.txt) and the book shipped in the site (web/book.bin) load,
// their entries agree with the solver, they cover both sides of the game, and
// damaged files are rejected.
#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <iterator>
#include <random>

#include "book.hpp"
#include "connect4.hpp"
#include "player.hpp"
#include "solver.hpp"
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
    if (pos.canWinNext()) return;  // the opponent wins here: nothing more to cover
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
}  // namespace

TEST_CASE("Book: the generated book covers both sides and agrees with the solver", "[book]") {
  Book book;
  std::string error;
  REQUIRE(book.load(GS_TEST_BOOK, &error));
  INFO(error);
  const Connect4 root = gs_test::fromMoves<Connect4>(GS_TEST_BOOK_ROOT);
  CHECK(book.maxPlies() == root.plies() + 3);

  TranspositionTable tt(std::size_t{16} << 20);
  Solver<Connect4> solver(tt);
  int checked = 0;
  walkTrees(book, root, book.maxPlies(), [&](const Connect4& pos, const Book::Hit& h, bool) {
    checkEntry(pos, h, solver);
    ++checked;
  });
  CHECK(checked >= 20);
  CHECK(static_cast<std::size_t>(checked) >= book.size());  // nothing in the book that play cannot reach
}

TEST_CASE("Book: the shipped book is intact, covers both sides and agrees with the solver", "[book]") {
  Book book;
  std::string error;
  REQUIRE(book.load(GS_SHIPPED_BOOK, &error));
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

  // A random sample of the deeper entries on both sides against the solver
  // (the shallow ones take the solver minutes; bookgen proved them).
  TranspositionTable tt(std::size_t{64} << 20);
  Solver<Connect4> solver(tt);
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
  REQUIRE(book.load(GS_SHIPPED_BOOK));
  TranspositionTable a(std::size_t{4} << 20), b(std::size_t{4} << 20);
  Player<Connect4> player(a, b);
  player.setBook(&book);
  SearchLimits limits;
  limits.timeMs = 50;
  SearchResult r = player.think(Connect4{}, limits);
  CHECK(r.info.source == "book");
  CHECK(r.info.outcome == 1);
  CHECK(r.bestMove == 3);  // the centre column is the only winning first move
  // A mirror image: the book's move comes back mirrored.
  Connect4 left = gs_test::fromMoves<Connect4>("1");
  Connect4 right = gs_test::fromMoves<Connect4>("7");
  SearchResult rl = player.think(left, limits), rr = player.think(right, limits);
  REQUIRE(rl.info.source == "book");
  CHECK(rl.bestMove == 6 - rr.bestMove);
  // Weaker levels do not use the book.
  limits.temperature = 40;
  limits.maxDepth = 2;
  CHECK(player.think(Connect4{}, limits).info.source == "search");
}

TEST_CASE("Book: damaged or missing files are detected", "[book]") {
  const std::vector<unsigned char> good = readFile(GS_TEST_BOOK);
  REQUIRE(good.size() > 40);
  Book book;
  std::string error;
  REQUIRE(book.loadBytes(good, &error));

  auto bad = good;
  bad[good.size() / 2] ^= 0x10;  // one flipped bit inside the entries
  CHECK_FALSE(book.loadBytes(bad, &error));
  CHECK(error.find("checksum") != std::string::npos);
  CHECK(book.size() == 0);
  CHECK_FALSE(book.probe(Connect4{}).found);

  bad = good;
  bad.pop_back();  // truncated
  CHECK_FALSE(book.loadBytes(bad, &error));
  bad = good;
  bad[0] = 'X';  // not a book
  CHECK_FALSE(book.loadBytes(bad, &error));
  CHECK(error.find("magic") != std::string::npos);
  bad = good;
  bad[8] = 99;  // unknown version
  CHECK_FALSE(book.loadBytes(bad, &error));
  CHECK(error.find("version") != std::string::npos);
  CHECK_FALSE(book.load(std::string(GS_TEST_BOOK) + ".missing", &error));
  CHECK(error.find("cannot open") != std::string::npos);
  // A bad payload with a correct checksum (value 2 does not exist).
  auto image = Book::serialize({(Book::canonicalKey(Connect4{}) << 8) | 3}, 1);
  CHECK_FALSE(book.loadBytes(image, &error));
  CHECK(error.find("entry") != std::string::npos);
}

TEST_CASE("Book: serialize and probe round trip, mirror images share an entry", "[book]") {
  Connect4 a = gs_test::fromMoves<Connect4>("1122");
  Connect4 mirror = gs_test::fromMoves<Connect4>("7766");
  Connect4 b = gs_test::fromMoves<Connect4>("4");
  auto bytes = Book::serialize({Book::entry(b, -1, 2), Book::entry(a, 1, 0)}, 4);
  Book book;
  REQUIRE(book.loadBytes(bytes));
  CHECK(book.size() == 2);
  CHECK(book.maxPlies() == 4);
  Book::Hit ha = book.probe(a), hm = book.probe(mirror), hb = book.probe(b);
  CHECK((ha.found && ha.value == 1 && ha.move == 0));
  CHECK((hm.found && hm.value == 1 && hm.move == 6));
  CHECK((hb.found && hb.value == -1 && hb.move == 2));
  CHECK_FALSE(book.probe(Connect4{}).found);
  // Entries given from the mirrored side land on the same key.
  auto again = Book::serialize({Book::entry(mirror, 1, 6)}, 4);
  REQUIRE(book.loadBytes(again));
  CHECK(book.probe(a).move == 0);
}
