/**
 * A shared agent host on the fake runtime: one process, a session per
 * client, each reply routed to its session's op; a client's close kills
 * the process, and the host's other clients see their ops end as infos.
 */
import { describe, expect, it } from "vitest";
import { nodeId, type AgentConfig, type Client, type Cluster, type NodeSpec } from "../../../core/index.js";
import { createFakeRuntime, type FakeLineHandler, type FakeRuntime } from "../../runtime/index.js";
import { HostGone, startAgentHost } from "./agent-host.js";

const config = (clientId: string): AgentConfig => ({
  clientId, lockAdapter: "reference", lockEndpoints: ["10.77.0.10:7001"], storageEndpoints: ["10.77.0.11:7002"], ttlMs: 2000, holdMs: 10, acquireTimeoutMs: 1000,
});
const c1 = nodeId("c1");
const nodes: NodeSpec[] = [{ id: c1, role: "client" }];
const acquire = { f: "acquire", value: { resource: "r" } } as never;

/** A host as the program is: a hello per session opened (not for "bad" clients, none for "slow" ones), a reply naming the session; "hang" is never answered. */
const hostAnswers: FakeLineHandler = (line) => {
  const msg = JSON.parse(line) as { session: number; open?: AgentConfig; id?: number; f?: string };
  if (msg.open?.clientId === "slow") return undefined;
  if (msg.open) return JSON.stringify(msg.open.clientId === "bad" ? { session: msg.session, ready: false, error: "no such adapter" } : { session: msg.session, ready: true });
  if (msg.f === "hang") return undefined;
  return JSON.stringify({ session: msg.session, id: msg.id, type: "ok", value: { served: msg.session } });
};

async function hostOn(): Promise<{ runtime: FakeRuntime; cluster: Cluster; spec: Parameters<typeof startAgentHost>[0] }> {
  const runtime = createFakeRuntime({ onLine: hostAnswers });
  const cluster = await runtime.start(nodes, { runId: "hosts" });
  return { runtime, cluster, spec: { cluster, node: c1, entrypoint: "/agent.js", logFile: "/agent-0.log", helloTimeoutMs: 200 } };
}

const invoke = (client: Client, op = acquire) => client.invoke(op, new AbortController().signal);

describe("a shared agent host", () => {
  it("runs its clients in one process started as a shared host, each reply going to its own session's op", async () => {
    const { runtime, spec } = await hostOn();
    const host = startAgentHost(spec);
    const [a, b] = await Promise.all([host.open(config("0")), host.open(config("1"))]);
    expect(await invoke(b)).toMatchObject({ type: "ok", value: { served: 1 } });
    expect(await invoke(a)).toMatchObject({ type: "ok", value: { served: 0 } });
    expect(runtime.calls.filter((c) => c.kind === "start-process")).toHaveLength(1);
  });

  it("fails the open of a client that cannot start, and serves the others", async () => {
    const { spec } = await hostOn();
    const host = startAgentHost(spec);
    await expect(host.open(config("bad"))).rejects.toThrow("no such adapter");
    expect(await invoke(await host.open(config("1")))).toMatchObject({ type: "ok", value: { served: 1 } });
    expect(host.alive()).toBe(true);
  });

  it("is killed by any client's close: another client's op in hand ends as an info, later ops too, and it takes no new client", async () => {
    const { spec } = await hostOn();
    const host = startAgentHost(spec);
    const [a, b] = await Promise.all([host.open(config("0")), host.open(config("1"))]);
    const inHand = invoke(b, { f: "hang", value: {} } as never);
    await a.close();
    expect(host.alive()).toBe(false);
    expect(await inHand).toMatchObject({ type: "info", error: { code: "agent-exited", definite: false } });
    expect(await invoke(b)).toMatchObject({ type: "info", error: { code: "agent-exited" } });
  });

  it("fails an open, naming the node, when no hello comes within the limit, and is then dead", async () => {
    const runtime = createFakeRuntime({ onLine: () => undefined });
    const cluster = await runtime.start(nodes, { runId: "silent" });
    const host = startAgentHost({ cluster, node: c1, entrypoint: "/agent.js", logFile: "/agent-0.log", helloTimeoutMs: 50 });
    await expect(host.open(config("0"))).rejects.toThrow(/Cannot start the client agent on node "c1": no hello within 50 ms/);
    expect(host.alive()).toBe(false);
  });

  it("fails an open with HostGone, at once, when another client's close killed it before or while the client opened", async () => {
    const { spec } = await hostOn();
    const host = startAgentHost({ ...spec, helloTimeoutMs: 60_000 });
    const a = await host.open(config("0"));
    const opening = host.open(config("slow"));
    await a.close();
    await expect(opening).rejects.toBeInstanceOf(HostGone);
    await expect(host.open(config("1"))).rejects.toThrow('Cannot open a client on the agent host of node "c1": another of its clients closed it first');
  });
});
