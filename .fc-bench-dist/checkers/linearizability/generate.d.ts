/**
 * Generators of linearizable histories for benchmarks and property tests.
 * Clients run concurrently: at each tick one client either invokes an op,
 * applies its pending op to the real state (its linearization point), or
 * completes an applied op. So the history is linearizable by construction,
 * with real overlap between clients.
 */
import type { Rng } from "../../harness/core/index.js";
import type { JepsenOp } from "./formats/jepsen-op.js";
/** Options of a generated history. */
export interface GenerateOptions {
    readonly ops: number;
    readonly clients: number;
    readonly rng: Rng;
}
/** A single CAS register history (read, write, cas over values 0..4; starts nil). */
export declare function generateRegisterHistory(opts: GenerateOptions): JepsenOp[];
/** A kv history (get, put, append) over `keys` keys. */
export declare function generateKvHistory(opts: GenerateOptions & {
    readonly keys: number;
}): JepsenOp[];
