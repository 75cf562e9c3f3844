#include "session.hpp"

#include "core/notation.hpp"

namespace gs {

bool parseGameKind(const std::string& name, GameKind* kind) {
  if (name == "connect4") *kind = GameKind::kConnect4;
  else if (name == "tictactoe") *kind = GameKind::kTicTacToe;
  else return false;
  return true;
}

const char* gameKindName(GameKind kind) {
  return kind == GameKind::kConnect4 ? "connect4" : "tictactoe";
}

// Calls f(game) with the current position as its concrete type.
#define GS_DISPATCH(f)                                            \
  (kind_ == GameKind::kConnect4 ? f(rebuild<Connect4>()) : f(rebuild<TicTacToe>()))

Session::Session(GameKind kind, std::size_t tableBytes)
    : kind_(kind), tt_(tableBytes), solverTt_(tableBytes) {}

template <class Game>
Game Session::rebuild() const {
  Game g;
  for (int m : history_) g.play(m);
  return g;
}

void Session::newGame(GameKind kind) {
  kind_ = kind;
  history_.clear();
  tt_.clear();
  solverTt_.clear();
}

std::string Session::setMoves(const std::string& moves) {
  std::vector<int> parsed;
  ParseError err;
  auto parse = [&](auto game) {
    err = parseMoves(moves, game);
    return 0;
  };
  if (kind_ == GameKind::kConnect4) parse(Connect4{});
  else parse(TicTacToe{});
  if (!err.ok) return err.message;
  history_.clear();
  for (char c : moves) history_.push_back(c - '1');
  return "";
}

bool Session::canPlay(int move) const {
  if (move < 1 || move > moveSlots()) return false;
  auto check = [&](const auto& g) { return !g.lastMoverWon() && !g.isFull() && g.canPlay(move - 1); };
  return GS_DISPATCH(check);
}

bool Session::play(int move) {
  if (!canPlay(move)) return false;
  history_.push_back(move - 1);
  return true;
}

bool Session::undo() {
  if (history_.empty()) return false;
  history_.pop_back();
  return true;
}

std::string Session::moves() const {
  std::string s;
  for (int m : history_) s += static_cast<char>('1' + m);
  return s;
}

Outcome Session::outcome() const {
  auto get = [&](const auto& g) {
    if (g.lastMoverWon()) return g.plies() % 2 == 1 ? Outcome::kFirstWins : Outcome::kSecondWins;
    if (g.isFull()) return Outcome::kDraw;
    return Outcome::kOngoing;
  };
  return GS_DISPATCH(get);
}

std::vector<int> Session::legalMoves() const {
  std::vector<int> out;
  if (outcome() != Outcome::kOngoing) return out;
  for (int m = 1; m <= moveSlots(); ++m)
    if (canPlay(m)) out.push_back(m);
  return out;
}

std::vector<int> Session::winningCells() const {
  auto get = [&](const auto& g) { return g.winningCells(); };
  return GS_DISPATCH(get);
}

int Session::cell(int col, int row) const {
  if (col < 0 || col >= width() || row < 0 || row >= height()) return 0;
  auto get = [&](const auto& g) { return g.cell(col, row); };
  return GS_DISPATCH(get);
}

int Session::width() const { return kind_ == GameKind::kConnect4 ? Connect4::kWidth : TicTacToe::kWidth; }
int Session::height() const { return kind_ == GameKind::kConnect4 ? Connect4::kHeight : TicTacToe::kHeight; }
int Session::moveSlots() const {
  return kind_ == GameKind::kConnect4 ? Connect4::kMoveSlots : TicTacToe::kMoveSlots;
}

namespace {
void toOneBased(SearchInfo& info) {
  for (int& m : info.pv) ++m;
}
}  // namespace

SearchResult Session::think(const SearchLimits& limits, const std::function<void(const SearchInfo&)>& onInfo) {
  auto run = [&](const auto& g) {
    using Game = std::decay_t<decltype(g)>;
    Player<Game> player(tt_, solverTt_);
    player.setSearchOptions(searchOptions_);
    if (book_.size()) player.setBook(&book_);
    if (onInfo)
      player.setInfoCallback([&](const SearchInfo& info) {
        SearchInfo copy = info;
        toOneBased(copy);
        onInfo(copy);
      });
    SearchResult r = player.think(g, limits);
    if (r.bestMove >= 0) ++r.bestMove;
    toOneBased(r.info);
    lastNodes_ = r.info.nodes;
    return r;
  };
  return GS_DISPATCH(run);
}

std::vector<MoveScore> Session::analyze(int timeMs) {
  std::vector<MoveScore> out;
  std::vector<int> legal = legalMoves();
  const int share = legal.empty() ? 0 : std::max(1, timeMs / static_cast<int>(legal.size()));
  lastNodes_ = 0;
  std::uint64_t total = 0;
  for (int m = 1; m <= moveSlots(); ++m) {
    MoveScore ms;
    ms.move = m;
    ms.legal = canPlay(m);
    if (ms.legal) {
      auto score = [&](const auto& g0) {
        using Game = std::decay_t<decltype(g0)>;
        if (g0.isWinningMove(m - 1)) {
          ms.exact = true;
          ms.score = winScoreAtPly<Game>(g0.plies());
          ms.depth = 1;
          return 0;
        }
        Game g = g0;
        g.play(m - 1);
        if (g.isFull()) {
          ms.exact = true;
          ms.score = 0;
          return 0;
        }
        Searcher<Game> searcher(tt_);
        searcher.setOptions(searchOptions_);
        SearchLimits lim;
        lim.timeMs = share;
        SearchResult r = searcher.think(g, lim);
        ms.exact = r.info.exact;
        ms.score = -r.info.score;
        ms.depth = r.info.depth + 1;
        total += r.info.nodes;
        return 0;
      };
      GS_DISPATCH(score);
    }
    out.push_back(ms);
  }
  lastNodes_ = total;
  return out;
}

std::string Session::loadBook(const std::string& bytes) {
  std::string error;
  if (book_.loadBytes(std::vector<unsigned char>(bytes.begin(), bytes.end()), &error)) return "";
  return error.empty() ? "cannot read the book" : error;
}

int Session::solve() {
  auto run = [&](const auto& g) {
    using Game = std::decay_t<decltype(g)>;
    Solver<Game> solver(solverTt_);
    int s = solver.solve(g);
    lastNodes_ = solver.nodes();
    return s;
  };
  return GS_DISPATCH(run);
}

}  // namespace gs
