/**
 * A key/value store with get, put and append (porcupine's kv test model).
 * A key's value is a string; absent (nil) reads as the empty string, the
 * default initial value. `kv` partitions the history by key and checks one
 * string per key; `kv-nopartition` keeps the whole map as one state.
 * Failed ops are dropped (Knossos); an unknown output applies put and
 * append and accepts any get. The key comes from the op's `:key`, or from a
 * `[key value]` tuple value (jepsen.independent) when there is no `:key`.
 */
import { type Model, type Operation } from "../model.js";
import { type ModelSpec } from "./spec.js";
/** A kv operation: 0 get, 1 put, 2 append. */
export interface KvInput {
    readonly f: 0 | 1 | 2;
    readonly key: string;
    readonly value: string;
}
/** The string a get returned (put and append: ""). */
export type KvOutput = string;
type KvMap = ReadonlyMap<string, string>;
/** The per-key model: state is the key's string; partitions by key. */
export declare function kvModel(initial: string): Model<string, KvInput, KvOutput>;
/** The whole-map model: one state for all keys (much slower to check). */
export declare function kvMapModel(initial: string): Model<KvMap, KvInput, KvOutput>;
/** Groups operations by their input's key, in order of first appearance. */
export declare function partitionByKey<O>(ops: readonly Operation<KvInput, O>[]): Operation<KvInput, O>[][];
/** `kv`: get/put/append partitioned by key. */
export declare const kvSpec: ModelSpec<string, KvInput, KvOutput>;
/** `kv-nopartition`: the same store with the whole map as one state. */
export declare const kvNoPartitionSpec: ModelSpec<KvMap, KvInput, KvOutput>;
export {};
