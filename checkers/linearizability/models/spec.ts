/**
 * How a named model reads Jepsen-style operations. Every format parses to
 * `OpPair`s (an invocation with its completion); a `ModelSpec` turns a pair
 * into the model's input and output, or drops it. This is where each
 * model's reading of failed and indeterminate operations lives.
 */
import type { Model, Output } from "../model.js";

/** An invocation paired with its completion, format-independent. */
export interface OpPair {
  readonly process: number;
  readonly f: string;
  /** The op's `:key` when the format has one, else undefined. */
  readonly key: unknown;
  readonly invokeValue: unknown;
  /** "info" also stands for an invocation that never completed. */
  readonly type: "ok" | "fail" | "info";
  /** The completion's value ("info": the invocation's value). */
  readonly value: unknown;
  /**
   * An "info" completion's own value, when there was one: what the client
   * knew when it gave up (a write's fencing token, say), which the
   * invocation may not carry. Undefined for ok, fail and never-completed ops.
   */
  readonly infoValue?: unknown;
  /** The completion's error code, when the format carries one. */
  readonly errorCode?: string;
}

/** Returned by a spec to leave an operation out of the history it checks. */
export const DROP: unique symbol = Symbol("drop");
export type Drop = typeof DROP;

/** A named model plus its reading of operations. */
export interface ModelSpec<S = unknown, I = unknown, O = unknown> {
  readonly name: string;
  readonly summary: string;
  /** The functions (`f`) this model understands, for model inference. */
  readonly fs: readonly string[];
  /** Builds the model from an initial value (undefined: the model's default). */
  model(initial: unknown): Model<S, I, O>;
  /** The input of an operation, or DROP. Throws an Error whose message says what is wrong. */
  input(op: OpPair): I | Drop;
  /**
   * The output of an ok or fail completion, or DROP. Info completions never
   * reach it: they get the unknown output and return at +infinity.
   */
  output(op: OpPair, input: I): Output<O> | Drop;
}

/** Throws the error a spec raises for an operation it cannot read. */
export function badOp(why: string): never {
  throw new Error(why);
}
