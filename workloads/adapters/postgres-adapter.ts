/**
 * The built-in `postgres` adapter: one PostgreSQL node (postgres-server.ts)
 * and a session-level advisory lock per resource, taken with
 * pg_try_advisory_lock on the client's own connection. The lease is the
 * session: after the grant the session's idle_session_timeout is set to the
 * TTL, so a holder that stays silent longer (paused) has its session ended
 * by the server and the lock released. The token is nextval of the
 * `fencecheck_token` sequence, taken right after the grant.
 */
import pg from "pg";
import { clientRng, lockBusy, retryDelayMs, sleepUnlessAborted, unavailable, withDeadline } from "./adapter-helpers.js";
import type { LockAdapter, LockClient, LockServiceNode } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";
import { postgresLaunch } from "./postgres-server.js";
import { stableHash } from "./stable-hash.js";

const ATTEMPT_MS = 2000;

/** A pg client for "host:port" as the postgres superuser (trust auth inside the run's network). */
export function postgresConnection(endpoint: string): pg.Client {
  const at = endpoint.lastIndexOf(":");
  const client = new pg.Client({
    host: endpoint.slice(0, at), port: Number(endpoint.slice(at + 1)), user: "postgres", database: "postgres",
    connectionTimeoutMillis: ATTEMPT_MS,
  });
  client.on("error", () => undefined);
  return client;
}

function postgresClient(endpoint: string, clientId: string): LockClient {
  const rng = clientRng(clientId);
  let open: { client: pg.Client; alive: boolean } | undefined;

  async function session(): Promise<{ client: pg.Client; alive: boolean }> {
    if (open?.alive) return open;
    const client = postgresConnection(endpoint);
    const handle = { client, alive: true };
    client.on("end", () => (handle.alive = false));
    client.on("error", () => (handle.alive = false));
    await withDeadline(client.connect(), ATTEMPT_MS, "connect to PostgreSQL");
    await client.query("CREATE SEQUENCE IF NOT EXISTS fencecheck_token").catch(() => undefined);
    open = handle;
    return handle;
  }

  return {
    async acquire(resource, { ttlMs, signal }) {
      const key = stableHash(resource) % 2 ** 31;
      try {
        const s = await session();
        for (;;) {
          const got = await withDeadline(s.client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [key]), ATTEMPT_MS, `lock "${resource}"`);
          if (got.rows[0]?.ok === true) {
            const seq = await withDeadline(s.client.query<{ t: string }>("SELECT nextval('fencecheck_token')::text AS t"), ATTEMPT_MS, "take a token");
            await s.client.query(`SET idle_session_timeout = ${Math.max(1, Math.round(ttlMs))}`);
            return { token: seq.rows[0]?.t ?? "", key, session: s };
          }
          if (signal.aborted) throw lockBusy(resource, "PostgreSQL");
          await sleepUnlessAborted(retryDelayMs(rng), signal);
        }
      } catch (error) {
        if (error instanceof LockError) throw error;
        throw unavailable(`acquire "${resource}" from PostgreSQL`, error);
      }
    },
    async release(resource, lease) {
      const s = lease.session as { client: pg.Client; alive: boolean };
      const lost = (): LockError => new LockError("lease-lost", `Cannot release "${resource}": its PostgreSQL session has ended`, true);
      if (!s.alive) throw lost();
      try {
        const done = await withDeadline(s.client.query<{ ok: boolean }>("SELECT pg_advisory_unlock($1) AS ok", [lease.key]), ATTEMPT_MS, `unlock "${resource}"`);
        await s.client.query("SET idle_session_timeout = 0");
        if (done.rows[0]?.ok !== true) throw lost();
      } catch (error) {
        if (error instanceof LockError) throw error;
        if (!s.alive) throw lost();
        throw unavailable(`release "${resource}" in PostgreSQL`, error);
      }
    },
    async close() {
      await open?.client.end().catch(() => undefined);
    },
  };
}

/** Starts one PostgreSQL server as the lock service. */
function postgresLockLaunch(node: LockServiceNode) {
  const launch = postgresLaunch(node);
  return {
    ...launch,
    async ready(): Promise<boolean> {
      const probe = postgresConnection(`${node.host}:${node.port}`);
      try {
        await withDeadline(probe.connect(), 1000, "connect to PostgreSQL");
        await probe.query("SELECT 1");
        return true;
      } catch {
        return false;
      } finally {
        await probe.end().catch(() => undefined);
      }
    },
  };
}

/** The built-in PostgreSQL adapter (1 node). */
export const postgresAdapter: LockAdapter = {
  name: "postgres",
  service: { nodes: 1, start: postgresLockLaunch },
  async connect({ endpoints, clientId }) {
    const first = endpoints[0];
    if (first === undefined) throw new LockError("unavailable", "Cannot connect to PostgreSQL: no endpoints", true);
    return postgresClient(first, clientId);
  },
};
