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
  const out: Grant[] = [];
  for (const { invoke, completion } of pairs(history)) {
    if (invoke.f !== "acquire" || completion?.type !== "ok" || typeof invoke.process !== "number") continue;
    const v = completion.value as { resource?: unknown; token?: unknown } | null;
    const token = toToken(v?.token);
    if (typeof v?.resource !== "string" || token === undefined) continue;
    out.push({ process: invoke.process, resource: v.resource, token, invokedAt: invoke.time, grantedAt: completion.time });
  }
  return out;
}

/** All violations of the lock service's promise; pure, O(n log n) per resource. */
export function lockServiceViolations(history: History): LockServiceViolation[] {
  const byResource = new Map<string, Grant[]>();
  for (const g of grants(history)) {
    const list = byResource.get(g.resource) ?? [];
    list.push(g);
    byResource.set(g.resource, list);
  }
  const out: LockServiceViolation[] = [];
  for (const [resource, gs] of byResource) out.push(...duplicates(resource, gs), ...misordered(resource, gs));
  return out;
}

function duplicates(resource: string, gs: readonly Grant[]): LockServiceViolation[] {
  const seen = new Map<string, Grant>();
  const out: LockServiceViolation[] = [];
  for (const g of gs) {
    const first = seen.get(g.token);
    if (first === undefined) { seen.set(g.token, g); continue; }
    out.push({
      kind: "duplicate-token", resource, first, second: g,
      message: `Token "${g.token}" for "${resource}" was granted twice: to client ${first.process} and to client ${g.process}`,
    });
  }
  return out;
}

function misordered(resource: string, gs: readonly Grant[]): LockServiceViolation[] {
  const byGrant = [...gs].sort((a, b) => a.grantedAt - b.grantedAt);
  const byInvoke = [...gs].sort((a, b) => a.invokedAt - b.invokedAt);
  const out: LockServiceViolation[] = [];
  let max: Grant | undefined;
  let i = 0;
  for (const g of byInvoke) {
    for (; i < byGrant.length && (byGrant[i] as Grant).grantedAt < g.invokedAt; i++) {
      const done = byGrant[i] as Grant;
      if (max === undefined || compareTokens(done.token, max.token) > 0) max = done;
    }
    // Equal tokens are reported as duplicates already.
    if (max !== undefined && compareTokens(max.token, g.token) > 0) {
      out.push({
        kind: "token-order", resource, first: max, second: g,
        message: `Client ${g.process} was granted "${resource}" with token "${g.token}" after client ${max.process} had been granted token "${max.token}"`,
      });
    }
  }
  return out;
}
