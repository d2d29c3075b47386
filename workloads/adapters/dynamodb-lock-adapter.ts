/**
 * The built-in `dynamodb-lock` adapter: dynamodb-lock-client's "fail open"
 * locks against dynalite, as its README shows: `new
 * DynamoDBLockClient.FailOpen({ dynamodb, lockTable, partitionKey,
 * heartbeatPeriodMs, leaseDurationMs })` over an AWS SDK v2 DocumentClient,
 * `acquireLock(id, cb)`, `lock.on("error", ...)` for failed heartbeats, and
 * `lock.release(cb)`. leaseDurationMs is the run's TTL, heartbeats every
 * TTL/3. The token is the lock's `fencingToken`. A contender that finds the
 * lock held waits a whole leaseDurationMs before it tries (the library's
 * own wait, which no signal cuts short), so one call may outlast the run's
 * acquire timeout: then the op is indeterminate, and a lock granted after
 * we stopped waiting is released at once.
 */
import DynamoDBLockClient from "dynamodb-lock-client";
import { unavailable } from "./adapter-helpers.js";
import { DynamoDB, dynaliteLaunch, dynamoOptions, LOCK_TABLE } from "./dynalite-server.js";
import type { LockAdapter, LockClient } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";

/** The part of a fail-open lock the adapter uses. */
export interface FailOpenLock {
  readonly fencingToken: number;
  on(event: "error", listener: (error: unknown) => void): void;
  release(callback: (error?: unknown) => void): void;
}

export interface FailOpenClient {
  acquireLock(id: string, callback: (error: unknown, lock?: FailOpenLock) => void): void;
}

/** How long after the acquire's signal a call still in the library's wait is given before the op is called indeterminate. */
const GRACE_MS = 100;

function releaseQuietly(lock: FailOpenLock): void {
  lock.release(() => undefined);
}

/** One `acquireLock` call, answered early (indeterminate) when the signal fires and the call is still waiting. */
export function acquireOnce(client: FailOpenClient, resource: string, signal: AbortSignal): Promise<FailOpenLock> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const onAbort = (): void => {
      setTimeout(() => {
        if (answered) return;
        answered = true;
        reject(new LockError("timeout", `Cannot acquire "${resource}" with dynamodb-lock-client: still waiting out a lease when the acquire timed out`, false));
      }, GRACE_MS);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    client.acquireLock(resource, (error, lock) => {
      signal.removeEventListener("abort", onAbort);
      if (answered) {
        if (lock) releaseQuietly(lock);
        return;
      }
      answered = true;
      if (error || !lock) reject(error ?? new Error("acquireLock answered neither a lock nor an error"));
      else resolve(lock);
    });
  });
}

async function dynamoLockClient(endpoints: readonly string[], clientId: string): Promise<LockClient> {
  const first = endpoints[0];
  if (first === undefined) throw new LockError("unavailable", "Cannot connect to dynalite: no endpoints", true);
  const dynamodb = new DynamoDB.DocumentClient(dynamoOptions(first));
  return {
    async acquire(resource, { ttlMs, signal }) {
      const client = new DynamoDBLockClient.FailOpen({
        dynamodb, lockTable: LOCK_TABLE.name, partitionKey: LOCK_TABLE.partitionKey,
        heartbeatPeriodMs: Math.max(1, Math.floor(ttlMs / 3)), leaseDurationMs: ttlMs, retryCount: 0,
        // Without it the library names the owner by os.userInfo(), which throws in a container whose uid has no passwd entry (docker runtime).
        owner: `fencecheck-${clientId}`,
      }) as FailOpenClient;
      for (;;) {
        try {
          const lock = await acquireOnce(client, resource, signal);
          lock.on("error", () => undefined);
          return { token: lock.fencingToken, lock };
        } catch (error) {
          if (error instanceof LockError) throw error;
          // The library's conditional put failed: another holder heartbeated or took it first; nothing of ours was written.
          if ((error as { code?: unknown }).code !== "FailedToAcquireLock") throw unavailable(`acquire "${resource}" with dynamodb-lock-client`, error);
        }
        if (signal.aborted) throw new LockError("lock-busy", `Cannot acquire "${resource}": dynamodb-lock-client kept it busy until the acquire timed out`, true);
      }
    },
    async release(resource, lease) {
      const lock = lease.lock as FailOpenLock;
      // The library answers a release of a lock another client took as a success (its conditional put fails quietly).
      await new Promise<void>((resolve, reject) => {
        lock.release((error) => (error ? reject(unavailable(`release "${resource}" with dynamodb-lock-client`, error)) : resolve()));
      });
    },
  };
}

/** The built-in dynamodb-lock-client adapter (one dynalite node). */
export const dynamodbLockAdapter: LockAdapter = {
  name: "dynamodb-lock",
  service: { nodes: 1, start: (node) => dynaliteLaunch(node) },
  connect: async ({ endpoints, clientId }) => dynamoLockClient(endpoints, clientId),
};
