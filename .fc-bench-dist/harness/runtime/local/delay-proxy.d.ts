/**
 * A userspace TCP proxy that delays traffic (the kernels we run on have no
 * netem). It listens on one address, connects each accepted connection to
 * the target, and forwards every chunk in both directions after `delayMs`
 * plus a seeded uniform jitter of 0..`jitterMs`, never reordering a
 * direction's chunks. The local runtime starts it inside a node's namespace
 * and redirects other nodes' connections to it with iptables nat.
 *
 * Program usage:
 *   node delay-proxy.js --listen HOST:PORT --target HOST:PORT --delay-ms N --jitter-ms N --seed N
 */
import { type Server } from "node:net";
import { type Clock, type Rng } from "../../core/index.js";
/** Where the proxy listens and forwards, and how much it delays. */
export interface DelayProxyOptions {
    readonly listenHost: string;
    readonly listenPort: number;
    readonly targetHost: string;
    readonly targetPort: number;
    readonly delayMs: number;
    readonly jitterMs: number;
    readonly seed: number;
}
/**
 * When a chunk that arrives at `nowMs` may leave: `delayMs` plus jitter
 * later, but never before the chunk ahead of it (`previousMs`). Pure.
 */
export declare function releaseAt(previousMs: number, nowMs: number, opts: {
    delayMs: number;
    jitterMs: number;
}, rng: Rng): number;
/** Starts the proxy; resolves with its server once it listens. */
export declare function startDelayProxy(opts: DelayProxyOptions, clock?: Clock): Promise<Server>;
/** Parses the program's flags; throws naming the bad one. */
export declare function parseProxyArgs(args: readonly string[]): DelayProxyOptions;
