// bookgen: builds an opening book (engine/search/book.hpp) with the project's solver.
//
//   bookgen --out FILE [--depth D] [--all A] [--root MOVES] [--threads N] [--tt-mb M] [--state FILE]
//
// The book holds the positions in which the computer is to move, for both
// sides it may play, level by level from the root up to D plies after it
// (mirror images folded):
//   - at the computer's positions the solver proves the value (win, draw or
//     loss) and one move that keeps it; only that move is followed. In a lost
//     position every move loses: the move is then the heuristic search's
//     choice (fixed depth, deterministic), so the computer's replies to a
//     strong opponent still lead to book positions;
//   - at the opponent's positions every reply is followed.
// With --all A, every position of the first A plies is stored too, whoever
// is to move (games that left the trees: a person playing both sides, a
// level changed mid-game, a shared link); the header then promises every
// position with fewer than A + 1 stones (book.hpp, complete plies).
// Each thread keeps its own solver table from one position to the next
// (entries are proven bounds, valid in every position), and takes the
// positions of a level in runs of neighbours, which share most of their
// subtrees. Every solved position is appended to the state file (default
// FILE.state) at once, so a stopped run continues where it stopped when
// started again with the same arguments. Progress and an estimate of the time
// left go to stderr.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "command_line.hpp"
#include "search/book.hpp"
#include "games/connect4/connect4.hpp"
#include "core/notation.hpp"
#include "search/searcher.hpp"
#include "search/solver.hpp"
#include "core/tt.hpp"

namespace {

struct Args {
  std::string out, state, root;
  int depth = 8;
  int all = -1;  // every position up to this many plies after the root (-1: none)
  int threads = 2;
  int ttMb = 256;
  std::size_t ttBytes() const { return static_cast<std::size_t>(ttMb) << 20; }
};

[[noreturn]] void usage(const std::string& msg) { gs::cli::usageError("bookgen", msg); }

const char* kAbout = "bookgen - builds a Connect Four opening book with the project's exact solver";

const char* kFooter = R"(The book holds every position the computer can be to move in, for both sides
it may play: its value (win, draw or loss, proven by the solver) and one move
that keeps it; the opponent's every reply is followed. Mirror images are
folded. Progress and an estimate of the time left go to stderr.)";

// --root's check: moves from the empty board to a position not over.
std::string checkRoot(const std::string& moves) {
  gs::Connect4 root;
  if (!gs::parseMoves(moves, root).ok || root.lastMoverWon() || root.isFull())
    return "must be a legal unfinished position, not '" + moves + "'";
  return std::string();
}

// The command line (CLI11: each option declared once, with its check and its
// help), then the one rule between two options: --all <= --depth.
Args parse(int argc, char** argv) {
  using gs::cli::wholeNumber;
  Args a;
  CLI::App app(kAbout, "bookgen");
  gs::cli::setConventions(app);
  app.footer(kFooter);
  app.add_option("--out", a.out, "the book to write (binary format of engine/search/book.hpp)")
      ->type_name("FILE")
      ->required();
  app.add_option("--depth", a.depth, "store positions up to D plies after the root")
      ->type_name("D")
      ->transform(wholeNumber(0, 42))
      ->capture_default_str();
  app.add_option("--all", a.all,
                 "also store every position up to A plies after the root,\n"
                 "whoever is to move (for games that left the book's trees:\n"
                 "a human's moves on both sides, a level changed mid-game, a\n"
                 "shared link); A <= D")
      ->type_name("A")
      ->transform(wholeNumber(0, 42));
  app.add_option("--root", a.root, "start from this position instead of the empty board")
      ->type_name("MOVES")
      ->check(CLI::Validator(checkRoot, ""));
  app.add_option("--threads", a.threads, "positions solved in parallel")
      ->type_name("N")
      ->transform(wholeNumber(1, 64))
      ->capture_default_str();
  app.add_option("--tt-mb", a.ttMb, "solver table size per thread in MiB")
      ->type_name("M")
      ->transform(wholeNumber(1, 16384))
      ->capture_default_str();
  app.add_option("--state", a.state,
                 "resume file (default FILE.state): every solved position is\n"
                 "appended at once; run again with the same arguments to go on")
      ->type_name("FILE");
  gs::cli::parseOrExit(app, argc, argv);
  if (a.state.empty()) a.state = a.out + ".state";
  if (a.all > a.depth) usage("--all must not exceed --depth");
  return a;
}

