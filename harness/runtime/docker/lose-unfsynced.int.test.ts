/**
 * Power loss on the docker runtime, checked from the harness host: the
 * lazy disk is the host's FUSE mount, carried into the container by the
 * store's bind mount. A program in the container writes one file with
 * fsync and one without; after the power-loss nemesis the synced bytes are
 * there and the rest is gone. Skipped, with a message, when no Docker
 * engine answers. Needs root, /dev/fuse, native/lazyfs/build.sh and the
 * offline node image (`fencecheck images build`).
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSystemClock, type Cluster, type Invoke, type NodeId } from "../../../core/index.js";
import { loseUnsyncedNemesis, type PowerLossValue } from "../../../nemesis/index.js";
import { cleanDocker } from "./clean-docker.js";
import { connectEngine, engineAnswers } from "./docker-engine.js";
import { createDockerRuntime } from "./docker-runtime.js";
import { packageRoot } from "./docker-runtime-for-run.js";

const engine = connectEngine();
const available = await engineAnswers(engine);
if (!available) console.warn(`skipping docker lose-unfsynced tests: no Docker engine answers at "${engine.address}"`);
const work = mkdtempSync(join(tmpdir(), "fencecheck-docker-lose-"));
const runId = `dl${process.pid.toString(36)}`;
const l1 = "l1" as NodeId;
let cluster: Cluster | undefined;

afterAll(async () => {
  await cluster?.stop();
  await cleanDocker(engine, { runId, stateDir: join(work, "state") });
});

describe.runIf(available)("lose-unfsynced on the docker runtime", () => {
  it("keeps in the container's data directory the synced bytes only", { timeout: 120_000 }, async () => {
    const data = join(work, "l1", "data");
    const runtime = createDockerRuntime({ engine, clock: createSystemClock(), mounts: { readOnly: [packageRoot()], readWrite: [work] }, stateDir: join(work, "state") });
    cluster = await runtime.start([{ id: l1, role: "lock" }], { runId, lazyFs: { l1: data } });
    const host = cluster.nodes[0]?.host as string;
    const script = `const fs=require("node:fs");const s=fs.openSync(${JSON.stringify(join(data, "synced"))},"w");fs.writeSync(s,"durable");fs.fsyncSync(s);fs.writeSync(s," and more");fs.closeSync(s);`
      + `fs.writeFileSync(${JSON.stringify(join(data, "unsynced"))},"lost");require("node:http").createServer((q,r)=>r.end()).listen(7001,${JSON.stringify(host)})`;
    await cluster.startProcess(l1, { argv: ["node", "-e", script], logFile: join(work, "writer.log"), readyPort: 7001, readyTimeoutMs: 60_000 });
    expect(readFileSync(join(data, "synced"), "utf8")).toBe("durable and more");
    expect(readFileSync(join(data, "unsynced"), "utf8")).toBe("lost");
    const invoke: Invoke = { index: 0, time: 0, process: "nemesis", type: "invoke", f: "power-loss", value: { package: "p", nodes: ["l1"] } };
    const done = (await loseUnsyncedNemesis().invoke(invoke, cluster, new AbortController().signal)) as PowerLossValue;
    expect(done.lost?.["l1"]?.removedFiles).toBe(1);
    expect(readFileSync(join(data, "synced"), "utf8")).toBe("durable");
    expect(existsSync(join(data, "unsynced"))).toBe(false);
    const seen = await cluster.exec(l1, ["sh", "-c", `cat ${join(data, "synced")}; echo; ls ${data}`]);
    expect(seen.stdout.split("\n").filter(Boolean)).toEqual(["durable", "synced"]);
  });
});
