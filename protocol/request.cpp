#include "protocol/request.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

#include "core/notation.hpp"
#include "games/registry.hpp"
#include "search/levels.hpp"
#include "search/player.hpp"

namespace gs {

namespace {

// A JSON value (RFC 8259), as much as requests need.
struct Json {
  enum Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = kNull;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<std::pair<std::string, Json>> members;  // objects (first of a repeated key wins on lookup)
  std::vector<Json> items;                            // arrays

  const Json* get(const std::string& key) const {
    if (kind != kObject) return nullptr;
    for (const auto& [k, v] : members)
      if (k == key) return &v;
    return nullptr;
  }
};

class Parser {
 public:
  explicit Parser(const std::string& s) : s_(s) {}

  bool parse(Json& out) {
    skip();
    if (!value(out, 0)) return false;
    skip();
    return i_ == s_.size();
  }

 private:
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool literal(const char* word) {
    std::size_t n = std::char_traits<char>::length(word);
    if (s_.compare(i_, n, word) != 0) return false;
    i_ += n;
    return true;
  }

  bool value(Json& v, int depth) {
    if (depth > kRequestMaxDepth || i_ >= s_.size()) return false;
    const char c = s_[i_];
    if (c == '{') return object(v, depth);
    if (c == '[') return array(v, depth);
    if (c == '"') {
      v.kind = Json::kString;
      return string(v.text);
    }
    if (c == 't' || c == 'f') {
      v.kind = Json::kBool;
      v.boolean = c == 't';
      return literal(c == 't' ? "true" : "false");
    }
    if (c == 'n') return literal("null");
    return number(v);
  }

  bool object(Json& v, int depth) {
    v.kind = Json::kObject;
    ++i_;
    skip();
    if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
    while (true) {
      skip();
      std::string key;
      if (i_ >= s_.size() || s_[i_] != '"' || !string(key)) return false;
      skip();
      if (i_ >= s_.size() || s_[i_] != ':') return false;
      ++i_;
      skip();
      Json member;
      if (!value(member, depth + 1)) return false;
      v.members.emplace_back(std::move(key), std::move(member));
      skip();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
      return false;
    }
  }

  bool array(Json& v, int depth) {
    v.kind = Json::kArray;
    ++i_;
    skip();
    if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
    while (true) {
      skip();
      Json item;
      if (!value(item, depth + 1)) return false;
      v.items.push_back(std::move(item));
      skip();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
      return false;
    }
  }

  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | cp >> 6);
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | cp >> 12);
      out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | cp >> 18);
      out += static_cast<char>(0x80 | (cp >> 12 & 0x3F));
      out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool hex4(unsigned& cp) {
    if (i_ + 4 > s_.size()) return false;
    cp = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) return false;
      cp = cp << 4 | static_cast<unsigned>(d);
    }
    return true;
  }

  bool string(std::string& out) {
    ++i_;  // the opening quote
    while (i_ < s_.size()) {
      const unsigned char c = static_cast<unsigned char>(s_[i_++]);
      if (c == '"') return true;
      if (c < 0x20) return false;
      if (c != '\\') {
        out += static_cast<char>(c);
        continue;
      }
      if (i_ >= s_.size()) return false;
      const char e = s_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF && i_ + 1 < s_.size() && s_[i_] == '\\' && s_[i_ + 1] == 'u') {
            std::size_t back = i_;
            i_ += 2;
            unsigned lo;
            if (hex4(lo) && lo >= 0xDC00 && lo <= 0xDFFF) cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            else i_ = back;
          }
          if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;  // a lone surrogate
          utf8(out, cp);
          break;
        }
        default: return false;
      }
    }
    return false;  // no closing quote
  }

  bool number(Json& v) {
    const std::size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    auto digits = [&] {
      std::size_t from = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      return i_ > from;
    };
    if (i_ < s_.size() && s_[i_] == '0') ++i_;
    else if (!digits()) return false;
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (!digits()) return false;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (!digits()) return false;
    }
    v.kind = Json::kNumber;
    v.number = std::strtod(s_.substr(start, i_ - start).c_str(), nullptr);
    return true;
  }

  const std::string& s_;
  std::size_t i_ = 0;
};

