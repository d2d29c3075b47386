/**
 * The lease timeline of each resource: per client, when it was acquiring,
 * when it believed it held the lease (split at the moment the lease had
 * certainly expired: grant + TTL), and each write as a mark coloured by
 * what storage answered, with its token. A belief lasts from the grant to
 * the release's invoke; a process that never released believes until the
 * end, or, once retired (an info or unanswered op), until its last op, as
 * in the lease-overlap checker.
 */
import { LOCK_ERRORS, pairs, type History, type OpPair, type StorageRecord } from "../core/index.js";
import { columnsBuilder, STYLE, type CanvasTrack, type ColumnsBuilder } from "./canvas-track.js";
import { seconds } from "./format.js";

/** What the lease timelines are built from. */
export interface LeaseTimelineInput {
  readonly history: History;
  /** The history's pairs, when the caller has them (or the ones to draw, with `end`). */
  readonly pairs?: readonly OpPair[];
  /** The instant the drawn pairs reach (harness ns), when not the history's last. */
  readonly end?: number;
  readonly storage: readonly StorageRecord[];
  readonly ttlMs: number;
  /** The run's client count: lanes merge per worker when a resource has more than `maxLanes` processes. */
  readonly workers: number;
  readonly maxLanes?: number;
}

interface Held {
  readonly process: number;
  readonly token: string;
  readonly invokedAt: number;
  readonly grantedAt: number;
}

interface ResourceTrack {
  readonly lanes: Map<string, number>;
  readonly bars: ColumnsBuilder;
  readonly marks: ColumnsBuilder;
}

function valueOf(pair: OpPair): { resource?: unknown; token?: unknown; value?: unknown } {
  return ((pair.completion?.value ?? pair.invoke.value) ?? {}) as { resource?: unknown; token?: unknown; value?: unknown };
}

