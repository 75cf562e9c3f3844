// Compact table of the exact solver: 8-byte entries over the memory of a
// TranspositionTable (tt.hpp: words() or nearWords()), so `tt.clear()` clears
// it too, as long as the memory is asked for again after every clear() before
// writing (tt.hpp; the solver's attachTables() does).
//
// Entry (one 64-bit word, 0 = empty):
//
//   63                        15 14   12 11      6 5       0
//   +---------------------------+-------+---------+---------+
//   |   key (49 bits, < 2^49)   | move  | lower+32| upper+32|
//   +---------------------------+-------+---------+---------+
//
// - key: the full position key (Connect Four keys are below 2^49, Tic-Tac-Toe
//   keys below 2^18), so a hit is never a false hit.
// - move: best or refuting move + 1 (1..7), 0 = none. Only games with at most
//   7 move slots store moves.
// - lower, upper: proven bounds on the exact score, lower <= score <= upper;
//   an exact score has lower == upper. Scores lie in [-32, 31]; the fields are
//   never both 0 (a stored lower bound is > -32), so a stored entry is never 0.
//
// Placement: two-way set associative. The key is hashed to a pair of words in
// the same cache line; an entry for the same key is updated in place (both
// bounds merged), otherwise it goes into the slot holding the position with
// fewer stones (the cheaper one to recompute) — see store().
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>

namespace gs {

struct SolverEntry {
  int lower;
  int upper;
  int move;  // -1 = none
};

// Game::stonesOfKey(key) gives the number of stones of the position with that key.
template <class Game>
class SolverTable {
 public:
  static constexpr int kScoreOffset = 32;
  static constexpr int kKeyShift = 15;
  static constexpr std::uint64_t kMaxKey = std::uint64_t{1} << (64 - kKeyShift);
  // The move field holds 0..7: games with more move slots store no moves.
  static constexpr bool kStoresMoves = Game::kMoveSlots <= 7;

  // `words` 8-byte words at `mem`, a power of two >= 4 (two pairs: the index
  // shift stays below 64), all 0 when empty.
  SolverTable(void* mem, std::size_t words) : mem_(static_cast<unsigned char*>(mem)) {
    assert(words >= 4 && (words & (words - 1)) == 0);
    int bits = 0;
    while ((std::size_t{2} << bits) < words) ++bits;  // number of pairs = 2^bits
    shift_ = 64 - bits;
  }

  // Precondition: key < kMaxKey.
  bool probe(std::uint64_t key, SolverEntry& out) const {
    assert(key < kMaxKey);
    const std::size_t i = pairIndex(key);
    std::uint64_t w = load(i);
    if ((w >> kKeyShift) != key || w == 0) {
      w = load(i + 1);
      if ((w >> kKeyShift) != key || w == 0) return false;
    }
    out.upper = static_cast<int>(w & 63) - kScoreOffset;
    out.lower = static_cast<int>((w >> 6) & 63) - kScoreOffset;
    out.move = static_cast<int>((w >> 12) & 7) - 1;
    return true;
  }

  void prefetch(std::uint64_t key) const { __builtin_prefetch(mem_ + pairIndex(key) * 8); }

  // Records lower <= score <= upper for `key` (merged with what is known),
  // `move` = -1 keeps the stored move. `stones` = stones on the board.
  void store(std::uint64_t key, int lower, int upper, int move, int stones) {
    assert(key < kMaxKey && lower <= upper);
    const std::size_t i = pairIndex(key);
    std::uint64_t w0 = load(i), w1 = load(i + 1);
    std::size_t slot;
    std::uint64_t old = 0;
    if (w0 != 0 && (w0 >> kKeyShift) == key) {
      slot = i, old = w0;
    } else if (w1 != 0 && (w1 >> kKeyShift) == key) {
      slot = i + 1, old = w1;
    } else if (w0 == 0 || stones <= Game::stonesOfKey(w0 >> kKeyShift)) {
      // Slot 0 keeps the entry nearest the root, what it displaces goes to slot 1.
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
    }
    std::uint64_t w = (key << kKeyShift) | (static_cast<std::uint64_t>(move + 1) << 12) |
                      (static_cast<std::uint64_t>(lower + kScoreOffset) << 6) |
                      static_cast<std::uint64_t>(upper + kScoreOffset);
    save(slot, w);
  }

 private:
  std::size_t pairIndex(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_) * 2;
  }
  // Each word is read and written whole, as a relaxed atomic (a plain move on
  // x86-64 and in single-threaded wasm): threads sharing the table
  // (ParallelSolver) never see a torn entry, and since an entry holds its
  // whole key, a word read is either the key's own entry or ignored. A store
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
  int shift_;
};

}  // namespace gs
