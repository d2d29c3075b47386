/**
 * The docker runtime against a real engine: bring-up on a run network with
 * fixed addresses, a program driven over stdio inside a container, pause
 * by SIGSTOP of the real PID, partition and heal through nsenter, clock
 * skew through libfaketime and, for a static program, through the clock
 * injector, kill and restart, and nothing left after stop.
 * Skipped, with a message, when no Docker engine answers. Needs root.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import type { Cluster, HarnessError, NodeId, NodeProcess } from "../../../core/index.js";
import { cleanDocker } from "./clean-docker.js";
import { connectEngine, engineAnswers } from "./docker-engine.js";
import { runLabelFilter } from "./docker-plan.js";
import { createDockerRuntime } from "./docker-runtime.js";
import { packageRoot } from "./docker-runtime-for-run.js";
import { buildImages } from "./images/build-images.js";
import { CHATTER, logOnFullDisk } from "../../cli/testing/fill-disk.js";

const engine = connectEngine();
const available = await engineAnswers(engine);
if (!available) console.warn(`skipping docker runtime tests: no Docker engine answers at "${engine.address}"`);
const clock = createSystemClock();
const work = mkdtempSync(join(tmpdir(), "fencecheck-docker-int-"));
const runtime = createDockerRuntime({ engine, clock, mounts: { readOnly: [packageRoot()], readWrite: [work] }, stateDir: join(work, "state") });
const runId = `dt${process.pid.toString(36)}`;
const node = (id: string): NodeId => id as NodeId;
let cluster: Cluster;
const failures: HarnessError[] = [];

/** A TCP server on port 7002 of the node's address, and a stdio echo/counter program. */
const SERVER = "require('net').createServer((s)=>{s.on('error',()=>{});s.end('hi')}).listen(7002, process.argv[1])";
const ECHO = "require('readline').createInterface({input:process.stdin}).on('line',(l)=>console.log('echo:'+l));";
const TIMED_FETCH =
  "const t=process.hrtime.bigint();let d='';require('net').connect(7002,process.argv[1]).on('data',(c)=>d+=c)" +
  ".on('end',()=>console.log(d+' '+Number((process.hrtime.bigint()-t)/1000000n)))";
const TICKER = "let n=0;setInterval(()=>console.log(String(n++)),10)";

function lines(proc: NodeProcess): string[] {
  const seen: string[] = [];
  proc.onLine((line) => seen.push(line));
  return seen;
}

describe("a Docker engine under CI", () => {
  // A missing engine must never switch these tests off silently: under CI=true it fails.
  it.runIf(process.env.CI === "true")("answers", () => {
    expect(available, `no Docker engine answers at "${engine.address}"`).toBe(true);
  });
});

