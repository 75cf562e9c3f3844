// Time-limited heuristic search: iterative deepening over a depth-limited
// negamax alpha-beta (or plain minimax), with an evaluation function at the
// horizon, quiescence through forced moves, a transposition table and move
// ordering from the table move, killer moves, the history heuristic and the
// evaluation. Every technique can be switched off (SearchOptions) so their
// effect can be measured. Any game of core/game.hpp: the forced moves,
// quiescence and the evaluation's ordering need the threats capability and
// are left out for a game without it.
//
// Scores are on the internal scale of types.hpp (search_score): proven results
// are +-(kProvenBase + exact score), heuristic values stay within
// +-kHeuristicLimit. Results and progress reports convert proven values back
// to exact scores and say whether the value is exact.
//
// Iterative deepening: depth 1, 2, 3, ... until the deadline, the depth limit,
// or a proven value (a forced win or loss, or a depth that reaches the end of
// every line). Each iteration starts with a full window. An unfinished
// iteration is thrown away, except that a move it has already proven better
// than the previous iteration's best move is kept. The clock is checked every
// 1024 nodes, so the search honours the deadline by itself.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <vector>

#include "core/deadline.hpp"
#include "core/game.hpp"
#include "core/move_list.hpp"
#include "core/tt.hpp"
#include "core/types.hpp"

namespace gs {

struct SearchOptions {
  bool alphaBeta = true;       // false: plain minimax, no pruning
  bool table = true;           // transposition table (cut-offs and its best move)
  bool evalOrdering = true;    // order by evaluation / threats of the child
  bool killers = true;         // two killer moves per ply
  bool history = true;         // history heuristic
  bool quiescence = true;      // extend through forced moves at the horizon
  bool operator==(const SearchOptions& o) const {
    return alphaBeta == o.alphaBeta && table == o.table && evalOrdering == o.evalOrdering && killers == o.killers &&
           history == o.history && quiescence == o.quiescence;
  }
  bool operator!=(const SearchOptions& o) const { return !(*this == o); }
};

struct SearchLimits {
  int timeMs = 1000;     // <= 0: no time limit (then maxDepth must be set)
  int maxDepth = 0;      // 0: no depth limit
  bool randomTies = false;  // pick at random among root moves of equal value
  std::uint32_t seed = 1;
  // > 0: after the search, score every root move at the depth reached and pick
  // one at random with probability ~ exp(score / temperature) (evaluation
  // units): the weaker levels' human-like mistakes (levels.hpp). Proven wins
  // and losses count as -3000, and a win the search sees is always taken (the
  // fastest one), so weak levels never overlook what lies within their horizon.
  int temperature = 0;
};

// One finished iteration (or the final answer).
struct SearchInfo {
  // A proven win/draw/loss without the exact score counts this much, in
  // evaluation units, in `score`.
  static constexpr int kVerdictScore = 1000;
  int depth = 0;
  int score = 0;        // exact score if `exact`, else the heuristic value
  bool exact = false;
  // The proven value for the side to move, when known: 1 win, 0 draw, -1
  // loss (set with every exact score, and alone when only the win/draw/loss
  // value was proven, by the book or the solver); else empty (also when the
  // player's solver proved at least a draw but found no winning move in
  // time: then score 0, depth 0, source kSolver; player.hpp).
  std::optional<int> verdict;
  Source source = Source::kSearch;
  std::uint64_t nodes = 0;
  double timeMs = 0;
  std::vector<int> pv;  // principal variation, 0-based moves
};

struct SearchResult {
  int bestMove = -1;    // 0-based; -1 only if the game is over
  SearchInfo info;
};

template <class Game>
class Searcher {
  // The table keeps a move in 8 bits (core/tt.hpp, 0xFF: none), and a game
  // without threats keeps its candidate moves as a 32-bit mask of slots.
  static_assert(Game::kMoveSlots < 32, "Searcher: at most 31 move slots (allMoves' mask, the table's move field)");
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;

