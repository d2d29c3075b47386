/**
 * A `Client` backed by an agent process inside a client node. Requests go
 * to the agent's stdin as JSON lines; replies come back on its stdout. An
 * agent that exits fails every op in flight as `info`. Closing kills it.
 * An agent may be started before its configuration is known (`startAgent`)
 * and opened with it later.
 */
import {
  AGENT_CONFIG_ON_STDIN,
  HarnessError,
  type AgentConfig,
  type AgentHello,
  type AgentReply,
  type Client,
  type ClusterProcesses,
  type NodeId,
  type NodeProcess,
} from "../../../core/index.js";
import { agentClient, newAgentState, parseAgentLine, settleOnExit, toOutcome } from "./agent-requests.js";

/** How to start one agent. */
export interface AgentSpec {
  readonly cluster: ClusterProcesses;
  readonly node: NodeId;
  readonly config: AgentConfig;
  /** Absolute path of the compiled agent program. */
  readonly entrypoint: string;
  readonly logFile: string;
  /** How long the hello may take once the agent has its configuration. */
  readonly helloTimeoutMs: number;
  /** Set in the agent's environment besides its configuration. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * V8 flags an agent runs with. An agent performs one client's ops only, a
 * few hundred a second at most, so V8 took long to optimize its per-op code
 * (it ran in the baseline tier, its inline caches and V8's runtime taking
 * two thirds of its CPU): a smaller interrupt budget (the default is 66 KB
 * of bytecode) optimizes it sooner. Measured (10 agents, 16,000 ops against a
 * local reference lock and storage): 500 to 550 µs of agent CPU per op
 * instead of 650 to 740. Every runtime runs agents with this same node binary.
 */
export const AGENT_NODE_FLAGS: readonly string[] = ["--interrupt-budget=16384"];

/** Starts an agent, waits for its hello line, and returns it as a client. */
export async function openAgentClient(spec: AgentSpec): Promise<Client> {
  const agent = await spawnAgent(spec, JSON.stringify(spec.config), Promise.resolve());
  return agent.client();
}

/** An agent started before its configuration is known (`startAgent`). */
export interface StartedAgent {
  /** Sends the configuration, waits for the hello line, and returns the agent as a client. */
  open(config: AgentConfig): Promise<Client>;
}

/**
 * Starts an agent that waits for its configuration on stdin
 * (`AGENT_CONFIG_ON_STDIN`): its process starts and loads its code while
 * the run's services start, and `open` then costs only the connect. The
 * hello's time limit runs from `open`. An agent never opened is left to the
 * cluster's stop, and its failure to start to whoever opens it.
 */
export function startAgent(spec: Omit<AgentSpec, "config">): StartedAgent {
  let configured: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => (configured = resolve));
  const started = spawnAgent(spec, AGENT_CONFIG_ON_STDIN, sent);
  // Met where `open` awaits it; an agent never opened must not leave a rejection nobody handles.
  started.catch(() => undefined);
  return {
    async open(config) {
      const agent = await started;
      agent.proc.send(JSON.stringify(config));
      configured();
      return agent.client();
    },
  };
}

/** A started agent process: `client` waits for its hello (armed once `configured` resolves). */
async function spawnAgent(
  spec: Omit<AgentSpec, "config">, configEnv: string, configured: Promise<void>,
): Promise<{ readonly proc: NodeProcess; client(): Promise<Client> }> {
  const proc = await spec.cluster.startProcess(spec.node, {
    argv: [process.execPath, ...AGENT_NODE_FLAGS, spec.entrypoint],
    env: { ...spec.env, FENCECHECK_AGENT: configEnv },
    logFile: spec.logFile,
    stdio: "pipe",
    kind: "agent",
  });
  const state = newAgentState();
  const hello = waitForHello(proc, spec, configured, (reply) => state.pending.get(reply.id)?.(toOutcome(reply)));
  hello.catch(() => undefined);
  settleOnExit(proc, () => [state]);
  return { proc, client: async () => {
    await hello;
    return agentClient(proc, state);
  } };
}

/** Resolves on the agent's `{"ready":true}`; rejects on its `{"ready":false}`, its exit, or no hello within the limit once `configured`. */
function waitForHello(proc: NodeProcess, spec: Omit<AgentSpec, "config">, configured: Promise<void>, onReply: (reply: AgentReply) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let greeted = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (why: string): void => {
      if (greeted) return;
      greeted = true;
      clearTimeout(timer);
      proc.signal("SIGKILL");
      reject(new HarnessError("runtime.node-start-failed", `Cannot start the client agent on node "${spec.node}": ${why}`));
    };
    void configured.then(() => {
      if (!greeted) timer = setTimeout(() => fail(`no hello within ${spec.helloTimeoutMs} ms (see ${spec.logFile})`), spec.helloTimeoutMs);
    });
    void proc.exited.then((exit) => fail(`it exited with ${exit.signal ?? `code ${exit.code}`} (see ${spec.logFile})`));
    proc.onLine((line) => {
      const msg = parseAgentLine(line);
      if (greeted) {
        if (msg && typeof (msg as AgentReply).id === "number") onReply(msg as AgentReply);
        return;
      }
      const hello = msg as AgentHello | undefined;
      if (hello?.ready === true) {
        greeted = true;
        clearTimeout(timer);
        resolve();
      } else if (hello?.ready === false) {
        clearTimeout(timer);
        greeted = true;
        proc.signal("SIGKILL");
        reject(new HarnessError("adapter.invalid", hello.error));
      }
    });
  });
}
