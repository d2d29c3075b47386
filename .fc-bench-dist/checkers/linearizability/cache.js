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
/** Creates an empty cache comparing states with `equal`. */
export function createConfigCache(equal) {
    let capacity = 1024;
    let mask = capacity - 1;
    let table = new Int32Array(capacity);
    let hashes = new Int32Array(capacity >>> 1);
    let los = new Int32Array(capacity >>> 1);
    let offsets = new Int32Array((capacity >>> 1) + 1);
    let pool = new Uint32Array(4096);
    const states = [];
    let count = 0;
    function sameBits(entry, bits, lo, hi) {
        if (los[entry] !== lo)
            return false;
        const start = offsets[entry];
        if (offsets[entry + 1] - start !== hi - lo + 1)
            return false;
        for (let w = lo; w <= hi; w++)
            if (pool[start + w - lo] !== bits[w])
                return false;
        return true;
    }
    function grow() {
        capacity *= 2;
        mask = capacity - 1;
        table = new Int32Array(capacity);
        for (let e = 0; e < count; e++) {
            let slot = hashes[e] & mask;
            while (table[slot] !== 0)
                slot = (slot + 1) & mask;
            table[slot] = e + 1;
        }
        hashes = extend(hashes, capacity >>> 1);
        los = extend(los, capacity >>> 1);
        offsets = extend(offsets, (capacity >>> 1) + 1);
    }
    return {
        add(hash, bits, lo, hi, state) {
            const h = hash | 0;
            let slot = h & mask;
            for (let e = table[slot]; e !== 0; e = table[slot]) {
                const entry = e - 1;
                if (hashes[entry] === h && sameBits(entry, bits, lo, hi) && equal(states[entry], state))
                    return false;
                slot = (slot + 1) & mask;
            }
            const entry = count++;
            table[slot] = entry + 1;
            hashes[entry] = h;
            los[entry] = lo;
            const start = offsets[entry];
            const end = start + hi - lo + 1;
            if (end > pool.length) {
                const bigger = new Uint32Array(Math.max(end, pool.length * 2));
                bigger.set(pool);
                pool = bigger;
            }
            if (hi >= lo)
                pool.set(bits.subarray(lo, hi + 1), start);
            offsets[entry + 1] = end;
            states.push(state);
            if (count * 2 >= capacity)
                grow();
            return true;
        },
        size: () => count,
        words: () => offsets[count],
    };
}
function extend(a, length) {
    const b = new Int32Array(length);
    b.set(a);
    return b;
}
//# sourceMappingURL=cache.js.map