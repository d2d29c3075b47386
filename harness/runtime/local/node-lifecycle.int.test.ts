/**
 * The node lifecycle facts (common/node-lifecycle-facts.ts) on the local
 * runtime: real processes in a real namespace. Needs root.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import type { Cluster, ProcessSpec } from "../../../core/index.js";
import { NODE_LIFECYCLE_FACTS, type LifecycleSubject } from "../common/node-lifecycle-facts.js";
import { stopAndClean } from "./testing/stop-and-clean.js";
import { createLocalRuntime } from "./local-runtime.js";

const n1 = nodeId("n1");
const runId = `nl${process.pid.toString(36)}`;
let cluster: Cluster | undefined;

afterEach(() => stopAndClean(runId, cluster).finally(() => (cluster = undefined)));

/** A one-node local cluster and node programs: a TCP listener on the node's address, and a program that only waits. */
async function localSubject(): Promise<LifecycleSubject> {
  const dir = mkdtempSync(join(tmpdir(), "fc-lifecycle-"));
  cluster = await createLocalRuntime().start([{ id: n1, role: "lock" }], { runId });
  const host = cluster.nodes[0]?.host as string;
  const program = (name: string, code: string, port: number): ProcessSpec =>
    ({ argv: [process.execPath, "-e", code], logFile: join(dir, `${name}.log`), readyPort: port });
  return {
    cluster, node: n1, port: 7301,
    listening: (port) => program("listening", `require("node:net").createServer().listen(${port}, ${JSON.stringify(host)})`, port),
    silent: (port) => program("silent", "setInterval(() => undefined, 1000)", port),
  };
}

describe("the node lifecycle on the local runtime", () => {
  for (const { fact, check } of NODE_LIFECYCLE_FACTS) {
    it(fact, async () => {
      await check(await localSubject());
    });
  }
});
