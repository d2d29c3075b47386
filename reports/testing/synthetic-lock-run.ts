/**
 * A synthetic lock-workload run of any size, for the report's browser test
 * and benchmark: workers acquire a resource, write under its token and
 * release; now and then the nemesis pauses a lease holder past its lease,
 * so that it wakes and writes with a stale token, which fenced storage
 * rejects and unfenced storage accepts. Deterministic for a seed. Pure.
 */
import { createRng, nodeId, type Op, type ProcessId, type RunConfig, type StorageKind, type StorageRecord } from "../../core/index.js";

/** Size and shape of the run. */
export interface SyntheticRunOptions {
  readonly ops: number;
  readonly storage: StorageKind;
  readonly seed?: number;
  readonly workers?: number;
  readonly resources?: number;
  readonly ttlMs?: number;
  /** Chance that a grant is followed by a pause of its holder (default 0.02). */
  readonly pauseChance?: number;
}

/** The recorded data of a synthetic run (the config is left to the caller). */
export interface SyntheticRun {
  readonly history: Op[];
  readonly storage: StorageRecord[];
  readonly config: Pick<RunConfig, "workload">["workload"];
}

interface Draft { readonly type: Op["type"]; readonly process: ProcessId; readonly f: string; readonly value: unknown; readonly time: number; readonly node?: string; readonly code?: string }
interface PendingWrite { readonly process: number; readonly node: string; readonly resource: string; readonly value: string; readonly token: string; readonly at: number }

const MS = 1e6;

/** Generates a run of about `options.ops` ops (invocations and completions). */
export function syntheticLockRun(options: SyntheticRunOptions): SyntheticRun {
  const rng = createRng(options.seed ?? 1);
  const workers = options.workers ?? 5, resources = options.resources ?? 2, ttl = (options.ttlMs ?? 2000) * MS;
  const drafts: Draft[] = [];
  const writes: PendingWrite[] = [];
  const busyUntil = new Array<number>(resources).fill(0);
  let token = 0, pausedUntil = 0;
  const clock = Array.from({ length: workers }, (_, w) => w * 3 * MS);
  const process = Array.from({ length: workers }, (_, w) => w);
  const emit = (d: Draft): void => void drafts.push(d);
  while (drafts.length + writes.length * 2 < options.ops) {
    const w = clock.indexOf(Math.min(...clock));
    const p = process[w]!, node = `c${w + 1}`, t = clock[w]!, r = rng.int(0, resources - 1), resource = `r${r + 1}`;
    emit({ type: "invoke", process: p, f: "acquire", value: { resource }, time: t, node });
    const grantAt = Math.max(t, busyUntil[r]!) + rng.int(1, 4) * MS;
    if (grantAt - t > 3000 * MS) {
      emit({ type: "fail", process: p, f: "acquire", value: { resource }, time: t + 3000 * MS, node, code: "lock-busy" });
      clock[w] = t + 3001 * MS;
      continue;
    }
    const tk = String(++token);
    emit({ type: "ok", process: p, f: "acquire", value: { resource, token: tk }, time: grantAt, node });
    let writeAt = grantAt + rng.int(20, 120) * MS;
    if (rng.next() < (options.pauseChance ?? 0.02) && pausedUntil < grantAt) {
      const pauseMs = Math.round(ttl / MS * 1.5);
      emit({ type: "invoke", process: "nemesis", f: "pause", value: { nodes: [node], process: p, resource, token: tk, durationMs: pauseMs, reason: "holder" }, time: grantAt + 1 * MS });
      emit({ type: "info", process: "nemesis", f: "pause", value: { nodes: [node] }, time: grantAt + 2 * MS });
      emit({ type: "invoke", process: "nemesis", f: "resume", value: { nodes: [node] }, time: grantAt + 1 * MS + pauseMs * MS });
      emit({ type: "info", process: "nemesis", f: "resume", value: { nodes: [node] }, time: grantAt + 2 * MS + pauseMs * MS });
      writeAt = grantAt + 10 * MS + pauseMs * MS;
      pausedUntil = writeAt;
    }
    const value = `v${p}-${token}`;
    writes.push({ process: p, node, resource, value, token: tk, at: writeAt });
    const releaseAt = writeAt + 5 * MS;
    const lost = releaseAt > grantAt + ttl;
    emit({ type: "invoke", process: p, f: "release", value: { resource }, time: releaseAt, node });
    emit(lost ? { type: "fail", process: p, f: "release", value: { resource, token: tk }, time: releaseAt + 1 * MS, node, code: "lease-lost" }
      : { type: "ok", process: p, f: "release", value: { resource, token: tk }, time: releaseAt + 1 * MS, node });
    busyUntil[r] = lost ? grantAt + ttl : releaseAt + 1 * MS;
    clock[w] = releaseAt + rng.int(5, 40) * MS;
    if (rng.next() < 0.005) process[w] = p + workers;
  }
  const storage = decideWrites(writes, options.storage, emit);
  finalReads(storage, drafts, workers, emit);
  const history = drafts.map((d, i) => ({ d, i })).sort((a, b) => a.d.time - b.d.time || a.i - b.i).map(({ d }, index) => toOp(d, index));
  return { history, storage, config: { name: "lock-write", clients: workers, resources, ttlMs: ttl / MS, holdMs: 100, acquireTimeoutMs: 3000 } };
}

