#include "protocol/request.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/notation.hpp"
#include "games/registry.hpp"
#include "protocol/json.hpp"
#include "search/expectimax.hpp"
#include "search/levels.hpp"
#include "search/player.hpp"

namespace gs {

namespace {

// A request's field, or nullptr when it has none (or is not an object).
const Json* field(const Json& req, const char* key) {
  const auto it = req.find(key);
  return it == req.end() ? nullptr : &*it;
}

// A string value's text (is_string() checked by the caller).
const std::string& text(const Json& v) { return v.get_ref<const std::string&>(); }

// JavaScript's Number.isInteger(v) && lo <= v <= hi, for a field that may be absent.
bool intField(const Json* f, double lo, double hi, double& out) {
  if (!f || !f->is_number()) return false;
  const double v = f->get<double>();
  if (!std::isfinite(v) || std::floor(v) != v || v < lo || v > hi) return false;
  out = v;
  return true;
}

std::string clipped(const std::string& s, std::size_t n) {
  // Cut at a character boundary (never inside a UTF-8 sequence).
  if (s.size() <= n) return s;
  std::size_t cut = n;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut);
}

// Words for a kind's algorithms: "star2, star1, expectimax or mcts".
std::string algorithmList(const GameInfo& info) {
  std::string words = info.algorithms, out;
  std::size_t count = 0, pos = 0;
  for (char c : words) count += c == ' ';
  for (std::size_t i = 0; i <= count; ++i) {
    const std::size_t end = std::min(words.find(' ', pos), words.size());
    out += (i == 0 ? "" : i == count ? " or " : ", ") + words.substr(pos, end - pos);
    pos = end + 1;
  }
  return out;
}

bool hasAlgorithm(const GameInfo& info, const std::string& name) {
  const std::string words = std::string(" ") + info.algorithms + " ";
  return !name.empty() && name.find(' ') == std::string::npos && words.find(" " + name + " ") != std::string::npos;
}

// The game field: the name of a registered game; of the two-player kind
// (the Session's) unless `anyKind`. "" or the message (what `type` is
// answered for a game of another kind).
std::string gameField(const Json* game, Request& r, bool anyKind = false) {
  const bool isText = game && game->is_string();
  const GameId id = isText ? findGame(text(*game)) : -1;
  if (id >= 0 && (anyKind || gameInfo(id).kind == GameKind::kTwoPlayer)) {
    r.game = text(*game);
    return "";
  }
  if (id >= 0)
    return "game '" + text(*game) + "' (" + kindWords(gameInfo(id).kind) + ") has no '" + r.type +
           "' requests: it answers state, search and levels";
  return "unknown game '" + (isText ? clipped(text(*game), 24) : std::string("")) + "'";
}

// The optional lines field (analyze: 0-5, default 0). "" or the message.
std::string linesField(const Json& req, Request& r) {
  double lines = 0;
  if (field(req, "lines") && !intField(field(req, "lines"), 0, 5, lines)) return "lines must be an integer from 0 to 5";
  r.lines = static_cast<int>(lines);
  return "";
}

// The optional threads field (solve, analyze: 1-64, default 1). "" or the message.
std::string threadsField(const Json& req, Request& r) {
  double threads = 1;
  if (field(req, "threads") && !intField(field(req, "threads"), 1, 64, threads))
    return "threads must be an integer from 1 to 64";
  r.threads = static_cast<int>(threads);
  return "";
}

// The optional size field of a two-player game (r.game, checked): "WxH",
// a board the game is played on, and either the game's own (r.size stays
// "") or the sized board this engine plays (r.size = "WxH"). "" or the
// message.
std::string sizeField(const Json& req, Request& r) {
  const Json* f = field(req, "size");
  if (!f) return "";
  return withGameOfKind<GameKind::kTwoPlayer>(findGame(r.game), [&](auto tag) -> std::string {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSizes<Game>) {
      int w = 0, h = 0;
      if (!f->is_string() || !parseBoardSize(text(*f), w, h))
        return "size must be a board written WxH, columns x rows (e.g. \"8x7\")";
      const std::string size = boardSizeText(w, h);
      if (!Game::fits(w, h))
        return "size " + size + " does not fit: " + Game::kDisplayName + " is played on " + Game::sizesText() +
               " (W columns, H rows: W, H >= 4 and W x (H + 1) <= 64)";
      if (w == Game::kWidth && h == Game::kHeight) return "";  // the game's own board
      const std::string engine = engineBoardSize(r.game);
      if (size != engine)
        return "this engine plays " + std::string(Game::kDisplayName) + " on " +
               boardSizeText(Game::kWidth, Game::kHeight) + (engine.empty() ? "" : " and " + engine) +
               " only: a board of " + size + " needs an engine started for it (worker.js?size=" + size + ")";
      r.size = size;
      return "";
    } else {
      return "size is for the games played on several boards (" + std::string(Game::kName) + " has one)";
    }
  });
}

