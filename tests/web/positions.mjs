// Fixed positions for the wasm-vs-native tests and the speed measurement:
// [game, moves, depth]. Depths are chosen so each search takes well under a
// second natively.
export const POSITIONS = [
  ['connect4', '', 10],
  ['connect4', '4', 10],
  ['connect4', '4453', 10],
  ['connect4', '44444', 11],
  ['connect4', '3344556', 12],
  ['connect4', '4455332', 12],
  ['connect4', '17263544', 12],
  ['connect4', '444333222', 12],
  ['connect4', '4444443332', 14],
  ['connect4', '41414141', 10],
  ['connect4', '2252576253462244111563365343671351441', 16],
  ['connect4', '712222111337345665', 14],
  ['connect4', '44455554221', 13],
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
  ['connect4', '3344556', 17],
  ['connect4', '17263544', 17],
  ['connect4', '44455554221', 18],
];
