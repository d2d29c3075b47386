/**
 * The kill nemesis: `kill` SIGKILLs every process of the given nodes and
 * settles once they have exited (the runtime waits for it); `restart`
 * starts their services again with the same data directories and settles
 * once each service's port accepts connections. It remembers what it
 * killed, so teardown restarts exactly that.
 */
import type { Nemesis } from "../../harness/core/index.js";
/** The value of a kill or restart op. */
export interface KillValue {
    readonly package: string;
    readonly nodes: readonly string[];
    readonly [key: string]: unknown;
}
/** Creates a kill nemesis with its own record of killed nodes. */
export declare function killNemesis(): Nemesis;
