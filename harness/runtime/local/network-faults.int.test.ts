/**
 * Network faults against real processes in real namespaces: partitions,
 * packet loss, the delay proxy, and that heal and stop remove all of it.
 * Needs root and `npm run build` (the delay proxy runs from dist/).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSystemClock, nodeId } from "../../../core/index.js";
import type { Cluster, NodeId, ProcessSpec } from "../../../core/index.js";
import { grudgeRecord, isolate, partitionNemesis } from "../../../nemesis/index.js";
import { stopAndClean } from "./testing/stop-and-clean.js";
import { createLocalRuntime } from "./local-runtime.js";
import { nodeNamespace } from "./namespaces.js";

const clock = createSystemClock();
const [n1, n2, n3] = ["n1", "n2", "n3"].map(nodeId) as [NodeId, NodeId, NodeId];
const PORT = 7001;
const N1_HOST = "10.77.0.10";
let runCounter = 0;
let cluster: Cluster | undefined;
let runId = "";

/** A TCP server that answers every connection with "pong" and closes it. */
function serverSpec(logDir: string): ProcessSpec {
  const script = `require("net").createServer((s) => { s.on("error", () => {}); s.end("pong\\n"); }).listen(${PORT}, "0.0.0.0")`;
  return { argv: [process.execPath, "-e", script], logFile: join(logDir, "server.log"), readyPort: PORT };
}

async function startCluster(): Promise<Cluster> {
  runId = `nf${process.pid.toString(36)}${(runCounter++).toString(36)}`;
  const logDir = mkdtempSync(join(tmpdir(), "fc-net-int-"));
  cluster = await createLocalRuntime().start([n1, n2, n3].map((id) => ({ id, role: "lock" as const })), { runId });
  await cluster.startProcess(n1, serverSpec(logDir));
  return cluster;
}

const ECHO_PORT = 7003;

/** An echo server on ECHO_PORT that keeps each connection open. */
function echoSpec(logDir: string): ProcessSpec {
  const script = `require("net").createServer((s) => { s.on("error", () => {}); s.pipe(s); }).listen(${ECHO_PORT}, "0.0.0.0")`;
  return { argv: [process.execPath, "-e", script], logFile: join(logDir, "echo.log"), readyPort: ECHO_PORT };
}

/**
 * A client on n2 holding one connection to n1's echo server, sending a line
 * every 50 ms; a line "report" on its stdin makes it print how many echoes
 * came back and how many socket errors (resets) it saw, as JSON.
 */
async function openHeldConnection(c: Cluster, logDir: string): Promise<() => Promise<{ echoes: number; errors: string[] }>> {
  const script = [
    `const s = require("net").connect(${ECHO_PORT}, "${N1_HOST}"); let echoes = 0; const errors = [];`,
    `s.on("data", (d) => { echoes += String(d).split("\\n").length - 1; }); s.on("error", (e) => errors.push(e.code || e.message));`,
    `s.on("close", () => errors.push("closed")); setInterval(() => { if (!s.destroyed) s.write("ping\\n"); }, 50);`,
    `process.stdin.on("data", () => console.log(JSON.stringify({ echoes, errors })));`,
  ].join("\n");
  const proc = await c.startProcess(n2, { argv: [process.execPath, "-e", script], logFile: join(logDir, "held.log"), stdio: "pipe" });
  const lines: string[] = [];
  proc.onLine((line) => lines.push(line));
  return async () => {
    const seen = lines.length;
    proc.send("report");
    for (let i = 0; i < 100 && lines.length === seen; i++) await clock.sleep(20);
    return JSON.parse(lines[seen] ?? "{}") as { echoes: number; errors: string[] };
  };
}

/** What n2 reads from n1's server, and how long it took (ms). */
async function fetchTimed(c: Cluster): Promise<{ text: string; ms: number }> {
  const start = clock.nowNs();
  const script = `timeout 5 bash -c 'cat < /dev/tcp/${N1_HOST}/${PORT}' 2>/dev/null`;
  const { stdout } = await c.exec(n2, ["bash", "-c", script]);
  return { text: stdout.trim(), ms: (clock.nowNs() - start) / 1e6 };
}

async function rules(c: Cluster, node: NodeId, table: string): Promise<string> {
  return (await c.exec(node, ["iptables", "-w", "-t", table, "-S"])).stdout;
}

beforeAll(async () => {
  await createLocalRuntime().checkPrerequisites();
});

afterEach(() => stopAndClean(runId, cluster).finally(() => (cluster = undefined)));

