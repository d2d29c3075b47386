import type { ReportModel } from "./report-model.js";
/** Chart images by chart id, as `data:` URIs. */
export type ChartImages = Readonly<Record<string, string>>;
/** The lease timeline of each resource. */
export declare function leaseSection(m: ReportModel): string;
/** The per-process op timeline. */
export declare function opTimelineSection(m: ReportModel): string;
/** Latency and throughput over time. */
export declare function perfSection(m: ReportModel, images: ChartImages): string;
/** Node clock offsets, or a sentence saying there were none. */
export declare function clockSection(m: ReportModel, images: ChartImages): string;
/** The linearizability verdict and its counterexample. */
export declare function linearizabilitySection(m: ReportModel): string;
