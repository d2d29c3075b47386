/**
 * The reference lock service's HTTP routes over a lease table. The state is
 * persisted (through the injected `persist`) before a grant or a release is
 * answered, so a token is never handed out twice, even across a restart.
 */
import type { JsonRoute } from "../serve-json.js";
import type { LeaseTable } from "./lease-table.js";
import type { GrantRecord } from "./lock-state-file.js";
/** What the routes need besides the table. */
export interface LockRouteDeps {
    readonly table: LeaseTable;
    /** Saves the table's snapshot durably; called before a grant or release is answered. */
    readonly persist: () => void;
    /** Records one grant (grants.jsonl). */
    readonly recordGrant: (grant: GrantRecord) => void;
    /** Harness-monotonic ns for grant records, when the server knows the origin. */
    readonly harnessNowNs?: () => number;
}
/** Builds the route: POST /acquire, POST /release, GET /health. */
export declare function lockRoute(deps: LockRouteDeps): JsonRoute;
