/**
 * A tiny JSON-over-HTTP server shared by our Node services. A service is a
 * route function from a parsed request to a status and a JSON body; this
 * file owns the sockets, body parsing, terse request logging and the
 * `listening <host>:<port>` line the harness and tests wait for.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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

/**
 * Routes one request; may answer later (a quorum coordinator waits for its
 * peers). A throw or a rejection is answered with 500.
 */
export type JsonRoute = (request: JsonRequest) => JsonResponse | Promise<JsonResponse>;

/** Where and how to listen. */
export interface ServeJsonOptions {
  readonly host: string;
  readonly port: number;
  /** Receives one terse line per request; default stderr. */
  readonly log?: (line: string) => void;
  /** Receives the `listening <host>:<port>` line; default stdout. */
  readonly announce?: (line: string) => void;
}

const MAX_BODY_BYTES = 1 << 20;

/**
 * Starts the server and resolves once it listens, after printing exactly one
 * line `listening <host>:<port>` to stdout (the actual port when `port` is 0)
 * unless `announce` takes it.
 */
export async function serveJson(route: JsonRoute, options: ServeJsonOptions): Promise<Server> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const server = createServer((req, res) => {
    readBody(req).then(
      async (text) => {
        const answer = await answerRequest(route, req, text);
        log(`${req.method} ${req.url} -> ${answer.status}${answer.log ? ` ${answer.log}` : ""}`);
        sendJson(res, answer.status, answer.body);
      },
      (error: unknown) => {
        log(`${req.method} ${req.url} -> 400 ${String(error)}`);
        sendJson(res, 400, { error: "bad-request" });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const announce = options.announce ?? ((line: string) => process.stdout.write(`${line}\n`));
  announce(`listening ${options.host}:${address.port}`);
  return server;
}

/** Answers with a Content-Length, so the answer goes out in one piece rather than chunked. */
function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function answerRequest(route: JsonRoute, req: IncomingMessage, text: string): Promise<JsonResponse> {
  const url = new URL(req.url ?? "/", "http://service");
  let body: unknown;
  try {
    body = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    return { status: 400, body: { error: "bad-json" } };
  }
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

/** Reads a string field of a JSON object body, or undefined. */
export function stringField(body: unknown, name: string): string | undefined {
  const v = isRecord(body) ? body[name] : undefined;
  return typeof v === "string" && v.length > 0 ? v : undefined;
}

/** Reads a field of a JSON object body, whatever its type. */
export function field(body: unknown, name: string): unknown {
  return isRecord(body) ? body[name] : undefined;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Closes the server on SIGTERM/SIGINT and exits 0 (program entry points only). */
export function exitOnSignals(server: Server): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      server.close();
      server.closeAllConnections();
      process.exit(0);
    });
  }
}
