import type { ClockSkew, ExecResult, Fault, NodeId, ProcessSpec, Runtime, ProbeResult, TrafficDelay, TrafficKind } from "../../core/index.js";
/** One recorded cluster call. Grudges are copied to plain arrays. */
export type FakeCall = {
    readonly kind: "start-process";
    readonly node: NodeId;
    readonly argv: readonly string[];
} | {
    readonly kind: "exec";
    readonly node: NodeId;
    readonly argv: readonly string[];
} | {
    readonly kind: "pause" | "resume" | "kill" | "restart" | "freeze" | "thaw" | "read-clock";
    readonly node: NodeId;
} | {
    readonly kind: "partition";
    readonly grudge: readonly (readonly [NodeId, readonly NodeId[]])[];
} | {
    readonly kind: "heal" | "stop";
} | {
    readonly kind: "set-clock";
    readonly node: NodeId;
    readonly skew: ClockSkew;
} | {
    readonly kind: "drop-packets";
    readonly node: NodeId;
    readonly from: readonly NodeId[];
    readonly probability: number;
} | {
    readonly kind: "delay-traffic";
    readonly node: NodeId;
    readonly delay: TrafficDelay;
} | {
    readonly kind: "heal-traffic";
    readonly traffic: TrafficKind;
} | {
    readonly kind: "probe";
    readonly from: NodeId;
    readonly to: NodeId;
    readonly result: ProbeResult;
};
/** Answers one line sent to a "pipe" process with zero or more lines (sync or async). */
export type FakeLineHandler = (line: string, ctx: {
    node: NodeId;
    spec: ProcessSpec;
}) => readonly string[] | string | undefined | Promise<readonly string[] | string | undefined>;
/** Options for `createFakeRuntime`. */
export interface FakeRuntimeOptions {
    readonly faults?: ReadonlySet<Fault>;
    /** Handler for "pipe" processes; without one they never reply. */
    readonly onLine?: FakeLineHandler;
    /** Result of every `exec`; exit code 0 and empty output by default. */
    readonly exec?: (node: NodeId, argv: readonly string[]) => Partial<ExecResult>;
}
/** A fake runtime plus the log of every call its clusters received. */
export interface FakeRuntime extends Runtime {
    readonly calls: FakeCall[];
}
/**
 * Creates a fake runtime. Nodes get addresses 10.77.0.<index+10>; paused
 * nodes' pipe processes hold replies until resumed; kill ends the node's
 * processes with signal SIGKILL. All calls are appended to `calls`.
 */
export declare function createFakeRuntime(opts?: FakeRuntimeOptions): FakeRuntime;
