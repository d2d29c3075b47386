/**
 * The mutex checker of the lock-mutex workload (Jepsen's etcd lock test):
 * the acquire and release ops of each resource against the port's mutex
 * model (checkers/linearizability), one partition per resource. A lease is
 * not a mutex forever: it ends at the TTL, and for some services with the
 * client's session. So every acquire that may have succeeded (ok or info)
 * also gets a release of unknown outcome by its process, callable from the
 * earliest instant the lease may have ended by the lease model
 * (checkers/lease: its `mayEndFrom`; for an acquire of unknown outcome, its
 * invoke plus the shortest TTL, or its invoke itself when the lease ends
 * with a session its retired client may have lost): the search may place
 * it whenever the lease may have ended, and never where it would be
 * illegal. A release the service
 * refused says the lease had already ended: it is a release of unknown
 * outcome too. What is left illegal is a grant while another client's lease
 * was certainly alive and unreleased.
 */
import { indexedPairs, type CheckInput, type CheckResult, type Checker, type History, type Invoke, type Validity } from "../../core/index.js";
import { leaseRules, leasesOf, type Lease, type LeaseRules } from "../lease/index.js";
import { checkOperations, combineVerdicts, mutexModel, UNKNOWN, type Operation, type Verdict } from "../linearizability/index.js";

type MutexOp = Operation<{ readonly acquire: boolean; readonly process: number }, null>;

/** The verdict, and for the first resource that is not a mutex, the ops that could not be placed. */
export interface MutexResult extends CheckResult {
  readonly valid: Validity;
  readonly result: Verdict;
  readonly resources: number;
  readonly operations: number;
  /** One line for the CLI summary when not a mutex. */
  readonly summary?: string;
}

/** Options: the search's time budget (default 10 s); past it the verdict is unknown. */
export interface MutexCheckerOptions {
  readonly timeoutMs?: number;
}

/** The checker, named "mutex". */
export function mutexChecker(options: MutexCheckerOptions = {}): Checker<MutexResult> {
  return { name: "mutex", check: (input, opts) => checkMutex(input, { ...options, ...(opts?.signal ? { signal: opts.signal } : {}) }) };
}

/** Checks every resource's acquires and releases as a mutex whose holds end at the TTL. Pure apart from the clock of the timeout. */
export function checkMutex(input: Pick<CheckInput, "history" | "config">, options: MutexCheckerOptions & { readonly signal?: AbortSignal } = {}): MutexResult {
  const byResource = mutexOps(input.history, leaseRules(input.config));
  const verdicts: Verdict[] = [];
  let summary: string | undefined;
  let operations = 0;
  for (const [resource, ops] of byResource) {
    operations += ops.length;
    const checked = checkOperations(mutexModel(null), ops, { timeoutMs: options.timeoutMs ?? 10_000, ...(options.signal ? { signal: options.signal } : {}) });
    verdicts.push(checked.result);
    const part = checked.info?.partitions[0];
    if (summary === undefined && checked.result === "illegal" && part) {
      const stuck = part.outcome.stuck.map((i) => part.descriptions[i]).filter(Boolean).slice(0, 3).join(", ");
      summary = `mutex: "${resource}" cannot place ${stuck || "an op"} after ${part.outcome.linearization.length} ops`;
    }
  }
  const result = byResource.size === 0 ? "unknown" : combineVerdicts(verdicts);
  const valid: Validity = result === "ok" ? true : result === "illegal" ? false : "unknown";
  return { valid, result, resources: byResource.size, operations, ...(summary ? { summary } : {}) };
}

/** Each resource's mutex operations, positions as times, plus the lease-end releases. */
export function mutexOps(history: History, rules: LeaseRules): Map<string, MutexOp[]> {
  const leases = new Map<string, Lease>(leasesOf(history, rules).map((l) => [`${l.process}\u0000${l.invokedAt}`, l]));
  const out = new Map<string, MutexOp[]>();
  for (const pair of indexedPairs(history)) {
    const { invoke, completion } = pair;
    if (typeof invoke.process !== "number" || (invoke.f !== "acquire" && invoke.f !== "release")) continue;
    // A failed acquire changed nothing; a failed release says the lease had already ended.
    if (completion?.type === "fail" && invoke.f === "acquire") continue;
    const resource = resourceOf(invoke);
    if (resource === undefined) continue;
    const ops = out.get(resource) ?? [];
    out.set(resource, ops);
    const input = { acquire: invoke.f === "acquire", process: invoke.process };
    const call = pair.invokeAt;
    const known = completion !== undefined && completion.type === "ok";
    ops.push({ clientId: invoke.process, input, call, output: known ? null : UNKNOWN, return: known ? (pair.completionAt as number) : Infinity });
    if (input.acquire) {
      const lease = leases.get(`${invoke.process}\u0000${invoke.time}`);
      const unknownEnd = rules.ends === "client-session" ? invoke.time : invoke.time + rules.shortestNs;
      const endsAt = firstPositionAt(history, lease?.mayEndFrom ?? unknownEnd) - 0.5;
      ops.push({ clientId: invoke.process, input: { acquire: false, process: invoke.process }, call: endsAt, output: UNKNOWN, return: Infinity });
    }
  }
  return out;
}

function resourceOf(invoke: Invoke): string | undefined {
  const resource = (invoke.value as { resource?: unknown } | undefined)?.resource;
  return typeof resource === "string" ? resource : undefined;
}

/** The position of the first op at or after `timeNs` (the history's length when none). */
function firstPositionAt(history: History, timeNs: number): number {
  let lo = 0;
  let hi = history.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((history[mid]?.time ?? Infinity) < timeNs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
