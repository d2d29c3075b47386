/**
 * Charts as data: what a chart shows, independent of how it is drawn. The
 * report model holds specs (tested as data); `renderChartPng` draws them.
 * x values are seconds since the run started.
 */
export {};
//# sourceMappingURL=chart-spec.js.map