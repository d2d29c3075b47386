/**
 * How the interpreter performs one op: a client's, bounded by the op
 * timeout and the run's abort, or the nemesis's; and how an outcome
 * becomes the op's completion. A client that throws, or does not answer in
 * time, completes with `info` (it may or may not have happened).
 */
import type { Client, Clock, Cluster, Completion, Invoke, Nemesis, OpError } from "../../../core/index.js";
import { messageOf } from "../../../core/index.js";

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

/**
 * Runs a client's op; resolves (never rejects) with its completion: `info` on a throw, the op timeout or the run's abort.
 * Every client op of a run passes here, so it costs one promise, one timer and one listener on the run's signal
 * (a race against a second promise listening on the op's own signal cost a tenth of the harness's CPU per op).
 */
export function invokeClient(client: Client, invoke: Invoke, run: ClientInvocation): Promise<Completion> {
  return new Promise((resolve) => {
    const timeout = new AbortController();
    let settled = false;
    const finish = (outcome: Outcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal.removeEventListener("abort", onGiveUp);
      resolve(completionOf(invoke, outcome, run.clock));
    };
    const onGiveUp = (): void => {
      timeout.abort();
      finish(timedOut(run.signal.aborted));
    };
    const onError = (error: unknown): void => finish({ type: "info", error: { code: "client-error", message: messageOf(error), definite: false } });
    run.signal.addEventListener("abort", onGiveUp, { once: true });
    const timer = setTimeout(onGiveUp, run.opTimeoutMs);
    try {
      client.invoke(invoke, timeout.signal).then((outcome: Outcome | undefined) => finish(outcome ?? timedOut(run.signal.aborted)), onError);
    } catch (error) {
      onError(error);
    }
  });
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
