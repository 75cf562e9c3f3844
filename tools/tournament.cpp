// tournament: engine-vs-engine matches and pruning measurements for the
// strength study (docs/study.md). Connect Four only.
//
//   play   a round robin between players given as engine settings, every
//          opening played twice per pairing (each player once to move first),
//          games in parallel threads, one CSV line per finished game (a rerun
//          skips the games already there), then a summary: W/D/L per pairing,
//          ratings with confidence intervals, depth, nodes, speed, and the
//          share of moves that kept the game value, judged by the exact solver.
//   nodes  nodes searched to reach depth 1, 2, ... for each pruning variant on
//          a fixed set of positions.
//
// Record keeping, player specs and ratings live in tournament_lib.hpp, the
// summary in tournament_summary.hpp, the nodes mode in tournament_nodes.hpp.
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "games/connect4/connect4.hpp"
#include "core/notation.hpp"
#include "search/mcts.hpp"
#include "search/player.hpp"
#include "search/review.hpp"
#include "search/searcher.hpp"
#include "search/solver.hpp"
#include "command_line.hpp"
#include "tournament_lib.hpp"
#include "tournament_nodes.hpp"
#include "tournament_summary.hpp"
#include "core/tt.hpp"

namespace {

using gs::Connect4;
using namespace gs::tour;

const char* kAbout = "tournament - engine-vs-engine matches and pruning measurements (Connect Four)";

// play's explanation and the player SPEC syntax (parsePlayerSpec, tournament_lib.hpp).
const char* kPlayAbout = R"(Every opening is played twice per pairing, once with each player to move
first. Each finished game is appended to the CSV file at once; a rerun with
the same file skips the games already in it (key = player to move first +
other player + opening), so an interrupted run resumes. The summary (stdout,
and --json) covers every game in the file between the players given.

Player SPEC: comma-separated tokens
  t=MS          thinking time per move in ms (required; 0 = none, needs depth=)
  depth=D       depth limit
  minimax       plain minimax, no alpha-beta pruning
  noorder       no move ordering (evaluation, killers and history off)
  notable       no transposition table
  nokillers, nohistory, noquiescence
                switch one technique off
  temp=T        pick among root moves by a softmax with temperature T
  solver        the full player (engine/search/player.hpp): the book (with --book), then
                the solver when a proof fits in the time, else iterative deepening
  level=NAME    a difficulty level of engine/search/levels.hpp (beginner, casual,
                strong, perfect): sets t=, depth= and temp= (strong, perfect:
                also solver)
  name=LABEL    label for the output instead of the canonical spec
  e.g. --player t=10  --player t=100,noorder  --player t=1000,depth=6,minimax

  mcts          Monte Carlo tree search (engine/search/mcts.hpp) instead of
                alpha-beta, with t=MS and/or playouts=N per move (whichever
                ends first; t= may be left out) and its own switches:
  playouts=N    playouts per move
  c=X           UCB1's exploration constant
  nosmart       uniformly random playouts (no win / block in one)
  nomctssolver  no MCTS-Solver (proven values do not propagate)
  noreuse       a fresh tree every move (by default the subtree is kept)
  level=NAME    with mcts: that level's MCTS budget (levels.hpp, kMctsLevels;
                gamesearch --help lists them)
  e.g. --player mcts,playouts=20000  --player mcts,t=100,nosmart
  For an mcts player the summary's "nodes" are playouts and "depth" the
  length of the most visited line; a move counts as exact when
  MCTS-Solver proved the position. Its seed comes from the players and the
  opening, so a game with playouts= only replays the same.
)";

const char* kNodesAbout = R"(Variants: minimax (no pruning, no table, no ordering); alphabeta (no ordering,
no table); +ordering (no table); +table (everything on); table,noorder (the
table and its move, but no evaluation ordering, killers or history). Every
variant keeps the static centre-first order as the tie-break. Each position is
searched from a cleared table by iterative deepening to depth D; the count is
every node of all iterations, quiescence included.
)";

[[noreturn]] void usageError(const std::string& msg) { gs::cli::usageError("tournament", msg); }

