/**
 * Pure parsing of `ldd` output for the offline image builder.
 */
/**
 * Parses `ldd <file>` output: `name => /path (0x..)` and `/path (0x..)`
 * lines give paths; the vDSO (no path) and "statically linked" /
 * "not a dynamic executable" give nothing; `name => not found` is missing.
 * Must be pure.
 */
export function lddLibraries(output) {
    const libraries = [];
    const missing = [];
    for (const raw of output.split("\n")) {
        const line = raw.trim();
        const arrow = /^(\S+)\s+=>\s+(.*)$/.exec(line);
        const target = arrow ? arrow[2] : line;
        if (arrow && target.startsWith("not found")) {
            missing.push(arrow[1]);
            continue;
        }
        const path = /^(\/\S+)\s+\(0x[0-9a-f]+\)$/i.exec(target)?.[1];
        if (path !== undefined && !libraries.includes(path))
            libraries.push(path);
    }
    return { libraries, missing };
}
//# sourceMappingURL=ldd-libraries.js.map