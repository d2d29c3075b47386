import { type Model, type Operation } from "../model.js";
import { type Scalar } from "../values.js";
import { type ModelSpec } from "./spec.js";
/** A write of `value` under `token` (null: token not known), or a read. */
export interface FencedInput {
    readonly write: boolean;
    readonly resource: string;
    readonly value: Scalar;
    readonly token: bigint | null;
}
/** write: accepted or rejected as stale; read: what storage held. */
export type FencedOutput = boolean | {
    readonly value: Scalar;
    readonly token: bigint | null;
};
/** What storage holds for one resource. */
export interface FencedState {
    readonly value: Scalar;
    readonly token: bigint | null;
    readonly max: bigint | null;
}
/** The fenced-register model, partitioned by resource. */
export declare function fencedRegisterModel(): Model<FencedState, FencedInput, FencedOutput>;
/** `fenced-register`: writes carry tokens; storage rejects stale ones. */
export declare const fencedRegisterSpec: ModelSpec<FencedState, FencedInput, FencedOutput>;
/** The resource of a fenced-register operation (for labels). */
export declare function fencedResource(op: Operation<FencedInput, FencedOutput>): string;
