import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSystemClock, nodeId } from "../../../core/index.js";
import type { Cluster, NodeId, ProcessSpec } from "../../../core/index.js";
import { stopAndClean } from "./testing/stop-and-clean.js";
import { createLocalRuntime } from "./local-runtime.js";
import { listOwnedNamespaces, namespacePids } from "./namespace-reaper.js";

const clock = createSystemClock();
const [n1, n2, n3] = ["n1", "n2", "n3"].map(nodeId) as [NodeId, NodeId, NodeId];
const PORT = 7001;
let runCounter = 0;
let cluster: Cluster | undefined;
let runId = "";
let logDir = "";

/** A TCP server that answers every connection with "pong <name>" and closes it. */
function serverSpec(name: string, port = PORT): ProcessSpec {
  // Ignores socket errors: the readiness probe connects and resets at once.
  const serve = `(s) => { s.on("error", () => {}); s.end("pong ${name}\\n"); }`;
  const script = `require("net").createServer(${serve}).listen(${port}, "0.0.0.0")`;
  return { argv: [process.execPath, "-e", script], logFile: join(logDir, `${name}.log`), readyPort: port };
}

/** A process that appends one byte to `file` every 20 ms. */
function counterSpec(file: string): ProcessSpec {
  const script = `setInterval(() => require("fs").appendFileSync(${JSON.stringify(file)}, "x"), 20)`;
  return { argv: [process.execPath, "-e", script], logFile: join(logDir, "counter.log") };
}

/**
 * What `cat < /dev/tcp/host/PORT` prints from inside `from` within `seconds`
 * (generous by default: the machine is shared; a dropped SYN always gives "").
 */
async function fetchFrom(from: NodeId, host: string, seconds = 10): Promise<string> {
  const script = `timeout ${seconds} bash -c 'cat < /dev/tcp/${host}/${PORT}' 2>/dev/null`;
  return (await cluster!.exec(from, ["bash", "-c", script])).stdout.trim();
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z");
  } catch {
    return false;
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  for (let waited = 0; waited < timeoutMs; waited += 20) {
    if (check()) return true;
    await clock.sleep(20);
  }
  return check();
}

async function startCluster(nodes = [n1, n2, n3]): Promise<Cluster> {
  runId = `it${process.pid.toString(36)}${(runCounter++).toString(36)}`;
  logDir = mkdtempSync(join(tmpdir(), "fc-local-int-"));
  cluster = await createLocalRuntime().start(
    nodes.map((id) => ({ id, role: "lock" as const })),
    { runId },
  );
  return cluster;
}

beforeAll(async () => {
  await createLocalRuntime().checkPrerequisites();
});

afterEach(() => stopAndClean(runId, cluster).finally(() => (cluster = undefined)));

describe("local runtime network", () => {
  it("gives each node an address on the run's bridge that other nodes reach", async () => {
    const c = await startCluster();
    expect(c.nodes.map((n) => n.host)).toEqual(["10.77.0.10", "10.77.0.11", "10.77.0.12"]);
    expect(await listOwnedNamespaces(clock, runId)).toHaveLength(4);
    await c.startProcess(n1, serverSpec("n1"));
    expect(await fetchFrom(n2, "10.77.0.10")).toBe("pong n1");
    expect(await fetchFrom(n3, "10.77.0.10")).toBe("pong n1");
  });

  it("keeps node addresses unreachable from the host's namespace", async () => {
    const c = await startCluster();
    await c.startProcess(n1, serverSpec("n1"));
    // Some hosts' default gateways accept any TCP connection, so the test
    // asks whether our server answered, not whether a connection opened.
    const answer = await new Promise<string>((resolve) => {
      let data = "";
      const socket = connect({ host: "10.77.0.10", port: PORT, timeout: 1000 });
      socket.setEncoding("utf8").on("data", (chunk: string) => (data += chunk));
      socket.on("close", () => resolve(data));
      socket.on("error", () => resolve(data));
      socket.on("timeout", () => socket.destroy());
    });
    expect(answer).not.toContain("pong");
  });

  it("drops traffic named by a grudge and restores it on heal", async () => {
    const c = await startCluster();
    await c.startProcess(n1, serverSpec("n1"));
    await c.partition(new Map([[n1, new Set([n2])]]));
    expect(await fetchFrom(n2, "10.77.0.10", 1)).toBe("");
    expect(await fetchFrom(n3, "10.77.0.10")).toBe("pong n1");
    await c.heal();
    expect(await fetchFrom(n2, "10.77.0.10")).toBe("pong n1");
    expect((await c.exec(n1, ["iptables", "-S"])).stdout).not.toContain("FENCECHECK");
  });
});

