/**
 * A delay's heal against a real etcd on the local runtime (needs root,
 * /usr/bin/etcd and `npm run build`: the delay proxy runs from dist/): an
 * etcd client whose gRPC connection was made during the delay, so through
 * the proxy, keeps it across the heal; its puts before, across and after
 * the heal all succeed, none with ECONNRESET. The client is built as the
 * etcd adapter builds it (no retries), so a reset shows as an error, and a
 * connection the heal broke without a reset as puts that stop (what the heal
 * that deleted the REDIRECT rule did here: the put in flight never returned).
 */
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSystemClock, nodeId, type Cluster, type NodeId } from "../../../core/index.js";
import { stopAndClean } from "./testing/stop-and-clean.js";
import { createLocalRuntime } from "./local-runtime.js";

const clock = createSystemClock();
const [l1, c1] = ["l1", "c1"].map(nodeId) as [NodeId, NodeId];
const PORT = 7001;
const require = createRequire(import.meta.url);
let cluster: Cluster | undefined;
let runId = "";

/** What the client on c1 has seen: puts that succeeded, and each failed put's error code. */
interface PutReport {
  readonly oks: number;
  readonly errors: string[];
}

/** Starts one etcd member on l1, ready on PORT. */
async function startEtcd(c: Cluster, dir: string): Promise<string> {
  const host = c.nodes.find((n) => n.id === l1)?.host as string;
  const peer = `http://${host}:${PORT + 1}`;
  await c.startProcess(l1, {
    argv: ["/usr/bin/etcd", "--name", "l1", "--data-dir", join(dir, "etcd"), "--listen-client-urls", `http://${host}:${PORT}`,
      "--advertise-client-urls", `http://${host}:${PORT}`, "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
      "--initial-cluster", `l1=${peer}`, "--initial-cluster-state", "new", "--log-level", "warn"],
    logFile: join(dir, "etcd.log"),
    readyPort: PORT,
  });
  return host;
}

/**
 * A client on c1 that puts a key every 100 ms, one put at a time, over one
 * connection; a line on its stdin makes it print a PutReport as JSON.
 */
async function startPutter(c: Cluster, host: string, dir: string): Promise<() => Promise<PutReport>> {
  const script = [
    `const { Etcd3 } = require(${JSON.stringify(require.resolve("etcd3"))}); const { noop } = require(${JSON.stringify(require.resolve("cockatiel"))});`,
    `const etcd = new Etcd3({ hosts: ["http://${host}:${PORT}"], dialTimeout: 1000, faultHandling: { host: () => noop, global: noop } });`,
    "let oks = 0; const errors = [];",
    "(async () => { for (let i = 0; ; i++) { try { await etcd.put('k').value(String(i)); oks++; } catch (e) { errors.push(String(e.code ?? e.message)); } await new Promise((r) => setTimeout(r, 100)); } })();",
    "process.stdin.on('data', () => console.log(JSON.stringify({ oks, errors })));",
  ].join("\n");
  const proc = await c.startProcess(c1, { argv: [process.execPath, "-e", script], logFile: join(dir, "putter.log"), stdio: "pipe" });
  const lines: string[] = [];
  proc.onLine((line) => lines.push(line));
  return async () => {
    const seen = lines.length;
    proc.send("report");
    for (let i = 0; i < 250 && lines.length === seen; i++) await clock.sleep(20);
    return JSON.parse(lines[seen] ?? "{}") as PutReport;
  };
}

beforeAll(async () => {
  await createLocalRuntime().checkPrerequisites();
});

afterEach(() => stopAndClean(runId, cluster).finally(() => (cluster = undefined)));

describe("a delay's heal with a real etcd", () => {
  it("keeps the etcd client's connection made through the proxy: puts across the heal succeed, none reset", async () => {
    runId = `de${process.pid.toString(36)}`;
    const dir = mkdtempSync(join(tmpdir(), "fc-delay-etcd-"));
    cluster = await createLocalRuntime().start([{ id: l1, role: "lock" }, { id: c1, role: "client" }], { runId });
    const host = await startEtcd(cluster, dir);
    await cluster.delayTraffic(l1, { port: PORT, delayMs: 200, jitterMs: 0, seed: 1 });
    const report = await startPutter(cluster, host, dir);
    let during = await report();
    for (let i = 0; i < 100 && !(during.oks >= 3); i++) during = await clock.sleep(100).then(report);
    expect(during, "puts through the delay proxy succeed").toMatchObject({ errors: [] });
    expect(during.oks).toBeGreaterThanOrEqual(3);
    await cluster.healTraffic("delay");
    await clock.sleep(2000);
    const after = await report();
    expect(after.errors, "no put failed across the heal").toEqual([]);
    expect(after.oks, "puts go on after the heal").toBeGreaterThan(during.oks + 2);
  }, 120_000);
});
