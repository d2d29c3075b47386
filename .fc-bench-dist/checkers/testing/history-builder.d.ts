/**
 * Small builders for hand-written lock histories, used by the checker and
 * report tests. Times are given in milliseconds and stored as nanoseconds.
 */
import { type Op, type ProcessId, type StorageRecord } from "../../harness/core/index.js";
/** A [start, end] pair of milliseconds: an op's invoke and completion times. */
export type Span = readonly [number, number];
/** How a builder's write completes: acknowledged, rejected as stale, or indeterminate. */
export type WriteOutcome = "ok" | "stale" | "info";
/** Appends ops; `build()` orders them by time (stable) and numbers them. */
export interface HistoryBuilder {
    op(type: Op["type"], process: ProcessId, f: string, value: unknown, atMs: number, errorCode?: string): HistoryBuilder;
    acquire(process: number, resource: string, token: string, span: Span): HistoryBuilder;
    read(process: number, resource: string, value: string | null, token: string | null, span: Span): HistoryBuilder;
    write(process: number, resource: string, value: string, token: string, span: Span, outcome?: WriteOutcome): HistoryBuilder;
    release(process: number, resource: string, token: string, span: Span, lost?: boolean): HistoryBuilder;
    /** A nemesis pause (invoke + info) of `nodes`, with extra value fields such as process/token. */
    pause(nodes: readonly string[], extra: Readonly<Record<string, unknown>>, span: Span): HistoryBuilder;
    resume(nodes: readonly string[], span: Span): HistoryBuilder;
    build(): Op[];
}
/** Options: the node of each client process (default `c<process>`). */
export interface HistoryBuilderOptions {
    readonly nodes?: Readonly<Record<number, string>>;
}
/** A fresh, empty builder. */
export declare function historyBuilder(options?: HistoryBuilderOptions): HistoryBuilder;
/** A storage record with defaults (accepted, fenced mode, node "s1"); time in milliseconds. */
export declare function storageRecord(fields: Pick<StorageRecord, "key" | "value" | "token" | "client"> & Partial<StorageRecord> & {
    readonly atMs?: number;
}): StorageRecord;
