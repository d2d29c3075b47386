/**
 * The node lifecycle facts (common/node-lifecycle-facts.ts) on the docker
 * runtime: real programs in a real container. Skipped, with a message,
 * when no Docker engine answers (under CI=true, docker-runtime.int.test.ts
 * fails instead). Needs root.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, it } from "vitest";
import { createSystemClock, nodeId } from "../../../core/index.js";
import type { Cluster, ProcessSpec } from "../../../core/index.js";
import { NODE_LIFECYCLE_FACTS, type LifecycleSubject } from "../common/node-lifecycle-facts.js";
import { cleanDocker } from "./clean-docker.js";
import { connectEngine, engineAnswers } from "./docker-engine.js";
import { createDockerRuntime } from "./docker-runtime.js";
import { packageRoot } from "./docker-runtime-for-run.js";
import { buildImages } from "./images/build-images.js";

const engine = connectEngine();
const available = await engineAnswers(engine);
if (!available) console.warn(`skipping the docker node lifecycle: no Docker engine answers at "${engine.address}"`);
const clock = createSystemClock();
const work = mkdtempSync(join(tmpdir(), "fencecheck-docker-lifecycle-"));
const runtime = createDockerRuntime({ engine, clock, mounts: { readOnly: [packageRoot()], readWrite: [work] }, stateDir: join(work, "state") });
const n1 = nodeId("n1");
const runId = `dl${process.pid.toString(36)}`;
let cluster: Cluster | undefined;

/** A one-node docker cluster and node programs: a TCP listener on the node's address, and a program that only waits. */
async function dockerSubject(): Promise<LifecycleSubject> {
  cluster = await runtime.start([{ id: n1, role: "lock" }], { runId, onFailure: () => undefined });
  const host = cluster.nodes[0]?.host as string;
  const program = (name: string, code: string, port: number): ProcessSpec =>
    ({ argv: ["/usr/bin/node", "-e", code], logFile: join(work, "n1", `${name}.log`), readyPort: port });
  return {
    cluster, node: n1, port: 7301,
    listening: (port) => program("listening", `require("node:net").createServer().listen(${port}, ${JSON.stringify(host)})`, port),
    silent: (port) => program("silent", "setInterval(() => undefined, 1000)", port),
  };
}

describe.runIf(available)("the node lifecycle on the docker runtime", () => {
  beforeAll(async () => {
    await buildImages(engine, { names: ["node"], templatePath: join(packageRoot(), "docker/offline/Dockerfile"), clock });
  });
  afterEach(async () => {
    try {
      await cluster?.stop();
    } finally {
      cluster = undefined;
      await cleanDocker(engine, { runId });
    }
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  for (const { fact, check } of NODE_LIFECYCLE_FACTS) {
    it(fact, async () => {
      await check(await dockerSubject());
    });
  }
});
