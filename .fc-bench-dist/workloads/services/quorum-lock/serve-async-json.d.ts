/**
 * A JSON-over-HTTP server for routes that answer asynchronously: a quorum
 * coordinator waits for its peers before it answers. Same wire behaviour as
 * serve-json.ts (terse request log, one `listening <host>:<port>` line).
 */
import { type Server } from "node:http";
import type { JsonRequest, JsonResponse } from "../serve-json.js";
/** Routes one request; a rejection is answered with 500. */
export type AsyncJsonRoute = (request: JsonRequest) => Promise<JsonResponse>;
/** Where to listen and where request lines go. */
export interface ServeAsyncOptions {
    readonly host: string;
    readonly port: number;
    readonly log: (line: string) => void;
}
/** Starts the server, prints `listening <host>:<port>` to stdout, resolves once it listens. */
export declare function serveAsyncJson(route: AsyncJsonRoute, options: ServeAsyncOptions): Promise<Server>;
