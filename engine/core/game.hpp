// The Game concept: what a game class must offer so that the engine can play
// it, written down once and checked (checkGame<G>() below, called by the
// registry for every game it lists).
//
// A game is a small value type: a copy is a position, the default-constructed
// value is the start position. Players move in turn; the first player moves
// on ply 0. A move is a slot number 0..kMoveSlots-1 inside the engine.
//
// Every game has the common part (sections 1 and 2). What else it offers
// decides which searches play it; the registry (games/registry.hpp) hands the
// result to the front ends as data (GameInfo: kind, players, chance,
// algorithms), so no front end names a game:
//   - two players, no chance (kind kTwoPlayer): section 3, plus the optional
//     capabilities a-c. Minimax, alpha-beta, the solver, MCTS.
//   - chance (capability d, kind kChance): section 3 as well; the
//     expectiminimax searches and MCTS with chance nodes.
//   - more than two players (capability e, kind kPlayers): max^n and
//     paranoid search.
//
// 1. Facts (static constexpr members): the one place a game's facts live.
//      kName          "connect4": the id of links, worker requests, --game
//      kDisplayName   "Connect Four"
//      kSides[n]      the players' names, first player first ("Red", "Yellow");
//                     two, or kPlayers (capability e)
//      kMoveNoun      what a move slot is called ("column", "cell")
//      kNotationHelp  how a move is written, for help texts ("columns 1-7")
//      kTakenText     why a slot cannot be played ("is full", "is already taken")
//      kWidth, kHeight  the board for display: cell(col, row) for col < kWidth,
//                     row < kHeight
//      kLine          stones in a winning line (0: the game has none), kGravity:
//                     whether a move is a column and the stone falls (else a
//                     move is a cell, numbered row by row from the top left)
//      kMoveSlots     number of move slots (the move-string notation,
//                     core/notation.hpp, writes one symbol per move: digits
//                     1-9, then letters a, b, c, ... for a game of more slots)
//      kMaxPlies      the longest game (the searches size their per-ply
//                     arrays by it)
//      kCentreOrder[kMoveSlots]  the static move order, most promising first;
//                     searches break ties in it
//      kTreeMaxDepth  the tree explorer's deepest depth limit; 0: the game is
//                     small enough to search to the end
//
// 2. The common interface:
//      bool canPlay(int m) const      m in [0, kMoveSlots); legal here (the
//                                     caller checks that the game is not over)
//      void play(int m)               precondition: canPlay(m)
//      int plies() const              moves played since the start
//      bool lastMoverWon() const      the player who just moved has won
//      bool isFull() const            no move is left (a draw unless lastMoverWon)
//      int cell(int col, int row) const  0 empty, p + 1 for player p's stone
//      std::vector<int> winningCells() const  cells (col + kWidth * row) of the
//                                     last mover's winning line(s), or none
//
// 3. Two-player search (every game without capability e): negamax values
//    for the side to move.
//      kWinBase       the exact score base: a win with the player's n-th stone
//                     scores kWinBase - n (core/types.hpp)
//      kBookFile      the opening book the page downloads ("" = none)
//      kSolveFromPlies  the player tries the exact solver from this ply on
//                     (games with the solver capability)
//      int evaluate() const           heuristic value for the side to move, in
//                                     about +-1000 (only for a game not over)
//      std::uint64_t key() const      unique per position (table key)
//
// 4. Optional capabilities, required only where they are used:
//    a. Threats (hasThreats<G>): cells where a side would complete a line.
//       The heuristic search uses them for its forced moves, quiescence and
//       move ordering; without them it searches every move, ordered by the
//       table, killers and history.
//         using Bits                  a set of cells (bit per cell)
//         Bits legalMoves() const, Bits moveBits(int m) const, void playBits(Bits),
//         static int moveOf(Bits), static Bits slotMask(int m)
//         bool canWinNext() const, bool isWinningMove(int m) const,
//         Bits opponentWinningSpots() const
//         int threatScore(Bits move) const, int moveGain(Bits move) const
//    b. Solver bounds (hasSolverBounds<G>, with threats): what the exact
//       solver's alpha-beta needs (search/solver.hpp; its table keeps exact
//       scores in 6 bits, so kWinBase <= 31 there).
//         Bits nonLosingMoves() const, Bits nonLosingMoves(Bits oppSpots)
//         const (the same, given opponentWinningSpots()), int
//         signUpperBound() const, int signLowerBound() const,
//         Bits spotsAfter(Bits move) const (the mover's winning spots after
//         the move: the child's opponentWinningSpots()),
//         int orderScore(Bits move, Bits spots, Bits oppSpots, bool forcing) const,
//         bool leavesNoDefence(Bits move, Bits spots) const (after the move
//         the opponent has no move that does not lose at once; true only for
//         a move that leaves spots, so the solver asks only then),
//         static int stonesOfKey(std::uint64_t key)
//    c. Mirror (hasMirror<G>): a left-right symmetry, for the opening book.
//         std::uint64_t mirrorKey() const, static int mirrorMove(int m)
//    d. Chance (hasChance<G>): positions where chance, not a player, decides
//       what comes next (a die roll before every move). The expectiminimax
//       search (search/expectimax.hpp) averages over the outcomes there.
//         static constexpr int kChanceTotal   the outcome weights' sum: an
//                                     outcome of weight w has probability
//                                     w / kChanceTotal (a die: 6)
//         static constexpr int kMaxChanceOutcomes  at most this many outcomes
//         bool atChance() const       the game is not over and chance is to
//                                     act: no move is legal (canPlay is false
//                                     for every slot) until applyChance
//         int chanceOutcomes(ChanceOutcome out[]) const  the distinct
//                                     outcomes here and their weights (summing
//                                     to kChanceTotal); outcomes that leave the
//                                     same choice of moves may be merged into
//                                     one of summed weight. Precondition: atChance()
//         void applyChance(int outcome)  precondition: atChance(), outcome one
//                                     of chanceOutcomes' (or any outcome the
//                                     game's notation allows, e.g. a die face)
//    e. Players (hasPlayers<G>): a game for more than two players, searched
//       by max^n, paranoid and best-reply search (search/multiplayer.hpp),
//       which need only this and canPlay, play, plies, lastMoverWon, isFull,
//       kSides, kMoveSlots, kMaxPlies and kCentreOrder. Instead of section 3:
//         static constexpr int kPlayers       the number of players (>= 3);
//                                     player p moves on plies p, p + kPlayers, ...
//         static constexpr int kEvalSum, kEvalMax  the evaluation's scale:
//                                     kEvalMax < kEvalSum - kMaxPlies (a win
//                                     is worth kEvalSum - plies)
//         int toMove() const           plies() % kPlayers
//         void playAs(int player, int move)  play() for `player` whoever's
//                                     turn it is (best-reply search leaves the
//                                     turn order): plies() counts it,
//                                     lastMoverWon() says whether `player` won
//         std::array<int, kPlayers> evaluatePlayers() const  the heuristic
//                                     value of a position not over, one entry
//                                     per player: every entry in [0, kEvalMax],
//                                     their sum <= kEvalSum (max^n's shallow
//                                     pruning relies on the sum and the 0)
//    f. Features (hasFeatures<G>, with section 3): what evaluate() is made
//       of, for the evaluation lab and `gamesearch evaluate`. evaluate() must
//       be exactly sum over k of kFeatureWeights[k] x (mine[k] - theirs[k]),
//       computed from featureCounts (one code path: the breakdown a student
//       sees is the value the search uses).
//         static constexpr int kFeatures      the number of features
//         static constexpr const char* kFeatureNames[kFeatures]  short ids
//         static constexpr const char* kFeatureHelp[kFeatures]  what each
//                                     counts, in a sentence (the evaluation view)
//         static constexpr int kFeatureWeights[kFeatures]
//         void featureCounts(int mine[], int theirs[]) const  each feature
//                                     counted for the side to move and for
//                                     the opponent (a position not over)
//         std::vector<std::vector<int>> featureMarks(int k, bool mine) const
//                                     what feature k counts on the board, for
//                                     display (the evaluation view): one group
//                                     of cells (cell(col, row)'s col + kWidth
//                                     x row, as winningCells) per thing counted
//                                     (a line, a spot, a stone), for the side
//                                     to move or the opponent. For a count of
//                                     1 per group the groups are as many as
//                                     featureCounts' count (tests check it).
//    g. Size chosen at run time (hasRuntimeSize<G>: kRuntimeSize true): one
//       class plays a board of the size the front end chose for the whole
//       process (games/connect4: Connect4Sized). The static facts kWidth,
//       kHeight, kMoveSlots, kMaxPlies, kCentreOrder are then bounds over
//       every size (array sizes); the board's own are
//         static int width(), height()  the board; slots from width() on are
//                                     never legal (canPlay false)
//         static int cells()          the longest game on it
//         static int centreOrder(int i)  its static order of all kMoveSlots
//       The searches read them through maxPliesOf<G>(), moveSlotsOf<G>() and
//       centreOrder<G>(i) (core/move_list.hpp), which are the constants for
//       every other game.
//    h. Outcome values (hasOutcomeValues<G>, with section 3): a position
//       that is over without a winner (isFull()) has a value of its own
//       instead of a draw's 0 (games/abstract_tree: a leaf's number). Only
//       the tree explorer's search (search/tree_trace.hpp) reads it.
//         int outcomeValue() const    for the side to move, within
//                                     +-kHeuristicLimit (core/types.hpp)
//    A game offered in several sizes names its sized class `Sized`, with
//    static fits(w, h), sizesText() and setSize(w, h) (the CLI's --size).
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace gs {

// One outcome of a chance event (capability d): the outcome's number, as the
// game's applyChance takes it, and its weight (probability weight / kChanceTotal).
struct ChanceOutcome {
  int outcome = 0;
  int weight = 0;
};

namespace game_detail {
template <class G>
using Common = std::void_t<
    decltype(G::kName), decltype(G::kDisplayName), decltype(G::kSides), decltype(G::kMoveNoun),
    decltype(G::kTakenText), decltype(G::kNotationHelp), decltype(G::kWidth), decltype(G::kHeight), decltype(G::kLine),
    decltype(G::kGravity), decltype(G::kMoveSlots), decltype(G::kMaxPlies), decltype(G::kCentreOrder),
    decltype(G::kTreeMaxDepth), decltype(bool{std::declval<const G&>().canPlay(0)}), decltype(std::declval<G&>().play(0)),
    decltype(int{std::declval<const G&>().plies()}), decltype(bool{std::declval<const G&>().lastMoverWon()}),
    decltype(bool{std::declval<const G&>().isFull()}), decltype(int{std::declval<const G&>().cell(0, 0)}),
    decltype(std::vector<int>{std::declval<const G&>().winningCells()})>;

template <class G>
using TwoPlayer = std::void_t<decltype(G::kWinBase), decltype(G::kBookFile), decltype(G::kSolveFromPlies),
                              decltype(int{std::declval<const G&>().evaluate()}),
                              decltype(std::uint64_t{std::declval<const G&>().key()})>;

template <class G>
using Threats = std::void_t<
    typename G::Bits, decltype(std::declval<const G&>().legalMoves()), decltype(std::declval<const G&>().moveBits(0)),
    decltype(std::declval<G&>().playBits(typename G::Bits{})), decltype(G::moveOf(typename G::Bits{})),
    decltype(G::slotMask(0)), decltype(bool{std::declval<const G&>().canWinNext()}),
    decltype(bool{std::declval<const G&>().isWinningMove(0)}),
    decltype(std::declval<const G&>().opponentWinningSpots()),
    decltype(int{std::declval<const G&>().threatScore(typename G::Bits{})}),
    decltype(int{std::declval<const G&>().moveGain(typename G::Bits{})})>;

template <class G>
using SolverBounds = std::void_t<
    decltype(std::declval<const G&>().nonLosingMoves()),
    decltype(typename G::Bits{std::declval<const G&>().nonLosingMoves(typename G::Bits{})}),
    decltype(int{std::declval<const G&>().signUpperBound()}),
    decltype(int{std::declval<const G&>().signLowerBound()}),
    decltype(typename G::Bits{std::declval<const G&>().spotsAfter(typename G::Bits{})}),
    decltype(int{std::declval<const G&>().orderScore(typename G::Bits{}, typename G::Bits{}, typename G::Bits{}, true)}),
    decltype(bool{std::declval<const G&>().leavesNoDefence(typename G::Bits{}, typename G::Bits{})}),
    decltype(int{G::stonesOfKey(std::uint64_t{})})>;

template <class G>
using Mirror = std::void_t<decltype(std::uint64_t{std::declval<const G&>().mirrorKey()}),
                           decltype(int{G::mirrorMove(0)})>;

template <class G>
using Features = std::void_t<decltype(G::kFeatures), decltype(G::kFeatureNames), decltype(G::kFeatureHelp),
                             decltype(G::kFeatureWeights),
                             decltype(std::declval<const G&>().featureCounts(static_cast<int*>(nullptr),
                                                                             static_cast<int*>(nullptr))),
                             decltype(std::vector<std::vector<int>>{std::declval<const G&>().featureMarks(0, true)})>;

template <class G>
using Chance = std::void_t<decltype(G::kChanceTotal), decltype(G::kMaxChanceOutcomes),
                           decltype(bool{std::declval<const G&>().atChance()}),
                           decltype(int{std::declval<const G&>().chanceOutcomes(static_cast<ChanceOutcome*>(nullptr))}),
                           decltype(std::declval<G&>().applyChance(0))>;

template <class G>
using Players = std::void_t<decltype(G::kPlayers), decltype(G::kSides), decltype(G::kEvalSum), decltype(G::kEvalMax),
                            decltype(G::kMoveSlots), decltype(G::kMaxPlies), decltype(G::kCentreOrder),
                            decltype(int{std::declval<const G&>().toMove()}),
                            decltype(std::declval<const G&>().evaluatePlayers()[0]),
                            decltype(bool{std::declval<const G&>().canPlay(0)}), decltype(std::declval<G&>().play(0)),
                            decltype(std::declval<G&>().playAs(0, 0)),
                            decltype(int{std::declval<const G&>().plies()}),
                            decltype(bool{std::declval<const G&>().lastMoverWon()}),
                            decltype(bool{std::declval<const G&>().isFull()})>;

template <class G>
using RuntimeSize = std::void_t<std::enable_if_t<G::kRuntimeSize>, decltype(int{G::width()}),
                                decltype(int{G::height()}), decltype(int{G::cells()}),
                                decltype(int{G::centreOrder(0)})>;

template <class G>
using OutcomeValues = std::void_t<decltype(int{std::declval<const G&>().outcomeValue()})>;

template <class G>
using Sizes = std::void_t<typename G::Sized, decltype(bool{G::fits(0, 0)}), decltype(G::setSize(0, 0))>;

template <class G, template <class> class Op, class = void>
struct Detect : std::false_type {};
template <class G, template <class> class Op>
struct Detect<G, Op, std::void_t<Op<G>>> : std::true_type {};
}  // namespace game_detail

template <class G>
constexpr bool isGame = game_detail::Detect<G, game_detail::Common>::value;
template <class G>
constexpr bool hasThreats = game_detail::Detect<G, game_detail::Threats>::value;
template <class G>
constexpr bool hasSolverBounds = hasThreats<G> && game_detail::Detect<G, game_detail::SolverBounds>::value;
template <class G>
constexpr bool hasMirror = game_detail::Detect<G, game_detail::Mirror>::value;
template <class G>
constexpr bool hasFeatures = game_detail::Detect<G, game_detail::Features>::value;
template <class G>
constexpr bool hasChance = game_detail::Detect<G, game_detail::Chance>::value;
template <class G>
constexpr bool hasPlayers = game_detail::Detect<G, game_detail::Players>::value;
template <class G>
constexpr bool hasRuntimeSize = game_detail::Detect<G, game_detail::RuntimeSize>::value;
template <class G>
constexpr bool hasOutcomeValues = game_detail::Detect<G, game_detail::OutcomeValues>::value;
template <class G>
constexpr bool hasSizes = game_detail::Detect<G, game_detail::Sizes>::value;

// The longest game and the move slots in use: the board's for a game sized
// at run time (capability g), else kMaxPlies and kMoveSlots.
template <class G>
inline int maxPliesOf() {
  if constexpr (hasRuntimeSize<G>) return G::cells();
  else return G::kMaxPlies;
}
template <class G>
inline int moveSlotsOf() {
  if constexpr (hasRuntimeSize<G>) return G::width();
  else return G::kMoveSlots;
}

template <class G>
constexpr bool hasTwoPlayerSearch = isGame<G> && !hasPlayers<G> && game_detail::Detect<G, game_detail::TwoPlayer>::value;

// Which family of searches plays a game: its kind, as data for the front ends.
enum class GameKind {
  kTwoPlayer,  // two players, no chance: minimax, alpha-beta, the solver, MCTS
  kChance,     // two players and chance (capability d): expectiminimax, MCTS
  kPlayers,    // more than two players (capability e): max^n, paranoid
};

template <class G>
constexpr GameKind kindOf() {
  if constexpr (hasPlayers<G>) return GameKind::kPlayers;
  else if constexpr (hasChance<G>) return GameKind::kChance;
  else return GameKind::kTwoPlayer;
}

// The number of players.
template <class G>
constexpr int playersOf() {
  if constexpr (hasPlayers<G>) return G::kPlayers;
  else return 2;
}

// The checks of sections 1-3 and 4e, with a message per rule.
template <class G>
constexpr bool checkGame() {
  static_assert(isGame<G>, "a game needs every fact and member of the common interface (core/game.hpp, 1 and 2)");
  static_assert(hasPlayers<G> || hasTwoPlayerSearch<G>,
                "a game for two players needs section 3 of core/game.hpp; one for more, capability e");
  static_assert(std::is_default_constructible_v<G> && std::is_copy_constructible_v<G>,
                "a game is a value: default-constructed = the start position, a copy = a position");
  static_assert(G::kMoveSlots >= 1, "a game has at least one move slot");
  static_assert(sizeof(G::kCentreOrder) / sizeof(G::kCentreOrder[0]) == G::kMoveSlots,
                "kCentreOrder lists every move slot once");
  static_assert(sizeof(G::kSides) / sizeof(G::kSides[0]) == playersOf<G>(), "kSides names every player");
  static_assert(G::kMaxPlies >= 1, "a game has at least one ply");
  static_assert(G::kTreeMaxDepth >= 0 && G::kTreeMaxDepth <= G::kMaxPlies, "kTreeMaxDepth is a depth in plies");
  static_assert(!(hasChance<G> && hasPlayers<G>), "no search plays chance and more than two players at once");
  if constexpr (hasPlayers<G>) {
    static_assert(G::kPlayers >= 3, "capability e is for more than two players");
  } else {
    static_assert(G::kWinBase > (G::kMaxPlies + 1) / 2, "every win scores at least 1");
  }
  return true;
}

// True when the game is over: the last mover won or no move is left.
template <class G>
bool isOver(const G& g) {
  return g.lastMoverWon() || g.isFull();
}

// The value of a position that is over without a winner (isFull()), for the
// side to move: a draw's 0, or the game's own (capability h).
template <class G>
int fullValue(const G& g) {
  if constexpr (hasOutcomeValues<G>) return g.outcomeValue();
  else return 0;
}

// Whether move `m` (legal) wins at once for the side to move.
template <class G>
bool winsAtOnce(const G& g, int m) {
  if constexpr (hasThreats<G>) {
    return g.isWinningMove(m);
  } else {
    G child = g;
    child.play(m);
    return child.lastMoverWon();
  }
}

}  // namespace gs
