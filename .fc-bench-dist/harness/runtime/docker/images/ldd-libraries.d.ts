/**
 * Pure parsing of `ldd` output for the offline image builder.
 */
/** What `ldd` said about one file. */
export interface LddResult {
    /** Absolute paths of the libraries (and the dynamic loader) the file needs. */
    readonly libraries: readonly string[];
    /** Sonames `ldd` could not find on this machine. */
    readonly missing: readonly string[];
}
/**
 * Parses `ldd <file>` output: `name => /path (0x..)` and `/path (0x..)`
 * lines give paths; the vDSO (no path) and "statically linked" /
 * "not a dynamic executable" give nothing; `name => not found` is missing.
 * Must be pure.
 */
export declare function lddLibraries(output: string): LddResult;
