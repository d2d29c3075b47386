/**
 * Pure builders for a docker run: names, labels, the run network's subnet
 * and fixed addresses, and the create options of networks and containers.
 */
import type Docker from "dockerode";
import type { NodeId, NodeRole } from "../../core/index.js";
/** Every container and network of a run carries this label, valued with the run id. */
export declare const RUN_LABEL = "fencecheck.run";
/** The node id a container plays. */
export declare const NODE_LABEL = "fencecheck.node";
/** Where each container sees its clock file (the host's clock directory, read-only). */
export declare const CLOCK_MOUNT = "/fencecheck/clock";
/** One planned container. */
export interface PlannedContainer {
    readonly id: NodeId;
    readonly role: NodeRole;
    readonly name: string;
    readonly host: string;
}
/** The network and containers of a run. */
export interface DockerPlan {
    readonly runId: string;
    readonly network: string;
    readonly subnet: string;
    readonly gateway: string;
    readonly containers: readonly PlannedContainer[];
}
/** Host paths bind-mounted at the same path in every container. */
export interface PlanMounts {
    readonly readOnly: readonly string[];
    readonly readWrite: readonly string[];
    /** The run's clock directory on the host, mounted at CLOCK_MOUNT. */
    readonly clockDir: string;
}
/** `fc-<runId>`: the run's network name (and container name prefix). */
export declare function runObjectPrefix(runId: string): string;
/**
 * Plans a run: a /24 in 10.210.0.0-10.229.255.0 chosen from the run id and
 * `attempt` (the next attempt after a subnet clash gives another one),
 * gateway .1, and node i at .(10+i). Pure.
 */
export declare function dockerPlan(runId: string, nodes: readonly {
    id: NodeId;
    role: NodeRole;
}[], attempt?: number): DockerPlan;
/** The labels of every object of the run (plus the node's, for a container). */
export declare function runLabels(runId: string, node?: NodeId): Record<string, string>;
/** The label filter that lists a run's objects, or every run's when `runId` is absent. */
export declare function runLabelFilter(runId?: string): string;
/** Create options of the run's bridge network, with its explicit subnet. */
export declare function networkCreateOptions(plan: DockerPlan): Docker.NetworkCreateOptions;
/**
 * Create options of one node's container: the image's idle main process
 * (the harness starts programs with exec), a fixed address on the run's
 * network, the bind mounts at the same paths, no added capabilities and
 * never privileged.
 */
export declare function containerCreateOptions(plan: DockerPlan, node: PlannedContainer, image: string, mounts: PlanMounts): Docker.ContainerCreateOptions;
