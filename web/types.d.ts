// Types of the page's JavaScript, for `tsc --checkJs` (tsconfig.json): the
// worker protocol's messages (docs/protocol.md), the Embind modules
// (engine/gamesearch.js, engine/link.js) and the game descriptions they
// report. Only read by the type checker; the site does not ship it.

/** One game as the engine describes it (Module.games() of both wasm modules, the
 * worker's `games` reply; registered in engine/games/registry.hpp). */
export interface GameInfo {
  id: string;           // 'connect4', 'einstein', ...: the key in links and requests
  name: string;         // 'Connect Four'
  kind: 'two-player' | 'chance' | 'players';  // which searches play it (games/registry.hpp)
  players: number;      // 2, or more for kind 'players'
  chance: boolean;      // true for kind 'chance'
  algorithms: string;   // the searches that play it, space-separated: 'alphabeta minimax mcts'
  defaultAlgorithm: string;  // the one played when none is named: 'alphabeta'
  width: number;        // board columns
  height: number;       // board rows
  moveSlots: number;    // moves are digits 1..moveSlots
  maxPlies: number;     // the most moves a game can last
  line: number;         // stones in a row that win
  gravity: boolean;     // a move names a column and the stone falls
  noun: string;         // 'column' | 'cell': what a move names
  taken: string;        // why a move cannot be played: 'is full' | 'is already taken'
  notation: string;     // the moves in words: 'columns 1-7, left to right'
  sides: string[];      // the players' names, first mover first
  winBase: number;      // exact score s > 0 means a win with the (winBase - s)-th stone
  hasBook: boolean;     // the player opens from an opening book ...
  bookFile: string;     // ... this file of the site ('' without one)
  hasSolver: boolean;   // the exact solver can prove its positions
  treeMaxDepth: number; // the tree explorer's largest depth limit, 0 = to the end
  sizes?: string[];     // the other boards it is played on, 'WxH' ([] for a game of one board)
  sizedWinBase?: number; // winBase on those boards (0 when none)
}

/** One search's progress or result (`info`, `bestmove`). */
export interface SearchInfo {
  depth: number | string;
  score: number;
  exact: boolean;
  nodes: number;
  nps: number;
  timeMs: number;
  pv?: number[];
  outcome?: number | null;
  source?: string;
}

/** Requests of the engine worker (web/worker.js); the client adds `id`. */
export type EngineRequest =
  | { type: 'isready' }
  | { type: 'levels'; game?: string }
  | { type: 'games' }
  | { type: 'state'; game: string; position: string }
  | { type: 'evaluate'; game: string; position: string }
  | { type: 'newgame'; game: string; size?: string }
  | { type: 'search'; game: string; moves: string; size?: string; timeMs?: number; level?: string; randomTies?: boolean;
      seed?: number; algorithm?: 'alphabeta' | 'mcts'; playouts?: number }
  | { type: 'search'; game: string; position: string; timeMs?: number; maxDepth?: number; level?: string;
      algorithm?: string; playouts?: number; seed?: number }
  | { type: 'analyze'; game: string; moves: string; size?: string; timeMs: number };

/** The tree explorer's requests of the engine worker (web/engine/trace-engine.js). */
export type TraceRequest =
  | { type: 'trace'; game: string; moves: string; algorithm: string; depth: number; cap?: number }
  | { type: 'counts' | 'deepening' | 'values'; game: string; moves: string; depth: number }
  | { type: 'mcts'; game: string; moves: string; playouts: number; seed: number }
  | { type: 'trace' | 'counts' | 'treeOrder'; game: 'abstract'; tree: string; moves?: string; algorithm?: string; depth?: number }
  | { type: 'chanceCounts'; game: string; position: string; depth: number }
  | { type: 'chanceTrace'; game: string; position: string; algorithm: string; depth: number }
  | { type: 'multiTree'; game: string; position: string; depth: number }
  | { type: 'state' | 'evaluate'; game: string; position: string }
  | { type: 'search'; game: string; moves: string; maxDepth: number; quiescence: boolean; timeMs: number }
  | { type: 'analyze'; game: string; moves: string; timeMs: number };

/** Any reply of the worker: `type`, the request's `id` and its fields. */
export interface WorkerReply {
  type: string;
  id?: number | string;
  message?: string;
  [field: string]: any;
}

/** The book report of the engine worker: {type:'book', status, positions, plies, completePlies, message}. */
export interface BookReport extends WorkerReply {
  status: 'loading' | 'ok' | 'off' | 'missing' | 'corrupt' | string;
}

/** The link parser module (engine/link.js, factory createLinkParser). */
export interface LinkModule {
  parseLink(text: string, levels: string[], defaultLevel: string, otherViews?: string[]): {
    settings: { game: string; moves: string; time: number; ai: string; level: string; analysis: boolean; algorithm: string;
      size: string };
    errors: string[];
  };
  games(): GameInfo[];
}

