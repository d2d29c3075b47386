import type { Clock, ProcessExit } from "../../core/index.js";
import type { LocalProcess } from "./node-process.js";
/** What to probe and for how long. */
export interface PortProbe {
    readonly namespace: string;
    readonly host: string;
    readonly port: number;
    readonly timeoutMs: number;
    readonly clock: Clock;
}
/** The bash loop that connects from inside the namespace until it succeeds (pure). */
export declare function portProbeScript(host: string, port: number): string;
/**
 * Resolves once `probe.port` accepts a connection made from inside the
 * node's namespace. Rejects with "runtime.node-start-failed" when the
 * process exits first (naming its exit code or signal) or the time runs
 * out; the message ends with the last lines of the process's log.
 */
export declare function waitForPort(node: string, proc: LocalProcess, probe: PortProbe): Promise<void>;
/** "with code 1" or "on signal SIGKILL". */
export declare function describeExit(exit: ProcessExit): string;
