/**
 * The lease timeline of each resource: per client, when it was acquiring,
 * when it believed it held the lease (split where its TTL may first have
 * run out, and again where the lease had certainly expired, by the same
 * arithmetic the checkers use: core/lease-span.ts, with the lock server's
 * clock drift and slack), and each write as a mark coloured by
 * what storage answered, with its token. A belief lasts from the grant to
 * the release's invoke; a process that never released believes until the
 * end, or, once retired (an info or unanswered op), until its last op, as
 * in the lease-overlap checker.
 */
import { LOCK_ERRORS, type History, type StorageRecord, type TtlSpan } from "../core/index.js";
import { columnsBuilder, STYLE, type CanvasTrack, type ColumnsBuilder } from "./canvas-track.js";
import { seconds } from "./format.js";
import { pairColumns, type PairColumns } from "./pair-columns.js";

/** What the lease timelines are built from. */
export interface LeaseTimelineInput {
  readonly history: History;
  /** The history's pair columns, when the caller has them. */
  readonly columns?: PairColumns;
  readonly storage: readonly StorageRecord[];
  /** When a grant's TTL runs out (core's `ttlSpan` for the run's config): the earliest instant, and the certain one when nothing renews it. */
  readonly lease: (grant: { readonly invokedAt: number; readonly grantedAt: number }) => TtlSpan;
  /** The run's client count: lanes merge per worker when a resource has more than `maxLanes` processes. */
  readonly workers: number;
  readonly maxLanes?: number;
}

interface Held {
  readonly process: number;
  readonly resource: string;
  readonly token: string;
  readonly invokedAt: number;
  readonly grantedAt: number;
}

interface ResourceTrack {
  readonly lanes: Map<string, number>;
  readonly bars: ColumnsBuilder;
  readonly marks: ColumnsBuilder;
}

function storageAnswer(cols: PairColumns, k: number, storage: StorageIndex): { style: number; text: string } {
  const at = storage.at.get(`${String(cols.resource[k])}\u0000${String(cols.process[k])}\u0000${String(cols.value[k])}`);
  const record = at === undefined ? undefined : storage.records[at];
  if (record) {
    const stale = record.highest !== null && record.token !== null && BigInt(record.token) < BigInt(record.highest);
    if (!record.accepted) return { style: STYLE.writeRejected, text: `rejected (${record.reason ?? "refused"}, highest token ${record.highest ?? "none"})` };
    return stale ? { style: STYLE.staleAccepted, text: `storage accepted it after token ${record.highest}` } : { style: STYLE.writeAccepted, text: "accepted" };
  }
  const type = cols.type[k];
  if (type === "ok") return { style: STYLE.writeAccepted, text: "acknowledged" };
  if (type === "fail") {
    const code = cols.code[k];
    return { style: code === LOCK_ERRORS.staleToken ? STYLE.writeRejected : STYLE.fail, text: `failed (${String(code)})` };
  }
  return { style: STYLE.writeUnknown, text: "outcome unknown" };
}

/** Each record's position by key, client and value (the last record of a triple wins): records read back are made when read (core compact-storage). */
interface StorageIndex {
  readonly records: readonly StorageRecord[];
  readonly at: ReadonlyMap<string, number>;
}

function storageIndex(records: readonly StorageRecord[]): StorageIndex {
  const at = new Map<string, number>();
  for (let i = 0; i < records.length; i++) {
    const r = records[i] as StorageRecord;
    at.set(`${r.key}\u0000${r.client}\u0000${r.value}`, i);
  }
  return { records, at };
}

function acquireStyle(type: string | undefined): number {
  return type === "ok" ? STYLE.acquiring : type === "fail" ? STYLE.fail : type === "info" ? STYLE.info : STYLE.open;
}

const LEGEND = [STYLE.acquiring, STYLE.fail, STYLE.info, STYLE.belief, STYLE.beliefMaybeExpired, STYLE.beliefExpired, STYLE.writeAccepted, STYLE.writeRejected, STYLE.staleAccepted, STYLE.writeUnknown];

/** A lane per process, or per worker (its node) when some resource has too many processes. */
function laneNamer(cols: PairColumns, drawn: readonly number[], input: LeaseTimelineInput): (k: number) => string {
  const byWorker = laneMode(cols, drawn, input.maxLanes ?? 40);
  return (k) => {
    const process = cols.process[k] as number, node = cols.node[k];
    if (byWorker) return node ?? `w${process % Math.max(input.workers, 1)}`;
    return `process ${process}${node ? ` (${node})` : ""}`;
  };
}

/** The client pairs on a resource (a string resource in the shown value), in order. */
function leasePairs(cols: PairColumns): number[] {
  const out: number[] = [];
  for (let k = 0; k < cols.n; k++) if (typeof cols.process[k] === "number" && cols.resource[k] !== undefined) out.push(k);
  return out;
}

