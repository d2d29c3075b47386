/**
 * Bitsets over 32-bit words (Uint32Array), as porcupine keeps the set of
 * linearized operations. Mutating helpers work in place; `bitsetEquals`
 * compares word by word.
 */
/** A zeroed bitset able to hold `n` bits. */
export declare function createBitset(n: number): Uint32Array;
/** Sets bit `i`. */
export declare function setBit(bits: Uint32Array, i: number): void;
/** Clears bit `i`. */
export declare function clearBit(bits: Uint32Array, i: number): void;
/** True when bit `i` is set. */
export declare function hasBit(bits: Uint32Array, i: number): boolean;
/** True when both bitsets hold the same bits (same length assumed). */
export declare function bitsetEquals(a: Uint32Array, b: Uint32Array): boolean;
/** The number of set bits. */
export declare function popcount(bits: Uint32Array): number;
/**
 * The Zobrist key of bit `i`: a bitset's hash is the XOR of the keys of its
 * set bits, so setting or clearing one bit updates the hash in O(1).
 */
export declare function bitKey(i: number): number;
/** Murmur3's 32-bit finalizer: a cheap, well-spread integer mix. */
export declare function mix32(x: number): number;