function storageAnswer(pair: OpPair, storage: StorageIndex): { style: number; text: string } {
  const v = valueOf(pair);
  const at = storage.at.get(`${String(v.resource)}\u0000${pair.invoke.process}\u0000${String(v.value)}`);
  const record = at === undefined ? undefined : storage.records[at];
  if (record) {
    const stale = record.highest !== null && record.token !== null && BigInt(record.token) < BigInt(record.highest);
    if (!record.accepted) return { style: STYLE.writeRejected, text: `rejected (${record.reason ?? "refused"}, highest token ${record.highest ?? "none"})` };
    return stale ? { style: STYLE.staleAccepted, text: `storage accepted it after token ${record.highest}` } : { style: STYLE.writeAccepted, text: "accepted" };
  }
  const type = pair.completion?.type;
  if (type === "ok") return { style: STYLE.writeAccepted, text: "acknowledged" };
  if (pair.completion?.type === "fail") {
    const code = pair.completion.error.code;
    return { style: code === LOCK_ERRORS.staleToken ? STYLE.writeRejected : STYLE.fail, text: `failed (${code})` };
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

function acquireStyle(pair: OpPair): number {
  const type = pair.completion?.type;
  return type === "ok" ? STYLE.acquiring : type === "fail" ? STYLE.fail : type === "info" ? STYLE.info : STYLE.open;
}

const LEGEND = [STYLE.acquiring, STYLE.fail, STYLE.info, STYLE.belief, STYLE.beliefExpired, STYLE.writeAccepted, STYLE.writeRejected, STYLE.staleAccepted, STYLE.writeUnknown];

/** The pairs of client ops on a resource, each time it is iterated. */
function clientPairs(all: readonly OpPair[]): Iterable<OpPair> {
  return {
    *[Symbol.iterator]() {
      for (const p of all) if (typeof p.invoke.process === "number" && typeof valueOf(p).resource === "string") yield p;
    },
  };
}

/** A lane per process, or per worker (its node) when some resource has too many processes. */
function laneNamer(all: Iterable<OpPair>, input: LeaseTimelineInput): (p: OpPair) => string {
  const byWorker = laneMode(all, input.maxLanes ?? 40);
  return (p) => {
    const process = p.invoke.process as number;
    if (byWorker) return p.invoke.node ?? `w${process % Math.max(input.workers, 1)}`;
    return `process ${process}${p.invoke.node ? ` (${p.invoke.node})` : ""}`;
  };
}

/** One canvas track per resource, in resource order. Pure. */
export function buildLeaseTimelines(input: LeaseTimelineInput): CanvasTrack[] {
  const end = input.end ?? input.history.reduce((t, op) => Math.max(t, op.time), 0);
  // Walked twice rather than filtered into an array: a million-op history's pairs are made when read (core compact-view).
  const all = clientPairs(input.pairs ?? pairs(input.history));
  const laneName = laneNamer(all, input);
  const storage = storageIndex(input.storage);
  const tracks = new Map<string, ResourceTrack>();
  const held = new Map<string, Held & { readonly pair: OpPair }>();
  const lastAt = new Map<number, number>();
  const retired = new Set<number>();
  const place = (resource: string, p: OpPair): [ResourceTrack, number] => {
    const t = tracks.get(resource) ?? { lanes: new Map<string, number>(), bars: columnsBuilder(true), marks: columnsBuilder(false) };
    tracks.set(resource, t);
    const key = laneName(p);
    if (!t.lanes.has(key)) t.lanes.set(key, t.lanes.size);
    return [t, t.lanes.get(key) ?? 0];
  };
  // A process keeps its node, so its lane on a resource is found once, not named again for each op.
  const placed = new Map<string, [ResourceTrack, number]>();
  const placeOnce = (key: string, resource: string, p: OpPair): [ResourceTrack, number] => {
    const at = placed.get(key) ?? place(resource, p);
    placed.set(key, at);
    return at;
  };
  const closeBelief = (key: string, until: number): void => {
    const h = held.get(key);
    if (h === undefined) return;
    held.delete(key);
    const resource = valueOf(h.pair).resource as string;
    const [t, lane] = placeOnce(key, resource, h.pair);
    drawBelief(t.bars, lane, h, until, input.ttlMs * 1e6, resource);
  };
  for (const p of all) {
    const v = valueOf(p);
    const process = p.invoke.process as number;
    const key = `${process}\u0000${String(v.resource)}`;
    lastAt.set(process, p.completion?.time ?? p.invoke.time);
    if (p.completion === undefined || p.completion.type === "info") retired.add(process);
    const [t, lane] = placeOnce(key, v.resource as string, p);
    if (p.invoke.f === "acquire" || p.invoke.f === "release") closeBelief(key, p.invoke.time);
    if (p.invoke.f === "acquire") {
      // A grant without a token (Redlock) is a grant all the same; a failed acquire is not drawn in the red of fencing.
      const granted = p.completion?.type === "ok";
      const token = v.token === undefined || v.token === null ? "none" : String(v.token);
      t.bars.add(lane, p.invoke.time, p.completion?.time ?? end, acquireStyle(p), `p${process} acquiring ${String(v.resource)}: ${granted ? `token ${token}` : (p.completion?.type ?? "no answer")}`);
      if (granted) held.set(key, { process, token, invokedAt: p.invoke.time, grantedAt: p.completion!.time, pair: p });
    } else if (p.invoke.f === "write") {
      const answer = storageAnswer(p, storage);
      t.marks.add(lane, p.invoke.time, undefined, answer.style, `p${process} wrote ${String(v.value)} with token ${String(v.token ?? "?")}: ${answer.text}`);
    }
  }
  for (const [key, h] of [...held]) closeBelief(key, retired.has(h.process) ? (lastAt.get(h.process) ?? end) : end);
  return [...tracks].sort((a, b) => a[0].localeCompare(b[0])).map(([resource, t]) => ({
    id: `lease-${resource}`, title: `Resource ${resource}`, lanes: [...t.lanes.keys()], bars: t.bars.build(), marks: t.marks.build(), legend: LEGEND,
  }));
}

function laneMode(all: Iterable<OpPair>, maxLanes: number): boolean {
  const perResource = new Map<string, Set<number>>();
  for (const p of all) {
    const r = valueOf(p).resource as string;
    const set = perResource.get(r) ?? new Set<number>();
    set.add(p.invoke.process as number);
    perResource.set(r, set);
  }
  return [...perResource.values()].some((s) => s.size > maxLanes);
}

function drawBelief(bars: ColumnsBuilder, lane: number, h: Held, until: number, ttlNs: number, resource: string): void {
  const expiry = h.grantedAt + ttlNs;
  const what = `p${h.process} held ${resource} with token ${h.token}`;
  bars.add(lane, h.grantedAt, Math.min(until, expiry), STYLE.belief, `${what}, lease valid`);
  if (until > expiry) bars.add(lane, expiry, until, STYLE.beliefExpired, `${what}, it believed, after the lease expired at ${seconds(expiry)}`);
}
