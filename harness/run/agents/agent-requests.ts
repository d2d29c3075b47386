/**
 * The harness's half of the agent protocol, shared by an agent of one
 * client (`agent-client.ts`) and a shared host of several (`agent-host.ts`):
 * the ops a client has in hand, the client that sends them as request
 * lines, and what an op gets once its process has exited.
 */
import type { AgentReply, Client, ClientOutcome, NodeProcess } from "../../../core/index.js";

/** The ops one client has in hand, and, once its process has exited, the outcome every op still sent to it gets. */
export interface AgentState {
  readonly pending: Map<number, (outcome: ClientOutcome) => void>;
  exited: ClientOutcome | undefined;
}

/** A client's state before its process exits. */
export function newAgentState(): AgentState {
  return { pending: new Map(), exited: undefined };
}

/**
 * Once `proc` exits, settles every op in hand of each of `states` as an
 * `info`, and every op sent later at once (`agentExited`).
 */
export function settleOnExit(proc: NodeProcess, states: () => Iterable<AgentState>): void {
  void proc.exited.then((exit) => {
    const outcome = agentExited(`The agent exited (${exit.signal ?? `code ${exit.code}`}) before answering`);
    for (const state of states()) {
      state.exited = outcome;
      for (const resolve of state.pending.values()) resolve(outcome);
      state.pending.clear();
    }
  });
}

/**
 * An `info` (the process retires and a new agent takes its place): an op
 * in hand may have happened. One sent after the exit is given the same
 * outcome at once rather than waiting out the op timeout for an answer
 * that cannot come (it never reached anyone, but a definite fail would keep
 * the process, and the next op would go to the same dead agent).
 */
function agentExited(message: string): ClientOutcome {
  return { type: "info", error: { code: "agent-exited", message, definite: false } };
}

/**
 * The client over a greeted agent: one request line per op (with
 * `session`'s number on a shared host), its reply settles the op. Closing
 * it kills the process, whoever else it serves: a client is retired as a
 * crash, never by a graceful close that could release its lease.
 */
export function agentClient(proc: NodeProcess, state: AgentState, session?: number): Client {
  const { pending } = state;
  const tag = session === undefined ? {} : { session };
  let nextId = 1;
  return {
    invoke(op, signal) {
      if (state.exited !== undefined) return Promise.resolve(state.exited);
      const id = nextId++;
      return new Promise<ClientOutcome>((resolve) => {
        pending.set(id, (outcome) => {
          pending.delete(id);
          resolve(outcome);
        });
        signal.addEventListener("abort", () => pending.delete(id), { once: true });
        proc.send(JSON.stringify({ ...tag, id, f: op.f, value: op.value }));
      });
    },
    stopWaiting() {
      if (pending.has(nextId - 1)) proc.send(JSON.stringify({ ...tag, stopWaiting: nextId - 1 }));
    },
    close: () => killAgent(proc),
  };
}

/** Kills `proc` (resumed first, should a pause hold it) and waits for its end, a bounded while. */
export async function killAgent(proc: NodeProcess): Promise<void> {
  proc.signal("SIGCONT");
  proc.signal("SIGKILL");
  // An end that never reaches us (a host that stopped answering) must not hold the run: the cluster's stop kills
  // every process of the run, so after a bounded wait the agent is left to it.
  await Promise.race([proc.exited, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
}

const CLOSE_WAIT_MS = 5_000;

/** A line of the agent's stdout as JSON, or undefined when it is not JSON. */
export function parseAgentLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** The op's outcome from its reply. */
export function toOutcome(reply: AgentReply): ClientOutcome {
  return {
    type: reply.type,
    ...(reply.value !== undefined ? { value: reply.value } : {}),
    ...(reply.error ? { error: reply.error } : {}),
  };
}
