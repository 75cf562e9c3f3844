// The parts of the tournament tool that do not play games, kept apart so they
// can be tested: player specifications, the per-game CSV record (and reading a
// file back for resuming), and the Elo-style ratings.
//
// Player specification: comma-separated tokens, e.g. "t=100", "t=100,noorder",
// "t=1000,depth=6,minimax".
//   t=MS        thinking time per move in milliseconds (0 = no limit, then
//               depth= is required)
//   depth=D     depth limit
//   minimax     plain minimax (no alpha-beta pruning)
//   noorder     no move ordering (evaluation, killers, history all off)
//   notable     no transposition table
//   nokillers, nohistory, noquiescence
//               switch one technique off
//   name=LABEL  label used in the output instead of the canonical form
// The canonical name lists the tokens in the fixed order above, so the same
// player always gets the same name (the CSV resume key depends on it).
//
// Monte Carlo tree search (search/mcts.hpp) instead of alpha-beta: the token
// "mcts" and a budget, t=MS and/or playouts=N (t=0 or no t=: playouts only),
// e.g. "mcts,playouts=20000", "mcts,t=100", "mcts,t=100,nosmart".
//   playouts=N  playouts per move (with t=: whichever ends first)
//   c=X         UCB1's exploration constant
//   nosmart     uniformly random playouts
//   nomctssolver  no MCTS-Solver
//   noreuse     a fresh tree every move
//   level=NAME  the budget of that level for MCTS (levels.hpp, kMctsLevels);
//               not with t= or playouts=; canonical name "mcts,level=NAME"
// Canonical: "mcts" first, then t=, playouts=, c= (when not the default) and
// the switches in this order. The alpha-beta tokens (depth=, temp=,
// solver, minimax, no...) are errors with mcts, and these without it.
//
// Ratings: Bradley-Terry maximum likelihood on game scores (win 1, draw 1/2),
// on the Elo scale (400 * log10 of the strength ratio, so a 75% score is
// +190.8), solved with Hunter's MM iteration. `prior` virtual draws are added
// to every pairing that has games, which keeps a player with 0% or 100%
// finite; 0 gives the plain maximum-likelihood estimate. Confidence intervals
// come from a bootstrap over games (resampled within each pairing).
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "search/levels.hpp"
#include "search/mcts.hpp"
#include "search/searcher.hpp"

