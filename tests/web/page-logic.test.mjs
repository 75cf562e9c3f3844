// Node tests of the page's pure modules (web/lib, web/play): the main-thread rules agree
// with the engine on random games (outcome, winning cells, legal moves, move
// string errors), the URL hash parser never throws and always yields a valid
// clean state, and scores turn into the right words.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { ROOT } from './lib.mjs';
import { loadEngine } from './wasm.mjs';

const { Game } = await import(`${ROOT}/web/lib/rules.js`);
const { parseHash, formatHash, setLinkParser, viewOf } = await import(`${ROOT}/web/lib/url-state.js`);
const { loadLinkModule } = await import('./wasm.mjs');
test('before its parser has loaded, a link is not read (and says so)', () => {
  assert.ok(parseHash('#game=tictactoe').errors.length === 1 && parseHash('').errors.length === 0,
    'before its parser has loaded, a link is not read (and says so)');
});
const linkModule = await loadLinkModule();
// The games as the engine describes them (lib/games.js); the link parser itself comes later.
(await import(`${ROOT}/web/lib/games.js`)).setGames(linkModule.games());
const { movesToWin, scoreInWords } = await import(`${ROOT}/web/lib/score-words.js`);
const { parseLevelResults, resultLines } = await import(`${ROOT}/web/play/levels.js`);

// Deterministic pseudo-random numbers (xorshift32).
let seed = 0x9e3779b9;
const rand = (n) => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
};

test('rules.js agrees with the engine on random games', async () => {
  const M = await loadEngine();
  const s = new M.Session('connect4', 1);
  for (const kind of ['connect4', 'tictactoe']) {
    let games = 0, mismatches = 0;
    const W = kind === 'connect4' ? 7 : 3, H = kind === 'connect4' ? 6 : 3;
    // engine cell index -> display index (row 0 at the top)
    const toDisplay = (i) => (kind === 'connect4' ? (H - 1 - Math.floor(i / W)) * W + (i % W) : i);
    for (let n = 0; n < 400; n++) {
      const g = new Game(kind);
      s.newGame(kind);
      while (!g.over) {
        const legal = g.legalMoves();
        const engineLegal = s.legalMoves();
        if (JSON.stringify(legal) !== JSON.stringify(engineLegal)) mismatches++;
        const m = legal[rand(legal.length)];
        g.play(m);
        s.play(m);
        if (g.outcome !== s.outcome()) mismatches++;
      }
      const cells = s.winningCells().map(toDisplay).sort((a, b) => a - b);
      if (JSON.stringify(cells) !== JSON.stringify(g.winCells)) mismatches++;
      // Move-string validation: the same verdict as the engine's parser.
      const text = g.moveString();
      const bad = text.slice(0, rand(text.length + 1)) + String(rand(10)) + text.slice(rand(text.length));
      const ours = Game.fromMoves(kind, bad);
      const theirs = s.setMoves(bad);
      if (Boolean(ours.error) !== Boolean(theirs)) mismatches++;
      games++;
    }
    assert.ok(mismatches === 0, `${kind}: ${games} random games, ${mismatches} disagreements`);
  }
  s.delete();
});

test('rules.js on another board agrees with the engine (12x4: columns 10-12 are a, b, c)', async () => {
  const M = await loadEngine();
  // (the module's one sized board; its 7x6 Session above is the compiled class, unchanged)
  assert.equal(M.setBoardSize('connect4', '12x4'), '');
  const check = (moves) => M.checkRequest(JSON.stringify({ type: 'solve', game: 'connect4', size: '12x4', moves })).error;
  let games = 0, mismatches = 0;
  for (let n = 0; n < 200; n++) {
    const g = new Game('connect4', '12x4');
    while (!g.over) g.play(g.legalMoves()[rand(g.legalMoves().length)]);
    const text = g.moveString();
    if (check(text) !== '') mismatches++;
    // A finished game with one more move, and a random symbol put in: the same verdict.
    if (Boolean(check(`${text}1`)) !== Boolean(Game.fromMoves('connect4', `${text}1`, '12x4').error)) mismatches++;
    const bad = text.slice(0, rand(text.length + 1)) + '0123456789abcdz'[rand(15)] + text.slice(rand(text.length));
    if (Boolean(check(bad)) !== Boolean(Game.fromMoves('connect4', bad, '12x4').error)) mismatches++;
    games++;
  }
  assert.ok(mismatches === 0, `12x4: ${games} random games, ${mismatches} disagreements`);
  assert.equal(Game.fromMoves('connect4', '9abc', '12x4').game.moveString(), '9abc');
  assert.equal(Game.fromMoves('connect4', '447', '5x4').error, 'column 7 at position 3 is out of range 1-5');
});

