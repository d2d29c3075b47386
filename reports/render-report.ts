/** The full report: the model's charts drawn as PNGs and embedded in the HTML. */
import { chartDataUri } from "./charts/chart-png.js";
import type { ChartSpec } from "./charts/chart-spec.js";
import { renderHtml } from "./render-html.js";
import type { ReportModel } from "./report-model.js";

/** The model's chart specs, in report order. */
export function reportCharts(m: ReportModel): ChartSpec[] {
  return [m.charts.latency, m.charts.throughput, ...(m.charts.clocks ? [m.charts.clocks] : [])];
}

/** Renders every chart and the HTML around them. Pure apart from native drawing in memory. */
export function renderReportHtml(m: ReportModel): string {
  const charts = Object.fromEntries(reportCharts(m).map((spec) => [spec.id, chartDataUri(spec)]));
  return renderHtml(m, { charts });
}
