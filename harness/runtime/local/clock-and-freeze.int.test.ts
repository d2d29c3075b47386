import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSystemClock, HarnessError, nodeId } from "../../../core/index.js";
import type { ClockOptions, Cluster, NodeId, NodeProcess } from "../../../core/index.js";
import { cleanLocal } from "./clean-local.js";
import { stopAndClean } from "./testing/stop-and-clean.js";
import { spawn } from "node:child_process";
import { createFreezerCgroup, freezerHierarchies, isFrozen, moveIntoCgroup, ownedCgroups, setFrozen } from "./freezer-cgroups.js";
import { removeWhenEmpty } from "./node-freezer.js";
import { DEFAULT_STATE_DIR } from "./local-cluster.js";
import { createLocalRuntime } from "./local-runtime.js";
import { CLOCK_TOLERANCE_MS } from "../common/faketime.js";

const clock = createSystemClock();
const [n1, n2] = ["n1", "n2"].map(nodeId) as [NodeId, NodeId];
let runCounter = 0;
let cluster: Cluster | undefined;
let runId = "";
let logDir = "";

async function startCluster(fakeClock: ClockOptions | false = {}): Promise<Cluster> {
  runId = `ck${process.pid.toString(36)}${(runCounter++).toString(36)}`;
  logDir = mkdtempSync(join(tmpdir(), "fc-clock-int-"));
  cluster = await createLocalRuntime().start(
    [n1, n2].map((id) => ({ id, role: "lock" as const })),
    { runId, ...(fakeClock ? { clock: fakeClock } : {}) },
  );
  return cluster;
}

/** One sample a probe process printed: its Date.now() and the real wall time it corresponds to. */
interface Sample {
  readonly fake: number;
  readonly real: number;
}

/**
 * Starts a Node process on `node` that prints Date.now() and its monotonic
 * clock every 50 ms; the monotonic clock is real (not faked), and this
 * process shares it, so each sample's real wall time is known.
 */
async function startProbe(c: Cluster, node: NodeId): Promise<{ proc: NodeProcess; samples: Sample[] }> {
  const script = "setInterval(() => console.log(Date.now() + ' ' + process.hrtime.bigint()), 50)";
  const proc = await c.startProcess(node, { argv: [process.execPath, "-e", script], logFile: join(logDir, "probe.log"), stdio: "pipe", kind: "agent" });
  const wall0 = clock.wallMs();
  const mono0 = process.hrtime.bigint();
  const samples: Sample[] = [];
  proc.onLine((line) => {
    const [fake, mono] = line.split(" ");
    samples.push({ fake: Number(fake), real: wall0 + Number(BigInt(mono as string) - mono0) / 1e6 });
  });
  return { proc, samples };
}

