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
import type { LockAdapter } from "./lock-adapter.js";
/** A pg client for "host:port" as the postgres superuser (trust auth inside the run's network). */
export declare function postgresConnection(endpoint: string): pg.Client;
/** The built-in PostgreSQL adapter (1 node). */
export declare const postgresAdapter: LockAdapter;
