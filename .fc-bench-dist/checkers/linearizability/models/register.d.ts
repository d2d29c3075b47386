/**
 * Single registers: `register` (read/write), `cas-register` (read, write,
 * cas) and `etcd-register` (the CAS register as porcupine reads etcd logs).
 *
 * Failed operations:
 * - register, cas-register follow Knossos: a `fail` certainly did not
 *   happen, so it is dropped; an ok read of nil is accepted whatever the
 *   state (Knossos reads nil as "nothing observed").
 * - etcd-register follows porcupine's etcd harness: a failed cas stays in
 *   the history as evidence that the compare failed (output `false`: legal
 *   only when the register did not hold the expected value); a failed read
 *   returns with an unknown output; a failed write is dropped; reads are
 *   strict (nil means the key was absent).
 * An unknown output (info) applies a write, applies a cas when the compare
 * holds and otherwise leaves the state alone, and accepts any read.
 */
import { type Model } from "../model.js";
import { type Scalar } from "../values.js";
import { type ModelSpec } from "./spec.js";
/** A register operation: 0 read, 1 write `a`, 2 cas from `a` to `b`. */
export interface RegisterInput {
    readonly f: 0 | 1 | 2;
    readonly a: Scalar;
    readonly b: Scalar;
}
/** Read: the value; cas: whether the compare held; write: null. */
export type RegisterOutput = Scalar;
/** The register model starting at `initial`. */
export declare function registerModel(initial: Scalar): Model<Scalar, RegisterInput, RegisterOutput>;
/** Knossos's register (read/write); fails dropped. */
export declare const registerSpec: ModelSpec<Scalar, RegisterInput, Scalar>;
/** Knossos's CAS register; fails dropped. */
export declare const casRegisterSpec: ModelSpec<Scalar, RegisterInput, Scalar>;
/** The CAS register as porcupine reads Jepsen's etcd logs; failed cas kept as evidence. */
export declare const etcdRegisterSpec: ModelSpec<Scalar, RegisterInput, RegisterOutput>;
