/**
 * The delay nemesis: `start-delay` puts a delaying proxy in front of the
 * service ports of the target nodes (new connections from other nodes go
 * through it); `stop-delay` removes the redirects and stops the proxies,
 * which ends the connections they carried. The runtime checks the proxy
 * listens and the redirect is in place before `start-delay` completes.
 */
import type { Nemesis } from "../../harness/core/index.js";
/** The value of a start-delay op. */
export interface DelayValue {
    readonly package: string;
    readonly nodes: readonly string[];
    readonly delayMs: number;
    readonly jitterMs: number;
    /** Seeds the proxies' jitter. */
    readonly seed: number;
    /** One port, or every service port of each node when absent. */
    readonly port?: number;
}
/** Creates a delay nemesis; teardown heals only when a delay may be in place. */
export declare function delayNemesis(): Nemesis;