// Tree bits: in which of the two trees a position lies.
constexpr int kComputerFirst = 1, kComputerSecond = 2;

struct Node {
  gs::Connect4 pos;
  std::string moves;
  int trees;         // tree bits (0: only in the every-position part)
  bool all = false;  // within --all plies: stored whoever is to move
  // Tree bit in which the side to move is the computer.
  int computerBit() const { return pos.plies() % 2 == 0 ? kComputerFirst : kComputerSecond; }
  bool computerToMove() const { return trees & computerBit(); }
  bool stored() const { return all || computerToMove(); }
};

struct Result {
  int value;
  int move;  // in the orientation of the canonical key
};

// Heuristic depth for the move in lost positions.
constexpr int kLostMoveDepth = 8;

class Generator {
 public:
  explicit Generator(const Args& a) : args_(a) {}

  int run() {
    gs::Connect4 root;
    gs::parseMoves(args_.root, root);  // checked by checkRoot
    loadState();
    stateOut_.open(args_.state, std::ios::app);
    if (!stateOut_) usage("cannot write " + args_.state);
    start_ = std::chrono::steady_clock::now();

    std::vector<Node> level = {{root, args_.root, kComputerFirst | kComputerSecond, args_.all >= 0}};
    for (int d = 0;; ++d) {
      solveLevel(level);
      if (d == args_.depth) break;
      std::vector<Node> next;
      std::unordered_map<std::uint64_t, std::size_t> index;
      for (const Node& n : level) expand(n, d + 1 <= args_.all, next, index);
      if (next.empty()) break;
      std::sort(next.begin(), next.end(), [](const Node& a, const Node& b) { return a.moves < b.moves; });
      level.swap(next);
    }

    std::vector<std::uint64_t> entries;  // this run's positions (the state file may hold more)
    for (std::uint64_t key : stored_) {
      const Result& r = results_.at(key);
      entries.push_back(gs::Book::entryFor(key, r.value, r.move));
    }
    // The promise of every position holds from the empty board only.
    const int complete = args_.all >= 0 && root.plies() == 0 ? args_.all + 1 : 0;
    auto bytes = gs::Book::serialize(entries, root.plies() + args_.depth, complete);
    std::ofstream out(args_.out, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) usage("cannot write " + args_.out);
    std::fprintf(stderr, "bookgen: %zu positions, %zu bytes -> %s (%.0f s this run)\n", entries.size(),
                 bytes.size(), args_.out.c_str(), secondsSince(start_));
    return 0;
  }

 private:
  // Children of `n` for the next level: the book move where the computer is
  // to move, every reply where the opponent is, and every move when the
  // next level is within --all. Finished games stop.
  void expand(const Node& n, bool allNext, std::vector<Node>& next,
              std::unordered_map<std::uint64_t, std::size_t>& index) {
    int bookMove = -1;
    if (n.computerToMove()) {
      bookMove = gs::Book::orient(n.pos, results_.at(gs::Book::canonicalKey(n.pos)).move);
    }
    for (int c = 0; c < gs::Connect4::kWidth; ++c) {
      if (!n.pos.canPlay(c)) continue;
      int trees = n.trees & ~n.computerBit();                 // the opponent's every reply
      if (c == bookMove) trees |= n.trees & n.computerBit();  // the computer's book move
      const bool all = allNext && n.all;
      if (!trees && !all) continue;
      Node ch{n.pos, n.moves + static_cast<char>('1' + c), trees, all};
      ch.pos.play(c);
      if (ch.pos.lastMoverWon() || ch.pos.isFull()) continue;
      std::uint64_t k = gs::Book::canonicalKey(ch.pos);
      auto it = index.find(k);
      if (it == index.end()) {
        index.emplace(k, next.size());
        next.push_back(ch);
      } else {
        next[it->second].trees |= trees;
        next[it->second].all |= all;
      }
    }
  }

