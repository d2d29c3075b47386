/**
 * PostgreSQL as storage, behind the storage service's HTTP protocol. The
 * decision is the database's own: one upsert whose conflict branch carries
 * the fencing condition (`WHERE kv.highest <= token`, fenced) or none
 * (unfenced), and the write is accepted exactly when a row was affected.
 * The proxy only reports that answer; it never decides. Statements go over
 * one connection in order, so storage.jsonl lists decisions in the order
 * the database made them.
 */
import type pg from "pg";
import type { StorageRecord } from "../../../core/index.js";

/** `fenced` adds the token condition to the update; `unfenced` overwrites. */
export type PgStorageMode = "fenced" | "unfenced";

/** Creates the table if needed. */
export const PG_SCHEMA =
  "CREATE TABLE IF NOT EXISTS kv (key text PRIMARY KEY, value text NOT NULL, token numeric, highest numeric, version bigint NOT NULL DEFAULT 1)";

/** The write statement of a mode ($1 key, $2 value, $3 token); returns rows (affected, highest before). */
export function pgWriteStatement(mode: PgStorageMode): string {
  const condition = mode === "fenced" ? " WHERE kv.highest IS NULL OR kv.highest <= EXCLUDED.token" : "";
  return [
    "WITH prev AS (SELECT highest FROM kv WHERE key = $1),",
    "up AS (INSERT INTO kv (key, value, token, highest) VALUES ($1, $2, $3::numeric, $3::numeric)",
    "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token,",
    `highest = GREATEST(kv.highest, EXCLUDED.token), version = kv.version + 1${condition} RETURNING 1)`,
    "SELECT (SELECT count(*) FROM up)::int AS affected, (SELECT highest::text FROM prev) AS highest",
  ].join(" ");
}

/** One write request. */
export interface PgWrite {
  readonly key: string;
  readonly value: string;
  readonly token: string | null;
  readonly client: string;
}

/** Runs one write and returns its storage record (fenced storage refuses a write without a token before asking). */
export async function pgWrite(db: pg.Client, mode: PgStorageMode, write: PgWrite, at: { node: string; now: () => number }): Promise<StorageRecord> {
  const base = { node: at.node, key: write.key, value: write.value, token: write.token, client: write.client, mode: `postgres-${mode}` };
  if (mode === "fenced" && write.token === null) {
    const prev = await db.query<{ h: string | null }>("SELECT highest::text AS h FROM kv WHERE key = $1", [write.key]);
    return { ...base, time: at.now(), accepted: false, highest: prev.rows[0]?.h ?? null, reason: "missing-token" };
  }
  const answer = await db.query<{ affected: number; highest: string | null }>(pgWriteStatement(mode), [write.key, write.value, write.token]);
  const row = answer.rows[0];
  const accepted = row?.affected === 1;
  return { ...base, time: at.now(), accepted, highest: row?.highest ?? null, ...(accepted ? {} : { reason: "stale-token" }) };
}

/** Reads a key: value and token, nulls when never written. */
export async function pgRead(db: pg.Client, key: string): Promise<{ value: string | null; token: string | null }> {
  const answer = await db.query<{ value: string; token: string | null }>("SELECT value, token::text AS token FROM kv WHERE key = $1", [key]);
  const row = answer.rows[0];
  return row ? { value: row.value, token: row.token } : { value: null, token: null };
}
