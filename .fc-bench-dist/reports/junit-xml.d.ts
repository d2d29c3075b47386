/**
 * JUnit XML for CI: one test suite per run, one test case per checker. An
 * invalid checker is a <failure> whose text is the story of the first
 * violation plus the checker's findings; an unknown one is an <error>.
 * The shape is the one CI systems read (testsuites > testsuite > testcase).
 */
import type { ReportModel } from "./report-model.js";
/** Options: the run's duration, for the `time` attributes. */
export interface JunitOptions {
    readonly timeSeconds?: number;
}
/** The JUnit document of a report. Pure. */
export declare function junitXml(m: ReportModel, options?: JunitOptions): string;
