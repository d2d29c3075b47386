/**
 * The per-process op timeline for the canvas: one lane per worker, that is
 * per client node (a worker's successive process ids share its lane, as a
 * retired process's worker continues under a new id) plus the nemesis, one bar per op from
 * invoke to completion, coloured by completion type. Every op is kept; the
 * inline script aggregates when zoomed out.
 */
import type { History, ProcessId } from "../core/index.js";
import { columnsBuilder, STYLE, type CanvasTrack } from "./canvas-track.js";
import { pairColumns, type PairColumns } from "./pair-columns.js";

const TYPE_STYLE: Readonly<Record<string, number>> = { ok: STYLE.ok, fail: STYLE.fail, info: STYLE.info };

/** A worker's lane: its node (each worker runs on its own client node), else its thread number. */
function laneKey(process: ProcessId, node: string | undefined, workers: number): string {
  if (process === "nemesis") return "nemesis";
  return node ?? `w${process % Math.max(workers, 1)}`;
}

/** The shown op's resource, value, token and nodes (pair k's completion, else its invoke). */
function valueText(cols: PairColumns, k: number): string {
  if (cols.bareCompletion.has(k)) return "";
  const parts: string[] = [];
  const resource = cols.resource[k], value = cols.value[k], token = cols.token[k], nodes = cols.nodes.get(k);
  if (resource !== undefined) parts.push(resource);
  if (typeof value === "string") parts.push(value);
  if (token !== undefined && token !== null) parts.push(`token ${String(token)}`);
  if (nodes !== undefined) parts.push(nodes.join(","));
  return parts.join(" ");
}

function label(cols: PairColumns, k: number): string {
  const type = cols.type[k] ?? "never completed";
  const code = cols.code[k];
  const process = cols.process[k];
  const who = process === "nemesis" ? "nemesis" : `p${String(process)}`;
  return `${who}: ${cols.f[k] ?? ""} ${valueText(cols, k)} -> ${type}${code ? ` ${code}` : ""}`;
}

/** Options: the history's pair columns, when the caller has them. */
export interface OpTimelineOptions {
  readonly columns?: PairColumns;
}

/** Builds the op timeline of a history; `workers` is the run's client count. Pure. */
export function buildOpTimeline(history: History, workers: number, options: OpTimelineOptions = {}): CanvasTrack {
  const cols = options.columns ?? pairColumns(history);
  const lanes = new Map<string, { processes: Set<ProcessId>; node: string | undefined }>();
  const keys: string[] = [];
  for (let k = 0; k < cols.n; k++) {
    const process = cols.process[k] as ProcessId, node = cols.node[k];
    const key = laneKey(process, node, workers);
    keys.push(key);
    const lane = lanes.get(key) ?? { processes: new Set<ProcessId>(), node };
    lane.processes.add(process);
    lanes.set(key, lane);
  }
  const ordered = [...lanes].sort((a, b) => (a[0] === "nemesis" ? -1 : b[0] === "nemesis" ? 1 : a[0].localeCompare(b[0], "en", { numeric: true })));
  const index = new Map(ordered.map(([k], i) => [k, i]));
  const bars = columnsBuilder(true);
  for (let k = 0; k < cols.n; k++) {
    const type = cols.type[k];
    const style = type ? (TYPE_STYLE[type] ?? STYLE.open) : STYLE.open;
    const done = cols.done[k] as number;
    bars.add(index.get(keys[k] ?? "") ?? 0, cols.start[k] as number, type === undefined ? cols.end : done, style, label(cols, k));
  }
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
