import { type Cluster, type RunConfig } from "../core/index.js";
import type { RunStore } from "../store/index.js";
/** Ports our services listen on inside their nodes. */
export declare const SERVICE_PORTS: {
    readonly lock: 7001;
    readonly storage: 7002;
};
/** What clients need to reach the services, what the run should say about them, and how to stop the harness's part. */
export interface ServiceEndpoints {
    readonly lock: readonly string[];
    readonly storage: readonly string[];
    /** Sentences for the run's log and services.json (limits of this run's set-up). */
    readonly notes: readonly string[];
    /** Stops what runs in the harness process (relays); the cluster stops the rest. */
    stop(): Promise<void>;
}
/** What starting the services needs besides the cluster and config. */
export interface StartServicesOptions {
    readonly store: RunStore;
    readonly originNs: bigint;
}
/** Starts every lock and storage node's service, each ready before this returns, then takes one lock as a preflight. */
export declare function startServices(cluster: Cluster, config: RunConfig, opts: StartServicesOptions): Promise<ServiceEndpoints>;
