// Links: the position and settings in the page's URL hash, so a link shares a
// position and a reload restores it:
//
//   #game=connect4&moves=4453&time=1000&ai=2&level=custom
//
//   game   the name of a registered game of the Play page's kind (GameKind::kTwoPlayer, games/registry.hpp)
//   moves  move string from the empty board (notation.hpp)
//   time   thinking time per computer move in ms, kMinTime..kMaxTime (Custom)
//   ai     which side the computer plays: 1, 2, none, both
//   level  a level name the engine knows (levels.hpp) or custom. Without it,
//          a link with a time is Custom and one without the default level.
//   analysis  1: the analysis is switched on (every move's value shown), 0 off
//   algorithm  the computer's search: alphabeta (default) or mcts (Monte
//          Carlo tree search for the thinking time; no level)
//   size   the board WxH of a game played on several (Connect Four: every
//          board with W, H >= 4 and W x (H + 1) <= 64); absent, the game's
//          own (7x6). The moves are read on that board.
//   view   play; the page routes its other views elsewhere, and names them
//          (`otherViews`) so that an unknown view's message lists them all;
//          likewise the games it plays on pages of their own (`otherGames`)
//
// This is the page's only parser of its play links (web/lib/url-state.js calls
// it through WebAssembly), so the libFuzzer target fuzz/fuzz_link.cpp covers
// what the page runs. Query syntax as the browser's URLSearchParams: pairs
// split at '&', key and value at the first '=', '+' is a space, %XX escapes
// are decoded (a malformed escape stays as it is), the first pair with a key
// wins. Parsing never fails: every problem becomes a sentence in `errors`,
// the field in question keeps its default, and the rest of the link is used
// (valid moves too; only a link naming an unknown game loses its moves).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "games/registry.hpp"

namespace gs {

struct LinkSettings {
  std::string game = gameInfo(0).name;  // the registry's first game
  std::string moves;
  int time = 1000;
  std::string ai = "2";
  std::string level = "custom";
  bool analysis = false;
  std::string algorithm = "alphabeta";
  std::string size;  // "WxH": a board other than the game's own ("" its own)
};

struct LinkResult {
  LinkSettings settings;
  std::vector<std::string> errors;
};

constexpr int kLinkMinTime = 50;
constexpr int kLinkMaxTime = 10000;
// Longest hash read; the rest is ignored (and reported).
constexpr std::size_t kLinkMaxLength = 2048;

// URLSearchParams-style pairs of `text` (a leading '#' or '?' is dropped).
std::vector<std::pair<std::string, std::string>> parseQuery(const std::string& text);

// `levels`: the level names the engine knows; `defaultLevel` is used when the
// link names none (and is one of them). `otherViews`: the page's views
// besides play, for the message about an unknown view; `otherGames`: the
// games the page plays on pages of their own (registered games of other kinds), for the message
// about an unknown game.
LinkResult parseLink(const std::string& hash, const std::vector<std::string>& levels,
                     const std::string& defaultLevel, const std::vector<std::string>& otherViews = {},
                     const std::vector<std::string>& otherGames = {});

}  // namespace gs
