/**
 * How the interpreter performs one op: a client's, bounded by the op
 * timeout and the run's abort, or the nemesis's; and how an outcome
 * becomes the op's completion. A client that throws, or does not answer in
 * time, completes with `info` (it may or may not have happened).
 */
import type { Client, Clock, Cluster, Completion, Invoke, Nemesis, OpError } from "../../core/index.js";
import { messageOf } from "../../core/index.js";

/** What a completion is made of, before it is given its index and time. */
export interface Outcome {
  readonly type: Completion["type"];
  readonly value?: unknown;
  readonly error?: OpError;
}

/** What invoking a client's op needs from the run. */
export interface ClientInvocation {
  readonly clock: Clock;
  readonly signal: AbortSignal;
  readonly opTimeoutMs: number;
}

/** What invoking a nemesis op needs from the run. */
export interface NemesisInvocation {
  readonly clock: Clock;
  readonly signal: AbortSignal;
  readonly nemesis: Nemesis;
  readonly cluster: Cluster;
}

/**
 * The completion of `invoke` with `outcome`, timed now (its index is -1:
 * the interpreter numbers it when it records it). A fail without an error
 * gets a definite "fail" error; an outcome without a value keeps the invoke's.
 */
export function completionOf(invoke: Invoke, outcome: Outcome, clock: Clock): Completion {
  const base = { index: -1, time: clock.nowNs(), process: invoke.process, f: invoke.f, node: invoke.node };
  const value = outcome.value === undefined ? invoke.value : outcome.value;
  if (outcome.type === "fail") {
    const error = outcome.error ?? { code: "fail", message: "failed", definite: true };
    return { ...base, type: "fail", value, error } as Completion;
  }
  return { ...base, type: outcome.type, value, ...(outcome.error ? { error: outcome.error } : {}) } as Completion;
}

/** Runs a client's op; resolves (never rejects) with its completion: `info` on a throw, the op timeout or the run's abort. */
export async function invokeClient(client: Client, invoke: Invoke, run: ClientInvocation): Promise<Completion> {
  const timeout = new AbortController();
  const onAbort = (): void => timeout.abort();
  run.signal.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => timeout.abort(), run.opTimeoutMs);
  try {
    const outcome = await Promise.race([client.invoke(invoke, timeout.signal), aborted(timeout.signal)]);
    return completionOf(invoke, outcome ?? timedOut(run.signal.aborted), run.clock);
  } catch (error) {
    return completionOf(invoke, { type: "info", error: { code: "client-error", message: messageOf(error), definite: false } }, run.clock);
  } finally {
    clearTimeout(timer);
    run.signal.removeEventListener("abort", onAbort);
  }
}

/** Runs a nemesis op; resolves (never rejects) with an `info` completion, carrying the error if it threw. */
export async function invokeNemesis(invoke: Invoke, run: NemesisInvocation): Promise<Completion> {
  try {
    const value = await run.nemesis.invoke(invoke, run.cluster, run.signal);
    return completionOf(invoke, { type: "info", value }, run.clock);
  } catch (error) {
    return completionOf(invoke, { type: "info", error: { code: "nemesis-error", message: messageOf(error), definite: false } }, run.clock);
  }
}

/** The outcome of an op that did not complete: the run was interrupted, or the op timeout passed. */
export function timedOut(runAborted: boolean): { type: "info"; error: OpError } {
  return runAborted
    ? { type: "info", error: { code: "aborted", message: "The run was interrupted before the op completed", definite: false } }
    : { type: "info", error: { code: "timeout", message: "The op did not complete within the op timeout", definite: false } };
}

function aborted(signal: AbortSignal): Promise<undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(undefined);
    signal.addEventListener("abort", () => resolve(undefined), { once: true });
  });
}