// JavaScript's Number.isInteger(v) && lo <= v <= hi, for a field that may be absent.
bool intField(const Json* f, double lo, double hi, double& out) {
  if (!f || f->kind != Json::kNumber || !std::isfinite(f->number) || std::floor(f->number) != f->number) return false;
  if (f->number < lo || f->number > hi) return false;
  out = f->number;
  return true;
}

std::string clipped(const std::string& s, std::size_t n) {
  // Cut at a character boundary (never inside a UTF-8 sequence).
  if (s.size() <= n) return s;
  std::size_t cut = n;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut);
}

// The game field (the name of a registered game of the Session's kind,
// GameKind::kTwoPlayer): "" or the message.
std::string gameField(const Json* game, Request& r) {
  const bool text = game && game->kind == Json::kString;
  if (text && findGame(game->text, GameKind::kTwoPlayer) >= 0) {
    r.game = game->text;
    return "";
  }
  const int other = text ? findGame(game->text) : -1;
  if (other >= 0)
    return "game '" + game->text + "' (" + kindWords(gameInfo(other).kind) + ") is not served by this worker: it serves " +
           gameNames(", ", " or ", GameKind::kTwoPlayer);
  return "unknown game '" + (text ? clipped(game->text, 24) : std::string("")) + "'";
}

// The optional threads field (solve, analyze: 1-64, default 1). "" or the message.
std::string threadsField(const Json& req, Request& r) {
  double threads = 1;
  if (req.get("threads") && !intField(req.get("threads"), 1, 64, threads)) return "threads must be an integer from 1 to 64";
  r.threads = static_cast<int>(threads);
  return "";
}

// The position fields: game and moves (a legal game). "" or the message.
std::string position(const Json& req, Request& r) {
  if (std::string err = gameField(req.get("game"), r); !err.empty()) return err;
  const Json* moves = req.get("moves");
  if (!moves || moves->kind != Json::kString) return "moves must be a string of digits";
  if (moves->text.size() > 64) return "moves is too long";
  const ParseError err = withGameOfKind<GameKind::kTwoPlayer>(findGame(r.game), [&](auto tag) {
    typename decltype(tag)::type g;
    return parseMoves(moves->text, g);
  });
  if (!err.ok) return err.message;
  r.moves = moves->text;
  return "";
}

// The error for a level that is not a name of levels.hpp.
std::string unknownLevel(const Json* level) {
  std::string known;
  for (int k = 0; k < kLevelCount; ++k) known += std::string(k ? ", " : "") + kLevels[k].name;
  return "unknown level '" + (level->kind == Json::kString ? clipped(level->text, 24) : std::string("")) + "' (use " +
         known + ")";
}

// A Monte Carlo tree search: a time and/or a playout budget, or a level's
// (levels.hpp, kMctsLevels).
std::string mctsSearch(const Json& req, Request& r) {
  r.algorithm = "mcts";
  for (const char* k : {"maxDepth", "temperature"})
    if (req.get(k)) return std::string(k) + " is not for algorithm mcts (it takes timeMs and playouts, or a level)";
  double timeMs = 0;
  if (const Json* level = req.get("level")) {
    const int i = level->kind == Json::kString ? findLevel(level->text) : -1;
    if (i < 0) return unknownLevel(level);
    if (req.get("timeMs") || req.get("playouts"))
      return "level sets the budget of algorithm mcts (no timeMs or playouts with it)";
    r.playouts = kMctsLevels[i].playouts;
    timeMs = kMctsLevels[i].timeMs;
  } else {
    if (req.get("playouts") && !intField(req.get("playouts"), 1, 100000000, r.playouts))
      return "playouts must be an integer from 1 to 100000000";
    if ((req.get("timeMs") || r.playouts == 0) && !intField(req.get("timeMs"), 1, 60000, timeMs))
      return "timeMs must be an integer from 1 to 60000";
  }
  r.timeMs = static_cast<int>(timeMs);
  r.engineMs = engineBudgetMs(r.timeMs);
  double seed = 1;
  r.seed = intField(req.get("seed"), 0, 4294967295.0, seed) ? seed : 1;
  return position(req, r);
}

