import type { Clock, Cluster, Fault } from "../../core/index.js";
import type { DockerClocks } from "./docker-clocks.js";
import type { DockerEngine } from "./docker-engine.js";
import type { DockerPlan } from "./docker-plan.js";
/** What a docker cluster is made of. */
export interface DockerClusterParts {
    readonly engine: DockerEngine;
    readonly plan: DockerPlan;
    readonly faults: ReadonlySet<Fault>;
    readonly clock: Clock;
    readonly clocks: DockerClocks;
    /** SIGTERM-to-SIGKILL grace in `stop`. */
    readonly stopGraceMs: number;
    /** Removes the run's containers, network and clock files. */
    readonly remove: () => Promise<void>;
}
/** Wraps started containers in a `Cluster`. */
export declare function createDockerCluster(parts: DockerClusterParts): Cluster;
