/**
 * The format-independent op every parser produces: Jepsen's op map cut
 * down to what the checker reads, plus the line it came from.
 */
import { type OpType } from "../../../harness/core/index.js";
/** One parsed history line. Nemesis ops are already left out. */
export interface JepsenOp {
    readonly process: number;
    readonly type: OpType;
    readonly f: string;
    readonly value: unknown;
    /** `:key` when present. */
    readonly key?: unknown;
    /** The error code of a failure, when the format has one. */
    readonly errorCode?: string;
    /** 1-based line in the source file. */
    readonly line: number;
}
/** The history formats the checker reads. */
export type HistoryFormat = "jsonl" | "edn" | "etcd-log";
/** Every format name. */
export declare const HISTORY_FORMATS: readonly HistoryFormat[];
/** Throws input.invalid naming the source and line. */
export declare function badLine(source: string, line: number, why: string): never;
/**
 * Reads a Jepsen op from a decoded map (EDN or JSON). Returns undefined for
 * ops of a non-client process (the nemesis, named by a keyword or string).
 */
export declare function opFromMap(map: unknown, source: string, line: number): JepsenOp | undefined;
