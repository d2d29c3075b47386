/**
 * The built-in `zookeeper` adapter: a 3-node ensemble (zookeeper-server.ts)
 * and ZooKeeper's lock recipe with `node-zookeeper-client`. Acquire creates
 * an ephemeral sequential znode under /fencecheck-locks/<resource> and waits
 * until it is the lowest; the token is the znode's czxid, the zxid of the
 * transaction that created it (unique and increasing across the ensemble).
 * The lease is the client's session: its timeout is the run's TTL, and a
 * holder that stays silent longer (paused) loses the session and the znode.
 */
import zookeeper, { type Client, type Stat } from "node-zookeeper-client";
import { clientRng, lockBusy, retryDelayMs, sleepUnlessAborted, unavailable } from "./adapter-helpers.js";
import type { Lease, LockAdapter, LockClient } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";
import { zookeeperLaunch, zookeeperLeader } from "./zookeeper-server.js";

const ROOT = "/fencecheck-locks";
const ATTEMPT_MS = 2000;

function call<T>(what: string, run: (done: (error: unknown, result: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new LockError("timeout", `Cannot ${what}: no answer after ${ATTEMPT_MS} ms`, false)), ATTEMPT_MS);
    run((error, result) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result);
    });
  });
}

function connected(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new LockError("unavailable", "Cannot connect to ZooKeeper: no session after 5000 ms", true)), 5000);
    client.once("connected", () => {
      clearTimeout(timer);
      resolve();
    });
    client.connect();
  });
}

/**
 * The connected client, if the server granted the whole session asked for:
 * a server whose maxSessionTimeout is below the TTL would end every lease
 * early while the client believes it holds it for a TTL, so the acquire
 * fails (definite: nothing was created) naming both figures.
 */
function leaseLongSession(client: Client, askedMs: number): Client {
  const granted = client.getSessionTimeout();
  if (granted >= askedMs) return client;
  client.close();
  throw new LockError("unavailable", `Cannot hold a lease of ${askedMs} ms on ZooKeeper: the server granted a session of ${granted} ms (its maxSessionTimeout)`, true);
}

function zookeeperClient(endpoints: readonly string[], clientId: string, sessionTimeout: number): LockClient {
  const rng = clientRng(clientId);
  let session: Promise<Client> | undefined;
  // One session at a time; a new one once the last has expired (the lease is the session).
  function current(): Promise<Client> {
    if (!session) {
      const client = zookeeper.createClient(endpoints.join(","), { sessionTimeout, spinDelay: 100, retries: 0 });
      client.on("expired", () => {
        session = undefined;
        client.close();
      });
      session = connected(client).then(() => leaseLongSession(client, sessionTimeout));
      session.catch(() => (session = undefined));
    }
    return session;
  }

  async function lowest(client: Client, dir: string): Promise<string | undefined> {
    const children = await call<string[]>("list the waiters", (done) => client.getChildren(dir, done));
    return [...children].sort((a, b) => a.slice(-10).localeCompare(b.slice(-10)))[0];
  }

  return {
    async acquire(resource, { signal }) {
      const client = await current();
      const dir = `${ROOT}/${resource}`;
      let path: string | undefined;
      try {
        await call<string>(`create "${dir}"`, (done) => client.mkdirp(dir, done));
        path = await call<string>("create the lock znode", (done) =>
          client.create(`${dir}/lock-`, Buffer.from(clientId), zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL, done));
        const stat = await call<Stat>("read the lock znode", (done) => client.exists(path as string, done));
        const token = stat.czxid.readBigUInt64BE(0);
        for (;;) {
          if (`${dir}/${await lowest(client, dir)}` === path) return { token, path, client } satisfies Lease;
          if (signal.aborted) break;
          await sleepUnlessAborted(retryDelayMs(rng), signal);
        }
      } catch (error) {
        if (path) client.remove(path, -1, () => undefined);
        if (error instanceof LockError) throw error;
        throw unavailable(`acquire "${resource}" from ZooKeeper`, error);
      }
      await call<void>("withdraw the lock znode", (done) => client.remove(path, -1, (e) => done(e, undefined))).catch(() => undefined);
      throw lockBusy(resource, "ZooKeeper");
    },
    async release(resource, lease) {
      const { path, client } = lease as unknown as { path: string; client: Client };
      try {
        await call<void>(`delete "${path}"`, (done) => client.remove(path, -1, (e) => done(e, undefined)));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === zookeeper.Exception.NO_NODE || code === zookeeper.Exception.SESSION_EXPIRED || session === undefined) {
          throw new LockError("lease-lost", `Cannot release "${resource}": its znode is gone (the session expired)`, true);
        }
        if (error instanceof LockError) throw error;
        throw unavailable(`release "${resource}" in ZooKeeper`, error);
      }
    },
    async close() {
      const open = session;
      session = undefined;
      if (open) (await open.catch(() => undefined))?.close();
    },
  };
}

/** The built-in ZooKeeper adapter (3 nodes). Session timeout = the TTL of the first acquire's options (default 2 s). */
export const zookeeperAdapter: LockAdapter = {
  name: "zookeeper",
  service: { nodes: 3, start: zookeeperLaunch },
  leader: zookeeperLeader,
  async connect({ endpoints, clientId }) {
    let inner: LockClient | undefined;
    const forTtl = (ttlMs: number): LockClient => (inner ??= zookeeperClient(endpoints, clientId, ttlMs));
    return {
      acquire: (resource, options) => forTtl(options.ttlMs).acquire(resource, options),
      release: (resource, lease, options) => forTtl(2000).release(resource, lease, options),
      close: async () => inner?.close?.(),
    };
  },
};
