/**
 * Which clients share an agent process (`clientsPerAgent`), and how a run's
 * groups of threads find their host (`sharedHosts`).
 */
import { describe, expect, it } from "vitest";
import type { AgentConfig, Client } from "../../../core/index.js";
import { HostGone, type AgentHost } from "../agents/agent-host.js";
import { clientsPerAgent, MAX_CLIENTS_PER_AGENT, sharedHosts } from "./shared-hosts.js";

type Run = Parameters<typeof clientsPerAgent>[0];
interface Over {
  clients?: number; faults?: string[]; builtIn?: boolean; leaseCheck?: string; runtime?: string; agentPerClient?: true; maxHoldMs?: number; opTimeoutMs?: number;
}
const run = (over: Over = {}): Run => ({
  config: {
    workload: {
      clients: over.clients ?? 5, holdMs: 50, hold: [{ minMs: 50, maxMs: 150, weight: 0.7 }, { minMs: 1300, maxMs: over.maxHoldMs ?? 1700, weight: 0.3 }], acquireTimeoutMs: 3000,
      ...(over.leaseCheck ? { leaseCheck: over.leaseCheck } : {}), ...(over.agentPerClient ? { agentPerClient: true } : {}),
    },
    nemesis: { faults: over.faults ?? [] },
    opTimeoutMs: over.opTimeoutMs ?? 10_000,
  },
  builtInAdapter: over.builtIn ?? true,
  deps: { runtime: { kind: over.runtime ?? "local" } },
}) as unknown as Run;

describe("how many clients share an agent process", () => {
  it("is every client, up to the most a host serves, in a run without faults where nothing needs a client alone in its process", () => {
    expect(clientsPerAgent(run({ clients: 5 }))).toBe(5);
    expect(clientsPerAgent(run({ clients: 20 }))).toBe(20);
    expect(clientsPerAgent(run({ clients: 40 }))).toBe(MAX_CLIENTS_PER_AGENT);
    expect(clientsPerAgent(run({ runtime: "docker" }))).toBe(5);
  });

  it("is one when the run asks for it, has a fault (even one aimed at services), the adapter is the user's, clients self-fence, or the runtime is ssh", () => {
    expect(clientsPerAgent(run({ agentPerClient: true }))).toBe(1);
    expect(clientsPerAgent(run({ faults: ["pause-holder"] }))).toBe(1);
    expect(clientsPerAgent(run({ faults: ["kill-storage"] }))).toBe(1);
    expect(clientsPerAgent(run({ builtIn: false }))).toBe(1);
    expect(clientsPerAgent(run({ leaseCheck: "self-fence" }))).toBe(1);
    expect(clientsPerAgent(run({ leaseCheck: "skip" }))).toBe(5);
    expect(clientsPerAgent(run({ runtime: "ssh" }))).toBe(1);
  });

  it("is one when a write's longest hold and twice the acquire timeout reach the op timeout: such an op would retire its client and take its host down", () => {
    // A 30 s TTL's default holds reach 25.5 s; the default op timeout is 10 s.
    expect(clientsPerAgent(run({ maxHoldMs: 25_500 }))).toBe(1);
    expect(clientsPerAgent(run({ maxHoldMs: 3_000 }))).toBe(5);
    expect(clientsPerAgent(run({ maxHoldMs: 3_000, opTimeoutMs: 9_000 }))).toBe(1);
  });
});

/**
 * Hosts that record what they were started for and what they opened; `kill`
 * makes one dead; `closeWhileOpening` makes one be closed under its next open.
 */
function recordingHosts(): { started: string[]; opened: string[]; kill(n: number): void; closeWhileOpening(n: number): void; start(first: number, process: number): AgentHost } {
  const started: string[] = [];
  const opened: string[] = [];
  const alive: boolean[] = [];
  const closing = new Set<number>();
  return {
    started, opened,
    kill: (n) => void (alive[n] = false),
    closeWhileOpening: (n) => void closing.add(n),
    start(first, process) {
      const n = started.push(`${first}/${process}`) - 1;
      alive[n] = true;
      const open = async (config: AgentConfig): Promise<Client> => {
        if (closing.has(n)) {
          alive[n] = false;
          throw new HostGone(`c${first + 1}`);
        }
        opened.push(`${n}:${config.clientId}`);
        return {} as Client;
      };
      return { alive: () => alive[n] === true, open };
    },
  };
}

const configOf = (process: number) => ({ clientId: String(process) }) as AgentConfig;

describe("a run's shared hosts", () => {
  it("start one host per group of threads early, on each group's first thread, and open each thread's client on its group's", async () => {
    const hosts = recordingHosts();
    const shared = sharedHosts(5, 2, hosts.start, true);
    expect(hosts.started).toEqual(["0/0", "2/2", "4/4"]);
    for (const thread of [0, 1, 2, 3, 4]) await shared.open(thread, thread, configOf(thread));
    expect(hosts.opened).toEqual(["0:0", "0:1", "1:2", "1:3", "2:4"]);
  });

  it("start a group's next host, named after the process that needs it, once its host is dead, and open the group's later clients there", async () => {
    const hosts = recordingHosts();
    const shared = sharedHosts(4, 2, hosts.start, false);
    expect(hosts.started).toEqual([]);
    await shared.open(1, 1, configOf(1));
    hosts.kill(0);
    await shared.open(1, 5, configOf(5));
    await shared.open(0, 6, configOf(6));
    expect(hosts.started).toEqual(["0/1", "0/5"]);
    expect(hosts.opened).toEqual(["0:1", "1:5", "1:6"]);
  });

  it("open a client again on the group's next host when another client's close took its host down while it opened", async () => {
    const hosts = recordingHosts();
    const shared = sharedHosts(2, 2, hosts.start, true);
    hosts.closeWhileOpening(0);
    await shared.open(1, 1, configOf(1));
    expect(hosts.started).toEqual(["0/0", "0/1"]);
    expect(hosts.opened).toEqual(["1:1"]);
  });

  it("give up with the host's error when the next host is closed under the client too, or the host could not start", async () => {
    const hosts = recordingHosts();
    const shared = sharedHosts(2, 2, (first, process) => {
      const host = hosts.start(first, process);
      hosts.closeWhileOpening(hosts.started.length - 1);
      return host;
    }, false);
    await expect(shared.open(0, 0, configOf(0))).rejects.toBeInstanceOf(HostGone);
    expect(hosts.started).toHaveLength(2);
    let starts = 0;
    const failing = sharedHosts(1, 1, () => (starts++, { alive: () => false, open: () => Promise.reject(new Error("no agent")) }), false);
    await expect(failing.open(0, 0, configOf(0))).rejects.toThrow("no agent");
    expect(starts).toBe(1);
  });
});
