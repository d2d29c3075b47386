import type { ChartSpec } from "./chart-spec.js";
/** Size of the image in pixels. */
export interface ChartPngOptions {
    readonly width?: number;
    readonly height?: number;
}
/** Renders `spec` to PNG bytes (default 1000 x 320). Pure apart from native drawing in memory. */
export declare function renderChartPng(spec: ChartSpec, options?: ChartPngOptions): Buffer;
/** `renderChartPng` as a `data:` URI for an `<img>`. */
export declare function chartDataUri(spec: ChartSpec, options?: ChartPngOptions): string;