struct Config {
  std::string command;
  std::vector<PlayerSpec> players;
  std::string openingsFile = "bench/openings.txt";
  std::string bookFile;
  int numOpenings = 0;  // 0: play's default (all), nodes' default (8)
  std::string csv = "tournament.csv";
  std::string nodesCsv;
  int threads = 2;
  int ttMb = 16;
  int judgeStones = 16;
  double prior = 1.0;
  int bootstrap = 400;
  std::string json;
  bool noPlay = false;
  int maxDepth = 12;
  double nodeCap = 2e7;
};

// --player's check: the SPEC parses (parsePlayerSpec's error otherwise).
std::string checkPlayer(const std::string& text) {
  PlayerSpec p;
  std::string err;
  return parsePlayerSpec(text, p, err) ? std::string() : err;
}

// The options both commands read: the positions, the table, the outputs.
void addPositionOptions(CLI::App& cmd, Config& c, const std::string& countDefault) {
  cmd.add_option("--openings", c.openingsFile, "openings, one \"<moves> [score]\" per line, # comments")
      ->type_name("FILE")
      ->capture_default_str();
  cmd.add_option("--num-openings", c.numOpenings, "use the first N openings (default " + countDefault + ")")
      ->type_name("N")
      ->transform(gs::cli::wholeNumber(1, 100000));
  cmd.add_option("--tt-mb", c.ttMb, "table size in MiB (play: per player and for the judge)")
      ->type_name("N")
      ->transform(gs::cli::wholeNumber(1, 4096))
      ->capture_default_str();
}

void addPlayOptions(CLI::App& play, Config& c, std::vector<std::string>& players) {
  using gs::cli::wholeNumber;
  play.add_option("--player", players, "a player (SPEC below); at least two, each given once")
      ->type_name("SPEC")
      ->allow_extra_args(false)
      ->check(CLI::Validator(checkPlayer, ""));
  addPositionOptions(play, c, "all");
  play.add_option("--csv", c.csv, "per-game results, appended")->type_name("FILE")->capture_default_str();
  play.add_option("--threads", c.threads, "games in parallel")
      ->type_name("N")
      ->transform(wholeNumber(1, 256))
      ->capture_default_str();
  play.add_option("--book", c.bookFile,
                  "opening book (tools/bookgen, e.g. web/book.bin) for the\n"
                  "players that try the solver (solver, level=perfect): they\n"
                  "answer from it first, as in the page")
      ->type_name("FILE");
  play.add_option("--judge-stones", c.judgeStones, "judge moves with the exact solver from S stones on (0 = no judging)")
      ->type_name("S")
      ->transform(wholeNumber(0, 42))
      ->capture_default_str();
  play.add_option("--prior", c.prior, "virtual draws added per pairing for the ratings")
      ->type_name("X")
      ->check(gs::cli::realNumber(0, 1000))
      ->capture_default_str();
  play.add_option("--bootstrap", c.bootstrap, "bootstrap samples for the rating intervals")
      ->type_name("N")
      ->transform(wholeNumber(0, 100000))
      ->capture_default_str();
  play.add_option("--json", c.json, "also write the summary as JSON")->type_name("FILE");
  play.add_flag("--no-play", c.noPlay, "only print the summary of what the CSV holds");
}

void addNodesOptions(CLI::App& nodes, Config& c) {
  addPositionOptions(nodes, c, "8");
  nodes.add_option("--max-depth", c.maxDepth, "deepest depth")
      ->type_name("D")
      ->transform(gs::cli::wholeNumber(1, 42))
      ->capture_default_str();
  nodes.add_option("--node-cap", c.nodeCap,
                   "stop deepening a variant once one depth needed more than\nN nodes in total")
      ->type_name("N")
      ->check(gs::cli::realNumber(1, 1e15))
      ->capture_default_str();
  nodes.add_option("--csv", c.nodesCsv, "write variant,depth,positions,nodes,mean_nodes,time_ms")->type_name("FILE");
  nodes.add_option("--json", c.json, "the same as JSON, with effective branching factors")->type_name("FILE");
}

