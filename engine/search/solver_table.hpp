// Compact table of the exact solver: 8-byte entries over the memory of a
// TranspositionTable (tt.hpp: words() or nearWords()), so `tt.clear()` clears
// it too, as long as the memory is asked for again after every clear() before
// writing (tt.hpp; the solver's attachTables() does).
//
// Keys are below 2^49 (kKeyBits; Connect Four 7x6 keys are, Tic-Tac-Toe keys
// are below 2^18), or for a game sized at run time (core/game.hpp,
// capability g) below 2^keyBits() with keyBits() = max(49, the game's
// keyBits()): up to 64 on the Connect Four boards of W * (H + 1) = 64 cells
// and sentinels. A key is first mixed: h = key * kMix mod 2^49 (2^keyBits()),
// a bijection of the 49-bit numbers (kMix is odd). The top `bits` bits of h pick the pair of
// words (2^bits pairs), and an entry keeps only the other 49 - bits bits of h:
// the pair and the stored bits give back h, hence the key, so a hit is never
// a false hit, and the table's size pays for the work field.
//
// Entry (one 64-bit word, 0 = empty), for a table of 2^bits pairs:
//
//   63       69-bits 68-bits          20 19   15 14  12 11     6 5      0
//   +-----------+------------------------+-------+------+--------+--------+
//   |  unused   | low 49-bits bits of h  | work  | move |lower+32|upper+32|
//   +-----------+------------------------+-------+------+--------+--------+
//
// (bits >= 5: a table has at least kMinWords = 64 words; with keyBits() >
// 49, at least minWords() = 2 << (keyBits() - 44) words, 16 MiB for 64-bit
// keys: a smaller table of such a game is switched off, it finds and keeps
// nothing.)
//
// - work: how much search the entry cost, log2 of the nodes its search
//   visited, rounded up (1 = one node, 31 = 2^30 nodes or more).
// - move: best or refuting move + 1 (1..7), 0 = none. Only games with at most
//   7 move slots store moves.
// - lower, upper: proven bounds on the exact score, lower <= score <= upper;
//   an exact score has lower == upper. Scores lie in [-32, 31]; the fields are
//   never both 0 (a stored lower bound is > -32), so a stored entry is never 0.
//
// Placement: two-way set associative. Both words of a pair share a cache
// line; an entry for the same key is updated in place (both bounds merged,
// the larger work kept), otherwise it goes into slot 0 if it cost at least as
// much as slot 0's entry (which moves to slot 1), else into slot 1: slot 0
// keeps the most expensive entry it has seen, slot 1 the most recent.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>

#include "core/game.hpp"

namespace gs {

struct SolverEntry {
  int lower;
  int upper;
  int move;  // -1 = none
};

template <class Game>
class SolverTable {
 public:
  static constexpr int kScoreOffset = 32;
  static constexpr int kKeyBits = 49;
  static constexpr std::uint64_t kMaxKey = std::uint64_t{1} << kKeyBits;
  static constexpr int kWorkShift = 15;
  static constexpr int kMaxWork = 31;
  static constexpr int kKeyShift = 20;  // the stored bits of h
  // The smallest table: the stored bits of h must fit above the work field.
  static constexpr std::size_t kMinWords = std::size_t{2} << (kKeyBits + kKeyShift - 64);
  // The move field holds 0..7: games with more move slots store no moves.
  static constexpr bool kStoresMoves = Game::kMoveSlots <= 7;
  static_assert(Game::kWinBase <= kScoreOffset - 1, "exact scores fit the entry's 6-bit fields: kWinBase <= 31");
  static constexpr bool kRuntimeKeys = hasRuntimeSize<Game>;

  // The key bits and the smallest table: the constants above, or for a game
  // sized at run time its board's.
  static int keyBits() {
    if constexpr (kRuntimeKeys) return Game::keyBits() > kKeyBits ? Game::keyBits() : kKeyBits;
    else return kKeyBits;
  }
  static std::size_t minWords() {
    if constexpr (kRuntimeKeys) return std::size_t{2} << (keyBits() + kKeyShift - 64);
    else return kMinWords;
  }

  // `words` 8-byte words at `mem`, a power of two >= minWords(), all 0 when
  // empty. (A game sized at run time may give fewer: the table is then off.)
  SolverTable(void* mem, std::size_t words) : mem_(static_cast<unsigned char*>(mem)) {
    if constexpr (kRuntimeKeys) {
      if (words < minWords()) mem_ = nullptr, words = minWords();
    }
    assert(words >= minWords() && (words & (words - 1)) == 0);
    int bits = 0;
    while ((std::size_t{2} << bits) < words) ++bits;  // number of pairs = 2^bits
    indexShift_ = keyBits() - bits;
    low_ = (std::uint64_t{1} << indexShift_) - 1;
  }

