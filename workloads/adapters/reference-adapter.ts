/**
 * The built-in `reference` adapter: a client of our reference lock service
 * (workloads/services/reference-lock). Acquire asks POST /acquire to wait up
 * to `WAIT_MS` on the server for a busy lock (granted the moment it is
 * released) and asks again until granted or its signal aborts (checked
 * between attempts: an attempt in flight runs to its answer, so an aborted
 * acquire is late by at most one wait). A server that answers busy without
 * having waited gets a small jittered backoff; the jitter is drawn from a Rng
 * seeded by the client id, so it is reproducible. The service is a single node:
 * with several endpoints the client talks to the first. The service times
 * leases on its monotonic clock; `reference-wallclock` (the same service
 * with `--lease-clock wall`) times them on its wall clock, which clock
 * faults on the lock node move. `reference-timer` (the same service with
 * `--persist timer`) saves its token counters every 300 ms instead of
 * before each grant: a known-broken design that a crash makes hand out the
 * same token twice. `reference-nosync` (the same service with `--fsync
 * never`) writes its journal before each answer but never fsyncs it: a
 * kill keeps every grant (the kernel has the page), a power loss
 * (`lose-unfsynced`) does not.
 */
import { createRng, HarnessError, sleepUnlessAborted, type Rng } from "../../core/index.js";
import { launchProgramPath } from "../entrypoints.js";
import { endpointUrl } from "./endpoint-url.js";
import { createJsonHttp, HttpUnanswered, type HttpJsonResponse } from "./http-json.js";
import type { AcquireOptions, Lease, LockAdapter, LockClient, LockServiceNode } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";
import { stableHash } from "./stable-hash.js";

/** Tuning for tests; the defaults suit real runs. */
export interface ReferenceAdapterOptions {
  /** How long one HTTP attempt may take before it is indeterminate (default 2000). */
  readonly attemptTimeoutMs?: number;
  /** The jitter source for a client (default: a Rng seeded by the client id). */
  readonly rngFor?: (clientId: string) => Rng;
  /** The clock the service times leases on (default "monotonic"; "wall" for `reference-wallclock`). */
  readonly leaseClock?: "monotonic" | "wall";
  /** When the service saves its state (default "grant": before each answer; "timer" for `reference-timer`). */
  readonly persist?: "grant" | "timer";
  /** Whether the service fsyncs its journal before answering (default true; false for `reference-nosync`). */
  readonly fsync?: boolean;
}

/** Creates the `reference` adapter. */
export function createReferenceAdapter(options: ReferenceAdapterOptions = {}): LockAdapter {
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 2000;
  const rngFor = options.rngFor ?? ((clientId: string) => createRng(stableHash(clientId)));
  const leaseClock = options.leaseClock ?? "monotonic";
  const persist = options.persist ?? "grant";
  const fsync = options.fsync ?? true;
  return {
    name: persist === "timer" ? "reference-timer" : !fsync ? "reference-nosync" : leaseClock === "wall" ? "reference-wallclock" : "reference",
    service: { nodes: 1, start: (node, _peers, settings) => referenceLaunch(node, leaseClock, persist, settings?.volatile === true || !fsync) },
    async connect({ endpoints, clientId }) {
      const first = endpoints[0];
      if (first === undefined) {
        throw new HarnessError("config.invalid", `Cannot connect client "${clientId}" to the reference lock service: no endpoints`);
      }
      return referenceClient(endpointUrl(first), clientId, { attemptTimeoutMs, rng: rngFor(clientId) });
    },
  };
}

/** The server listens only once it serves, so its port accepting connections is its readiness: no `ready()` probe. */
function referenceLaunch(node: LockServiceNode, leaseClock: "monotonic" | "wall", persist: "grant" | "timer", volatile: boolean) {
  const argv = [process.execPath, launchProgramPath("reference-lock"), "--host", node.host, "--port", String(node.port)];
  const flags = ["--data-dir", node.dataDir, "--node", node.id, "--lease-clock", leaseClock, "--persist", persist, "--fsync", volatile ? "never" : "always"];
  return { argv: [...argv, ...flags] };
}

