/** A small stable string hash (32-bit FNV-1a), for seeding and sharding. */
/** Hashes `text` to an unsigned 32-bit integer; the same text always gives the same number. */
export function stableHash(text) {
    let hash = 0x811c9dc5;
    for (const byte of new TextEncoder().encode(text)) {
        hash ^= byte;
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash >>> 0;
}
//# sourceMappingURL=stable-hash.js.map