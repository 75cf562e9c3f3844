// What the EinStein page says: the level's description, the status line (the
// last turn, then what comes next or who won) and the computer's card (its
// estimate and how it searched). Words only: einstein-view.js shows them.
// `players` is {ai, isComputer(side)}: the Players setting ('2', '1', 'none',
// 'both') and whether a side is the computer's.

import { group } from '../lib/dom.js';
import { LEVELS, SIDES } from './einstein-page.js';

// The level's sentence (#es-level-info).
export function levelWords(level, algorithm) {
  const mcts = algorithm === 'mcts';
  const words = {
    beginner: mcts ? 'plays out 10 random games before each move' : 'looks one move ahead and often takes a merely plausible move',
    casual: mcts ? 'plays out 70 random games before each move' : 'looks two moves ahead, averaging over every roll in between',
    strong: mcts ? 'plays out random games for 0.3 s' : 'thinks 0.3 s, deeper and deeper (expectiminimax with Star2 pruning)',
    perfect: mcts ? 'plays out random games for 1 s' : 'thinks 1 s, deeper and deeper (expectiminimax with Star2 pruning)',
  };
  return `${LEVELS.find(([v]) => v === level)[1]}: ${words[level]}.`;
}

// The status line (a live region): the last turn, so that a screen reader
// hears the computer's (or the other player's) move, then what comes next.
export function statusWords(state, players) {
  const { ai, isComputer } = players;
  const t = state.turns[state.turns.length - 1];
  const vs = ai !== 'none' && ai !== 'both';
  const last = t ? `${!vs ? SIDES[t.side] : isComputer(t.side) ? 'The computer' : 'You'} rolled ${t.die} and moved ${t.words}. ` : '';
  return last + nextWords(state, players);
}

// What comes next: whose turn and what to do, or who won.
function nextWords(state, { ai, isComputer }) {
  if (state.over) {
    const w = state.winner;
    const how = state.winCells.length ? `reached ${w ? 'a1' : 'e5'}` : `captured all of ${SIDES[1 - w]}'s cubes`;
    const who = ai === 'none' || ai === 'both' ? `${SIDES[w]} wins` : isComputer(w) ? 'The computer wins' : 'You win';
    return `${who}: ${SIDES[w]} ${how}.`;
  }
  const who = ai === 'none' || ai === 'both' ? SIDES[state.side] : isComputer(state.side) ? `The computer (${SIDES[state.side]})` : `Your turn (${SIDES[state.side]})`;
  if (!state.roll) return isComputer(state.side) ? `${who} rolls…` : `${who}: roll the die.`;
  if (isComputer(state.side)) return `${who} rolled ${state.roll} and is thinking…`;
  const cubes = state.movable.length === 2 ? `cube ${state.movable[0]} or ${state.movable[1]}` : `cube ${state.movable[0]}`;
  return `${who}: you rolled ${state.roll}, move ${cubes}.`;
}

// The computer's card for its move `r` (the engine's `think` answer, with
// the side that moved): {estimate, detail}.
export function computerWords(r) {
  const who = SIDES[r.side];
  const est = r.exact ? `${who} wins ${r.winPct} % of games from here: computed exactly, every roll to the end of the game`
    : `${who} expects to win ${r.winPct} % of games from here (its estimate)`;
  const how = r.algorithm === 'mcts'
    ? `Monte Carlo tree search · ${group(r.playouts)} playouts`
    : `Expectiminimax with ${r.algorithm === 'star2' ? 'Star2' : r.algorithm === 'star1' ? 'Star1' : 'no'} pruning · ${r.depth} move${r.depth === 1 ? '' : 's'} deep`;
  return { estimate: `${est}. It played ${r.words}.`, detail: `${how} · ${group(r.nodes)} positions · ${(r.timeMs / 1000).toFixed(2)} s` };
}
