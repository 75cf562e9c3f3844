// The game registry: every game the engine offers, listed once, whatever its
// kind (core/game.hpp: two players, chance, more players). Front ends (the
// session, the CLI, the worker protocol, the link parser, the tree
// explorer's bindings) find a game by its name here, read what it can do
// from its GameInfo (kind, players, chance, algorithms: data, not names) and
// reach its concrete type through one dispatch function, so none of them
// names a game.
//
//   Games                  the list, in the order the page shows the games
//   findGame("connect4")   its id (index in the list), or -1
//   gameInfo(id)           its facts and capabilities (GameInfo, from the
//                          game's static members and core/game.hpp's traits)
//   withGame(id, f)        calls f(GameType<Game>{}) with the game's type;
//                          f reads it as  typename decltype(tag)::type
//   withGameOfKind<K>(id, f)  the same for a game of kind K only (a
//                          precondition), so f is compiled for those alone
//   gameNames(", ", " or ")  "connect4, tictactoe, einstein or connect3p",
//                          for error messages; gameNames(sep, last, kind):
//                          those of one kind
//   forEachGame(f)         calls f(GameType<Game>{}) for every game
//
// Adding a game: its folder under games/ and one entry in `Games`
// (docs/adding-a-game.md). A list of other games (a test's, say) gets the same
// functions from Registry<GameList<...>>.
//
// TeachingGames: games that exist only to be searched in the tree explorer,
// configured at run time by the request that searches them (the abstract game
// tree: its tree comes with each request). Checked and dispatched like every
// game (TeachingRegistry), but not in `Games`: nothing plays them, so the
// session, the CLI, the page's game pickers and the link parser never list
// them (docs/tree-explorer.md, "Textbook trees").
#pragma once

#include <cassert>
#include <cstdlib>
#include <type_traits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.hpp"
#include "games/abstract_tree/abstract_tree.hpp"
#include "games/connect3p/connect3p.hpp"
#include "games/connect4/connect4.hpp"
#include "games/einstein/einstein_notation.hpp"  // the game and its notation
#include "games/tictactoe/tictactoe.hpp"

