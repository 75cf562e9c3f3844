// Fixed positions for the wasm-vs-native tests and the speed measurement:
// [game, moves, depth]. Depths are chosen so each search takes well under a
// second natively.
export const POSITIONS = [
  ['connect4', '', 10],
  ['connect4', '4', 10],
  ['connect4', '4453', 11],
  ['connect4', '3344', 8],
  ['connect4', '3562', 12],
  ['connect4', '17263', 13],
  ['connect4', '4444443332', 14],
  ['connect4', '32751571231557', 14],
  ['connect4', '335662333565', 14],
  ['connect4', '274552224131661', 14],
  ['connect4', '5455174361263362', 16],
  ['connect4', '2416615552', 12],
  ['tictactoe', '', 9],
  ['tictactoe', '5', 8],
  ['tictactoe', '51', 7],
  ['tictactoe', '15', 7],
  ['tictactoe', '1597', 5],
];

// Heavier searches for nodes-per-second comparisons: [game, moves, depth].
export const SPEED_POSITIONS = [
  ['connect4', '', 16],
  ['connect4', '4453', 16],
  ['connect4', '3562', 15],
  ['connect4', '17263', 16],
  ['connect4', '32751571231557', 17],
];
