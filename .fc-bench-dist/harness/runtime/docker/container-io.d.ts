import type Docker from "dockerode";
import type { Clock, ExecResult } from "../../core/index.js";
/** Options for `execInContainer`. */
export interface ContainerExecOptions {
    readonly env?: Readonly<Record<string, string>>;
    readonly input?: string;
    readonly timeoutMs?: number;
    readonly clock: Clock;
}
/**
 * Runs `argv` in the container to completion and resolves with what it did,
 * whatever its exit code; a command still running after `timeoutMs` is
 * reported with signal "SIGKILL" (the engine cannot kill an exec: it is
 * left to finish). Rejects only when the engine refuses the exec.
 */
export declare function execInContainer(docker: Docker, container: Docker.Container, argv: readonly string[], opts: ContainerExecOptions): Promise<ExecResult>;
/** Signals a process by its PID on this host (a local engine). A vanished process is ignored. */
export declare function signalHostPid(pid: number, signal: NodeJS.Signals): void;
/**
 * The host PIDs of every process in the container except its idle main
 * process (`docker top`; local engine), so a service's children and a
 * program behind a shell are reached too.
 */
export declare function containerPids(container: Docker.Container, mainPid: number): Promise<number[]>;
