/** A small stable string hash (32-bit FNV-1a), for seeding and sharding. */
/** Hashes `text` to an unsigned 32-bit integer; the same text always gives the same number. */
export declare function stableHash(text: string): number;
