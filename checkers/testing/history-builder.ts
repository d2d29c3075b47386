/**
 * Small builders for hand-written lock histories, used by the checker and
 * report tests. Times are given in milliseconds and stored as nanoseconds.
 */
import { nodeId, type Op, type ProcessId, type StorageRecord } from "../../core/index.js";

/** A [start, end] pair of milliseconds: an op's invoke and completion times. */
export type Span = readonly [number, number];

/** How a builder's write completes: acknowledged, rejected as stale, or indeterminate. */
export type WriteOutcome = "ok" | "stale" | "info";

/** Appends ops; `build()` orders them by time (stable) and numbers them. */
export interface HistoryBuilder {
  op(type: Op["type"], process: ProcessId, f: string, value: unknown, atMs: number, errorCode?: string): HistoryBuilder;
  acquire(process: number, resource: string, token: string, span: Span): HistoryBuilder;
  read(process: number, resource: string, value: string | null, token: string | null, span: Span): HistoryBuilder;
  write(process: number, resource: string, value: string, token: string, span: Span, outcome?: WriteOutcome): HistoryBuilder;
  release(process: number, resource: string, token: string, span: Span, lost?: boolean): HistoryBuilder;
  /** A nemesis pause (invoke + info) of `nodes`, with extra value fields such as process/token. */
  pause(nodes: readonly string[], extra: Readonly<Record<string, unknown>>, span: Span): HistoryBuilder;
  resume(nodes: readonly string[], span: Span): HistoryBuilder;
  build(): Op[];
}

/** Options: the node of each client process (default `c<process>`). */
export interface HistoryBuilderOptions {
  readonly nodes?: Readonly<Record<number, string>>;
}

/** A fresh, empty builder. */
export function historyBuilder(options: HistoryBuilderOptions = {}): HistoryBuilder {
  const ops: Op[] = [];
  const nodeOf = (p: ProcessId): string | undefined =>
    p === "nemesis" ? undefined : (options.nodes?.[p] ?? `c${p}`);
  const b: HistoryBuilder = {
    op(type, process, f, value, atMs, errorCode) {
      const node = nodeOf(process);
      const base = { index: 0, time: Math.round(atMs * 1e6), process, f, value, ...(node ? { node: nodeId(node) } : {}) };
      const error = errorCode ? { code: errorCode, message: errorCode, definite: type === "fail" } : undefined;
      ops.push(type === "fail" ? { ...base, type, error: error ?? { code: "fail", message: "fail", definite: true } }
        : type === "info" && error ? { ...base, type, error } : { ...base, type });
      return b;
    },
    acquire(p, resource, token, [t0, t1]) {
      return b.op("invoke", p, "acquire", { resource }, t0).op("ok", p, "acquire", { resource, token }, t1);
    },
    read(p, resource, value, token, [t0, t1]) {
      return b.op("invoke", p, "read", { resource }, t0).op("ok", p, "read", { resource, value, token }, t1);
    },
    write(p, resource, value, token, [t0, t1], outcome = "ok") {
      b.op("invoke", p, "write", { resource, value }, t0);
      if (outcome === "ok") return b.op("ok", p, "write", { resource, value, token }, t1);
      if (outcome === "stale") return b.op("fail", p, "write", { resource, value, token }, t1, "stale-token");
      return b.op("info", p, "write", { resource, value, token }, t1, "timeout");
    },
    release(p, resource, token, [t0, t1], lost = false) {
      b.op("invoke", p, "release", { resource }, t0);
      return lost ? b.op("fail", p, "release", { resource, token }, t1, "lease-lost")
        : b.op("ok", p, "release", { resource, token }, t1);
    },
    pause(nodes, extra, [t0, t1]) {
      const value = { nodes, ...extra };
      return b.op("invoke", "nemesis", "pause", value, t0).op("info", "nemesis", "pause", value, t1);
    },
    resume(nodes, [t0, t1]) {
      return b.op("invoke", "nemesis", "resume", { nodes }, t0).op("info", "nemesis", "resume", { nodes }, t1);
    },
    build() {
      const sorted = ops.map((op, i) => ({ op, i })).sort((x, y) => x.op.time - y.op.time || x.i - y.i);
      return sorted.map(({ op }, index) => ({ ...op, index }));
    },
  };
  return b;
}

/** A storage record with defaults (accepted, fenced mode, node "s1"); time in milliseconds. */
export function storageRecord(
  fields: Pick<StorageRecord, "key" | "value" | "token" | "client"> & Partial<StorageRecord> & { readonly atMs?: number },
): StorageRecord {
  const { atMs, ...rest } = fields;
  return { time: Math.round((atMs ?? 0) * 1e6), node: "s1", accepted: true, highest: null, mode: "fenced", ...rest };
}
