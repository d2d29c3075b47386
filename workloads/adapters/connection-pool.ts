/**
 * A client's idle kept-alive connections, per server: a request takes one
 * (or opens one) and gives it back once its answer is whole. A connection
 * closes after `idleMs` unused, or when the server closes it.
 */
import { openConnection, type HttpConnection, type HttpTarget } from "./http-connection.js";

/** The pool of one client. */
export interface Pool {
  /** An idle connection to `target`, or a new one. */
  take(target: HttpTarget): HttpConnection;
  /** Keeps a connection that finished its answer for the next request (closed after `idleMs` unused). */
  give(target: HttpTarget, connection: HttpConnection): void;
  /** Closes every idle connection. */
  close(): void;
}

/** Creates an empty pool; its only state lives in the returned closure. */
export function createPool(idleMs: number): Pool {
  const idle = new Map<string, HttpConnection[]>();
  const forget = (key: string, connection: HttpConnection): void => {
    const rest = (idle.get(key) ?? []).filter((c) => c !== connection);
    if (rest.length > 0) idle.set(key, rest);
    else idle.delete(key);
  };
  return {
    take(target) {
      for (let kept = idle.get(target.hostPort)?.pop(); kept; kept = idle.get(target.hostPort)?.pop()) {
        if (kept.closed()) continue;
        kept.socket.setTimeout(0);
        return kept;
      }
      const connection: HttpConnection = openConnection(target, () => forget(target.hostPort, connection));
      connection.socket.on("timeout", () => connection.socket.destroy());
      return connection;
    },
    give(target, connection) {
      connection.socket.setTimeout(idleMs);
      const kept = idle.get(target.hostPort);
      if (kept) kept.push(connection);
      else idle.set(target.hostPort, [connection]);
    },
    close() {
      for (const connections of idle.values()) for (const c of connections) c.socket.destroy();
      idle.clear();
    },
  };
}
