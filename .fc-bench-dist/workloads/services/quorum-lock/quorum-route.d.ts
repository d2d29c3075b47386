/**
 * The quorum lock's HTTP routes. Clients use POST /acquire and /release on
 * a replica, which coordinates; peers use POST /peer/vote and /peer/release
 * on every node, witnesses included. A witness refuses client requests with
 * 421 so the client tries another node.
 */
import type { GrantRecord } from "../reference-lock/lock-state-file.js";
import type { Coordinator, LocalAcceptor } from "./coordinator.js";
import type { AsyncJsonRoute } from "./serve-async-json.js";
/** What the routes need. */
export interface QuorumRouteDeps {
    readonly witness: boolean;
    readonly quorum: number;
    readonly local: LocalAcceptor;
    readonly coordinator: Coordinator;
    /** Records one grant this node coordinated (grants.jsonl). */
    readonly recordGrant: (grant: GrantRecord) => void;
    /** This node's clock, for grant records. */
    readonly nowMs: () => number;
    /** Harness-monotonic ns for grant records, when the node knows the origin. */
    readonly harnessNowNs?: () => number;
}
/** Builds the route. */
export declare function quorumRoute(deps: QuorumRouteDeps): AsyncJsonRoute;
