/**
 * The storage kinds a run can use (`--storage`), each with one line on what
 * it is and its limits, for `fencecheck list`, and whether it needs a
 * fencing token to accept anything.
 */
/** One storage kind's self-description. */
export interface StorageKindInfo {
    readonly name: string;
    readonly summary: string;
    readonly limits: string;
    /** True when a write without a token is always refused (useless with a token-less lock service). */
    readonly needsToken: boolean;
}
/** Every storage kind, in the order `fencecheck list` prints them. */
export declare function storageKinds(): readonly StorageKindInfo[];
