/**
 * The kill nemesis against the real reference lock service in a real
 * namespace: SIGKILL, then restart with the same data directory, and
 * tokens keep increasing. Needs root and `npm run build`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import type { Cluster, Invoke, NodeId } from "../../../core/index.js";
import { killNemesis } from "../../../nemesis/index.js";
import { entrypointPath } from "../../../workloads/index.js";
import { stopAndClean } from "./testing/stop-and-clean.js";
import { createLocalRuntime } from "./local-runtime.js";

const [l1, c1] = [nodeId("l1"), nodeId("c1")] as [NodeId, NodeId];
const PORT = 7001;
let cluster: Cluster | undefined;
const runId = `kr${process.pid.toString(36)}`;

/** Acquires resource "r" from inside c1 and returns the token (or the error body). */
async function acquire(c: Cluster, host: string, client: string): Promise<string> {
  const body = JSON.stringify({ resource: "r", client, ttlMs: 1 });
  const script = `fetch("http://${host}:${PORT}/acquire",{method:"POST",body:${JSON.stringify(body)}}).then(r=>r.json()).then(j=>console.log(j.token ?? JSON.stringify(j)))`;
  const result = await c.exec(c1, [process.execPath, "-e", script]);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return result.stdout.trim();
}

function invoke(f: string, nodes: string[]): Invoke {
  return { index: 0, time: 0, process: "nemesis", type: "invoke", f, value: { package: "kill", nodes } };
}

afterEach(() => stopAndClean(runId, cluster).finally(() => (cluster = undefined)));

describe("kill nemesis on the local runtime", () => {
  it("kills the reference lock service, restarts it on the same data, and tokens keep increasing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-kill-int-"));
    const c = await createLocalRuntime().start([{ id: l1, role: "lock" }, { id: c1, role: "client" }], { runId });
    cluster = c;
    const host = c.nodes.find((n) => n.id === l1)?.host as string;
    await c.startProcess(l1, {
      argv: [process.execPath, entrypointPath("reference-lock"), "--host", host, "--port", String(PORT), "--data-dir", join(dir, "data"), "--node", "l1"],
      logFile: join(dir, "service.log"),
      readyPort: PORT,
    });
    const before = [await acquire(c, host, "a"), await acquire(c, host, "b")];
    const nemesis = killNemesis();
    const signal = new AbortController().signal;
    await nemesis.invoke(invoke("kill", ["l1"]), c, signal);
    expect(await c.probe(c1, l1, { port: PORT })).toBe("refused");
    await nemesis.invoke(invoke("restart", ["l1"]), c, signal);
    expect(await c.probe(c1, l1, { port: PORT })).toBe("connected");
    const after = await acquire(c, host, "c");
    expect(before.map(BigInt)).toEqual([1n, 2n]);
    expect(BigInt(after)).toBeGreaterThan(2n);
  });
});
