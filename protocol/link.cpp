#include "protocol/link.hpp"

#include <algorithm>

#include "core/notation.hpp"
#include "games/registry.hpp"

namespace gs {

namespace {

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Replaces every invalid UTF-8 sequence by U+FFFD, as the browser's decoder.
std::string validUtf8(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  const std::string replacement = "\xEF\xBF\xBD";
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = len > 0 && i + len <= s.size();
    unsigned cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (int k = 1; ok && k < len; ++k) {
      const unsigned char d = static_cast<unsigned char>(s[i + k]);
      if ((d >> 6) != 2) ok = false;
      cp = (cp << 6) | (d & 0x3F);
    }
    // No overlong forms, no surrogates, nothing past U+10FFFF.
    if (ok && ((len == 2 && cp < 0x80) || (len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
               (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))))
      ok = false;
    if (ok) {
      out.append(s, i, static_cast<std::size_t>(len));
      i += static_cast<std::size_t>(len);
    } else {
      out += replacement;
      ++i;
    }
  }
  return out;
}

std::string decode(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hexDigit(s[i + 1]) >= 0 && hexDigit(s[i + 2]) >= 0) {
      out += static_cast<char>(hexDigit(s[i + 1]) * 16 + hexDigit(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return validUtf8(out);
}

// At most 24 characters (code points) of `s`, then "…" if cut; control
// characters shown as spaces.
std::string clip(const std::string& s) {
  std::string out;
  std::size_t chars = 0, i = 0;
  for (; i < s.size() && chars < 24; ++chars) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    len = std::min(len, s.size() - i);
    if (c < 0x20 || c == 0x7F) out += ' ';
    else out.append(s, i, len);
    i += len;
  }
  if (i < s.size()) out += "\xE2\x80\xA6";
  return out;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

template <class Game>
std::string movesError(const std::string& moves) {
  if (moves.size() > static_cast<std::size_t>(maxPliesOf<Game>()))
    return std::to_string(moves.size()) + " moves is more than a " + Game::kDisplayName + " game can have";
  const int slots = moveSlotsOf<Game>();
  // A character that is not a digit, named as the reader sees it (positions
  // count characters, not bytes).
  std::size_t i = 0;
  for (std::size_t pos = 1; i < moves.size(); ++pos) {
    const unsigned char c = static_cast<unsigned char>(moves[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    len = std::min(len, moves.size() - i);
    const bool letter = Game::kMoveSlots > 9 && c >= 'a' && c <= 'z';
    if ((c < '0' || c > '9') && !letter) {
      const std::string shown = c < 0x20 || c == 0x7F ? "a control character" : "'" + moves.substr(i, len) + "'";
      return shown + " at position " + std::to_string(pos) + " is not a move (moves are " +
             (slots <= 9 ? "digits 1-" + std::to_string(slots) : "1-9 and a-" + moveSymbol(slots - 1)) + ")";
    }
    i += len;
  }
  Game g;
  ParseError err = parseMoves(moves, g);
  return err.ok ? "" : err.message;
}

// The moves' error on the board `size` ("WxH", a size the game `Game` is
// played on, not its own): the link parser chooses the sized board for the
// check and goes back to the one chosen before (one process may parse links
// of every size; nothing else of the sized board is in use meanwhile).
template <class Game>
std::string sizedMovesError(const std::string& moves, const std::string& size) {
  if constexpr (hasSizes<Game>) {
    using Sized = typename Game::Sized;
    int w = 0, h = 0;
    parseBoardSize(size, w, h);
    const int oldW = Sized::width(), oldH = Sized::height();
    Game::setSize(w, h);
    std::string err = movesError<Sized>(moves);
    Game::setSize(oldW, oldH);
    return err;
  } else {
    return movesError<Game>(moves);
  }
}

// The games played on several boards, for messages: "connect4".
std::string sizedGameNames() {
  std::string names;
  forEachGame([&](auto tag) {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSizes<Game>) names += (names.empty() ? "" : ", ") + std::string(Game::kName);
  });
  return names;
}

// The size field of a link of `game`: "" (the game's own board, or an
// error pushed) or the sized board "WxH".
std::string linkSize(const std::string& value, GameId game, std::vector<std::string>& errors) {
  return withGameOfKind<GameKind::kTwoPlayer>(game, [&](auto tag) -> std::string {
    using Game = typename decltype(tag)::type;
    if constexpr (hasSizes<Game>) {
      int w = 0, h = 0;
      if (!parseBoardSize(value, w, h)) {
        errors.push_back("size '" + clip(value) + "' must be a board written WxH, columns x rows (e.g. 8x7)");
        return "";
      }
      if (!Game::fits(w, h)) {
        errors.push_back("size " + boardSizeText(w, h) + " does not fit: " + Game::kDisplayName + " is played on " +
                         Game::sizesText() + " (W columns, H rows: W, H >= 4 and W x (H + 1) <= 64)");
        return "";
      }
      return w == Game::kWidth && h == Game::kHeight ? "" : boardSizeText(w, h);
    } else {
      errors.push_back("size '" + clip(value) + "' is for " + sizedGameNames() + " (" + Game::kName +
                       " is played on one board)");
      return "";
    }
  });
}

}  // namespace

std::vector<std::pair<std::string, std::string>> parseQuery(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::size_t start = !text.empty() && (text[0] == '#' || text[0] == '?') ? 1 : 0;
  while (start <= text.size()) {
    std::size_t end = text.find('&', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) {
      std::string piece = text.substr(start, end - start);
      std::size_t eq = piece.find('=');
      if (eq == std::string::npos) pairs.emplace_back(decode(piece), "");
      else pairs.emplace_back(decode(piece.substr(0, eq)), decode(piece.substr(eq + 1)));
    }
    start = end + 1;
  }
  return pairs;
}

// "a, b or c": `first` (already a list, not clipped) followed by `more`, each clipped.
static std::string namesList(std::string first, const std::vector<std::string>& more) {
  for (std::size_t i = 0; i < more.size(); ++i) first += (i + 1 == more.size() ? " or " : ", ") + clip(more[i]);
  return first;
}

LinkResult parseLink(const std::string& hash, const std::vector<std::string>& levels, const std::string& defaultLevel,
                     const std::vector<std::string>& otherViews, const std::vector<std::string>& otherGames) {
  LinkResult r;
  LinkSettings& s = r.settings;
  if (contains(levels, defaultLevel)) s.level = defaultLevel;
  std::string text = !hash.empty() && hash[0] == '#' ? hash.substr(1) : hash;
  if (text.empty()) return r;
  if (text.size() > kLinkMaxLength) {
    r.errors.push_back("the link is longer than " + std::to_string(kLinkMaxLength) + " characters");
    return r;
  }
  const auto pairs = parseQuery(text);
  auto get = [&](const char* key, std::string& value) {
    for (const auto& [k, v] : pairs)
      if (k == key) {
        value = v;
        return true;
      }
    return false;
  };
  std::string view, game, time, level, ai, moves, analysis, algorithm, size;
  if (get("view", view) && view != "play") {
    r.errors.push_back("unknown view '" + clip(view) + "' (use " + namesList("play", otherViews) + ")");
  }
  bool badGame = false;
  if (get("game", game)) {
    if (findGame(game, GameKind::kTwoPlayer) >= 0) {
      s.game = game;
    } else {
      badGame = true;
      const std::string games = otherGames.empty() ? gameNames(", ", " or ", GameKind::kTwoPlayer)
                                                   : namesList(gameNames(", ", ", ", GameKind::kTwoPlayer), otherGames);
      if (contains(otherGames, game))
        r.errors.push_back("the game '" + clip(game) + "' has a page of its own (a link with #game=" + clip(game) + ")");
      else
        r.errors.push_back("unknown game '" + clip(game) + "' (use " + games + ")");
    }
  }
  const bool hasTime = get("time", time);
  if (hasTime) {
    const bool digits = !time.empty() && time.size() <= 6 &&
                        std::all_of(time.begin(), time.end(), [](char c) { return c >= '0' && c <= '9'; });
    const int n = digits ? std::stoi(time) : -1;
    if (n >= kLinkMinTime && n <= kLinkMaxTime) s.time = n;
    else
      r.errors.push_back("thinking time '" + clip(time) + "' must be a whole number of ms from " +
                         std::to_string(kLinkMinTime) + " to " + std::to_string(kLinkMaxTime));
  }
  if (get("level", level)) {
    if (level == "custom" || contains(levels, level)) {
      s.level = level;
    } else {
      std::string known;
      for (const auto& l : levels) known += l + ", ";
      r.errors.push_back("unknown level '" + clip(level) + "' (use " + known + "custom)");
    }
  } else if (hasTime) {
    s.level = "custom";
  }
  if (get("ai", ai)) {
    if (ai == "1" || ai == "2" || ai == "none" || ai == "both") s.ai = ai;
    else r.errors.push_back("ai '" + clip(ai) + "' must be 1, 2, none or both");
  }
  if (get("analysis", analysis)) {
    if (analysis == "0" || analysis == "1") s.analysis = analysis == "1";
    else r.errors.push_back("analysis '" + clip(analysis) + "' must be 0 or 1");
  }
  if (get("algorithm", algorithm)) {
    if (algorithm == "alphabeta" || algorithm == "mcts") s.algorithm = algorithm;
    else r.errors.push_back("algorithm '" + clip(algorithm) + "' must be alphabeta or mcts");
  }
  if (get("size", size) && !badGame) s.size = linkSize(size, findGame(s.game), r.errors);
  if (get("moves", moves) && !moves.empty()) {
    const GameId id = findGame(s.game);
    const std::string err = withGameOfKind<GameKind::kTwoPlayer>(id, [&](auto tag) {
      using Game = typename decltype(tag)::type;
      return s.size.empty() ? movesError<Game>(moves) : sizedMovesError<Game>(moves, s.size);
    });
    if (!err.empty())
      r.errors.push_back("the moves '" + clip(moves) + "' are not a valid " + gameInfo(id).displayName + " game" +
                         (s.size.empty() ? "" : " on " + s.size) + ": " + err);
    else
      s.moves = moves;
  }
  if (badGame) s.moves.clear();  // moves of a game we do not know
  return r;
}

}  // namespace gs