namespace gs::tour {

// --- players ---------------------------------------------------------------

struct PlayerSpec {
  std::string name;  // canonical form or the name= label
  int timeMs = 0;
  int maxDepth = 0;
  int temperature = 0;  // > 0: softmax choice among root moves (levels.hpp)
  bool solver = false;  // try the exact solver first (player.hpp)
  SearchOptions opt;
  bool mcts = false;    // Monte Carlo tree search instead (mcts.hpp)
  std::uint64_t playouts = 0;  // mcts: playouts per move (0: the time only)
  MctsOptions mctsOpt;
};

// `s` as a decimal whole number from lo to hi, nothing else in it, into
// `out`; false if it is not one (a SPEC token's number: "t=100").
template <class Int>
inline bool parseInt(const std::string& s, long lo, long hi, Int& out) {
  long v = 0;
  const char* end = s.data() + s.size();
  const auto [stop, error] = std::from_chars(s.data(), end, v);
  if (s.empty() || error != std::errc() || stop != end || v < lo || v > hi) return false;
  out = static_cast<Int>(v);
  return true;
}

// Parses a player specification; on error returns false and sets `err`.
inline bool parsePlayerSpec(const std::string& text, PlayerSpec& p, std::string& err) {
  p = PlayerSpec{};
  std::string label;
  bool haveTime = false;
  std::string abToken, mctsToken;  // the first token of each kind (they do not mix)
  int level = -1;                  // level=NAME given: its index
  bool budget = false;             // t= or playouts= given
  std::stringstream ss(text);
  std::string tok;
  while (std::getline(ss, tok, ',')) {
    const bool mctsTok = tok == "mcts" || tok.rfind("playouts=", 0) == 0 || tok.rfind("c=", 0) == 0 ||
                         tok == "nosmart" || tok == "nomctssolver" || tok == "noreuse";
    const bool shared = tok.rfind("t=", 0) == 0 || tok.rfind("name=", 0) == 0 || tok.rfind("level=", 0) == 0;
    if (mctsTok && mctsToken.empty()) mctsToken = tok;
    if (!mctsTok && !shared && abToken.empty()) abToken = tok;
    if (tok == "mcts") {
      p.mcts = true;
    } else if (tok.rfind("playouts=", 0) == 0) {
      if (!parseInt(tok.substr(9), 1, 1000000000, p.playouts)) return err = "bad playouts in '" + tok + "'", false;
      budget = true;
    } else if (tok.rfind("c=", 0) == 0) {
      const std::string v = tok.substr(2);
      char* end = nullptr;
      const double c = v.empty() ? -1 : std::strtod(v.c_str(), &end);
      if (v.empty() || *end || !(c >= 0 && c <= 100)) return err = "bad exploration constant in '" + tok + "'", false;
      p.mctsOpt.exploration = c;
    } else if (tok == "nosmart") {
      p.mctsOpt.smartPlayouts = false;
    } else if (tok == "nomctssolver") {
      p.mctsOpt.solver = false;
    } else if (tok == "noreuse") {
      p.mctsOpt.reuseTree = false;
    } else if (tok.rfind("t=", 0) == 0) {
      if (!parseInt(tok.substr(2), 0, 3600000, p.timeMs)) return err = "bad time in '" + tok + "'", false;
      haveTime = true;
      budget = true;
    } else if (tok.rfind("depth=", 0) == 0) {
      if (!parseInt(tok.substr(6), 1, 64, p.maxDepth)) return err = "bad depth in '" + tok + "'", false;
    } else if (tok.rfind("name=", 0) == 0) {
      label = tok.substr(5);
      if (label.empty() || label.find_first_of(",\"\n") != std::string::npos)
        return err = "bad name in '" + tok + "'", false;
    } else if (tok.rfind("temp=", 0) == 0) {
      if (!parseInt(tok.substr(5), 0, 100000, p.temperature)) return err = "bad temperature in '" + tok + "'", false;
    } else if (tok.rfind("level=", 0) == 0) {
      int li = gs::findLevel(tok.substr(6));
      if (li < 0) return err = "unknown level in '" + tok + "' (beginner, casual, strong, perfect)", false;
      p.timeMs = gs::kLevels[li].timeMs;
      p.maxDepth = gs::kLevels[li].maxDepth;
      p.temperature = gs::kLevels[li].temperature;
      p.solver = gs::kLevels[li].maxDepth == 0 && gs::kLevels[li].temperature == 0;
      haveTime = true;
      level = li;
    } else if (tok == "solver") {
      p.solver = true;
    } else if (tok == "minimax") {
      p.opt.alphaBeta = false;
    } else if (tok == "noorder") {
      p.opt.evalOrdering = p.opt.killers = p.opt.history = false;
    } else if (tok == "notable") {
      p.opt.table = false;
    } else if (tok == "nokillers") {
      p.opt.killers = false;
    } else if (tok == "nohistory") {
      p.opt.history = false;
    } else if (tok == "noquiescence") {
      p.opt.quiescence = false;
    } else {
      return err = "unknown token '" + tok + "' in player '" + text + "'", false;
    }
  }
  if (p.mcts) {
    if (!abToken.empty()) return err = "'" + abToken + "' is not for an mcts player ('" + text + "')", false;
    if (level >= 0) {
      if (budget) return err = "mcts player '" + text + "': level= sets the budget (no t= or playouts=)", false;
      p.timeMs = gs::kMctsLevels[level].timeMs;
      p.playouts = static_cast<std::uint64_t>(gs::kMctsLevels[level].playouts);
      p.maxDepth = p.temperature = 0;
      p.solver = false;
      if (label.empty()) label = "mcts,level=" + std::string(gs::kMctsLevels[level].name);
    }
    if (p.timeMs == 0 && p.playouts == 0) return err = "mcts player '" + text + "' needs t=MS or playouts=N", false;
    if (!label.empty()) {
      p.name = label;
      return true;
    }
    std::string n = "mcts";
    if (p.timeMs) n += ",t=" + std::to_string(p.timeMs);
    if (p.playouts) n += ",playouts=" + std::to_string(p.playouts);
    if (p.mctsOpt.exploration != MctsOptions::kDefaultExploration) {
      char c[32];
      std::snprintf(c, sizeof c, ",c=%g", p.mctsOpt.exploration);
      n += c;
    }
    if (!p.mctsOpt.smartPlayouts) n += ",nosmart";
    if (!p.mctsOpt.solver) n += ",nomctssolver";
    if (!p.mctsOpt.reuseTree) n += ",noreuse";
    p.name = n;
    return true;
  }
  if (!mctsToken.empty()) return err = "'" + mctsToken + "' needs the token mcts ('" + text + "')", false;
  if (!haveTime) return err = "player '" + text + "' has no t=MS", false;
  if (level >= 0 && label.empty()) label = gs::kLevels[level].name;
  if (p.timeMs == 0 && p.maxDepth == 0) return err = "player '" + text + "': t=0 needs depth=D", false;
  if (!label.empty()) {
    p.name = label;
    return true;
  }
  std::string n = "t=" + std::to_string(p.timeMs);
  if (p.maxDepth) n += ",depth=" + std::to_string(p.maxDepth);
  if (p.temperature) n += ",temp=" + std::to_string(p.temperature);
  if (p.solver) n += ",solver";
  if (!p.opt.alphaBeta) n += ",minimax";
  bool noorder = !p.opt.evalOrdering && !p.opt.killers && !p.opt.history;
  if (noorder) n += ",noorder";
  if (!p.opt.table) n += ",notable";
  if (!noorder && !p.opt.killers) n += ",nokillers";
  if (!noorder && !p.opt.history) n += ",nohistory";
  if (!p.opt.quiescence) n += ",noquiescence";
  p.name = n;
  return true;
}

// --- CSV -------------------------------------------------------------------

// Quotes a field if it holds a comma, a quote or a line break.
inline std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

// Splits one CSV line; false if a quoted field is not closed (a cut-off line).
inline bool splitCsv(const std::string& line, std::vector<std::string>& out) {
  out.clear();
  std::string cur;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') cur += '"', ++i;
      else if (c == '"') quoted = false;
      else cur += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (c != '\r') {
      cur += c;
    }
  }
  out.push_back(cur);
  return !quoted;
}

