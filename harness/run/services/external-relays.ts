/**
 * Reaching a lock service the harness did not start (`--endpoints`). The
 * run's nodes cannot reach the host's addresses, so the harness relays: it
 * listens on one Unix socket per endpoint and connects each connection to
 * the endpoint, and a relay program in every client node listens on
 * 0.0.0.0:<port> and connects to that socket. Clients use 127.0.0.1:<port>.
 * Loopback traffic inside a node is never partitioned: faults do not reach
 * the service, as the run's notes say.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HarnessError, type Cluster } from "../../../core/index.js";
import { entrypointPath, startRelay } from "../../../workloads/index.js";
import type { RunStore } from "../../store/index.js";

/** The first port the client-side relays listen on; endpoint i gets this plus i. */
export const RELAY_BASE_PORT = 17001;

/** The endpoints clients use, and how to stop the harness's side. */
export interface ExternalRelays {
  readonly endpoints: readonly string[];
  stop(): Promise<void>;
}

/** Starts both sides of the relays for `endpoints` ("host:port" each). */
export async function startExternalRelays(cluster: Cluster, endpoints: readonly string[], store: RunStore): Promise<ExternalRelays> {
  // A folder of its own, made with a name nobody can guess and for its owner only: no other user can
  // plant a socket or a link where the relay listens, nor connect to it.
  const folder = mkdtempSync(join(tmpdir(), `fencecheck-relays-${cluster.runId}-`));
  const sockets = endpoints.map((_, i) => join(folder, `${i}.sock`));
  const servers: Server[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    for (const [i, endpoint] of endpoints.entries()) {
      const at = endpoint.lastIndexOf(":");
      const port = Number(endpoint.slice(at + 1));
      if (at <= 0 || !Number.isInteger(port)) throw new HarnessError("config.invalid", `Cannot use endpoint "${endpoint}": it is not host:port`);
      servers.push(await startRelay({ path: sockets[i] as string }, { host: endpoint.slice(0, at), port }));
    }
    const args = endpoints.flatMap((_, i) => ["--listen", `0.0.0.0:${RELAY_BASE_PORT + i}`, "--unix", sockets[i] as string]);
    await Promise.all(cluster.nodes.filter((n) => n.role === "client").map((node) =>
      cluster.startProcess(node.id, {
        argv: [process.execPath, entrypointPath("relay"), ...args],
        logFile: join(store.nodeDir(node.id), "relay.log"),
        readyPort: RELAY_BASE_PORT,
      })));
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoints: endpoints.map((_, i) => `127.0.0.1:${RELAY_BASE_PORT + i}`), stop };
}