// The position fields: game, size and moves (a legal game on that board).
// "" or the message.
std::string position(const Json& req, Request& r) {
  if (std::string err = gameField(field(req, "game"), r); !err.empty()) return err;
  if (std::string err = sizeField(req, r); !err.empty()) return err;
  const Json* movesField = field(req, "moves");
  if (!movesField || !movesField->is_string()) return "moves must be a string of digits";
  const std::string& moves = text(*movesField);
  if (moves.size() > 64) return "moves is too long";
  const ParseError err = withGameOfKind<GameKind::kTwoPlayer>(findGame(r.game), [&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSizes<Game>) {
      if (!r.size.empty()) {
        typename Game::Sized g;
        return parseMoves(moves, g);
      }
    }
    Game g;
    return parseMoves(moves, g);
  });
  if (!err.ok) return err.message;
  r.moves = moves;
  return "";
}

// The fields of `state` and of a search of a game of another kind: game
// (any kind) and position (the text of the game's notation, as far as it
// reads). "" or the message (a notation error after `prefix`).
std::string notationPosition(const Json& req, Request& r, const char* prefix = "") {
  if (std::string err = gameField(field(req, "game"), r, true); !err.empty()) return err;
  const Json* f = field(req, "position");
  if (!f || !f->is_string()) return "position must be a string (the game's notation)";
  const std::string& t = text(*f);
  if (t.size() > kPositionMaxLength)
    return "position is too long (" + std::to_string(t.size()) + " characters, at most " +
           std::to_string(kPositionMaxLength) + ")";
  const ParseError err = withGame(findGame(r.game), [&](auto tag) {
    using G = typename decltype(tag)::type;
    typename PositionNotation<G>::Record rec;
    G g;
    return PositionNotation<G>::parse(t, rec, g, nullptr);
  });
  if (!err.ok) return prefix + err.message;
  r.position = t;
  return "";
}

// The time budget: timeMs from `lo` (1, or 0 where another limit bounds
// the search) to kMaxTimeMs. "" or the message.
std::string timeField(const Json& req, int lo, double& timeMs) {
  if (!intField(field(req, "timeMs"), lo, kMaxTimeMs, timeMs))
    return "timeMs must be an integer from 1 to " + std::to_string(kMaxTimeMs);
  return "";
}

// The error for a level that is not a name of levels.hpp.
std::string unknownLevel(const Json* level) {
  std::string known;
  for (int k = 0; k < kLevelCount; ++k) known += std::string(k ? ", " : "") + kLevels[k].name;
  return "unknown level '" + (level->is_string() ? clipped(text(*level), 24) : std::string("")) + "' (use " +
         known + ")";
}

// A search's budget as read (whole numbers, in range), its engine's share,
// and the seed (1 when the request has none that fits 32 bits).
void setBudget(const Json& req, Request& r, double timeMs, double maxDepth, double temperature) {
  r.timeMs = static_cast<int>(timeMs);
  r.maxDepth = static_cast<int>(maxDepth);
  r.temperature = static_cast<int>(temperature);
  r.engineMs = engineBudgetMs(r.timeMs);
  double seed = 1;
  r.seed = intField(field(req, "seed"), 0, 4294967295.0, seed) ? seed : 1;
}

