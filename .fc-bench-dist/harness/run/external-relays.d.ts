import { type Cluster } from "../core/index.js";
import type { RunStore } from "../store/index.js";
/** The first port the client-side relays listen on; endpoint i gets this plus i. */
export declare const RELAY_BASE_PORT = 17001;
/** The endpoints clients use, and how to stop the harness's side. */
export interface ExternalRelays {
    readonly endpoints: readonly string[];
    stop(): Promise<void>;
}
/** Starts both sides of the relays for `endpoints` ("host:port" each). */
export declare function startExternalRelays(cluster: Cluster, endpoints: readonly string[], store: RunStore): Promise<ExternalRelays>;