describe("local runtime processes", () => {
  it("tracks the real program's PID, not the ip wrapper's", async () => {
    const c = await startCluster();
    const proc = await c.startProcess(n1, serverSpec("n1"));
    expect(readFileSync(`/proc/${proc.pid}/cmdline`, "utf8").split("\0")[0]).toBe(process.execPath);
  });

  it("stops a paused node's processes until it is resumed", async () => {
    const c = await startCluster();
    const file = join(logDir, "count");
    await c.startProcess(n2, counterSpec(file));
    expect(await until(() => sizeOf(file) > 0, 10_000)).toBe(true);
    await c.pause(n2);
    const pausedSize = sizeOf(file);
    await clock.sleep(300);
    expect(sizeOf(file)).toBe(pausedSize);
    await c.resume(n2);
    expect(await until(() => sizeOf(file) > pausedSize, 10_000)).toBe(true);
  });

  it("brings a killed service back on the same port with restart", async () => {
    const c = await startCluster();
    const proc = await c.startProcess(n1, serverSpec("n1"));
    await c.kill(n1);
    expect(await proc.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(await fetchFrom(n2, "10.77.0.10", 1)).toBe("");
    await c.restart(n1);
    expect(await fetchFrom(n2, "10.77.0.10")).toBe("pong n1");
  });

  it("echoes lines through a process started with stdio pipe", async () => {
    const c = await startCluster();
    const script = `require("readline").createInterface({ input: process.stdin }).on("line", (l) => console.log("echo " + l))`;
    const spec: ProcessSpec = { argv: [process.execPath, "-e", script], logFile: join(logDir, "agent.log"), stdio: "pipe", kind: "agent" };
    const proc = await c.startProcess(n3, spec);
    const lines: string[] = [];
    proc.onLine((line) => lines.push(line));
    proc.send("one");
    proc.send('{"two":2}');
    expect(await until(() => lines.length === 2, 10_000)).toBe(true);
    expect(lines).toEqual(["echo one", 'echo {"two":2}']);
  });

  it("fails fast, naming the exit code, when a service exits before it is ready", async () => {
    const c = await startCluster();
    const spec: ProcessSpec = { argv: ["bash", "-c", "echo boom >&2; exit 3"], logFile: join(logDir, "bad.log"), readyPort: PORT };
    await expect(c.startProcess(n1, spec)).rejects.toThrow(/Cannot start node "n1": process exited with code 3 before port 7001[^]*boom/);
  });

  it("gives up on a port that never opens after the ready timeout", async () => {
    const c = await startCluster();
    const spec: ProcessSpec = { argv: ["sleep", "30"], logFile: join(logDir, "idle.log"), readyPort: PORT, readyTimeoutMs: 300 };
    await expect(c.startProcess(n1, spec)).rejects.toMatchObject({ code: "runtime.node-start-failed" });
  });

  it("runs a command inside a node and reports a non-zero exit without rejecting", async () => {
    const c = await startCluster();
    const result = await c.exec(n2, ["bash", "-c", "ip -4 -o addr show eth0; exit 4"]);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toContain("10.77.0.11/24");
  });
});

describe("local runtime stop", () => {
  it("leaves no namespace and no process, even a paused one or one it did not start", async () => {
    const c = await startCluster();
    const server = await c.startProcess(n1, serverSpec("n1"));
    const counter = await c.startProcess(n2, counterSpec(join(logDir, "count")));
    await c.exec(n3, ["bash", "-c", "setsid sleep 1000 >/dev/null 2>&1 < /dev/null &"]);
    const strays = await namespacePids(clock, `fc-${runId}-n3`);
    expect(strays).toHaveLength(1);
    await c.pause(n2);
    await Promise.all([c.stop(), c.stop()]);
    expect(await listOwnedNamespaces(clock, runId)).toEqual([]);
    expect([server.pid, counter.pid, ...strays].filter(isAlive)).toEqual([]);
    await c.stop();
  });
});