namespace gs {

template <class... G>
struct GameList {};

// Every game of the product.
using Games = GameList<Connect4, TicTacToe, Einstein, Connect3p>;
// The tree explorer's own games (see the top of the file).
using TeachingGames = GameList<AbstractTree>;

// A game's type as a value, for generic lambdas.
template <class G>
struct GameType {
  using type = G;
};

// The most players a game of the registry has (GameInfo::sides' size).
constexpr int kMaxSides = 4;

// A game's facts and capabilities at run time (core/game.hpp).
struct GameInfo {
  const char* name;
  const char* displayName;
  GameKind kind;
  int players;           // 2, or kPlayers (capability e)
  bool chance;           // capability d
  const char* sides[kMaxSides];  // the first `players` are set
  const char* moveNoun;
  const char* takenText;
  const char* notationHelp;
  int width;
  int height;
  int line;
  bool gravity;
  int moveSlots;
  int maxPlies;
  int winBase;           // 0: no exact scores (a game of more than two players)
  int treeMaxDepth;
  const char* bookFile;  // "" = none
  bool hasSolver;        // the solver-bounds capability
  // The searches that play it, as `gamesearch --algorithm` names them,
  // space-separated, and the one played when none is named. (The worker
  // protocol offers a subset: alphabeta and mcts, docs/protocol.md.)
  const char* algorithms;
  const char* defaultAlgorithm;
};

// The kind's searches (GameInfo::algorithms).
constexpr const char* algorithmsOf(GameKind kind) {
  switch (kind) {
    case GameKind::kTwoPlayer: return "alphabeta minimax mcts";
    case GameKind::kChance: return "expectimax star1 star2 mcts";
    case GameKind::kPlayers: return "maxn maxn-plain paranoid brs";
  }
  return "";
}
constexpr const char* defaultAlgorithmOf(GameKind kind) {
  switch (kind) {
    case GameKind::kTwoPlayer: return "alphabeta";
    case GameKind::kChance: return "star2";
    case GameKind::kPlayers: return "maxn";
  }
  return "";
}

// "a game with dice", for messages about what a kind offers.
constexpr const char* kindWords(GameKind kind) {
  switch (kind) {
    case GameKind::kTwoPlayer: return "a two-player game without dice";
    case GameKind::kChance: return "a game with dice";
    case GameKind::kPlayers: return "a game of three players";
  }
  return "";
}

template <class G>
constexpr GameInfo gameInfoOf() {
  constexpr int n = playersOf<G>();
  static_assert(n <= kMaxSides, "GameInfo::sides has room for kMaxSides players");
  GameInfo g{G::kName, G::kDisplayName, kindOf<G>(), n, hasChance<G>, {}, G::kMoveNoun, G::kTakenText,
             G::kNotationHelp, G::kWidth, G::kHeight, G::kLine, G::kGravity, G::kMoveSlots, G::kMaxPlies, 0,
             G::kTreeMaxDepth, "", hasSolverBounds<G>, algorithmsOf(kindOf<G>()),
             defaultAlgorithmOf(kindOf<G>())};
  for (int i = 0; i < n; ++i) g.sides[i] = G::kSides[i];
  if constexpr (hasTwoPlayerSearch<G>) {
    g.winBase = G::kWinBase;
    g.bookFile = G::kBookFile;
  }
  return g;
}

template <class List>
struct Registry;

template <class... G>
struct Registry<GameList<G...>> {
  static_assert(sizeof...(G) > 0, "a registry lists at least one game");
  static_assert((checkGame<G>() && ...), "every listed game follows core/game.hpp");

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
  // "a, b or c" with sep = ", " and lastSep = " or ": every game's id, or
  // those of `kind` only.
  static std::string names(const char* sep, const char* lastSep, const GameKind* kind = nullptr) {
    std::vector<const char*> picked;
    for (int i = 0; i < kCount; ++i)
      if (!kind || kInfo[i].kind == *kind) picked.push_back(kInfo[i].name);
    std::string out;
    for (std::size_t i = 0; i < picked.size(); ++i)
      out += std::string(i == 0 ? "" : i + 1 == picked.size() ? lastSep : sep) + picked[i];
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
  // The same for the games of kind K only: f is compiled for those alone.
  // Preconditions: the game `id` is of kind K, and the list has one.
  template <GameKind K, class F>
  static decltype(auto) dispatchKind(int id, F&& f) {
    using First = typename FirstOfKind<K, G...>::type;
    using R = decltype(f(GameType<First>{}));
    return dispatch(id, [&](auto tag) -> R {
      using Game = typename decltype(tag)::type;
      if constexpr (kindOf<Game>() == K) {
        return f(tag);
      } else {
        assert(!"a game of another kind");
        std::abort();
      }
    });
  }

 private:
  // The first game of kind K in T... (a compile error if there is none).
  template <GameKind K, class... T>
  struct FirstOfKind {
    static_assert(sizeof...(T) > 0, "the registry lists no game of this kind");
  };
  template <GameKind K, class H, class... T>
  struct FirstOfKind<K, H, T...> {
    template <bool Match, class = void>
    struct Pick {
      using type = typename FirstOfKind<K, T...>::type;
    };
    template <class Unused>
    struct Pick<true, Unused> {
      using type = H;
    };
    using type = typename Pick<kindOf<H>() == K>::type;
  };

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
using TeachingRegistry = Registry<TeachingGames>;
using GameId = int;
constexpr int kGameCount = GameRegistry::kCount;

inline GameId findGame(std::string_view name) { return GameRegistry::find(name); }
inline const GameInfo& gameInfo(GameId id) { return GameRegistry::info(id); }
inline std::string gameNames(const char* sep, const char* lastSep) { return GameRegistry::names(sep, lastSep); }
inline std::string gameNames(const char* sep, const char* lastSep, GameKind kind) {
  return GameRegistry::names(sep, lastSep, &kind);
}
// The id of the game `name` if it is of kind `kind`, else -1.
inline GameId findGame(std::string_view name, GameKind kind) {
  const GameId id = findGame(name);
  return id >= 0 && gameInfo(id).kind == kind ? id : -1;
}
template <class F>
decltype(auto) withGame(GameId id, F&& f) {
  return GameRegistry::dispatch(id, std::forward<F>(f));
}
// Precondition: the game `id` is of kind K.
template <GameKind K, class F>
decltype(auto) withGameOfKind(GameId id, F&& f) {
  return GameRegistry::dispatchKind<K>(id, std::forward<F>(f));
}
template <class F>
void forEachGame(F&& f) {
  GameRegistry::forEach(std::forward<F>(f));
}

}  // namespace gs
