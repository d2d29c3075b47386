/**
 * What every runtime's cluster does with its nodes' processes, as checks
 * one test file per runtime runs against its own cluster: the supervisor
 * (node-supervisor.ts) decides these facts, so they hold alike on the
 * local, docker and ssh runtimes and on the supervisor over a fake driver.
 * Each check throws (node:assert) when its fact does not hold.
 */
import assert from "node:assert/strict";
import { HarnessError } from "../../../core/index.js";
import type { Cluster, NodeId, ProcessSpec } from "../../../core/index.js";

/** A started cluster to check, and the programs to check it with. */
export interface LifecycleSubject {
  readonly cluster: Cluster;
  /** A node of the cluster that runs the programs below. */
  readonly node: NodeId;
  /** A service that accepts connections on `port` once started (and fails to start when the port is taken). */
  listening(port: number): ProcessSpec;
  /** A service that runs but never accepts connections on `port`. */
  silent(port: number): ProcessSpec;
  /** A port free on the node. */
  readonly port: number;
}

/** One fact and its check. */
export interface LifecycleFact {
  readonly fact: string;
  check(subject: LifecycleSubject): Promise<void>;
}

/** Asserts that `promise` rejects with a HarnessError of `code` whose message matches `message`. */
async function rejectsWith(promise: Promise<unknown>, code: string, message: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof HarnessError, `expected a HarnessError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  });
}

/** The facts, in the order a reader meets them. */
export const NODE_LIFECYCLE_FACTS: readonly LifecycleFact[] = [
  {
    fact: "a service's start settles once it accepts connections",
    async check({ cluster, node, listening, port }) {
      await cluster.startProcess(node, listening(port));
      assert.equal(await cluster.probe(node, node, { port }), "connected");
    },
  },
  {
    fact: "a service that never becomes ready is killed, and its start fails naming the port",
    async check({ cluster, node, silent, port }) {
      const spec = { ...silent(port), readyTimeoutMs: 1_500 };
      await rejectsWith(cluster.startProcess(node, spec), "runtime.node-start-failed", new RegExp(`port ${port} not ready after 1500 ms`));
    },
  },
  {
    fact: "every lifecycle call names a node the cluster does not have",
    async check({ cluster, listening, port }) {
      const ghost = "no-such-node" as NodeId;
      for (const call of [() => cluster.startProcess(ghost, listening(port)), () => cluster.pause(ghost), () => cluster.resume(ghost), () => cluster.kill(ghost), () => cluster.restart(ghost)]) {
        await rejectsWith(call(), "config.invalid", /Cannot find node "no-such-node"/);
      }
    },
  },
  {
    fact: "a killed service is down until a restart brings it back, ready, from its own spec",
    async check({ cluster, node, listening, port }) {
      const first = await cluster.startProcess(node, listening(port));
      await cluster.kill(node);
      await first.exited;
      assert.equal(await cluster.probe(node, node, { port }), "refused");
      await cluster.restart(node);
      assert.equal(await cluster.probe(node, node, { port }), "connected");
    },
  },
  {
    fact: "two restarts of one node at once start its dead service once",
    async check({ cluster, node, listening, port }) {
      await cluster.startProcess(node, listening(port));
      await cluster.kill(node);
      // A second start of the service would find its port taken and fail; joined restarts both succeed.
      await Promise.all([cluster.restart(node), cluster.restart(node)]);
      assert.equal(await cluster.probe(node, node, { port }), "connected");
    },
  },
  {
    fact: "a stopped cluster has ended its processes and refuses new ones and new faults",
    async check({ cluster, node, listening, port }) {
      const proc = await cluster.startProcess(node, listening(port));
      await Promise.all([cluster.stop(), cluster.stop()]);
      await proc.exited;
      await rejectsWith(cluster.startProcess(node, listening(port)), "runtime.node-start-failed", /the cluster is stopped/);
      await rejectsWith(cluster.partition(new Map([[node, new Set<NodeId>()]])), "nemesis.fault-not-applied", /the cluster is stopped/);
    },
  },
];
