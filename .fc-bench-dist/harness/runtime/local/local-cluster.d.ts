import type { Clock, ClockOptions, Cluster, Fault, NodeSpec } from "../../core/index.js";
import type { NetworkPlan } from "./namespaces.js";
/** What a local cluster is made of. */
export interface LocalClusterParts {
    readonly runId: string;
    readonly plan: NetworkPlan;
    readonly specs: readonly NodeSpec[];
    readonly faults: ReadonlySet<Fault>;
    readonly clock: Clock;
    /** SIGTERM-to-SIGKILL grace in `stop`. */
    readonly stopGraceMs: number;
    /** Run every process under its node's fake clock (libfaketime). */
    readonly fakeClock?: ClockOptions;
    /** Parent of the run's state directory (skew files), e.g. "/run/fencecheck". */
    readonly stateDir?: string;
}
/** Where local runs keep state that must not outlive them (skew files). */
export declare const DEFAULT_STATE_DIR = "/run/fencecheck";
/** Wraps a brought-up network in a `Cluster`. The network must already exist. */
export declare function createLocalCluster(parts: LocalClusterParts): Cluster;
