// bookgen: builds an opening book (engine/book.hpp) with the project's solver.
//
//   bookgen --out FILE [--depth D] [--root MOVES] [--threads N] [--tt-mb M] [--state FILE]
//
// Positions, level by level from the root (mirror images folded):
//   - for each side the computer may play, the computer's positions keep one
//     proven-best move (all its children are solved to choose it, and stored),
//     the opponent's positions keep every reply;
//   - every stored position is at most D plies after the root.
// Each level is solved by N threads (one table each, cleared per position).
// Every solved position is appended to the state file (default FILE.state) at
// once, so a stopped run continues where it stopped when started again with
// the same arguments. Progress and an estimate of the time left go to stderr.
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
#include <vector>

#include "book.hpp"
#include "connect4.hpp"
#include "notation.hpp"
#include "solver.hpp"
#include "tt.hpp"

namespace {

struct Args {
  std::string out, state, root;
  int depth = 8;
  int threads = 2;
  std::size_t ttBytes = std::size_t{64} << 20;
};

[[noreturn]] void usage(const std::string& msg) {
  std::cerr << "bookgen: " << msg
            << "\nusage: bookgen --out FILE [--depth D] [--root MOVES] [--threads N] [--tt-mb M] [--state FILE]\n";
  std::exit(2);
}

const char* kHelp = R"(bookgen - builds a Connect Four opening book with the project's exact solver

usage: bookgen --out FILE [--depth D] [--root MOVES] [--threads N] [--tt-mb M] [--state FILE]

  --out FILE     the book to write (binary format of engine/book.hpp)
  --depth D      store positions up to D plies after the root (default 8)
  --root MOVES   start from this position instead of the empty board
  --threads N    positions solved in parallel (default 2)
  --tt-mb M      table size per thread in MiB (default 64)
  --state FILE   resume file (default FILE.state): every solved position is
                 appended at once; run again with the same arguments to go on

For each side the computer may play, its positions keep one proven-best move
and the opponent's positions keep every reply; mirror images are folded.
Progress and an estimate of the time left go to stderr.
)";

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    if (k == "--help" || k == "-h") {
      std::cout << kHelp;
      std::exit(0);
    }
    if (i + 1 >= argc) usage("missing value for " + k);
    std::string v = argv[++i];
    if (k == "--out") a.out = v;
    else if (k == "--state") a.state = v;
    else if (k == "--root") a.root = v;
    else if (k == "--depth") a.depth = std::atoi(v.c_str());
    else if (k == "--threads") a.threads = std::max(1, std::atoi(v.c_str()));
    else if (k == "--tt-mb") a.ttBytes = std::size_t(std::max(1, std::atoi(v.c_str()))) << 20;
    else usage("unknown option " + k);
  }
  if (a.out.empty()) usage("--out is required");
  if (a.depth < 0 || a.depth > 42) usage("--depth must be 0..42");
  if (a.state.empty()) a.state = a.out + ".state";
  return a;
}

struct Node {
  gs::Connect4 pos;
  std::string moves;
  int trees;
};

class Generator {
 public:
  explicit Generator(const Args& a) : args_(a) {}

  int run() {
    loadState();
    stateOut_.open(args_.state, std::ios::app);
    if (!stateOut_) usage("cannot write " + args_.state);
    gs::Connect4 root;
    if (!gs::parseMoves(args_.root, root).ok || root.lastMoverWon() || root.isFull())
      usage("--root must be a legal unfinished position");
    start_ = std::chrono::steady_clock::now();

    // Level by level from the root, both computer sides at once.
    std::vector<Node> level = {{root, args_.root, 3}};
    for (int d = 0;; ++d) {
      solveAll(level, root.plies() + d);
      if (d == args_.depth) break;
      std::vector<Node> next;
      std::unordered_map<std::uint64_t, std::size_t> index;
      for (const Node& n : level) expand(n, next, index);
      if (next.empty()) break;
      level.swap(next);
      std::cerr << "\nlevel " << root.plies() + d + 1 << ": " << level.size() << " positions\n";
    }
    std::cerr << "\n";

    std::vector<std::uint64_t> entries;
    for (auto& [key, score] : scores_) entries.push_back(gs::Book::entry(key, score));
    auto bytes = gs::Book::serialize(entries, root.plies() + args_.depth);
    std::ofstream out(args_.out, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) usage("cannot write " + args_.out);
    std::cerr << "bookgen: " << entries.size() << " positions, " << bytes.size() << " bytes -> " << args_.out
              << " (" << secondsSince(start_) << " s)\n";
    return 0;
  }

