// libFuzzer target: the page's link parser (protocol/link.hpp, what
// web/js/url-state.js runs through WebAssembly for every URL hash). Checks:
// it never crashes; the settings are always valid (the moves a legal game of
// the game named, on the link's board: its size); a link naming an unknown game has no moves; the messages
// are valid UTF-8 and short; and a link written from the settings reads back
// without errors to the same settings.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "games/registry.hpp"
#include "protocol/link.hpp"

namespace {

bool validUtf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!len || i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
    i += len;
  }
  return true;
}

bool valid(const gs::LinkSettings& s, const std::vector<std::string>& levels) {
  bool level = s.level == "custom";
  for (const auto& l : levels) level |= s.level == l;
  const int game = gs::findGame(s.game);
  if (game < 0) return false;
  // A size is a board of a game played on several, never its own; the moves fit that board.
  int w = 0, h = 0;
  const bool sized = !s.size.empty();
  if (sized && (!gs::parseBoardSize(s.size, w, h) || gs::boardSizeText(w, h) != s.size || w < 4 || h < 4 ||
                w * (h + 1) > 64 || (w == gs::gameInfo(game).width && h == gs::gameInfo(game).height)))
    return false;
  const std::size_t plies = static_cast<std::size_t>(sized ? w * h : gs::gameInfo(game).maxPlies);
  return s.time >= gs::kLinkMinTime &&
         s.time <= gs::kLinkMaxTime && (s.ai == "1" || s.ai == "2" || s.ai == "none" || s.ai == "both") && level &&
         s.moves.size() <= plies;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<std::string> levels = {"beginner", "casual", "strong", "perfect"};
  const std::string hash(reinterpret_cast<const char*>(data), size);
  for (const auto& known : {levels, std::vector<std::string>{}}) {
    const gs::LinkResult r = gs::parseLink(hash, known, "casual");
    if (!valid(r.settings, known)) __builtin_trap();
    // Moves only of a known game (a bad game field drops them; other bad fields do not).
    bool unknownGame = false;
    for (const auto& e : r.errors) unknownGame = unknownGame || e.rfind("unknown game", 0) == 0;
    if (unknownGame && !r.settings.moves.empty()) __builtin_trap();
    for (const auto& e : r.errors)
      if (e.empty() || e.size() > 400 || !validUtf8(e)) __builtin_trap();
    // The settings written back as a link read the same.
    const gs::LinkSettings& w = r.settings;
    const std::string link = "#game=" + w.game + "&moves=" + w.moves + "&time=" + std::to_string(w.time) +
                             "&ai=" + w.ai + "&level=" + w.level + (w.analysis ? "&analysis=1" : "") +
                             "&algorithm=" + w.algorithm + (w.size.empty() ? "" : "&size=" + w.size);
    const gs::LinkResult again = gs::parseLink(link, known, "casual");
    if (!again.errors.empty()) __builtin_trap();
    const gs::LinkSettings &a = r.settings, &b = again.settings;
    if (a.game != b.game || a.moves != b.moves || a.time != b.time || a.ai != b.ai || a.level != b.level ||
        a.analysis != b.analysis || a.algorithm != b.algorithm || a.size != b.size)
      __builtin_trap();
  }
  return 0;
}
