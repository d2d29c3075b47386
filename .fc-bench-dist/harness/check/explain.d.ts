/**
 * A few lines of text explaining a verdict for the terminal: for each
 * illegal partition, how far the longest linearizable prefix got, the state
 * it left, and the operations that could not be placed next.
 */
import type { LinearizabilityResult } from "../../checkers/index.js";
/** The explanation of `result`, one string per line (empty when ok). */
export declare function explainResult(result: LinearizabilityResult, maxOps?: number): string[];
