/** The timeline as inline SVG: lanes of op bars over shaded fault periods. */
import { escapeHtml } from "./html-escape.js";
import type { BarType, Timeline } from "./timeline.js";

/** Bar colours by completion type. */
export const BAR_COLORS: Readonly<Record<BarType, string>> = { ok: "#2e7d32", fail: "#c62828", info: "#ef6c00", open: "#9e9e9e" };

const LABEL_W = 150;
const PLOT_W = 900;
const LANE_H = 16;
const TOP = 28;

/** Renders the timeline as an `<svg>` element (no xmlns needed inline in HTML). Pure. */
export function renderTimelineSvg(t: Timeline): string {
  const span = Math.max(t.end, 1);
  const x = (ns: number): number => LABEL_W + (ns / span) * PLOT_W;
  const height = TOP + t.lanes.length * LANE_H + 8;
  const out: string[] = [`<svg class="timeline" width="${LABEL_W + PLOT_W + 10}" height="${height}" role="img" aria-label="Timeline of ops per process">`];
  for (const f of t.faults) {
    const w = Math.max(x(f.end) - x(f.start), 1);
    out.push(`<rect x="${x(f.start).toFixed(1)}" y="${TOP - 14}" width="${w.toFixed(1)}" height="${height - TOP + 14}" fill="${escapeHtml(f.color)}" fill-opacity="0.25"><title>${escapeHtml(f.label)}</title></rect>`);
    out.push(`<text x="${(x(f.start) + 2).toFixed(1)}" y="${TOP - 4}" class="fault-label">${escapeHtml(f.label)}</text>`);
  }
  for (let s = 0; s <= 10; s++) {
    const ns = (span * s) / 10;
    out.push(`<text x="${x(ns).toFixed(1)}" y="10" class="tick">${(ns / 1e9).toFixed(1)} s</text>`);
  }
  t.lanes.forEach((lane, i) => {
    const y = TOP + i * LANE_H;
    out.push(`<text x="4" y="${y + 11}" class="lane-label">${escapeHtml(lane.label)}</text>`);
    for (const b of lane.bars) {
      const w = Math.max(x(b.end) - x(b.start), 1.5);
      out.push(`<rect x="${x(b.start).toFixed(1)}" y="${y + 2}" width="${w.toFixed(1)}" height="${LANE_H - 4}" fill="${BAR_COLORS[b.type]}"><title>${escapeHtml(b.label)}</title></rect>`);
    }
  });
  out.push("</svg>");
  return out.join("\n");
}
