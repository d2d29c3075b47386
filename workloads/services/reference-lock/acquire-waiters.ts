/**
 * Acquires that wait on the server for a busy lock (POST /acquire with
 * `waitMs`), as a client of etcd or ZooKeeper waits on a watch instead of
 * polling. A waiter is tried again, first in first out per resource, the
 * moment its resource is released, and every `recheckMs` while it waits (the
 * holder's lease may have run out, on a clock that may jump); at its
 * deadline it gets the last busy answer. Every decision is still the lease
 * table's: a waiter is only ever granted by an `attempt` that the table
 * grants, so waiting changes when a grant is asked for, never whether it is
 * safe. Timers are injected.
 */
import type { AcquireResult } from "./lease-table.js";

/** The timers the waiters use (the real ones in the server). */
export interface WaiterTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Acquires parked on busy resources. */
export interface AcquireWaiters {
  /**
   * Resolves with `attempt()`'s answer: at once when it grants or `waitMs`
   * is 0, else with the first grant while parked, or the last busy answer
   * once `waitMs` has passed.
   */
  acquire(resource: string, waitMs: number, attempt: () => AcquireResult): Promise<AcquireResult>;
  /** `resource` was released: its waiters are tried again, in arrival order. */
  wake(resource: string): void;
}

interface Waiter {
  readonly attempt: () => AcquireResult;
  readonly resolve: (result: AcquireResult) => void;
  last: AcquireResult;
  deadline: unknown;
  recheck: unknown;
}

/** Re-checks a parked waiter at least this often (a lease that ran out frees the lock without a release). */
export const RECHECK_MS = 20;

/** Creates the waiters; their only state lives in the returned closure. */
export function createAcquireWaiters(timers: WaiterTimers, recheckMs = RECHECK_MS): AcquireWaiters {
  const queues = new Map<string, Waiter[]>();

  function leave(resource: string, waiter: Waiter, result: AcquireResult): void {
    timers.clearTimeout(waiter.deadline);
    timers.clearTimeout(waiter.recheck);
    const queue = queues.get(resource) ?? [];
    const rest = queue.filter((w) => w !== waiter);
    if (rest.length > 0) queues.set(resource, rest);
    else queues.delete(resource);
    waiter.resolve(result);
  }

  /** Tries the waiters in arrival order until one is granted or one is refused. */
  function pump(resource: string): void {
    for (const waiter of [...(queues.get(resource) ?? [])]) {
      const result = waiter.attempt();
      if (result.kind === "granted") return leave(resource, waiter, result);
      waiter.last = result;
      return;
    }
  }

  function armRecheck(resource: string, waiter: Waiter): void {
    waiter.recheck = timers.setTimeout(() => {
      pump(resource);
      if (queues.get(resource)?.includes(waiter)) armRecheck(resource, waiter);
    }, recheckMs);
  }

  return {
    acquire(resource, waitMs, attempt) {
      const first = attempt();
      if (first.kind === "granted" || waitMs <= 0) return Promise.resolve(first);
      return new Promise((resolve) => {
        const waiter: Waiter = { attempt, resolve, last: first, deadline: undefined, recheck: undefined };
        queues.set(resource, [...(queues.get(resource) ?? []), waiter]);
        waiter.deadline = timers.setTimeout(() => leave(resource, waiter, waiter.last), waitMs);
        armRecheck(resource, waiter);
      });
    },
    wake: pump,
  };
}
