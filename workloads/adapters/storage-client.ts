/**
 * A client of the storage service (workloads/services/storage). With several
 * storage endpoints, a key always goes to the same one (a stable hash of the
 * key). Results are data: a definite rejection is told apart from a request
 * that got no answer, which may or may not have been applied.
 */
import { HarnessError, type Token } from "../../core/index.js";
import { endpointUrl } from "./endpoint-url.js";
import { createJsonHttp, HttpUnanswered } from "./http-json.js";
import { stableHash } from "./stable-hash.js";

/** How the client is built. */
export interface StorageClientOptions {
  readonly endpoints: readonly string[];
  /** Per-request timeout (default 2000 ms). */
  readonly timeoutMs?: number;
}

/** One write: `client` is the writer's id, recorded by storage. */
export interface StorageWriteRequest {
  readonly key: string;
  readonly value: string;
  readonly token: Token | null;
  readonly client: string;
  /** The version the writer's last read saw (checked by `cas` storage; others ignore it). */
  readonly version?: string | null;
}

/**
 * What a write did. `rejected` is definite (maps to `fail`); so is
 * `refused`: the connection was refused, so no byte of the request reached
 * storage; `unanswered` may have been applied (maps to `info`).
 */
export type StorageWriteResult =
  | { readonly kind: "accepted"; readonly highest: Token | null }
  | { readonly kind: "rejected"; readonly reason: string; readonly highest: Token | null }
  | { readonly kind: "refused"; readonly message: string }
  | { readonly kind: "unanswered"; readonly message: string; readonly timedOut: boolean };

/** What a read saw, or that it got no answer (a read has no effect either way). */
export type StorageReadResult =
  | { readonly kind: "value"; readonly value: string | null; readonly token: Token | null; readonly version?: string | null }
  | { readonly kind: "unanswered"; readonly message: string; readonly timedOut: boolean };

/** The storage client of one agent. */
export interface StorageClient {
  read(key: string, signal?: AbortSignal): Promise<StorageReadResult>;
  write(request: StorageWriteRequest, signal?: AbortSignal): Promise<StorageWriteResult>;
  /** The endpoint that owns `key`. */
  endpointFor(key: string): string;
}

/** Creates the client; throws `config.invalid` without endpoints. */
export function createStorageClient(options: StorageClientOptions): StorageClient {
  const endpoints = options.endpoints.map(endpointUrl);
  const timeoutMs = options.timeoutMs ?? 2000;
  if (endpoints.length === 0) throw new HarnessError("config.invalid", "Cannot create a storage client: no storage endpoints");
  const endpointFor = (key: string): string => endpoints[stableHash(key) % endpoints.length] as string;
  // Kept-alive connections; idle ones close on their own, so the client needs no close.
  const http = createJsonHttp();

  return {
    endpointFor,
    async read(key, signal) {
      const url = `${endpointFor(key)}/read?key=${encodeURIComponent(key)}`;
      try {
        const answer = await http.request({ method: "GET", url, timeoutMs, ...(signal ? { signal } : {}) });
        const body = answer.body as { value?: unknown; token?: unknown; version?: unknown } | undefined;
        if (answer.status !== 200 || body === undefined) return unanswered(`GET ${url}: status ${answer.status}`, false);
        const version = "version" in body ? { version: stringOrNull(body.version) } : {};
        return { kind: "value", value: stringOrNull(body.value), token: stringOrNull(body.token), ...version };
      } catch (error) {
        return unansweredFrom(error);
      }
    },
    async write(request, signal) {
      const url = `${endpointFor(request.key)}/write`;
      try {
        const answer = await http.request({ method: "POST", url, body: request, timeoutMs, ...(signal ? { signal } : {}) });
        const body = answer.body as { reason?: unknown; highest?: unknown } | undefined;
        const highest = stringOrNull(body?.highest);
        if (answer.status === 200) return { kind: "accepted", highest };
        if (answer.status === 409) return { kind: "rejected", reason: String(body?.reason ?? "rejected"), highest };
        // Any other 4xx refused the request outright; a 5xx may have acted on it.
        if (answer.status >= 400 && answer.status < 500) return { kind: "rejected", reason: `status-${answer.status}`, highest };
        return unanswered(`POST ${url}: status ${answer.status}`, false);
      } catch (error) {
        if (connectionRefused(error)) return { kind: "refused", message: (error as Error).message };
        return unansweredFrom(error);
      }
    },
  };
}

function stringOrNull(x: unknown): string | null {
  return typeof x === "string" ? x : null;
}

function unanswered(message: string, timedOut: boolean): { kind: "unanswered"; message: string; timedOut: boolean } {
  return { kind: "unanswered", message, timedOut };
}

/** True for a request whose connection was refused (ECONNREFUSED): it was never sent. */
export function connectionRefused(error: unknown): boolean {
  if (!(error instanceof HttpUnanswered) || error.timedOut) return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return code === "ECONNREFUSED" || / ECONNREFUSED$/.test(error.message);
}

function unansweredFrom(error: unknown): { kind: "unanswered"; message: string; timedOut: boolean } {
  if (error instanceof HttpUnanswered) return unanswered(error.message, error.timedOut);
  throw error;
}