  explicit Searcher(TranspositionTable& tt) : tt_(tt) {}
  void setOptions(const SearchOptions& o) { opt_ = o; }
  const SearchOptions& options() const { return opt_; }
  void setInfoCallback(InfoCallback cb) { onInfo_ = std::move(cb); }

  // Precondition: the game is not over. The deadline is limits.timeMs from now.
  SearchResult think(const Game& root, const SearchLimits& limits) {
    return think(root, limits, Deadline::fromNow(limits.timeMs));
  }
  // The same with the deadline given (limits.timeMs is then not read); times
  // in the results count from `deadline.start()`.
  SearchResult think(const Game& root, const SearchLimits& limits, const Deadline& deadline) {
    deadline_ = deadline;
    stopped_ = false;
    nodes_ = 0;
    tt_.newSearch();
    for (auto& k : killers_) k[0] = k[1] = -1;
    for (auto& h : history_) h = 0;
    std::mt19937 rng(limits.seed);

    SearchResult result;
    const int remaining = maxPliesOf<Game>() - root.plies();
    const int maxDepth = limits.maxDepth > 0 ? std::min(limits.maxDepth, remaining) : remaining;

    // Root move list: centre-first, shuffled when ties are to be random.
    std::vector<int> rootMoves;
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      int m = centreOrder<Game>(i);
      if (root.canPlay(m)) rootMoves.push_back(m);
    }
    if (limits.randomTies) std::shuffle(rootMoves.begin(), rootMoves.end(), rng);
    result.bestMove = rootMoves.empty() ? -1 : rootMoves.front();

    for (int depth = 1; depth <= maxDepth; ++depth) {
      std::vector<int> ties;
      RootOutcome out = searchRoot(root, depth, rootMoves, limits.randomTies, &ties);
      if (stopped_) {
        // The unfinished iteration is thrown away, except for a move it has
        // proven better than the previous best: either the previous best was
        // searched to this depth and another move beat it, or a forced win.
        bool proven = out.bestMove >= 0 &&
                      ((out.firstDone && out.best > out.firstScore) ||
                       (search_score::isProven(out.best) && out.best > 0));
        if (proven && out.bestMove != result.bestMove) {
          result.bestMove = out.bestMove;
          result.info.pv = out.pv;
        }
        break;
      }
      int best = ties.empty() ? out.bestMove : ties[rng() % ties.size()];
      result.bestMove = best;
      // The chosen move goes to the front: it is searched first next iteration.
      std::stable_partition(rootMoves.begin(), rootMoves.end(), [&](int m) { return m == best; });
      SearchInfo info;
      info.depth = depth;
      info.exact = search_score::isProven(out.best) || depth >= remaining;
      info.score = search_score::isProven(out.best) ? search_score::toExact(out.best) : out.best;
      if (info.exact) info.verdict = signOf(info.score);
      info.nodes = nodes_;
      info.timeMs = deadline_.elapsedMs();
      info.pv = best == out.bestMove ? out.pv : std::vector<int>{best};
      extendPv(root, info.pv, depth);
      result.info = info;
      if (onInfo_) onInfo_(info);
      if (info.exact) break;
    }
    if (limits.temperature > 0 && result.info.depth > 0 && rootMoves.size() > 1)
      sampleByTemperature(root, result, rootMoves, limits.temperature, rng);
    result.info.nodes = nodes_;
    result.info.timeMs = deadline_.elapsedMs();
    if (result.info.pv.empty() && result.bestMove >= 0) result.info.pv.push_back(result.bestMove);
    return result;
  }

  std::uint64_t nodes() const { return nodes_; }

 private:
  // The per-ply arrays' size: a line never goes past the game's end
  // (kMaxPlies), so the ply guards below never cut a real line.
  static constexpr int kMaxPly = Game::kMaxPlies + 2;

  bool timeUp() {
    if (!deadline_.limited()) return false;
    if (++clockCounter_ >= 1024) {
      clockCounter_ = 0;
      if (deadline_.expired()) stopped_ = true;
    }
    return stopped_;
  }

