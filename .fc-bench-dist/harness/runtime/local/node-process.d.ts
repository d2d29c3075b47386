import type { Clock, NodeId, NodeProcess, ProcessSpec } from "../../core/index.js";
/** A started process plus what the cluster needs to manage it. */
export interface LocalProcess extends NodeProcess {
    readonly spec: ProcessSpec;
    /** True until the process has exited. */
    alive(): boolean;
    /**
     * Sends a signal to the process's whole process group (it leads one), so
     * children it forked (database backends, say) stop and die with it.
     * Synchronous; a vanished group is ignored.
     */
    signalGroup(signal: NodeJS.Signals): void;
}
/** Where to start a process, and the clock that times the start. */
export interface SpawnTarget {
    readonly node: NodeId;
    readonly namespace: string;
    readonly clock: Clock;
    /** Added to `spec.env` (the node's fake clock, say) without changing the spec. */
    readonly env?: Readonly<Record<string, string>>;
}
/**
 * Spawns `spec` inside the namespace and resolves once the wrappers
 * (`ip netns exec`, `env`) have exec'ed into the program, so the PID is the
 * program's and a signal sent next reaches the program inside its
 * namespace (or once it has exited, or after about two seconds). It does
 * not wait for readiness: see `waitForPort`. The process leads its own
 * process group, so a Ctrl-C meant for the harness does not reach it and
 * the harness decides when it stops. Rejects with
 * "runtime.node-start-failed" when it cannot be spawned.
 */
export declare function spawnNodeProcess(target: SpawnTarget, spec: ProcessSpec): Promise<LocalProcess>;