// What one player did in one game.
struct SideStats {
  int moves = 0;           // moves searched
  int exactMoves = 0;      // moves whose search proved the value
  long depthSum = 0;       // depth reached, summed over the other (heuristic) moves
  std::uint64_t nodes = 0;
  double timeMs = 0;
  int judged = 0;          // moves from a solver-judged, not-lost position
  int kept = 0;            // ... that kept the outcome (win stays win, draw stays draw)
};

struct GameRecord {
  std::string first, second;  // player to move at the opening position, and the other
  std::string opening;        // opening move string
  double score = 0;           // for `first`: 1, 0.5 or 0
  std::string moves;          // whole game from the empty board
  SideStats side[2];          // [0] first, [1] second
};

inline const char* kCsvHeader =
    "first,second,opening,score,moves,"
    "f_moves,f_exact,f_depthsum,f_nodes,f_time_ms,f_judged,f_kept,"
    "s_moves,s_exact,s_depthsum,s_nodes,s_time_ms,s_judged,s_kept";
constexpr std::size_t kCsvColumns = 19;

inline std::string gameKey(const std::string& first, const std::string& second, const std::string& opening) {
  return first + "|" + second + "|" + opening;
}
inline std::string gameKey(const GameRecord& r) { return gameKey(r.first, r.second, r.opening); }

inline std::string toCsv(const GameRecord& r) {
  std::ostringstream o;
  o << csvField(r.first) << ',' << csvField(r.second) << ',' << r.opening << ',' << r.score << ',' << r.moves;
  for (const SideStats& s : r.side) {
    char t[32];
    std::snprintf(t, sizeof t, "%.3f", s.timeMs);
    o << ',' << s.moves << ',' << s.exactMoves << ',' << s.depthSum << ',' << s.nodes << ',' << t << ','
      << s.judged << ',' << s.kept;
  }
  return o.str();
}

// Parses one data line; false for the header, a cut-off or a malformed line.
inline bool fromCsv(const std::string& line, GameRecord& r) {
  std::vector<std::string> f;
  if (!splitCsv(line, f) || f.size() != kCsvColumns || f[0] == "first") return false;
  try {
    r.first = f[0];
    r.second = f[1];
    r.opening = f[2];
    r.score = std::stod(f[3]);
    if (r.score != 0 && r.score != 0.5 && r.score != 1) return false;
    r.moves = f[4];
    for (int k = 0; k < 2; ++k) {
      const std::string* g = &f[5 + 7 * k];
      SideStats& s = r.side[k];
      std::size_t used = 0;
      auto whole = [&](const std::string& v) {
        long long x = std::stoll(v, &used);
        if (used != v.size() || x < 0) throw std::invalid_argument(v);
        return x;
      };
      s.moves = static_cast<int>(whole(g[0]));
      s.exactMoves = static_cast<int>(whole(g[1]));
      s.depthSum = static_cast<long>(whole(g[2]));
      s.nodes = static_cast<std::uint64_t>(whole(g[3]));
      s.timeMs = std::stod(g[4]);
      s.judged = static_cast<int>(whole(g[5]));
      s.kept = static_cast<int>(whole(g[6]));
    }
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

// Reads every well-formed record (later duplicates of a key are dropped);
// `bad` counts the lines that were skipped (a run killed mid-write leaves at
// most one). The header line is neither.
inline std::vector<GameRecord> readRecords(std::istream& in, int* bad = nullptr) {
  std::vector<GameRecord> out;
  std::vector<std::string> keys;
  std::string line;
  int skipped = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line.rfind("first,", 0) == 0) continue;
    GameRecord r;
    if (!fromCsv(line, r)) {
      ++skipped;
      continue;
    }
    std::string k = gameKey(r);
    if (std::find(keys.begin(), keys.end(), k) != keys.end()) continue;
    keys.push_back(k);
    out.push_back(r);
  }
  if (bad) *bad = skipped;
  return out;
}

