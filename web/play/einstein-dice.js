// The EinStein page's dice: a seeded generator the page owns, so a game can
// be replayed and a link (#game=einstein&seed=S) reproduces it. The k-th
// draw of a stream is a pure function of (seed, stream, k), not of what was
// drawn before: the die of ply p is rollFor(seed, p) however the game got
// there, so undo and redo, a reload and a link all see the same dice.
//
//   rollFor(seed, ply)       the die face (1-6) the side to move rolls at `ply`
//   setupFor(seed, side)     a random set-up (side 0 Red, 1 Blue): six
//                            digits, a permutation of 1-6 (the notation's
//                            order of start cells, docs/einstein.md)
//   newSeed()                a fresh seed 1..2^31-1 from crypto.getRandomValues
//   isSeed(text)             a seed as a link writes it

// A 32-bit integer hash with good avalanche (xor-shift and multiply rounds).
function mix(x) {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

const STREAM_DIE = 1;
const STREAM_SETUP = 2;   // + side

// A uniform draw in 0..n-1, the k-th of a stream: rejection sampling over
// the hash, so every value has exactly the same chance.
function draw(seed, stream, k, n) {
  const limit = 0x100000000 - (0x100000000 % n);
  const base = mix(mix(seed >>> 0) ^ Math.imul(stream, 0x9e3779b9)) ^ mix(k + 1);
  for (let attempt = 0; ; attempt++) {
    const x = mix((base + Math.imul(attempt, 0x85ebca6b)) >>> 0);
    if (x < limit) return x % n;
  }
}

/** @param {number} seed @param {number} ply */
export const rollFor = (seed, ply) => 1 + draw(seed, STREAM_DIE, ply, 6);

/** @param {number} seed @param {number} side */
export function setupFor(seed, side) {
  const perm = [1, 2, 3, 4, 5, 6];
  for (let k = perm.length - 1; k > 0; k--) {
    const j = draw(seed, STREAM_SETUP + side, k, k + 1);
    [perm[k], perm[j]] = [perm[j], perm[k]];
  }
  return perm.join('');
}

export function newSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return (a[0] % 0x7fffffff) + 1;
}

/** @param {unknown} text */
export const isSeed = (text) => typeof text === 'string' && /^[1-9][0-9]{0,9}$/.test(text) && Number(text) < 2 ** 32;
