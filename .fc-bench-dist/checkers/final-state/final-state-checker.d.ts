/**
 * Final state: after the run, each resource must hold the value of a write
 * carrying the highest token among acknowledged writes (or of an `info`
 * write with a token at least that high). Anything else is a lost update.
 */
import { type CheckInput, type CheckResult, type Checker, type Validity } from "../../harness/core/index.js";
/** The verdict for one resource. */
export interface ResourceFinalState {
    readonly resource: string;
    readonly valid: Validity;
    /** The final read's value (null when storage held nothing); undefined when there was no final read. */
    readonly finalValue: string | null | undefined;
    /** The token the final value was written under, when a write of that value is known. */
    readonly finalToken: string | undefined;
    /** The highest token among acknowledged writes. */
    readonly highestAcknowledged: string | undefined;
    /** A plain sentence explaining an invalid or unknown verdict. */
    readonly message: string | undefined;
}
/** The final-state checker's verdict. */
export interface FinalStateResult extends CheckResult {
    readonly valid: Validity;
    readonly resources: readonly ResourceFinalState[];
    /** The resources whose final value lost an acknowledged write. */
    readonly lostUpdates: readonly ResourceFinalState[];
}
/** The final-state checker (name "final-state"). Pure. */
export declare function finalStateChecker(): Checker<FinalStateResult>;
/** Checks the final reads of one run against its acknowledged writes. */
export declare function checkFinalState(input: Pick<CheckInput, "history">): FinalStateResult;
