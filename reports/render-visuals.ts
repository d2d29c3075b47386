/** The report's drawn sections: timelines (canvas), charts (embedded PNGs), counterexample, clocks. */
import { TRACK_STYLES, type CanvasTrack } from "./canvas-track.js";
import type { ChartSpec } from "./charts/chart-spec.js";
import { escapeHtml as e } from "./html-escape.js";
import { badge, word } from "./render-sections.js";
import type { ReportModel } from "./report-model.js";

/** Chart images by chart id, as `data:` URIs. */
export type ChartImages = Readonly<Record<string, string>>;

function toolbar(m: ReportModel): string {
  const focus = m.focus ? `<button type="button" data-fc="focus">First violation</button>` : "";
  return `<p class="fc-toolbar"><button type="button" data-fc="reset">Whole run</button>${focus}<button type="button" data-fc="in">Zoom in</button><button type="button" data-fc="out">Zoom out</button>
<span class="fc-window"></span> <span class="hint">Wheel to zoom, drag to pan, double-click for the whole run, hover for details.</span></p>`;
}

function legend(track: CanvasTrack): string {
  return `<p class="legend">${track.legend.map((i) => {
    const s = TRACK_STYLES[i];
    return s ? `<span><i class="swatch" style="background:${e(s.color)}"></i>${e(s.name)}</span>` : "";
  }).join("")}<span><i class="swatch shade"></i>fault period</span></p>`;
}

function trackBlock(track: CanvasTrack, heading: string): string {
  return `<h3>${e(heading)}</h3>${legend(track)}<div class="fc-track" id="track-${e(track.id)}"></div>`;
}

/** The lease timeline of each resource. */
export function leaseSection(m: ReportModel): string {
  if (m.leaseTimelines.length === 0) return `<section><h2>Leases</h2><p>No client acquired a resource.</p></section>`;
  const blocks = m.leaseTimelines.map((t) => trackBlock(t, t.title)).join("\n");
  return `<section><h2>Leases per resource</h2><p>Per client: when it was acquiring, when it believed it held the lease (pink once the lease had certainly expired), and each write with its token, coloured by the storage's answer.</p>
${toolbar(m)}${blocks}</section>`;
}

/** The per-process op timeline. */
export function opTimelineSection(m: ReportModel): string {
  const n = m.opTimeline.bars.start.length;
  const cut = m.tracksCut === undefined ? "" : `<p class="note">${e(m.tracksCut)}</p>`;
  return `<section><h2>Ops per process</h2><p>${n} ops, one bar each from invoke to completion; zoomed out, each pixel column shows its most severe op.</p>${cut}
${toolbar(m)}${trackBlock(m.opTimeline, "Timeline")}</section>`;
}

function chartBlock(spec: ChartSpec, images: ChartImages): string {
  const uri = images[spec.id];
  const img = uri ? `<img class="chart" id="chart-${e(spec.id)}" alt="${e(spec.title)}" src="${e(uri)}">` : `<p class="missing">Chart "${e(spec.title)}" was not rendered.</p>`;
  return `${img}${spec.note ? `<p class="note">${e(spec.note)}.</p>` : ""}`;
}

/** Latency and throughput over time. */
export function perfSection(m: ReportModel, images: ChartImages): string {
  return `<section><h2>Latency and throughput</h2><p>Fault periods are shaded.</p>
${chartBlock(m.charts.latency, images)}
${chartBlock(m.charts.throughput, images)}</section>`;
}

/** Node clock offsets, or a sentence saying there were none. */
export function clockSection(m: ReportModel, images: ChartImages): string {
  const body = m.charts.clocks ? chartBlock(m.charts.clocks, images) : "<p>No clock faults in this run: every node kept the host's clock.</p>";
  return `<section><h2>Clocks</h2>${body}</section>`;
}

/** The linearizability verdict and its counterexample. */
export function linearizabilitySection(m: ReportModel): string {
  const l = m.linearizability;
  if (l === undefined) return `<section><h2>Linearizability</h2><p>The linearizability checker left no result.</p></section>`;
  const blocks = l.counterexamples.map((c) => `<h3>${e(c.heading)}</h3><table class="cx"><tr><th></th><th>process</th><th>op</th><th>when</th></tr>
${c.rows.map((r) => `<tr class="${r.placed ? "placed" : "stuck"}"><td>${r.placed ? "placed" : "cannot place"}</td><td>${e(r.process)}</td><td>${e(r.description)}</td><td>${e(r.when)}</td></tr>`).join("\n")}
</table><p>Storage after the placed ops: ${e(c.stateAfter)}</p>`).join("\n");
  return `<section><h2>Linearizability ${badge(l.valid, word(l.valid))}</h2><p>${e(l.text)}</p>${blocks}</section>`;
}
