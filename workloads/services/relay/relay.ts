/**
 * A byte relay between a listening socket and a target, used to reach lock
 * services the harness did not start (`--endpoints`): the run's nodes live
 * in network namespaces that cannot reach the host's addresses, but a Unix
 * socket in the file system is reachable from every namespace. The harness
 * listens on a Unix socket and connects to the user's host:port; a relay in
 * each client node listens on 127.0.0.1 and connects to that Unix socket.
 */
import { createServer, connect, type Server, type Socket } from "node:net";

/** Where a relay listens: a TCP host and port, or a Unix socket path. */
export type RelayAddress = { readonly host: string; readonly port: number } | { readonly path: string };

/** Starts relaying every connection made to `listen` on to `target`; resolves once listening. */
export function startRelay(listen: RelayAddress, target: RelayAddress): Promise<Server> {
  const server = createServer((inbound: Socket) => {
    const outbound = "path" in target ? connect(target.path) : connect(target.port, target.host);
    inbound.pipe(outbound).pipe(inbound);
    const end = (): void => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on("error", end).on("close", end);
    outbound.on("error", end).on("close", end);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    const ready = (): void => resolve(server);
    if ("path" in listen) server.listen(listen.path, ready);
    else server.listen(listen.port, listen.host, ready);
  });
}
