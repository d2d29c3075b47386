/** The full report: the model's charts drawn as PNGs and embedded in the HTML. */
import { chartDataUri } from "./charts/chart-png.js";
import { renderHtml } from "./render-html.js";
/** The model's chart specs, in report order. */
export function reportCharts(m) {
    return [m.charts.latency, m.charts.throughput, ...(m.charts.clocks ? [m.charts.clocks] : [])];
}
/** Renders every chart and the HTML around them. Pure apart from native drawing in memory. */
export function renderReportHtml(m) {
    const charts = Object.fromEntries(reportCharts(m).map((spec) => [spec.id, chartDataUri(spec)]));
    return renderHtml(m, { charts });
}
//# sourceMappingURL=render-report.js.map