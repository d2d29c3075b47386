/**
 * The built-in `quorum` adapter: a client of our replicated quorum lock
 * (workloads/services/quorum-lock). Any replica coordinates a request, so
 * the client starts at a replica picked by its id (spreading coordinators)
 * and moves on to the next when one is a witness (421), cannot reach a
 * quorum (503) or does not answer. A busy lock is retried on the same
 * replica after a small jittered pause, until the caller's signal aborts;
 * an attempt in flight then runs to its answer (or its own time-out).
 */
import { HarnessError, type Rng } from "../../core/index.js";
import { clientRng, retryDelayMs, sleepUnlessAborted } from "./adapter-helpers.js";
import { endpointUrl } from "./endpoint-url.js";
import { HttpUnanswered, requestJson, type HttpJsonResponse } from "./http-json.js";
import type { AcquireOptions, Lease, LockAdapter, LockClient } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";
import { quorumLaunch } from "./quorum-launch.js";
import { stableHash } from "./stable-hash.js";

/** Tuning for tests; the defaults suit real runs. */
export interface QuorumAdapterOptions {
  /** How long one HTTP attempt may take before it is indeterminate (default 2500). */
  readonly attemptTimeoutMs?: number;
}

/** Creates the `quorum` adapter. */
export function createQuorumAdapter(options: QuorumAdapterOptions = {}): LockAdapter {
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 2500;
  return {
    name: "quorum",
    service: { nodes: 3, start: quorumLaunch },
    async connect({ endpoints, clientId }) {
      if (endpoints.length === 0) {
        throw new HarnessError("config.invalid", `Cannot connect client "${clientId}" to the quorum lock service: no endpoints`);
      }
      const bases = endpoints.map(endpointUrl);
      return quorumClient(bases, clientId, { attemptTimeoutMs, rng: clientRng(clientId), start: stableHash(clientId) % bases.length });
    },
  };
}

interface ClientTuning {
  readonly attemptTimeoutMs: number;
  readonly rng: Rng;
  readonly start: number;
}

/** One attempt's outcome: an answer, or none (`uncertain` when the node may have acted). */
type Attempt = { readonly answer: HttpJsonResponse } | { readonly answer: undefined; readonly uncertain: boolean };

function quorumClient(bases: readonly string[], clientId: string, tuning: ClientTuning): LockClient {
  let current = tuning.start;

  /** One request to the current replica; without `signal` it runs to its answer or its own time-out. */
  async function post(path: string, body: unknown, signal?: AbortSignal): Promise<Attempt> {
    try {
      const request = { method: "POST" as const, url: `${bases[current]}${path}`, body, timeoutMs: tuning.attemptTimeoutMs };
      return { answer: await requestJson(signal ? { ...request, signal } : request) };
    } catch (error) {
      // A refused connection certainly reached no service; anything else may have.
      const refused = error instanceof HttpUnanswered && !error.timedOut && error.message.includes("ECONNREFUSED");
      return { answer: undefined, uncertain: !refused };
    }
  }

  async function acquire(resource: string, { ttlMs, signal }: AcquireOptions): Promise<Lease> {
    let uncertain = false;
    let busyHolder: string | undefined;
    for (;;) {
      if (signal.aborted) throw acquireGaveUp(resource, uncertain, busyHolder);
      // The attempt is not cut short by `signal`: a coordinator's "no quorum" is a definite answer
      // worth waiting for (it comes within its peers' time-out), where an abort would leave it unknown.
      const attempt = await post("/acquire", { resource, client: clientId, ttlMs });
      const { answer } = attempt;
      if (answer?.status === 200) return { token: grantedToken(answer.body), coordinator: current };
      if (answer === undefined) uncertain ||= attempt.uncertain;
      else if (answer.status === 409) busyHolder = holderOf(answer.body);
      else if (answer.status === 503) busyHolder = undefined;
      else if (answer.status !== 421) throw unexpected("/acquire", answer);
      if (answer?.status !== 409) current = (current + 1) % bases.length;
      if (answer?.status !== 421) await sleepUnlessAborted(retryDelayMs(tuning.rng), signal);
    }
  }

  return {
    acquire,
    async release(resource, lease, { signal }) {
      const token = String(lease.token);
      if (typeof lease.coordinator === "number") current = lease.coordinator % bases.length;
      for (let tried = 0; tried < bases.length && !signal.aborted; tried++) {
        const { answer } = await post("/release", { resource, client: clientId, token }, signal);
        if (answer?.status === 200) return;
        if (answer?.status === 409) {
          throw new LockError("lease-lost", `Cannot release "${resource}" with token "${token}": not the holder`, true);
        }
        if (answer !== undefined && answer.status !== 421 && answer.status !== 503) throw unexpected("/release", answer);
        current = (current + 1) % bases.length;
      }
      // Some nodes may have dropped the lease: the release is indeterminate.
      throw new LockError("unavailable", `Cannot release "${resource}" with token "${token}": no replica reached a quorum`, false);
    },
    close: () => Promise.resolve(),
  };
}

function acquireGaveUp(resource: string, uncertain: boolean, holder: string | undefined): LockError {
  if (uncertain) return new LockError("unavailable", `Cannot acquire "${resource}": a replica did not answer and may have granted it`, false);
  if (holder !== undefined) return new LockError("lock-busy", `Cannot acquire "${resource}": held by "${holder}"`, true);
  return new LockError("unavailable", `Cannot acquire "${resource}": no replica reached a quorum`, true);
}

function holderOf(body: unknown): string | undefined {
  const holder = (body as { holder?: unknown } | undefined)?.holder;
  return typeof holder === "string" ? holder : undefined;
}

function grantedToken(body: unknown): string {
  const token = (body as { token?: unknown } | undefined)?.token;
  if (typeof token !== "string") throw new LockError("bad-response", "Cannot read the granted token: the answer has none", false);
  return token;
}

function unexpected(path: string, answer: HttpJsonResponse): LockError {
  const definite = answer.status >= 400 && answer.status < 500;
  return new LockError("bad-response", `Cannot use the answer of "${path}": status ${answer.status}`, definite);
}

/** The built-in quorum adapter with default tuning. */
export const quorumAdapter: LockAdapter = createQuorumAdapter();
