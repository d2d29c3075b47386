/**
 * The storage service's HTTP routes: POST /write, GET /read, GET /health.
 * Every write decision is journaled (when accepted) and recorded (always)
 * before it is answered.
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
  /** Makes an accepted write durable (the journal). */
  readonly journal: (write: AcceptedWrite) => void;
  /** `file` mode: writes the key's value as a plain file. */
  readonly keepFile?: (key: string, value: string) => void;
  /** Appends one storage.jsonl line. */
  readonly record: (record: StorageRecord) => void;
}

/** Builds the route. */
export function storageRoute(deps: StorageRouteDeps): JsonRoute {
  return (request) => {
    if (request.method === "GET" && request.path === "/health") return { status: 200, body: { ok: true } };
    if (request.method === "POST" && request.path === "/write") return write(deps, request.body);
    if (request.method === "GET" && request.path === "/read") {
      const key = request.query.get("key");
      if (!key) return { status: 400, body: { error: "bad-request" } };
      const read = deps.state.read(key);
      return { status: 200, body: deps.mode === "cas" ? { ...read, version: deps.state.version(key) } : read };
    }
    return { status: 404, body: { error: "not-found" } };
  };
}

function write(deps: StorageRouteDeps, body: unknown): JsonResponse {
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
  if (decision.accepted) deps.journal({ key, value, token });
  if (decision.accepted) deps.keepFile?.(key, value);
  deps.record(storageRecord(request, decision, { node: deps.node, mode: deps.mode, time: deps.harnessNowNs() }));
  const note = `${key} ${client} token=${token ?? "none"}`;
  if (decision.accepted) return { status: 200, body: { accepted: true, highest: decision.highest }, log: note };
  return { status: 409, body: { accepted: false, reason: decision.reason, highest: decision.highest }, log: `${note} ${decision.reason}` };
}