// The command line (CLI11: each option declared once, with its check and
// its help), then what the declarations cannot say: the command, two
// players at least, no player twice.
Config parseArgs(int argc, char** argv) {
  Config c;
  std::vector<std::string> players;
  CLI::App app(kAbout, "tournament");
  gs::cli::setConventions(app);
  CLI::App* play = app.add_subcommand("play", "a round robin between the players, with ratings and the judge's verdicts");
  CLI::App* nodes = app.add_subcommand("nodes", "nodes searched to reach each depth, per pruning variant");
  play->footer(kPlayAbout);
  nodes->footer(kNodesAbout);
  addPlayOptions(*play, c, players);
  addNodesOptions(*nodes, c);
  gs::cli::commandsFooter(app);
  gs::cli::parseOrExit(app, argc, argv);

  if (app.got_subcommand(play)) c.command = "play";
  else if (app.got_subcommand(nodes)) c.command = "nodes";
  else usageError("no command given (play or nodes)");
  for (const std::string& text : players) {
    PlayerSpec p;
    std::string err;
    parsePlayerSpec(text, p, err);  // checked by checkPlayer
    for (auto& q : c.players)
      if (q.name == p.name) usageError("player '" + p.name + "' given twice");
    c.players.push_back(p);
  }
  if (c.command == "play" && c.players.size() < 2) usageError("play needs at least two --player");
  return c;
}

std::vector<std::string> readOpenings(const Config& c, int defaultCount) {
  std::ifstream in(c.openingsFile);
  if (!in) usageError("cannot read openings file '" + c.openingsFile + "'");
  std::vector<std::string> out;
  std::string line;
  int lineNo = 0;
  int limit = c.numOpenings ? c.numOpenings : defaultCount;
  while (std::getline(in, line) && (limit <= 0 || static_cast<int>(out.size()) < limit)) {
    ++lineNo;
    std::size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#') continue;
    std::string moves = line.substr(b, line.find_first_of(" \t\r", b) - b);
    Connect4 g;
    gs::ParseError err = gs::parseMoves(moves, g);
    if (!err.ok || g.lastMoverWon() || g.isFull())
      usageError(c.openingsFile + " line " + std::to_string(lineNo) + ": not a playable position '" + moves + "'");
    out.push_back(moves);
  }
  if (out.empty()) usageError("no openings in '" + c.openingsFile + "'");
  return out;
}

std::string fmtDuration(double s) {
  char b[32];
  long t = static_cast<long>(s + 0.5);
  if (t >= 3600) std::snprintf(b, sizeof b, "%ldh%02ldm", t / 3600, t / 60 % 60);
  else std::snprintf(b, sizeof b, "%ldm%02lds", t / 60, t % 60);
  return b;
}

// --- play ------------------------------------------------------------------

struct Job {
  int first, second;  // player indices
  std::string opening;
};

// Everything one thread needs: a table per side, the judge's own table
// (solver entries are exact bounds, search entries heuristic: never mixed).
struct Worker {
  gs::TranspositionTable tt[2], solverTt[2], judgeTt;
  explicit Worker(std::size_t bytes)
      : tt{gs::TranspositionTable(bytes), gs::TranspositionTable(bytes)},
        solverTt{gs::TranspositionTable(bytes), gs::TranspositionTable(bytes)},
        judgeTt(bytes) {}
};

