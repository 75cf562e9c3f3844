// libFuzzer target: the opening-book loader (the file the worker downloads).
// Mode 0: the input is the file image as it is: loading never crashes, and a
// rejected image leaves an empty book with a reason (the corpus is seeded
// with valid images, mode byte 0, to mutate from). Mode 1: the input's
// words become entries of a well-formed image (right header and checksum):
// it must load, and then flipping any single byte must be detected.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "search/book.hpp"
#include "games/connect4/connect4.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  gs::Book book;
  std::string why;
  if (data[0] % 2 == 0) {
    std::vector<unsigned char> bytes(data + 1, data + size);
    bool ok = book.loadBytes<gs::Connect4>(bytes, &why);
    if (!ok && (why.empty() || book.size() != 0)) __builtin_trap();
    gs::Connect4 empty;
    book.probe(empty);
    return 0;
  }
  std::vector<std::uint64_t> entries;
  for (std::size_t i = 1; i + 8 <= size && entries.size() < 4096; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, data + i, 8);
    w = (w & ~std::uint64_t{0xFF}) | (w & 3) % 3 | ((w >> 2 & 7) % 8) << 2;  // a valid payload
    entries.push_back(w);
  }
  std::vector<unsigned char> image = gs::Book::serialize(entries, 8, data[0] / 2 % 10);
  if (!book.loadBytes<gs::Connect4>(image, &why)) __builtin_trap();
  std::size_t at = data[size - 1] % image.size();
  image[at] ^= static_cast<unsigned char>(1 + data[0] / 2 % 255);
  if (book.loadBytes<gs::Connect4>(image, &why)) __builtin_trap();  // any single-byte change is caught
  return 0;
}
