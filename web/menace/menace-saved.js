// MENACE kept between visits and carried between browsers. Its state (the
// chosen opponent, the result of every game, the bead counts of every box it
// opened) is saved in localStorage through storage.js (part 'menace', version
// 1) and written to and read from an exported file. One check serves both: it
// reads the state thoroughly and says in words what is wrong, so a damaged
// save or a bad file never reaches the matchboxes.

import { group } from '../lib/dom.js';
import { SavedPart } from '../lib/storage.js';
import { MAX_BEADS, Menace, canonical, emptyCells, winner } from './menace.js';

/**
 * What is saved: `history` has one letter per game (w win, d draw, l loss,
 * for MENACE), `boxes` maps a box's position (canonical, X to move) to its 9
 * bead counts.
 * @typedef {{opponent: string, history: string, boxes: Record<string, number[]>}} MenaceState
 */

export const OPPONENTS = { minimax: 'the perfect player', random: 'the random player', human: 'you' };
const VERSION = 1;
const FORMAT = 'MENACE matchboxes';   // marks an exported file as ours
const MAX_GAMES = 1_000_000;          // 2 hours of non-stop training at its fastest; keeps a save within the browser's quota
const MAX_FILE = 8_000_000;           // bytes: a file of MAX_GAMES games and every box is well below this
const LETTER = { win: 'w', draw: 'd', loss: 'l' };
const RESULT = { w: 'win', d: 'draw', l: 'loss' };

// Why `key` cannot be a box ('' when it can): a box is a position where
// MENACE (X, first) is to move, the game not over, with more than one free
// cell (the last move is forced and has no box), stored in its canonical
// orientation.
function boxKeyProblem(key) {
  if (!/^[.XO]{9}$/.test(key)) return 'is not 9 cells of ".", "X" and "O"';
  const xs = key.split('X').length - 1;
  const os = key.split('O').length - 1;
  if (xs !== os) return 'is not a position with MENACE (X) to move';
  if (winner(key)) return 'is a finished game';
  if (emptyCells(key).length < 2) return 'has only one free cell (that move is forced and has no box)';
  if (canonical(key).key !== key) return `is not in the orientation MENACE files it under (${canonical(key).key})`;
  return '';
}

// Why `data` is not a MENACE state, in words, or '' when it is one.
export function problemOf(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return 'it holds no MENACE state';
  if (!Object.hasOwn(OPPONENTS, data.opponent)) {
    return `the opponent ${JSON.stringify(data.opponent)} is not one of ${Object.keys(OPPONENTS).join(', ')}`;
  }
  if (typeof data.history !== 'string' || !/^[wdl]*$/.test(data.history)) {
    return 'the record of games is not a string of the letters w, d and l';
  }
  if (data.history.length > MAX_GAMES) return `the record has more than ${group(MAX_GAMES)} games`;
  if (!data.boxes || typeof data.boxes !== 'object' || Array.isArray(data.boxes)) return 'it has no matchboxes';
  for (const [key, counts] of Object.entries(data.boxes)) {
    const bad = boxKeyProblem(key);
    if (bad) return `the box "${key}" ${bad}`;
    if (!Array.isArray(counts) || counts.length !== 9) return `the box "${key}" does not hold 9 bead counts`;
    for (let c = 0; c < 9; c++) {
      const n = counts[c];
      if (!Number.isInteger(n) || n < 0 || n > MAX_BEADS) {
        return `the box "${key}" has ${JSON.stringify(n)} beads for cell ${c + 1} (a count is a whole number from 0 to ${MAX_BEADS})`;
      }
      if (n > 0 && key[c] !== '.') return `the box "${key}" has beads for cell ${c + 1}, which is taken`;
    }
  }
  return '';
}

// The browser's copy; load() drops a copy that fails problemOf.
export const savedMenace = new SavedPart('menace', VERSION, (data) => (problemOf(data) ? null : data));

/**
 * @param {Menace} menace
 * @param {string} opponent
 * @returns {MenaceState}
 */
export function stateOf(menace, opponent) {
  const boxes = /** @type {Record<string, number[]>} */ ({});
  for (const [key, beads] of menace.boxes) boxes[key] = [...beads];
  // Past MAX_GAMES the oldest results are dropped: the
  // state stays one the check accepts.
  return { opponent, history: menace.history.slice(-MAX_GAMES).map((r) => LETTER[r]).join(''), boxes };
}

/**
 * A Menace with the state's boxes and record (a state that passed problemOf).
 * @param {MenaceState} state
 */
export function menaceOf(state) {
  const menace = new Menace();
  for (const [key, counts] of Object.entries(state.boxes)) menace.boxes.set(key, Int16Array.from(counts));
  menace.history = [...state.history].map((c) => RESULT[c]);
  return menace;
}

// The exported file: {name, text} (pretty JSON: a teacher can read the boxes).
export function exportFile(state) {
  return {
    name: `menace-${state.history.length}-games.json`,
    text: JSON.stringify({ format: FORMAT, version: VERSION, data: state }, null, 1),
  };
}

// Reads an exported file: {state} or {problem} (a sentence fragment).
/** @param {File} file @returns {Promise<{state?: MenaceState, problem?: string}>} */
export async function readExportFile(file) {
  if (file.size > MAX_FILE) return { problem: 'it is far too large to be a MENACE export' };
  let parsed;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    return { problem: 'it is not a JSON file' };
  }
  if (!parsed || typeof parsed !== 'object' || parsed.format !== FORMAT) {
    return { problem: `it is not a MENACE export (it lacks "format": "${FORMAT}")` };
  }
  if (parsed.version !== VERSION) {
    return { problem: `it was written by another version of this page (version ${JSON.stringify(parsed.version)}; this page reads version ${VERSION})` };
  }
  const problem = problemOf(parsed.data);
  return problem ? { problem } : { state: parsed.data };
}
