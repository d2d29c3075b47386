import type { ModelSpec } from "./spec.js";
/** Every model by name. */
export declare const MODEL_SPECS: readonly ModelSpec[];
/** A model chosen by name, with its initial value (undefined: the model's default). */
export interface ModelChoice {
    readonly spec: ModelSpec;
    readonly initial: unknown;
}
/** The spec named `name`; throws input.invalid naming the known ones. */
export declare function modelSpec(name: string): ModelSpec;
/** Parses `name` or `name:JSON` into a model choice. */
export declare function parseModelArg(text: string): ModelChoice;
/** Parses an initial value given as a JSON literal. */
export declare function parseInitial(text: string): unknown;
