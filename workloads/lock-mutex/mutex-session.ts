/**
 * How a lock-mutex agent performs its ops: acquire and release exactly as
 * the lock-write agent does (the same adapter calls, the same error
 * classes); anything else is refused as a definite failure.
 */
import type { AgentReply } from "../../core/index.js";
import { createAgentSession, type AgentSession, type AgentSessionDeps } from "../agent/agent-session.js";

/** A session that performs only acquire and release. */
export function createMutexSession(deps: AgentSessionDeps): AgentSession {
  const inner = createAgentSession(deps);
  return {
    handle(request) {
      if (request.f === "acquire" || request.f === "release") return inner.handle(request);
      const reply: AgentReply = {
        id: request.id, type: "fail", value: request.value,
        error: { code: "unknown-f", message: `Cannot run op "${request.f}": the lock-mutex workload only acquires and releases`, definite: true },
      };
      return Promise.resolve(reply);
    },
    close: () => inner.close(),
  };
}