std::string search(const Json& req, Request& r) {
  if (const Json* algorithm = req.get("algorithm")) {
    const bool known = algorithm->kind == Json::kString && (algorithm->text == "alphabeta" || algorithm->text == "mcts");
    if (!known)
      return "unknown algorithm '" + (algorithm->kind == Json::kString ? clipped(algorithm->text, 24) : std::string("")) +
             "' (use alphabeta or mcts)";
    if (algorithm->text == "mcts") return mctsSearch(req, r);
  }
  if (req.get("playouts")) return "playouts is for algorithm mcts";
  const Json* level = req.get("level");
  double timeMs = 0, maxDepth = 0, temperature = 0;
  if (level) {
    const int i = level->kind == Json::kString ? findLevel(level->text) : -1;
    if (i < 0) return unknownLevel(level);
    timeMs = kLevels[i].timeMs;
    maxDepth = kLevels[i].maxDepth;
    temperature = kLevels[i].temperature;
    const Json* ties = req.get("randomTies");
    r.randomTies = !(ties && ties->kind == Json::kBool && !ties->boolean);
  } else {
    if (req.get("maxDepth") && !intField(req.get("maxDepth"), 0, 64, maxDepth))
      return "maxDepth must be an integer from 0 to 64";
    if (!intField(req.get("timeMs"), maxDepth > 0 ? 0 : 1, 60000, timeMs))
      return "timeMs must be an integer from 1 to 60000";
    if (req.get("temperature") && !intField(req.get("temperature"), 0, 1000, temperature))
      return "temperature must be an integer from 0 to 1000";
    const Json* ties = req.get("randomTies");
    r.randomTies = ties && ties->kind == Json::kBool && ties->boolean;
  }
  r.timeMs = static_cast<int>(timeMs);
  r.maxDepth = static_cast<int>(maxDepth);
  r.temperature = static_cast<int>(temperature);
  r.engineMs = engineBudgetMs(r.timeMs);
  double seed = 1;
  r.seed = intField(req.get("seed"), 0, 4294967295.0, seed) ? seed : 1;
  if (std::string err = position(req, r); !err.empty()) return err;
  SearchLimits limits;
  limits.maxDepth = r.maxDepth;
  limits.temperature = r.temperature;
  r.usesBook = *gameInfo(findGame(r.game)).bookFile != '\0' && isStrongest(limits);
  return "";
}

}  // namespace

int engineBudgetMs(int timeMs) {
  return timeMs > 0 ? std::max(1, timeMs - std::min(8, timeMs / 50)) : 0;
}

Request checkRequest(const std::string& json) {
  Request r;
  if (json.size() > kRequestMaxLength) {
    r.error = "the request is too large";
    return r;
  }
  Json req;
  Parser parser(json);
  const Json* type = nullptr;
  if (parser.parse(req)) type = req.get("type");
  if (!type || type->kind != Json::kString) {
    r.error = "a request must be an object with a string `type`";
    return r;
  }
  r.type = type->text;
  if (r.type == "search") {
    r.error = search(req, r);
  } else if (r.type == "analyze" || r.type == "review") {
    double timeMs = 0;
    if (!intField(req.get("timeMs"), 1, 60000, timeMs)) r.error = "timeMs must be an integer from 1 to 60000";
    if (r.error.empty() && r.type == "analyze") r.error = threadsField(req, r);
    if (r.error.empty()) r.error = position(req, r);
    r.timeMs = static_cast<int>(timeMs);
    r.engineMs = engineBudgetMs(r.timeMs);
    r.usesBook = r.error.empty() && *gameInfo(findGame(r.game)).bookFile != '\0';
  } else if (r.type == "solve") {
    r.error = threadsField(req, r);
    if (r.error.empty()) r.error = position(req, r);
  } else if (r.type == "newgame") {
    if (const Json* game = req.get("game")) r.error = gameField(game, r);
  } else if (r.type != "isready" && r.type != "levels" && r.type != "games" && r.type != "memory" &&
             r.type != "book") {
    r.error = "unknown request type '" + clipped(r.type, 40) + "'";
  }
  return r;
}

}  // namespace gs
