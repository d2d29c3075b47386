import type Docker from "dockerode";
import type { Clock, NodeId, NodeProcess, ProcessExit, ProcessSpec } from "../../core/index.js";
/** A started program plus what the cluster needs to manage it. */
export interface ExecProcess extends NodeProcess {
    readonly spec: ProcessSpec;
    /** True until the program has exited. */
    alive(): boolean;
    /** Same as `signal` (kept for the local runtime's process table). */
    signalGroup(signal: NodeJS.Signals): void;
}
/** Where and how to start a program. */
export interface ExecTarget {
    readonly node: NodeId;
    readonly docker: Docker;
    readonly container: Docker.Container;
    /** Environment added before the spec's own (clock variables). */
    readonly env: Readonly<Record<string, string>>;
    /**
     * Delivers a signal to the program: a host `kill` of its PID on a local
     * engine, a `kill` inside the container on a remote one.
     */
    readonly sendSignal: (pid: number, signal: NodeJS.Signals) => void;
    /**
     * On a remote engine the host PID means nothing here: the program is then
     * wrapped in `sh -c 'echo $$ > FILE; exec ...'` and this reads FILE, so
     * the reported PID is the one inside the container.
     */
    readonly readPidFile?: (file: string) => Promise<number>;
    readonly clock: Clock;
}
/**
 * Starts `spec` with `docker exec` and resolves once the engine reports the
 * program's PID. Rejects with "runtime.node-start-failed" when the exec
 * cannot be created or started. The log gets a header line, stderr, and
 * stdout unless `stdio` is "pipe" (then stdout lines go to `onLine`).
 */
export declare function startExecProcess(target: ExecTarget, spec: ProcessSpec): Promise<ExecProcess>;
/** Maps an exec's exit code to a ProcessExit (137 -> SIGKILL). Pure. */
export declare function exitFromCode(code: number | null): ProcessExit;
