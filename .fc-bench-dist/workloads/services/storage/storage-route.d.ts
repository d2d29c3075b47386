/**
 * The storage service's HTTP routes: POST /write, GET /read, GET /health.
 * Every write decision is journaled (when accepted) and recorded (always)
 * before it is answered.
 */
import type { StorageRecord } from "../../../harness/core/index.js";
import type { JsonRoute } from "../serve-json.js";
import { type AcceptedWrite, type StorageMode, type StorageState } from "./storage-state.js";
/** What the routes need besides the state. */
export interface StorageRouteDeps {
    readonly state: StorageState;
    readonly node: string;
    readonly mode: StorageMode;
    /** Harness-monotonic nanoseconds. */
    readonly harnessNowNs: () => number;
    /** Makes an accepted write durable (the journal). */
    readonly journal: (write: AcceptedWrite) => void;
    /** `file` mode: writes the key's value as a plain file. */
    readonly keepFile?: (key: string, value: string) => void;
    /** Appends one storage.jsonl line. */
    readonly record: (record: StorageRecord) => void;
}
/** Builds the route. */
export declare function storageRoute(deps: StorageRouteDeps): JsonRoute;
