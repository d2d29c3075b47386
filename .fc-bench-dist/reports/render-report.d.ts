import type { ChartSpec } from "./charts/chart-spec.js";
import type { ReportModel } from "./report-model.js";
/** The model's chart specs, in report order. */
export declare function reportCharts(m: ReportModel): ChartSpec[];
/** Renders every chart and the HTML around them. Pure apart from native drawing in memory. */
export declare function renderReportHtml(m: ReportModel): string;
