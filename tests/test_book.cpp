// Opening book (engine/book.hpp): the file written by bookgen (see
// tests/CMakeLists.txt) loads, its entries agree with the solver, and damaged
// files are rejected.
#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <iterator>

#include "book.hpp"
#include "connect4.hpp"
#include "solver.hpp"
#include "test_util.hpp"

using namespace gs;

namespace {
std::vector<unsigned char> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<unsigned char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
}  // namespace

TEST_CASE("Book: the generated book loads and agrees with the solver", "[book]") {
  Book book;
  std::string error;
  REQUIRE(book.load(GS_TEST_BOOK, &error));
  INFO(error);
  REQUIRE(book.size() > 20);
  const Connect4 root = gs_test::fromMoves<Connect4>(GS_TEST_BOOK_ROOT);
  CHECK(book.maxPlies() == root.plies() + 3);

  TranspositionTable tt(std::size_t{16} << 20);
  Solver<Connect4> solver(tt);
  int checked = 0;
  // Every position within 3 plies of the root that the book holds, and its
  // mirror image (which shares the entry), against a fresh solve.
  std::function<void(const Connect4&, int)> walk = [&](const Connect4& pos, int depth) {
    int s = book.probe(pos);
    if (s != Book::kNoScore) {
      tt.clear();
      CHECK(s == solver.solve(pos));
      ++checked;
    }
    if (depth == 0) return;
    for (int c = 0; c < Connect4::kWidth; ++c) {
      if (!pos.canPlay(c)) continue;
      Connect4 child = pos;
      child.play(c);
      if (!child.lastMoverWon() && !child.isFull()) walk(child, depth - 1);
    }
  };
  walk(root, 3);
  CHECK(book.probe(root) != Book::kNoScore);
  CHECK(checked >= 20);
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
  CHECK(book.probe(Connect4{}) == Book::kNoScore);

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
  CHECK_FALSE(book.load(std::string(GS_TEST_BOOK) + ".missing", &error));
  CHECK(error.find("cannot open") != std::string::npos);
}

TEST_CASE("Book: serialize and probe round trip, mirror images share an entry", "[book]") {
  Connect4 a = gs_test::fromMoves<Connect4>("1122");
  Connect4 mirror = gs_test::fromMoves<Connect4>("7766");
  Connect4 b = gs_test::fromMoves<Connect4>("4");
  auto bytes = Book::serialize({Book::entry(Book::canonicalKey(b), -2), Book::entry(Book::canonicalKey(a), 17)}, 4);
  Book book;
  REQUIRE(book.loadBytes(bytes));
  CHECK(book.size() == 2);
  CHECK(book.probe(a) == 17);
  CHECK(book.probe(mirror) == 17);
  CHECK(book.probe(b) == -2);
  CHECK(book.probe(Connect4{}) == Book::kNoScore);
}
