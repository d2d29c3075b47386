/**
 * A byte relay between a listening socket and a target, used to reach lock
 * services the harness did not start (`--endpoints`): the run's nodes live
 * in network namespaces that cannot reach the host's addresses, but a Unix
 * socket in the file system is reachable from every namespace. The harness
 * listens on a Unix socket and connects to the user's host:port; a relay in
 * each client node listens on 127.0.0.1 and connects to that Unix socket.
 */
import { type Server } from "node:net";
/** Where a relay listens: a TCP host and port, or a Unix socket path. */
export type RelayAddress = {
    readonly host: string;
    readonly port: number;
} | {
    readonly path: string;
};
/** Starts relaying every connection made to `listen` on to `target`; resolves once listening. */
export declare function startRelay(listen: RelayAddress, target: RelayAddress): Promise<Server>;
