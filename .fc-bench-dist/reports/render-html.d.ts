import type { ReportModel } from "./report-model.js";
import { type ChartImages } from "./render-visuals.js";
/** Options: chart images by chart id (absent charts say they were not rendered). */
export interface RenderHtmlOptions {
    readonly charts?: ChartImages;
}
/** Renders the model as one self-contained HTML document. Pure. */
export declare function renderHtml(m: ReportModel, options?: RenderHtmlOptions): string;
