/**
 * A JSON-over-HTTP server for routes that answer asynchronously: a quorum
 * coordinator waits for its peers before it answers. Same wire behaviour as
 * serve-json.ts (terse request log, one `listening <host>:<port>` line).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { JsonRequest, JsonResponse } from "../serve-json.js";

/** Routes one request; a rejection is answered with 500. */
export type AsyncJsonRoute = (request: JsonRequest) => Promise<JsonResponse>;

/** Where to listen and where request lines go. */
export interface ServeAsyncOptions {
  readonly host: string;
  readonly port: number;
  readonly log: (line: string) => void;
}

const MAX_BODY_BYTES = 1 << 20;

/** Starts the server, prints `listening <host>:<port>` to stdout, resolves once it listens. */
export async function serveAsyncJson(route: AsyncJsonRoute, options: ServeAsyncOptions): Promise<Server> {
  const server = createServer((req, res) => {
    void answer(route, req).then((response) => {
      options.log(`${req.method} ${req.url} -> ${response.status}${response.log ? ` ${response.log}` : ""}`);
      res.writeHead(response.status, { "content-type": "application/json" });
      res.end(JSON.stringify(response.body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  process.stdout.write(`listening ${options.host}:${(server.address() as AddressInfo).port}\n`);
  return server;
}

async function answer(route: AsyncJsonRoute, req: IncomingMessage): Promise<JsonResponse> {
  let body: unknown;
  try {
    const text = await readBody(req);
    body = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    return { status: 400, body: { error: "bad-request" } };
  }
  const url = new URL(req.url ?? "/", "http://service");
  try {
    return await route({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, body });
  } catch (error) {
    return { status: 500, body: { error: "internal" }, log: error instanceof Error ? error.message : String(error) };
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("body too large"));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
