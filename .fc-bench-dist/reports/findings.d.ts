/** Plain-words findings of each checker, for the report's details section. */
import type { CheckResult, Validity } from "../harness/core/index.js";
import type { FinalStateResult, LeaseOverlap, LeaseOverlapResult } from "../checkers/index.js";
/** One checker's verdict with a few sentences and its raw result as JSON (capped). */
export interface CheckerVerdict {
    readonly name: string;
    readonly valid: Validity;
    readonly lines: readonly string[];
    readonly detail: string;
}
/** A lease overlap told in plain words. */
export interface OverlapFinding {
    readonly resource: string;
    readonly certain: boolean;
    readonly afterExpiry: boolean;
    readonly savedByFencing: boolean;
    readonly text: string;
}
/** A resource's final state told in plain words. */
export interface FinalStateFinding {
    readonly resource: string;
    readonly valid: Validity;
    readonly text: string;
}
/** The sentence for one overlap. Pure. */
export declare function overlapSentence(o: LeaseOverlap): string;
/** The overlap findings of a stored result. */
export declare function overlapFindings(result: LeaseOverlapResult | undefined): OverlapFinding[];
/** The final-state findings of a stored result. */
export declare function finalStateFindings(result: FinalStateResult | undefined): FinalStateFinding[];
/** Every checker's verdict, in the order of `results`. Pure. */
export declare function checkerVerdicts(results: Readonly<Record<string, CheckResult>>): CheckerVerdict[];
