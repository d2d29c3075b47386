/** The sections of a run's report; a workload names the ones its report shows, in order. */
export type ReportSection = "story" | "summary" | "leases" | "ops" | "perf" | "clocks" | "linearizability" | "checkers" | "findings" | "run";

/** Every section, in the order of the lock-write report. */
export const REPORT_SECTIONS: readonly ReportSection[] = ["story", "summary", "leases", "ops", "perf", "clocks", "linearizability", "checkers", "findings", "run"];
