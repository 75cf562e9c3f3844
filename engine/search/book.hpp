// Opening book: the game values (win/draw/loss) and a value-keeping move of
// the positions the computer can meet early in the game, made by
// tools/bookgen from the project's own solver: every position of the first
// plies (whoever is to move), and beyond them the positions of the
// computer's own games to the deepest ply. The shipped book is Connect
// Four's (Connect4::kBookFile). The file does not name its game: the caller
// says which game a book is for when it loads it (load<Game>), and the game
// needs the mirror capability (core/game.hpp).
//
// File layout (all integers little endian):
//
//   offset  size        field
//   0       8           magic "GSBOOK\0\0"
//   8       4           version (kVersion)
//   12      4           deepest ply stored
//   16      4           complete plies c: every unfinished position with
//                       fewer than c stones is in the book (0: no such promise)
//   20      8           number of entries n
//   28      8 * n       entries, strictly increasing
//   28+8n   8           checksum: FNV-1a 64 of every byte before it
//
// Entry: (canonical key << 8) | payload. The canonical key is
// min(key, mirrorKey), so a position and its mirror image share one entry.
// payload = (value + 1) | ((move + 1) << 2): value is 1 (the side to move
// wins), 0 (draw) or -1 (loss), proven by the solver; move (0-based move
// slot, in the orientation of the canonical key) keeps that value, or -1 for none.
// In a lost position every move loses; the book's move is then the one the
// heuristic search prefers, so that the computer's play, and the positions
// it leads to, stay inside the book. Entries are sorted by key, and probe()
// is a binary search.
//
// load() rejects a missing file, a wrong magic or version, a size that does
// not match n, a bad checksum, a complete-plies field beyond the deepest
// ply, entries out of order and bad payloads, and says why. (Version 2 had
// no complete-plies field; such files are refused as an older version.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace gs {

class Book {
 public:
  static constexpr std::uint32_t kVersion = 3;
  static constexpr std::size_t kHeaderBytes = 28;
  static constexpr char kMagic[8] = {'G', 'S', 'B', 'O', 'O', 'K', 0, 0};

  template <class Game>
  static std::uint64_t canonicalKey(const Game& pos) {
    static_assert(hasMirror<Game>, "a book needs the game's mirror capability (core/game.hpp)");
    return std::min(pos.key(), pos.mirrorKey());
  }
  // A move turned between the orientation of `pos` and that of its canonical
  // key (mirroring is its own inverse, so one function serves both ways).
  template <class Game>
  static int orient(const Game& pos, int move) {
    return move >= 0 && canonicalKey(pos) != pos.key() ? Game::mirrorMove(move) : move;
  }
  // `move` is in the orientation of `pos`; stored turned to the canonical one.
  template <class Game>
  static std::uint64_t entry(const Game& pos, int value, int move) {
    return entryFor(canonicalKey(pos), value, orient(pos, move));
  }
  static std::uint64_t entryFor(std::uint64_t canonical, int value, int move) {
    return (canonical << 8) | static_cast<std::uint64_t>((value + 1) | ((move + 1) << 2));
  }

  // Builds the file image from entries in any order. `completePlies`: every
  // position with fewer stones is among the entries (0: no such promise).
  static std::vector<unsigned char> serialize(std::vector<std::uint64_t> entries, int maxPlies,
                                              int completePlies = 0) {
    std::sort(entries.begin(), entries.end());
    entries.erase(std::unique(entries.begin(), entries.end(),
                              [](std::uint64_t a, std::uint64_t b) { return a >> 8 == b >> 8; }),
                  entries.end());  // one entry per position
    std::vector<unsigned char> out(kMagic, kMagic + 8);
    putLe(out, kVersion, 4);
    putLe(out, static_cast<std::uint64_t>(maxPlies), 4);
    putLe(out, static_cast<std::uint64_t>(completePlies), 4);
    putLe(out, entries.size(), 8);
    for (std::uint64_t e : entries) putLe(out, e, 8);
    putLe(out, fnv1a(out.data(), out.size()), 8);
    return out;
  }

