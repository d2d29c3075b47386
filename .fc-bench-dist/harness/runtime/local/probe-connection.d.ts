/**
 * One TCP connection attempt from inside a node's namespace, to prove that
 * a fault took effect (or was healed).
 */
import type { Clock, ProbeResult } from "../../core/index.js";
/** Where to connect from and to. */
export interface ConnectionProbe {
    readonly namespace: string;
    readonly host: string;
    readonly port: number;
    readonly timeoutMs: number;
    readonly clock: Clock;
}
/**
 * "connected" or "refused" when the destination answered (a refusal still
 * proves the path works), "timeout" when nothing came back in time.
 */
export declare function probeConnection(probe: ConnectionProbe): Promise<ProbeResult>;
