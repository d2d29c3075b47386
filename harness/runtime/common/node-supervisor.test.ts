import { describe, expect, it } from "vitest";
import { HarnessError, NO_DISK_FAULTS, SHARED_FILES, composeCluster, nodeId } from "../../../core/index.js";
import type { Cluster, Clock, NodeId, ProcessExit, ProcessSpec } from "../../../core/index.js";
import { NODE_LIFECYCLE_FACTS, type LifecycleSubject } from "./node-lifecycle-facts.js";
import { createNodeSupervisor, type NodeDriver } from "./node-supervisor.js";
import { processHandle } from "./process-handle.js";
import type { TrackedProcess } from "./process-table.js";

const n1 = nodeId("n1");
/** Time never passes: every sleep ends at once (the grace period included). */
const clock: Clock = { nowNs: () => 0, wallMs: () => 0, sleep: async () => undefined };

/** Programs that exist only in memory: "listen <port>" holds a port (and exits 1 when it is taken), "idle" never listens. */
function fakeDriver(): NodeDriver<TrackedProcess> & { readonly ports: Map<number, TrackedProcess>; readonly spawned: ProcessSpec[] } {
  const ports = new Map<number, TrackedProcess>();
  const spawned: ProcessSpec[] = [];
  let nextPid = 100;
  return {
    clock,
    ports,
    spawned,
    hasNode: (node) => node === n1,
    async spawn(node, spec) {
      spawned.push(spec);
      let alive = true;
      let end: (exit: ProcessExit) => void = () => undefined;
      const exited = new Promise<ProcessExit>((resolve) => (end = resolve));
      const exit = (exitInfo: ProcessExit): void => {
        alive = false;
        for (const [port, proc] of ports) if (proc.pid === handle.pid) ports.delete(port);
        end(exitInfo);
      };
      const signal = (sig: NodeJS.Signals): void => {
        if (sig === "SIGKILL" || sig === "SIGTERM") exit({ code: null, signal: sig });
      };
      const handle = processHandle({ node, pid: nextPid++, spec, exited, alive: () => alive, onLine: () => undefined, signal });
      const port = spec.argv[0] === "listen" ? Number(spec.argv[1]) : undefined;
      if (port !== undefined && ports.has(port)) exit({ code: 1, signal: null });
      else if (port !== undefined) ports.set(port, handle);
      return handle;
    },
    async waitReady(node, proc, port, timeoutMs) {
      await Promise.resolve();
      if (ports.get(port) === proc) return;
      const why = proc.alive() ? `port ${port} not ready after ${timeoutMs} ms` : `process exited before port ${port} was ready`;
      throw new HarnessError("runtime.node-start-failed", `Cannot start node "${node}": ${why}`);
    },
    awaitStopped: async () => undefined,
  };
}

/** A cluster of one node over the supervisor and the fake driver. */
function fakeSubject(): LifecycleSubject & { readonly driver: ReturnType<typeof fakeDriver> } {
  const driver = fakeDriver();
  const supervisor = createNodeSupervisor(driver, 10);
  const unsupported = async (): Promise<never> => {
    throw new HarnessError("nemesis.unsupported-fault", "not in this fake");
  };
  const cluster: Cluster = composeCluster({ runId: "fake", nodes: [{ id: n1, role: "lock", host: "10.0.0.1" }], faults: new Set() }, {
    ...SHARED_FILES,
    ...NO_DISK_FAULTS,
    startProcess: (node, spec) => supervisor.start(node, spec),
    exec: unsupported,
    pause: (node) => supervisor.pause(node),
    resume: (node) => supervisor.resume(node),
    kill: (node) => supervisor.kill(node),
    restart: (node) => supervisor.restart(node),
    freeze: unsupported,
    thaw: unsupported,
    async partition() {
      supervisor.refuseStopped(`partition run "fake"`);
    },
    heal: async () => undefined,
    dropPackets: unsupported,
    delayTraffic: unsupported,
    healTraffic: async () => undefined,
    probe: async (_from, _to, opts = {}) => (driver.ports.has(opts.port ?? 0) ? "connected" : "refused"),
    setClock: unsupported,
    readClock: unsupported,
    stop: () => supervisor.stop({}),
  });
  const spec = (argv: string[]): ProcessSpec => ({ argv, logFile: "/dev/null" });
  return { driver, cluster, node: n1, port: 7001, listening: (port) => ({ ...spec(["listen", String(port)]), readyPort: port }), silent: (port) => ({ ...spec(["idle"]), readyPort: port }) };
}