// A Monte Carlo tree search: a time and/or a playout budget, or a level's
// (levels.hpp, kMctsLevels).
// The position is `moves` (a two-player game's) or, with `notation`, `position`.
std::string mctsSearch(const Json& req, Request& r, bool notation) {
  r.algorithm = "mcts";
  for (const char* k : {"maxDepth", "temperature"})
    if (field(req, k)) return std::string(k) + " is not for algorithm mcts (it takes timeMs and playouts, or a level)";
  double timeMs = 0;
  if (const Json* level = field(req, "level")) {
    const int i = level->is_string() ? findLevel(text(*level)) : -1;
    if (i < 0) return unknownLevel(level);
    if (field(req, "timeMs") || field(req, "playouts"))
      return "level sets the budget of algorithm mcts (no timeMs or playouts with it)";
    r.playouts = kMctsLevels[i].playouts;
    timeMs = kMctsLevels[i].timeMs;
  } else {
    if (field(req, "playouts") && !intField(field(req, "playouts"), 1, 100000000, r.playouts))
      return "playouts must be an integer from 1 to 100000000";
    if (field(req, "timeMs") || r.playouts == 0)
      if (std::string err = timeField(req, 1, timeMs); !err.empty()) return err;
  }
  r.timeMs = static_cast<int>(timeMs);
  r.engineMs = engineBudgetMs(r.timeMs);
  double seed = 1;
  r.seed = intField(field(req, "seed"), 0, 4294967295.0, seed) ? seed : 1;
  return notation ? notationPosition(req, r) : position(req, r);
}

// A search of a game of kind kChance or kPlayers: one of the game's
// algorithms (its default when none is named); a level (kChanceLevels, the
// chance kind's) or timeMs and/or maxDepth; the position in the game's
// notation.
std::string kindSearch(const Json& req, Request& r, GameId id) {
  const GameInfo& info = gameInfo(id);
  r.algorithm = info.defaultAlgorithm;
  if (const Json* a = field(req, "algorithm")) {
    if (!a->is_string() || !hasAlgorithm(info, text(*a)))
      return "unknown algorithm '" + (a->is_string() ? clipped(text(*a), 24) : std::string("")) + "' (use " +
             algorithmList(info) + ")";
    r.algorithm = text(*a);
  }
  if (r.algorithm == "mcts") return mctsSearch(req, r, true);
  if (field(req, "playouts")) return "playouts is for algorithm mcts";
  const bool chance = info.kind == GameKind::kChance;
  const int depthMax = chance ? withGameOfKind<GameKind::kChance>(id, [](auto tag) {
    return ExpectimaxSearcher<typename decltype(tag)::type>::kMaxDepth;
  }) : info.maxPlies;
  double timeMs = 0, maxDepth = 0, temperature = 0;
  if (const Json* level = field(req, "level")) {
    if (!chance) return std::string("level is not for ") + kindWords(info.kind) + " (it takes timeMs and maxDepth)";
    const int i = level->is_string() ? findLevel(text(*level)) : -1;
    if (i < 0) return unknownLevel(level);
    if (field(req, "timeMs") || field(req, "maxDepth")) return "level sets the budget (no timeMs or maxDepth with it)";
    timeMs = kChanceLevels[i].timeMs;
    maxDepth = kChanceLevels[i].maxDepth;
    temperature = kChanceLevels[i].temperature;
  } else {
    if (field(req, "maxDepth") && !intField(field(req, "maxDepth"), 0, depthMax, maxDepth))
      return "maxDepth must be an integer from 0 to " + std::to_string(depthMax);
    if (field(req, "timeMs") || maxDepth == 0)
      if (std::string err = timeField(req, maxDepth > 0 ? 0 : 1, timeMs); !err.empty()) return err;
    if (field(req, "temperature")) {
      if (!chance) return std::string("temperature is not for ") + kindWords(info.kind);
      if (!intField(field(req, "temperature"), 0, 1000, temperature))
        return "temperature must be an integer from 0 to 1000";
    }
  }
  setBudget(req, r, timeMs, maxDepth, temperature);
  return notationPosition(req, r);
}