test('URL hash', () => {
  setLinkParser(linkModule);
  const good = parseHash('#game=connect4&moves=4453&time=1000&ai=2');
  assert.ok(good.errors.length === 0 && good.settings.moves === '4453' && good.settings.time === 1000 && good.settings.ai === '2',
    'a good hash is read');
  assert.ok(good.settings.level === 'custom' && formatHash(good.settings) === '#game=connect4&moves=4453&time=1000&ai=2&level=custom',
    'and written back with the Custom level (a time without a level)');
  const LEVELS = ['beginner', 'casual', 'strong', 'perfect'];
  const lv = parseHash('#game=connect4&moves=44&time=300&ai=1&level=strong', LEVELS);
  assert.ok(lv.errors.length === 0 && lv.settings.level === 'strong' && formatHash(lv.settings) === '#game=connect4&moves=44&time=300&ai=1&level=strong',
    'a level is read and written back');
  assert.ok(parseHash('', LEVELS).settings.level === 'casual' && parseHash('#game=tictactoe', LEVELS).settings.level === 'casual',
    'without level and time: the default level');
  assert.ok(parseHash('#level=strong').errors.length === 1, 'a level the engine does not know is an error');
  const kept = parseHash('#level=godlike&moves=44', LEVELS);
  assert.ok(kept.errors.length === 1 && kept.settings.moves === '44' && kept.settings.level === 'casual',
    'a bad level keeps the valid moves and the default level');
  for (const h of ['#level=Strong', '#level=', '#level=__proto__', '#level=custom%00']) {
    const r = parseHash(h, LEVELS);
    assert.ok(r.errors.length === 1 && r.settings.moves === '' && r.settings.level === 'casual', `${h}: "${r.errors[0]}"`);
  }
  assert.ok(viewOf('') === 'play' && viewOf('#game=connect4&moves=44') === 'play' && viewOf('#view=tree&game=tictactoe&moves=') === 'tree'
    && viewOf('#view=study') === 'study' && viewOf('#view=bogus') === 'play' && viewOf('#view=%') === 'play', 'views from the hash');
  assert.ok(parseHash('').errors.length === 0 && parseHash('#').settings.game === 'connect4', 'an empty hash gives the defaults');
  const sized = parseHash('#game=connect4&size=8x7&moves=8888&time=1000&ai=none', LEVELS);
  assert.ok(sized.errors.length === 0 && sized.settings.size === '8x7' && sized.settings.moves === '8888'
    && formatHash(sized.settings) === '#game=connect4&size=8x7&moves=8888&time=1000&ai=none&level=custom',
    'a link with a board size reads and writes back');
  assert.ok(parseHash('#game=connect4&moves=44').settings.size === '', 'without size: the game\'s own board');
  assert.ok(parseHash('#%%%&x=1').errors.length === 0, 'unknown keys are ignored');
  const samples = ['#game=connect4&moves=4489', '#time=49', '#time=10001', '#time=1e3', '#ai=3', '#game=', '#moves=0',
    '#game=tictactoe&moves=55', '#moves=%', '#game=connect4&moves=1111111', `#moves=${'4'.repeat(5000)}`,
    '#game=__proto__', '#game=constructor&ai=toString', '#time=-5', '#time= 100'];
  for (const h of samples) {
    const r = parseHash(h);
    assert.ok(r.errors.length > 0 && r.settings.moves === '', `${h.slice(0, 30)}: "${r.errors.join('; ').slice(0, 70)}"`);
  }
  let threw = 0, invalid = 0;
  const alphabet = '#=&%game=connect4tictactoemovestimeailevelstrongcustom0123456789 ;?+-_.';
  for (let n = 0; n < 20000; n++) {
    let h = '';
    for (let k = rand(60); k > 0; k--) h += alphabet[rand(alphabet.length)];
    try {
      const { settings } = parseHash(h, LEVELS);
      const again = parseHash(formatHash(settings), LEVELS);
      if (again.errors.length) invalid++;
    } catch (e) {
      threw++;
    }
  }
  assert.ok(threw === 0 && invalid === 0, `20000 random hashes: ${threw} threw, ${invalid} gave an invalid state`);
});

