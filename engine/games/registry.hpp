// The game registry: every game the engine offers, listed once. Front ends
// (the session, the CLI, the worker protocol, the link parser, the tree
// explorer's bindings) find a game by its name here and reach its concrete
// type through one dispatch function, so none of them names a game.
//
//   Games                  the list, in the order the page shows the games
//   findGame("connect4")   its id (index in the list), or -1
//   gameInfo(id)           its facts (GameInfo, from the game's static members)
//   withGame(id, f)        calls f(GameType<Game>{}) with the game's type;
//                          f reads it as  typename decltype(tag)::type
//   gameNames(", ", " or ")  "connect4 or tictactoe", for error messages
//   forEachGame(f)         calls f(GameType<Game>{}) for every game
//
// Adding a game: its folder under games/ and one entry in `Games`
// (docs/adding-a-game.md). A list of other games (a test's, say) gets the same
// functions from Registry<GameList<...>>.
#pragma once

#include <cassert>
#include <string>
#include <string_view>
#include <utility>

#include "core/game.hpp"
#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace gs {

template <class... G>
struct GameList {};

// Every game of the product.
using Games = GameList<Connect4, TicTacToe>;

// A game's type as a value, for generic lambdas.
template <class G>
struct GameType {
  using type = G;
};

// A game's facts at run time (core/game.hpp, section 1).
struct GameInfo {
  const char* name;
  const char* displayName;
  const char* sides[2];
  const char* moveNoun;
  const char* takenText;
  const char* notationHelp;
  int width;
  int height;
  int line;
  bool gravity;
  int moveSlots;
  int maxPlies;
  int winBase;
  int treeMaxDepth;
  const char* bookFile;  // "" = none
  bool hasSolver;        // the solver-bounds capability
};

template <class G>
constexpr GameInfo gameInfoOf() {
  return GameInfo{G::kName,  G::kDisplayName, {G::kSides[0], G::kSides[1]}, G::kMoveNoun, G::kTakenText, G::kNotationHelp, G::kWidth,
                  G::kHeight, G::kLine,       G::kGravity, G::kMoveSlots, G::kMaxPlies, G::kWinBase,
                  G::kTreeMaxDepth, G::kBookFile, hasSolverBounds<G>};
}

template <class List>
struct Registry;

template <class... G>
struct Registry<GameList<G...>> {
  static_assert(sizeof...(G) > 0, "a registry lists at least one game");
  static_assert((checkGame<G>() && ...), "every listed game follows core/game.hpp");
  static_assert((!hasChance<G> && ...),
                "a game with chance nodes cannot be listed yet: the session, protocol, links, tree explorer "
                "and page assume deterministic games (docs/einstein.md, 'Why einstein is not in the registry')");
  static_assert((!hasPlayers<G> && ...),
                "a game for more than two players cannot be listed: the session, protocol, links, tree explorer "
                "and page assume two sides and negamax scores (docs/connect3p.md)");

  static constexpr int kCount = sizeof...(G);
  static constexpr GameInfo kInfo[kCount] = {gameInfoOf<G>()...};

  static int find(std::string_view name) {
    for (int i = 0; i < kCount; ++i)
      if (name == kInfo[i].name) return i;
    return -1;
  }
  static const GameInfo& info(int id) {
    assert(id >= 0 && id < kCount);
    return kInfo[id];
  }
  // "a, b or c" with sep = ", " and lastSep = " or ".
  static std::string names(const char* sep, const char* lastSep) {
    std::string out;
    for (int i = 0; i < kCount; ++i) out += std::string(i == 0 ? "" : i + 1 == kCount ? lastSep : sep) + kInfo[i].name;
    return out;
  }
  // Calls f(GameType<G>{}) for every game, in order.
  template <class F>
  static void forEach(F&& f) {
    (f(GameType<G>{}), ...);
  }
  // Precondition: 0 <= id < kCount. Every call of f must return the same type.
  template <class F>
  static decltype(auto) dispatch(int id, F&& f) {
    assert(id >= 0 && id < kCount);
    return dispatchFrom<F, G...>(id, f);
  }

 private:
  template <class F, class H, class... T>
  static decltype(auto) dispatchFrom(int id, F& f) {
    if constexpr (sizeof...(T) == 0) {
      (void)id;
      return f(GameType<H>{});
    } else {
      if (id == 0) return f(GameType<H>{});
      return dispatchFrom<F, T...>(id - 1, f);
    }
  }
};

using GameRegistry = Registry<Games>;
using GameId = int;
constexpr int kGameCount = GameRegistry::kCount;

inline GameId findGame(std::string_view name) { return GameRegistry::find(name); }
inline const GameInfo& gameInfo(GameId id) { return GameRegistry::info(id); }
inline std::string gameNames(const char* sep, const char* lastSep) { return GameRegistry::names(sep, lastSep); }
template <class F>
decltype(auto) withGame(GameId id, F&& f) {
  return GameRegistry::dispatch(id, std::forward<F>(f));
}
template <class F>
void forEachGame(F&& f) {
  GameRegistry::forEach(std::forward<F>(f));
}

}  // namespace gs