/** One canvas track per resource, in resource order. Pure. */
export function buildLeaseTimelines(input: LeaseTimelineInput): CanvasTrack[] {
  const cols = input.columns ?? pairColumns(input.history);
  const end = cols.end;
  const drawn = leasePairs(cols);
  const laneName = laneNamer(cols, drawn, input);
  const storage = storageIndex(input.storage);
  const tracks = new Map<string, ResourceTrack>();
  const held = new Map<string, Held & { readonly k: number }>();
  const lastAt = new Map<number, number>();
  const retired = new Set<number>();
  const place = (resource: string, k: number): [ResourceTrack, number] => {
    const t = tracks.get(resource) ?? { lanes: new Map<string, number>(), bars: columnsBuilder(true), marks: columnsBuilder(false) };
    tracks.set(resource, t);
    const key = laneName(k);
    if (!t.lanes.has(key)) t.lanes.set(key, t.lanes.size);
    return [t, t.lanes.get(key) ?? 0];
  };
  // A process keeps its node, so its lane on a resource is found once, not named again for each op.
  const placed = new Map<string, [ResourceTrack, number]>();
  const placeOnce = (key: string, resource: string, k: number): [ResourceTrack, number] => {
    const at = placed.get(key) ?? place(resource, k);
    placed.set(key, at);
    return at;
  };
  const closeBelief = (key: string, until: number): void => {
    const h = held.get(key);
    if (h === undefined) return;
    held.delete(key);
    const [t, lane] = placeOnce(key, h.resource, h.k);
    drawBelief(t.bars, lane, h, until, input.lease(h));
  };
  for (const k of drawn) {
    const process = cols.process[k] as number, resource = cols.resource[k] as string, f = cols.f[k], type = cols.type[k];
    const invokedAt = cols.start[k] as number, done = cols.done[k] as number;
    const key = `${process}\u0000${resource}`;
    lastAt.set(process, type === undefined ? invokedAt : done);
    if (type === undefined || type === "info") retired.add(process);
    const [t, lane] = placeOnce(key, resource, k);
    if (f === "acquire" || f === "release") closeBelief(key, invokedAt);
    if (f === "acquire") {
      // A grant without a token (Redlock) is a grant all the same; a failed acquire is not drawn in the red of fencing.
      const granted = type === "ok";
      const v = cols.token[k];
      const token = v === undefined || v === null ? "none" : String(v);
      t.bars.add(lane, invokedAt, type === undefined ? end : done, acquireStyle(type), `p${process} acquiring ${resource}: ${granted ? `token ${token}` : (type ?? "no answer")}`);
      if (granted) held.set(key, { process, resource, token, invokedAt, grantedAt: done, k });
    } else if (f === "write") {
      const answer = storageAnswer(cols, k, storage);
      t.marks.add(lane, invokedAt, undefined, answer.style, `p${process} wrote ${String(cols.value[k])} with token ${String(cols.token[k] ?? "?")}: ${answer.text}`);
    }
  }
  for (const [key, h] of [...held]) closeBelief(key, retired.has(h.process) ? (lastAt.get(h.process) ?? end) : end);
  return [...tracks].sort((a, b) => a[0].localeCompare(b[0])).map(([resource, t]) => ({
    id: `lease-${resource}`, title: `Resource ${resource}`, lanes: [...t.lanes.keys()], bars: t.bars.build(), marks: t.marks.build(), legend: LEGEND,
  }));
}

function laneMode(cols: PairColumns, drawn: readonly number[], maxLanes: number): boolean {
  const perResource = new Map<string, Set<number>>();
  for (const k of drawn) {
    const r = cols.resource[k] as string;
    const set = perResource.get(r) ?? new Set<number>();
    set.add(cols.process[k] as number);
    perResource.set(r, set);
  }
  return [...perResource.values()].some((s) => s.size > maxLanes);
}

/**
 * A belief as up to three bars: the lease valid until its TTL may first
 * have run out; then maybe expired (until it certainly had, or to the end
 * of the belief when a keep-alive or session may have kept it); then,
 * past its certain expiry, held by belief alone.
 */
function drawBelief(bars: ColumnsBuilder, lane: number, h: Held, until: number, span: TtlSpan): void {
  const what = `p${h.process} held ${h.resource} with token ${h.token}`;
  const maybeFrom = Math.max(h.grantedAt, span.from);
  const certainBy = span.by ?? Number.POSITIVE_INFINITY;
  bars.add(lane, h.grantedAt, Math.min(until, maybeFrom), STYLE.belief, `${what}, lease valid`);
  if (until > maybeFrom) {
    const why = span.by === undefined ? "no fixed TTL is declared to end it for certain" : `certainly by ${seconds(span.by)}`;
    bars.add(lane, maybeFrom, Math.min(until, certainBy), STYLE.beliefMaybeExpired, `${what}, its lease may have expired from ${seconds(maybeFrom)} (${why})`);
  }
  if (until > certainBy) bars.add(lane, certainBy, until, STYLE.beliefExpired, `${what}, it believed, after the lease had certainly expired at ${seconds(certainBy)}`);
}
