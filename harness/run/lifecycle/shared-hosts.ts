/**
 * Which of a run's clients share an agent process, and the shared hosts
 * that serve them: threads `t` with the same `floor(t / size)` form a
 * group, and a group's clients open on its current host, a new one once
 * that host is dead (a client of it was closed, killing it). A client
 * whose host was closed while it opened opens again on a new host.
 */
import { holdSpecOf, longestHold, type AgentConfig, type Client, type RunConfig } from "../../../core/index.js";
import { HostGone, type AgentHost } from "../agents/agent-host.js";
import type { Execution } from "./execution.js";

/** The most clients one shared host serves. */
export const MAX_CLIENTS_PER_AGENT = 32;

/**
 * How many clients one agent process serves: 1, each alone, unless the run
 * has no fault and nothing else needs a client alone in its process; then
 * up to `MAX_CLIENTS_PER_AGENT`. Fewer processes cost far less CPU per op
 * (each Node process's wake-ups and warm-up are paid once for its clients).
 */
export function clientsPerAgent(run: Pick<Execution, "config" | "builtInAdapter" | "deps">): number {
  const { config } = run;
  if (config.workload.agentPerClient === true) return 1;
  // A fault on a client node must reach that one client. Any other fault makes ops end as infos, and
  // each info retires its client by killing its process (a crash, never a graceful close that could
  // release its lease): on a shared host that ends every other client's op in hand too (measured, a
  // 12 s kill run at 10 clients: 106 infos of clients whose host was killed, 150 processes, against 39).
  if (config.nemesis.faults.length > 0) return 1;
  // An op that outlasts the op timeout retires its client the same way: share only where every op ends well
  // within it (a 30 s TTL's near-TTL holds outlast the default 10 s, and each such write took its host down).
  if (slowestOpMs(config.workload) >= config.opTimeoutMs) return 1;
  // A user's adapter may keep state of its own per process (a module-level connection).
  if (!run.builtInAdapter) return 1;
  // A self-fencing client ends its process.
  if (config.workload.leaseCheck === "self-fence") return 1;
  // The ssh runtime spreads client nodes over the user's hosts; a shared host would gather them on one.
  if (run.deps.runtime.kind === "ssh") return 1;
  return Math.min(config.workload.clients, MAX_CLIENTS_PER_AGENT);
}

/**
 * The longest an op of the workload takes when nothing goes wrong, with room
 * to spare: a write holds the lease first (the longest hold and the write
 * delay), and an acquire, a write or a release each wait up to the acquire
 * timeout (a storage request's budget is at least 500 ms), counted twice.
 */
function slowestOpMs(workload: RunConfig["workload"]): number {
  return longestHold(holdSpecOf(workload)) + (workload.writeDelayMs ?? 0) + 2 * Math.max(workload.acquireTimeoutMs, 500);
}

/** A run's shared hosts. */
export interface SharedHosts {
  /** Opens the client of `thread`'s `process` on its group's host. */
  open(thread: number, process: number, config: AgentConfig): Promise<Client>;
}

/**
 * Groups of `size` threads out of `clients`; `start(first, process)`
 * starts a host on the node of the group's `first` thread, its log named
 * after `process`. With `early`, every group's first host starts now.
 */
export function sharedHosts(clients: number, size: number, start: (first: number, process: number) => AgentHost, early: boolean): SharedHosts {
  const hosts = new Map<number, AgentHost>();
  if (early) for (let first = 0; first < clients; first += size) hosts.set(first / size, start(first, first));
  const hostOf = (group: number, process: number): AgentHost => {
    let host = hosts.get(group);
    if (host === undefined || !host.alive()) {
      host = start(group * size, process);
      hosts.set(group, host);
    }
    return host;
  };
  return {
    async open(thread, process, config) {
      const group = Math.floor(thread / size);
      try {
        return await hostOf(group, process).open(config);
      } catch (error) {
        // Closed under it by another client's close: open once more, on the group's next host.
        if (!(error instanceof HostGone)) throw error;
        return hostOf(group, process).open(config);
      }
    },
  };
}
