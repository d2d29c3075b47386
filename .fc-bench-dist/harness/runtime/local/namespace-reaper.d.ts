import type { Clock } from "../../core/index.js";
/** What a reap removed. */
export interface ReapResult {
    readonly namespaces: string[];
    /** How many processes were found inside and killed. */
    readonly processes: number;
}
/** Lists the namespaces owned by fencecheck, or by one run when `runId` is set. */
export declare function listOwnedNamespaces(clock: Clock, runId?: string): Promise<string[]>;
/** The PIDs of every process whose network namespace is `namespace`. */
export declare function namespacePids(clock: Clock, namespace: string): Promise<number[]>;
/**
 * SIGCONTs then SIGKILLs every process inside the namespaces (again, until
 * none is left or about a second has passed, in case something forked), then
 * deletes the namespaces, which removes their veths and bridges.
 * Rejects with "runtime.command-failed" when a namespace cannot be deleted.
 */
export declare function reapNamespaces(clock: Clock, namespaces: readonly string[]): Promise<ReapResult>;
/** Sends a signal, ignoring a process that is already gone. */
export declare function signalQuietly(pid: number, signal: NodeJS.Signals): void;
