/**
 * A seeded random number generator. Everything random in a run draws from
 * one of these, so a run is reproducible from its seed (as far as the real
 * world allows). The implementation is mulberry32: small, fast, and good
 * enough for scheduling decisions.
 */
export interface Rng {
    /** A float in [0, 1). */
    next(): number;
    /** An integer in [min, max]. */
    int(min: number, max: number): number;
    /** One element of a non-empty array. */
    pick<T>(items: readonly T[]): T;
    /** A new generator, seeded from this one, for an independent stream. */
    fork(): Rng;
}
/** Creates the generator for `seed` (any 32-bit integer). */
export declare function createRng(seed: number): Rng;