  // Scores every root move with a full window at the depth reached and picks
  // one by a softmax over the scores (see SearchLimits::temperature).
  void sampleByTemperature(const Game& root, SearchResult& result, const std::vector<int>& rootMoves,
                           int temperature, std::mt19937& rng) {
    using namespace search_score;
    const Deadline hadDeadline = deadline_;
    deadline_ = Deadline();  // the scoring pass finishes what it starts
    stopped_ = false;
    std::vector<int> raw;
    std::vector<double> value;
    for (int m : rootMoves) {
      int score;
      if (winsAtOnce(root, m)) {
        score = fromExact(winScoreAtPly<Game>(root.plies()));
      } else {
        Game child = root;
        child.play(m);
        score = -search(child, result.info.depth - 1, -kInfinity, kInfinity, 1);
      }
      raw.push_back(score);
      value.push_back(isProven(score) ? (score > 0 ? 3000.0 : -3000.0) : std::clamp(score, -900, 900));
    }
    deadline_ = hadDeadline;
    const int bestRaw = *std::max_element(raw.begin(), raw.end());
    std::vector<double> weight;
    if (isProven(bestRaw) && bestRaw > 0) {
      for (int r : raw) weight.push_back(r == bestRaw ? 1.0 : 0.0);  // a seen win: the fastest
    } else {
      double best = *std::max_element(value.begin(), value.end());
      for (double v : value) weight.push_back(std::exp((v - best) / temperature));
    }
    std::discrete_distribution<std::size_t> pick(weight.begin(), weight.end());
    int chosen = rootMoves[pick(rng)];
    if (chosen != result.bestMove) {
      result.bestMove = chosen;
      result.info.pv.assign(1, chosen);
      int r = raw[std::find(rootMoves.begin(), rootMoves.end(), chosen) - rootMoves.begin()];
      result.info.exact = isProven(r);
      result.info.score = isProven(r) ? toExact(r) : r;
      result.info.verdict.reset();
      if (result.info.exact) result.info.verdict = signOf(result.info.score);
    }
  }

  struct RootOutcome {
    int best = -search_score::kInfinity;
    int bestMove = -1;
    bool firstDone = false;  // the first (previous best) move was searched fully
    int firstScore = 0;
    std::vector<int> pv;
  };

  RootOutcome searchRoot(const Game& root, int depth, const std::vector<int>& rootMoves, bool ties,
                         std::vector<int>* tied) {
    using namespace search_score;
    ++nodes_;
    RootOutcome out;
    int alpha = -kInfinity;
    const int beta = kInfinity;
    for (std::size_t i = 0; i < rootMoves.size(); ++i) {
      int m = rootMoves[i];
      int score;
      pvLen_[1] = 0;
      if (winsAtOnce(root, m)) {
        score = fromExact(winScoreAtPly<Game>(root.plies()));
      } else {
        Game child = root;
        child.play(m);
        // With random ties, search with alpha - 1 so equal moves get their true value.
        int a = (ties && alpha > -kInfinity) ? alpha - 1 : alpha;
        score = -search(child, depth - 1, -beta, -a, 1);
        if (stopped_) return out;
      }
      if (i == 0) {
        out.firstDone = true;
        out.firstScore = score;
      }
      if (score > out.best) {
        out.best = score;
        out.bestMove = m;
        tied->assign(1, m);
        out.pv.assign(1, m);
        out.pv.insert(out.pv.end(), pv_[1], pv_[1] + pvLen_[1]);
      } else if (ties && score == out.best) {  // exact only with the alpha - 1 window
        tied->push_back(m);
      }
      if (opt_.alphaBeta && score > alpha) alpha = score;
    }
    return out;
  }

