/**
 * The built-in `etcd-lock` adapter: the etcd3 package's own `Lock` helper,
 * as its README shows: `client.lock(resource).ttl(seconds).acquire()`, then
 * `lock.release()`. Under the hood a lease (kept alive by the client) and a
 * put-if-absent of the resource's key under it; there is no waiting queue,
 * so an acquire of a held lock fails at once (EtcdLockFailedError) and we
 * retry every 20 to 50 ms until the acquire's signal fires. The client is
 * `new Etcd3({ hosts })` with the library's default retries and circuit
 * breaker. The helper exposes no revision: leases carry `token: null`.
 * The etcd cluster is the `etcd` adapter's (3 members, started one by one).
 */
import { clientRng, lockBusy, retryDelayMs, sleepUnlessAborted, unavailable, withDeadline } from "./adapter-helpers.js";
import { etcdLaunch } from "./etcd-server.js";
import type { LockAdapter, LockClient } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";

type Etcd3Library = typeof import("etcd3");
type EtcdLock = ReturnType<InstanceType<Etcd3Library["Etcd3"]>["lock"]>;

/** One acquire attempt: the library's own retries (on a lost connection) fit inside it. */
const ATTEMPT_MS = 5000;

/** Revokes the lease of an attempt we no longer wait for, once it settles: it may have put the key, and its keep-alive would hold it forever. */
function abandon(lock: EtcdLock, attempt: Promise<unknown>): void {
  void attempt.then(
    () => lock.release().catch(() => undefined),
    () => lock.leaseId().then((id) => (id === null ? undefined : lock.release())).catch(() => undefined),
  );
}

function etcdLockClient(library: Etcd3Library, endpoints: readonly string[], clientId: string): LockClient {
  const { Etcd3, EtcdLockFailedError, EtcdLeaseInvalidError } = library;
  const etcd = new Etcd3({ hosts: [...endpoints], dialTimeout: 1000 });
  const rng = clientRng(clientId);
  return {
    async acquire(resource, { ttlMs, signal }) {
      for (;;) {
        const lock = etcd.lock(`fencecheck-lock/${resource}`).ttl(Math.max(1, Math.ceil(ttlMs / 1000)));
        const attempt = lock.acquire();
        try {
          await withDeadline(attempt, ATTEMPT_MS, `lock "${resource}" with etcd3's Lock`);
          return { token: null, lock };
        } catch (error) {
          if (!(error instanceof EtcdLockFailedError)) {
            abandon(lock, attempt);
            if (error instanceof LockError) throw error;
            throw unavailable(`acquire "${resource}" with etcd3's Lock`, error);
          }
        }
        if (signal.aborted) throw lockBusy(resource, "etcd3's Lock");
        await sleepUnlessAborted(retryDelayMs(rng), signal);
      }
    },
    async release(resource, lease) {
      try {
        await withDeadline((lease.lock as EtcdLock).release(), ATTEMPT_MS, `release "${resource}" with etcd3's Lock`);
      } catch (error) {
        if (error instanceof EtcdLeaseInvalidError || /lease not found/i.test(String(error))) {
          throw new LockError("lease-lost", `Cannot release "${resource}": its etcd lease has expired`, true);
        }
        if (error instanceof LockError) throw error;
        throw unavailable(`release "${resource}" with etcd3's Lock`, error);
      }
    },
    async close() {
      etcd.close();
    },
  };
}

/** The built-in etcd3 Lock adapter (the etcd adapter's 3-node cluster). */
export const etcdLockAdapter: LockAdapter = {
  name: "etcd-lock",
  service: { nodes: 3, start: etcdLaunch, startOrder: "one-by-one" },
  leader: async (endpoints) => (await import("./etcd-leader.js")).etcdLeader(endpoints),
  connect: async ({ endpoints, clientId }) => etcdLockClient(await import("etcd3"), endpoints, clientId),
};
