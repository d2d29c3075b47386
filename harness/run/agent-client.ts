/**
 * A `Client` backed by an agent process inside a client node. Requests go
 * to the agent's stdin as JSON lines; replies come back on its stdout. An
 * agent that exits fails every op in flight as `info`. Closing kills it.
 */
import {
  HarnessError,
  type AgentConfig,
  type AgentHello,
  type AgentReply,
  type Client,
  type ClientOutcome,
  type ClusterProcesses,
  type NodeId,
  type NodeProcess,
} from "../../core/index.js";

/** How to start one agent. */
export interface AgentSpec {
  readonly cluster: ClusterProcesses;
  readonly node: NodeId;
  readonly config: AgentConfig;
  /** Absolute path of the compiled agent program. */
  readonly entrypoint: string;
  readonly logFile: string;
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
  const proc = await spec.cluster.startProcess(spec.node, {
    argv: [process.execPath, ...AGENT_NODE_FLAGS, spec.entrypoint],
    env: { ...spec.env, FENCECHECK_AGENT: JSON.stringify(spec.config) },
    logFile: spec.logFile,
    stdio: "pipe",
    kind: "agent",
  });
  const pending = new Map<number, (outcome: ClientOutcome) => void>();
  const hello = waitForHello(proc, spec, (reply) => pending.get(reply.id)?.(toOutcome(reply)));
  void proc.exited.then((exit) => {
    const message = `The agent exited (${exit.signal ?? `code ${exit.code}`}) before answering`;
    for (const resolve of pending.values()) resolve({ type: "info", error: { code: "agent-exited", message, definite: false } });
    pending.clear();
  });
  await hello;
  let nextId = 1;
  return {
    invoke(op, signal) {
      const id = nextId++;
      return new Promise<ClientOutcome>((resolve) => {
        pending.set(id, (outcome) => {
          pending.delete(id);
          resolve(outcome);
        });
        signal.addEventListener("abort", () => pending.delete(id), { once: true });
        proc.send(JSON.stringify({ id, f: op.f, value: op.value }));
      });
    },
    stopWaiting() {
      if (pending.has(nextId - 1)) proc.send(JSON.stringify({ stopWaiting: nextId - 1 }));
    },
    async close() {
      proc.signal("SIGCONT");
      proc.signal("SIGKILL");
      // An end that never reaches us (a host that stopped answering) must not hold the run: the cluster's stop kills
      // every process of the run, so after a bounded wait the agent is left to it.
      await Promise.race([proc.exited, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    },
  };
}

/** How long `close` waits for a killed agent's end to be reported. */
const CLOSE_WAIT_MS = 5_000;

function waitForHello(proc: NodeProcess, spec: AgentSpec, onReply: (reply: AgentReply) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let greeted = false;
    const fail = (why: string): void => {
      if (greeted) return;
      greeted = true;
      clearTimeout(timer);
      proc.signal("SIGKILL");
      reject(new HarnessError("runtime.node-start-failed", `Cannot start the client agent on node "${spec.node}": ${why}`));
    };
    const timer = setTimeout(() => fail(`no hello within ${spec.helloTimeoutMs} ms (see ${spec.logFile})`), spec.helloTimeoutMs);
    void proc.exited.then((exit) => fail(`it exited with ${exit.signal ?? `code ${exit.code}`} (see ${spec.logFile})`));
    proc.onLine((line) => {
      const msg = parseLine(line);
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

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function toOutcome(reply: AgentReply): ClientOutcome {
  return {
    type: reply.type,
    ...(reply.value !== undefined ? { value: reply.value } : {}),
    ...(reply.error ? { error: reply.error } : {}),
  };
}
