/**
 * Jepsen's operation model, typed. An op is plain, serializable data.
 *
 * Times are harness-monotonic nanoseconds since the run started (never a
 * node's clock: node clocks are what the nemesis skews). A `fail` certainly
 * did not take effect; an `info` may have.
 */

/** A node's name inside a cluster, for example "n1" or "c3". */
export type NodeId = string & { readonly __brand: "NodeId" };

/** Brands a string as a node id. */
export function nodeId(id: string): NodeId {
  return id as NodeId;
}

/** A logical process: a number for clients, "nemesis" for the fault injector. */
export type ProcessId = number | "nemesis";

/** What went wrong with an op; `definite` means it certainly had no effect. */
export interface OpError {
  readonly code: string;
  readonly message: string;
  readonly definite: boolean;
}

interface OpBase<F extends string, V> {
  readonly index: number;
  readonly time: number;
  readonly process: ProcessId;
  readonly f: F;
  readonly value: V;
  readonly node?: NodeId;
}

export interface Invoke<F extends string = string, V = unknown> extends OpBase<F, V> {
  readonly type: "invoke";
}
export interface Ok<F extends string = string, V = unknown> extends OpBase<F, V> {
  readonly type: "ok";
}
export interface Fail<F extends string = string, V = unknown> extends OpBase<F, V> {
  readonly type: "fail";
  readonly error: OpError;
}
export interface Info<F extends string = string, V = unknown> extends OpBase<F, V> {
  readonly type: "info";
  readonly error?: OpError;
}

export type Completion<F extends string = string, V = unknown> = Ok<F, V> | Fail<F, V> | Info<F, V>;
export type Op<F extends string = string, V = unknown> = Invoke<F, V> | Completion<F, V>;
export type OpType = Op["type"];

/** True when `x` is one of the four op types. */
export function isOpType(x: unknown): x is OpType {
  return x === "invoke" || x === "ok" || x === "fail" || x === "info";
}
