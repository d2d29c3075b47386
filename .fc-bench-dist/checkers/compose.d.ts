/**
 * Composition of checkers: each runs through `checkSafe`, and validities
 * merge with false beating unknown beating true.
 */
import { type CheckResult, type Checker, type Validity } from "../harness/core/index.js";
/** The merged verdict and each checker's result by name. */
export interface ComposedResult extends CheckResult {
    readonly valid: Validity;
    readonly results: Readonly<Record<string, CheckResult>>;
}
/** Options passed through to every checker. */
export interface CheckOptions {
    readonly signal?: AbortSignal;
}
/** Wraps a checker so that a thrown error or rejection becomes `{valid: "unknown", error}`. */
export declare function checkSafe<R extends CheckResult>(checker: Checker<R>): Checker<R | CheckResult>;
/** A checker (name "compose") running `checkers` in order; duplicate names get a "#2" suffix. */
export declare function compose(checkers: readonly Checker[]): Checker<ComposedResult>;
