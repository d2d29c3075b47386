import { describe, expect, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import type { NodeId, ProcessSpec } from "../../../core/index.js";
import { createFakeNodeDriver } from "../fake/fake-node-driver.js";
import { createNodeSupervisor } from "./node-supervisor.js";

// The lifecycle facts (node-lifecycle-facts.ts) run over this supervisor on every runtime, the fake one
// in fake/node-lifecycle.test.ts; these are what the supervisor alone decides.
const n1 = nodeId("n1");
const listening = (port: number): ProcessSpec => ({ argv: ["listen", String(port)], logFile: "/dev/null", readyPort: port });

/** A supervisor over the fake runtime's in-memory programs on one node, counting the programs it spawns. */
function fakeSupervisor() {
  const driver = createFakeNodeDriver({ hasNode: (node) => node === n1 });
  const spawned: ProcessSpec[] = [];
  const supervisor = createNodeSupervisor({ ...driver, spawn: (node, spec) => (spawned.push(spec), driver.spawn(node, spec)) }, 10);
  return { supervisor, spawned };
}

describe("the node supervisor", () => {
  it("starts one process for two restarts of one node at once", async () => {
    const { supervisor, spawned } = fakeSupervisor();
    await supervisor.start(n1, listening(7001));
    await supervisor.kill(n1);
    await Promise.all([supervisor.restart(n1), supervisor.restart(n1)]);
    expect(spawned).toHaveLength(2);
  });

  it("gives a service's image ports as its service ports, else its ready port", async () => {
    const { supervisor } = fakeSupervisor();
    await supervisor.start(n1, listening(7001));
    await supervisor.start(n1, { argv: ["idle"], logFile: "/dev/null", image: { name: "x", ports: [80, 443] } } as ProcessSpec);
    await supervisor.start(n1, { argv: ["idle"], logFile: "/dev/null", kind: "agent" } as ProcessSpec);
    expect(supervisor.servicePorts(n1).sort()).toEqual([443, 7001, 80].sort());
  });

  it("refuses to drop unsynced writes while the node's processes run, and without lazy disks", async () => {
    const { supervisor } = fakeSupervisor();
    await supervisor.start(n1, { argv: ["idle"], logFile: "/dev/null" });
    const loss = { files: 1, bytes: 4096, writes: 1, oldestMs: 5, removedFiles: 0 };
    const disks = { loseUnsynced: async (_node: NodeId) => loss };
    await expect(supervisor.loseUnsynced(n1, disks)).rejects.toThrow(/its processes still run/);
    await expect(supervisor.loseUnsynced(n1, undefined)).rejects.toThrow(/not on a lazy file system/);
    await supervisor.kill(n1);
    await expect(supervisor.loseUnsynced(n1, disks)).resolves.toEqual(loss);
  });

  it("runs the runtime's own stop steps in order, and ends what the grace left with SIGKILL by default", async () => {
    const { supervisor } = fakeSupervisor();
    const proc = await supervisor.start(n1, { argv: ["idle"], logFile: "/dev/null" });
    const steps: string[] = [];
    await supervisor.stop({ before: async () => void steps.push("before"), after: async () => void steps.push(proc.alive() ? "after, alive" : "after, ended"), finally: async () => void steps.push("finally") });
    expect(steps).toEqual(["before", "after, ended", "finally"]);
  });

  it("still runs the steps after one that throws, then throws the first error: a network the engine keeps must not leave a disk mounted", async () => {
    const { supervisor } = fakeSupervisor();
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
