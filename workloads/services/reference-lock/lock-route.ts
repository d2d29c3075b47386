/**
 * The reference lock service's HTTP routes over a lease table. The state is
 * persisted (through the injected `persist`) before a grant or a release is
 * answered, so a token is never handed out twice, even across a restart. An
 * acquire with `waitMs` waits up to that long on the server for a busy lock
 * (see acquire-waiters.ts); a release wakes the resource's waiters.
 */
import type { JsonResponse, JsonRoute } from "../serve-json.js";
import { field, stringField } from "../serve-json.js";
import type { AcquireWaiters } from "./acquire-waiters.js";
import type { LeaseTable } from "./lease-table.js";
import type { GrantRecord } from "./lock-state-file.js";

/** What the routes need besides the table. */
export interface LockRouteDeps {
  readonly table: LeaseTable;
  /** Saves `resource`'s state in the table so that it survives a kill; a grant or release is answered once it has returned (or resolved). */
  readonly persist: (resource: string) => void | Promise<void>;
  /** Records one grant (grants.jsonl). */
  readonly recordGrant: (grant: GrantRecord) => void;
  /** Harness-monotonic ns for grant records, when the server knows the origin. */
  readonly harnessNowNs?: () => number;
  /** Parks acquires that ask to wait; without it `waitMs` is refused at once, as busy. */
  readonly waiters?: AcquireWaiters;
}

const MAX_TTL_MS = 3_600_000;
/** The longest an acquire may ask to wait on the server. */
export const MAX_WAIT_MS = 10_000;

/** Builds the route: POST /acquire, POST /release, GET /health. */
export function lockRoute(deps: LockRouteDeps): JsonRoute {
  return (request) => {
    if (request.method === "GET" && request.path === "/health") return { status: 200, body: { ok: true } };
    if (request.method === "POST" && request.path === "/acquire") return acquire(deps, request.body);
    if (request.method === "POST" && request.path === "/release") return release(deps, request.body);
    return { status: 404, body: { error: "not-found" } };
  };
}

async function acquire(deps: LockRouteDeps, body: unknown): Promise<JsonResponse> {
  const resource = stringField(body, "resource");
  const client = stringField(body, "client");
  const ttlMs = field(body, "ttlMs");
  const waitMs = field(body, "waitMs") ?? 0;
  if (!resource || !client || !isIntegerIn(ttlMs, 1, MAX_TTL_MS) || !isIntegerIn(waitMs, 0, MAX_WAIT_MS)) {
    return { status: 400, body: { error: "bad-request" } };
  }
  const attempt = () => deps.table.acquire(resource, client, ttlMs);
  const waited = deps.waiters !== undefined && waitMs > 0;
  const result = waited ? await deps.waiters.acquire(resource, waitMs, attempt) : attempt();
  if (result.kind === "busy") {
    // `waitedMs` tells the client it need not back off before asking again.
    const answer = { error: "busy", holder: result.holder, token: result.token.toString(), remainingMs: result.remainingMs, ...(waited ? { waitedMs: waitMs } : {}) };
    return { status: 409, body: answer, log: `${resource} ${client} busy holder=${result.holder}` };
  }
  await deps.persist(resource);
  const token = result.token.toString();
  const time = deps.harnessNowNs?.();
  deps.recordGrant({ resource, client, token, grantedAtMs: result.grantedAtMs, ttlMs, ...(time === undefined ? {} : { time }) });
  return { status: 200, body: { token, ttlMs }, log: `${resource} ${client} token=${token}` };
}

async function release(deps: LockRouteDeps, body: unknown): Promise<JsonResponse> {
  const resource = stringField(body, "resource");
  const client = stringField(body, "client");
  const token = stringField(body, "token");
  if (!resource || !client || !token || !/^\d+$/.test(token)) return { status: 400, body: { error: "bad-request" } };
  const result = deps.table.release(resource, client, BigInt(token));
  if (result.kind === "not-holder") {
    const answer = {
      error: "not-holder",
      ...(result.holder === undefined ? {} : { holder: result.holder }),
      ...(result.token === undefined ? {} : { token: result.token.toString() }),
    };
    return { status: 409, body: answer, log: `${resource} ${client} not-holder` };
  }
  deps.waiters?.wake(resource);
  await deps.persist(resource);
  return { status: 200, body: { released: true }, log: `${resource} ${client} token=${token}` };
}

function isIntegerIn(x: unknown, min: number, max: number): x is number {
  return typeof x === "number" && Number.isInteger(x) && x >= min && x <= max;
}
