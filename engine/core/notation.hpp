// Move-string notation: a position is the sequence of moves from the start,
// one symbol per move, 1-based (a game's move slots 0..kMoveSlots-1 written
// 1..kMoveSlots: "4453" = Connect Four columns 4, 4, 5, 3; Tic-Tac-Toe cells
// 1..9 row by row from the top left). Slots beyond 9 are letters: "a" = 10,
// "b" = 11, "c" = 12 (the columns of Connect Four's boards wider than 9).
#pragma once

#include <random>
#include <string>
#include <string_view>

#include "core/game.hpp"

namespace gs {

// Longest input line the tools accept (a full game is at most 42 characters;
// the rest of a line may carry other fields, e.g. the benchmark's score).
constexpr std::size_t kMaxLineLength = 4096;

struct ParseError {
  bool ok = true;
  std::size_t position = 0;  // 1-based character index of the offending move
  std::string message;       // what is wrong, e.g. "column 8 is out of range 1-7"
};

// A move slot as the move string writes it: 1-9 for slots 0-8, then a, b,
// c, ... for slots 9, 10, 11, ... (columns 10, 11, 12 of Connect Four's
// widest boards). A game of at most 9 slots writes digits only.
inline std::string moveSymbol(int slot) {
  return slot < 9 ? std::to_string(slot + 1) : std::string(1, static_cast<char>('a' + slot - 9));
}

// The slot a move symbol names (moveSymbol's inverse): '1'-'9' slots 0-8,
// 'a'-'z' slots 9-34; -1 for any other character.
inline int moveSlotOf(char c) {
  if (c >= '1' && c <= '9') return c - '1';
  if (c >= 'a' && c <= 'z') return 9 + (c - 'a');
  return -1;
}

// A board size as written "WxH" (columns x rows, e.g. "8x7": one or two
// digits each, no sign, no space). False (w, h unchanged) for anything else.
inline bool parseBoardSize(std::string_view text, int& w, int& h) {
  const std::size_t x = text.find('x');
  if (x == std::string_view::npos) return false;
  const auto number = [](std::string_view t, int& out) {
    if (t.empty() || t.size() > 2) return false;
    int n = 0;
    for (char c : t) {
      if (c < '0' || c > '9') return false;
      n = n * 10 + (c - '0');
    }
    out = n;
    return true;
  };
  int a = 0, b = 0;
  if (!number(text.substr(0, x), a) || !number(text.substr(x + 1), b)) return false;
  w = a;
  h = b;
  return true;
}
inline std::string boardSizeText(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

// Plays `moves` on `game` (which should be the empty board). On the first bad
// move, stops and returns the error; `game` then holds the position before it.
// The moves in use are moveSlotsOf<Game>() (core/game.hpp: a board sized at
// run time has fewer than kMoveSlots); letters are read only by a game of
// more than 9 move slots.
template <class Game>
ParseError parseMoves(std::string_view moves, Game& game) {
  static_assert(Game::kMoveSlots <= 9 + 26, "the move string writes a move as one symbol 1-9, a-z");
  constexpr bool kLetters = Game::kMoveSlots > 9;
  const int slots = moveSlotsOf<Game>();
  const std::string range = "1-" + moveSymbol(slots - 1);
  ParseError err;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    char ch = moves[i];
    auto fail = [&](std::string msg) {
      err.ok = false;
      err.position = i + 1;
      err.message = std::move(msg);
      return err;
    };
    const bool letter = kLetters && ch >= 'a' && ch <= 'z';
    if ((ch < '0' || ch > '9') && !letter) {
      std::string shown = (ch >= 33 && ch < 127) ? std::string("'") + ch + "'"
                                                  : "byte " + std::to_string(static_cast<unsigned char>(ch));
      return fail("invalid character " + shown + " at position " + std::to_string(i + 1) + " (moves are " +
                  (slots <= 9 ? "digits " + range : std::string("1-9 and a-") + moveSymbol(slots - 1).c_str()) + ")");
    }
    const int m = letter ? 10 + (ch - 'a') : ch - '0';
    const std::string shown(1, ch);
    if (m < 1 || m > slots)
      return fail(std::string(Game::kMoveNoun) + " " + shown + " at position " + std::to_string(i + 1) +
                  " is out of range " + range);
    if (isOver(game))
      return fail("move " + shown + " at position " + std::to_string(i + 1) + " comes after the game has ended");
    if (!game.canPlay(m - 1))
      return fail(std::string(Game::kMoveNoun) + " " + shown + " at position " + std::to_string(i + 1) + " " +
                  Game::kTakenText);
    game.play(m - 1);
  }
  return err;
}

// A game's position notation, the same interface for every game, so a front
// end reads and writes positions without naming a game. This primary
// template is the move string above; a game with another notation
// specializes it (games/einstein/einstein_notation.hpp).
//   Record                   what was read, as the text writes it
//   parse(text, rec, g, rng)  reads `text` into `rec` and plays it on `g` from
//                            the start position; on the first error stops and
//                            returns it (`g` holds the position before it).
//                            `rng` resolves random parts ('?'), if the
//                            notation has any (may be null)
//   text(rec)                the record as text: it replays the game
//   moveText(g, slot)        a move of the position `g` as the notation writes it
//   notReady(g, rec)         for a game with chance, at chance: what the text
//                            lacks before a move can be chosen (a game with
//                            chance has a notation of its own that writes
//                            the outcomes, so only a specialization has it)
//   kMoveString              true for the move string (a move per digit)
template <class Game, class = void>
struct PositionNotation {
  static constexpr bool kMoveString = true;
  using Record = std::string;
  static ParseError parse(std::string_view text, Record& rec, Game& g, std::mt19937* /*rng*/ = nullptr) {
    g = Game();
    rec = std::string(text);
    return parseMoves(text, g);
  }
  static std::string text(const Record& rec) { return rec; }
  static std::string moveText(const Game& /*g*/, int slot) { return moveSymbol(slot); }
};

}  // namespace gs
