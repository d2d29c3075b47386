/** The report's text sections: verdicts, story, summary, checkers, findings, run. */
import type { Validity } from "../harness/core/index.js";
import type { ReportModel } from "./report-model.js";
import type { SummaryCounts } from "./summary.js";
/** A coloured verdict badge. */
export declare function badge(valid: Validity, text: string): string;
/** "valid", "invalid" or "unknown". */
export declare function word(valid: Validity): string;
/** The verdict banner with every checker's verdict. */
export declare function verdictHeader(m: ReportModel): string;
/** The story of the first violation, in the seed's words. */
export declare function storySection(m: ReportModel): string;
/** The headline numbers. */
export declare function summarySection(s: SummaryCounts): string;
/** Each checker's findings and raw result. */
export declare function checkersSection(m: ReportModel): string;
/** Lease overlaps and the final state of each resource. */
export declare function findingsSection(m: ReportModel): string;
/** Seed, configuration and the command that runs it again. */
export declare function runSection(m: ReportModel): string;
