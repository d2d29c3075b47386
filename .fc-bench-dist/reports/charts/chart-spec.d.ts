/**
 * Charts as data: what a chart shows, independent of how it is drawn. The
 * report model holds specs (tested as data); `renderChartPng` draws them.
 * x values are seconds since the run started.
 */
/** How a series is drawn. */
export type SeriesKind = "points" | "line" | "step";
/** One series: [x seconds, y] points in x order. */
export interface ChartSeries {
    readonly label: string;
    readonly color: string;
    readonly kind: SeriesKind;
    readonly points: readonly (readonly [number, number])[];
}
/** A shaded x interval (a fault period), in seconds. */
export interface ChartShade {
    readonly start: number;
    readonly end: number;
    readonly color: string;
    readonly label: string;
}
/** A whole chart. */
export interface ChartSpec {
    readonly id: string;
    readonly title: string;
    readonly xLabel: string;
    readonly yLabel: string;
    readonly yScale: "linear" | "log";
    /** The x axis runs from 0 to `xMax` seconds. */
    readonly xMax: number;
    readonly series: readonly ChartSeries[];
    readonly shading: readonly ChartShade[];
    /** A sentence under the chart, for example how points were sampled. */
    readonly note: string | undefined;
}
