/**
 * The op interpreter (Jepsen's interpreter.clj, in TypeScript). One
 * scheduling loop asks the generator for ops, hands each to the worker of
 * its process, and records invocations and completions in harness time.
 *
 * Rules:
 * - Completions are handled before new ops are asked for, so a generator
 *   always sees the latest state before deciding.
 * - Each client thread has one worker. A completion of type `info` (or a
 *   client that throws, or one that does not answer within the op timeout)
 *   retires the process: its client is closed and the thread continues as
 *   process p + concurrency with a fresh client.
 * - The nemesis is one more worker, process "nemesis". Its ops are started
 *   synchronously on dispatch, before the next op is asked for: a pause aimed
 *   at a lease holder lands before the holder's next op is sent to it.
 * - Every op is passed to `record` the moment it happens (the store appends
 *   it to history.jsonl), so an interrupted run keeps its history.
 */
import type { Client, Clock, Cluster, Generator, Nemesis, Op, Rng } from "../core/index.js";
/** What the interpreter needs from the run. */
export interface InterpreterDeps {
    readonly concurrency: number;
    readonly clock: Clock;
    readonly rng: Rng;
    readonly opTimeoutMs: number;
    readonly signal: AbortSignal;
    readonly cluster: Cluster;
    readonly nemesis: Nemesis;
    /** Opens the client for `process` on worker thread `thread`. */
    openClient(thread: number, process: number): Promise<Client>;
    /** The node a thread's client runs on (recorded on its ops). */
    nodeOf(thread: number): string;
    /** Receives every op, in order. */
    record(op: Op): void;
}
/** An interpreter whose workers persist across phases. */
export interface Interpreter {
    /** Runs `gen` until it is exhausted and every op it started has completed, or the run aborts. */
    run(gen: Generator): Promise<void>;
    /** Closes every client. */
    close(): Promise<void>;
}
/** Creates the interpreter and opens one client per thread. */
export declare function createInterpreter(deps: InterpreterDeps): Promise<Interpreter>;