 private:
  // Children of `n` for the next level. n.trees says for which computer
  // side (bit 0: the computer plays first, bit 1: second) `n` is reachable;
  // in a tree where the side to move is the computer only the best child is
  // kept (all children are solved to find it), otherwise every child.
  void expand(const Node& n, std::vector<Node>& next, std::unordered_map<std::uint64_t, std::size_t>& index) {
    if (n.pos.canWinNext()) return;  // the game ends here with best play
    std::vector<Node> children;
    for (int c = 0; c < gs::Connect4::kWidth; ++c) {
      if (!n.pos.canPlay(c)) continue;
      Node ch{n.pos, n.moves + static_cast<char>('1' + c), 0};
      ch.pos.play(c);
      if (ch.pos.lastMoverWon() || ch.pos.isFull()) continue;
      children.push_back(ch);
    }
    const int mover = n.pos.plies() % 2 == 0 ? 1 : 2;  // tree bit in which the mover is the computer
    int best = -1;
    if (n.trees & mover) {
      solveAll(children, n.pos.plies() + 1, /*quiet=*/true);
      for (std::size_t i = 0; i < children.size(); ++i)  // lowest score for the opponent
        if (best < 0 || score(children[i].pos) < score(children[best].pos)) best = static_cast<int>(i);
    }
    for (std::size_t i = 0; i < children.size(); ++i) {
      int trees = n.trees & ~mover;                               // opponent to move: every reply
      if (static_cast<int>(i) == best) trees |= n.trees & mover;  // computer to move: the best move
      if (!trees) continue;
      children[i].trees = trees;
      std::uint64_t k = gs::Book::canonicalKey(children[i].pos);
      auto it = index.find(k);
      if (it == index.end()) {
        index.emplace(k, next.size());
        next.push_back(children[i]);
      } else {
        next[it->second].trees |= trees;
      }
    }
  }

  int score(const gs::Connect4& pos) const {
    std::lock_guard<std::mutex> lock(mu_);
    return scores_.at(gs::Book::canonicalKey(pos));
  }

  void solveAll(const std::vector<Node>& nodes, int d, bool quiet = false) {
    std::vector<const Node*> todo;
    {
      std::lock_guard<std::mutex> lock(mu_);
      for (const Node& n : nodes)
        if (!scores_.count(gs::Book::canonicalKey(n.pos))) todo.push_back(&n);
    }
    std::atomic<std::size_t> nextIdx{0}, done{0};
    auto levelStart = std::chrono::steady_clock::now();
    while (tables_.size() < static_cast<std::size_t>(args_.threads))
      tables_.emplace_back(new gs::TranspositionTable(args_.ttBytes));
    auto work = [&](int t) {
      gs::TranspositionTable& tt = *tables_[t];
      gs::Solver<gs::Connect4> solver(tt);
      for (std::size_t i; (i = nextIdx++) < todo.size();) {
        tt.clear();
        int s = solver.solve(todo[i]->pos);
        std::uint64_t k = gs::Book::canonicalKey(todo[i]->pos);
        std::lock_guard<std::mutex> lock(mu_);
        scores_[k] = s;
        stateOut_ << k << ' ' << s << ' ' << todo[i]->moves << '\n' << std::flush;
        std::size_t dn = ++done;
        double el = secondsSince(levelStart);
        if (quiet) continue;
        if (dn == todo.size() || secondsSince(lastReport_) > 1.0) {
          lastReport_ = std::chrono::steady_clock::now();
          std::fprintf(stderr, "\rply %d: %zu/%zu solved, %.0f s elapsed, about %.0f s left at this ply   ", d,
                       dn, todo.size(), secondsSince(start_), el / dn * (todo.size() - dn) / 1.0);
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < args_.threads; ++t) pool.emplace_back(work, t);
    for (auto& t : pool) t.join();
  }

  void loadState() {
    std::ifstream in(args_.state);
    std::string line;
    std::size_t n = 0;
    while (std::getline(in, line)) {  // "key score moves"; a torn last line is ignored
      unsigned long long k;
      int sc;
      if (std::sscanf(line.c_str(), "%llu %d", &k, &sc) == 2 && line.find(' ', line.find(' ') + 1) != std::string::npos) {
        scores_[k] = sc;
        ++n;
      }
    }
    if (n) std::cerr << "bookgen: resuming, " << n << " positions already solved\n";
  }

  static double secondsSince(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }

  Args args_;
  mutable std::mutex mu_;
  std::unordered_map<std::uint64_t, int> scores_;
  std::ofstream stateOut_;
  std::chrono::steady_clock::time_point start_, lastReport_;
  std::vector<std::unique_ptr<gs::TranspositionTable>> tables_;  // one per thread
};

}  // namespace

int main(int argc, char** argv) { return Generator(parse(argc, argv)).run(); }
