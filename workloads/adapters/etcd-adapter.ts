/**
 * The built-in `etcd` adapter: a 3-node etcd cluster from Debian's
 * /usr/bin/etcd, and a client (the `etcd3` library) that takes a lock the
 * way etcd's own lock recipe does. Acquire grants a lease (TTL = the run's
 * TTL, rounded up to seconds, kept alive by the client), puts the key
 * `/fencecheck/locks/<resource>/<lease>` under it, and waits until that key
 * has the lowest create revision under the resource's prefix. The token is
 * the key's create revision, which etcd makes unique and increasing.
 */
import type { Lease as EtcdLease } from "etcd3";
import { noop } from "cockatiel";
import { clientRng, lockBusy, retryDelayMs, sleepUnlessAborted, unavailable, withDeadline } from "./adapter-helpers.js";
import { etcdLaunch } from "./etcd-server.js";
import type { LockAdapter, LockClient } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";

/** The etcd3 client library (gRPC: about 0.2 s to load), loaded by the processes that talk to etcd, not by every probe. */
type Etcd3Library = typeof import("etcd3");

const PREFIX = "/fencecheck/locks/";
const ATTEMPT_MS = 2000;

interface EtcdLeaseHandle {
  readonly token: string;
  readonly lease: EtcdLease;
}

function etcdClient(library: Etcd3Library, endpoints: readonly string[], clientId: string): LockClient {
  const { Etcd3, EtcdLeaseInvalidError } = library;
  // No retries or circuit breakers: each op is one attempt, and its outcome is recorded as it happened.
  const etcd = new Etcd3({ hosts: [...endpoints], dialTimeout: 1000, faultHandling: { host: () => noop, global: noop } });
  const rng = clientRng(clientId);

  async function firstWaiter(resource: string): Promise<string | undefined> {
    const range = etcd.getAll().prefix(`${PREFIX}${resource}/`).sort("Create", "Ascend").limit(1);
    const answer = await withDeadline(range.exec(), ATTEMPT_MS, `read the waiters of "${resource}"`);
    return answer.kvs[0]?.key.toString();
  }

  return {
    async acquire(resource, { ttlMs, signal }) {
      const lease = etcd.lease(Math.max(1, Math.ceil(ttlMs / 1000)), { autoKeepAlive: true });
      lease.on("lost", () => undefined);
      let key: string | undefined;
      try {
        const id = await withDeadline(lease.grant(), ATTEMPT_MS, "grant an etcd lease");
        key = `${PREFIX}${resource}/${id}`;
        const put = await withDeadline(lease.put(key).value(clientId).exec(), ATTEMPT_MS, `put the lock key of "${resource}"`);
        const token = String(put.header.revision);
        for (;;) {
          if ((await firstWaiter(resource)) === key) return { token, lease } satisfies EtcdLeaseHandle;
          if (signal.aborted) break;
          await sleepUnlessAborted(retryDelayMs(rng), signal);
        }
      } catch (error) {
        void lease.revoke().catch(() => undefined);
        if (error instanceof LockError) throw error;
        throw unavailable(`acquire "${resource}" from etcd`, error);
      }
      // Gave up waiting: withdraw the key so we are never granted later.
      await lease.revoke().catch(() => undefined);
      throw lockBusy(resource, "etcd");
    },
    async release(resource, lease) {
      const handle = lease as unknown as EtcdLeaseHandle;
      try {
        await withDeadline(handle.lease.revoke(), ATTEMPT_MS, `revoke the lease of "${resource}"`);
      } catch (error) {
        if (error instanceof EtcdLeaseInvalidError || /lease not found/i.test(String(error))) {
          throw new LockError("lease-lost", `Cannot release "${resource}" with token "${handle.token}": its etcd lease has expired`, true);
        }
        if (error instanceof LockError) throw error;
        throw unavailable(`release "${resource}" in etcd`, error);
      }
    },
    async close() {
      etcd.close();
    },
  };
}

/** The built-in etcd adapter (3 nodes). */
export const etcdAdapter: LockAdapter = {
  name: "etcd",
  service: { nodes: 3, start: etcdLaunch, startOrder: "one-by-one" },
  leader: async (endpoints) => (await import("./etcd-leader.js")).etcdLeader(endpoints),
  connect: async ({ endpoints, clientId }) => etcdClient(await import("etcd3"), endpoints, clientId),
};