describe("network faults on the local runtime", () => {
  it("a partition makes a real connection time out and the heal makes it work again", async () => {
    const c = await startCluster();
    expect(await c.probe(n2, n1, { port: PORT })).toBe("connected");
    await c.partition(isolate([n1, n2, n3], n1));
    expect(await c.probe(n2, n1, { port: PORT, timeoutMs: 500 })).toBe("timeout");
    expect(await c.probe(n3, n2, { port: PORT })).toBe("refused");
    await c.heal();
    expect(await c.probe(n2, n1, { port: PORT })).toBe("connected");
    expect(await rules(c, n1, "filter")).not.toContain("FENCECHECK");
  });

  it("the partition nemesis proves its cut and its heal on real namespaces", async () => {
    const c = await startCluster();
    const nemesis = partitionNemesis({ probeTimeoutMs: 500 });
    const value = { package: "partition", shape: "isolate", grudge: grudgeRecord(isolate([n1, n2, n3], n3)) };
    const invoke = (f: string, v: unknown) => ({ index: 0, time: 0, process: "nemesis" as const, type: "invoke" as const, f, value: v });
    const signal = new AbortController().signal;
    expect(await nemesis.invoke(invoke("start-partition", value), c, signal)).toEqual(value);
    expect(await nemesis.invoke(invoke("stop-partition", {}), c, signal)).toMatchObject({
      cutProbed: { result: "timeout" }, probed: { result: "refused" },
    });
  });

  it("certain loss drops every connection, no loss drops none, and heal removes the rules", async () => {
    const c = await startCluster();
    await c.dropPackets(n1, [n2], 1);
    for (let i = 0; i < 3; i++) expect(await c.probe(n2, n1, { port: PORT, timeoutMs: 300 })).toBe("timeout");
    expect(await c.probe(n3, n1, { port: PORT })).toBe("connected");
    await c.dropPackets(n1, [n2], 0);
    for (let i = 0; i < 5; i++) expect(await c.probe(n2, n1, { port: PORT })).toBe("connected");
    await c.healTraffic("loss");
    expect(await rules(c, n1, "filter")).not.toContain("FENCECHECK-LOSS");
  });

  it("the delay proxy adds at least the delay to a request, and heal removes proxy and redirect", async () => {
    const c = await startCluster();
    const before = await fetchTimed(c);
    expect(before.text).toBe("pong");
    await c.delayTraffic(n1, { delayMs: 400, jitterMs: 50, seed: 1 });
    expect(await rules(c, n1, "nat")).toContain("REDIRECT");
    const delayed = await fetchTimed(c);
    expect(delayed.text).toBe("pong");
    expect(delayed.ms).toBeGreaterThanOrEqual(400);
    await c.healTraffic("delay");
    expect(await rules(c, n1, "nat")).not.toContain("-A PREROUTING -j FENCECHECK-DELAY");
    // The proxy has exited, so a new connection still redirected to it would be refused: "pong" proves it goes straight to the service.
    expect(delayProxiesIn(c, n1)).toEqual([]);
    expect((await fetchTimed(c)).text).toBe("pong");
  });

  it("a connection open before the delay keeps its path, unreset, through the delay's start and heal", async () => {
    const c = await startCluster();
    const logDir = mkdtempSync(join(tmpdir(), "fc-net-int-"));
    await c.startProcess(n1, echoSpec(logDir));
    const report = await openHeldConnection(c, logDir);
    let before = await report();
    for (let i = 0; i < 50 && !(before.echoes > 0); i++) before = await clock.sleep(100).then(report);
    expect(before, "the held connection echoes before the delay").toMatchObject({ errors: [] });
    expect(before.echoes).toBeGreaterThan(0);
    await c.delayTraffic(n1, { port: ECHO_PORT, delayMs: 300, jitterMs: 0, seed: 1 });
    await clock.sleep(600);
    const during = await report();
    await c.healTraffic("delay");
    await clock.sleep(300);
    const after = await report();
    expect(after.errors, `errors during ${JSON.stringify(during)} and after the heal`).toEqual([]);
    expect(during.echoes).toBeGreaterThan(before.echoes);
    expect(after.echoes).toBeGreaterThan(during.echoes);
    // A connection made during the delay goes through the proxy all the same.
    await c.delayTraffic(n1, { delayMs: 400, jitterMs: 0, seed: 1 });
    expect((await fetchTimed(c)).ms).toBeGreaterThanOrEqual(400);
  });

  it("a connection made through the proxy during the delay goes on after the heal, unreset", async () => {
    const c = await startCluster();
    const logDir = mkdtempSync(join(tmpdir(), "fc-net-int-"));
    await c.startProcess(n1, echoSpec(logDir));
    await c.delayTraffic(n1, { port: ECHO_PORT, delayMs: 300, jitterMs: 0, seed: 1 });
    const report = await openHeldConnection(c, logDir);
    let during = await report();
    for (let i = 0; i < 50 && !(during.echoes > 0); i++) during = await clock.sleep(100).then(report);
    expect(during, "the connection made during the delay echoes through the proxy").toMatchObject({ errors: [] });
    expect(during.echoes).toBeGreaterThan(0);
    await c.healTraffic("delay");
    expect(await rules(c, n1, "nat")).not.toContain("-A PREROUTING -j FENCECHECK-DELAY");
    const healed = await report();
    await clock.sleep(1000);
    const after = await report();
    expect(after.errors, "no reset at the heal").toEqual([]);
    expect(after.echoes, "the connection still echoes after the heal").toBeGreaterThan(healed.echoes);
    const draining = delayProxiesIn(c, n1);
    expect(draining, "the proxy drains the connection it carries").toHaveLength(1);
    await c.stop();
    expect(spawnSync("kill", ["-0", draining[0] as string]).status, "stop ends a proxy still draining").not.toBe(0);
  });

  it("stop ends a delay proxy left running mid-fault", async () => {
    const c = await startCluster();
    await c.delayTraffic(n1, { port: PORT, delayMs: 100, jitterMs: 0, seed: 1 });
    const pids = delayProxiesIn(c, n1);
    expect(pids).toHaveLength(1);
    await c.stop();
    const alive = (await import("node:child_process")).spawnSync("kill", ["-0", pids[0] as string]).status === 0;
    expect(alive).toBe(false);
  });
});

/** The delay proxies running in this run's namespace of `node` (pgrep would also see other runs' proxies). */
function delayProxiesIn(c: Cluster, node: NodeId): string[] {
  const listed = spawnSync("ip", ["netns", "pids", nodeNamespace(c.runId, node)], { encoding: "utf8" }).stdout;
  return listed.split("\n").filter((pid) => {
    try {
      return pid !== "" && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("delay-proxy");
    } catch {
      return false;
    }
  });
}