test('scores in words', () => {
  const names = { 1: 'Red', 2: 'Yellow' };
  // Empty board: a win with the first player's 4th stone scores 18, 4 moves away.
  assert.ok(movesToWin('connect4', 18, 0) === 4 && movesToWin('connect4', 18, 2) === 3, 'wins: moves left for the winner');
  assert.ok(movesToWin('connect4', -18, 1) === 3, 'losses: moves left for the opponent');
  assert.ok(scoreInWords('connect4', 18, true, 6, 1, names) === 'Red wins with the next move', 'win next move');
  assert.ok(scoreInWords('connect4', -17, true, 5, 2, names) === 'Red wins in 2 moves', 'the opponent wins');
  assert.ok(scoreInWords('connect4', 0, true, 10, 1, names) === 'draw with best play', 'draw');
  assert.ok(scoreInWords('connect4', 5, false, 10, 1, names) === 'slight edge for Red', 'slight edge');
  assert.ok(scoreInWords('connect4', -50, false, 10, 1, names) === 'big advantage for Yellow', 'big advantage');
  assert.ok(scoreInWords('tictactoe', 3, true, 4, 1, { 1: 'X', 2: 'O' }) === 'X wins with the next move', 'tic-tac-toe win');
  // Proven win/draw/loss without the exact score (book, win/draw/loss solver).
  assert.ok(scoreInWords('connect4', 1000, false, 0, 1, names, 1) === 'Red wins with best play', 'proven win, no exact score');
  assert.ok(scoreInWords('connect4', -1000, false, 1, 2, names, -1) === 'Red wins with best play', 'proven loss');
  assert.ok(scoreInWords('connect4', 0, false, 3, 2, names, 0) === 'draw with best play', 'proven draw');
  assert.ok(scoreInWords('connect4', 0, false, 11, 2, names, null, 'solver') === 'a draw or better for Yellow',
    'the solver proved at least a draw, no outcome');
  assert.ok(scoreInWords('connect4', 0, false, 11, 2, names, null, 'search') === 'about even', 'a heuristic score stays one');
  assert.ok(scoreInWords('connect4', 5, false, 10, 1, names, null) === 'slight edge for Red', 'no outcome: the heuristic');
});

test('level results', () => {
  const results = parseLevelResults({ levels: [{ name: 'perfect',
    results: [{ vs: 'strong', wins: 7, draws: 4, losses: 5, games: 16 }, { vs: 'bad', wins: -1, draws: 0, losses: 0 }],
    first: [{ vs: 'strong', wins: 10, draws: 0, losses: 0, games: 10 }] }] });
  const lines = resultLines(results, 'perfect');
  assert.ok(lines.length === 2 && lines[0] === 'wins 44% against Strong, draws 25% (16 games)'
    && lines[1] === 'moving first: wins 10 of 10 games (against Strong)', `lines: ${JSON.stringify(lines)}`);
  const two = resultLines(parseLevelResults({ levels: [{ name: 'perfect', results: [], first: [
    { vs: 'casual', wins: 3, draws: 0, losses: 0, games: 3 }, { vs: 'perfect', wins: 2, draws: 1, losses: 1, games: 4 }] }] }),
  'perfect');
  assert.ok(two.length === 1 && two[0] === 'moving first: wins 5 of 7 games, draws 1, loses 1 (against Casual and itself)',
    `first-move line: ${JSON.stringify(two)}`);
  assert.ok(parseLevelResults({ levels: 'x' }) === null && resultLines(null, 'perfect').length === 0, 'bad data shows nothing');
  const measured = parseLevelResults(JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/levels.json'), 'utf8')));
  assert.equal(measured && measured.game, 'connect4', 'docs/levels.json names the game its levels were measured in');
});

test('analysis labels and the evaluation bar', async () => {
  const { moveLabel, firstPlayerShare, moveName } = await import(`${ROOT}/web/play/analysis-view.js`);
  // Connect Four, empty board: a win with the 4th stone scores 18 = W4, its loss L4.
  assert.deepEqual(moveLabel('connect4', { kind: 'exact', score: 18 }, 0), { text: 'W4', tone: 'win' });
  assert.deepEqual(moveLabel('connect4', { kind: 'exact', score: -18 }, 0), { text: 'L4', tone: 'loss' });
  assert.deepEqual(moveLabel('connect4', { kind: 'exact', score: 0 }, 10), { text: 'D', tone: 'draw' });
  assert.deepEqual(moveLabel('connect4', { kind: 'wdl', score: 1 }, 3), { text: 'W', tone: 'win' });
  assert.deepEqual(moveLabel('connect4', { kind: 'wdl', score: -1 }, 3), { text: 'L', tone: 'loss' });
  assert.deepEqual(moveLabel('connect4', { kind: 'estimate', score: 6, depth: 9 }, 3), { text: '≈+0.6', tone: 'estimate' });
  assert.deepEqual(moveLabel('connect4', { kind: 'estimate', score: -12, depth: 9 }, 3), { text: '≈−1.2', tone: 'estimate' });
  assert.deepEqual(moveLabel('connect4', { kind: 'pending', score: 0 }, 3), { text: '…', tone: 'pending' });
  // The bar: the first player's share, from either side's view of the value.
  assert.equal(firstPlayerShare({ kind: 'exact', score: 5 }, 1), 1);
  assert.equal(firstPlayerShare({ kind: 'exact', score: 5 }, 2), 0);
  assert.equal(firstPlayerShare({ kind: 'wdl', score: -1 }, 2), 1);
  assert.equal(firstPlayerShare({ kind: 'exact', score: 0 }, 2), 0.5);
  assert.ok(firstPlayerShare({ kind: 'estimate', score: 20 }, 1) > 0.7 && firstPlayerShare({ kind: 'estimate', score: 20 }, 2) < 0.3);
  assert.equal(firstPlayerShare(null, 1), 0.5);
  assert.equal(moveName(0), '1.');
  assert.equal(moveName(7), '4…');
});

test('saved parts: round trip, and damaged, old or refused storage is dropped with a reason', async () => {
  const { SavedPart, storageAvailable } = await import(`${ROOT}/web/lib/storage.js`);
  const map = new Map();
  const fake = {
    getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k), key: (i) => [...map.keys()][i] ?? null, get length() { return map.size; },
  };
  globalThis.localStorage = fake;
  try {
    const part = new SavedPart('test', 2, (d) => (d && Array.isArray(d.moves) ? { moves: d.moves } : null));
    assert.deepEqual(part.load(), { data: null, problem: null });
    assert.ok(part.save({ moves: [1, 2], extra: 1 }));
    assert.deepEqual(part.load(), { data: { moves: [1, 2] }, problem: null });
    for (const [text, why] of [['{not json', /not readable/], ['[1]', /expected form/],
      ['{"version":1,"data":{"moves":[]}}', /older version/], ['{"version":"x","data":1}', /another version/],
      ['{"version":2,"data":{"moves":7}}', /did not make sense/]]) {
      map.set('fourinarow.test', text);
      const r = part.load();
      assert.equal(r.data, null, text);
      assert.match(r.problem, why, text);
      // The pages put the reason in brackets ("could not be used (...)"): none of its own (issue 42, defect 10).
      assert.doesNotMatch(r.problem, /[()]/, text);
      assert.ok(!map.has('fourinarow.test'), `${text} is removed`);
    }
    assert.ok(storageAvailable());
    // A browser that throws on every use: nothing saved, nothing thrown.
    globalThis.localStorage = { getItem() { throw new Error('denied'); } };
    assert.ok(!storageAvailable());
    assert.equal(part.save({ moves: [] }), false);
    assert.deepEqual(part.load(), { data: null, problem: null });
  } finally {
    delete globalThis.localStorage;
  }
});

