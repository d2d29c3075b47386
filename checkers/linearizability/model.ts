/**
 * The checker's vocabulary, kept as small as porcupine's: a model is a record
 * of pure functions over immutable states, an operation is a call and a
 * return with times, and an indeterminate output is the `UNKNOWN` marker.
 */

/** Returned by `Model.step` when the operation cannot happen in that state. */
export const ILLEGAL: unique symbol = Symbol("illegal");
export type Illegal = typeof ILLEGAL;

/** The output of an operation whose result was never observed (Jepsen `info`). */
export interface UnknownOutput {
  readonly unknown: true;
}

/**
 * The one unknown-output value. Models compare with `isUnknown`, and
 * structured clones (worker threads) are restored with `reviveUnknown`.
 */
export const UNKNOWN: UnknownOutput = Object.freeze({ unknown: true as const });

/** True for the unknown-output marker (or a structured clone of it). */
export function isUnknown(output: unknown): output is UnknownOutput {
  if (output === UNKNOWN) return true;
  if (typeof output !== "object" || output === null) return false;
  const o = output as Record<string, unknown>;
  return o.unknown === true && Object.keys(o).length === 1;
}

/** What a step sees as the output: the observed one, or unknown. */
export type Output<O> = O | UnknownOutput;

/** An operation: input at `call`, output at `return` (times; `Infinity` = never returned). */
export interface Operation<I, O> {
  readonly clientId: number;
  readonly input: I;
  readonly call: number;
  readonly output: Output<O>;
  readonly return: number;
}

/** An event of a history given as events: a call or a return matched by `id`. */
export type Event<I, O> =
  | { readonly kind: "call"; readonly clientId: number; readonly id: number; readonly value: I }
  | { readonly kind: "return"; readonly clientId: number; readonly id: number; readonly value: Output<O> };

/**
 * A sequential specification. `step` must be pure and must not mutate
 * `state`; it returns the next state or `ILLEGAL`. A step with an unknown
 * output must accept it: apply the input when that is legal, else leave the
 * state unchanged. `equal` and `hash` must agree (equal states, equal
 * hashes); the defaults are `===` and a constant.
 */
export interface Model<S, I, O> {
  readonly init: () => S;
  readonly step: (state: S, input: I, output: Output<O>) => S | Illegal;
  /** Splits a history into independent parts (P-compositionality), e.g. by key. */
  readonly partition?: (ops: readonly Operation<I, O>[]) => Operation<I, O>[][];
  readonly equal?: (a: S, b: S) => boolean;
  readonly hash?: (state: S) => number;
  readonly describeOperation?: (input: I, output: Output<O>) => string;
  readonly describeState?: (state: S) => string;
  /** Rough bytes a state holds, for the memory bound (default 32). */
  readonly stateBytes?: (state: S) => number;
  /**
   * True only when the operation never changes a state: in every state,
   * `step` gives ILLEGAL or an `equal` state (a read). The search commits
   * to such an operation once it is legal (see search.ts); a wrong true can
   * give a wrong verdict. Default: false for every operation.
   */
  readonly readOnly?: (input: I, output: Output<O>) => boolean;
}

/** A model with every optional function present. */
export type FullModel<S, I, O> = Required<Model<S, I, O>>;

/** Fills a model's missing functions with the defaults, in this one place. */
export function fillDefaults<S, I, O>(model: Model<S, I, O>): FullModel<S, I, O> {
  return {
    init: model.init,
    step: model.step,
    partition: model.partition ?? wholeHistory,
    equal: model.equal ?? strictEqual,
    hash: model.hash ?? constantHash,
    describeOperation: model.describeOperation ?? describeOperation,
    describeState: model.describeState ?? describeValue,
    stateBytes: model.stateBytes ?? fixedStateBytes,
    readOnly: model.readOnly ?? never,
  };
}

// The defaults are the same function objects on every call, so the search's
// call sites see one target and stay optimized from one check to the next.
function wholeHistory<T>(ops: readonly T[]): T[][] {
  return [ops.slice()];
}
function strictEqual(a: unknown, b: unknown): boolean {
  return a === b;
}
function constantHash(): number {
  return 0;
}
function never(): boolean {
  return false;
}
function fixedStateBytes(): number {
  return 32;
}
function describeOperation(input: unknown, output: unknown): string {
  return `${describeValue(input)} -> ${isUnknown(output) ? "?" : describeValue(output)}`;
}

/** A short text for any value (bigints as digits, unknown as "?"). */
export function describeValue(value: unknown): string {
  if (isUnknown(value)) return "?";
  if (value === undefined) return "undefined";
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? String(value);
}