describe("the node supervisor over a fake driver", () => {
  for (const { fact, check } of NODE_LIFECYCLE_FACTS) {
    it(fact, async () => {
      await check(fakeSubject());
    });
  }

  it("starts one process for two restarts of one node at once", async () => {
    const subject = fakeSubject();
    await subject.cluster.startProcess(n1, subject.listening(7001));
    await subject.cluster.kill(n1);
    await Promise.all([subject.cluster.restart(n1), subject.cluster.restart(n1)]);
    expect(subject.driver.spawned).toHaveLength(2);
  });

  it("gives a service's image ports as its service ports, else its ready port", async () => {
    const driver = fakeDriver();
    const supervisor = createNodeSupervisor(driver, 10);
    await supervisor.start(n1, { argv: ["listen", "7001"], logFile: "/dev/null", readyPort: 7001 });
    await supervisor.start(n1, { argv: ["idle"], logFile: "/dev/null", image: { name: "x", ports: [80, 443] } } as ProcessSpec);
    await supervisor.start(n1, { argv: ["idle"], logFile: "/dev/null", kind: "agent" } as ProcessSpec);
    expect(supervisor.servicePorts(n1).sort()).toEqual([443, 7001, 80].sort());
  });

  it("refuses to drop unsynced writes while the node's processes run, and without lazy disks", async () => {
    const supervisor = createNodeSupervisor(fakeDriver(), 10);
    await supervisor.start(n1, { argv: ["idle"], logFile: "/dev/null" });
    const loss = { files: 1, bytes: 4096, writes: 1, oldestMs: 5, removedFiles: 0 };
    const disks = { loseUnsynced: async (_node: NodeId) => loss };
    await expect(supervisor.loseUnsynced(n1, disks)).rejects.toThrow(/its processes still run/);
    await expect(supervisor.loseUnsynced(n1, undefined)).rejects.toThrow(/not on a lazy file system/);
    await supervisor.kill(n1);
    await expect(supervisor.loseUnsynced(n1, disks)).resolves.toEqual(loss);
  });

  it("runs the runtime's own stop steps in order, and ends what the grace left with SIGKILL by default", async () => {
    const driver = fakeDriver();
    const supervisor = createNodeSupervisor(driver, 10);
    const proc = await supervisor.start(n1, { argv: ["idle"], logFile: "/dev/null" });
    const steps: string[] = [];
    await supervisor.stop({ before: async () => void steps.push("before"), after: async () => void steps.push(proc.alive() ? "after, alive" : "after, ended"), finally: async () => void steps.push("finally") });
    expect(steps).toEqual(["before", "after, ended", "finally"]);
  });

  it("still runs the steps after one that throws, then throws the first error: a network the engine keeps must not leave a disk mounted", async () => {
    const supervisor = createNodeSupervisor(fakeDriver(), 10);
    const proc = await supervisor.start(n1, { argv: ["idle"], logFile: "/dev/null" });
    const steps: string[] = [];
    const stopping = supervisor.stop({
      before: async () => { throw new Error("cannot thaw"); },
      end: async () => { proc.signalGroup("SIGKILL"); throw new Error("network has active endpoints"); },
      after: async () => void steps.push("after"),
      finally: async () => void steps.push("finally"),
    });
    await expect(stopping).rejects.toThrow("cannot thaw");
    expect(steps).toEqual(["after", "finally"]);
  });
});
