/**
 * The run's clients: where each agent runs and logs, the first agents
 * started beside the services, and the interpreter that opens a client
 * per process and records every op.
 */
import { setMaxListeners } from "node:events";
import { join } from "node:path";
import { clientNode, createRng, endpointsFor, type AgentConfig, type Cluster, type Nemesis } from "../../../core/index.js";
import { openAgentClient, startAgent, type AgentSpec, type StartedAgent } from "../agents/agent-client.js";
import { startAgentHost } from "../agents/agent-host.js";
import { clientsPerAgent, sharedHosts, type SharedHosts } from "./shared-hosts.js";
import type { Execution } from "./execution.js";
import { createInterpreter, type Interpreter } from "../interpreter/interpreter.js";
import type { ServiceEndpoints } from "../services/start-services.js";
import { withoutUnusedCaCerts } from "../services/unused-ca-certs.js";

/** Where client `process` of `thread` runs and logs (without its configuration). */
function agentSpec(run: Execution, cluster: Cluster, thread: number, process: number): Omit<AgentSpec, "config"> {
  return {
    cluster,
    node: clientNode(thread),
    entrypoint: run.entrypoint,
    logFile: join(run.store.nodeDir(clientNode(thread)), `agent-${process}.log`),
    // Starting Node and loading a client library took over 15 s on a machine at load 50; a hung agent still ends the run.
    helloTimeoutMs: 60_000,
    ...(run.builtInAdapter ? { env: withoutUnusedCaCerts() } : {}),
  };
}

/** How the run's clients run, for its log: "10 clients in 1 agent process", or "2 clients, an agent process each". */
export function clientProcesses(run: Execution): string {
  const clients = run.config.workload.clients;
  const sharing = clientsPerAgent(run);
  if (sharing === 1) return `${clients} client${clients === 1 ? "" : "s"}, an agent process each`;
  const hosts = Math.ceil(clients / sharing);
  return `${clients} clients in ${hosts} agent process${hosts === 1 ? "" : "es"}, as the run has no fault`;
}

/** The agents started before the services are ready: one per thread, or the shared hosts of each group of threads. */
export type EarlyAgents = Map<number, StartedAgent> | SharedHosts;

/**
 * The first agent of each thread (process = thread), or with `clientsPerAgent` above 1 the first host of
 * each group of threads, started before the services are ready; each agent is taken once. None where the
 * runtime bounds the processes starting at once (`Runtime.startsAtOnce`): agents beside the services'
 * processes could pass the bound.
 */
export function startAgentsEarly(run: Execution, cluster: Cluster): EarlyAgents {
  const early = run.deps.runtime.startsAtOnce === undefined;
  const sharing = clientsPerAgent(run);
  if (sharing > 1) return sharedHosts(run.config.workload.clients, sharing, (first, process) => startAgentHost(agentSpec(run, cluster, first, process)), early);
  if (!early) return new Map();
  const threads = Array.from({ length: run.config.workload.clients }, (_, thread) => thread);
  return new Map(threads.map((thread) => [thread, startAgent(agentSpec(run, cluster, thread, thread))]));
}

export async function openInterpreter(
  run: Execution, cluster: Cluster, endpoints: Pick<ServiceEndpoints, "lock" | "storage">, nemesis: Nemesis, early: EarlyAgents,
): Promise<Interpreter> {
  const { config, store, clock } = run;
  // Every op in flight listens to the run's signal for an interrupt (a client's op, the nemesis, the queue's
  // wait): with 20 clients that is more than Node's default of 10, which is a warning about a leak, not a leak.
  setMaxListeners(config.workload.clients + 10, run.signal);
  const agentConfig = (thread: number, process: number): AgentConfig => ({
    clientId: String(process),
    workload: run.workload.name,
    lockAdapter: config.lock.adapter,
    lockEndpoints: endpointsFor(endpoints.lock, thread),
    storageEndpoints: endpoints.storage,
    storageKind: config.storage.kind,
    ttlMs: config.workload.ttlMs,
    holdMs: config.workload.holdMs,
    acquireTimeoutMs: config.workload.acquireTimeoutMs,
    ...(config.workload.leaseCheck ? { leaseCheck: config.workload.leaseCheck } : {}),
  });
  return createInterpreter({
    concurrency: config.workload.clients,
    clock,
    rng: createRng(config.seed),
    opTimeoutMs: config.opTimeoutMs,
    signal: run.signal,
    cluster,
    nemesis,
    nodeOf: (thread) => clientNode(thread),
    record(op) {
      if (op.process === "nemesis") run.nemesisOps.add(op);
      store.appendOp(op);
      run.deps.onOp?.(op);
    },
    openClient: (thread, process) => {
      if (!(early instanceof Map)) return early.open(thread, process, agentConfig(thread, process));
      const started = process === thread ? early.get(thread) : undefined;
      early.delete(thread);
      return started !== undefined
        ? started.open(agentConfig(thread, process))
        : openAgentClient({ ...agentSpec(run, cluster, thread, process), config: agentConfig(thread, process) });
    },
  });
}