function decideWrites(writes: readonly PendingWrite[], mode: StorageKind, emit: (d: Draft) => void): StorageRecord[] {
  const highest = new Map<string, bigint>();
  const out: StorageRecord[] = [];
  for (const w of [...writes].sort((a, b) => a.at - b.at)) {
    const top = highest.get(w.resource);
    const stale = top !== undefined && BigInt(w.token) < top;
    const accepted = mode === "unfenced" || !stale;
    if (accepted && !stale) highest.set(w.resource, BigInt(w.token));
    out.push({ time: w.at + 1 * MS, node: "s1", key: w.resource, value: w.value, token: w.token, client: String(w.process), accepted, highest: top === undefined ? null : String(top), mode, ...(accepted ? {} : { reason: "stale-token" }) });
    emit({ type: "invoke", process: w.process, f: "write", value: { resource: w.resource, value: w.value }, time: w.at, node: w.node });
    const value = { resource: w.resource, value: w.value, token: w.token };
    emit(accepted ? { type: "ok", process: w.process, f: "write", value, time: w.at + 2 * MS, node: w.node }
      : { type: "fail", process: w.process, f: "write", value, time: w.at + 2 * MS, node: w.node, code: "stale-token" });
  }
  return out;
}

function finalReads(storage: readonly StorageRecord[], drafts: readonly Draft[], workers: number, emit: (d: Draft) => void): void {
  const last = new Map<string, StorageRecord>();
  for (const r of storage) if (r.accepted) last.set(r.key, r);
  let t = drafts.reduce((m, d) => Math.max(m, d.time), 0) + 10 * MS;
  for (const [resource, r] of [...last].sort((a, b) => a[0].localeCompare(b[0]))) {
    emit({ type: "invoke", process: workers * 1000, f: "read", value: { resource }, time: t, node: "c1" });
    emit({ type: "ok", process: workers * 1000, f: "read", value: { resource, value: r.value, token: r.token }, time: t + 1 * MS, node: "c1" });
    t += 2 * MS;
  }
}

function toOp(d: Draft, index: number): Op {
  const base = { index, time: d.time, process: d.process, f: d.f, value: d.value, ...(d.node ? { node: nodeId(d.node) } : {}) };
  if (d.type === "fail") return { ...base, type: "fail", error: { code: d.code ?? "fail", message: d.code ?? "fail", definite: true } };
  return d.type === "info" ? { ...base, type: "info" } : { ...base, type: d.type };
}
