/**
 * The seed's GC pause, aimed: right after a client's acquire succeeds, stop
 * that client's process for longer than the lease's TTL, then let it go on.
 * While it sleeps the lease expires, another client gets the next token and
 * writes; the sleeper wakes believing it still holds the lock and writes with
 * its old token. Fenced storage rejects that write; unfenced storage takes it.
 *
 * The same machinery aims elsewhere: `pause-writer` stops a client `delayMs`
 * after its write was invoked, inside the window between the client's last
 * look at its lease (or the version it read) and the write itself.
 *
 * Schedule: the first trigger at least `intervalMs` after the previous
 * resume (or after the start) picks the target. One pause at a time.
 */
import type { Generator } from "../../harness/core/index.js";
/** Options of the pause-holder schedule. */
export interface PauseHolderOptions {
    readonly intervalMs: number;
    readonly durationMs: number;
}
/** What an aimed pause waits for, how long after it to strike, and how it labels its ops. */
export interface AimedPauseOptions extends PauseHolderOptions {
    /** The client op that picks the target: an acquire that returned ok, or a write just invoked. */
    readonly trigger: {
        readonly f: string;
        readonly type: "ok" | "invoke";
    };
    readonly delayMs: number;
    readonly reason: "holder" | "writer";
}
/** The pause-holder generator (ops for the pause nemesis). */
export declare function pauseHolderGenerator(opts: PauseHolderOptions): Generator;
/** A pause aimed at the client whose op matches `trigger`. */
export declare function aimedPauseGenerator(opts: AimedPauseOptions): Generator;