GameRecord playGame(const Job& job, const std::vector<PlayerSpec>& players, Worker& w, int judgeStones,
                    const gs::Book* book) {
  GameRecord r;
  r.first = players[job.first].name;
  r.second = players[job.second].name;
  r.opening = job.opening;
  Connect4 pos;
  gs::parseMoves(job.opening, pos);
  std::string moves = job.opening;
  for (auto& t : w.tt) t.clear();
  for (auto& t : w.solverTt) t.clear();
  // An mcts player keeps its tree from move to move (unless noreuse).
  std::unique_ptr<gs::Mcts<Connect4>> mcts[2];
  for (int side = 0; side < 2; ++side) {
    const PlayerSpec& p = players[side == 0 ? job.first : job.second];
    if (!p.mcts) continue;
    gs::MctsOptions o = p.mctsOpt;
    o.seed = static_cast<std::uint32_t>(std::hash<std::string>{}(r.first + "|" + r.second + "|" + job.opening) + side);
    mcts[side] = std::make_unique<gs::Mcts<Connect4>>(o);
  }
  int turn = 0;  // 0: first, 1: second
  while (!pos.lastMoverWon() && !pos.isFull()) {
    const PlayerSpec& p = players[turn == 0 ? job.first : job.second];
    if (p.mcts) {
      gs::MctsLimits lim;
      lim.playouts = p.playouts;
      lim.timeMs = p.timeMs;
      const gs::MctsResult res = mcts[turn]->think(pos, lim);
      SideStats& st = r.side[turn];
      ++st.moves;
      if (res.proven) ++st.exactMoves;
      else st.depthSum += static_cast<long>(res.pv.size());
      st.nodes += res.playouts;
      st.timeMs += res.timeMs;
      pos.play(res.bestMove);
      moves += static_cast<char>('1' + res.bestMove);
      turn ^= 1;
      continue;
    }
    // The player of engine/search/player.hpp: with `solver`, the book (if given),
    // then the solver when a proof fits; otherwise plain iterative deepening.
    gs::Player<Connect4> s(w.tt[turn], w.solverTt[turn]);
    s.setSearchOptions(p.opt);
    gs::SearchLimits lim;
    lim.timeMs = p.timeMs;
    lim.maxDepth = p.maxDepth;
    if (p.temperature > 0) {  // reproducible randomness: seeded by the game and the ply
      lim.temperature = p.temperature;
      lim.randomTies = true;
      lim.seed = static_cast<std::uint32_t>(std::hash<std::string>{}(r.first + "|" + r.second + "|" + moves) | 1u);
    }
    s.setExactAttempts(p.solver);
    if (p.solver && book) s.setBook(book);
    gs::SearchResult res = s.think(pos, lim);
    SideStats& st = r.side[turn];
    ++st.moves;
    if (res.info.exact || res.info.verdict) ++st.exactMoves;  // proven moves
    else st.depthSum += res.info.depth;
    st.nodes += res.info.nodes;
    st.timeMs += res.info.timeMs;
    pos.play(res.bestMove);
    moves += static_cast<char>('1' + res.bestMove);
    turn ^= 1;
  }
  r.moves = moves;
  // Times as the CSV stores them (3 decimals), so a summary printed now equals
  // the one a resumed run computes from the file.
  for (SideStats& st : r.side) st.timeMs = std::round(st.timeMs * 1000.0) / 1000.0;
  if (!pos.lastMoverWon()) r.score = 0.5;
  else r.score = turn == 1 ? 1.0 : 0.0;  // the last mover won; turn has already flipped

  // The judge: the game review (search/review.hpp) of the positions with at
  // least judgeStones stones, win/draw/loss only. A move from a position the
  // mover does not lose keeps the value if the outcome class (win / draw)
  // stays the same.
  if (judgeStones > 0) {
    w.judgeTt.clear();
    gs::Reviewer<Connect4> reviewer(w.judgeTt);
    reviewer.setExactScores(false);
    reviewer.setBetterMoves(false);
    std::vector<int> played;
    for (char ch : moves) played.push_back(ch - '1');
    const int open = static_cast<int>(job.opening.size());  // turn 0 moves at ply `open`
    const gs::Review review = reviewer.review(played, gs::Deadline(), std::max(judgeStones, open));
    for (int i = std::max(judgeStones, open); i < static_cast<int>(played.size()); ++i) {
      if (review.positions[i].sign() < 0) continue;
      SideStats& st = r.side[(i - open) % 2];
      ++st.judged;
      if (review.moves[i].mark == gs::MoveMark::kKeeps) ++st.kept;
    }
  }
  return r;
}

