import type { DockerEngine } from "./docker-engine.js";
/** What `cleanDocker` removed. */
export interface DockerCleanResult {
    readonly containers: readonly string[];
    readonly networks: readonly string[];
    /** The run ids whose objects were removed. */
    readonly runs: readonly string[];
}
/** Options for `cleanDocker`. */
export interface CleanDockerOptions {
    /** Only this run's objects; every run's otherwise. */
    readonly runId?: string;
    /** The runtime's state directory: `<stateDir>/<runId>` of each cleaned run is removed too. */
    readonly stateDir?: string;
}
/**
 * Force-removes the labelled containers (their processes, iptables rules and
 * namespaces go with them), then the labelled networks. Idempotent: an
 * object that vanished meanwhile is not an error.
 */
export declare function cleanDocker(engine: DockerEngine, opts?: CleanDockerOptions): Promise<DockerCleanResult>;
