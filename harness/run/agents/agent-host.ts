/**
 * A shared agent host: one agent process (`AGENT_SHARED`) serving several
 * clients, each a session it opens on request, as Jepsen's clients share
 * one JVM. A run uses hosts only where nothing needs a client alone in its
 * process (`clientsPerAgent`): a run without faults, among others.
 * A client's close still kills its process, so its lease is left to expire
 * as after a crash, never released by a graceful close: the host's other
 * clients' ops in hand become `info`s and their threads retire them, as
 * when any agent crashes. A dead host takes no new client (`alive`).
 */
import { AGENT_SHARED, HarnessError, type AgentConfig, type AgentReply, type Client, type NodeProcess } from "../../../core/index.js";
import { AGENT_NODE_FLAGS, type AgentSpec } from "./agent-client.js";
import { agentClient, killAgent, newAgentState, parseAgentLine, settleOnExit, toOutcome, type AgentState } from "./agent-requests.js";

export interface AgentHost {
  /**
   * Opens a client with `config`: resolves once its session's hello came,
   * rejects when it cannot start; with `HostGone` when the host was closed
   * (a client of it was) before the hello, so the caller may open on another.
   */
  open(config: AgentConfig): Promise<Client>;
  /** False once one of its clients closed it, or its process exited or did not start. */
  alive(): boolean;
}

/** The host was closed (by a close of one of its clients) before a client opening on it was greeted. */
export class HostGone extends HarnessError {
  constructor(node: string) {
    super("runtime.node-start-failed", `Cannot open a client on the agent host of node "${node}": another of its clients closed it first`);
  }
}

/** A session: its ops in hand, and its hello's waiter until the hello comes. */
interface Session {
  readonly state: AgentState;
  greeted?: { resolve(): void; reject(error: HarnessError): void };
}

/** Starts the host's process now (it loads its code while the caller goes on); clients open on it later. */
export function startAgentHost(spec: Omit<AgentSpec, "config">): AgentHost {
  let alive = true;
  /** Set when a client's close killed the host: an exit then is no start failure. */
  let closed = false;
  const sessions = new Map<number, Session>();
  const startFailed = (why: string): HarnessError =>
    new HarnessError("runtime.node-start-failed", `Cannot start the client agent on node "${spec.node}": ${why} (see ${spec.logFile})`);
  const started = spec.cluster.startProcess(spec.node, {
    argv: [process.execPath, ...AGENT_NODE_FLAGS, spec.entrypoint],
    env: { ...spec.env, FENCECHECK_AGENT: AGENT_SHARED },
    logFile: spec.logFile,
    stdio: "pipe",
    kind: "agent",
  });
  started.then((proc) => {
    proc.onLine((line) => onLine(sessions, line));
    settleOnExit(proc, () => [...sessions.values()].map((s) => s.state));
    void proc.exited.then((exit) => {
      alive = false;
      const why = closed ? new HostGone(spec.node) : startFailed(`it exited with ${exit.signal ?? `code ${exit.code}`}`);
      for (const session of sessions.values()) session.greeted?.reject(why);
    });
  }, () => (alive = false));
  let next = 0;
  return {
    alive: () => alive,
    async open(config) {
      const proc = await started;
      if (closed) throw new HostGone(spec.node);
      const number = next++;
      const session: Session = { state: newAgentState() };
      sessions.set(number, session);
      await new Promise<void>((resolve, reject) => {
        const settle = (): void => {
          clearTimeout(timer);
          session.greeted = undefined;
        };
        session.greeted = { resolve: () => (settle(), resolve()), reject: (error) => (settle(), reject(error)) };
        const timer = setTimeout(() => {
          alive = false;
          proc.signal("SIGKILL");
          session.greeted?.reject(startFailed(`no hello within ${spec.helloTimeoutMs} ms`));
        }, spec.helloTimeoutMs);
        proc.send(JSON.stringify({ session: number, open: config }));
      });
      return closingHost(agentClient(proc, session.state, number), proc, () => ((alive = false), (closed = true)));
    },
  };
}

/** `client`, whose close marks the host dead before killing it, so no new client picks it meanwhile. */
function closingHost(client: Client, proc: NodeProcess, dead: () => void): Client {
  return { ...client, close: () => (dead(), killAgent(proc)) };
}

/** Routes a line of the host's stdout: a session's hello, or a reply to one of its ops. */
function onLine(sessions: ReadonlyMap<number, Session>, line: string): void {
  const msg = parseAgentLine(line) as (Partial<AgentReply> & { ready?: boolean; error?: unknown }) | undefined;
  const session = typeof msg?.session === "number" ? sessions.get(msg.session) : undefined;
  if (msg === undefined || session === undefined) return;
  if (msg.ready === true) session.greeted?.resolve();
  else if (msg.ready === false) session.greeted?.reject(new HarnessError("adapter.invalid", String(msg.error)));
  else if (typeof msg.id === "number") session.state.pending.get(msg.id)?.(toOutcome(msg as AgentReply));
}