  // Replaces the book with the image `bytes` of a book for `Game`; on
  // failure the book is empty and `error` says why.
  template <class Game>
  bool loadBytes(const std::vector<unsigned char>& bytes, std::string* error = nullptr) {
    entries_.clear();
    maxPlies_ = completePlies_ = 0;
    auto fail = [&](const char* why) {
      if (error) *error = why;
      entries_.clear();
      return false;
    };
    constexpr std::size_t h = kHeaderBytes;
    if (bytes.size() < 12) return fail("book too short");
    if (!std::equal(kMagic, kMagic + 8, bytes.begin())) return fail("not a book file (bad magic)");
    const std::uint64_t version = getLe(bytes, 8, 4);
    if (version < kVersion) return fail("book of an older version (regenerate it with bookgen)");
    if (version != kVersion) return fail("unsupported book version");
    if (bytes.size() < h + 8) return fail("book too short");
    const std::uint64_t n = getLe(bytes, 20, 8);
    if (n > (bytes.size() - h - 8) / 8 || bytes.size() != h + 8 + 8 * n) return fail("book size does not match its header");
    if (getLe(bytes, h + 8 * n, 8) != fnv1a(bytes.data(), h + 8 * n)) return fail("book checksum mismatch (corrupt file)");
    const std::uint64_t maxPlies = getLe(bytes, 12, 4), complete = getLe(bytes, 16, 4);
    if (maxPlies > static_cast<std::uint64_t>(Game::kMaxPlies) || complete > maxPlies + 1)
      return fail("bad book header (plies)");
    entries_.resize(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      entries_[i] = getLe(bytes, h + 8 * i, 8);
      if (i && entries_[i] >> 8 <= entries_[i - 1] >> 8) return fail("book entries out of order");
      const unsigned payload = static_cast<unsigned>(entries_[i] & 0xFF);
      if ((payload & 3) == 3 || (payload >> 2) > Game::kMoveSlots) return fail("bad book entry");
    }
    maxPlies_ = static_cast<int>(maxPlies);
    completePlies_ = static_cast<int>(complete);
    return true;
  }

  template <class Game>
  bool load(const std::string& path, std::string* error = nullptr) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      entries_.clear();
      if (error) *error = "cannot open book " + path;
      return false;
    }
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return loadBytes<Game>(bytes, error);
  }

  struct Hit {
    bool found = false;
    int value = 0;  // 1 win, 0 draw, -1 loss for the side to move
    int move = -1;  // a move that keeps the value (0-based), -1 none
  };

  // The book's entry for `pos` (or its mirror image), with the move turned
  // to the orientation of `pos`. `Game` is the game the book was loaded for.
  template <class Game>
  Hit probe(const Game& pos) const {
    Hit h;
    const std::uint64_t canonical = canonicalKey(pos);
    const std::uint64_t lowest = canonical << 8;
    auto it = std::lower_bound(entries_.begin(), entries_.end(), lowest);
    if (it == entries_.end() || (*it >> 8) != canonical) return h;
    const unsigned payload = static_cast<unsigned>(*it & 0xFF);
    h.found = true;
    h.value = static_cast<int>(payload & 3) - 1;
    h.move = orient(pos, static_cast<int>(payload >> 2) - 1);
    return h;
  }

  std::size_t size() const { return entries_.size(); }
  int maxPlies() const { return maxPlies_; }
  // Every unfinished position with fewer stones is in the book (0: none).
  int completePlies() const { return completePlies_; }
  const std::vector<std::uint64_t>& entries() const { return entries_; }

  static std::uint64_t fnv1a(const unsigned char* p, std::size_t n) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
  }

 private:
  static void putLe(std::vector<unsigned char>& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
  }
  static std::uint64_t getLe(const std::vector<unsigned char>& in, std::size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(in[at + i]) << (8 * i);
    return v;
  }

  std::vector<std::uint64_t> entries_;
  int maxPlies_ = 0;
  int completePlies_ = 0;
};

}  // namespace gs
