/**
 * Knossos's multi-register: a map of registers; each op (`txn`) is a list of
 * micro-ops `[f key value]` with f read or write, applied in order. As in
 * Knossos a read of nil observes nothing. An ok op is judged on its
 * completion's micro-ops (reads filled in); an unknown output applies the
 * invocation's writes and checks no read. Failed ops are dropped.
 */
import { type Model } from "../model.js";
import { type Scalar } from "../values.js";
import { type ModelSpec } from "./spec.js";
/** One micro-op: read (`write: false`) or write of `value` at `key`. */
export interface MicroOp {
    readonly write: boolean;
    readonly key: string;
    readonly value: Scalar;
}
type Registers = Readonly<Record<string, Scalar>>;
/** The multi-register model starting at `initial` (a map of key to value). */
export declare function multiRegisterModel(initial: Registers): Model<Registers, readonly MicroOp[], readonly MicroOp[]>;
/** `multi-register`: Knossos's map of registers with txn micro-ops. */
export declare const multiRegisterSpec: ModelSpec<Registers, readonly MicroOp[], readonly MicroOp[]>;
export {};
