/**
 * Power loss on the local runtime, checked from outside the node: a
 * program in the node writes one file with fsync and one without, then the
 * power-loss nemesis kills it and drops what was unsynced. The synced file
 * is there afterwards, the unsynced one is gone, and a plain kill keeps
 * both (the kernel keeps what a killed process wrote). Needs root, /dev/fuse,
 * native/lazyfs/build.sh and `npm run build`.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSystemClock, nodeId } from "../../../core/index.js";
import type { Cluster, Invoke, NodeId } from "../../../core/index.js";
import { killNemesis, loseUnsyncedNemesis, type PowerLossValue } from "../../../nemesis/index.js";
import { stopAndClean } from "./testing/stop-and-clean.js";
import { createLocalRuntime } from "./local-runtime.js";
import { runCommand } from "../common/run-command.js";

const l1 = nodeId("l1") as NodeId;
const PORT = 7001;
const runId = `lu${process.pid.toString(36)}`;
let cluster: Cluster | undefined;

/**
 * Writes `synced` (fsynced, then appended to without a sync), `named` (its
 * name synced with the directory, its bytes never) and `unsynced` (created
 * after the directory's sync, never synced), then listens: ready means written.
 */
function writer(dir: string, host: string): string[] {
  const script = `
    const fs = require("node:fs");
    const s = fs.openSync(${JSON.stringify(join(dir, "synced"))}, "w");
    fs.writeSync(s, "durable"); fs.fsyncSync(s); fs.writeSync(s, " and more"); fs.closeSync(s);
    fs.writeFileSync(${JSON.stringify(join(dir, "named"))}, "bytes");
    const d = fs.openSync(${JSON.stringify(dir)}, "r"); fs.fsyncSync(d); fs.closeSync(d);
    fs.writeFileSync(${JSON.stringify(join(dir, "unsynced"))}, "lost");
    require("node:http").createServer((q, r) => r.end()).listen(${PORT}, ${JSON.stringify(host)});`;
  return [process.execPath, "-e", script];
}

function invoke(f: string): Invoke {
  return { index: 0, time: 0, process: "nemesis", type: "invoke", f, value: { package: "p", nodes: ["l1"] } };
}

async function startWriter(data: string): Promise<Cluster> {
  const c = await createLocalRuntime().start([{ id: l1, role: "lock" }], { runId, lazyFs: { l1: data } });
  cluster = c;
  const host = c.nodes[0]?.host as string;
  await c.startProcess(l1, { argv: writer(data, host), logFile: join(data, "..", "writer.log"), readyPort: PORT });
  return c;
}

afterEach(() => stopAndClean(runId, cluster).finally(() => (cluster = undefined)));

describe("lose-unfsynced on the local runtime", () => {
  it("keeps the synced bytes and drops the rest: unsynced bytes, and a file created since its directory's sync", async () => {
    const data = join(mkdtempSync(join(tmpdir(), "fc-lose-int-")), "data");
    const c = await startWriter(data);
    expect(readFileSync(join(data, "unsynced"), "utf8")).toBe("lost");
    expect(readFileSync(join(data, "named"), "utf8")).toBe("bytes");
    expect(readFileSync(join(data, "synced"), "utf8")).toBe("durable and more");
    const done = await loseUnsyncedNemesis().invoke(invoke("power-loss"), c, new AbortController().signal);
    const lost = (done as PowerLossValue).lost?.["l1"];
    expect(lost?.files).toBe(3);
    expect(lost?.removedFiles).toBe(1);
    expect(readFileSync(join(data, "synced"), "utf8")).toBe("durable");
    expect(readFileSync(join(data, "named"), "utf8")).toBe("");
    expect(existsSync(join(data, "unsynced"))).toBe(false);
    await c.stop();
    const mounts = await runCommand(["grep", "-c", data, "/proc/mounts"], { clock: createSystemClock() });
    expect(mounts.stdout.trim()).toBe("0");
    expect(readFileSync(join(`${data}-durable`, "synced"), "utf8")).toBe("durable");
  });

  it("loses nothing under a plain kill: the kernel keeps what a killed process wrote", async () => {
    const data = join(mkdtempSync(join(tmpdir(), "fc-lose-int-")), "data");
    const c = await startWriter(data);
    await killNemesis().invoke({ ...invoke("kill") }, c, new AbortController().signal);
    expect(readFileSync(join(data, "unsynced"), "utf8")).toBe("lost");
    expect(readFileSync(join(data, "named"), "utf8")).toBe("bytes");
    expect(readFileSync(join(data, "synced"), "utf8")).toBe("durable and more");
  });
});
