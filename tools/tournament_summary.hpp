// The summary of a tournament: per-player totals (W/D/L, depth, nodes,
// speed, solver-judged moves), W/D/L per pairing and ratings with bootstrap
// intervals, computed from the per-game records, printed as a table or
// written as JSON (the format docs/study/results.json and a web page read).
#pragma once

#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "tournament_lib.hpp"

namespace gs::tour {

// How the run was set up (reported with the results; prior and bootstrap
// also shape the ratings).
struct SummaryOptions {
  double prior = 1.0;
  int bootstrap = 400;
  int threads = 0;
  int ttMb = 0;
  int judgeStones = 0;
};

struct PlayerTotals {
  int games = 0, wins = 0, draws = 0, losses = 0;
  SideStats s;
};

struct Summary {
  std::vector<double> elo;
  std::vector<Interval> ci;
  std::vector<PlayerTotals> tot;
  std::map<std::pair<int, int>, std::array<int, 3>> pair;  // (i<j) -> W/D/L for i
  std::set<std::string> openings;
  int games = 0;
};

inline Summary summarize(const std::vector<PlayerSpec>& players, const SummaryOptions& so,
                         const std::vector<GameRecord>& recs) {
  const int n = static_cast<int>(players.size());
  auto index = [&](const std::string& name) {
    for (int i = 0; i < n; ++i)
      if (players[i].name == name) return i;
    return -1;
  };
  Summary S;
  S.tot.resize(n);
  std::vector<Result> results;
  for (const GameRecord& r : recs) {
    int a = index(r.first), b = index(r.second);
    if (a < 0 || b < 0) continue;
    ++S.games;
    S.openings.insert(r.opening);
    results.push_back({a, b, r.score});
    int idx[2] = {a, b};
    for (int k = 0; k < 2; ++k) {
      PlayerTotals& t = S.tot[idx[k]];
      double sc = k == 0 ? r.score : 1 - r.score;
      ++t.games;
      (sc == 1 ? t.wins : sc == 0 ? t.losses : t.draws)++;
      const SideStats& s = r.side[k];
      t.s.moves += s.moves;
      t.s.exactMoves += s.exactMoves;
      t.s.depthSum += s.depthSum;
      t.s.nodes += s.nodes;
      t.s.timeMs += s.timeMs;
      t.s.judged += s.judged;
      t.s.kept += s.kept;
    }
    int i = std::min(a, b), j = std::max(a, b);
    double sc = i == a ? r.score : 1 - r.score;
    auto& p = S.pair[{i, j}];
    (sc == 1 ? p[0] : sc == 0.5 ? p[1] : p[2])++;
  }
  S.elo = computeElo(n, results, so.prior, 0);
  S.ci = bootstrapElo(n, results, so.prior, 0, so.bootstrap);
  return S;
}

inline void printSummary(const std::vector<PlayerSpec>& players, const SummaryOptions& so, const Summary& S,
                         std::ostream& o) {
  const int n = static_cast<int>(players.size());
  char b[512];
  o << "games " << S.games << ", openings " << S.openings.size() << ", prior " << so.prior
    << " virtual draws per pairing, 95% bootstrap intervals (" << so.bootstrap << " samples), "
    << players[0].name << " = 0\n\n";
  std::snprintf(b, sizeof b, "%-28s %5s %5s %5s %5s %7s %17s %6s %10s %10s %8s %7s\n", "player", "games", "W", "D", "L",
                "Elo", "95% CI", "depth", "nodes/move", "knodes/s", "judged", "kept%");
  o << b;
  for (int i = 0; i < n; ++i) {
    const PlayerTotals& t = S.tot[i];
    int heur = t.s.moves - t.s.exactMoves;
    double depth = heur ? static_cast<double>(t.s.depthSum) / heur : 0;
    double npm = t.s.moves ? static_cast<double>(t.s.nodes) / t.s.moves : 0;
    double knps = t.s.timeMs > 0 ? t.s.nodes / t.s.timeMs : 0;
    double kept = t.s.judged ? 100.0 * t.s.kept / t.s.judged : 0;
    std::snprintf(b, sizeof b, "%-28s %5d %5d %5d %5d %+7.0f [%+6.0f, %+6.0f] %6.2f %10.0f %10.0f %8d %7.1f\n",
                  players[i].name.c_str(), t.games, t.wins, t.draws, t.losses, S.elo[i], S.ci[i].lo, S.ci[i].hi,
                  depth, npm, knps, t.s.judged, kept);
    o << b;
  }
  // Every game of a pairing with the same result: every resample is the
  // same, so the interval has no width; it does not bound the rating.
  for (int i = 1; i < n; ++i)
    if (S.tot[i].games > 0 && S.ci[i].hi - S.ci[i].lo < 1) {
      o << "(an interval without width: the pairings' games all ended alike, so the bootstrap cannot bound "
           "the rating; play more games)\n";
      break;
    }
  o << "\npairing (W/D/L for the first named)\n";
  for (auto& [ij, w] : S.pair) {
    std::snprintf(b, sizeof b, "  %-28s vs %-28s %3d/%3d/%3d\n", players[ij.first].name.c_str(),
                  players[ij.second].name.c_str(), w[0], w[1], w[2]);
    o << b;
  }
}

// Writes the summary as JSON; false if the file cannot be written.
inline bool writeSummaryJson(const std::vector<PlayerSpec>& players, const SummaryOptions& so, const Summary& S,
                             const std::string& path) {
  std::ofstream o(path);
  if (!o) return false;
  const int n = static_cast<int>(players.size());
  o << "{\n  \"kind\": \"tournament\",\n  \"games\": " << S.games << ",\n  \"openings\": " << S.openings.size()
    << ",\n  \"threads\": " << so.threads << ",\n  \"ttMb\": " << so.ttMb << ",\n  \"judgeStones\": " << so.judgeStones
    << ",\n  \"prior\": " << so.prior << ",\n  \"bootstrap\": " << so.bootstrap << ",\n  \"anchor\": "
    << jsonString(players[0].name) << ",\n  \"players\": [\n";
  for (int i = 0; i < n; ++i) {
    const PlayerSpec& p = players[i];
    const PlayerTotals& t = S.tot[i];
    int heur = t.s.moves - t.s.exactMoves;
    char b[1024];
    std::snprintf(b, sizeof b,
                  "    {\"name\": %s, \"timeMs\": %d, \"maxDepth\": %d, \"alphaBeta\": %s, \"ordering\": %s, "
                  "\"table\": %s, \"games\": %d, \"wins\": %d, \"draws\": %d, \"losses\": %d, \"elo\": %.1f, "
                  "\"eloLo\": %.1f, \"eloHi\": %.1f, \"moves\": %d, \"exactMoves\": %d, \"meanDepth\": %.3f, "
                  "\"meanNodes\": %.1f, \"nodesPerSecond\": %.0f, \"judged\": %d, \"kept\": %d, \"keptShare\": %.4f}%s\n",
                  jsonString(p.name).c_str(), p.timeMs, p.maxDepth, p.opt.alphaBeta ? "true" : "false",
                  p.opt.evalOrdering ? "true" : "false", p.opt.table ? "true" : "false", t.games, t.wins, t.draws,
                  t.losses, S.elo[i], S.ci[i].lo, S.ci[i].hi, t.s.moves, t.s.exactMoves,
                  heur ? static_cast<double>(t.s.depthSum) / heur : 0.0,
                  t.s.moves ? static_cast<double>(t.s.nodes) / t.s.moves : 0.0,
                  t.s.timeMs > 0 ? 1000.0 * t.s.nodes / t.s.timeMs : 0.0, t.s.judged, t.s.kept,
                  t.s.judged ? static_cast<double>(t.s.kept) / t.s.judged : 0.0, i + 1 < n ? "," : "");
    o << b;
  }
  o << "  ],\n  \"pairings\": [\n";
  std::size_t k = 0;
  for (auto& [ij, w] : S.pair) {
    o << "    {\"a\": " << jsonString(players[ij.first].name) << ", \"b\": " << jsonString(players[ij.second].name)
      << ", \"wins\": " << w[0] << ", \"draws\": " << w[1] << ", \"losses\": " << w[2] << "}"
      << (++k < S.pair.size() ? "," : "") << "\n";
  }
  o << "  ]\n}\n";
  return static_cast<bool>(o);
}


}  // namespace gs::tour
