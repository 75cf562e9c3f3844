// Transposition table with a fixed memory budget.
//
// Layout: a power-of-two array of 32-byte buckets, each holding two 16-byte
// entries. The number of buckets is the largest power of two whose size fits
// in the budget, so the table never allocates more than it was given (minimum
// one bucket) and never grows after construction. An exact solver using the
// table adds one fixed block of 1 MiB per solver thread, its near tables
// (nearWords()).
//
// Entry: the full 64-bit position key (no false hits: keys are unique per
// position), a 16-bit score, the bound kind (exact / lower / upper), the
// remaining depth it was searched to, the best move found (0xFF = none) and a
// generation for ageing.
//
// Replacement: slot 0 keeps the deepest entry of the current generation
// ("depth-preferred"); slot 1 always takes what slot 0 refuses ("always
// replace"), so recent shallow results are still found.
//
// probe() returns the entry for the key or nullptr; the caller decides whether
// its depth and bound allow a cut-off.
//
// Memory: one block aligned to 2 MiB; on Linux the kernel is asked to back it
// with huge pages (madvise), which removes most TLB misses of a sparsely
// touched table. The exact solver reuses the same block as an array of 8-byte
// words through words()/wordCount(), plus the near block (see solver.hpp and
// solver_table.hpp): the layouts are never mixed, callers clear() the table
// when they switch from one user to the other, or for a cold start.
//
// clear() zeroes the memory only if something may have been written since the
// last clear: store(), or words()/nearWords() handed out. A user that writes
// through those pointers must therefore ask for them again after every
// clear() before writing (the solver does, before every solve that uses the
// table); then a clear() after a solve that never touched the table is free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "core/types.hpp"

namespace gs {

struct TTEntry {
  std::uint64_t key = 0;
  std::int16_t score = 0;
  Bound bound = Bound::kNone;
  std::uint8_t depth = 0;
  std::uint8_t move = 0xFF;
  std::uint8_t generation = 0;
  std::uint8_t pad[2] = {0, 0};
};
static_assert(sizeof(TTEntry) == 16, "entries are 16 bytes");

class TranspositionTable {
 public:
  static constexpr std::size_t kDefaultBytes = std::size_t{32} << 20;  // 32 MiB

  explicit TranspositionTable(std::size_t budgetBytes = kDefaultBytes) { resize(budgetBytes); }
  ~TranspositionTable() {
    std::free(table_);
    for (std::uint64_t* n : near_) std::free(n);
  }
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  void resize(std::size_t budgetBytes) {
    std::size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= budgetBytes) buckets *= 2;
    std::free(table_);
    const std::size_t bytes = buckets * sizeof(Bucket);
    const std::size_t align = bytes >= kHugePage ? kHugePage : bytes < 64 ? bytes : 64;
    table_ = static_cast<Bucket*>(std::aligned_alloc(align, bytes));
    if (!table_) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (align == kHugePage) madvise(table_, bytes, MADV_HUGEPAGE);
#endif
    size_ = buckets;
    mask_ = buckets - 1;
    dirty_ = true;  // fresh memory is not 0
    clear();
  }
  // Empties the table. Memory that is still all 0 since the last clear()
  // (nothing stored, words() and nearWords() not handed out) is not written
  // again: a clear before every solve then costs nothing when the solve did
  // not use the table (small trees), and leaves the caches as they were.
  void clear() {
    generation_ = 0;
    if (!dirty_) return;
    std::memset(static_cast<void*>(table_), 0, size_ * sizeof(Bucket));
    for (std::uint64_t* n : near_) std::memset(static_cast<void*>(n), 0, kNearWords * 8);
    dirty_ = false;
  }
  // Start of a new search: older entries become preferred victims.
  void newSearch() { ++generation_; }

  const TTEntry* probe(std::uint64_t key) const {
    const Bucket& b = table_[index(key)];
    for (const TTEntry& e : b.e)
      if (e.bound != Bound::kNone && e.key == key) return &e;
    return nullptr;
  }

  void store(std::uint64_t key, int score, Bound bound, int depth, int move) {
    dirty_ = true;
    Bucket& b = table_[index(key)];
    TTEntry entry;
    entry.key = key;
    entry.score = static_cast<std::int16_t>(score);
    entry.bound = bound;
    entry.depth = static_cast<std::uint8_t>(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    entry.move = static_cast<std::uint8_t>(move < 0 ? 0xFF : move);
    entry.generation = generation_;
    TTEntry& deep = b.e[0];
    if (deep.key == key || deep.bound == Bound::kNone || deep.generation != generation_ ||
        entry.depth >= deep.depth) {
      if (deep.key != key && deep.bound != Bound::kNone && deep.generation == generation_)
        b.e[1] = deep;  // keep the displaced entry in the always-replace slot
      if (entry.move == 0xFF && deep.key == key) entry.move = deep.move;
      deep = entry;
    } else {
      b.e[1] = entry;
    }
  }

  std::size_t bytes() const { return size_ * sizeof(Bucket); }
  std::size_t entries() const { return size_ * 2; }

  // The raw block as 8-byte words, all 0 after clear(); a power of two, at
  // least 4. The caller may write to it until the next clear(), and must ask
  // again after that before writing (asking is what tells clear() to empty it).
  void* words() {
    dirty_ = true;
    return table_;
  }
  std::size_t wordCount() const { return bytes() / 8; }

  // Small blocks of kNearWords 8-byte words for the exact solver's near
  // tables (solver.hpp), one per solver thread (`thread`: 0 for the calling
  // thread; parallel_solver.hpp gives each helper its own): each allocated
  // on its first call (all 0), never moved, cleared with the main block by
  // clear(). They are not part of the budget: 1 MiB more per thread, only
  // for a table an exact solver uses. The same rule as for words(): ask
  // again after every clear() before writing.
  static constexpr std::size_t kNearWords = std::size_t{1} << 17;
  void* nearWords(std::size_t thread = 0) {
    dirty_ = true;
    reserveNearBlocks(thread + 1);
    return near_[thread];
  }
  // Allocates the first `blocks` near blocks now (all 0: the table stays
  // clean), so that nearWords(i) for i < blocks never allocates later.
  // They are kept until the table is destroyed.
  void reserveNearBlocks(std::size_t blocks) {
    while (near_.size() < blocks) {
      auto* n = static_cast<std::uint64_t*>(std::calloc(kNearWords, 8));
      if (!n) throw std::bad_alloc();
      near_.push_back(n);
    }
  }

 private:
  struct Bucket {
    TTEntry e[2];
  };
  static_assert(sizeof(Bucket) == 32, "buckets are 32 bytes");

  std::size_t index(std::uint64_t key) const {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    return static_cast<std::size_t>(key) & mask_;
  }

  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  Bucket* table_ = nullptr;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
  std::uint8_t generation_ = 0;
  std::vector<std::uint64_t*> near_;  // nearWords(i) is near_[i]
  bool dirty_ = true;  // something may be non-zero
};

}  // namespace gs
