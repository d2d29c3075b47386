/**
 * Draws a chart spec as a PNG with Chart.js on @napi-rs/canvas: native
 * drawing in memory, no files, no processes, so reports/ stays pure.
 */
import { createCanvas } from "@napi-rs/canvas";
import { Chart, registerables, type ChartConfiguration, type ChartItem, type Plugin } from "chart.js";
import type { ChartSpec } from "./chart-spec.js";

/** Size of the image in pixels. */
export interface ChartPngOptions {
  readonly width?: number;
  readonly height?: number;
}

function shadingPlugin(spec: ChartSpec): Plugin<"scatter"> {
  return {
    id: "faultShading",
    beforeDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      const x = scales["x"];
      if (x === undefined) return;
      ctx.save();
      for (const s of spec.shading) {
        const x0 = Math.max(x.getPixelForValue(s.start), chartArea.left);
        const x1 = Math.min(x.getPixelForValue(s.end), chartArea.right);
        if (x1 <= x0) continue;
        ctx.globalAlpha = 0.22;
        ctx.fillStyle = s.color;
        ctx.fillRect(x0, chartArea.top, Math.max(x1 - x0, 1), chartArea.bottom - chartArea.top);
      }
      ctx.restore();
    },
  };
}

function chartConfig(spec: ChartSpec): ChartConfiguration<"scatter"> {
  const datasets = spec.series.map((s) => ({
    label: s.label,
    data: s.points.map(([x, y]) => ({ x, y })),
    showLine: s.kind !== "points",
    stepped: s.kind === "step" ? ("before" as const) : false,
    pointRadius: s.kind === "points" ? 1.6 : 0,
    borderWidth: s.kind === "points" ? 0 : 1.8,
    borderColor: s.color,
    backgroundColor: s.kind === "points" ? `${s.color}99` : s.color,
    order: s.kind === "points" ? 2 : 1,
  }));
  return {
    type: "scatter",
    data: { datasets },
    options: {
      animation: false, responsive: false, devicePixelRatio: 1, events: [],
      plugins: { legend: { position: "bottom", labels: { boxWidth: 12 } }, title: { display: true, text: spec.title, font: { size: 15 } } },
      scales: {
        x: { type: "linear", min: 0, max: Math.max(spec.xMax, 0.001), title: { display: true, text: spec.xLabel } },
        y: { type: spec.yScale === "log" ? "logarithmic" : "linear", title: { display: true, text: spec.yLabel } },
      },
    },
    plugins: [shadingPlugin(spec)],
  };
}

/** Renders `spec` to PNG bytes (default 1000 x 320). Pure apart from native drawing in memory. */
export function renderChartPng(spec: ChartSpec, options: ChartPngOptions = {}): Buffer {
  Chart.register(...registerables);
  const canvas = createCanvas(options.width ?? 1000, options.height ?? 320);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const chart = new Chart(canvas as unknown as ChartItem, chartConfig(spec));
  try {
    return canvas.toBuffer("image/png");
  } finally {
    chart.destroy();
  }
}

/** `renderChartPng` as a `data:` URI for an `<img>`. */
export function chartDataUri(spec: ChartSpec, options: ChartPngOptions = {}): string {
  return `data:image/png;base64,${renderChartPng(spec, options).toString("base64")}`;
}
