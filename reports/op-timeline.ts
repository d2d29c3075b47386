/**
 * The per-process op timeline for the canvas: one lane per worker, that is
 * per client node (a worker's successive process ids share its lane, as a
 * retired process's worker continues under a new id) plus the nemesis, one bar per op from
 * invoke to completion, coloured by completion type. Every op is kept; the
 * inline script aggregates when zoomed out.
 */
import { pairs, type History, type Op, type OpPair, type ProcessId } from "../core/index.js";
import { columnsBuilder, STYLE, type CanvasTrack } from "./canvas-track.js";

const TYPE_STYLE: Readonly<Record<string, number>> = { ok: STYLE.ok, fail: STYLE.fail, info: STYLE.info };

/** A worker's lane: its node (each worker runs on its own client node), else its thread number. */
function laneKey(op: Op, workers: number): string {
  if (op.process === "nemesis") return "nemesis";
  return op.node ?? `w${op.process % Math.max(workers, 1)}`;
}

function valueText(op: Op): string {
  const v = (op.value ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof v["resource"] === "string") parts.push(v["resource"]);
  if (typeof v["value"] === "string") parts.push(v["value"]);
  if (v["token"] !== undefined && v["token"] !== null) parts.push(`token ${String(v["token"])}`);
  if (Array.isArray(v["nodes"])) parts.push(v["nodes"].join(","));
  return parts.join(" ");
}

function label(invoke: Op, completion: Op | undefined): string {
  const type = completion?.type ?? "never completed";
  const code = completion?.type === "fail" || completion?.type === "info" ? completion.error?.code : undefined;
  const who = invoke.process === "nemesis" ? "nemesis" : `p${invoke.process}`;
  return `${who}: ${invoke.f} ${valueText(completion ?? invoke)} -> ${type}${code ? ` ${code}` : ""}`;
}

/** Options: the history's pairs, when the caller has them (or the ones to draw, with `end`, the instant they reach). */
export interface OpTimelineOptions {
  readonly pairs?: readonly OpPair[];
  readonly end?: number;
}

/** Builds the op timeline of a history; `workers` is the run's client count. Pure. */
export function buildOpTimeline(history: History, workers: number, options: OpTimelineOptions = {}): CanvasTrack {
  const end = options.end ?? history.reduce((t, op) => Math.max(t, op.time), 0);
  const lanes = new Map<string, { processes: Set<ProcessId>; node: string | undefined }>();
  const all = options.pairs ?? pairs(history);
  const keys = all.map(({ invoke }) => laneKey(invoke, workers));
  all.forEach(({ invoke }, i) => {
    const key = keys[i] ?? "";
    const lane = lanes.get(key) ?? { processes: new Set<ProcessId>(), node: invoke.node };
    lane.processes.add(invoke.process);
    lanes.set(key, lane);
  });
  const ordered = [...lanes].sort((a, b) => (a[0] === "nemesis" ? -1 : b[0] === "nemesis" ? 1 : a[0].localeCompare(b[0], "en", { numeric: true })));
  const index = new Map(ordered.map(([k], i) => [k, i]));
  const bars = columnsBuilder(true);
  all.forEach(({ invoke, completion }, i) => {
    const style = completion ? (TYPE_STYLE[completion.type] ?? STYLE.open) : STYLE.open;
    bars.add(index.get(keys[i] ?? "") ?? 0, invoke.time, completion?.time ?? end, style, label(invoke, completion));
  });
  return {
    id: "ops", title: "Ops per process", lanes: ordered.map(([k, l]) => laneName(k, l.processes, l.node)),
    bars: bars.build(), marks: columnsBuilder(false).build(), legend: [STYLE.ok, STYLE.fail, STYLE.info, STYLE.open],
  };
}

function laneName(key: string, processes: ReadonlySet<ProcessId>, node: string | undefined): string {
  if (key === "nemesis") return "nemesis";
  const ids = [...processes].map(String);
  const shown = ids.length <= 3 ? ids.join(", ") : `${ids.slice(0, 2).join(", ")} +${ids.length - 2}`;
  return `${node ?? key} (p ${shown})`;
}
