/**
 * The local runtime moves the clock of a program started with
 * `clockTool: "injector"` through the clock injector, with no LD_PRELOAD:
 * the reading is what the program itself reads in its vDSO, and a restart
 * after a kill gets the node's moved clock again before its start returns.
 * The program here prints Date.now() on each connection; Go and static
 * programs are the point, and the injector's own tests cover them. Needs
 * root (ptrace, namespaces), x86_64 and native/clock-inject built.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nodeId, type Cluster, type ProcessSpec } from "../../../core/index.js";
import { clockInjectorAvailable } from "../common/clock-injector.js";
import { createLocalRuntime } from "./local-runtime.js";
import { stopAndClean } from "./testing/stop-and-clean.js";

const l1 = nodeId("l1");
const TOLERANCE_MS = 150;
let cluster: Cluster | undefined;
let runId = "";
afterEach(async () => stopAndClean(runId, cluster));

describe.runIf(clockInjectorAvailable())("a program the clock injector moves on the local runtime", () => {
  it("reads the node's moved clock in its own vDSO, and again after a kill and a restart", { timeout: 60_000 }, async () => {
    const runtime = createLocalRuntime();
    expect(runtime.injectsClocks).toBe(true);
    runId = `ij${process.pid.toString(36)}`;
    cluster = await runtime.start([{ id: l1, role: "lock" }], { runId, clock: {} });
    const logDir = mkdtempSync(join(tmpdir(), "fc-injected-"));
    const server = `require("node:net").createServer((s) => s.end(String(Date.now()))).listen(7001, "0.0.0.0")`;
    const spec: ProcessSpec = { argv: [process.execPath, "-e", server], logFile: join(logDir, "service.log"), readyPort: 7001, clockTool: "injector" };
    const first = await cluster.startProcess(l1, spec);
    // No LD_PRELOAD: the injector, not libfaketime, moves it.
    expect(readFileSync(`/proc/${first.pid}/environ`, "utf8")).not.toContain("LD_PRELOAD");
    await cluster.setClock(l1, { offsetMs: 5_000, rate: 1 });
    const moved = await cluster.readClock(l1);
    expect(moved.tool).toBe("injector");
    expect(Math.abs(moved.offsetMs - 5_000)).toBeLessThan(TOLERANCE_MS);

    await cluster.kill(l1);
    await cluster.restart(l1);
    const again = await cluster.readClock(l1);
    expect(again.tool).toBe("injector");
    expect(Math.abs(again.offsetMs - 5_000)).toBeLessThan(TOLERANCE_MS);
  });
});
