/**
 * The report as one self-contained HTML file that opens offline: inline
 * CSS, chart PNGs as data: URIs, one inline script drawing the zoomable
 * timelines from embedded JSON, no network. Verdict first, then the story,
 * the timelines, the charts, the counterexample, and how to run it again.
 * Every string from data is escaped.
 */
import type { ReportSection } from "../core/index.js";
import { escapeHtml as e } from "./html-escape.js";
import type { ReportModel } from "./report-model.js";
import { checkersSection, findingsSection, runSection, storySection, summarySection, verdictHeader } from "./render-sections.js";
import { clockSection, leaseSection, linearizabilitySection, opTimelineSection, perfSection, type ChartImages } from "./render-visuals.js";
import { timelineDataJson } from "./timeline-data.js";
import { TIMELINE_SCRIPT } from "./timeline-script.js";

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:0 16px 48px;color:#222}
.verdict{padding:18px 24px;margin:16px 0;border-radius:8px;color:#fff}.verdict h1{margin:0;font-size:44px}.verdict p{margin:4px 0}
.checker-verdicts{list-style:none;padding:0;margin:8px 0 0;display:flex;flex-wrap:wrap;gap:14px}.verdict .badge{border:1px solid #fff8}
.v-true{background:#2e7d32}.v-false{background:#c62828}.v-unknown{background:#6d6d6d}.v-na{background:#90a4ae}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;color:#fff;font-size:13px;vertical-align:middle}
.story{border-left:4px solid #c62828;padding-left:14px}.story li{margin:4px 0}.conclusion{font-weight:600}
table{border-collapse:collapse}td,th{padding:2px 12px 2px 0;text-align:left}pre{background:#f4f4f4;padding:8px;overflow:auto}
.legend span{margin-right:14px;font-size:13px}.swatch{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:middle}
.swatch.shade{background:#f4b400;opacity:.35}.fc-track{width:100%;overflow:hidden;border:1px solid #ddd;margin-bottom:8px}.fc-canvas{display:block;cursor:grab}
.fc-toolbar button{margin-right:6px}.fc-window{font-variant-numeric:tabular-nums;margin-left:8px}.hint,.note{color:#666;font-size:13px}
.fc-tip{position:absolute;display:none;background:#222;color:#fff;padding:4px 8px;border-radius:4px;font-size:12px;max-width:520px;pointer-events:none;z-index:9}
img.chart{max-width:100%;display:block;margin:8px 0;border:1px solid #eee}.cx tr.stuck{background:#fde7e7}.cx tr.placed{color:#444}.missing{color:#a00}`;

/** Each report section's renderer. */
const SECTIONS: Readonly<Record<ReportSection, (m: ReportModel, images: ChartImages) => string>> = {
  story: storySection,
  summary: (m) => summarySection(m.summary),
  leases: leaseSection,
  ops: opTimelineSection,
  perf: perfSection,
  clocks: clockSection,
  linearizability: linearizabilitySection,
  checkers: checkersSection,
  findings: findingsSection,
  run: runSection,
};

/** Options: chart images by chart id (absent charts say they were not rendered). */
export interface RenderHtmlOptions {
  readonly charts?: ChartImages;
}

/** Renders the model as one self-contained HTML document. Pure. */
export function renderHtml(m: ReportModel, options: RenderHtmlOptions = {}): string {
  const images = options.charts ?? {};
  const data = timelineDataJson({ tracks: [...m.leaseTimelines, m.opTimeline], faults: m.timeline.faults, end: m.end, focus: m.focus });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(m.title)}: ${e(m.verdictWord)}</title><style>${STYLE}</style></head>
<body>
${verdictHeader(m)}
${m.sections.map((section) => SECTIONS[section](m, images)).join("\n")}
<script type="application/json" id="fc-data">${data}</script>
<script>${TIMELINE_SCRIPT}</script>
</body></html>
`;
}