/** The first sample taken at least `afterMs` after real wall time `sinceMs`. */
async function sampleAfter(samples: Sample[], sinceMs: number, afterMs = 0): Promise<Sample> {
  for (let i = 0; i < 200; i++) {
    const found = samples.find((s) => s.real >= sinceMs + afterMs);
    if (found) return found;
    await clock.sleep(20);
  }
  throw new Error("no sample from the probe process");
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function ourCgroups(): string[] {
  return freezerHierarchies().flatMap((h) => ownedCgroups(h, runId));
}

beforeAll(async () => {
  await createLocalRuntime().checkPrerequisites();
});

afterEach(() => stopAndClean(runId, cluster).finally(() => (cluster = undefined)));

describe("local runtime clocks (libfaketime)", () => {
  it("moves Date.now() inside a running node process by the asked offset", async () => {
    const c = await startCluster();
    const { samples } = await startProbe(c, n1);
    await sampleAfter(samples, clock.wallMs());
    const setAt = clock.wallMs();
    await c.setClock(n1, { offsetMs: 5000, rate: 1 });
    const s = await sampleAfter(samples, setAt, 100);
    expect(s.fake - s.real).toBeGreaterThan(4800);
    expect(s.fake - s.real).toBeLessThan(5200);
    expect((await c.readClock(n2)).offsetMs).toBeLessThan(200);
  });

  it("runs a running process's clock at the asked rate from the change on, without a jump", async () => {
    const c = await startCluster();
    const { samples } = await startProbe(c, n1);
    // Let the process run a while at real speed, so a rate applied from its start would jump.
    await clock.sleep(1500);
    const setAt = clock.wallMs();
    await c.setClock(n1, { offsetMs: 0, rate: 0.5 });
    const a = await sampleAfter(samples, setAt, 50);
    const b = await sampleAfter(samples, a.real, 1000);
    expect(Math.abs(a.fake - a.real)).toBeLessThan(250);
    const rate = (b.fake - a.fake) / (b.real - a.real);
    expect(rate).toBeGreaterThan(0.35);
    expect(rate).toBeLessThan(0.65);
  });

  it("keeps Node timers firing after a backward jump (the monotonic clock stays real)", async () => {
    const c = await startCluster();
    const { samples } = await startProbe(c, n1);
    await sampleAfter(samples, clock.wallMs());
    const setAt = clock.wallMs();
    await c.setClock(n1, { offsetMs: -60_000, rate: 1 });
    const s = await sampleAfter(samples, setAt, 300);
    expect(s.fake - s.real).toBeLessThan(-59_000);
  });

  it("refuses to skew a cluster started without fake clocks", async () => {
    const c = await startCluster(false);
    await expect(c.setClock(n1, { offsetMs: 1000, rate: 1 })).rejects.toMatchObject({ code: "nemesis.unsupported-fault" });
    await expect(c.setClock(n1, { offsetMs: 1000, rate: 1 })).rejects.toBeInstanceOf(HarnessError);
  });

  it("leaves no skew file once stopped", async () => {
    const c = await startCluster();
    await startProbe(c, n1);
    await c.setClock(n1, { offsetMs: 100, rate: 1 });
    expect(existsSync(join(DEFAULT_STATE_DIR, runId, "clock"))).toBe(true);
    await c.stop();
    expect(existsSync(join(DEFAULT_STATE_DIR, runId))).toBe(false);
  });

  it("loads libfaketime only on the nodes the run may skew, and refuses to skew the others", async () => {
    const c = await startCluster({ nodes: [n2] });
    const real = await startProbe(c, n1);
    const faked = await startProbe(c, n2);
    await expect(c.setClock(n1, { offsetMs: 5000, rate: 1 })).rejects.toMatchObject({ code: "nemesis.unsupported-fault" });
    await c.setClock(n2, { offsetMs: 5000, rate: 1 });
    const at = clock.wallMs();
    const [onReal, onFaked] = [await sampleAfter(real.samples, at, 100), await sampleAfter(faked.samples, at, 100)];
    expect(Math.abs(onReal.fake - onReal.real)).toBeLessThan(CLOCK_TOLERANCE_MS);
    expect(Math.abs(onFaked.fake - onFaked.real - 5000)).toBeLessThan(CLOCK_TOLERANCE_MS);
    expect(readFileSync(`/proc/${real.proc.pid}/environ`, "utf8")).not.toContain("LD_PRELOAD");
  });

  it("leaves nothing of the run in /dev/shm, even of a process that exec'd and one that was killed, and a user-dropping child runs", async () => {
    const began = clock.wallMs() - 1000;
    const c = await startCluster();
    // A shell that execs: before, the shell's libfaketime objects (named by its pid) outlived it.
    const dropped = await c.startProcess(n1, {
      argv: ["/bin/sh", "-c", "exec setpriv --reuid=nobody --regid=nogroup --clear-groups -- sh -c 'date +%s; exec sleep 30'"],
      logFile: join(logDir, "dropped.log"), stdio: "pipe",
    });
    const lines: string[] = [];
    dropped.onLine((line) => lines.push(line));
    for (let i = 0; i < 100 && lines.length === 0; i++) await clock.sleep(20);
    expect(lines[0], readFileSync(join(logDir, "dropped.log"), "utf8")).toMatch(/^\d+$/);
    // Files named by its pid that older runs leaked may exist: only those made since this test began count.
    const ours = () => readdirSync("/dev/shm").filter((f) => f.includes(`fencecheck-${runId}-`)
      || (f.endsWith(`_${dropped.pid}`) && statSync(join("/dev/shm", f)).mtimeMs >= began));
    expect(ours().length).toBeGreaterThan(0);
    dropped.signal("SIGKILL");
    await dropped.exited;
    await c.stop();
    expect(ours()).toEqual([]);
  });
});

describe("local runtime freezes (freezer cgroup)", () => {
  it("stops a node's processes and their children until thawed, then leaves no cgroup", async () => {
    const c = await startCluster();
    const file = join(logDir, "count");
    // The shell forks a `sleep` child every round: children must freeze too.
    await c.startProcess(n1, { argv: ["sh", "-c", `while :; do printf x >> ${file}; sleep 0.02; done`], logFile: join(logDir, "counter.log") });
    await clock.sleep(200);
    await c.freeze(n1);
    expect(ourCgroups()).toHaveLength(1);
    const frozenAt = sizeOf(file);
    await clock.sleep(400);
    expect(sizeOf(file)).toBe(frozenAt);
    await c.thaw(n1);
    await clock.sleep(400);
    expect(sizeOf(file)).toBeGreaterThan(frozenAt);
    await c.freeze(n1);
    await c.stop();
    expect(ourCgroups()).toEqual([]);
  });

  it("is undone by clean after a crash: thawed, killed and removed", async () => {
    const c = await startCluster();
    await c.startProcess(n2, { argv: ["sleep", "600"], logFile: join(logDir, "sleep.log") });
    await c.freeze(n2);
    cluster = undefined;
    const result = await cleanLocal({ runId });
    expect(result.cgroups.length).toBe(1);
    expect(result.stateDirs).toEqual([join(DEFAULT_STATE_DIR, runId)]);
    expect(ourCgroups()).toEqual([]);
    expect(readdirSync(DEFAULT_STATE_DIR)).not.toContain(runId);
  });
});

describe("freezer cgroup layouts", () => {
  it.each(freezerHierarchies().map((h) => [`v${h.version} at ${h.root}`, h] as const))("freeze and thaw with %s", async (_label, h) => {
    runId = `ck${process.pid.toString(36)}${(runCounter++).toString(36)}`;
    const name = `fencecheck-${runId}-x`;
    expect(createFreezerCgroup(h, name)).toBe(true);
    const child = spawn("sleep", ["600"], { stdio: "ignore" });
    try {
      moveIntoCgroup(h, name, [child.pid as number]);
      setFrozen(h, name, true);
      let frozen = false;
      for (let i = 0; i < 100 && !frozen; i++) {
        frozen = isFrozen(h, name);
        if (!frozen) await clock.sleep(10);
      }
      expect(frozen).toBe(true);
      setFrozen(h, name, false);
      expect(isFrozen(h, name)).toBe(false);
    } finally {
      setFrozen(h, name, false);
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      expect(await removeWhenEmpty(h, name, clock)).toBe(true);
    }
  });
});
