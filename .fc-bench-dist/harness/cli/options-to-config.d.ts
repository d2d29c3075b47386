import { type RunConfig, type StorageKind } from "../core/index.js";
/** The raw options commander hands over (all strings, as typed). */
export interface RunOptions {
    readonly lock: string;
    readonly endpoints?: string;
    /** Undefined: the adapter's own node count is filled in later (resolveLockService). */
    readonly lockNodes?: string;
    /** Votes per decision of a replicated lock service (`quorum` adapter). */
    readonly lockQuorum?: string;
    /** Lock nodes that are witnesses (`quorum` adapter). */
    readonly lockWitnesses?: string;
    readonly storage: string;
    readonly storageNodes: string;
    readonly nemesis: string;
    readonly nemesisInterval: string;
    readonly faultOpt: readonly string[];
    readonly timeLimit: string;
    readonly seed?: string;
    readonly clients: string;
    readonly resources: string;
    readonly ttlMs: string;
    readonly holdMs: string;
    readonly acquireTimeoutMs: string;
    readonly singleWriter?: boolean;
    readonly leaseCheck?: string;
    readonly writeDelayMs?: string;
    readonly opTimeoutMs: string;
    readonly store: string;
    readonly name?: string;
    readonly runtime: string;
}
/** What options-to-config needs from the outside world. */
export interface ConfigEnv {
    readonly cwd: string;
    readonly defaultSeed: number;
    /** The command line as typed, for the report's "run it again". */
    readonly argv: readonly string[];
}
/** Every storage kind `--storage` accepts. */
export declare const STORAGE_KINDS: readonly StorageKind[];
/** Validates options and resolves them into a RunConfig; throws "config.invalid" naming the bad option. */
export declare function optionsToConfig(opts: RunOptions, env: ConfigEnv): RunConfig;
/** "pause-holder.durationMs=3000" -> { "pause-holder": { durationMs: 3000 } } */
export declare function faultOptions(pairs: readonly string[]): Record<string, Record<string, unknown>>;