/** A level of the engine (engine/search/levels.hpp), as the worker's `levels` reply lists it. */
export interface LevelInfo {
  name: string;
  timeMs: number;
  maxDepth: number;
  temperature: number;
  /** The level's budget for a Monte Carlo tree search (0: none of that kind). */
  mcts?: { timeMs: number; playouts: number };
}

/** Search settings of Session.think(). */
export interface ThinkOptions {
  timeMs: number;
  maxDepth: number;
  randomTies: boolean;
  seed: number;
  temperature: number;
}

/** The Embind session (wasm/bindings.cpp): one game and its search state. */
export interface Session {
  newGame(kind: string): boolean;
  kind(): string;
  setMoves(moves: string): string;   // '' or what is wrong
  moves(): string;
  plies(): number;
  play(move: number): boolean;
  undo(): boolean;
  canPlay(move: number): boolean;
  legalMoves(): number[];
  outcome(): number;
  winningCells(): number[];
  think(options: ThinkOptions, onInfo: ((info: SearchInfo) => void) | null): { bestMove: number; info: SearchInfo; [field: string]: any };
  analyze(timeMs: number): { move: number; legal: boolean; score: number; exact: boolean }[];
  solve(): number;
  lastNodes(): number;
  width(): number;
  height(): number;
  moveSlots(): number;
  loadBook(game: string, bytes: Uint8Array): string;   // '' or why the game's book was rejected
  bookPositions(game: string): number;
  bookPlies(game: string): number;
  bookCompletePlies(game: string): number;
  tableMiB(): number;
  delete(): void;
}

/** A worker request as the engine read it (protocol/request.hpp, checkRequest). */
export interface CheckedRequest {
  error: string;        // '' or why the request is refused
  type: string;
  game: string;
  moves: string;
  position: string;     // state, and a search of a game of another kind: the game's notation
  size: string;         // 'WxH': a board other than the game's own ('' its own)
  timeMs: number;
  maxDepth: number;
  temperature: number;
  randomTies: boolean;
  quiescence: boolean;  // search: false switches quiescence off (the horizon lesson)
  seed: number;
  engineMs: number;     // search: the engine's own budget (timeMs less the reply's reserve)
  usesBook: boolean;    // search: plays from the game's opening book
  algorithm: string;    // search: one of the game's algorithms ('alphabeta' or 'mcts' for the two-player games)
  playouts: number;     // search, mcts: the playout budget (0: the time only)
  threads: number;      // solve, analyze: the threads asked for
  depth: number;        // the tree explorer's requests: the traced search's depth
  cap: number;          // trace: the most nodes recorded (0: the default)
  runner: 'session' | 'engine' | 'trace' | 'worker' | '';  // what answers it (protocol/request.hpp)
}

/** The engine module (engine/gamesearch.js, factory createGameSearch): what the page and the workers use of it. */
export interface EngineModule {
  Session: new (kind: string, tableMiB: number) => Session;
  games(): GameInfo[];
  checkRequest(json: string): CheckedRequest;
  /** Chooses the sized board of `game` this module plays (once, before a Session plays it): '' or why not. */
  setBoardSize(game: string, size: string): string;
  /** Answers a checked request (protocol/replies.hpp): each reply's JSON text to `post`;
   * `session` may be null for a request whose runner is 'engine'. */
  runRequest(session: Session | null, request: CheckedRequest, idJson: string, post: (json: string) => void): void;
  /** Answers a checked request whose runner is 'trace' (wasm/trace_requests.cpp): the traced search, or {error}. */
  runTrace(request: CheckedRequest): any;
  memoryStats(): { heapBytes: number; usedBytes: number; arenaBytes: number };
  /** The threaded build's pool of helper workers (a solve uses at most one more thread); 0 in the single-threaded build. */
  threadPool(): number;
  treeTrace(game: string, moves: string, algorithm: string, depth: number, cap: number): any;
  treeCounts(game: string, moves: string, depth: number): any;
  treeDeepening(game: string, moves: string, depth: number): any;
  treeMoveValues(game: string, moves: string, depth: number): any;
}

interface ModuleOptions {
  locateFile?: (path: string) => string;
  mainScriptUrlOrBlob?: string;   // the threaded build: the script its thread workers load
  threadHelpers?: number;         // the threaded build: its pool of helper workers
  wasmBinary?: ArrayBuffer | Uint8Array;
}

declare global {
  function createLinkParser(options?: ModuleOptions): Promise<LinkModule>;
  function createGameSearch(options?: ModuleOptions): Promise<EngineModule>;
}
