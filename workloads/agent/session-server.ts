/**
 * How an agent serves one client's session: its requests answered one at a
 * time, in order, while stdin is still read, so that a `stopWaiting` line
 * for the request in hand (or one not started yet) aborts that request's
 * stop-waiting signal at once. A shared host runs one of these per session,
 * side by side.
 */
import type { AgentReply, AgentRequest } from "../../core/index.js";
import type { AgentSession } from "./agent-session.js";

export interface SessionServer {
  /** Queues `request` behind the session's earlier ones; its reply goes to `emit`. */
  request(request: AgentRequest): void;
  /** Aborts the stop-waiting signal of request `id`, unless it was answered already. */
  stopWaiting(id: number): void;
  /** Resolves once every request queued so far has been answered. */
  drained(): Promise<void>;
}

/** Serves `session`, emitting each reply (with `session`'s number, for a shared host's). */
export function createSessionServer(session: AgentSession, emit: (reply: AgentReply) => void, number?: number): SessionServer {
  const stops = new Map<number, AbortController>();
  let answered = 0;
  let queue = Promise.resolve();
  function stopFor(id: number): AbortController {
    const known = stops.get(id);
    if (known) return known;
    const created = new AbortController();
    stops.set(id, created);
    return created;
  }
  return {
    request(message) {
      const stop = stopFor(message.id);
      queue = queue.then(async () => {
        const reply = await session.handle(message, stop.signal);
        emit(number === undefined ? reply : { session: number, ...reply });
        stops.delete(message.id);
        answered = Math.max(answered, message.id);
      });
    },
    stopWaiting(id) {
      if (id > answered) stopFor(id).abort();
    },
    drained: () => queue,
  };
}
