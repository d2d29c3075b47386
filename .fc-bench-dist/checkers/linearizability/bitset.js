/**
 * Bitsets over 32-bit words (Uint32Array), as porcupine keeps the set of
 * linearized operations. Mutating helpers work in place; `bitsetEquals`
 * compares word by word.
 */
/** A zeroed bitset able to hold `n` bits. */
export function createBitset(n) {
    return new Uint32Array(Math.max(1, (n + 31) >>> 5));
}
/** Sets bit `i`. */
export function setBit(bits, i) {
    bits[i >>> 5] |= 1 << (i & 31);
}
/** Clears bit `i`. */
export function clearBit(bits, i) {
    bits[i >>> 5] &= ~(1 << (i & 31));
}
/** True when bit `i` is set. */
export function hasBit(bits, i) {
    return ((bits[i >>> 5] >>> (i & 31)) & 1) === 1;
}
/** True when both bitsets hold the same bits (same length assumed). */
export function bitsetEquals(a, b) {
    for (let w = a.length - 1; w >= 0; w--)
        if (a[w] !== b[w])
            return false;
    return true;
}
/** The number of set bits. */
export function popcount(bits) {
    let count = 0;
    for (let w = 0; w < bits.length; w++) {
        let v = bits[w];
        v = v - ((v >>> 1) & 0x55555555);
        v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
        count += (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
    }
    return count;
}
/**
 * The Zobrist key of bit `i`: a bitset's hash is the XOR of the keys of its
 * set bits, so setting or clearing one bit updates the hash in O(1).
 */
export function bitKey(i) {
    return mix32(i + 0x9e3779b9);
}
/** Murmur3's 32-bit finalizer: a cheap, well-spread integer mix. */
export function mix32(x) {
    let h = x | 0;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
}
//# sourceMappingURL=bitset.js.map