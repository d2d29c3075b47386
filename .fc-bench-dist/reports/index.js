/** Reports: stored run -> report model -> self-contained HTML; JUnit XML; run and matrix index pages. Pure. */
export * from "./stored-run.js";
export * from "./report-model.js";
export * from "./render-html.js";
export * from "./render-report.js";
export * from "./story.js";
export * from "./summary.js";
export * from "./findings.js";
export * from "./timeline.js";
export * from "./fault-periods.js";
export * from "./html-escape.js";
export * from "./canvas-track.js";
export * from "./counterexample-view.js";
export * from "./charts/chart-spec.js";
export * from "./charts/chart-png.js";
export * from "./charts/perf-charts.js";
export * from "./charts/clock-chart.js";
export * from "./testing/synthetic-lock-run.js";
export * from "./junit-xml.js";
export * from "./scenario-page.js";
export * from "./run-index-html.js";
export * from "./matrix-html.js";
//# sourceMappingURL=index.js.map