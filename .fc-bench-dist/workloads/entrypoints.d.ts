/** The programs workloads/ ships. */
export type EntrypointName = "reference-lock" | "storage" | "agent" | "lock-probe" | "relay" | "pg-storage" | "quorum-lock";
/**
 * The absolute path of a program's compiled JS under `<package root>/dist`,
 * found from this module's location (works from source and from dist).
 * Throws `prerequisite.missing` when the file has not been built.
 */
export declare function entrypointPath(name: EntrypointName): string;