interface ClientTuning {
  readonly attemptTimeoutMs: number;
  readonly rng: Rng;
}

/** The longest one acquire attempt waits on the server for a busy lock (shorter when the attempt timeout is short). */
const WAIT_MS = 100;

function referenceClient(base: string, clientId: string, tuning: ClientTuning): LockClient {
  const http = createJsonHttp();
  /** One request; without `signal` it runs to its answer or its own attempt timeout. */
  async function post(path: string, body: unknown, signal?: AbortSignal): Promise<HttpJsonResponse> {
    try {
      const request = { method: "POST", url: `${base}${path}`, body, timeoutMs: tuning.attemptTimeoutMs } as const;
      return await http.request(signal ? { ...request, signal } : request);
    } catch (error) {
      const code = error instanceof HttpUnanswered && error.timedOut ? "timeout" : "unavailable";
      throw new LockError(code, error instanceof Error ? error.message : String(error), false, { cause: error });
    }
  }

  const waitMs = Math.min(WAIT_MS, Math.floor(tuning.attemptTimeoutMs / 4));
  async function acquire(resource: string, { ttlMs, signal }: AcquireOptions): Promise<Lease> {
    let last: unknown;
    for (;;) {
      if (signal.aborted) throw busyError(resource, last);
      // The attempt is not cut short by `signal` (which only stops further attempts):
      // a grant is a definite answer, and so is a refusal.
      const answer = await post("/acquire", { resource, client: clientId, ttlMs, waitMs });
      if (answer.status === 200) return { token: grantedToken(answer.body) };
      if (answer.status !== 409) throw unexpected("/acquire", answer);
      last = answer.body;
      const waited = typeof (answer.body as { waitedMs?: unknown } | undefined)?.waitedMs === "number";
      if (!waited) await sleepUnlessAborted(20 + tuning.rng.int(0, 30), signal);
    }
  }

  return {
    acquire,
    async release(resource, lease, { signal }) {
      const token = String(lease.token);
      const answer = await post("/release", { resource, client: clientId, token }, signal);
      if (answer.status === 200) return;
      if (answer.status === 409) {
        throw new LockError("lease-lost", `Cannot release "${resource}" with token "${token}": not the holder`, true);
      }
      throw unexpected("/release", answer);
    },
    close: async () => http.close(),
  };
}

function grantedToken(body: unknown): string {
  const token = (body as { token?: unknown } | undefined)?.token;
  if (typeof token !== "string") throw new LockError("bad-response", "Cannot read the granted token: the answer has none", false);
  return token;
}

function busyError(resource: string, last: unknown): LockError {
  const holder = (last as { holder?: unknown } | undefined)?.holder;
  const by = typeof holder === "string" ? `: held by "${holder}"` : "";
  return new LockError("lock-busy", `Cannot acquire "${resource}"${by}`, true);
}

function unexpected(path: string, answer: HttpJsonResponse): LockError {
  // A 4xx means the server refused the request outright; a 5xx may have acted.
  const definite = answer.status >= 400 && answer.status < 500;
  return new LockError("bad-response", `Cannot use the answer of "${path}": status ${answer.status}`, definite);
}

/** The built-in reference adapter with default tuning. */
export const referenceAdapter: LockAdapter = createReferenceAdapter();

/** The reference service with leases on its wall clock, which clock faults move. */
export const referenceWallclockAdapter: LockAdapter = createReferenceAdapter({ leaseClock: "wall" });

/** The reference service saving its state on a 300 ms timer: known broken under crashes. */
export const referenceTimerAdapter: LockAdapter = createReferenceAdapter({ persist: "timer" });

/** The reference service writing its journal before each answer but never fsyncing it: safe under kill, broken by a power loss. */
export const referenceNosyncAdapter: LockAdapter = createReferenceAdapter({ fsync: false });
