import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { nodeId, type ClusterProcesses, type NodeProcess, type ProcessSpec } from "../../core/index.js";
import { AGENT_NODE_FLAGS, openAgentClient } from "./agent-client.js";

/** A cluster whose one process greets at once and records how it was started. */
function greetingCluster(): { cluster: ClusterProcesses; started: ProcessSpec[] } {
  const started: ProcessSpec[] = [];
  const proc: NodeProcess = {
    node: nodeId("c1"),
    pid: 1,
    send: () => undefined,
    onLine: (listener) => void setTimeout(() => listener('{"ready":true}'), 1),
    exited: new Promise(() => undefined),
    signal: () => undefined,
  };
  const cluster = {
    startProcess: async (_node: string, spec: ProcessSpec) => (started.push(spec), proc),
  } as unknown as ClusterProcesses;
  return { cluster, started };
}

describe("agent client", () => {
  it("starts the agent with this node binary and the agent's V8 flags before its program", async () => {
    const { cluster, started } = greetingCluster();
    const config = { clientId: "0", lockAdapter: "reference", lockEndpoints: [], storageEndpoints: [], ttlMs: 1, holdMs: 0, acquireTimeoutMs: 1 };
    await openAgentClient({ cluster, node: nodeId("c1"), config, entrypoint: "/x/agent.js", logFile: "/dev/null", helloTimeoutMs: 1_000 });
    expect(started[0]?.argv).toEqual([process.execPath, ...AGENT_NODE_FLAGS, "/x/agent.js"]);
  });

  it("uses only flags this node accepts", () => {
    const run = spawnSync(process.execPath, [...AGENT_NODE_FLAGS, "-e", "process.stdout.write('ran')"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("ran");
  });
});
