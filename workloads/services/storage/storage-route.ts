/**
 * The storage service's HTTP routes: POST /write, GET /read, GET /health.
 * Every write decision is journaled (when accepted) and recorded (always)
 * before it is answered; an accepted write is answered once its journal
 * line is durable, and a read once every accepted write it may see is.
 */
import type { StorageRecord } from "../../../core/index.js";
import type { JsonResponse, JsonRoute } from "../serve-json.js";
import { field, stringField } from "../serve-json.js";
import { storageRecord, type AcceptedWrite, type StorageMode, type StorageState } from "./storage-state.js";

/** What the routes need besides the state. */
export interface StorageRouteDeps {
  readonly state: StorageState;
  readonly node: string;
  readonly mode: StorageMode;
  /** Harness-monotonic nanoseconds. */
  readonly harnessNowNs: () => number;
  /** Journals an accepted write at once; resolves once it is durable. */
  readonly journal: (write: AcceptedWrite) => Promise<void> | void;
  /** Resolves once every write journaled so far is durable (absent: at once). */
  readonly settled?: () => Promise<void>;
  /** `file` mode: writes the key's value as a plain file. */
  readonly keepFile?: (key: string, value: string) => void;
  /** Appends one storage.jsonl line. */
  readonly record: (record: StorageRecord) => void;
}

/** Builds the route. */
export function storageRoute(deps: StorageRouteDeps): JsonRoute {
  return async (request) => {
    if (request.method === "GET" && request.path === "/health") return { status: 200, body: { ok: true } };
    if (request.method === "POST" && request.path === "/write") return write(deps, request.body);
    if (request.method === "GET" && request.path === "/read") {
      const key = request.query.get("key");
      if (!key) return { status: 400, body: { error: "bad-request" } };
      const read = deps.state.read(key);
      const body = deps.mode === "cas" ? { ...read, version: deps.state.version(key) } : read;
      await deps.settled?.();
      return { status: 200, body };
    }
    return { status: 404, body: { error: "not-found" } };
  };
}

async function write(deps: StorageRouteDeps, body: unknown): Promise<JsonResponse> {
  const key = stringField(body, "key");
  const value = field(body, "value");
  const rawToken = field(body, "token");
  const client = stringField(body, "client") ?? "";
  const tokenOk = rawToken === undefined || rawToken === null || (typeof rawToken === "string" && /^\d+$/.test(rawToken));
  if (!key || typeof value !== "string" || !tokenOk) return { status: 400, body: { error: "bad-request" } };
  const token = typeof rawToken === "string" ? BigInt(rawToken).toString() : null;
  const rawVersion = field(body, "version");
  const version = typeof rawVersion === "string" ? rawVersion : null;
  const request = { key, value, token, client, version };
  const decision = deps.state.write(request);
  const durable = decision.accepted ? deps.journal({ key, value, token }) : undefined;
  if (decision.accepted) deps.keepFile?.(key, value);
  deps.record(storageRecord(request, decision, { node: deps.node, mode: deps.mode, time: deps.harnessNowNs() }));
  await durable;
  const note = `${key} ${client} token=${token ?? "none"}`;
  if (decision.accepted) return { status: 200, body: { accepted: true, highest: decision.highest }, log: note };
  return { status: 409, body: { accepted: false, reason: decision.reason, highest: decision.highest }, log: `${note} ${decision.reason}` };
}
