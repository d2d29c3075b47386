/**
 * Double grants: two holders whose server-side leases on one resource were
 * certainly both unexpired at the same moment. A grant happened somewhere in
 * its acquire's [invoke, ok]; its lease lives on the server at least until
 * invoke + ttl, unless the holder asked to release it (from the release's
 * invoke on, the service may have dropped it). So a lease is certainly live
 * over [ok, min(invoke + ttl, release invoke)); two such intervals of
 * different holders that overlap are a broken promise, whether the acquires
 * were concurrent or not. Assumes server clocks that do not run fast: a
 * clock nemesis can make the service expire leases early, and then this is
 * exactly the broken real-time promise the seed warns about.
 */
import { type History } from "../../harness/core/index.js";
/** A lease certainly live on the server over [from, to) (harness nanoseconds). */
export interface LiveLease {
    readonly process: number;
    readonly resource: string;
    readonly token: string;
    readonly acquireInvokedAt: number;
    readonly from: number;
    readonly to: number;
}
/** Two holders of one resource, both certainly unexpired during [overlapStart, overlapEnd). */
export interface DoubleGrant {
    readonly resource: string;
    readonly first: LiveLease;
    readonly second: LiveLease;
    readonly overlapStart: number;
    readonly overlapEnd: number;
    readonly message: string;
}
/** The leases certainly live on the server, per acquire `ok`, in grant order. Pure. */
export declare function liveLeases(history: History, ttlMs: number): LiveLease[];
/** Every pair of different holders whose certainly-live leases on one resource overlap. Pure. */
export declare function doubleGrants(history: History, ttlMs: number): DoubleGrant[];