  int search(const Game& pos, int depth, int alpha, int beta, int ply) {
    using namespace search_score;
    // Step 1. Count the node, honour the deadline.
    ++nodes_;
    if (timeUp()) return 0;
    pvLen_[ply] = 0;
    // Step 2. Immediate win (with threats: one move away), draw by full board.
    if constexpr (hasThreats<Game>) {
      if (pos.canWinNext()) return fromExact(winScoreAtPly<Game>(pos.plies()));
    } else {
      if (pos.lastMoverWon()) return -fromExact(winScoreAtPly<Game>(pos.plies() - 1));
    }
    if (pos.isFull()) return 0;
    // Step 3. Horizon: evaluate, or extend through forced moves.
    if (depth <= 0 || ply >= kMaxPly - 1) return quiesce(pos, alpha, beta, ply);
    // Step 4. Forced replies (with threats): two threats lose, one must be blocked.
    auto candidates = allMoves(pos);
    if constexpr (hasThreats<Game>) {
      const auto forced = candidates & pos.opponentWinningSpots();
      if (forced & (forced - 1)) return fromExact(-winScoreAtPly<Game>(pos.plies() + 1));
      if (forced) candidates = forced;
    }
    // Step 5. Transposition table.
    const std::uint64_t key = pos.key();
    int ttMove = -1;
    const int alphaOrig = alpha;
    if (opt_.table) {
      if (const TTEntry* e = tt_.probe(key)) {
        if (e->move != 0xFF) ttMove = e->move;
        if (e->depth >= depth && opt_.alphaBeta) {
          int s = e->score;
          if (e->bound == Bound::kExact) return s;
          if (e->bound == Bound::kLower && s >= beta) return s;
          if (e->bound == Bound::kUpper && s <= alpha) return s;
        }
      }
    }
    // Step 6. Order the moves.
    MoveList<int, Game::kMoveSlots> moves;
    for (int i = 0; i < Game::kMoveSlots; ++i) {
      const int m = centreOrder<Game>(i);
      if (!pos.canPlay(m) || !isCandidate(pos, candidates, m)) continue;
      moves.add(m, orderScore(pos, m, ttMove, ply));
    }
    moves.sortStable();
    // Step 7. Search the children.
    int best = -kInfinity, bestMove = -1;
    for (int i = 0; i < moves.size(); ++i) {
      const int m = moves.move(i);
      Game child = pos;
      child.play(m);
      int score = -search(child, depth - 1, -beta, -alpha, ply + 1);
      if (stopped_) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
        pv_[ply][0] = m;
        for (int k = 0; k < pvLen_[ply + 1]; ++k) pv_[ply][k + 1] = pv_[ply + 1][k];
        pvLen_[ply] = pvLen_[ply + 1] + 1;
      }
      if (opt_.alphaBeta) {
        if (score > alpha) alpha = score;
        if (alpha >= beta) {
          if (opt_.killers && ply < kMaxPly && killers_[ply][0] != m) {
            killers_[ply][1] = killers_[ply][0];
            killers_[ply][0] = m;
          }
          if (opt_.history) history_[historyIndex(pos, m)] += depth * depth;
          break;
        }
      }
    }
    // Step 8. Store the result with its bound.
    if (opt_.table) {
      Bound bound = !opt_.alphaBeta          ? Bound::kExact
                    : best <= alphaOrig ? Bound::kUpper
                    : best >= beta      ? Bound::kLower
                                        : Bound::kExact;
      tt_.store(key, best, bound, depth, bestMove);
    }
    return best;
  }

  // The moves of `pos` as the threats capability's set of cells, or (without
  // it) a mask of move slots; isCandidate() tests a slot against it.
  static auto allMoves(const Game& pos) {
    if constexpr (hasThreats<Game>) {
      return pos.legalMoves();
    } else {
      (void)pos;
      return (1u << Game::kMoveSlots) - 1;
    }
  }
  template <class Set>
  static bool isCandidate(const Game& pos, Set candidates, int m) {
    if constexpr (hasThreats<Game>) {
      return (candidates & pos.moveBits(m)) != 0;
    } else {
      (void)pos;
      return (candidates >> m & 1) != 0;
    }
  }

  // Quiescence: a position is quiet unless the side to move can win at once
  // (handled by the caller) or must block an immediate threat. Forced blocks
  // are played out; quiet positions are evaluated. Without the threats
  // capability every position is quiet.
  int quiesce(const Game& pos, int alpha, int beta, int ply) {
    using namespace search_score;
    if constexpr (!hasThreats<Game>) {
      (void)alpha, (void)beta, (void)ply;
      return evaluateClamped(pos);
    } else {
      const auto forced = pos.legalMoves() & pos.opponentWinningSpots();
      if (!opt_.quiescence || !forced || ply >= kMaxPly - 1) return evaluateClamped(pos);
      if (forced & (forced - 1)) return fromExact(-winScoreAtPly<Game>(pos.plies() + 1));
      Game child = pos;
      child.playBits(forced);
      ++nodes_;
      pvLen_[ply + 1] = 0;
      if (child.canWinNext()) return -fromExact(winScoreAtPly<Game>(child.plies()));
      if (child.isFull()) return 0;
      int score = -quiesce(child, -beta, -alpha, ply + 1);
      pv_[ply][0] = Game::moveOf(forced);
      for (int k = 0; k < pvLen_[ply + 1]; ++k) pv_[ply][k + 1] = pv_[ply + 1][k];
      pvLen_[ply] = pvLen_[ply + 1] + 1;
      return score;
    }
  }

  static int evaluateClamped(const Game& pos) {
    int v = pos.evaluate();
    return std::clamp(v, -search_score::kHeuristicLimit, search_score::kHeuristicLimit);
  }

  // Ordering key, highest first: the table's move; then the evaluation: the
  // winning spots the move creates (its tactical value), then the incremental
  // change of the evaluation it makes (moveGain); then killer moves, then the
  // history score, which only break ties (placed above the
  // evaluation they cost nodes, bench/ordering_benchmark.py); equal keys keep
  // the centre-first order.
  // Without the threats capability the evaluation's part is left out.
  int orderScore(const Game& pos, int m, int ttMove, int ply) const {
    int s = 0;
    if (opt_.table && m == ttMove) s += 1 << 28;
    if constexpr (hasThreats<Game>) {
      if (opt_.evalOrdering) {
        const auto b = pos.moveBits(m);
        s += (pos.threatScore(b) << 20) + ((std::clamp(pos.moveGain(b), -511, 511) + 512) << 8);
      }
    }
    if (opt_.killers && ply < kMaxPly) {
      if (killers_[ply][0] == m) s += 1 << 7;
      else if (killers_[ply][1] == m) s += 1 << 6;
    }
    if (opt_.history) s += std::min(history_[historyIndex(pos, m)] >> 4, (1 << 6) - 1);
    return s;
  }
  static int historyIndex(const Game& pos, int m) { return (pos.plies() & 1) * Game::kMoveSlots + m; }

  // Extends a principal variation cut short by table hits with the table's
  // best moves, while they are legal and the game goes on.
  void extendPv(const Game& root, std::vector<int>& pv, int depth) const {
    Game p = root;
    for (int m : pv) {
      if (m < 0 || m >= Game::kMoveSlots || !p.canPlay(m)) return;
      bool w = winsAtOnce(p, m);
      p.play(m);
      if (w) return;
    }
    while (opt_.table && static_cast<int>(pv.size()) < depth && !p.isFull()) {
      const TTEntry* e = tt_.probe(p.key());
      int m = e && e->move != 0xFF ? e->move : -1;
      if (m < 0 || m >= Game::kMoveSlots || !p.canPlay(m)) break;
      pv.push_back(m);
      bool w = winsAtOnce(p, m);
      p.play(m);
      if (w) break;
    }
  }

  TranspositionTable& tt_;
  SearchOptions opt_;
  InfoCallback onInfo_;
  Deadline deadline_;
  bool stopped_ = false;
  std::uint64_t nodes_ = 0;
  int clockCounter_ = 0;
  int killers_[kMaxPly][2] = {};
  int history_[2 * Game::kMoveSlots] = {};
  int pv_[kMaxPly][kMaxPly] = {};
  int pvLen_[kMaxPly] = {};
};

}  // namespace gs