  // Value and book move of every stored position of the level.
  void solveLevel(const std::vector<Node>& level) {
    std::vector<const Node*> todo;
    std::size_t inBook = 0;
    for (const Node& n : level) {
      if (!n.stored()) continue;
      ++inBook;
      const std::uint64_t key = gs::Book::canonicalKey(n.pos);
      stored_.insert(key);
      if (!results_.count(key)) todo.push_back(&n);
    }
    const int ply = level.front().pos.plies();
    std::fprintf(stderr, "ply %d: %zu positions, %zu for the book, %zu to solve\n", ply, level.size(), inBook,
                 todo.size());
    if (todo.empty()) return;
    while (tables_.size() < static_cast<std::size_t>(args_.threads)) {
      tables_.emplace_back(new gs::TranspositionTable(args_.ttBytes()));
      searchTables_.emplace_back(new gs::TranspositionTable(std::size_t{1} << 20));
    }
    // Runs of neighbours (sorted by move string) go to one thread.
    const std::size_t run = std::max<std::size_t>(1, std::min<std::size_t>(32, todo.size() / (8 * args_.threads)));
    std::atomic<std::size_t> nextRun{0}, done{0};
    const auto levelStart = std::chrono::steady_clock::now();
    auto work = [&](int t) {
      gs::Solver<gs::Connect4> solver(*tables_[t]);
      gs::Searcher<gs::Connect4> searcher(*searchTables_[t]);
      for (std::size_t r; (r = nextRun++) * run < todo.size();) {
        for (std::size_t i = r * run; i < std::min(todo.size(), (r + 1) * run); ++i) {
          const Node& n = *todo[i];
          Result res = solvePosition(n.pos, solver, searcher, *searchTables_[t]);
          std::uint64_t k = gs::Book::canonicalKey(n.pos);
          std::lock_guard<std::mutex> lock(mu_);
          results_[k] = res;
          stateOut_ << k << ' ' << res.value << ' ' << res.move << ' ' << (n.moves.empty() ? "-" : n.moves) << '\n' << std::flush;
          std::size_t dn = ++done;
          if (dn == todo.size() || secondsSince(lastReport_) > 2.0) {
            lastReport_ = std::chrono::steady_clock::now();
            double el = secondsSince(levelStart);
            std::fprintf(stderr, "\rply %d: %zu/%zu solved, %.0f s elapsed, about %.0f s left at this ply   ", ply,
                         dn, todo.size(), secondsSince(start_), el / dn * (todo.size() - dn));
          }
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < args_.threads; ++t) pool.emplace_back(work, t);
    for (auto& t : pool) t.join();
    std::fprintf(stderr, "\n");
  }

  static Result solvePosition(const gs::Connect4& pos, gs::Solver<gs::Connect4>& solver,
                              gs::Searcher<gs::Connect4>& searcher, gs::TranspositionTable& searchTable) {
    const int value = solver.solveSign(pos);
    int move = -1;
    if (value >= 0) {  // the first move (centre first) that keeps the value
      for (int i = 0; i < gs::Connect4::kWidth && move < 0; ++i) {
        int c = gs::centreOrder<gs::Connect4>(i);
        if (solver.moveReaches(pos, c, value)) move = c;
      }
    } else {  // lost: the heuristic's choice (from a cleared table: reproducible)
      searchTable.clear();
      gs::SearchLimits limits;
      limits.maxDepth = kLostMoveDepth;
      limits.timeMs = 0;
      move = searcher.think(pos, limits).bestMove;
    }
    return {value, gs::Book::orient(pos, move)};
  }

  void loadState() {
    std::ifstream in(args_.state);
    std::string line;
    std::size_t n = 0;
    while (std::getline(in, line)) {  // "key value move moves"; a torn last line is ignored
      unsigned long long k;
      int v, m;
      char moves[64];
      if (std::sscanf(line.c_str(), "%llu %d %d %63s", &k, &v, &m, moves) == 4 && v >= -1 && v <= 1 && m >= -1 &&
          m < gs::Connect4::kWidth) {
        results_[k] = {v, m};
        ++n;
      }
    }
    if (n) std::fprintf(stderr, "bookgen: resuming, %zu positions already solved\n", n);
  }

  static double secondsSince(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }

  Args args_;
  std::mutex mu_;
  std::unordered_map<std::uint64_t, Result> results_;  // solved, this run or before (state file)
  std::unordered_set<std::uint64_t> stored_;            // the positions of this book
  std::ofstream stateOut_;
  std::chrono::steady_clock::time_point start_, lastReport_;
  std::vector<std::unique_ptr<gs::TranspositionTable>> tables_, searchTables_;  // one per thread
};

}  // namespace

int main(int argc, char** argv) { return Generator(parse(argc, argv)).run(); }