describe.runIf(available)("the docker runtime", () => {
  beforeAll(async () => {
    await buildImages(engine, { names: ["node"], templatePath: join(packageRoot(), "docker/offline/Dockerfile"), clock });
    cluster = await runtime.start(
      [
        { id: node("l1"), role: "lock" },
        { id: node("s1"), role: "storage" },
        { id: node("c1"), role: "client" },
      ],
      { runId, clock: {}, onFailure: (error) => failures.push(error) },
    );
  });
  afterAll(async () => {
    await cluster?.stop();
    await cleanDocker(engine, { runId });
    rmSync(work, { recursive: true, force: true });
  });

  it("brings nodes up on a run network, labelled, at their fixed addresses", async () => {
    const [network] = await engine.docker.listNetworks({ filters: runLabelFilter(runId) });
    const subnet = network?.IPAM?.Config?.[0]?.Subnet ?? "";
    expect(subnet).toMatch(/^10\.2[12]\d\.\d+\.0\/24$/);
    for (const n of cluster.nodes) {
      const info = await engine.docker.getContainer(`fc-${runId}-${n.id}`).inspect();
      expect(info.NetworkSettings.Networks[network!.Name]?.IPAddress).toBe(n.host);
      expect(info.HostConfig.Privileged).toBe(false);
      expect(info.Config.Labels["fencecheck.run"]).toBe(runId);
    }
  });

  it("drives a program over stdin and stdout inside a container, and reports its real PID", async () => {
    const proc = await cluster.startProcess(node("c1"), { argv: ["/usr/bin/node", "-e", ECHO], logFile: join(work, "c1", "echo.log"), stdio: "pipe", kind: "agent" });
    const seen = lines(proc);
    proc.send("ping");
    await until(() => seen.includes("echo:ping"));
    expect(readFileSync(`/proc/${proc.pid}/cmdline`, "utf8")).toContain("readline");
    proc.signal("SIGKILL");
    expect((await proc.exited).signal).toBe("SIGKILL");
  });

  it("pauses a node by SIGSTOP of the real PID, which stops its progress until resume", async () => {
    const proc = await cluster.startProcess(node("c1"), { argv: ["/usr/bin/node", "-e", TICKER], logFile: join(work, "c1", "tick.log"), stdio: "pipe", kind: "agent" });
    const seen = lines(proc);
    await until(() => seen.length > 3);
    await cluster.pause(node("c1"));
    expect(processState(proc.pid)).toBe("T");
    await clock.sleep(100);
    const frozenAt = seen.length;
    await clock.sleep(300);
    expect(seen.length).toBe(frozenAt);
    await cluster.resume(node("c1"));
    await until(() => seen.length > frozenAt + 3);
    proc.signal("SIGKILL");
    await proc.exited;
  });

  it("partitions with iptables in the container's namespace, and heal restores the path", async () => {
    const s1 = cluster.nodes.find((n) => n.id === "s1")!;
    await cluster.startProcess(node("s1"), { argv: ["/usr/bin/node", "-e", SERVER, s1.host], logFile: join(work, "s1", "server.log"), readyPort: 7002 });
    expect(await cluster.probe(node("c1"), node("s1"), { port: 7002 })).toBe("connected");
    await cluster.partition(new Map([[node("s1"), new Set([node("c1")])]]));
    expect(await cluster.probe(node("c1"), node("s1"), { port: 7002, timeoutMs: 500 })).toBe("timeout");
    expect(await cluster.probe(node("l1"), node("s1"), { port: 7002 })).toBe("connected");
    await cluster.heal();
    expect(await cluster.probe(node("c1"), node("s1"), { port: 7002 })).toBe("connected");
  });

  it("delays connections into a port through a proxy in the container, and heal removes it", async () => {
    const s1 = cluster.nodes.find((n) => n.id === "s1")!;
    const fetchMs = async (): Promise<number> => {
      const fetched = await cluster.exec(node("c1"), ["/usr/bin/node", "-e", TIMED_FETCH, s1.host]);
      expect(fetched.stdout).toMatch(/^hi /);
      return Number(fetched.stdout.split(" ")[1]);
    };
    // The fastest of three, before and after: one slow connection on a loaded machine is not the proxy.
    const fastest = async (): Promise<number> => Math.min(await fetchMs(), await fetchMs(), await fetchMs());
    const undelayed = await fastest();
    await cluster.delayTraffic(node("s1"), { port: 7002, delayMs: 300, jitterMs: 0, seed: 1 });
    expect(await fetchMs()).toBeGreaterThanOrEqual(300);
    await cluster.healTraffic("delay");
    // A connection still through the proxy takes the 300 ms on top of its own time: half of it is the margin.
    expect(await fastest()).toBeLessThan(undelayed + 150);
  });

  it("kills a node's service and restarts it with the same spec", async () => {
    await cluster.kill(node("s1"));
    expect(await cluster.probe(node("c1"), node("s1"), { port: 7002 })).toBe("refused");
    await cluster.restart(node("s1"));
    expect(await cluster.probe(node("c1"), node("s1"), { port: 7002 })).toBe("connected");
  });

  it("skews a node's clock through libfaketime and a bind-mounted skew file", async () => {
    await cluster.setClock(node("l1"), { offsetMs: 60_000, rate: 1 });
    // A reading is dated by the midpoint of an exec, which a loaded machine can stretch: 1 s is far from both 0 and 60 s.
    const skewed = (await cluster.readClock(node("l1"))).offsetMs;
    const plain = (await cluster.readClock(node("c1"))).offsetMs;
    expect(Math.abs(skewed - 60_000), `l1 reads ${skewed} ms from real time`).toBeLessThan(1_000);
    expect(Math.abs(plain), `c1 reads ${plain} ms from real time`).toBeLessThan(1_000);
  });

  it("moves the clock of a static program, which libfaketime cannot reach, through the clock injector by its host PID", async () => {
    // busybox-static: the mounted work folder carries it into the container.
    copyFileSync("/bin/busybox", join(work, "busybox"));
    await cluster.startProcess(node("c1"), { argv: [join(work, "busybox"), "sleep", "600"], clockTool: "injector", logFile: join(work, "static.log") });
    await cluster.setClock(node("c1"), { offsetMs: 30_000, rate: 1 });
    const reading = await cluster.readClock(node("c1"));
    expect(reading.tool).toBe("injector");
    expect(Math.abs(reading.offsetMs - 30_000), `the static program reads ${reading.offsetMs} ms from real time`).toBeLessThan(150);
    await cluster.setClock(node("c1"), { offsetMs: 0, rate: 1 });
  });

  it("freezes a whole container with its freezer and thaws it", async () => {
    await cluster.freeze(node("s1"));
    expect(await cluster.probe(node("c1"), node("s1"), { port: 7002, timeoutMs: 500 })).toBe("connected");
    expect((await engine.docker.getContainer(`fc-${runId}-s1`).inspect()).State.Paused).toBe(true);
    await cluster.thaw(node("s1"));
    expect((await engine.docker.getContainer(`fc-${runId}-s1`).inspect()).State.Paused).toBe(false);
  });

  it("reports a node's log it cannot write (a full disk) as one failure naming the file, instead of crashing", async () => {
    const logFile = await logOnFullDisk(work, (file) => cluster.startProcess(node("c1"), { argv: ["/usr/bin/node", "-e", CHATTER], logFile: file, kind: "agent" }), () => failures.length > 0);
    expect(failures.map((f) => [f.code, f.message])).toEqual([["store.write-failed", `Cannot write "${logFile}": ENOSPC: no space left on device, write`]]);
  });

  it("leaves no container or network of the run after stop", async () => {
    await cluster.stop();
    expect(await engine.docker.listContainers({ all: true, filters: runLabelFilter(runId) })).toEqual([]);
    expect(await engine.docker.listNetworks({ filters: runLabelFilter(runId) })).toEqual([]);
  });
});

function processState(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.charAt(stat.lastIndexOf(")") + 2);
}

async function until(done: () => boolean, limitMs = 5_000): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > limitMs) throw new Error("Timed out waiting for a condition");
    await clock.sleep(20);
  }
}
