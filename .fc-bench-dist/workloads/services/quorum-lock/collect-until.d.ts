/**
 * Gathers the answers of several concurrent requests and stops waiting as
 * soon as enough of them are in: a quorum protocol must not wait for a peer
 * that a partition (or a pause) keeps silent.
 */
/**
 * Resolves with one slot per promise, in order: its value, or undefined when
 * it rejected or had not settled yet. Resolves as soon as `enough(slots)` is
 * true after a settlement, or when all have settled. Never rejects.
 */
export declare function collectUntil<T>(promises: readonly Promise<T>[], enough: (slots: readonly (T | undefined)[]) => boolean): Promise<(T | undefined)[]>;
