/**
 * The history's op pairs (invoke and completion) as columns, read once for
 * the whole report: the timelines, charts and counts each walk these
 * columns (past `shownUpTo` pairs, only process, f, times and type: a
 * long history's charts and counts need no more)
 * columns instead of making two op objects per pair per pass. Over a
 * history held as columns (`historyView`) no op is made at all: each field
 * is read from its column and each pair's value is parsed once, keeping
 * only what the report shows of it (resource, value, token, nodes).
 * Pair k's value fields are those of the completion's value, or of the
 * invoke's when the completion has none (`completion?.value ?? invoke.value`).
 */
import { opFields, pairPositions, type History, type ProcessId } from "../core/index.js";

/** Pairs as columns; entry k is the k-th pair in invoke order (as `pairs()`). */
export interface PairColumns {
  readonly n: number;
  /** The history's last op time (harness ns; 0 when empty). */
  readonly end: number;
  readonly process: readonly ProcessId[];
  readonly f: readonly string[];
  readonly node: readonly (string | undefined)[];
  /** Invoke time (harness ns). */
  readonly start: Float64Array;
  /** Completion time (harness ns); NaN when the op never completed. */
  readonly done: Float64Array;
  /** The completion's type; undefined when the op never completed. */
  readonly type: readonly ("ok" | "fail" | "info" | undefined)[];
  /** The completion's error code (fail and info). */
  readonly code: readonly (string | undefined)[];
  /** The value's `resource` when it is a string. */
  readonly resource: readonly (string | undefined)[];
  /** The value's `value` field, as recorded (any JSON). */
  readonly value: readonly unknown[];
  /** The value's `token` field, as recorded. */
  readonly token: readonly unknown[];
  /** The value's `nodes` field, for the pairs whose value has an array there. */
  readonly nodes: ReadonlyMap<number, readonly unknown[]>;
  /** Pairs whose completion has no value (null or absent): the op timeline shows no value for them. */
  readonly bareCompletion: ReadonlySet<number>;
}

interface ShownValue {
  readonly resource?: unknown;
  readonly value?: unknown;
  readonly token?: unknown;
  readonly nodes?: unknown;
}

/**
 * The pair columns of `history`, or of its first `limit` pairs (then `end`
 * is the last instant those reach: their timelines end there). Pure.
 */
export function pairColumns(history: History, limit = Infinity, shownUpTo = Infinity): PairColumns {
  const fields = opFields(history);
  const positions = pairPositions(history);
  const { invokeAt, completionAt } = positions;
  const n = Math.min(positions.n, limit);
  const proc: ProcessId[] = [], f: string[] = [], node: (string | undefined)[] = [], type: ("ok" | "fail" | "info" | undefined)[] = [];
  const code: (string | undefined)[] = [], resource: (string | undefined)[] = [], value: unknown[] = [], token: unknown[] = [];
  const start = new Float64Array(n), done = new Float64Array(n);
  const nodes = new Map<number, readonly unknown[]>(), bareCompletion = new Set<number>();
  let end = 0;
  for (let i = 0; i < fields.length; i++) end = Math.max(end, fields.time(i));
  for (let k = 0; k < n; k++) {
    const at = invokeAt[k] as number, c = completionAt[k] === -1 ? undefined : (completionAt[k] as number);
    proc.push(fields.process(at));
    f.push(fields.f(at));
    start[k] = fields.time(at);
    done[k] = c === undefined ? NaN : fields.time(c);
    const t = c === undefined ? undefined : fields.type(c);
    type.push(t === "invoke" ? undefined : t);
    // Past `shownUpTo` only what every pass reads is kept (the shown fields read as undefined there).
    if (k >= shownUpTo) continue;
    node.push(fields.node(at));
    code.push(t === "fail" || t === "info" ? fields.error(c!)?.code : undefined);
    let v = (c === undefined ? undefined : fields.value(c)) as ShownValue | null | undefined;
    if (v === undefined || v === null) {
      if (c !== undefined) bareCompletion.add(k);
      v = fields.value(at) as ShownValue | null | undefined;
    }
    resource.push(typeof v?.resource === "string" ? v.resource : undefined);
    value.push(v?.value);
    token.push(v?.token);
    const shownNodes = v?.nodes;
    if (Array.isArray(shownNodes)) nodes.set(k, shownNodes as unknown[]);
  }
  if (n < positions.n) end = done.reduce((t, d, k) => Math.max(t, Number.isNaN(d) ? (start[k] as number) : d), 0);
  return { n, end, process: proc, f, node, start, done, type, code, resource, value, token, nodes, bareCompletion };
}
