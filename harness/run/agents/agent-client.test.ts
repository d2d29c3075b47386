/**
 * Agents started before their configuration is known (`startAgent`), on
 * the fake runtime: the process starts with FENCECHECK_AGENT "-", the
 * configuration is its first stdin line, and the hello's time limit runs
 * from then on, however long the services took to start.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { nodeId, type AgentConfig, type Cluster, type ClusterProcesses, type NodeProcess, type NodeSpec, type ProcessSpec } from "../../../core/index.js";
import { createFakeRuntime, type FakeLineHandler } from "../../runtime/index.js";
import { AGENT_NODE_FLAGS, openAgentClient, startAgent } from "./agent-client.js";

const config: AgentConfig = {
  clientId: "0", lockAdapter: "reference", lockEndpoints: ["10.77.0.10:7001"], storageEndpoints: ["10.77.0.11:7002"], ttlMs: 2000, holdMs: 10, acquireTimeoutMs: 1000,
};
const c1 = nodeId("c1");
const nodes: NodeSpec[] = [{ id: c1, role: "client" }];

/** An agent as the program is: no hello before its configuration line, then one reply per request. */
function agentAnswers(seen: { env?: string; lines: string[] }): FakeLineHandler {
  return (line, { spec }) => {
    seen.env = spec.env?.FENCECHECK_AGENT;
    seen.lines.push(line);
    const msg = JSON.parse(line) as { clientId?: string; id?: number };
    if (msg.clientId !== undefined) return JSON.stringify({ ready: true });
    return JSON.stringify({ id: msg.id, type: "ok", value: { resource: "r", token: "1" } });
  };
}

async function fakeCluster(onLine: FakeLineHandler): Promise<Cluster> {
  return createFakeRuntime({ onLine }).start(nodes, { runId: "agents" });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe("an agent started before its configuration", () => {
  it("gets its configuration as its first line, and its hello limit runs from then, not from its start", async () => {
    const seen: { env?: string; lines: string[] } = { lines: [] };
    const cluster = await fakeCluster(agentAnswers(seen));
    const agent = startAgent({ cluster, node: c1, entrypoint: "/agent.js", logFile: "/agent.log", helloTimeoutMs: 50 });
    // Longer than the hello's limit: the services are still starting.
    await sleep(200);
    const client = await agent.open(config);
    expect(seen.env).toBe("-");
    expect(JSON.parse(seen.lines[0] ?? "")).toEqual(config);
    const outcome = await client.invoke({ f: "acquire", value: { resource: "r" } } as never, new AbortController().signal);
    expect(outcome).toMatchObject({ type: "ok", value: { token: "1" } });
  });

  it("fails its open, naming the node, when no hello comes within the limit once configured", async () => {
    const cluster = await fakeCluster(() => undefined);
    const agent = startAgent({ cluster, node: c1, entrypoint: "/agent.js", logFile: "/agent.log", helloTimeoutMs: 50 });
    await expect(agent.open(config)).rejects.toThrow(/Cannot start the client agent on node "c1": no hello within 50 ms/);
  });

  it("leaves no rejection unhandled when it is never opened and its node is killed", async () => {
    const cluster = await fakeCluster(() => undefined);
    startAgent({ cluster, node: c1, entrypoint: "/agent.js", logFile: "/agent.log", helloTimeoutMs: 50 });
    await sleep(10);
    await cluster.kill(c1);
    // An unhandled rejection would fail this test file.
    await sleep(50);
  });
});

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

  it("answers an op sent after its agent exited at once, with the agent's exit, not after the op timeout", async () => {
    let exit: (e: { code: number; signal: null }) => void = () => undefined;
    const sent: string[] = [];
    const proc: NodeProcess = {
      node: nodeId("c1"),
      pid: 1,
      send: (line) => void sent.push(line),
      onLine: (listener) => void setTimeout(() => listener('{"ready":true}'), 1),
      exited: new Promise((resolve) => (exit = resolve)),
      signal: () => undefined,
    };
    const cluster = { startProcess: async () => proc } as unknown as ClusterProcesses;
    const client = await openAgentClient({ cluster, node: nodeId("c1"), config, entrypoint: "/x/agent.js", logFile: "/dev/null", helloTimeoutMs: 1_000 });
    exit({ code: 1, signal: null });
    await sleep(1);
    const outcome = await client.invoke({ f: "read", value: { resource: "r" } } as never, new AbortController().signal);
    expect(outcome).toMatchObject({ type: "info", error: { code: "agent-exited", message: "The agent exited (code 1) before answering" } });
    expect(sent.filter((line) => line.includes('"f":"read"'))).toEqual([]);
  });

  it("uses only flags this node accepts", () => {
    const run = spawnSync(process.execPath, [...AGENT_NODE_FLAGS, "-e", "process.stdout.write('ran')"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("ran");
  });
});
