/**
 * A tiny JSON-over-HTTP server shared by our Node services. A service is a
 * route function from a parsed request to a status and a JSON body; this
 * file owns the sockets, body parsing, terse request logging and the
 * `listening <host>:<port>` line the harness and tests wait for.
 */
import { type Server } from "node:http";
/** A parsed request: the body is the decoded JSON (undefined when empty). */
export interface JsonRequest {
    readonly method: string;
    readonly path: string;
    readonly query: URLSearchParams;
    readonly body: unknown;
}
/** What a route answers. `log` is an optional terse note for the request log. */
export interface JsonResponse {
    readonly status: number;
    readonly body: unknown;
    readonly log?: string;
}
/** Routes one request; may throw (answered with 500). */
export type JsonRoute = (request: JsonRequest) => JsonResponse;
/** Where and how to listen. */
export interface ServeJsonOptions {
    readonly host: string;
    readonly port: number;
    /** Receives one terse line per request; default stderr. */
    readonly log?: (line: string) => void;
    /** Receives the `listening <host>:<port>` line; default stdout. */
    readonly announce?: (line: string) => void;
}
/**
 * Starts the server and resolves once it listens, after printing exactly one
 * line `listening <host>:<port>` to stdout (the actual port when `port` is 0)
 * unless `announce` takes it.
 */
export declare function serveJson(route: JsonRoute, options: ServeJsonOptions): Promise<Server>;
/** Reads a string field of a JSON object body, or undefined. */
export declare function stringField(body: unknown, name: string): string | undefined;
/** Reads a field of a JSON object body, whatever its type. */
export declare function field(body: unknown, name: string): unknown;
/** Closes the server on SIGTERM/SIGINT and exits 0 (program entry points only). */
export declare function exitOnSignals(server: Server): void;