test('counts get thousands separators (dom.js group, written out: no locale data loaded)', async () => {
  const { group } = await import(`${ROOT}/web/lib/dom.js`);
  const cases = [[0, '0'], [7, '7'], [999, '999'], [1000, '1,000'], [549946, '549,946'], [1234567890, '1,234,567,890'],
    [-1234, '-1,234'], [-1234.5, '-1,234.5'], [1.25, '1.25'], [12345.75, '12,345.75'], ['42000', '42,000']];
  for (const [n, words] of cases) assert.equal(group(n), words, `group(${n})`);
  for (const n of [0, 5, 1000, 99999, 123456, 7654321, -42424]) assert.equal(group(n), n.toLocaleString('en-US'));
});

test('sound: the volume scales every tone by its square, and 0 plays nothing', async () => {
  const { Sound } = await import(`${ROOT}/web/play/sound.js`);
  const gains = [];
  const param = (record) => ({ setValueAtTime: (v) => { if (record) gains.push(v); }, exponentialRampToValueAtTime: () => {} });
  class FakeContext {
    constructor() { this.currentTime = 0; this.state = 'running'; this.destination = {}; }
    createOscillator() { return { type: '', frequency: param(false), connect: (x) => x, start() {}, stop() {} }; }
    createGain() { return { gain: param(true), connect: (x) => x }; }
  }
  const saved = globalThis.AudioContext;
  globalThis.AudioContext = /** @type {any} */ (FakeContext);
  try {
    const sound = new Sound();
    sound.setOn(true);
    sound.setVolume(1);
    sound.landed(1);
    sound.setVolume(0.5);
    sound.landed(1);
    sound.setVolume(0);
    sound.landed(1);
    sound.ended('win');
    assert.equal(gains.length, 2, 'nothing at volume 0');
    assert.ok(Math.abs(gains[1] - gains[0] * 0.25) < 1e-9, `half the volume, a quarter of the level: ${gains}`);
    sound.setOn(false);
    sound.setVolume(1);
    sound.landed(1);
    assert.equal(gains.length, 2, 'nothing with sound off');
  } finally {
    globalThis.AudioContext = saved;
  }
});
