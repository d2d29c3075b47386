import type { Clock, ExecResult, NodeId, NodeProcess, ProcessSpec } from "../../core/index.js";
/** What to wait for. */
export interface ServiceProbe {
    readonly node: NodeId;
    readonly proc: NodeProcess & {
        readonly spec: ProcessSpec;
    };
    readonly host: string;
    readonly port: number;
    readonly timeoutMs: number;
    readonly clock: Clock;
    /** The container's main PID on this host (local engine); absent on a remote engine. */
    readonly mainPid: number | undefined;
    /** Runs a command in a node's container (used on a remote engine). */
    readonly run: (node: NodeId, argv: readonly string[], env?: Readonly<Record<string, string>>, opts?: {
        timeoutMs?: number;
    }) => Promise<ExecResult>;
}
/**
 * Resolves once the port accepts a connection. Rejects with
 * "runtime.node-start-failed" when the process exits first or the time runs
 * out, with the last lines of its log.
 */
export declare function waitForService(probe: ServiceProbe): Promise<void>;
