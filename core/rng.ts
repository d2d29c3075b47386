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
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError("Cannot pick from an empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
    fork: () => createRng(Math.floor(next() * 4294967296)),
  };
  return rng;
}
