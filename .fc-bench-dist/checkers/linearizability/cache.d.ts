/**
 * The search's memory of configurations already explored: pairs of
 * (linearized set, model state). An open-addressing hash table over typed
 * arrays: the slot table holds entry numbers; each entry's 32-bit hash, and
 * its bitset, sit in flat arrays; states in a plain array. A bitset is
 * stored compressed as the window of words between its leading run of full
 * words (`lo`) and its last non-zero word (`hi`): with operations numbered in
 * call order, a linearized set is a full prefix plus a small window, so an
 * entry costs a few words even when the history has 100,000 operations.
 * The hash mixes the bitset's Zobrist hash with the state's hash; a hit
 * compares the bitset and the state in full, so a collision never prunes wrongly.
 */
/** A set of (bitset, state) configurations. */
export interface ConfigCache<S> {
    /**
     * Adds the configuration unless present; true when it was added. `lo` is
     * the number of leading all-ones words of `bits`, `hi` its last non-zero
     * word (lo - 1 when none lies beyond the prefix).
     */
    add(hash: number, bits: Uint32Array, lo: number, hi: number, state: S): boolean;
    /** Number of configurations held. */
    size(): number;
    /** Words of bitset held (for the memory bound). */
    words(): number;
}
/** Creates an empty cache comparing states with `equal`. */
export declare function createConfigCache<S>(equal: (a: S, b: S) => boolean): ConfigCache<S>;
