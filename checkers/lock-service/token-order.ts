/**
 * The lock service's token promise, read from the history alone: per
 * resource, acquire tokens are unique, and an acquire that completed before
 * another was invoked got the lower token. Grant windows are the raw
 * [invoke, ok] of each acquire: the token order cannot narrow them here,
 * since it is what is being checked.
 */
import { compareTokens, pairs, toToken, type History } from "../../core/index.js";

/** One grant: an acquire that completed `ok` with a token. */
export interface Grant {
  readonly process: number;
  readonly resource: string;
  readonly token: string;
  /** Harness nanoseconds of the acquire's invoke and ok. */
  readonly invokedAt: number;
  readonly grantedAt: number;
}

/** A broken promise: two grants share a token, or a later grant got a lower or equal token. */
export interface LockServiceViolation {
  readonly kind: "duplicate-token" | "token-order";
  readonly resource: string;
  readonly first: Grant;
  readonly second: Grant;
  readonly message: string;
}

/** Every acquire `ok` with a readable token, in history order. */
export function grants(history: History): Grant[] {
  const t = grantTable(history);
  return Array.from({ length: t.length }, (_, i) => grantAt(t, i));
}

/** The grants of a history as columns (an hour's million grants as objects took a hundred megabytes). */
interface GrantTable {
  readonly length: number;
  readonly holder: number[];
  readonly resource: string[];
  readonly token: string[];
  /** The token as a number when it is a safe integer, else NaN. */
  readonly tokenNumber: number[];
  readonly invokedAt: number[];
  readonly grantedAt: number[];
}

function grantTable(history: History): GrantTable {
  const t = { length: 0, holder: [] as number[], resource: [] as string[], token: [] as string[], tokenNumber: [] as number[], invokedAt: [] as number[], grantedAt: [] as number[] };
  for (const { invoke, completion } of pairs(history)) {
    if (invoke.f !== "acquire" || completion?.type !== "ok" || typeof invoke.process !== "number") continue;
    const v = completion.value as { resource?: unknown; token?: unknown } | null;
    const token = toToken(v?.token);
    if (typeof v?.resource !== "string" || token === undefined) continue;
    t.holder.push(invoke.process);
    t.resource.push(v.resource);
    t.token.push(token);
    const n = Number(token);
    t.tokenNumber.push(Number.isSafeInteger(n) && String(n) === token ? n : Number.NaN);
    t.invokedAt.push(invoke.time);
    t.grantedAt.push(completion.time);
    t.length++;
  }
  return t;
}

function grantAt(t: GrantTable, i: number): Grant {
  return {
    process: t.holder[i] as number, resource: t.resource[i] as string, token: t.token[i] as string,
    invokedAt: t.invokedAt[i] as number, grantedAt: t.grantedAt[i] as number,
  };
}

/** Negative, zero or positive as grant `i`'s token is below, equal to or above grant `j`'s. */
function compareAt(t: GrantTable, i: number, j: number): number {
  const x = t.tokenNumber[i] as number;
  const y = t.tokenNumber[j] as number;
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x < y ? -1 : x > y ? 1 : 0;
  return compareTokens(t.token[i] as string, t.token[j] as string);
}

/** All violations of the lock service's promise; pure, O(n log n) per resource. Only the grants of a violation are made objects. */
export function lockServiceViolations(history: History): LockServiceViolation[] {
  const t = grantTable(history);
  const byResource = new Map<string, number[]>();
  for (let i = 0; i < t.length; i++) {
    const list = byResource.get(t.resource[i] as string);
    if (list === undefined) byResource.set(t.resource[i] as string, [i]);
    else list.push(i);
  }
  const out: LockServiceViolation[] = [];
  for (const [resource, gs] of byResource) out.push(...duplicates(t, resource, gs), ...misordered(t, resource, gs));
  return out;
}

function duplicates(t: GrantTable, resource: string, gs: readonly number[]): LockServiceViolation[] {
  const seen = new Map<string | number, number>();
  const out: LockServiceViolation[] = [];
  for (const i of gs) {
    const n = t.tokenNumber[i] as number;
    const key = Number.isNaN(n) ? (t.token[i] as string) : n;
    const first = seen.get(key);
    if (first === undefined) { seen.set(key, i); continue; }
    const [a, g] = [grantAt(t, first), grantAt(t, i)];
    out.push({
      kind: "duplicate-token", resource, first: a, second: g,
      message: `Token "${g.token}" for "${resource}" was granted twice: to client ${a.process} and to client ${g.process}`,
    });
  }
  return out;
}

function misordered(t: GrantTable, resource: string, gs: readonly number[]): LockServiceViolation[] {
  const byGrant = [...gs].sort((a, b) => (t.grantedAt[a] as number) - (t.grantedAt[b] as number));
  const byInvoke = [...gs].sort((a, b) => (t.invokedAt[a] as number) - (t.invokedAt[b] as number));
  const out: LockServiceViolation[] = [];
  let max: number | undefined;
  let k = 0;
  for (const i of byInvoke) {
    for (; k < byGrant.length && (t.grantedAt[byGrant[k] as number] as number) < (t.invokedAt[i] as number); k++) {
      const done = byGrant[k] as number;
      if (max === undefined || compareAt(t, done, max) > 0) max = done;
    }
    // Equal tokens are reported as duplicates already.
    if (max !== undefined && compareAt(t, max, i) > 0) {
      const [m, g] = [grantAt(t, max), grantAt(t, i)];
      out.push({
        kind: "token-order", resource, first: m, second: g,
        message: `Client ${g.process} was granted "${resource}" with token "${g.token}" after client ${m.process} had been granted token "${m.token}"`,
      });
    }
  }
  return out;
}