std::string search(const Json& req, Request& r) {
  const Json* game = field(req, "game");
  const GameId id = game && game->is_string() ? findGame(text(*game)) : -1;
  if (id >= 0 && gameInfo(id).kind != GameKind::kTwoPlayer) return kindSearch(req, r, id);
  if (const Json* algorithm = field(req, "algorithm")) {
    const bool known = algorithm->is_string() && (text(*algorithm) == "alphabeta" || text(*algorithm) == "mcts");
    if (!known)
      return "unknown algorithm '" + (algorithm->is_string() ? clipped(text(*algorithm), 24) : std::string("")) +
             "' (use alphabeta or mcts)";
    if (text(*algorithm) == "mcts") return mctsSearch(req, r, false);
  }
  if (field(req, "playouts")) return "playouts is for algorithm mcts";
  const Json* level = field(req, "level");
  double timeMs = 0, maxDepth = 0, temperature = 0;
  if (level) {
    const int i = level->is_string() ? findLevel(text(*level)) : -1;
    if (i < 0) return unknownLevel(level);
    timeMs = kLevels[i].timeMs;
    maxDepth = kLevels[i].maxDepth;
    temperature = kLevels[i].temperature;
    const Json* ties = field(req, "randomTies");
    r.randomTies = !(ties && ties->is_boolean() && !ties->get<bool>());
  } else {
    if (field(req, "maxDepth") && !intField(field(req, "maxDepth"), 0, 64, maxDepth))
      return "maxDepth must be an integer from 0 to 64";
    if (std::string err = timeField(req, maxDepth > 0 ? 0 : 1, timeMs); !err.empty()) return err;
    if (field(req, "temperature") && !intField(field(req, "temperature"), 0, 1000, temperature))
      return "temperature must be an integer from 0 to 1000";
    const Json* ties = field(req, "randomTies");
    r.randomTies = ties && ties->is_boolean() && ties->get<bool>();
  }
  setBudget(req, r, timeMs, maxDepth, temperature);
  if (const Json* q = field(req, "quiescence")) {
    if (!q->is_boolean()) return "quiescence must be true or false";
    r.quiescence = q->get<bool>();
  }
  if (std::string err = position(req, r); !err.empty()) return err;
  SearchLimits limits;
  limits.maxDepth = r.maxDepth;
  limits.temperature = r.temperature;
  r.usesBook = *gameInfo(findGame(r.game)).bookFile != '\0' && r.size.empty() && isStrongest(limits);
  return "";
}

// The requests of the abstract game tree (TeachingRegistry): trace and
// counts of its tree, or treeOrder (algorithm "best" or "worst": its
// children put in that order). Fields: game, tree (its text form), moves
// (a path from the root, one digit per child; "" the root), and for trace
// the algorithm and cap. The runner sets the tree before it searches.
std::string abstractTreeRequest(const Json& req, Request& r) {
  r.game = AbstractTree::kName;
  if (r.type != "trace" && r.type != "counts" && r.type != "treeOrder")
    return "the abstract game tree has no '" + r.type + "' requests (trace, counts or treeOrder)";
  const Json* t = field(req, "tree");
  if (!t || !t->is_string()) return "tree must be a string (the tree's text form, e.g. ((3,12,8),(2,4,6),(14,5,2)))";
  AbstractTreeShape shape;
  if (std::string err = parseAbstractTree(text(*t), shape); !err.empty()) return "tree: " + err;
  r.tree = text(*t);
  const Json* a = field(req, "algorithm");
  if (r.type != "counts") {
    if (!a || !a->is_string()) return "algorithm must be a string";
    r.algorithm = text(*a);
  }
  if (r.type == "treeOrder" && r.algorithm != "best" && r.algorithm != "worst")
    return "treeOrder's algorithm must be best or worst";
  double cap = 0;
  if (field(req, "cap") && !intField(field(req, "cap"), 0, 100000000, cap))
    return "cap must be an integer from 0 to 100000000";
  r.cap = static_cast<int>(cap);
  const Json* m = field(req, "moves");
  if (m && !m->is_string()) return "moves must be a string";
  r.moves = m ? text(*m) : "";
  int node = 0;
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const char c = r.moves[i];
    const std::size_t k = static_cast<std::size_t>(c - '1');
    if (c < '1' || c > '9' || k >= shape.children[node].size())
      return "moves: no child '" + clipped(std::string(1, c), 1) + "' at position " + std::to_string(i + 1);
    node = shape.children[node][k];
  }
  return "";
}

