/**
 * The pause nemesis: `pause` SIGSTOPs every process of the given nodes (or,
 * with `mode: "freeze"`, freezes the whole node through its freezer
 * cgroup), `resume` SIGCONTs (thaws) them. It remembers what it paused and
 * how, so teardown resumes exactly that and nothing else.
 */
import type { Nemesis } from "../../harness/core/index.js";
/** The value of a pause or resume op. */
export interface PauseValue {
    readonly nodes: readonly string[];
    readonly durationMs?: number;
    /** "holder": the seed's GC pause of the current lease holder; "writer": a client inside its write; "random" otherwise. */
    readonly reason?: "holder" | "writer" | "random";
    /** "signal" (default): SIGSTOP/SIGCONT; "freeze": the freezer cgroup (children included). */
    readonly mode?: "signal" | "freeze";
    /** The package that scheduled it (targeted pauses). */
    readonly package?: string;
    readonly process?: number;
    readonly resource?: string;
    readonly token?: string;
}
/** Creates a pause nemesis with its own record of paused nodes. */
export declare function pauseNemesis(): Nemesis;
