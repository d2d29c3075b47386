/**
 * The agent's own table of workload sessions: how an agent performs each
 * workload's ops, by workload name. The agent reads this instead of the
 * workload registry because a workload value also carries its checkers and
 * report sections, which an agent never runs: loading them cost every
 * client process some fifty modules at start. `agent-sessions.test.ts`
 * proves the table gives every registered workload its registry's session.
 */
import { createMutexSession } from "../lock-mutex/mutex-session.js";
import { createAgentSession, type AgentSession, type AgentSessionDeps } from "./agent-session.js";

/** A workload's session factory, as `Workload.session`. */
export type SessionFactory = (deps: AgentSessionDeps) => AgentSession;

/** The workload an agent runs when its configuration names none (the registry's default). */
export const AGENT_DEFAULT_WORKLOAD = "lock-write";

/** Every workload's session, by workload name. */
export const AGENT_SESSIONS: Readonly<Record<string, SessionFactory>> = {
  "lock-write": createAgentSession,
  "lock-mutex": createMutexSession,
};

/** The session of workload `name`; throws naming the known ones otherwise. */
export function agentSessionFor(name: string): SessionFactory {
  const found = AGENT_SESSIONS[name];
  if (found) return found;
  throw new Error(`Cannot start the agent: workload "${name}" is not one it knows (known: ${Object.keys(AGENT_SESSIONS).join(", ")})`);
}
