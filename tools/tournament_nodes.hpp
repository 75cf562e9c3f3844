// Nodes against depth for each pruning variant (`tournament nodes`): the
// classic picture of b^d for minimax against about b^(d/2) for alpha-beta with
// a good move order. Each position is searched from a cleared table by
// iterative deepening to depth d; every node of every iteration counts,
// quiescence included. The effective branching factor is the geometric mean
// of N(d)/N(d-1).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "games/connect4/connect4.hpp"
#include "core/notation.hpp"
#include "search/searcher.hpp"
#include "tournament_lib.hpp"
#include "core/tt.hpp"

namespace gs::tour {

struct Variant {
  const char* name;
  SearchOptions opt;
};

inline std::vector<Variant> variants() {
  SearchOptions none;
  none.evalOrdering = none.killers = none.history = false;
  none.table = false;
  SearchOptions mm = none;
  mm.alphaBeta = false;
  SearchOptions ord;
  ord.table = false;
  SearchOptions tableOnly = none;
  tableOnly.table = true;
  SearchOptions all;
  return {{"minimax", mm}, {"alphabeta", none}, {"+ordering", ord}, {"+table", all}, {"table,noorder", tableOnly}};
}

// Measures every variant to depth 1..maxDepth on `openings`, prints the
// table and the effective branching factors, and writes csv/json when their
// paths are not empty.
inline void measureNodes(const std::vector<std::string>& openings, int ttMb, int maxDepth, double nodeCap,
                         const std::string& csv, const std::string& json) {
  TranspositionTable tt(static_cast<std::size_t>(ttMb) << 20);
  struct Row {
    std::string variant;
    int depth;
    double nodes, timeMs;
  };
  std::vector<Row> rows;
  std::printf("%-13s %5s %14s %14s %10s\n", "variant", "depth", "nodes", "mean/position", "time_ms");
  for (const Variant& v : variants()) {
    for (int d = 1; d <= maxDepth; ++d) {
      double nodes = 0, ms = 0;
      for (const std::string& op : openings) {
        Connect4 pos;
        parseMoves(op, pos);
        tt.clear();
        Searcher<Connect4> s(tt);
        s.setOptions(v.opt);
        SearchLimits lim;
        lim.timeMs = 0;
        lim.maxDepth = d;
        SearchResult r = s.think(pos, lim);
        nodes += static_cast<double>(r.info.nodes);
        ms += r.info.timeMs;
      }
      rows.push_back({v.name, d, nodes, ms});
      std::printf("%-13s %5d %14.0f %14.0f %10.1f\n", v.name, d, nodes, nodes / openings.size(), ms);
      std::fflush(stdout);
      if (nodes > nodeCap) break;
    }
  }
  // Effective branching factor per variant: geometric mean of N(d)/N(d-1)
  // (a) over the deepest four steps each variant reached, and (b) over the
  // four steps up to the deepest depth every variant reached, so all are
  // compared on the same depths.
  std::map<std::string, std::vector<double>> byVariant;
  for (auto& r : rows) byVariant[r.variant].push_back(r.nodes);
  int common = maxDepth;
  for (auto& [name, ns] : byVariant) common = std::min(common, static_cast<int>(ns.size()));
  const int commonFrom = std::max(1, common - 4);
  std::map<std::string, double> ebf, ebfCommon;
  std::printf("\neffective branching factor, geometric mean of N(d)/N(d-1)\n");
  std::printf("  %-13s %16s %22s\n", "variant", "deepest 4 steps", 
              ("depths " + std::to_string(commonFrom) + "-" + std::to_string(common) + " (all)").c_str());
  for (auto& [name, ns] : byVariant) {
    int k = std::min<int>(4, static_cast<int>(ns.size()) - 1);
    ebf[name] = k > 0 ? std::pow(ns.back() / ns[ns.size() - 1 - k], 1.0 / k) : 0;
    ebfCommon[name] = common > commonFrom ? std::pow(ns[common - 1] / ns[commonFrom - 1], 1.0 / (common - commonFrom)) : 0;
    std::printf("  %-13s %16.2f %22.2f\n", name.c_str(), ebf[name], ebfCommon[name]);
  }
  if (!csv.empty()) {
    std::ofstream o(csv);
    o << "variant,depth,positions,nodes,mean_nodes,time_ms\n";
    for (auto& r : rows)
      o << r.variant << ',' << r.depth << ',' << openings.size() << ',' << static_cast<std::uint64_t>(r.nodes) << ','
        << r.nodes / openings.size() << ',' << r.timeMs << "\n";
  }
  if (!json.empty()) {
    std::ofstream o(json);
    o << "{\n  \"kind\": \"nodes\",\n  \"positions\": " << openings.size() << ",\n  \"ebf\": {";
    std::size_t k = 0;
    for (auto& [name, b] : ebf) o << jsonString(name) << ": " << b << (++k < ebf.size() ? ", " : "");
    o << "},\n  \"ebfCommon\": {";
    k = 0;
    for (auto& [name, b] : ebfCommon) o << jsonString(name) << ": " << b << (++k < ebfCommon.size() ? ", " : "");
    o << "},\n  \"ebfCommonFrom\": " << commonFrom << ",\n  \"ebfCommonTo\": " << common << ",\n  \"rows\": [\n";
    for (std::size_t i = 0; i < rows.size(); ++i)
      o << "    {\"variant\": " << jsonString(rows[i].variant) << ", \"depth\": " << rows[i].depth
        << ", \"meanNodes\": " << rows[i].nodes / openings.size() << ", \"timeMs\": " << rows[i].timeMs << "}"
        << (i + 1 < rows.size() ? "," : "") << "\n";
    o << "  ]\n}\n";
  }
}

}  // namespace gs::tour