// The tree explorer's traced searches of a two-player game (trace, counts,
// deepening, values, mcts): game and moves as for a search, and the depth
// (its range per game is the trace's own check, wasm/tree_bindings.cpp).
std::string traceRequest(const Json& req, Request& r) {
  double depth = 0, cap = 0, playouts = 0, seed = 0;
  if (field(req, "depth") && !intField(field(req, "depth"), 0, 64, depth))
    return "depth must be an integer from 0 to 64";
  if (const Json* g = field(req, "game"); g && g->is_string() && TeachingRegistry::find(text(*g)) >= 0)
    return abstractTreeRequest(req, r);
  if (r.type == "treeOrder") return "treeOrder is a request of the abstract game tree (game abstract)";
  if (r.type == "trace") {
    const Json* a = field(req, "algorithm");
    if (!a || !a->is_string()) return "algorithm must be a string (minimax, alphabeta, ordered or table)";
    r.algorithm = text(*a);
    if (field(req, "cap") && !intField(field(req, "cap"), 0, 100000000, cap))
      return "cap must be an integer from 0 to 100000000";
  }
  if (r.type == "mcts") {
    if (!intField(field(req, "playouts"), 0, 100000000, playouts) ||
        !intField(field(req, "seed"), 0, 4294967295.0, seed))
      return "mcts needs whole numbers for playouts and seed";
    r.playouts = playouts;
    r.seed = seed;
  }
  r.depth = static_cast<int>(depth);
  r.cap = static_cast<int>(cap);
  if (std::string err = position(req, r); !err.empty()) return err;
  if (!r.size.empty()) return "'" + r.type + "' requests are for the game's own board (no size " + r.size + ")";
  return "";
}

// The explorer's traces of the other kinds: chanceCounts and chanceTrace (a
// game with dice), multiTree (a game of more players); game and position in
// the game's notation, depth (its range is the trace's own check).
std::string kindTraceRequest(const Json& req, Request& r) {
  double depth = 0;
  if (field(req, "depth") && !intField(field(req, "depth"), 0, 64, depth))
    return "depth must be an integer from 0 to 64";
  r.depth = static_cast<int>(depth);
  if (r.type == "chanceTrace") {
    const Json* a = field(req, "algorithm");
    if (!a || !a->is_string()) return "algorithm must be a string (expectimax, star1 or star2)";
    r.algorithm = text(*a);
  }
  // (the chance view's messages name the field, as the explorer shows them)
  const char* prefix = r.type == "multiTree" ? "" : "position: ";
  if (std::string err = notationPosition(req, r, prefix); !err.empty()) return err;
  const GameKind kind = gameInfo(findGame(r.game)).kind;
  if (kind != (r.type == "multiTree" ? GameKind::kPlayers : GameKind::kChance))
    return "game '" + r.game + "' (" + kindWords(kind) + ") has no '" + r.type + "' requests";
  return "";
}

// What answers a request that checkRequest accepted (Request::runner).
std::string runnerOf(const Request& r) {
  if (r.type == "isready" || r.type == "memory" || r.type == "book") return "worker";
  if (r.type == "trace" || r.type == "counts" || r.type == "deepening" || r.type == "values" || r.type == "mcts" ||
      r.type == "chanceCounts" || r.type == "chanceTrace" || r.type == "multiTree" || r.type == "treeOrder")
    return "trace";
  const bool twoPlayer = r.game.empty() || gameInfo(findGame(r.game)).kind == GameKind::kTwoPlayer;
  const bool sessionType = r.type == "search" || r.type == "analyze" || r.type == "review" || r.type == "solve" ||
                           r.type == "newgame";
  return sessionType && twoPlayer ? "session" : "engine";
}

}  // namespace

