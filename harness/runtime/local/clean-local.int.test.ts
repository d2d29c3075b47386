import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSystemClock, nodeId } from "../../../core/index.js";
import type { NodeSpec } from "../../../core/index.js";
import { cleanLocal } from "./clean-local.js";
import { createLocalRuntime } from "./local-runtime.js";
import { listOwnedNamespaces } from "./namespace-reaper.js";

const clock = createSystemClock();
const nodes: NodeSpec[] = ["n1", "n2", "n3", "n4", "n5"].map((id) => ({ id: nodeId(id), role: "lock" }));
let runCounter = 0;
const used: string[] = [];

function freshRunId(): string {
  const runId = `cl${process.pid.toString(36)}${(runCounter++).toString(36)}`;
  used.push(runId);
  return runId;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterEach(async () => {
  for (const runId of used.splice(0)) await cleanLocal({ runId });
});

describe("cleanLocal", () => {
  it("removes the namespaces and processes of a run abandoned without stop", async () => {
    const runId = freshRunId();
    const cluster = await createLocalRuntime().start(nodes, { runId });
    const logFile = join(mkdtempSync(join(tmpdir(), "fc-clean-int-")), "sleep.log");
    const proc = await cluster.startProcess(nodeId("n2"), { argv: ["sleep", "1000"], logFile });
    await cluster.pause(nodeId("n2"));

    const result = await cleanLocal({ runId });

    expect(result.namespaces.sort()).toEqual([`fc-${runId}-hub`, ...nodes.map((n) => `fc-${runId}-${n.id}`)].sort());
    expect(result.processes).toBe(1);
    expect(await proc.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(isAlive(proc.pid)).toBe(false);
    expect(await listOwnedNamespaces(clock, runId)).toEqual([]);
  });

  it("leaves other runs' namespaces alone when given a run id", async () => {
    const kept = freshRunId();
    const removed = freshRunId();
    await createLocalRuntime().start(nodes.slice(0, 1), { runId: kept });
    await createLocalRuntime().start(nodes.slice(0, 1), { runId: removed });

    await cleanLocal({ runId: removed });

    expect(await listOwnedNamespaces(clock, removed)).toEqual([]);
    expect(await listOwnedNamespaces(clock, kept)).toHaveLength(2);
  });
});

describe("the namespaces every run's clean reaches", () => {
  it("are only a run's exact names: not any other name starting fc-, nor a node's without its run's hub", async () => {
    const runId = freshRunId();
    const strays = [`fc-${runId}`, `fc-${runId}-n1`, `fc-${runId.toUpperCase()}-hub`];
    for (const name of strays) execFileSync("ip", ["netns", "add", name]);
    try {
      const owned = await listOwnedNamespaces(clock);
      expect(owned.filter((name) => strays.includes(name))).toEqual([]);
      execFileSync("ip", ["netns", "add", `fc-${runId}-hub`]);
      expect((await listOwnedNamespaces(clock)).filter((name) => name.includes(runId))).toEqual(expect.arrayContaining([`fc-${runId}-hub`, `fc-${runId}-n1`]));
    } finally {
      for (const name of [...strays, `fc-${runId}-hub`]) execFileSync("ip", ["netns", "del", name], { stdio: "ignore" });
    }
  });
});

describe("local runtime start", () => {
  it("refuses a run id whose namespaces are left over", async () => {
    const runId = freshRunId();
    await createLocalRuntime().start(nodes.slice(0, 2), { runId });
    await expect(createLocalRuntime().start(nodes.slice(0, 2), { runId })).rejects.toMatchObject({ code: "runtime.unavailable" });
  });

  it("creates nothing when the start is already aborted", async () => {
    const runId = freshRunId();
    const controller = new AbortController();
    controller.abort();
    await expect(createLocalRuntime().start(nodes, { runId, signal: controller.signal })).rejects.toMatchObject({ code: "run.aborted" });
    expect(await listOwnedNamespaces(clock, runId)).toEqual([]);
  });
});
