/**
 * Program entry of the reference lock service:
 *
 *   node server.js --host H --port P --data-dir D --node ID [--origin-ns N]
 *
 * Prints `listening <host>:<port>` on stdout when ready and logs requests to
 * stderr. Lease expiry uses this process's wall clock, which the clock
 * nemesis skews through libfaketime: that is the point of the exercise.
 * `--origin-ns` (the harness's CLOCK_MONOTONIC origin) adds harness times to
 * grants.jsonl.
 */
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { createSystemClock } from "../../../harness/core/index.js";
import { exitOnSignals, serveJson } from "../serve-json.js";
import { createLeaseTable } from "./lease-table.js";
import { lockRoute } from "./lock-route.js";
import { appendGrant, loadLockState, saveLockState } from "./lock-state-file.js";
async function main() {
    const { values } = parseArgs({
        options: {
            host: { type: "string", default: "127.0.0.1" },
            port: { type: "string", default: "0" },
            "data-dir": { type: "string" },
            node: { type: "string", default: "lock" },
            "origin-ns": { type: "string" },
        },
    });
    const dataDir = values["data-dir"];
    if (!dataDir)
        throw new Error("Cannot start the reference lock service: --data-dir is missing");
    mkdirSync(dataDir, { recursive: true });
    const clock = createSystemClock();
    const table = createLeaseTable({ nowMs: () => clock.wallMs(), snapshot: loadLockState(dataDir) });
    const originNs = values["origin-ns"] === undefined ? undefined : BigInt(values["origin-ns"]);
    const route = lockRoute({
        table,
        persist: () => saveLockState(dataDir, table.snapshot()),
        recordGrant: (grant) => appendGrant(dataDir, grant),
        ...(originNs === undefined ? {} : { harnessNowNs: () => Number(process.hrtime.bigint() - originNs) }),
    });
    const node = values.node;
    const server = await serveJson(route, {
        host: values.host,
        port: Number(values.port),
        log: (line) => process.stderr.write(`[${node}] ${line}\n`),
    });
    exitOnSignals(server);
}
main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
});
//# sourceMappingURL=server.js.map