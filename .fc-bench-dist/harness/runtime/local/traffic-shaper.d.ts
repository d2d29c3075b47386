import type { Clock, NodeId, TrafficDelay, TrafficKind } from "../../core/index.js";
import type { NetworkPlan } from "./namespaces.js";
/** The traffic half of a local cluster. */
export interface TrafficShaper {
    dropPackets(node: NodeId, from: readonly NodeId[], probability: number): Promise<void>;
    /** Delays one port (the cluster resolves a missing port first). */
    delayTraffic(node: NodeId, delay: TrafficDelay & {
        readonly port: number;
    }): Promise<void>;
    heal(kind: TrafficKind): Promise<void>;
    /** Kills every proxy and removes their logs (for `stop`, where the namespaces and their rules go away anyway). */
    killProxies(): Promise<void>;
}
/** Creates a shaper for a planned network. */
export declare function createTrafficShaper(plan: NetworkPlan, opts: {
    readonly clock: Clock;
    readonly runId: string;
}): TrafficShaper;
/** The compiled delay proxy under `<package root>/dist`; throws "prerequisite.missing" when it was not built. */
export declare function proxyProgram(): string;
