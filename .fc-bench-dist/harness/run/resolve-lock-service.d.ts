/**
 * Settles what depends on the lock adapter before anything starts: loads
 * it (a malformed module fails here, with nothing running), takes the
 * number of lock nodes from its `service` unless the user gave one, and
 * refuses storage that needs a fencing token with a service that has none.
 */
import { type RunConfig } from "../core/index.js";
/** Returns `config` with `lock.nodes` from the adapter when `nodesGiven` is false; throws config/adapter errors. */
export declare function resolveLockService(config: RunConfig, opts: {
    readonly nodesGiven: boolean;
}): Promise<RunConfig>;