int runPlay(const Config& c) {
  std::vector<std::string> openings = readOpenings(c, 0);
  std::vector<GameRecord> done;
  {
    std::ifstream in(c.csv);
    int bad = 0;
    // (with --no-play the file is all there is to summarise: a name that is not there is a mistake)
    if (!in && c.noPlay) usageError("--no-play: cannot read '" + c.csv + "'");
    if (in) done = readRecords(in, &bad);
    if (bad) std::cerr << "tournament: skipped " << bad << " malformed line(s) in " << c.csv << "\n";
  }
  std::set<std::string> have;
  for (auto& r : done) have.insert(gameKey(r));

  // Jobs: opening-major, so a partial run has every pairing on the first openings.
  const int n = static_cast<int>(c.players.size());
  std::vector<Job> jobs;
  int total = 0;
  for (const std::string& op : openings)
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        for (int swap = 0; swap < 2; ++swap) {
          Job jb{swap ? j : i, swap ? i : j, op};
          ++total;
          if (!have.count(gameKey(c.players[jb.first].name, c.players[jb.second].name, op))) jobs.push_back(jb);
        }
  if (!c.noPlay && !jobs.empty()) {
    std::cerr << "tournament: " << total << " games, " << total - jobs.size() << " already in " << c.csv << ", "
              << jobs.size() << " to play on " << c.threads << " thread(s)\n";
    bool fresh;
    {
      std::ifstream probe(c.csv);
      fresh = !probe || probe.peek() == std::ifstream::traits_type::eof();
    }
    std::ofstream out(c.csv, std::ios::app);
    if (!out) usageError("cannot write '" + c.csv + "'");
    if (fresh) out << kCsvHeader << "\n" << std::flush;

    std::atomic<std::size_t> next{0};
    std::atomic<int> finished{0};
    std::mutex outMutex;
    const std::size_t bytes = static_cast<std::size_t>(c.ttMb) << 20;
    gs::Book book;
    if (!c.bookFile.empty()) {
      std::string why;
      if (!book.load<gs::Connect4>(c.bookFile, &why)) usageError("--book: " + why);
      std::cerr << "tournament: opening book " << c.bookFile << ", " << book.size() << " positions\n";
    }
    auto work = [&]() {
      Worker w(bytes);
      for (std::size_t k; (k = next++) < jobs.size();) {
        GameRecord r = playGame(jobs[k], c.players, w, c.judgeStones, book.size() ? &book : nullptr);
        std::lock_guard<std::mutex> lock(outMutex);
        out << toCsv(r) << "\n" << std::flush;
        done.push_back(r);
        ++finished;
      }
    };
    auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (int t = 0; t < c.threads; ++t) pool.emplace_back(work);
    const int todo = static_cast<int>(jobs.size());
    // On a terminal the bar redraws in place twice a second; into a file or
    // pipe it prints a line each tenth of the games.
    const bool tty = isatty(fileno(stderr));
    int lastTenth = -1;
    for (;;) {
      int f = finished.load();
      double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const int width = 30;
      int fill = todo ? f * width / todo : width;
      std::string bar(fill, '#');
      bar += std::string(width - fill, '.');
      std::string eta = f ? fmtDuration(el / f * (todo - f)) : std::string("?");
      if (tty || f * 10 / todo != lastTenth) {
        std::fprintf(stderr, "%s[%s] %d/%d games  elapsed %s  ETA %s   %s", tty ? "\r" : "", bar.c_str(), f, todo,
                     fmtDuration(el).c_str(), eta.c_str(), tty ? "" : "\n");
        std::fflush(stderr);
        lastTenth = f * 10 / todo;
      }
      if (f >= todo) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    if (tty) std::fprintf(stderr, "\n");
    for (auto& t : pool) t.join();
  }
  SummaryOptions so{c.prior, c.bootstrap, c.threads, c.ttMb, c.judgeStones};
  Summary S = summarize(c.players, so, done);
  printSummary(c.players, so, S, std::cout);
  if (!c.json.empty() && !writeSummaryJson(c.players, so, S, c.json)) usageError("cannot write '" + c.json + "'");
  return 0;
}

int runNodes(const Config& c) {
  measureNodes(readOpenings(c, 8), c.ttMb, c.maxDepth, c.nodeCap, c.nodesCsv, c.json);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Config c = parseArgs(argc, argv);
  return c.command == "play" ? runPlay(c) : runNodes(c);
}
