/**
 * The node lifecycle facts (common/node-lifecycle-facts.ts) on the fake
 * runtime: the same facts the local, docker and ssh runtimes keep in their
 * integration tests, here over in-memory programs.
 */
import { afterEach, describe, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import type { Cluster, ProcessSpec } from "../../../core/index.js";
import { NODE_LIFECYCLE_FACTS, type LifecycleSubject } from "../common/node-lifecycle-facts.js";
import { createFakeRuntime } from "./fake-runtime.js";

const n1 = nodeId("n1");
let cluster: Cluster | undefined;

afterEach(async () => {
  await cluster?.stop();
  cluster = undefined;
});

/** A one-node fake cluster whose "listen" programs listen on their ready port and whose "idle" ones never do. */
async function fakeSubject(): Promise<LifecycleSubject> {
  const runtime = createFakeRuntime({ listens: (_node, spec) => spec.argv[0] === "listen" });
  cluster = await runtime.start([{ id: n1, role: "lock" }], { runId: "lifecycle" });
  const program = (argv: string[], port: number): ProcessSpec => ({ argv, logFile: "/dev/null", readyPort: port });
  return {
    cluster, node: n1, port: 7301,
    listening: (port) => program(["listen", String(port)], port),
    silent: (port) => program(["idle"], port),
  };
}

describe("the node lifecycle on the fake runtime", () => {
  for (const { fact, check } of NODE_LIFECYCLE_FACTS) {
    it(fact, async () => {
      await check(await fakeSubject());
    });
  }
});