std::string engineBoardSize(const std::string& game) {
  const GameId id = findGame(game);
  if (id < 0) return "";
  return withGame(id, [](auto tag) -> std::string {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSizes<Game>) {
      using Sized = typename Game::Sized;
      if (Sized::width() != Game::kWidth || Sized::height() != Game::kHeight)
        return boardSizeText(Sized::width(), Sized::height());
    }
    return "";
  });
}

std::string setEngineBoardSize(const std::string& game, const std::string& size) {
  const GameId id = findGame(game);
  if (id < 0) return "unknown game '" + clipped(game, 24) + "'";
  return withGame(id, [&](auto tag) -> std::string {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSizes<Game>) {
      int w = 0, h = 0;
      if (!parseBoardSize(size, w, h))
        return "size must be a board written WxH, columns x rows (e.g. 8x7), not '" + clipped(size, 24) + "'";
      if (!Game::fits(w, h))
        return "size " + boardSizeText(w, h) + " does not fit: " + Game::kDisplayName + " is played on " +
               Game::sizesText() + " (W columns, H rows: W, H >= 4 and W x (H + 1) <= 64)";
      if (w != Game::kWidth || h != Game::kHeight) Game::setSize(w, h);
      return "";
    } else {
      return std::string(Game::kDisplayName) + " is played on one board only";
    }
  });
}

int engineBudgetMs(int timeMs) {
  return timeMs > 0 ? std::max(1, timeMs - std::min(8, timeMs / 50)) : 0;
}

Request checkRequest(const std::string& json) {
  Request r;
  if (json.size() > kRequestMaxLength) {
    r.error = "the request is too large";
    return r;
  }
  const Json req = parseJson(json, kRequestMaxDepth);  // the request object at depth 0
  const Json* type = field(req, "type");
  if (!type || !type->is_string()) {
    r.error = "a request must be an object with a string `type`";
    return r;
  }
  r.type = text(*type);
  if (r.type == "search") {
    r.error = search(req, r);
  } else if (r.type == "analyze" || r.type == "review") {
    double timeMs = 0;
    r.error = timeField(req, 1, timeMs);
    if (r.error.empty() && r.type == "analyze") r.error = threadsField(req, r);
    if (r.error.empty() && r.type == "analyze") r.error = linesField(req, r);
    if (r.error.empty()) r.error = position(req, r);
    r.timeMs = static_cast<int>(timeMs);
    r.engineMs = engineBudgetMs(r.timeMs);
    r.usesBook = r.error.empty() && *gameInfo(findGame(r.game)).bookFile != '\0' && r.size.empty();
  } else if (r.type == "solve") {
    r.error = threadsField(req, r);
    if (r.error.empty()) r.error = position(req, r);
  } else if (r.type == "state" || r.type == "evaluate") {
    r.error = notationPosition(req, r);
  } else if (r.type == "newgame") {
    if (const Json* game = field(req, "game")) r.error = gameField(game, r);
    if (r.error.empty() && field(req, "size")) {
      if (r.game.empty()) r.error = "size needs a game";
      else r.error = sizeField(req, r);
    }
  } else if (r.type == "levels") {
    if (const Json* game = field(req, "game")) {
      r.error = gameField(game, r, true);
      if (r.error.empty() && gameInfo(findGame(r.game)).kind == GameKind::kPlayers)
        r.error = "game '" + r.game + "' (" + kindWords(GameKind::kPlayers) + ") has no levels";
    }
  } else if (r.type == "trace" || r.type == "counts" || r.type == "deepening" || r.type == "values" ||
             r.type == "mcts" || r.type == "treeOrder") {
    r.error = traceRequest(req, r);
  } else if (r.type == "chanceCounts" || r.type == "chanceTrace" || r.type == "multiTree") {
    r.error = kindTraceRequest(req, r);
  } else if (r.type != "isready" && r.type != "games" && r.type != "memory" && r.type != "book") {
    r.error = "unknown request type '" + clipped(r.type, 40) + "'";
  }
  if (r.error.empty()) r.runner = runnerOf(r);
  return r;
}

}  // namespace gs
