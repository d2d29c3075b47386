/**
 * When each client believed it held each resource: from its acquire `ok`
 * until it invoked release, or (for a retired process) until its last op,
 * or until the end of the history.
 */
import { pairs, toToken, type History, type OpPair } from "../../core/index.js";

/** One client's belief that it held a resource. Times are harness nanoseconds. */
export interface Belief {
  readonly process: number;
  readonly node: string | undefined;
  readonly resource: string;
  readonly token: string;
  readonly acquireInvokedAt: number;
  readonly grantedAt: number;
  /** When the belief ended (release invoke, last op of a retired process, or end of history). */
  readonly until: number;
  /** When the release completed `ok`, if it did. */
  readonly releasedAt: number | undefined;
}

interface Open {
  readonly pair: OpPair;
  readonly token: string;
  readonly resource: string;
}

/** All beliefs of a history, in acquire order. Pure. */
export function beliefIntervals(history: History): Belief[] {
  const end = history.reduce((t, op) => Math.max(t, op.time), 0);
  const open = new Map<string, Open>();
  const lastTime = new Map<number, number>();
  const retired = new Set<number>();
  const out: Belief[] = [];
  const close = (key: string, until: number, releasedAt: number | undefined): void => {
    const o = open.get(key);
    if (o === undefined) return;
    open.delete(key);
    const p = o.pair.invoke.process as number;
    out.push({
      process: p, node: o.pair.invoke.node, resource: o.resource, token: o.token,
      acquireInvokedAt: o.pair.invoke.time, grantedAt: o.pair.completion?.time ?? until, until, releasedAt,
    });
  };
  for (const pair of pairs(history)) {
    const { invoke, completion } = pair;
    if (typeof invoke.process !== "number") continue;
    const p = invoke.process;
    lastTime.set(p, Math.max(lastTime.get(p) ?? 0, completion?.time ?? invoke.time));
    if (completion?.type === "info") retired.add(p);
    const v = (completion?.value ?? invoke.value) as { resource?: unknown; token?: unknown } | null;
    if (typeof v?.resource !== "string") continue;
    const key = `${p}\u0000${v.resource}`;
    if (invoke.f === "release") close(key, invoke.time, completion?.type === "ok" ? completion.time : undefined);
    const token = toToken(v.token);
    if (invoke.f === "acquire" && completion?.type === "ok" && token !== undefined) {
      close(key, invoke.time, undefined);
      open.set(key, { pair, token, resource: v.resource });
    }
  }
  for (const [key, o] of [...open]) {
    const p = o.pair.invoke.process as number;
    close(key, retired.has(p) ? (lastTime.get(p) ?? end) : end, undefined);
  }
  return out.sort((a, b) => a.grantedAt - b.grantedAt);
}
