/**
 * The Zobrist keys of the set of linearized operations (porcupine keeps
 * that set as a bitset; our search keeps the bits in its own words and
 * hashes them with these keys).
 */

/**
 * The Zobrist key of bit `i`: a bitset's hash is the XOR of the keys of its
 * set bits, so setting or clearing one bit updates the hash in O(1).
 */
export function bitKey(i: number): number {
  return mix32(i + 0x9e3779b9);
}

/** Murmur3's 32-bit finalizer: a cheap, well-spread integer mix. */
export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
