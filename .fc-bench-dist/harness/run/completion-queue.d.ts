/**
 * Where in-flight ops deliver their completions to the interpreter's loop.
 * The loop polls it, and waits on it when it has nothing to do.
 */
import type { Completion } from "../core/index.js";
/** A queue of completions with a single waiter (the interpreter loop). */
export declare class CompletionQueue {
    private readonly ready;
    private inFlight;
    private wake;
    private taskError;
    /** Tracks an op in flight; its completion is queued when it settles. */
    track(done: Promise<Completion>): void;
    /** Tracks background work (a client being replaced); a failure is rethrown by `poll`. */
    trackTask(task: Promise<void>): void;
    /** The next completion, if any. Throws the first failed task's error. */
    poll(): Completion | undefined;
    /** True when nothing is in flight and nothing is queued. */
    idle(): boolean;
    /** Resolves when something settles, `timeoutMs` passes, or `signal` aborts. */
    wait(signal: AbortSignal, timeoutMs?: number): Promise<void>;
    /** Throws the first error of a background task, once. */
    rethrowTaskError(): void;
    private settle;
    private notify;
}