// Quotes a string for JSON output (names hold no control characters).
inline std::string jsonString(const std::string& s) {
  std::string o = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') o += '\\';
    o += ch;
  }
  return o + "\"";
}

// --- ratings ---------------------------------------------------------------

// A game between players i and j (indices), `score` for i.
struct Result {
  int i, j;
  double score;
};

inline double eloFromScore(double p) { return -400.0 * std::log10(1.0 / p - 1.0); }
inline double scoreFromElo(double d) { return 1.0 / (1.0 + std::pow(10.0, -d / 400.0)); }

// Bradley-Terry ratings on the Elo scale, player `anchor` at 0.
inline std::vector<double> computeElo(int n, const std::vector<Result>& games, double prior = 0.0, int anchor = 0) {
  std::vector<std::vector<double>> played(n, std::vector<double>(n, 0.0));
  std::vector<double> points(n, 0.0);
  for (const Result& g : games) {
    played[g.i][g.j] += 1;
    played[g.j][g.i] += 1;
    points[g.i] += g.score;
    points[g.j] += 1 - g.score;
  }
  if (prior > 0)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (i != j && played[i][j] > 0) {
          played[i][j] += prior;
          points[i] += prior / 2;
        }
  std::vector<double> gamma(n, 1.0);
  for (int it = 0; it < 100000; ++it) {
    double change = 0;
    for (int i = 0; i < n; ++i) {
      double denom = 0;
      for (int j = 0; j < n; ++j)
        if (j != i && played[i][j] > 0) denom += played[i][j] / (gamma[i] + gamma[j]);
      if (denom <= 0) continue;
      double g = std::max(points[i] / denom, 1e-300);
      change = std::max(change, std::fabs(std::log(g / gamma[i])));
      gamma[i] = g;
    }
    // Keep the scale fixed (geometric mean 1) so the iteration cannot drift.
    double lg = 0;
    for (double g : gamma) lg += std::log(g);
    for (double& g : gamma) g /= std::exp(lg / n);
    if (change < 1e-10) break;
  }
  std::vector<double> elo(n);
  for (int i = 0; i < n; ++i) elo[i] = 400.0 * std::log10(gamma[i]);
  double a = elo[anchor];
  for (double& e : elo) e -= a;
  return elo;
}

struct Interval {
  double lo, hi;
};

// Percentile bootstrap: games are resampled with replacement within each
// pairing (ordered pair i<j), `samples` times; returns the central `level`
// interval of every player's rating.
inline std::vector<Interval> bootstrapElo(int n, const std::vector<Result>& games, double prior, int anchor,
                                          int samples = 400, double level = 0.95, std::uint32_t seed = 12345) {
  std::vector<std::vector<Result>> byPair;
  std::vector<std::pair<int, int>> pairIds;
  for (const Result& g : games) {
    Result r = g;
    if (r.i > r.j) r = {g.j, g.i, 1 - g.score};
    auto it = std::find(pairIds.begin(), pairIds.end(), std::make_pair(r.i, r.j));
    if (it == pairIds.end()) {
      pairIds.emplace_back(r.i, r.j);
      byPair.emplace_back();
      it = pairIds.end() - 1;
    }
    byPair[it - pairIds.begin()].push_back(r);
  }
  std::mt19937 rng(seed);
  std::vector<std::vector<double>> draws(n);
  std::vector<Result> sample;
  for (int s = 0; s < samples; ++s) {
    sample.clear();
    for (const auto& pg : byPair)
      for (std::size_t k = 0; k < pg.size(); ++k) sample.push_back(pg[rng() % pg.size()]);
    std::vector<double> e = computeElo(n, sample, prior, anchor);
    for (int i = 0; i < n; ++i) draws[i].push_back(e[i]);
  }
  std::vector<Interval> out(n, Interval{0, 0});
  if (samples <= 0) return out;
  for (int i = 0; i < n; ++i) {
    std::sort(draws[i].begin(), draws[i].end());
    auto at = [&](double q) {
      std::size_t k = static_cast<std::size_t>(std::floor(q * (samples - 1) + 0.5));
      return draws[i][std::min<std::size_t>(k, samples - 1)];
    };
    out[i] = {at((1 - level) / 2), at(1 - (1 - level) / 2)};
  }
  return out;
}

}  // namespace gs::tour