  // Precondition: key < 2^keyBits().
  bool probe(std::uint64_t key, SolverEntry& out) const {
    if constexpr (kRuntimeKeys) {
      if (!mem_) return false;
    }
    assert(key <= keyMask());
    const std::uint64_t h = mix(key);
    const std::size_t i = pairIndex(h);
    const std::uint64_t stored = h & low_;
    std::uint64_t w = load(i);
    if ((w >> kKeyShift) != stored || w == 0) {
      w = load(i + 1);
      if ((w >> kKeyShift) != stored || w == 0) return false;
    }
    out.upper = static_cast<int>(w & 63) - kScoreOffset;
    out.lower = static_cast<int>((w >> 6) & 63) - kScoreOffset;
    out.move = static_cast<int>((w >> 12) & 7) - 1;
    return true;
  }

  // The mixed key h (the header comment).
  static std::uint64_t mix(std::uint64_t key) {
    if constexpr (kRuntimeKeys) return (key * (kMix64 & keyMask())) & keyMask();
    else return (key * kMix) & (kMaxKey - 1);
  }

  void prefetch(std::uint64_t key) const {
    if constexpr (kRuntimeKeys) {
      if (!mem_) return;
    }
    __builtin_prefetch(mem_ + pairIndex(mix(key)) * 8);
  }

  // The work field for a search that visited `nodes` nodes (>= 1).
  static int workOf(std::uint64_t nodes) {
    const int w = 64 - __builtin_clzll(nodes | 1);
    return w < kMaxWork ? w : kMaxWork;
  }

  // Records lower <= score <= upper for `key` (merged with what is known),
  // `move` = -1 keeps the stored move. `work` = workOf(the search's nodes).
  void store(std::uint64_t key, int lower, int upper, int move, int work) {
    if constexpr (kRuntimeKeys) {
      if (!mem_) return;
    }
    assert(key <= keyMask() && lower <= upper && work >= 0 && work <= kMaxWork);
    const std::uint64_t h = mix(key);
    const std::size_t i = pairIndex(h);
    const std::uint64_t stored = h & low_;
    std::uint64_t w0 = load(i), w1 = load(i + 1);
    std::size_t slot;
    std::uint64_t old = 0;
    if (w0 != 0 && (w0 >> kKeyShift) == stored) {
      slot = i, old = w0;
    } else if (w1 != 0 && (w1 >> kKeyShift) == stored) {
      slot = i + 1, old = w1;
    } else if (w0 == 0 || work >= workOfEntry(w0)) {
      // Slot 0 keeps the more expensive entry, what it displaces goes to slot 1.
      slot = i;
      if (w0 != 0) save(i + 1, w0);
    } else {
      slot = i + 1;
    }
    if (old) {
      int ou = static_cast<int>(old & 63) - kScoreOffset;
      int ol = static_cast<int>((old >> 6) & 63) - kScoreOffset;
      if (ol > lower) lower = ol;
      if (ou < upper) upper = ou;
      if (move < 0) move = static_cast<int>((old >> 12) & 7) - 1;
      if (lower > upper) lower = upper;  // cannot happen with exact bounds
      if (workOfEntry(old) > work) work = workOfEntry(old);
    }
    std::uint64_t w = (stored << kKeyShift) | (static_cast<std::uint64_t>(work) << kWorkShift) |
                      (static_cast<std::uint64_t>(move + 1) << 12) |
                      (static_cast<std::uint64_t>(lower + kScoreOffset) << 6) |
                      static_cast<std::uint64_t>(upper + kScoreOffset);
    save(slot, w);
  }

 private:
  static constexpr std::uint64_t kMix64 = 0x9E3779B97F4A7C15ULL;
  static constexpr std::uint64_t kMix = kMix64 & (kMaxKey - 1);
  static std::uint64_t keyMask() { return keyBits() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << keyBits()) - 1; }
  static_assert(kMix & 1, "the mix must be odd to be a bijection");
  static int workOfEntry(std::uint64_t w) { return static_cast<int>((w >> kWorkShift) & 31); }
  std::size_t pairIndex(std::uint64_t h) const { return static_cast<std::size_t>(h >> indexShift_) * 2; }
  // Each word is read and written whole, as a relaxed atomic (a plain move on
  // x86-64 and in single-threaded wasm): threads sharing the table
  // (ParallelSolver) never see a torn entry, and since a word and its pair
  // give back the whole key, a word read is either the key's own entry or
  // ignored. A store
  // racing with another store of the same pair may lose one of them or leave
  // the key in both slots; every word written holds proven bounds, so the
  // table stays sound (it only forgets).
  // (may_alias: the main block is the TranspositionTable's buckets.)
  using Word = std::uint64_t __attribute__((may_alias));
  std::uint64_t load(std::size_t i) const {
    return __atomic_load_n(reinterpret_cast<const Word*>(mem_) + i, __ATOMIC_RELAXED);
  }
  void save(std::size_t i, std::uint64_t w) { __atomic_store_n(reinterpret_cast<Word*>(mem_) + i, w, __ATOMIC_RELAXED); }

  unsigned char* mem_;
  int indexShift_;
  std::uint64_t low_;
};

}  // namespace gs
