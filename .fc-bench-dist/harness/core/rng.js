/** Creates the generator for `seed` (any 32-bit integer). */
export function createRng(seed) {
    let state = seed >>> 0;
    function next() {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    }
    const rng = {
        next,
        int: (min, max) => min + Math.floor(next() * (max - min + 1)),
        pick(items) {
            if (items.length === 0)
                throw new RangeError("Cannot pick from an empty list");
            return items[Math.floor(next() * items.length)];
        },
        fork: () => createRng(Math.floor(next() * 4294967296)),
    };
    return rng;
}
//# sourceMappingURL=rng.js.map