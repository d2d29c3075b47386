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
import type { StorageRecord } from "../../../harness/core/index.js";
/** `fenced` adds the token condition to the update; `unfenced` overwrites. */
export type PgStorageMode = "fenced" | "unfenced";
/** Creates the table if needed. */
export declare const PG_SCHEMA = "CREATE TABLE IF NOT EXISTS kv (key text PRIMARY KEY, value text NOT NULL, token numeric, highest numeric, version bigint NOT NULL DEFAULT 1)";
/** The write statement of a mode ($1 key, $2 value, $3 token); returns rows (affected, highest before). */
export declare function pgWriteStatement(mode: PgStorageMode): string;
/** One write request. */
export interface PgWrite {
    readonly key: string;
    readonly value: string;
    readonly token: string | null;
    readonly client: string;
}
/** Runs one write and returns its storage record (fenced storage refuses a write without a token before asking). */
export declare function pgWrite(db: pg.Client, mode: PgStorageMode, write: PgWrite, at: {
    node: string;
    now: () => number;
}): Promise<StorageRecord>;
/** Reads a key: value and token, nulls when never written. */
export declare function pgRead(db: pg.Client, key: string): Promise<{
    value: string | null;
    token: string | null;
}>;
